package db

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// syncBuffer is a log sink safe for the store's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (w *syncBuffer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

func (w *syncBuffer) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

// A match whose log was changed behind the store's back is a *ReplayError
// on every read, not what the rules said of the changed event (which the
// API would answer as the caller's fault); a list flags it and goes on; and
// it is logged once, however often it is read.
func TestUnreplayableMatchLoggedOnce(t *testing.T) {
	ctx := context.Background()
	var logs syncBuffer
	s, err := Open(ctx, Config{DSN: filepath.Join(t.TempDir(), "u.db"), Logger: slog.New(slog.NewTextHandler(&logs, nil))},
		rules.NewRegistry(rulestest.Counter()))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	m := newCounterMatchWith(t, s, 2, json.RawMessage(`{"target":1000}`))
	good := newCounterMatchWith(t, s, 2, nil)
	if _, err := s.Append(ctx, m.ID, add(m.Seats[0].PlayerID, 2), AppendOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.write.ExecContext(ctx, `UPDATE events SET data = '{"player":"nobody","n":2}' WHERE match_id = ?`, m.ID); err != nil {
		t.Fatal(err)
	}
	s.cache.drop(m.ID)
	for range 3 {
		var re *ReplayError
		if _, err := s.GetMatch(ctx, m.ID); !errors.As(err, &re) || re.MatchID != m.ID {
			t.Fatalf("read of the changed match: %v", err)
		}
		var in *rules.InputError
		if _, err := s.GetMatch(ctx, m.ID); errors.As(err, &in) {
			t.Fatal("the rules' error of a stored event reaches the caller")
		}
	}
	list, _, err := s.ListMatches(ctx, Reader{All: true}, MatchFilter{}, Page{Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	flagged := map[string]bool{}
	for _, it := range list {
		flagged[it.ID] = it.Unreplayable
	}
	if len(flagged) != 2 || !flagged[m.ID] || flagged[good.ID] {
		t.Fatalf("flags %v", flagged)
	}
	if n := strings.Count(logs.String(), "does not replay"); n != 1 {
		t.Fatalf("logged %d times:\n%s", n, logs.String())
	}
}
