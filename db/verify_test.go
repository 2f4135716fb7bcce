package db

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/motamed/motamed/rules"
)

// A random walk of appends (legal and not), undos and restarts: after every
// step the cached state equals a replay of the stored log.
func init() {
	register(conformanceCase{name: "CachedStateAlwaysEqualsReplay", fn: testCachedStateAlwaysEqualsReplay})
}

func testCachedStateAlwaysEqualsReplay(t *testing.T, e *testEngine) {
	s := e.open(t)
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 11))
	var ms []*Match
	for i := 0; i < 4; i++ {
		ms = append(ms, newCounterMatch(t, s, 2+i%3))
	}
	for step := 0; step < 400; step++ {
		m := ms[rng.IntN(len(ms))]
		cur, err := s.GetMatch(ctx, m.ID)
		if err != nil {
			t.Fatal(err)
		}
		switch k := rng.IntN(10); {
		case k < 7:
			seat := rng.IntN(len(m.Seats))
			_, err = s.Append(ctx, m.ID, add(m.Seats[seat].PlayerID, rng.IntN(5)), AppendOptions{})
			var v *rules.ViolationError
			if err != nil && !errors.As(err, &v) && !errors.Is(err, rules.ErrFinished) {
				t.Fatalf("step %d: %v", step, err)
			}
		case k < 9:
			if _, err = s.Undo(ctx, m.ID, AppendOptions{}); err != nil && !errors.Is(err, ErrNothingToUndo) {
				t.Fatalf("step %d: undo: %v", step, err)
			}
		default:
			s.cache.drop(cur.ID) // a cache miss: the next read rebuilds it
		}
		if err := s.VerifyCache(ctx); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
	}
}
