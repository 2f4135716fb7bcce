package yatuk

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

const cap3 = `{"capacities":{"vipas":3,"vitasta":3,"parushni":3,"sutudri":3}}`

// Each checkable rule broken by an event the referee rejects.
func TestViolations(t *testing.T) {
	card := func(spec string) map[string]any { return cardsJSON(army(t, spec))[0] }
	cases := []struct {
		name    string
		players int
		options string
		prep    func(tb *table)
		typ     string
		data    any
		rule    string
	}{
		{"YATUK-TURN-1 out of turn", 3, cap3, nil,
			"card_played", map[string]any{"player": "p2", "land": "vipas", "card": card("W red 1")}, "YATUK-TURN-1"},
		{"YATUK-TURN-3 YATUK-TURN-6 a second play", 3, cap3, func(tb *table) { tb.play("p1", "vipas", "W red 1") },
			"card_played", map[string]any{"player": "p1", "land": "vipas", "card": card("W red 1")}, "YATUK-TURN-6"},
		{"YATUK-TURN-3 a burn after a play", 3, cap3, func(tb *table) { tb.play("p1", "vipas", "W red 1") },
			"card_burned", map[string]any{"player": "p1"}, "YATUK-TURN-3"},
		{"YATUK-TURN-7 a play after a burn", 3, cap3, func(tb *table) { tb.burn("p1") },
			"card_played", map[string]any{"player": "p1", "land": "vipas", "card": card("W red 1")}, "YATUK-TURN-7"},
		{"YATUK-TURN-8 a play after declaring", 3, cap1, func(tb *table) {
			tb.play("p1", "vipas", "W red 1")
			tb.burn("p2")
			tb.burn("p3")
			tb.do("battle_declared", map[string]any{"player": "p1", "land": "vipas"})
			tb.resolve("vipas", map[string]string{"p1": "W red 1"}, nil)
		}, "card_played", map[string]any{"player": "p1", "land": "gomati", "card": card("W red 1")}, "YATUK-TURN-8"},
		{"YATUK-TURN-2 an action before the forced battle", 2, cap1, func(tb *table) {
			tb.play("p1", "vipas", "W red 1")
			tb.play("p2", "vipas", "W red 1")
			tb.burn("p2")
		}, "card_burned", map[string]any{"player": "p1"}, "YATUK-TURN-2"},
		{"YATUK-TURN-4 passing with actions and cards", 3, cap3, nil,
			"turn_ended", map[string]any{"player": "p1"}, "YATUK-TURN-4"},
		{"YATUK-TURN-5 a play with an empty hand", 3, cap3, func(tb *table) {
			s := tb.st().clone()
			s.Players[0].HandSize = 0
			tb.s = s
		}, "card_played", map[string]any{"player": "p1", "land": "vipas", "card": card("W red 1")}, "YATUK-TURN-5"},
		{"YATUK-ARMY-4 a play at a closed land", 3, cap1, func(tb *table) {
			tb.play("p1", "vipas", "W red 1")
			tb.burn("p2")
			tb.burn("p3")
			tb.do("battle_declared", map[string]any{"player": "p1", "land": "vipas"})
			tb.resolve("vipas", map[string]string{"p1": "W red 1"}, nil)
		}, "card_played", map[string]any{"player": "p2", "land": "vipas", "card": card("W red 1")}, "YATUK-ARMY-4"},
		{"YATUK-ARMY-4 a battle at a closed land", 3, cap1, func(tb *table) {
			tb.play("p1", "vipas", "W red 1")
			tb.burn("p2")
			tb.burn("p3")
			tb.do("battle_declared", map[string]any{"player": "p1", "land": "vipas"})
			tb.resolve("vipas", map[string]string{"p1": "W red 1"}, nil)
		}, "battle_resolved", map[string]any{"land": "vipas", "armies": map[string]any{"p1": cardsJSON(army(t, "W red 1"))}}, "YATUK-ARMY-4"},
		{"YATUK-ARMY-4 declaring at a closed land", 2, cap1, func(tb *table) {
			tb.play("p1", "vipas", "W red 1")
			tb.play("p2", "vipas", "W red 1")
			tb.burn("p2")
			tb.resolve("vipas", map[string]string{"p1": "W red 1", "p2": "W red 1"}, nil)
		}, "battle_declared", map[string]any{"player": "p1", "land": "vipas"}, "YATUK-ARMY-4"},
		{"YATUK-ARMY-5 over capacity", 3, cap1, func(tb *table) {
			tb.play("p1", "vipas", "W red 1")
			tb.burn("p2")
			tb.burn("p3")
		}, "card_played", map[string]any{"player": "p1", "land": "vipas", "card": card("W red 1")}, "YATUK-ARMY-5"},
		{"YATUK-ARMY-6 a face-up card not given", 3, cap3, nil,
			"card_played", map[string]any{"player": "p1", "land": "vipas"}, "YATUK-ARMY-6"},
		{"YATUK-ARMY-11 a spell into an army", 3, cap3, nil,
			"card_played", map[string]any{"player": "p1", "land": "vipas", "card": map[string]any{"kind": "spell"}}, "YATUK-ARMY-11"},
		{"YATUK-ARMY-11 a face-down spell known at play", 3, cap3, func(tb *table) {
			s := tb.st().clone()
			s.land(Vipas).Armies[0].slots = []slot{{true, Card{Wizard, 1, 1}}, {true, Card{Wizard, 1, 1}}}
			tb.s = s
		}, "card_played", map[string]any{"player": "p1", "land": "vipas", "card": map[string]any{"kind": "spell"}}, "YATUK-ARMY-11"},
		{"YATUK-ARMY-7 revealed cards missing", 3, cap3, func(tb *table) {
			s := tb.st().clone()
			s.land(Vipas).Armies[1].slots = []slot{{true, Card{Wizard, 1, 1}}, {true, Card{Wizard, 1, 1}}, {}}
			tb.s = s
		}, "spell_played", map[string]any{"player": "p1", "spell": "night_raid", "target": "p2", "land": "vipas"}, "YATUK-ARMY-7"},
		{"YATUK-SPELL-4 night raid on one's own army", 3, cap3, func(tb *table) {
			s := tb.st().clone()
			s.land(Vipas).Armies[0].slots = []slot{{true, Card{Wizard, 1, 1}}}
			tb.s = s
		}, "spell_played", map[string]any{"player": "p1", "spell": "night_raid", "target": "p1", "land": "vipas"}, "YATUK-SPELL-4"},
		{"YATUK-SPELL-4 night raid on an empty column", 3, cap3, nil,
			"spell_played", map[string]any{"player": "p1", "spell": "night_raid", "target": "p2", "land": "vipas"}, "YATUK-SPELL-4"},
		{"YATUK-SPELL-5 betrayal of a missing face-up card", 3, cap3, func(tb *table) {
			s := tb.st().clone()
			s.land(Vipas).Armies[1].slots = []slot{{true, Card{Wizard, 1, 1}}}
			tb.s = s
		}, "spell_played", map[string]any{"player": "p1", "spell": "betrayal", "target": "p2", "land": "vipas", "cards": []int{2}}, "YATUK-SPELL-5"},
		{"YATUK-SPELL-3 a burn with only extra plays left", 3, cap3, func(tb *table) {
			tb.do("spell_played", map[string]any{"player": "p1", "spell": "extra_plays", "extra_plays": 1})
		}, "card_burned", map[string]any{"player": "p1"}, "YATUK-SPELL-3"},
		{"YATUK-BATTLE-1 YATUK-BATTLE-2 declaring with a small column", 3, cap3, func(tb *table) {
			tb.play("p1", "vipas", "W red 1")
			tb.burn("p2")
			tb.burn("p3")
		}, "battle_declared", map[string]any{"player": "p1", "land": "vipas"}, "YATUK-BATTLE-2"},
		{"YATUK-BATTLE-1 not full at turn start", 3, cap3, nil,
			"battle_declared", map[string]any{"player": "p1", "land": "vipas"}, "YATUK-BATTLE-1"},
		{"YATUK-BATTLE-3 declaring with an empty hand", 3, cap1, func(tb *table) {
			tb.play("p1", "vipas", "W red 1")
			tb.burn("p2")
			tb.burn("p3")
			s := tb.st().clone()
			s.Players[0].HandSize = 0
			tb.s = s
		}, "battle_declared", map[string]any{"player": "p1", "land": "vipas"}, "YATUK-BATTLE-3"},
		{"YATUK-BATTLE-4 no battle due", 3, cap3, nil,
			"battle_resolved", map[string]any{"land": "vipas", "armies": map[string]any{}}, "YATUK-BATTLE-4"},
		{"YATUK-BATTLE-4 a battle due elsewhere", 2, cap1, func(tb *table) {
			tb.play("p1", "vipas", "W red 1")
			tb.play("p2", "vipas", "W red 1")
			tb.play("p2", "gomati", "W red 1")
		}, "battle_resolved", map[string]any{"land": "gomati", "armies": map[string]any{"p2": cardsJSON(army(t, "W red 1"))}}, "YATUK-BATTLE-4"},
		{"YATUK-BATTLE-8 a battle declared comes first", 3, cap1, func(tb *table) {
			tb.play("p1", "vipas", "W red 1")
			tb.burn("p2")
			tb.burn("p3")
			tb.do("battle_declared", map[string]any{"player": "p1", "land": "vipas"})
		}, "card_burned", map[string]any{"player": "p1"}, "YATUK-BATTLE-8"},
		{"YATUK-BATTLE-8 a face-up card changed", 2, cap1, func(tb *table) {
			tb.play("p1", "vipas", "W red 1")
			tb.play("p2", "vipas", "W red 1")
			tb.burn("p2")
		}, "battle_resolved", map[string]any{"land": "vipas", "armies": map[string]any{
			"p1": cardsJSON(army(t, "W red 9")), "p2": cardsJSON(army(t, "W red 1"))}}, "YATUK-BATTLE-8"},
		{"YATUK-BATTLE-8 a column of the wrong size", 2, cap1, func(tb *table) {
			tb.play("p1", "vipas", "W red 1")
			tb.play("p2", "vipas", "W red 1")
			tb.burn("p2")
		}, "battle_resolved", map[string]any{"land": "vipas", "armies": map[string]any{
			"p1": cardsJSON(army(t, "W red 1; M red 3")), "p2": cardsJSON(army(t, "W red 1"))}}, "YATUK-BATTLE-8"},
		{"YATUK-BATTLE-7 a player without cards", 3, cap1, func(tb *table) {
			tb.play("p1", "vipas", "W red 1")
			tb.burn("p2")
			tb.burn("p3")
			tb.do("battle_declared", map[string]any{"player": "p1", "land": "vipas"})
		}, "battle_resolved", map[string]any{"land": "vipas", "armies": map[string]any{
			"p1": cardsJSON(army(t, "W red 1")), "p2": cardsJSON(army(t, "W red 1"))}}, "YATUK-BATTLE-7"},
		{"YATUK-BATTLE-12 the carrier is not a wizard", 3, `{"capacities":{"vipas":2,"vitasta":3,"parushni":3,"sutudri":3}}`, func(tb *table) {
			tb.play("p1", "vipas", "W red 1")
			tb.burn("p2")
			tb.burn("p3")
			tb.play("p1", "vipas", "M red 5")
			tb.burn("p2")
			tb.burn("p3")
			tb.do("battle_declared", map[string]any{"player": "p1", "land": "vipas"})
		}, "battle_resolved", map[string]any{"land": "vipas", "carrier": 2, "armies": map[string]any{
			"p1": cardsJSON(army(t, "W red 1; M red 5"))}}, "YATUK-BATTLE-12"},
		{"YATUK-GEM-3 a white colour nobody may name", 3, cap1, func(tb *table) {
			tb.play("p1", "vipas", "W red 1")
			tb.burn("p2")
			tb.burn("p3")
			tb.do("battle_declared", map[string]any{"player": "p1", "land": "vipas"})
		}, "battle_resolved", map[string]any{"land": "vipas", "white_gem_color": "red", "armies": map[string]any{
			"p1": cardsJSON(army(t, "W red 1"))}}, "YATUK-GEM-3"},
		{"YATUK-TWO-7 a second action in the first turn", 2, cap3, func(tb *table) { tb.burn("p1") },
			"card_burned", map[string]any{"player": "p1"}, "YATUK-TWO-7"},
		{"YATUK-TWO-1 a third action", 2, cap3, func(tb *table) {
			tb.burn("p1")
			tb.burn("p2")
			tb.burn("p2")
		}, "card_burned", map[string]any{"player": "p2"}, "YATUK-TWO-1"},
		{"YATUK-TWO-6 declaring twice at one land", 2, cap1, func(tb *table) {
			tb.play("p1", "vipas", "W red 1")
			tb.burn("p2")
			tb.burn("p2")
			tb.do("battle_declared", map[string]any{"player": "p1", "land": "vipas"})
			tb.resolve("vipas", map[string]string{"p1": "W red 1"}, nil)
		}, "battle_declared", map[string]any{"player": "p1", "land": "vipas"}, "YATUK-TWO-6"},
		{"YATUK-TWO-8 a land filled this turn", 2, cap1, func(tb *table) {
			tb.burn("p1")
			tb.burn("p2")
			tb.burn("p2")
			tb.play("p1", "vipas", "W red 1")
		}, "battle_declared", map[string]any{"player": "p1", "land": "vipas"}, "YATUK-TWO-8"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tb := newTable(t, tc.players, tc.options)
			if tc.prep != nil {
				tc.prep(tb)
			}
			tb.want(tc.typ, tc.data, tc.rule)
		})
	}
}

