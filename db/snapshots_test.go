package db

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// For random logs with undos, corrections (replacements, voids, redos),
// evictions and restarts, the state a match is
// served from (its latest snapshot and the events after it) is always the
// full replay of its log, and `check` finds every stored snapshot right;
// also when states count as large and are stored further apart.
func TestSnapshotAndTailEqualFullReplay(t *testing.T) {
	t.Run("every 3 events", testSnapshotAndTailEqualFullReplay)
	t.Run("large states, further apart", func(t *testing.T) {
		defer func(b int64) { snapshotSpacingBytes = b }(snapshotSpacingBytes)
		snapshotSpacingBytes = 24 // a counter's state is 100-200 bytes: stored every 12 to 48 events
		testSnapshotAndTailEqualFullReplay(t)
	})
}

func testSnapshotAndTailEqualFullReplay(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "snap.db")
	open := func() *Store {
		s, err := Open(ctx, Config{DSN: path, SnapshotEvery: 3}, rules.NewRegistry(rulestest.Counter()))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	s := open()
	defer func() { s.Close() }()
	r := rand.New(rand.NewPCG(7, 11))
	var ms []*Match
	for range 4 {
		ms = append(ms, newCounterMatchWith(t, s, 2+r.IntN(3), json.RawMessage(`{"target":1000}`)))
	}
	game, _ := s.games.Get("counter")
	for step := range 900 {
		m := ms[r.IntN(len(ms))]
		cur, err := s.GetMatch(ctx, m.ID)
		if err != nil {
			t.Fatal(err)
		}
		switch k := r.IntN(10); {
		case k < 3 && cur.Version > 0:
			if _, err := s.Undo(ctx, m.ID, AppendOptions{}); err != nil && err != ErrNothingToUndo {
				t.Fatal(err)
			}
		case k == 3:
			s.cache.drop(m.ID) // evicted
		case k == 5 && cur.Version > 0:
			// A correction anywhere in the log; one the rules refuse
			// changes nothing, which the check below sees too.
			log, err := s.Events(ctx, m.ID)
			if err != nil {
				t.Fatal(err)
			}
			e := log[r.IntN(len(log))]
			switch r.IntN(3) {
			case 0:
				var d struct{ Player string }
				_ = json.Unmarshal(e.Data, &d)
				_, _ = s.Replace(ctx, m.ID, e.Seq, add(d.Player, 1+r.IntN(3)), AppendOptions{})
			case 1:
				_, _ = s.Void(ctx, m.ID, e.Seq, AppendOptions{})
			default:
				_, _ = s.Redo(ctx, m.ID, AppendOptions{})
			}
		case k == 4 && step%50 == 0:
			s.Close() // restarted
			s = open()
		default:
			turn := cur.State.(*rulestest.CounterState).Turn
			if _, err := s.Append(ctx, m.ID, add(cur.Seats[turn].PlayerID, 1+r.IntN(3)), AppendOptions{}); err != nil {
				t.Fatal(err)
			}
		}
		s.cache.drop(m.ID)
		served, err := s.GetMatch(ctx, m.ID)
		if err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		log, err := s.Events(ctx, m.ID)
		if err != nil {
			t.Fatal(err)
		}
		full, err := rules.Replay(game, served.Players(), served.Options, effectiveEvents(log))
		if err != nil {
			t.Fatal(err)
		}
		a, _ := rules.Fingerprint(served.State)
		b, _ := rules.Fingerprint(full)
		if !bytes.Equal(a, b) || served.Version != int64(len(log)) {
			t.Fatalf("step %d, match %s v%d: served\n%s\nfull replay\n%s", step, m.ID, served.Version, a, b)
		}
	}
	var snaps int
	if err := s.read.QueryRow(`SELECT COUNT(*) FROM match_snapshots`).Scan(&snaps); err != nil || snaps == 0 {
		t.Fatalf("%d snapshots stored (%v)", snaps, err)
	}
	if snapshotSpacingBytes < 100 {
		// No match finished: every snapshot is at a boundary of 12 or more.
		var close int
		if err := s.read.QueryRow(`SELECT COUNT(*) FROM match_snapshots WHERE seq % 12 <> 0`).Scan(&close); err != nil || close > 0 {
			t.Fatalf("%d snapshots stored between boundaries 12 events apart (%v)", close, err)
		}
	}
	rep, err := s.Check(ctx)
	if err != nil || len(rep.Problems) > 0 {
		t.Fatalf("check: %v %v", rep.Problems, err)
	}
	// A snapshot that lies is found by check, and one written by other
	// rules is never read.
	var broken string
	if err := s.read.QueryRow(`SELECT match_id FROM match_snapshots LIMIT 1`).Scan(&broken); err != nil {
		t.Fatal(err)
	}
	if _, err := s.write.Exec(`UPDATE match_snapshots SET state = ? WHERE match_id = ?`, []byte{1, 2}, broken); err != nil {
		t.Fatal(err)
	}
	if rep, err := s.Check(ctx); err != nil || len(rep.Problems) == 0 {
		t.Fatalf("check found nothing wrong in a broken snapshot: %v", err)
	}
	if _, err := s.write.Exec(`UPDATE match_snapshots SET version = 'other rules'`); err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		s.cache.drop(m.ID)
		if _, err := s.GetMatch(ctx, m.ID); err != nil {
			t.Fatal(err)
		}
	}
	if rep, err := s.Check(ctx); err != nil || len(rep.Problems) > 0 {
		t.Fatalf("check: %v %v", rep.Problems, err)
	}
}

// A state is stored half as often for each doubling of its size past
// snapshotSpacingBytes, at multiples of SnapshotEvery.
func TestSnapshotSpacingGrowsWithTheState(t *testing.T) {
	s := &Store{cfg: Config{SnapshotEvery: 256}}
	for _, c := range []struct{ bytes, want int64 }{
		{0, 256}, {100 << 10, 256}, {256 << 10, 256}, {256<<10 + 1, 512}, {1190 << 10, 2048}, {4 << 20, 4096},
	} {
		if got := s.snapshotSpacing(&Match{size: c.bytes * heapPerSnapshotByte}); got != c.want {
			t.Errorf("a %d-byte state: stored every %d events, want %d", c.bytes, got, c.want)
		}
	}
}
