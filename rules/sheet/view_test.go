package sheet

import (
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// TestViewNamesCategoriesAndAddsUp: a sheet of categories shows each row by
// its name in both languages, and after every row the cells add up.
func TestViewNamesCategoriesAndAddsUp(t *testing.T) {
	g, s := setup(t, wingspan(), 3)
	players := rulestest.Players(3)
	for i, cat := range []string{"birds", "eggs", "goals"} {
		s, _ = rulestest.MustApply(t, g, s, EvScoresRecorded, map[string]any{"category": cat, "scores": map[string]int{"p1": i + 3, "p2": 7, "p3": 2 * i}})
		v := s.(rules.Viewer).View()
		if err := v.Sheet.Check(players); err != nil {
			t.Fatal(err)
		}
	}
	v := s.(rules.Viewer).View()
	if got := v.Sheet.Rows[1].Label; got != rules.T("Eggs", "تخم‌ها") {
		t.Errorf("row 2 is labelled %+v, want the category's names", got)
	}
	if v.Sheet.RowHeader.EN != "Category" || v.Now == nil || v.Now.Next.EN == "" {
		t.Errorf("header %+v, now %+v", v.Sheet.RowHeader, v.Now)
	}
	want := rules.FixTarget{Field: "value", Player: "p1", At: "eggs", Entry: "scores", Value: "4", Label: rules.T("Score", "امتیاز")}
	if fix := v.Sheet.Rows[1].Cells["p1"].Fix; len(fix) != 1 || fix[0] != want {
		t.Errorf("the eggs cell of p1 offers to fix %+v, want %+v", fix, want)
	}
}