// Several broken rules give one ruling each.
func TestViolationsCollected(t *testing.T) {
	tb := newTable(t, 3, cap1)
	tb.play("p1", "vipas", "W red 1")
	tb.burn("p2")
	tb.burn("p3")
	_, _, err := tb.g.Apply(tb.s, rulestest.Ev(t, "card_played", map[string]any{"player": "p1", "land": "vipas", "card": map[string]any{"kind": "spell"}}))
	var v *rules.ViolationError
	if !errors.As(err, &v) || len(v.Rulings) != 2 {
		t.Fatalf("want ARMY-5 and ARMY-11, got %v", err)
	}
	for _, r := range v.Rulings {
		if r.Message.FA == "" {
			t.Errorf("%s: Persian message missing", r.Rule)
		}
	}
}

// Malformed events name the field.
func TestBadInput(t *testing.T) {
	tb := newTable(t, 3, cap3)
	cases := []struct {
		name  string
		typ   string
		data  string
		field string
		rule  string // rule the message cites, broken through an input error
	}{
		{"unknown kind", "card_played", `{"player":"p1","land":"vipas","card":{"kind":"dragon","colors":["red"],"power":1}}`, "data.card.kind", ""},
		{"unknown colour YATUK-COMP-5", "card_played", `{"player":"p1","land":"vipas","card":{"kind":"wizard","colors":["purple"],"power":1}}`, "data.card.colors[0]", "YATUK-COMP-5"},
		{"three colours YATUK-COMP-6", "card_played", `{"player":"p1","land":"vipas","card":{"kind":"wizard","colors":["red","green","blue"],"power":1}}`, "data.card.colors", "YATUK-COMP-6"},
		{"negative power", "card_played", `{"player":"p1","land":"vipas","card":{"kind":"wizard","colors":["red"],"power":-2}}`, "data.card.power", ""},
		{"missing power", "card_played", `{"player":"p1","land":"vipas","card":{"kind":"wizard","colors":["red"]}}`, "data.card.power", ""},
		{"unknown land", "card_played", `{"player":"p1","land":"atlantis","card":{"kind":"wizard","colors":["red"],"power":1}}`, "data.land", ""},
		{"player not in match", "card_burned", `{"player":"p9"}`, "data.player", ""},
		{"unknown field", "card_burned", `{"player":"p1","extra":1}`, "data.extra", ""},
		{"army of a stranger", "battle_resolved", `{"land":"vipas","armies":{"zz":[]}}`, "data.armies.zz", ""},
		{"unknown spell", "spell_played", `{"player":"p1","spell":"fireball"}`, "data.spell", ""},
		{"night raid without target", "spell_played", `{"player":"p1","spell":"night_raid","land":"vipas"}`, "data.target", ""},
		{"betrayal position 3", "spell_played", `{"player":"p1","spell":"betrayal","target":"p2","land":"vipas","cards":[3]}`, "data.cards[0]", ""},
		{"extra plays out of range", "spell_played", `{"player":"p1","spell":"extra_plays","extra_plays":9}`, "data.extra_plays", ""},
		{"links without declared", "battle_resolved", `{"land":"vipas","armies":{},"links":{}}`, "data.links", ""},
		{"white gem colour", "battle_resolved", `{"land":"vipas","armies":{},"white_gem_color":"pink"}`, "data.white_gem_color", ""},
		{"carrier 0", "battle_resolved", `{"land":"vipas","armies":{},"carrier":0}`, "data.carrier", ""},
		{"spell with colours", "card_played", `{"player":"p1","land":"vipas","card":{"kind":"spell","colors":["red"]}}`, "data.card.colors", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tb.wantInput(tc.typ, json.RawMessage(tc.data), tc.field)
			if tc.rule != "" {
				_, _, err := tb.g.Apply(tb.s, rules.Event{Type: tc.typ, Data: json.RawMessage(tc.data)})
				if !strings.Contains(err.Error(), tc.rule) {
					t.Fatalf("message does not cite %s: %v", tc.rule, err)
				}
				rulestest.Broke(tc.rule)
			}
		})
	}
}

