package play

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/motamed/motamed/rules"
)

// A long match has exactly the events asked for, every one accepted by the
// rules, and is still in progress at its end; the same seed gives the same
// match.
func TestLongMatchIsLegalAndUnfinished(t *testing.T) {
	const n = 6000
	seq, err := Long(7, n)
	if err != nil {
		t.Fatal(err)
	}
	if len(seq.Bodies) != n || len(seq.Types) != n {
		t.Fatalf("%d bodies and %d types, want %d", len(seq.Bodies), len(seq.Types), n)
	}
	ids, players := realIDs(seq.Seats)
	s, err := rules.Replay(munchkinSpec(t).Game, players, json.RawMessage(seq.Replacer(ids).Replace(seq.Options)), seq.Events(ids))
	if err != nil {
		t.Fatal(err)
	}
	if s.Result() != nil {
		t.Fatalf("the long match finished: %+v", s.Result())
	}
	kinds := map[string]bool{}
	for _, typ := range seq.Types {
		kinds[typ] = true
	}
	for _, typ := range []string{"combat", "run_away", "level_changed", "turn_ended"} {
		if !kinds[typ] {
			t.Errorf("no %s event in %d", typ, n)
		}
	}
	again, err := Long(7, n)
	if err != nil || !slices.Equal(again.Bodies, seq.Bodies) {
		t.Errorf("the same seed gave another match (%v)", err)
	}
	if _, err := Long(7, 0); err == nil {
		t.Error("a long match of no events was made")
	}
}

func munchkinSpec(t *testing.T) Spec {
	s, ok := ByID("munchkin")
	if !ok {
		t.Fatal("no munchkin")
	}
	return s
}
