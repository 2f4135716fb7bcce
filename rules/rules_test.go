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
		{`{"items":[{"n":"x"}]}`, "data.items[0].n"},
		{`{"nope":1}`, "data.nope"},
		{`{"name":"a"} trailing`, "data"},
		{`{"name":`, "data"},
		{`[1]`, "data"},
		{`{"items":[{"n":1.5}]}`, "data.items[0].n"},
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

// FuzzDecode: Decode gives an *InputError or a value, and every value it
// gives is the one encoding/json gives (it matches names in any case and
// takes duplicates and bad UTF-8, so it accepts all Decode accepts).
func FuzzDecode(f *testing.F) {
	f.Add([]byte(`{"name":"a","items":[{"n":1}]}`))
	f.Add([]byte(`{"name":`))
	f.Add([]byte(`{"NAME":"a"}`))
	type value struct {
		Name  string           `json:"name"`
		Items []map[string]int `json:"items"`
		N     *int             `json:"n,omitempty"`
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var v value
		err := rules.Decode(data, "data", &v)
		var in *rules.InputError
		if err != nil {
			if !errors.As(err, &in) || len(in.Fields) == 0 || !strings.HasPrefix(in.Fields[0].Field, "data") {
				t.Fatalf("Decode returned %T %v, not an *InputError on data", err, err)
			}
			return
		}
		if len(bytes.TrimSpace(data)) == 0 { // Decode reads empty data as {}
			return
		}
		var old value
		if err := json.Unmarshal(data, &old); err != nil {
			t.Fatalf("Decode took %q, encoding/json refuses it: %v", data, err)
		}
		if !reflect.DeepEqual(v, old) {
			t.Fatalf("%q: Decode gives %+v, encoding/json %+v", data, v, old)
		}
	})
}

func TestDecodeIsStrict(t *testing.T) {
	type item struct {
		Card string `json:"card"`
	}
	type value struct {
		Player string         `json:"player"`
		N      int            `json:"n"`
		Plays  []item         `json:"plays"`
		By     map[string]int `json:"by"`
	}
	cases := []struct{ data, field, en, fa string }{
		{`{"PLAYER":"a"}`, "data.PLAYER", "is not a known field", "شناخته‌شده"},
		{`{"player":"a","Player":"b"}`, "data.Player", "is not a known field", ""},
		{`{"plays":[{"card":"x"},{"Card":"y"}]}`, "data.plays[1].Card", "is not a known field", ""},
		{`{"player":"a","player":"b"}`, "data.player", "appears twice", "دو بار"},
		{`{"by":{"p1":1,"p1":2}}`, "data.by.p1", "appears twice", ""},
		{"{\"player\":\"\xff\"}", "data.player", "UTF-8", "UTF-8"},
		{`{"n":"3"}`, "data.n", "must be a whole number, not text", "عدد صحیح"},
		{`{"n":1.5}`, "data.n", "must be a whole number, not number 1.5", ""},
		{`{"plays":{}}`, "data.plays", "must be a list, not an object", "فهرست"},
		{`{"n":1} {}`, "data", "nothing after it", ""},
		{`{"n":`, "data", "ends too early", ""},
		{`{"n":1,}`, "data", "not valid JSON", "معتبر"},
	}
	for _, c := range cases {
		var v value
		err := rules.Decode([]byte(c.data), "data", &v)
		var in *rules.InputError
		if !errors.As(err, &in) || len(in.Fields) != 1 {
			t.Errorf("%s: %v, want one field error", c.data, err)
			continue
		}
		f := in.Fields[0]
		if f.Field != c.field || !strings.Contains(f.Message, c.en) || !strings.Contains(f.In("fa").Message, c.fa) || f.MessageFA == "" {
			t.Errorf("%s: %s: %q / %q, want %s: %q / %q", c.data, f.Field, f.Message, f.MessageFA, c.field, c.en, c.fa)
		}
	}
	var v value
	if err := rules.Decode([]byte(`{"player":"a","n":2,"plays":[{"card":"x"}],"by":{"P1":1,"p1":2}}`), "data", &v); err != nil || v.By["P1"] != 1 || v.N != 2 {
		t.Fatalf("exact names refused: %v %+v", err, v)
	}
}

// A log stored when names were matched in any case replays to the state it
// always gave, though the same event is refused when it is sent now.
func TestReplayReadsStoredSpelling(t *testing.T) {
	g := rulestest.Counter()
	players := rulestest.Players(2)
	s0, _, err := g.Setup(players, nil)
	if err != nil {
		t.Fatal(err)
	}
	stored := rules.Event{Type: "add", Data: json.RawMessage(`{"PLAYER":"p1","N":2}`)}
	if _, _, err := g.Apply(s0, stored); err == nil {
		t.Fatal("a name in another case was accepted")
	}
	log := []rules.Event{stored, {Type: "add", Data: json.RawMessage(`{"player":"p2","n":3}`)}}
	s, err := rules.Replay(g, players, nil, log)
	if err != nil {
		t.Fatal(err)
	}
	if tot := s.Scores().Totals; tot["p1"] != 2 || tot["p2"] != 3 {
		t.Fatalf("replayed totals %v", tot)
	}
	if _, err := rules.Replay(g, players, nil, []rules.Event{{Type: "add", Data: json.RawMessage(`{"PLAYER":"p1","N":2,"x":1}`)}}); err == nil {
		t.Fatal("stored data with an unknown field replayed")
	}
}
