package api

import (
	"testing"

	"github.com/motamed/motamed/rules/wazabi"
	"github.com/motamed/motamed/rules/wizard"
)

// The Wazabi game answer carries the card list a table picks from: every
// card's ID, cost and rule, its name and effect in English and in Persian,
// and each rule it cites can be opened. Other games carry no card list.
func TestWazabiCardCatalogue(t *testing.T) {
	s := newTestServer(t, wazabi.New(), wizard.New())
	g := s.must(t, 200, "GET", "/v1/games/wazabi", nil)
	cards, _ := g["cards"].([]any)
	if len(cards) != 12 {
		t.Fatalf("%d cards, want the 12 types: %v", len(cards), g["cards"])
	}
	byID := map[string]map[string]any{}
	for _, x := range cards {
		c := x.(map[string]any)
		byID[c["card"].(string)] = c
		name, effect := c["name"].(map[string]any), c["effect"].(map[string]any)
		for _, text := range []map[string]any{name, effect} {
			en, _ := text["en"].(string)
			fa, _ := text["fa"].(string)
			if en == "" || hasPersian(en) || !hasPersian(fa) {
				t.Errorf("card %v: want English and Persian, got %v", c["card"], text)
			}
		}
		s.must(t, 200, "GET", "/v1/rules/"+c["rule"].(string), nil)
	}
	ex := byID["exchange_dice"]
	if ex == nil || ex["cost"] != 3.0 || ex["target"] != true || ex["name"].(map[string]any)["en"] != "Exchange dice" ||
		ex["name"].(map[string]any)["fa"] != "عوض کردن تاس ها" || ex["rule"] != "WAZABI-SWAPDICE-1" {
		t.Errorf("exchange_dice: %v", ex)
	}
	if pd := byID["pass_dice"]; pd == nil || pd["cost"] != 2.0 || pd["direction"] != true || pd["target"] != false {
		t.Errorf("pass_dice: %v", pd)
	}
	if mt := byID["miss_a_turn"]; mt == nil || mt["cost"] != 0.0 {
		t.Errorf("miss_a_turn: %v", mt)
	}

	// The same list in the list of games, and a Persian request gets both
	// languages too: the app switches language without asking again.
	all := s.must(t, 200, "GET", "/v1/games", nil, "Accept-Language", "fa")["games"].([]any)
	for _, x := range all {
		gm := x.(map[string]any)
		cs, _ := gm["cards"].([]any)
		switch {
		case gm["id"] == "wizard" && gm["cards"] != nil, gm["id"] == "wazabi" && len(cs) != 12:
			t.Errorf("%v: cards %v", gm["id"], gm["cards"])
		case gm["id"] == "wazabi" && cs[0].(map[string]any)["name"].(map[string]any)["en"] != "Miss a turn":
			t.Errorf("the Persian answer lost the English name: %v", cs[0])
		}
	}
}
