package yatuk

import (
	"encoding/json"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// table drives a match through Apply, checking purity at every step.
type table struct {
	t *testing.T
	g rules.Game
	s rules.State
}

// newTable seats n players p1..pn (names P1..Pn) with the given options JSON.
func newTable(t *testing.T, n int, options string) *table {
	t.Helper()
	g := New()
	s, eff, err := g.Setup(rulestest.Players(n), json.RawMessage(options))
	if err != nil {
		t.Fatalf("setup: %v", err)
	}
	// Setup must accept its own effective options and give the same state.
	raw, _ := json.Marshal(eff)
	s2, _, err := g.Setup(rulestest.Players(n), raw)
	if err != nil {
		t.Fatalf("setup with effective options %s: %v", raw, err)
	}
	a, _ := rules.Fingerprint(s)
	b, _ := rules.Fingerprint(s2)
	if string(a) != string(b) {
		t.Fatalf("setup with effective options differs:\n%s\n%s", a, b)
	}
	return &table{t: t, g: g, s: s}
}

func (tb *table) st() *State { return tb.s.(*State) }

func (tb *table) do(typ string, data any) []rules.Ruling {
	tb.t.Helper()
	next, notes := rulestest.MustApply(tb.t, tb.g, tb.s, typ, data)
	tb.s = next
	return notes
}

func (tb *table) want(typ string, data any, rule string) {
	tb.t.Helper()
	rulestest.WantViolation(tb.t, tb.g, tb.s, typ, data, rule)
}

func (tb *table) wantInput(typ string, data any, field string) {
	tb.t.Helper()
	rulestest.WantInputError(tb.t, tb.g, tb.s, typ, data, field)
}

// card turns "W red 4" into the event form.
func (tb *table) card(spec string) map[string]any {
	tb.t.Helper()
	return cardsJSON(army(tb.t, spec))[0]
}

// play records a card_played; spec "" records a face-down card as unknown.
func (tb *table) play(player, land, spec string) {
	tb.t.Helper()
	data := map[string]any{"player": player, "land": land}
	if spec != "" {
		data["card"] = tb.card(spec)
	}
	tb.do("card_played", data)
}

func (tb *table) burn(player string) {
	tb.t.Helper()
	tb.do("card_burned", map[string]any{"player": player})
}

func (tb *table) resolve(land string, armies map[string]string, extra map[string]any) []rules.Ruling {
	tb.t.Helper()
	return tb.do("battle_resolved", tb.battle(land, armies, extra))
}

func (tb *table) battle(land string, armies map[string]string, extra map[string]any) map[string]any {
	tb.t.Helper()
	as := map[string]any{}
	for p, spec := range armies {
		as[p] = cardsJSON(army(tb.t, spec))
	}
	data := map[string]any{"land": land, "armies": as}
	for k, v := range extra {
		data[k] = v
	}
	return data
}

// passTo burns cards for whoever acts until player's turn begins.
func (tb *table) passTo(player string) {
	tb.t.Helper()
	for s := tb.st(); s.Current != player || s.ThisTurn.Last != ""; s = tb.st() {
		tb.burn(s.Current)
	}
}

func (tb *table) expect(phase, current string) {
	tb.t.Helper()
	s := tb.st()
	if s.Phase != phase || s.Current != current {
		tb.t.Fatalf("phase %s current %s, want %s %s", s.Phase, s.Current, phase, current)
	}
}

func (tb *table) column(land Land, player string) Column {
	s := tb.st()
	return s.land(land).Armies[s.seat(player)]
}

// capOpts builds options with every capacity set to c.
const cap1 = `{"capacities":{"vipas":1,"vitasta":1,"parushni":1,"sutudri":1,"gomati":1}}`
