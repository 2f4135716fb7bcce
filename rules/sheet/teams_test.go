package sheet

import (
	"encoding/json"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// tichu is two teams of two, scored one value per team, open rounds:
// rounds of -200 to 400, the highest team total winning.
func tichu() Definition {
	return Definition{ID: "tichu", Version: 1, Name: "Tichu", NameFA: "تیچو", MinPlayers: 4, MaxPlayers: 4, Negative: true,
		Rounds: &Rounds{Max: ptr(400), Min: ptr(-200)}, Teams: &Teams{Count: 2, Size: 2, Scores: ScoresByTeam}}
}

// trivia is teams of any size and number, each player scoring for the
// team, categories with a tie-break.
func trivia() Definition {
	return Definition{ID: "trivia", Version: 1, Name: "Trivia", MinPlayers: 2, MaxPlayers: 12,
		Categories: []Category{{ID: "art", Name: "Art"}, {ID: "bonus", Name: "Bonus", Max: ptr(5)}}, TieBreak: "bonus",
		Teams: &Teams{}}
}

func teamSetup(t *testing.T, d Definition, n int, teams any) (rules.State, error) {
	t.Helper()
	if err := d.Check(); err != nil {
		t.Fatalf("definition: %v", err)
	}
	raw, _ := json.Marshal(map[string]any{"teams": teams})
	if teams == nil {
		raw = nil
	}
	s, _, err := New(d).Setup(rulestest.Players(n), raw)
	return s, err
}

func wantRule(t *testing.T, err error, rule string) {
	t.Helper()
	v, ok := err.(*rules.ViolationError)
	if !ok || v.Rulings[0].Rule != rule || v.Rulings[0].Message.FA == "" {
		t.Fatalf("want %s, got %v", rule, err)
	}
	rulestest.Broke(rule)
}

// Teams are checked when a match starts: everyone in one team (a player
// in none, a player in two), the count and size the sheet fixes, and
// names that are no player of the match.
func TestTeamsAtSetup(t *testing.T) {
	_, err := teamSetup(t, tichu(), 4, [][]string{{"p1", "p2"}, {"p3"}})
	wantRule(t, err, "SHEET-TEAM-1") // p4 in no team
	_, err = teamSetup(t, tichu(), 4, [][]string{{"p1", "p2"}, {"p3", "p4", "p1"}})
	wantRule(t, err, "SHEET-TEAM-1") // p1 in two
	_, err = teamSetup(t, tichu(), 4, [][]string{{"p1"}, {"p2"}, {"p3", "p4"}})
	wantRule(t, err, "SHEET-TEAM-2") // three teams of a two-team sheet
	_, err = teamSetup(t, tichu(), 4, [][]string{{"p1", "p2", "p3"}, {"p4"}})
	wantRule(t, err, "SHEET-TEAM-2") // teams of 3 and 1 on a sheet of pairs
	_, err = teamSetup(t, trivia(), 3, [][]string{{"p1", "p2", "p3"}})
	wantRule(t, err, "SHEET-TEAM-2") // one team is no match
	for teams, field := range map[string]string{`[["p1","p9"],["p2","p3"]]`: "options.teams[0][1]", `[[],["p1","p2","p3"]]`: "options.teams[0]"} {
		_, _, err := New(trivia()).Setup(rulestest.Players(3), json.RawMessage(`{"teams":`+teams+`}`))
		if in, ok := err.(*rules.InputError); !ok || in.Fields[0].Field != field {
			t.Errorf("%s: want an error on %s, got %v", teams, field, err)
		}
	}
	if _, err := teamSetup(t, trivia(), 3, nil); err == nil {
		t.Error("a sheet played in teams started without teams")
	}
	if _, _, err := New(golf()).Setup(rulestest.Players(2), json.RawMessage(`{"teams":[["p1"],["p2"]]}`)); err == nil {
		t.Error("teams on a sheet without teams")
	}
	s, err := teamSetup(t, trivia(), 5, [][]string{{"p1", "p3", "p5"}, {"p2", "p4"}})
	if err != nil || len(s.(*State).Teams) != 2 {
		t.Fatalf("uneven teams of a sheet of any size: %v", err)
	}
}

// A sheet scored by team: one value per team, shared by its members;
// the winning team's members share first place.
func TestTeamScoredSheet(t *testing.T) {
	g := New(tichu())
	s, err := teamSetup(t, tichu(), 4, [][]string{{"p1", "p3"}, {"p2", "p4"}})
	if err != nil {
		t.Fatal(err)
	}
	rulestest.WantViolation(t, g, s, EvScoresRecorded, map[string]any{"round": 1, "scores": map[string]int{"team1": 100}}, "SHEET-ROW-1")
	rulestest.WantViolation(t, g, s, EvScoresRecorded, map[string]any{"round": 1, "scores": map[string]int{"team1": 500, "team2": 0}}, "SHEET-VALUE-1")
	rulestest.WantInputError(t, g, s, EvScoresRecorded, map[string]any{"round": 1, "scores": map[string]int{"team1": 100, "p2": 0}}, "data.scores.p2")
	s, _ = rulestest.MustApply(t, g, s, EvScoresRecorded, map[string]any{"round": 1, "scores": map[string]int{"team1": 300, "team2": -100}})
	s, _ = rulestest.MustApply(t, g, s, EvScoresRecorded, map[string]any{"round": 2, "scores": map[string]int{"team1": 20, "team2": 80}})
	s, notes := rulestest.MustApply(t, g, s, EvSheetFinished, map[string]any{})
	st := s.(*State)
	// Team 1: 300 + 20 = 320; team 2: -100 + 80 = -20.
	if st.TeamTotals["team1"] != 320 || st.TeamTotals["team2"] != -20 || st.Totals["p3"] != 320 || st.Rows[1].Scores["p4"] != 80 {
		t.Fatalf("totals %v, team totals %v, rows %+v", st.Totals, st.TeamTotals, st.Rows)
	}
	res := s.Result()
	places := map[string]int{}
	for _, p := range res.Placements {
		places[p.PlayerID] = p.Place
	}
	if places["p1"] != 1 || places["p3"] != 1 || places["p2"] != 3 || places["p4"] != 3 || len(res.Teams) != 2 || len(res.Winners) != 2 {
		t.Fatalf("result %+v", res)
	}
	if notes[0].Rule != "SHEET-TEAM-4" {
		t.Fatalf("notes %+v", notes)
	}
	rulestest.CheckStateJSON(t, s, "tichu")
}

// A sheet scored per player in teams: a team's total is its members'
// sum, and the tie-break category is summed too.
func TestPlayerScoredTeams(t *testing.T) {
	g := New(trivia())
	s, err := teamSetup(t, trivia(), 5, [][]string{{"p1", "p3", "p5"}, {"p2", "p4"}})
	if err != nil {
		t.Fatal(err)
	}
	s, _ = rulestest.MustApply(t, g, s, EvScoresRecorded, map[string]any{"category": "art", "scores": map[string]int{"p1": 1, "p2": 6, "p3": 2, "p4": 2, "p5": 3}})
	s, notes := rulestest.MustApply(t, g, s, EvScoresRecorded, map[string]any{"category": "bonus", "scores": map[string]int{"p1": 1, "p2": 0, "p3": 1, "p4": 1, "p5": 0}})
	// Team 1 (p1, p3, p5): art 1+2+3 = 6, bonus 1+1+0 = 2, total 8;
	// team 2 (p2, p4): art 6+2 = 8, bonus 0+1 = 1, total 9: team 2 wins.
	res := s.Result()
	if res.Winners[0] != "p2" || len(res.Winners) != 2 || s.(*State).TeamTotals["team1"] != 8 || s.(*State).TeamTotals["team2"] != 9 {
		t.Fatalf("result %+v, team totals %v", res, s.(*State).TeamTotals)
	}
	if notes[0].Rule != "SHEET-TEAM-4" {
		t.Fatalf("notes %+v", notes)
	}
	// Equal team totals, the summed bonus decides: team 1 has 2, team 2 has 1.
	s, _ = teamSetup(t, trivia(), 4, [][]string{{"p1", "p3"}, {"p2", "p4"}})
	s, _ = rulestest.MustApply(t, g, s, EvScoresRecorded, map[string]any{"category": "art", "scores": map[string]int{"p1": 3, "p2": 4, "p3": 3, "p4": 3}})
	s, notes = rulestest.MustApply(t, g, s, EvScoresRecorded, map[string]any{"category": "bonus", "scores": map[string]int{"p1": 1, "p2": 0, "p3": 1, "p4": 1}})
	if res := s.Result(); res.Winners[0] != "p1" || notes[0].Rule != "SHEET-RANK-2" {
		t.Fatalf("tie-break: %+v %+v", res, notes)
	}
}

// Final totals of a match in teams: teammates share a place.
func TestTeamFinalRecorded(t *testing.T) {
	g := New(tichu())
	s, _ := teamSetup(t, tichu(), 4, [][]string{{"p1", "p3"}, {"p2", "p4"}})
	rulestest.WantViolation(t, g, s, EvFinalRecorded, map[string]any{"scores": map[string]int{"team1": 1000, "team2": 600},
		"places": map[string]int{"p1": 1, "p2": 2, "p3": 2, "p4": 2}}, "SHEET-TEAM-3")
	done, _ := rulestest.MustApply(t, g, s, EvFinalRecorded, map[string]any{"scores": map[string]int{"team1": 600, "team2": 1000}})
	if res := done.Result(); res.Winners[0] != "p2" || res.Winners[1] != "p4" || done.(*State).Totals["p4"] != 1000 {
		t.Fatalf("by team totals: %+v", res)
	}
}

func TestTeamDefinitionChecks(t *testing.T) {
	base := func(tm Teams) *Definition {
		return &Definition{ID: "x1", Name: "X", MinPlayers: 2, MaxPlayers: 6, Rounds: &Rounds{Count: 3}, Teams: &tm}
	}
	for field, def := range map[string]*Definition{
		"teams.scores": base(Teams{Scores: "table"}),
		"teams.count":  base(Teams{Count: 1}),
		"teams.size":   base(Teams{Size: 4}),
		"teams":        base(Teams{Count: 4, Size: 2}),
	} {
		if in, ok := def.Check().(*rules.InputError); !ok || in.Fields[0].Field != field {
			t.Errorf("want an error on %s, got %v", field, def.Check())
		}
	}
	ok := base(Teams{Count: 3, Size: 2})
	if err := ok.Check(); err != nil {
		t.Fatal(err)
	}
}
