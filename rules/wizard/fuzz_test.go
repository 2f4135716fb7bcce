package wizard

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

var fuzzTypes = []string{evRoundStarted, evHandDealt, evBid, evTrick, evTricks, "undo", ""}

// fuzzStates are reachable states that exercise every phase.
func fuzzStates(t testing.TB) []*State {
	s0 := setup(t, 3, `{"bid_total_rule":"dealer_must_break","revoke_penalty":"fixed_points"}`)
	bidding, _ := apply(t, skipRounds(t, s0, 2), evRoundStarted, m{"trump": "red", "trump_card": "red-7"})
	withHand, _ := apply(t, bidding, evHandDealt, m{"player": "p1", "cards": []string{"blue-5", "wizard", "green-1"}})
	playing := startRound(t, skipRounds(t, s0, 2), "none", 1, 1, 2)
	midRound, _ := apply(t, playing, evTrick, playsOf("p1", "blue-5", "p2", "red-3", "p3", "blue-9"))
	withHand = do(t, withHand, ev(evBid, m{"player": "p1", "bid": 1}), ev(evBid, m{"player": "p2", "bid": 0}))
	last := skipRounds(t, setup(t, 6, ""), 9)
	finished := skipRounds(t, setup(t, 3, `{"rounds":1}`), 1)
	return []*State{s0, bidding, withHand, playing, midRound, last, finished}
}

// FuzzApply: Apply never panics, never changes its input, and fails only
// with the error kinds of the contract.
func FuzzApply(f *testing.F) {
	for i, e := range New().Info().Events {
		f.Add(uint8(i), uint8(i), []byte(e.Example))
	}
	f.Add(uint8(3), uint8(4), []byte(`{"plays":[{"player":"p3","card":"green-2"},{"player":"p1","card":"green-7"},{"player":"p2","card":"blue-1"}]}`))
	f.Add(uint8(4), uint8(4), []byte(`{"won":{"p1":1,"p2":1,"p3":1}}`))
	f.Add(uint8(2), uint8(2), []byte(`{"player":"p3","bid":2}`))
	f.Add(uint8(1), uint8(1), []byte(`{"player":"p2","cards":["red-7","wizard","wizard"]}`))
	f.Add(uint8(0), uint8(5), []byte(`{"round":10,"trump":"none"}`))
	states := fuzzStates(f)
	f.Fuzz(func(t *testing.T, typ, which uint8, data []byte) {
		s := states[int(which)%len(states)]
		before, _ := rules.Fingerprint(s)
		next, _, err := New().Apply(s, rules.Event{Type: fuzzTypes[int(typ)%len(fuzzTypes)], Data: data})
		if after, _ := rules.Fingerprint(s); !bytes.Equal(before, after) {
			t.Fatalf("Apply changed its input state")
		}
		wantErrKind(t, err)
		if err == nil {
			if next == nil {
				t.Fatal("nil state without an error")
			}
			rulestest.CheckStateJSON(t, next, "after the event")
			next.Scores()
			next.Result()
			next.Next()
		}
	})
}

func fuzzReferee(f *testing.F, question string, seeds ...string) {
	r := referee(f, question)
	f.Add([]byte(r.Example))
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		got, err := r.Ask(body)
		var v *rules.ViolationError
		var in *rules.InputError
		switch {
		case err == nil:
			if _, err := json.Marshal(got); err != nil {
				t.Fatal(err)
			}
		case errors.As(err, &v), errors.As(err, &in):
		default:
			t.Fatalf("unexpected error kind %T: %v", err, err)
		}
	})
}

func FuzzTrickReferee(f *testing.F) {
	fuzzReferee(f, "trick", `{"trump":"none","plays":["jester","jester","jester"]}`, `{"trump":"red","plays":["wizard"]}`)
}

func FuzzPlayReferee(f *testing.F) {
	fuzzReferee(f, "play", `{"trick":["jester","wizard"],"hand":["blue-9","red-2"],"card":"red-2"}`, `{"hand":["blue-9"],"card":"red-2"}`)
}

// TestFuzzStatesReachable keeps the fuzz states honest: each is a valid
// state in a distinct phase.
func TestFuzzStatesReachable(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range fuzzStates(t) {
		seen[s.Phase] = true
	}
	for _, p := range []string{phaseDeal, phaseBidding, phasePlaying, phaseFinished} {
		if !seen[p] {
			t.Errorf("no fuzz state in phase %s", p)
		}
	}
}
