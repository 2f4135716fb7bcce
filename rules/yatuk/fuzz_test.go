package yatuk

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

var fuzzTypes = []string{"card_played", "spell_played", "card_burned", "battle_declared", "battle_resolved", "turn_ended", "bogus"}

// fuzzStates are reachable states: fresh 2- and 3-player games, a forced
// battle due, a declared battle due, armies with face-down cards, a finished
// match and a declared-resolution match.
func fuzzStates(t testing.TB) []*State {
	g := New()
	var out []*State
	build := func(n int, options string, events ...rules.Event) {
		s, _, err := g.Setup(rulestest.Players(n), json.RawMessage(options))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, s.(*State))
		for _, ev := range events {
			s, _, err = g.Apply(s, ev)
			if err != nil {
				t.Fatalf("%s %s: %v", ev.Type, ev.Data, err)
			}
			out = append(out, s.(*State))
		}
	}
	ev := func(typ, data string) rules.Event { return rules.Event{Type: typ, Data: json.RawMessage(data)} }
	w := `{"kind":"wizard","colors":["red"],"power":5}`
	build(2, cap1,
		ev("card_played", `{"player":"p1","land":"vipas","card":`+w+`}`),
		ev("card_played", `{"player":"p2","land":"vipas","card":`+w+`}`),
		ev("card_played", `{"player":"p2","land":"gomati","card":`+w+`}`),
		ev("battle_resolved", `{"land":"vipas","armies":{"p1":[`+w+`],"p2":[`+w+`]}}`),
		ev("card_played", `{"player":"p1","land":"gomati","card":`+w+`}`),
	)
	build(3, `{"capacities":{"vipas":4,"vitasta":3,"parushni":3,"sutudri":3},"chain_resolution":"declared"}`,
		ev("card_played", `{"player":"p1","land":"vipas","card":`+w+`}`),
		ev("card_played", `{"player":"p2","land":"vipas","card":`+w+`}`),
		ev("card_burned", `{"player":"p3"}`),
		ev("card_played", `{"player":"p1","land":"vipas","card":{"kind":"monster","colors":["red"],"power":9}}`),
		ev("card_burned", `{"player":"p2"}`),
		ev("spell_played", `{"player":"p3","spell":"extra_plays","extra_plays":1}`),
		ev("card_played", `{"player":"p3","land":"gomati","card":`+w+`}`),
		ev("card_played", `{"player":"p1","land":"vipas"}`),
		ev("card_burned", `{"player":"p2"}`),
		ev("card_burned", `{"player":"p3"}`),
		ev("card_played", `{"player":"p1","land":"vipas"}`),
		ev("card_burned", `{"player":"p2"}`),
		ev("card_burned", `{"player":"p3"}`),
		ev("battle_declared", `{"player":"p1","land":"vipas"}`),
	)
	// A finished match.
	fin := out[len(out)-1].clone()
	fin.Finished, fin.Phase = true, PhaseFinished
	out = append(out, fin)
	return out
}

func checkApply(t *testing.T, s *State, typ string, data []byte) {
	before := s.clone()
	next, _, err := New().Apply(s, rules.Event{Type: typ, Data: data})
	if !reflect.DeepEqual(before, s) {
		t.Fatalf("Apply modified its input on %s %s", typ, data)
	}
	if err == nil {
		if next == nil {
			t.Fatalf("nil state without error")
		}
		rulestest.CheckStateJSON(t, next, typ)
		return
	}
	var in *rules.InputError
	var v *rules.ViolationError
	if !errors.As(err, &in) && !errors.As(err, &v) && !errors.Is(err, rules.ErrFinished) && !errors.Is(err, rules.ErrUnknownEvent) {
		t.Fatalf("%s %s: unexpected error kind: %v", typ, data, err)
	}
}

func FuzzApply(f *testing.F) {
	states := fuzzStates(f)
	for i, typ := range fuzzTypes {
		for _, e := range New().Info().Events {
			if e.Type == typ {
				f.Add(uint8(i), uint8(0), []byte(e.Example))
			}
		}
	}
	f.Add(uint8(4), uint8(3), []byte(`{"land":"vipas","armies":{"p1":[{"kind":"wizard","colors":["red"],"power":5}],"p2":[{"kind":"wizard","colors":["red"],"power":5}]},"carrier":1}`))
	f.Add(uint8(1), uint8(9), []byte(`{"player":"p2","spell":"night_raid","target":"p1","land":"vipas","revealed":[{"kind":"spell"}]}`))
	f.Add(uint8(4), uint8(19), []byte(`{"land":"vipas","armies":{"p1":[{"kind":"wizard","colors":["red"],"power":5},{"kind":"monster","colors":["red"],"power":9},{"kind":"spell"},{"kind":"demon","colors":["red"],"power":9}],"p2":[{"kind":"wizard","colors":["red"],"power":5}]},"links":{"p1":[null,1,null,2],"p2":[null]}}`))
	f.Fuzz(func(t *testing.T, typ uint8, state uint8, data []byte) {
		s := states[int(state)%len(states)]
		checkApply(t, s, fuzzTypes[int(typ)%len(fuzzTypes)], data)
	})
}

func fuzzReferee(f *testing.F, q string, seeds ...string) {
	var r rules.Referee
	for _, x := range New().Referees() {
		if x.Question == q {
			r = x
		}
	}
	f.Add([]byte(r.Example))
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		ans, err := r.Ask(body)
		if err == nil {
			if _, err := json.Marshal(ans); err != nil {
				t.Fatal(err)
			}
			return
		}
		var in *rules.InputError
		var v *rules.ViolationError
		if !errors.As(err, &in) && !errors.As(err, &v) {
			t.Fatalf("unexpected error kind: %v", err)
		}
	})
}

func FuzzRefereeArmy(f *testing.F) {
	fuzzReferee(f, "army",
		`{"cards":[{"kind":"wizard","colors":["red"],"power":4},{"kind":"monster","colors":["red"],"power":10}],"chain_resolution":"declared","links":[null,1]}`,
		`{"cards":[{"kind":"spell"},{"kind":"demon","colors":["red","blue","green","yellow"],"power":3}],"gems":["white","red"],"white_gem_color":"blue"}`)
}

func FuzzRefereeBattle(f *testing.F) {
	fuzzReferee(f, "battle",
		`{"land":"vipas","armies":{"a":[{"kind":"wizard","colors":["red"],"power":5}],"b":[{"kind":"wizard","colors":["red"],"power":5}],"c":[{"kind":"wizard","colors":["red"],"power":5}]},"declared_by":"a","current_player":"a","players":["c","b","a"],"gems":{"a":["white"]},"white_gem_color":"red"}`)
}

// The fuzz targets' seeds run as ordinary tests; this also sweeps every
// state with every example.
func TestApplyNeverPanics(t *testing.T) {
	for _, s := range fuzzStates(t) {
		for _, typ := range fuzzTypes {
			for _, e := range New().Info().Events {
				checkApply(t, s, typ, e.Example)
			}
			checkApply(t, s, typ, []byte(`{"player":"p1","land":"vipas","armies":{"p1":[]},"spell":"betrayal","target":"p2","cards":[1,2]}`))
			checkApply(t, s, typ, []byte(`null`))
			checkApply(t, s, typ, []byte(`[`))
		}
	}
}
