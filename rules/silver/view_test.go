package silver

import (
	"testing"

	"github.com/motamed/motamed/rules"
)

// TestViewMarksEveryAdjustment plays a census, a Kamikaze over a census and
// two 100->50 drops: the sheet adds up, and each adjustment is a mark on the
// cell it changed, from the village's cards to the points shown.
func TestViewMarksEveryAdjustment(t *testing.T) {
	players := seat("A", "B", "C")
	s := setup(t, players, `{"end":"points"}`)
	s = play(t, s, ended(`{"A":[12,12,12,12,11,11],"B":[11,11,10,10,8],"C":[10,10,9,1]}`, "deck_empty"))
	s = play(t, s, census("B", 3), ended(`{"A":[12,13,12,13],"B":[1,1,2],"C":[9]}`, "census"))
	s = play(t, s, started(`{"round":3}`), ended(`{"A":[12,12,6],"B":[1],"C":[11,9]}`, "deck_empty"))
	v := s.View()
	if err := v.Sheet.Check(players); err != nil {
		t.Fatal(err)
	}
	kinds := func(row int, id string) []string {
		var k []string
		for _, m := range v.Sheet.Rows[row].Cells[id].Marks {
			k = append(k, m.Kind)
		}
		return k
	}
	cell := v.Sheet.Rows[1].Cells["A"]
	if cell.Value != 0 || cell.Base == nil || *cell.Base != 50 || len(kinds(1, "A")) != 1 || kinds(1, "A")[0] != "kamikaze" {
		t.Errorf("A's Kamikaze round: %+v", cell)
	}
	if k := kinds(1, "B"); len(k) != 3 || k[0] != "census" || k[1] != "kamikaze" || k[2] != "jump" {
		t.Errorf("B called a census, took Kamikaze's 50 and reached exactly 100: marks %v", k)
	}
	// Round 3: A 70 + 30 = 100 becomes 50; C 80 + 20 = 100 becomes 50.
	for _, id := range []string{"A", "C"} {
		c := v.Sheet.Rows[2].Cells[id]
		if k := kinds(2, id); len(k) != 1 || k[0] != "jump" || c.Value != *c.Base-50 {
			t.Errorf("%s's 100->50 in round 3: %+v", id, c)
		}
	}
	if v.Sheet.Totals["A"] != 50 || v.Sheet.Totals["C"] != 50 {
		t.Errorf("totals %v", v.Sheet.Totals)
	}
	if v.Now == nil || v.Now.Title.EN != "Round 4" {
		t.Errorf("now: %+v", v.Now)
	}
	var _ rules.Viewer = s
}
