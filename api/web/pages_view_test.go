package web

import (
	"fmt"
	"testing"
)

// The generic score sheet reads each game's rows.
func TestSheetAndRunningTotals(t *testing.T) {
	L := labelsIn("en")
	players := []seatBody{{ID: "a", Name: "Ann"}, {ID: "b", Name: "Bo"}}
	ids := []string{"a", "b"}
	wizardRows := []map[string]any{
		{"round": 1, "dealer": "a", "trump": "red", "bids": map[string]int{"a": 0, "b": 1}, "tricks": map[string]int{"a": 0, "b": 0},
			"points": map[string]int{"a": 20, "b": -10}, "totals": map[string]int{"a": 20, "b": -10}},
		{"round": 2, "dealer": "b", "trump": "none", "bids": map[string]int{"a": 1, "b": 1}, "tricks": map[string]int{"a": 1, "b": 1},
			"points": map[string]int{"a": 30, "b": 30}, "totals": map[string]int{"a": 50, "b": 20}, "voided": true},
	}
	v := buildSheet(wizardRows, players, L, "en")
	if v.LabelHeader != "Round" || !v.PlayerCells || v.SubHeader != "bid / won" || len(v.Rows) != 2 {
		t.Fatalf("wizard sheet: %+v", v)
	}
	if c := v.Rows[0].Cells[1]; c.Main != "-10" || !c.Neg || c.Sub != "1 / 0" {
		t.Errorf("wizard cell: %+v", c)
	}
	if v.Rows[0].Details != "dealer: Ann · trump: red" || !v.Rows[1].Voided {
		t.Errorf("wizard details %q, voided %v", v.Rows[0].Details, v.Rows[1].Voided)
	}
	if s, _ := runningTotals(wizardRows, ids); fmt.Sprint(s) != "[[0 20 50] [0 -10 20]]" {
		t.Errorf("wizard running totals %v", s)
	}
	// Points without totals are summed; levels are already running.
	silverish := []map[string]any{{"round": 1, "points": map[string]int{"a": 5, "b": 7}}, {"round": 2, "points": map[string]int{"a": 1, "b": 2}}}
	if s, _ := runningTotals(silverish, ids); fmt.Sprint(s) != "[[0 5 6] [0 7 9]]" {
		t.Errorf("summed totals %v", s)
	}
	munchkinish := []map[string]any{{"turn": 1, "player": "a", "levels": map[string]int{"a": 2, "b": 1}}}
	if v := buildSheet(munchkinish, players, labelsIn("fa"), "fa"); v.LabelHeader != "نوبت" || v.Rows[0].Cells[0].Main != "۲" || v.Rows[0].Details != "بازیکن: Ann" {
		t.Errorf("munchkin sheet: %+v", v)
	}
	if s, levels := runningTotals(munchkinish, ids); fmt.Sprint(s) != "[[1 2] [1 1]]" || !levels {
		t.Errorf("levels %v (%v): they start at level 1", s, levels)
	}
	// Wazabi: points is a number, the cells are the dice left.
	wazabiish := []map[string]any{{"hand": 1, "winner": "b", "points": 3, "dice_left": map[string]int{"a": 3, "b": 0}}}
	if v := buildSheet(wazabiish, players, L, "en"); v.Rows[0].Cells[0].Main != "3" || v.Rows[0].Details != "points: 3 · winner: Bo" {
		t.Errorf("wazabi sheet: %+v", v)
	}
	if s, _ := runningTotals(wazabiish, ids); s != nil {
		t.Errorf("wazabi running totals %v, want none", s)
	}
	// A score sheet: rows of categories labelled by their IDs, a row's
	// scores as the cells and summed for the running totals.
	sheetish := []map[string]any{{"category": "birds", "scores": map[string]int{"a": 40, "b": 38}}, {"category": "eggs", "scores": map[string]int{"a": 5, "b": 7}}}
	if v := buildSheet(sheetish, players, labelsIn("fa"), "fa"); v.Rows[1].Label != "eggs" || v.Rows[0].Cells[1].Main != "۳۸" || v.Rows[0].Details != "" {
		t.Errorf("score sheet: %+v", v)
	}
	if s, _ := runningTotals(sheetish, ids); fmt.Sprint(s) != "[[0 40 45] [0 38 45]]" {
		t.Errorf("score sheet running totals %v", s)
	}
	if v := buildSheet([]int{2, 3}, players, L, "en"); v.PlayerCells || !v.Details || v.Rows[1].Details != "3" {
		t.Errorf("scalar rows: %+v", v)
	}
}

func TestFormatNum(t *testing.T) {
	for _, c := range []struct {
		lang string
		v    float64
		d    int
		want string
	}{
		{"en", -10, 0, "-10"}, {"fa", -10, 0, "−۱۰"}, {"fa", 12.5, 1, "۱۲٫۵"}, {"en", -0.01, 1, "0.0"}, {"en", 2.25, -1, "2.25"},
	} {
		if got := formatNum(c.lang, c.v, c.d); got != c.want {
			t.Errorf("formatNum(%s, %v, %d) = %q, want %q", c.lang, c.v, c.d, got, c.want)
		}
	}
}
