package yatuk

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

func referee(t *testing.T, q string) rules.Referee {
	t.Helper()
	for _, r := range New().Referees() {
		if r.Question == q {
			return r
		}
	}
	t.Fatalf("no referee %q", q)
	return rules.Referee{}
}

func TestArmyReferee(t *testing.T) {
	r := referee(t, "army")
	ans, err := r.Ask(r.Example)
	if err != nil {
		t.Fatal(err)
	}
	a := ans.(ArmyRuling)
	if a.Base != 54 || a.Total != 57 || a.Rule != "YATUK-CHAIN-15" {
		t.Fatalf("example 9.1: %+v", a)
	}
	// Declared links through the referee.
	ans, err = r.Ask(json.RawMessage(`{"cards":[{"kind":"wizard","colors":["red"],"power":4},{"kind":"monster","colors":["red"],"power":10},{"kind":"monster","colors":["red"],"power":12}],"chain_resolution":"declared","links":[null,1,null]}`))
	if err != nil {
		t.Fatal(err)
	}
	if a := ans.(ArmyRuling); a.Total != 14 || a.Cards[2].Reason != "no_link" {
		t.Fatalf("declared: %+v", a)
	}
	bad := []struct{ name, body, field string }{
		{"no cards", `{"cards":[]}`, "cards"},
		{"three colours", `{"cards":[{"kind":"wizard","colors":["red","green","blue"],"power":1}]}`, "cards[0].colors"},
		{"unknown colour", `{"cards":[{"kind":"wizard","colors":["black"],"power":1}]}`, "cards[0].colors[0]"},
		{"negative power", `{"cards":[{"kind":"wizard","colors":["red"],"power":-1}]}`, "cards[0].power"},
		{"unknown gem", `{"cards":[{"kind":"wizard","colors":["red"],"power":1}],"gems":["black"]}`, "gems[0]"},
		{"white colour without white", `{"cards":[{"kind":"wizard","colors":["red"],"power":1}],"white_gem_color":"red"}`, "white_gem_color"},
		{"declared without links", `{"cards":[{"kind":"wizard","colors":["red"],"power":1}],"chain_resolution":"declared"}`, "links"},
		// Positions run from 1; only null means no summoner.
		{"link 0", `{"cards":[{"kind":"wizard","colors":["red"],"power":4},{"kind":"monster","colors":["red"],"power":10}],"chain_resolution":"declared","links":[null,0]}`, "links[1]"},
		{"link -1", `{"cards":[{"kind":"wizard","colors":["red"],"power":4},{"kind":"monster","colors":["red"],"power":10}],"chain_resolution":"declared","links":[null,-1]}`, "links[1]"},
		{"link past the army", `{"cards":[{"kind":"wizard","colors":["red"],"power":4},{"kind":"monster","colors":["red"],"power":10}],"chain_resolution":"declared","links":[null,3]}`, "links[1]"},
		{"bad resolution", `{"cards":[{"kind":"wizard","colors":["red"],"power":1}],"chain_resolution":"greedy"}`, "chain_resolution"},
		{"unknown field", `{"cards":[{"kind":"wizard","colors":["red"],"power":1}],"owner":"me"}`, "owner"},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			_, err := r.Ask(json.RawMessage(tc.body))
			var in *rules.InputError
			if !errors.As(err, &in) || in.Fields[0].Field != tc.field {
				t.Fatalf("want an input error on %s, got %v", tc.field, err)
			}
		})
	}
}

func TestBattleReferee(t *testing.T) {
	r := referee(t, "battle")
	ans, err := r.Ask(r.Example)
	if err != nil {
		t.Fatal(err)
	}
	b := ans.(BattleAnswer)
	if b.Winner != "right" || b.Rule != "YATUK-TIE-3" || b.TopStrength != 40 || b.Type != ForcedBattle || b.Gem != White {
		t.Fatalf("example 9.4: %+v", b)
	}
	if b.Carrier == nil || b.Carrier.Position != 1 || b.Carrier.Power != 5 {
		t.Fatalf("carrier %+v", b.Carrier)
	}
	if b.Armies[0].Player != "left" || b.Armies[1].Player != "right" {
		t.Fatalf("armies not in seat order: %+v", b.Armies)
	}
}

// 9.6: tie order with four players A, B, C, D; A is the current player.
func TestTieOrder_9_6(t *testing.T) {
	seats := []string{"A", "B", "C", "D"}
	cases := []struct {
		typ    BattleType
		tied   []string
		winner string
		rule   string
	}{
		{DeclaredBattle, []string{"A", "C"}, "A", "YATUK-TIE-1"},
		{DeclaredBattle, []string{"B", "C"}, "C", "YATUK-TIE-2"},
		{DeclaredBattle, []string{"B", "D"}, "D", "YATUK-TIE-2"},
		{ForcedBattle, []string{"A", "B"}, "B", "YATUK-TIE-3"},
		{ForcedBattle, []string{"A", "C", "D"}, "D", "YATUK-TIE-3"},
		{ForcedBattle, []string{"B", "C"}, "C", "YATUK-TIE-3"},
		{ForcedBattle, []string{"A"}, "A", "YATUK-BATTLE-11"},
	}
	r := referee(t, "battle")
	for _, tc := range cases {
		w, rule, err := tieWinner(seats, "A", tc.typ, tc.tied)
		if err != nil || w != tc.winner || rule != tc.rule {
			t.Errorf("%s %v: %s %s %v, want %s %s", tc.typ, tc.tied, w, rule, err, tc.winner, tc.rule)
		}
		// The same through the battle referee: tied players get equal
		// armies, the others weaker ones.
		armies := map[string]any{}
		for _, p := range seats {
			spec := "W red 1"
			for _, x := range tc.tied {
				if x == p {
					spec = "W red 5"
				}
			}
			armies[p] = cardsJSON(army(t, spec))
		}
		body := map[string]any{"land": "vipas", "armies": armies, "current_player": "A", "players": seats}
		if tc.typ == DeclaredBattle {
			body["declared_by"] = "A"
		}
		raw, _ := json.Marshal(body)
		ans, err := r.Ask(raw)
		if err != nil {
			t.Fatalf("%v: %v", tc.tied, err)
		}
		if b := ans.(BattleAnswer); b.Winner != tc.winner || b.Rule != tc.rule {
			t.Errorf("referee %s %v: %s %s", tc.typ, tc.tied, b.Winner, b.Rule)
		}
	}
}

