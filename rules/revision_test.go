package rules_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// A rules fix that refuses what an older revision accepted leaves the
// events stored under that revision in force: they replay to the state
// they always gave, reported as grandfathered, while an event of today's
// revision (or an unrevised one) is refused as before.
func TestGrandfatheredReplay(t *testing.T) {
	g := rulestest.Tightened()
	players := rulestest.Players(2)
	add := func(p string, n, rev int) rules.Event {
		return rules.Event{Type: "add", Data: json.RawMessage(fmt.Sprintf(`{"player":%q,"n":%d}`, p, n)), Revision: rev}
	}
	if rules.RevisionOf(g) != 2 || rules.RevisionOf(rulestest.Counter()) != rules.FirstRevision {
		t.Fatalf("revisions %d, %d", rules.RevisionOf(g), rules.RevisionOf(rulestest.Counter()))
	}
	s, err := rules.Replay(g, players, nil, []rules.Event{add("p1", 3, 1), add("p2", 2, 2)})
	if err != nil {
		t.Fatal(err)
	}
	if tot := s.Scores().Totals; tot["p1"] != 3 || tot["p2"] != 2 {
		t.Fatalf("replayed totals %v", tot)
	}

	s0, _, _ := g.Setup(players, nil)
	next, gf, err := rules.ApplyStored(g, s0, add("p1", 3, 1))
	if err != nil || next == nil || len(gf) != 1 || gf[0].Rule != "COUNTER-ADD-1" {
		t.Fatalf("grandfathered: %v %v", gf, err)
	}
	if _, gf, err := rules.ApplyStored(g, s0, add("p1", 2, 1)); err != nil || gf != nil {
		t.Fatalf("an event today's rules accept is not grandfathered: %v %v", gf, err)
	}
	for _, rev := range []int{0, 2} { // unrecorded, and today's
		var v *rules.ViolationError
		if _, _, err := rules.ApplyStored(g, s0, add("p1", 3, rev)); !errors.As(err, &v) {
			t.Fatalf("revision %d: a move of 3 was not refused: %v", rev, err)
		}
	}
	// What the older revision refused too stays refused.
	var v *rules.ViolationError
	if _, _, err := rules.ApplyStored(g, s0, add("p2", 1, 1)); !errors.As(err, &v) || v.Rulings[0].Rule != "COUNTER-TURN-1" {
		t.Fatalf("out of turn under revision 1: %v", err)
	}
	// A game without revisions never grandfathers.
	if _, _, err := rules.ApplyStored(rulestest.Counter(), s0, add("p1", 4, 1)); !errors.As(err, &v) {
		t.Fatalf("counter: %v", err)
	}
}
