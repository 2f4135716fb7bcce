package db

import (
	"context"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
)

// TestBackupWhileWriting copies the database while appends go on; the copy
// opens, passes Check, and holds a consistent prefix of the log.
func TestBackupWhileWriting(t *testing.T) {
	s := openTest(t, "")
	ctx := context.Background()
	m := newCounterMatch(t, s, 2)
	m2 := newCounterMatch(t, s, 2)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var appended atomic.Int64
	for _, match := range []*Match{m, m2} {
		wg.Add(1)
		go func(match *Match) {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				if i >= 18 { // stay below the target of 10 each
					return
				}
				if _, err := s.Append(ctx, match.ID, add(match.Seats[i%2].PlayerID, 1), AppendOptions{}); err != nil {
					t.Error(err)
					return
				}
				appended.Add(1)
			}
		}(match)
	}
	out := filepath.Join(t.TempDir(), "backup.db")
	if err := s.Backup(ctx, out); err != nil {
		t.Fatal(err)
	}
	close(stop)
	wg.Wait()
	if err := s.Backup(ctx, out); err == nil {
		t.Fatal("backup overwrote an existing file")
	}
	b := openTest(t, out)
	rep, err := b.Check(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() || rep.Matches != 2 {
		t.Fatalf("backup check: %+v", rep)
	}
}

func init() {
	register(conformanceCase{name: "CheckFindsTampering", fn: testCheckFindsTampering})
}

func testCheckFindsTampering(t *testing.T, e *testEngine) {
	s := e.open(t)
	ctx := context.Background()
	m := newCounterMatch(t, s, 2)
	for i := 0; i < 4; i++ {
		if _, err := s.Append(ctx, m.ID, add(m.Seats[i%2].PlayerID, 1), AppendOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	rep, err := s.Check(ctx)
	if err != nil || !rep.OK() || rep.Events != 4 {
		t.Fatalf("clean check: %+v %v", rep, err)
	}
	// A stored status that the log does not support is found.
	exec(t, s, `UPDATE matches SET status = 'finished' WHERE id = ?`, m.ID)
	rep, _ = s.Check(ctx)
	if rep.OK() || len(rep.Problems) != 1 {
		t.Fatalf("tampered status not found: %+v", rep)
	}
	// So is an event whose data the rules now reject.
	exec(t, s, `UPDATE events SET data = '{"player":"x","n":1}' WHERE match_id = ? AND seq = 2`, m.ID)
	rep, _ = s.Check(ctx)
	if rep.OK() {
		t.Fatalf("tampered event not found: %+v", rep)
	}
	// And a gap in the log, by the engine's integrity check too.
	exec(t, s, `DELETE FROM events WHERE match_id = ? AND seq = 3`, m.ID)
	rep, _ = s.Check(ctx)
	if rep.OK() || (e.name == enginePostgres && rep.Integrity == "ok") {
		t.Fatalf("gap not found: %+v", rep)
	}
}
