package rules_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

func TestDecode(t *testing.T) {
	type inner struct {
		N int `json:"n"`
	}
	type target struct {
		Name  string  `json:"name"`
		Items []inner `json:"items"`
	}
	cases := []struct {
		in    string
		field string // "" for success
	}{
		{`{"name":"a","items":[{"n":1}]}`, ""},
		{``, ""},
		{`  `, ""},
		{`{"name":5}`, "data.name"},
		{`{"items":[{"n":"x"}]}`, "data.items.n"},
		{`{"nope":1}`, "data.nope"},
		{`{"name":"a"} trailing`, "data"},
		{`{"name":`, "data"},
		{`[1]`, "data"},
		{`{"items":[{"n":1.5}]}`, "data.items.n"},
	}
	for _, c := range cases {
		var v target
		err := rules.Decode([]byte(c.in), "data", &v)
		if c.field == "" {
			if err != nil {
				t.Errorf("%q: %v", c.in, err)
			}
			continue
		}
		var in *rules.InputError
		if !errors.As(err, &in) || in.Fields[0].Field != c.field || in.Fields[0].Message == "" {
			t.Errorf("%q: want a field error on %s, got %v", c.in, c.field, err)
		}
	}
}

func TestRank(t *testing.T) {
	ids := []string{"a", "b", "c", "d"}
	r := rules.Rank(ids, map[string]int{"a": 10, "b": 30, "c": 30, "d": 5}, true)
	got := fmt.Sprint(r.Placements)
	if got != "[{b 1} {c 1} {a 3} {d 4}]" || strings.Join(r.Winners, ",") != "b,c" {
		t.Fatalf("higher wins: %s %v", got, r.Winners)
	}
	r = rules.Rank(ids, map[string]int{"a": 10, "b": 30, "c": 30, "d": 5}, false)
	if fmt.Sprint(r.Placements) != "[{d 1} {a 2} {b 3} {c 3}]" {
		t.Fatalf("lower wins: %v", r.Placements)
	}
	k := rules.RankKeys(ids, func(id string) []int {
		return map[string][]int{"a": {1, 2}, "b": {1, 1}, "c": {0, 9}, "d": {1, 1}}[id]
	})
	if fmt.Sprint(k.Placements) != "[{c 1} {b 2} {d 2} {a 4}]" || len(k.Winners) != 1 {
		t.Fatalf("keys: %v", k.Placements)
	}
}

func TestEffectiveAndReplay(t *testing.T) {
	ev := func(typ string) rules.Event { return rules.Event{Type: typ} }
	log := []rules.Event{ev("a"), ev("b"), ev(rules.UndoType), ev("c"), ev(rules.UndoType), ev(rules.UndoType), ev(rules.UndoType), ev("d")}
	var got []string
	for _, e := range rules.Effective(log) {
		got = append(got, e.Type)
	}
	if strings.Join(got, "") != "d" {
		t.Fatalf("effective: %v", got)
	}
	g := rulestest.Counter()
	players := rulestest.Players(2)
	add := func(p string, n int) rules.Event {
		return rules.Event{Type: "add", Data: json.RawMessage(fmt.Sprintf(`{"player":%q,"n":%d}`, p, n))}
	}
	s, err := rules.Replay(g, players, nil, []rules.Event{add("p1", 2), add("p2", 3), {Type: rules.UndoType}, add("p2", 1)})
	if err != nil {
		t.Fatal(err)
	}
	if tot := s.Scores().Totals; tot["p1"] != 2 || tot["p2"] != 1 {
		t.Fatalf("replayed totals %v", tot)
	}
	if _, err := rules.Replay(g, players, nil, []rules.Event{add("p2", 1)}); err == nil {
		t.Fatal("a log the rules refuse replayed without error")
	}
}

func TestRegistryAndText(t *testing.T) {
	reg := rules.NewRegistry(rulestest.Counter())
	if _, ok := reg.Get("counter"); !ok {
		t.Fatal("counter not found")
	}
	if e, game, ok := reg.FindRule("COUNTER-ADD-1"); !ok || game != "counter" || e.Title.In("fa") == e.Title.In("en") {
		t.Fatalf("FindRule: %v %s %v", e, game, ok)
	}
	if rules.T("hi", "").In("fa") != "hi" {
		t.Fatal("Persian does not fall back to English")
	}
	defer func() {
		if recover() == nil {
			t.Fatal("a game registered twice was accepted")
		}
	}()
	rules.NewRegistry(rulestest.Counter(), rulestest.Counter())
}

func FuzzDecode(f *testing.F) {
	f.Add([]byte(`{"name":"a","items":[{"n":1}]}`))
	f.Add([]byte(`{"name":`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var v struct {
			Name  string           `json:"name"`
			Items []map[string]int `json:"items"`
		}
		err := rules.Decode(data, "data", &v)
		var in *rules.InputError
		if err != nil && !errors.As(err, &in) {
			t.Fatalf("Decode returned %T, not an *InputError: %v", err, err)
		}
		// A reused decoder gives what a fresh one gives: the same value or
		// the same error, however many values it decoded before.
		for range 3 {
			var again struct {
				Name  string           `json:"name"`
				Items []map[string]int `json:"items"`
			}
			err2 := rules.Decode(data, "data", &again)
			if fmt.Sprint(err) != fmt.Sprint(err2) {
				t.Fatalf("decoded twice: %v, then %v", err, err2)
			}
			if err == nil && !reflect.DeepEqual(v, again) {
				t.Fatalf("decoded twice: %+v, then %+v", v, again)
			}
			rules.Decode([]byte(`{"name":"x","items":[{"a":1},{"b":2}]}`), "data", &again)
		}
		if err == nil && len(bytes.TrimSpace(data)) > 0 { // Decode reads empty data as {}
			if fresh := rules.DecodeFresh(data, "data", &v); fresh != nil {
				t.Fatalf("a fresh decoder refuses what a reused one took: %v", fresh)
			}
		}
	})
}
