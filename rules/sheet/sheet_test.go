package sheet

import (
	"encoding/json"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// The coverage report reads the rule IDs of a game named "sheet".
func TestMain(m *testing.M) {
	d := wingspan()
	d.ID = "sheet"
	rulestest.Main(m, New(d))
}

func ptr(v int) *int { return &v }

// wingspan is a sheet of categories, highest total wins, eggs break ties.
func wingspan() Definition {
	return Definition{ID: "wingspan", Version: 1, Name: "Wingspan", NameFA: "بال‌گستر", MinPlayers: 1, MaxPlayers: 5,
		Categories: []Category{
			{ID: "birds", Name: "Birds", NameFA: "پرنده‌ها"},
			{ID: "bonus", Name: "Bonus cards", NameFA: "کارت‌های امتیازی"},
			{ID: "goals", Name: "End-of-round goals", NameFA: "هدف‌های پایان دور", Max: ptr(28)},
			{ID: "eggs", Name: "Eggs", NameFA: "تخم‌ها"},
		}, TieBreak: "eggs"}
}

// golf is nine rounds of strokes, each 1 to 10, the lowest total wins.
func golf() Definition {
	return Definition{ID: "mini-golf", Version: 1, Name: "Mini golf", NameFA: "گلف کوچک", MinPlayers: 2, MaxPlayers: 6,
		Rounds: &Rounds{Count: 9, Min: ptr(1), Max: ptr(10)}, LowestWins: true}
}

func setup(t *testing.T, d Definition, n int) (*Game, rules.State) {
	t.Helper()
	if err := d.Check(); err != nil {
		t.Fatalf("definition: %v", err)
	}
	g := New(d)
	s, _, err := g.Setup(rulestest.Players(n), nil)
	if err != nil {
		t.Fatal(err)
	}
	return g, s
}

func TestWingspanSheet(t *testing.T) {
	g, s := setup(t, wingspan(), 3)
	rec := func(cat string, a, b, c int) {
		t.Helper()
		s, _ = rulestest.MustApply(t, g, s, EvScoresRecorded, map[string]any{"category": cat, "scores": map[string]int{"p1": a, "p2": b, "p3": c}})
	}
	rulestest.WantViolation(t, g, s, EvScoresRecorded, map[string]any{"category": "goals", "scores": map[string]int{"p1": 30, "p2": 1, "p3": 1}}, "SHEET-VALUE-1")
	rulestest.WantViolation(t, g, s, EvScoresRecorded, map[string]any{"category": "birds", "scores": map[string]int{"p1": -1, "p2": 1, "p3": 1}}, "SHEET-VALUE-2")
	rulestest.WantViolation(t, g, s, EvScoresRecorded, map[string]any{"category": "birds", "scores": map[string]int{"p1": 1, "p2": 1}}, "SHEET-ROW-1")
	rulestest.WantInputError(t, g, s, EvScoresRecorded, map[string]any{"category": "fish", "scores": map[string]int{"p1": 1, "p2": 1, "p3": 1}}, "data.category")
	rulestest.WantInputError(t, g, s, EvScoresRecorded, map[string]any{"category": "birds", "scores": map[string]int{"p1": 1, "p2": 1, "p3": 1, "p9": 1}}, "data.scores.p9")
	rec("birds", 40, 38, 30)
	rulestest.WantViolation(t, g, s, EvScoresRecorded, map[string]any{"category": "birds", "scores": map[string]int{"p1": 1, "p2": 1, "p3": 1}}, "SHEET-ROW-2")
	rec("bonus", 7, 9, 12)
	rec("goals", 10, 10, 12)
	if s.Result() != nil {
		t.Fatal("finished before every category")
	}
	s, notes := rulestest.MustApply(t, g, s, EvScoresRecorded, map[string]any{"category": "eggs", "scores": map[string]int{"p1": 5, "p2": 7, "p3": 8}})
	// Totals 62, 64, 62: p2 wins; p1 and p3 tie on 62, eggs 5 against 8 put p3 second.
	res := s.Result()
	if res == nil || res.Winners[0] != "p2" || res.Placements[1].PlayerID != "p3" || res.Placements[1].Place != 2 || res.Placements[2].Place != 3 {
		t.Fatalf("result %+v, totals %v", res, s.Scores().Totals)
	}
	if len(notes) != 1 || notes[0].Rule != "SHEET-RANK-1" {
		t.Fatalf("notes %+v", notes)
	}
	if _, _, err := g.Apply(s, rulestest.Ev(t, EvScoresRecorded, map[string]any{"category": "eggs", "scores": map[string]int{}})); err == nil {
		t.Fatal("a finished sheet takes no more rows")
	}
}

func TestGolfSheet(t *testing.T) {
	g, s := setup(t, golf(), 2)
	rulestest.WantViolation(t, g, s, EvScoresRecorded, map[string]any{"round": 2, "scores": map[string]int{"p1": 3, "p2": 4}}, "SHEET-ROUND-1")
	rulestest.WantViolation(t, g, s, EvScoresRecorded, map[string]any{"round": 1, "scores": map[string]int{"p1": 0, "p2": 4}}, "SHEET-VALUE-1")
	strokes := [][2]int{{3, 4}, {2, 2}, {5, 3}, {4, 4}, {3, 5}, {2, 3}, {4, 4}, {3, 2}, {4, 3}}
	for i, r := range strokes {
		s, _ = rulestest.MustApply(t, g, s, EvScoresRecorded, map[string]any{"round": i + 1, "scores": map[string]int{"p1": r[0], "p2": r[1]}})
		if i == 0 {
			rulestest.WantViolation(t, g, s, EvScoresRecorded, map[string]any{"round": 1, "scores": map[string]int{"p1": 3, "p2": 4}}, "SHEET-ROW-2")
		}
	}
	// 30 strokes against 30: a tie, both first.
	if res := s.Result(); res == nil || len(res.Winners) != 2 {
		t.Fatalf("result %+v totals %v", res, s.Scores().Totals)
	}
	_, s2 := setup(t, Definition{ID: "open-golf", Name: "Open golf", MinPlayers: 2, MaxPlayers: 2, Rounds: &Rounds{Max: ptr(10)}, LowestWins: true}, 2)
	g2 := New(Definition{ID: "open-golf", Name: "Open golf", MinPlayers: 2, MaxPlayers: 2, Rounds: &Rounds{Max: ptr(10)}, LowestWins: true})
	rulestest.WantViolation(t, g2, s2, EvSheetFinished, map[string]any{}, "SHEET-FINISH-1")
	s2, _ = rulestest.MustApply(t, g2, s2, EvScoresRecorded, map[string]any{"round": 1, "scores": map[string]int{"p1": 3, "p2": 2}})
	s2, _ = rulestest.MustApply(t, g2, s2, EvSheetFinished, map[string]any{})
	if res := s2.Result(); res.Winners[0] != "p2" {
		t.Fatalf("lowest wins: %+v", res)
	}
	g3, s3 := setup(t, golf(), 2)
	rulestest.WantViolation(t, g3, s3, EvScoresRecorded, map[string]any{"round": 10, "scores": map[string]int{"p1": 3, "p2": 4}}, "SHEET-ROUND-2")
}

func TestFinalRecorded(t *testing.T) {
	g, s := setup(t, golf(), 3)
	rulestest.WantViolation(t, g, s, EvFinalRecorded, map[string]any{"scores": map[string]int{"p1": 30, "p2": 31}}, "SHEET-ROW-1")
	done, _ := rulestest.MustApply(t, g, s, EvFinalRecorded, map[string]any{"scores": map[string]int{"p1": 30, "p2": 31, "p3": 29}})
	if res := done.Result(); res.Winners[0] != "p3" || res.Placements[2].PlayerID != "p2" {
		t.Fatalf("by totals: %+v", res)
	}
	done, _ = rulestest.MustApply(t, g, s, EvFinalRecorded, map[string]any{"scores": map[string]int{"p1": 30, "p2": 31, "p3": 29}, "places": map[string]int{"p1": 1, "p2": 1, "p3": 3}})
	if res := done.Result(); len(res.Winners) != 2 || res.Placements[2].PlayerID != "p3" {
		t.Fatalf("by places: %+v", res)
	}
	mid, _ := rulestest.MustApply(t, g, s, EvScoresRecorded, map[string]any{"round": 1, "scores": map[string]int{"p1": 3, "p2": 3, "p3": 3}})
	rulestest.WantViolation(t, g, mid, EvFinalRecorded, map[string]any{"scores": map[string]int{"p1": 30, "p2": 31, "p3": 29}}, "SHEET-FINAL-1")
	_, _, err := New(wingspan()).Setup(rulestest.Players(6), nil)
	var v *rules.ViolationError
	if !asViolation(err, &v) || v.Rulings[0].Rule != "SHEET-PLAYERS-1" {
		t.Fatalf("six at a five-player sheet: %v", err)
	}
	rulestest.Broke("SHEET-PLAYERS-1")
}

func asViolation(err error, v **rules.ViolationError) bool {
	e, ok := err.(*rules.ViolationError)
	*v = e
	return ok
}

func TestDefinitionChecks(t *testing.T) {
	bad := []struct {
		name  string
		def   Definition
		field string
	}{
		{"no rows", Definition{ID: "x1", Name: "X", MinPlayers: 2, MaxPlayers: 4}, "rounds"},
		{"both kinds", Definition{ID: "x1", Name: "X", MinPlayers: 2, MaxPlayers: 4, Rounds: &Rounds{Count: 3}, Categories: []Category{{ID: "a", Name: "A"}}}, "categories"},
		{"no name", Definition{ID: "x1", MinPlayers: 2, MaxPlayers: 4, Rounds: &Rounds{Count: 3}}, "name"},
		{"bad id", Definition{ID: "X!", Name: "X", MinPlayers: 2, MaxPlayers: 4, Rounds: &Rounds{Count: 3}}, "id"},
		{"range upside down", Definition{ID: "x1", Name: "X", MinPlayers: 2, MaxPlayers: 4, Rounds: &Rounds{Min: ptr(5), Max: ptr(1)}}, "rounds.max"},
		{"negative min on a non-negative sheet", Definition{ID: "x1", Name: "X", MinPlayers: 2, MaxPlayers: 4, Rounds: &Rounds{Min: ptr(-5)}}, "rounds.min"},
		{"unknown tie-break", Definition{ID: "x1", Name: "X", MinPlayers: 2, MaxPlayers: 4, Categories: []Category{{ID: "a", Name: "A"}}, TieBreak: "b"}, "tie_break"},
		{"players", Definition{ID: "x1", Name: "X", MinPlayers: 3, MaxPlayers: 2, Rounds: &Rounds{Count: 3}}, "max_players"},
	}
	for _, c := range bad {
		err := c.def.Check()
		in, ok := err.(*rules.InputError)
		if !ok || in.Fields[0].Field != c.field {
			t.Errorf("%s: want an error on %s, got %v", c.name, c.field, err)
		}
	}
	if Slug("Ticket to Ride: Europe") != "ticket-to-ride-europe" || Slug("بال‌گستر") != "" {
		t.Fatal("slug")
	}
}

// The states a sheet reaches marshal as the API serves them.
func TestStateJSON(t *testing.T) {
	g, s := setup(t, wingspan(), 2)
	s, _ = rulestest.MustApply(t, g, s, EvScoresRecorded, map[string]any{"category": "birds", "scores": map[string]int{"p1": 4, "p2": 5}})
	b, err := json.Marshal(s)
	if err != nil || string(b) != `{"players":[{"id":"p1","name":"P1"},{"id":"p2","name":"P2"}],"rows":[{"category":"birds","scores":{"p1":4,"p2":5}}],"totals":{"p1":4,"p2":5},"finished":false}` {
		t.Fatalf("%s %v", b, err)
	}
}

// A subject named in Persian keeps its first letter whole.
func TestCapitalizeKeepsWholeLetters(t *testing.T) {
	for in, want := range map[string]string{"پرنده‌ها": "پرنده‌ها", "round 3": "Round 3", "": ""} {
		if got := capitalize(in); got != want {
			t.Errorf("capitalize(%q) = %q", in, got)
		}
	}
}
