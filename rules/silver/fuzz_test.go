package silver

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// fuzzStates are reachable states covering every phase.
func fuzzStates(t testing.TB) []*State {
	fresh := setup(t, seat("a", "b", "c"), "")
	points := setup(t, seat("a", "b"), `{"end":"points"}`)
	return []*State{
		fresh,
		play(t, fresh, turn("a"), census("b", 3), turn("c")),
		play(t, fresh, census("c", 2)),
		play(t, fresh, ended(villages3, "deck_empty")),
		play(t, points, ended(`{"a":[13,13,12,12,11,11,11,11],"b":[1]}`, "deck_empty")),
		play(t, setup(t, seat("a", "b"), `{"rounds":1}`), ended(`{"a":[1],"b":[2]}`, "deck_empty")),
	}
}

func FuzzApply(f *testing.F) {
	for _, e := range New().Info().Events {
		f.Add(e.Type, []byte(e.Example), uint8(0))
		f.Add(e.Type, []byte(e.Example), uint8(1))
	}
	f.Add(EventRoundEnded, []byte(`{"villages":`+villages3+`,"reason":"census"}`), uint8(1))
	f.Add(EventRoundEnded, []byte(`{"villages":{"a":[12,12,13,13],"b":[0]},"reason":"villagers"}`), uint8(4))
	f.Add(EventTurnTaken, []byte(`{"player":"c","action":"census","village_size":2}`), uint8(2))
	f.Add(EventRoundStarted, []byte(`{"round":2,"first_player":"a"}`), uint8(3))
	f.Add("undo", []byte(`null`), uint8(5))
	states := fuzzStates(f)
	f.Fuzz(func(t *testing.T, typ string, data []byte, which uint8) {
		s := states[int(which)%len(states)]
		before, _ := rules.Fingerprint(s)
		next, _, err := New().Apply(s, rules.Event{Type: typ, Data: data})
		if after, _ := rules.Fingerprint(s); !bytes.Equal(before, after) {
			t.Fatalf("Apply modified its input state on %s %q", typ, data)
		}
		if err != nil {
			var in *rules.InputError
			var v *rules.ViolationError
			if !errors.As(err, &in) && !errors.As(err, &v) && !errors.Is(err, rules.ErrFinished) && !errors.Is(err, rules.ErrUnknownEvent) {
				t.Fatalf("unexpected error kind %T: %v", err, err)
			}
			if v != nil {
				for _, r := range v.Rulings {
					if r.Rule == "" || r.Message.EN == "" || r.Message.FA == "" {
						t.Fatalf("incomplete ruling %+v", r)
					}
				}
			}
			return
		}
		if next == nil {
			t.Fatal("nil state without an error")
		}
		rulestest.CheckStateJSON(t, next, "after the event")
		next.Scores()
		next.Next()
	})
}

func fuzzReferee(f *testing.F, question string, seeds ...string) {
	var ask func(json.RawMessage) (any, error)
	for _, r := range New().Referees() {
		if r.Question == question {
			ask = r.Ask
			f.Add([]byte(r.Example))
		}
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		ans, err := ask(body)
		if err != nil {
			var in *rules.InputError
			var v *rules.ViolationError
			if !errors.As(err, &in) && !errors.As(err, &v) {
				t.Fatalf("unexpected error kind %T: %v", err, err)
			}
			return
		}
		if _, err := json.Marshal(ans); err != nil {
			t.Fatalf("answer does not marshal: %v", err)
		}
	})
}

func FuzzRefereeRound(f *testing.F) {
	fuzzReferee(f, "round",
		`{"players":["A","B","C"],"villages":{"A":[12,13,12,13],"B":[1,1,2],"C":[9]},"census_by":"B","first_player":"C","amulet_holder":"C","totals_before":{"A":70,"B":50,"C":30},"options":{"end":"points"}}`,
		`{"players":["a","b"],"villages":{"a":[1],"b":[1]},"first_player":"a","round":4}`)
}

func FuzzRefereeSwap(f *testing.F) {
	fuzzReferee(f, "swap",
		`{"village":[13,null,2],"selected":[1,3],"drawn":5,"source":"discard"}`,
		`{"village":[null],"selected":[1],"drawn":0}`)
}
