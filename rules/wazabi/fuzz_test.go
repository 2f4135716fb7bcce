package wazabi

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// fuzzStates are reachable states: fresh tables, a turn in each phase, team
// play, play to the last with a player out, a tournament's second hand.
func fuzzStates(t testing.TB) []*State {
	var out []*State
	r := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct {
		n     int
		opts  map[string]any
		steps int
	}{
		{3, nil, 0},
		{5, map[string]any{"first_player": "p2"}, 1},
		{4, map[string]any{"teams": [][]string{{"p1", "p3"}, {"p2", "p4"}}}, 3},
		{2, map[string]any{"starting_dice": 12}, 25},
		{6, map[string]any{"play_to_last": true, "starting_dice": 2}, 60},
		{3, map[string]any{"hands": 3, "starting_dice": 1}, 12},
	} {
		s := setup(t, rulestest.Players(c.n), c.opts)
		out = append(out, s)
		for k := 0; k < c.steps && !s.Over; k++ {
			next, _, err := New().Apply(s, randomEvent(r, s))
			if err != nil {
				t.Fatal(err)
			}
			s = next.(*State)
			out = append(out, s)
		}
	}
	return out
}

func FuzzApply(f *testing.F) {
	states := fuzzStates(f)
	for _, ev := range New().Info().Events {
		for i := range states {
			if i%4 == 0 {
				f.Add(uint8(i), ev.Type, []byte(ev.Example))
			}
		}
	}
	f.Add(uint8(3), "cards_drawn", []byte(`{"player":"p1","count":3,"from":["p2","p2","p2"]}`))
	f.Add(uint8(9), "card_played", []byte(`{"player":"p2","card":"pass_dice","direction":"left"}`))
	f.Add(uint8(1), "opening_roll", []byte(`{"w":{"p1":1e9}}`))
	f.Fuzz(func(t *testing.T, which uint8, typ string, data []byte) {
		s := states[int(which)%len(states)]
		before, _ := rules.Fingerprint(s)
		next, _, err := New().Apply(s, rules.Event{Type: typ, Data: data})
		if after, _ := rules.Fingerprint(s); !bytes.Equal(before, after) {
			t.Fatalf("Apply changed its input on %s %s", typ, data)
		}
		if err != nil {
			var v *rules.ViolationError
			var in *rules.InputError
			if !errors.As(err, &v) && !errors.As(err, &in) && !errors.Is(err, rules.ErrFinished) && !errors.Is(err, rules.ErrUnknownEvent) {
				t.Fatalf("unexpected error type %T: %v", err, err)
			}
			return
		}
		checkInvariants(t, next.(*State), typ+" "+string(data))
		rulestest.CheckStateJSON(t, next, typ)
		_ = next.Scores()
		_ = next.Result()
		_ = next.Next()
	})
}

func FuzzTurnReferee(f *testing.F) {
	ref := turnReferee(f)
	f.Add([]byte(ref.Example))
	f.Add([]byte(`{"dice":2,"cards":0,"rolled":{"w":0,"card":0,"give":2},"play":{"card":"lose_a_die"},"players":4}`))
	f.Add([]byte(`{"dice":24,"cards":36,"rolled":{"w":24,"card":0,"give":0}}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		out, err := ref.Ask(body)
		if err != nil {
			var v *rules.ViolationError
			var in *rules.InputError
			if !errors.As(err, &v) && !errors.As(err, &in) {
				t.Fatalf("unexpected error type %T: %v", err, err)
			}
			return
		}
		if _, err := json.Marshal(out); err != nil {
			t.Fatal(err)
		}
	})
}
