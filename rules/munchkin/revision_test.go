package munchkin_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/munchkin"
	"github.com/motamed/motamed/rules/rulestest"
)

// A bare kill (levels for a kill with no won combat) was accepted before
// revision 2 of the rules: stored under revision 1 it replays and moves the
// pawn as it did, grandfathered with today's refusal; under revision 2 it
// is refused.
func TestBareKillGrandfathered(t *testing.T) {
	g := munchkin.New()
	players := rulestest.Players(3)
	kill := rules.Event{Type: "level_changed", Data: json.RawMessage(`{"player":"p1","reason":"kill","delta":1}`)}
	s0, _, err := g.Setup(players, nil)
	if err != nil {
		t.Fatal(err)
	}
	var v *rules.ViolationError
	if _, _, err := g.Apply(s0, kill); !errors.As(err, &v) {
		t.Fatalf("today's rules accept a bare kill: %v", err)
	}
	kill.Revision = 1
	next, gf, err := rules.ApplyStored(g, s0, kill)
	if err != nil {
		t.Fatal(err)
	}
	if next.Scores().Totals["p1"] != 2 || len(gf) == 0 || gf[0].Rule != "MUNCHKIN-LEVEL-6" {
		t.Fatalf("totals %v, grandfathered %v", next.Scores().Totals, gf)
	}
	kill.Revision = rules.RevisionOf(g)
	if _, _, err := rules.ApplyStored(g, s0, kill); !errors.As(err, &v) {
		t.Fatalf("a bare kill of today's revision replayed: %v", err)
	}
	// Revision 1 still refused a kill by a player whose turn it is not.
	other := rules.Event{Type: "level_changed", Data: json.RawMessage(`{"player":"p2","reason":"kill","delta":1}`), Revision: 1}
	if _, _, err := rules.ApplyStored(g, s0, other); !errors.As(err, &v) || v.Rulings[0].Rule != "MUNCHKIN-COMBAT-9" {
		t.Fatalf("another player's kill under revision 1: %v", err)
	}
}