func TestBattleRefereeErrors(t *testing.T) {
	r := referee(t, "battle")
	w := `[{"kind":"wizard","colors":["red"],"power":5}]`
	violations := []struct{ name, body, rule string }{
		{"YATUK-COMP-1 one gem, two holders", `{"land":"vipas","armies":{"a":` + w + `,"b":` + w + `},"gems":{"a":["red"],"b":["red"]},"current_player":"a"}`, "YATUK-COMP-1"},
		{"YATUK-BATTLE-16 declared by another", `{"land":"vipas","armies":{"a":` + w + `,"b":` + w + `},"declared_by":"b","current_player":"a"}`, "YATUK-BATTLE-16"},
		{"YATUK-BATTLE-1 declarer without army", `{"land":"vipas","armies":{"b":` + w + `},"declared_by":"a","current_player":"a"}`, "YATUK-BATTLE-1"},
		{"YATUK-BATTLE-4 forced without the current player", `{"land":"vipas","armies":{"b":` + w + `},"current_player":"a"}`, "YATUK-BATTLE-4"},
	}
	for _, tc := range violations {
		t.Run(tc.name, func(t *testing.T) {
			_, err := r.Ask(json.RawMessage(tc.body))
			var v *rules.ViolationError
			if !errors.As(err, &v) || v.Rulings[0].Rule != tc.rule || v.Rulings[0].Message.FA == "" {
				t.Fatalf("want a violation of %s, got %v", tc.rule, err)
			}
			rulestest.Broke(tc.rule)
		})
	}
	inputs := []struct{ name, body, field string }{
		{"seat order needed", `{"land":"vipas","armies":{"a":` + w + `,"b":` + w + `,"c":` + w + `},"current_player":"a"}`, "players"},
		{"unknown land", `{"land":"mars","armies":{"a":` + w + `},"current_player":"a"}`, "land"},
		{"no current player", `{"land":"vipas","armies":{"a":` + w + `}}`, "current_player"},
		{"no armies", `{"land":"vipas","armies":{},"current_player":"a"}`, "armies"},
		{"empty army", `{"land":"vipas","armies":{"a":[]},"current_player":"a"}`, "armies.a"},
		{"gems of a stranger", `{"land":"vipas","armies":{"a":` + w + `},"gems":{"z":["red"]},"current_player":"a"}`, "gems.z"},
		{"players missing one", `{"land":"vipas","armies":{"a":` + w + `,"b":` + w + `},"current_player":"a","players":["a"]}`, "players"},
		{"white without holder", `{"land":"vipas","armies":{"a":` + w + `},"current_player":"a","white_gem_color":"red"}`, "white_gem_color"},
		{"three colours", `{"land":"vipas","armies":{"a":[{"kind":"wizard","colors":["red","green","blue"],"power":5}]},"current_player":"a"}`, "armies.a[0].colors"},
	}
	for _, tc := range inputs {
		t.Run(tc.name, func(t *testing.T) {
			_, err := r.Ask(json.RawMessage(tc.body))
			var in *rules.InputError
			if !errors.As(err, &in) || in.Fields[0].Field != tc.field {
				t.Fatalf("want an input error on %s, got %v", tc.field, err)
			}
		})
	}
	// Two tied players other than the current one: seat order decides, and
	// "players" supplies it.
	ans, err := r.Ask(json.RawMessage(`{"land":"vipas","armies":{"a":[{"kind":"wizard","colors":["red"],"power":1}],"b":` + w + `,"c":` + w + `},"current_player":"a","players":["a","b","c"]}`))
	if err != nil || ans.(BattleAnswer).Winner != "c" {
		t.Fatalf("forced tie b, c with a current: %v %+v", err, ans)
	}
	// Without seat order, a tie with only one other player needs none.
	ans, err = r.Ask(json.RawMessage(`{"land":"vipas","armies":{"a":` + w + `,"b":` + w + `},"current_player":"a"}`))
	if err != nil || ans.(BattleAnswer).Winner != "b" {
		t.Fatalf("two-player forced tie: %v %+v", err, ans)
	}
}

var update = flag.Bool("update", false, "rewrite the golden referee answers in testdata/")

// The referee examples' exact answers are kept in testdata/ (regenerate with
// go test -run TestRefereeGolden -update), so the served JSON is reviewed.
func TestRefereeGolden(t *testing.T) {
	for _, q := range []string{"army", "battle"} {
		r := referee(t, q)
		ans, err := r.Ask(r.Example)
		if err != nil {
			t.Fatal(err)
		}
		doc := map[string]any{"request": r.Example, "answer": ans}
		got, err := json.MarshalIndent(doc, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, '\n')
		path := filepath.Join("testdata", "referee_"+q+".json")
		if *update {
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s answer differs from %s (run with -update to accept):\n%s", q, path, got)
		}
	}
}