func TestOptions(t *testing.T) {
	g := New()
	cases := []struct {
		name    string
		players int
		options string
		field   string
		rule    string
	}{
		{"no capacities YATUK-SETUP-3", 2, `{}`, "options.capacities", "YATUK-SETUP-3"},
		{"missing vipas YATUK-SETUP-3", 2, `{"capacities":{"vitasta":3,"parushni":3,"sutudri":3}}`, "options.capacities.vipas", "YATUK-SETUP-3"},
		{"unknown land", 2, `{"capacities":{"vipas":3,"vitasta":3,"parushni":3,"sutudri":3,"atlantis":2}}`, "options.capacities.atlantis", ""},
		{"capacity 0", 2, `{"capacities":{"vipas":0,"vitasta":3,"parushni":3,"sutudri":3}}`, "options.capacities.vipas", ""},
		{"bad mode", 2, `{"capacities":{"vipas":3,"vitasta":3,"parushni":3,"sutudri":3},"mode":"epic"}`, "options.mode", ""},
		{"bad resolution", 2, `{"capacities":{"vipas":3,"vitasta":3,"parushni":3,"sutudri":3},"chain_resolution":"greedy"}`, "options.chain_resolution", ""},
		{"hands in standard", 2, `{"capacities":{"vipas":3,"vitasta":3,"parushni":3,"sutudri":3},"hands":3}`, "options.hands", ""},
		{"unknown first player", 2, `{"capacities":{"vipas":3,"vitasta":3,"parushni":3,"sutudri":3},"first_player":"p7"}`, "options.first_player", ""},
		{"unknown option", 2, `{"capacities":{"vipas":3,"vitasta":3,"parushni":3,"sutudri":3},"speed":1}`, "options.speed", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := g.Setup(rulestest.Players(tc.players), json.RawMessage(tc.options))
			var in *rules.InputError
			if !errors.As(err, &in) || in.Fields[0].Field != tc.field {
				t.Fatalf("want an input error on %s, got %v", tc.field, err)
			}
			if tc.rule != "" {
				if !strings.Contains(in.Fields[0].Message, tc.rule) || !strings.Contains(in.Error(), "rulebook") {
					t.Fatalf("message should cite %s and the rulebook: %v", tc.rule, err)
				}
				rulestest.Broke(tc.rule)
			}
		})
	}
	for _, n := range []int{1, 5} {
		_, _, err := g.Setup(rulestest.Players(n), json.RawMessage(cap3))
		var v *rules.ViolationError
		if !errors.As(err, &v) || v.Rulings[0].Rule != "YATUK-SETUP-10" {
			t.Fatalf("%d players: %v", n, err)
		}
		rulestest.Broke("YATUK-SETUP-10")
	}
	// Defaults filled in.
	_, eff, err := g.Setup(rulestest.Players(3), json.RawMessage(cap3))
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(eff)
	want := `{"capacities":{"vipas":3,"vitasta":3,"parushni":3,"sutudri":3,"gomati":6},"mode":"standard","chain_resolution":"maximize","hands":1,"first_player":"p1"}`
	if string(raw) != want {
		t.Fatalf("effective options %s", raw)
	}
	// Advanced mode defaults to two hands; first_player is honoured.
	s, eff, err := g.Setup(rulestest.Players(3), json.RawMessage(`{"capacities":{"vipas":3,"vitasta":3,"parushni":3,"sutudri":3},"mode":"advanced","first_player":"p3"}`))
	if err != nil || eff.(Options).Hands != 2 || s.(*State).Current != "p3" {
		t.Fatalf("advanced: %v %+v", err, eff)
	}
}
