package api

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/motamed/motamed/rules/all"
	"github.com/motamed/motamed/scoring"
)

// wingspanSheet is a sheet of categories, the highest total winning, eggs
// breaking ties.
var wingspanSheet = map[string]any{"name": "Wingspan", "name_fa": "بال‌گستر", "min_players": 1, "max_players": 5,
	"categories": []map[string]any{{"id": "birds", "name": "Birds", "name_fa": "پرنده‌ها"}, {"id": "bonus", "name": "Bonus cards"},
		{"id": "goals", "name": "End-of-round goals", "max": 28}, {"id": "eggs", "name": "Eggs", "name_fa": "تخم‌ها"}},
	"tie_break": "eggs"}

// golfSheet is nine rounds of 1 to 10 strokes, the lowest total winning.
var golfSheet = map[string]any{"id": "mini-golf", "name": "Mini golf", "name_fa": "گلف کوچک",
	"rounds": map[string]any{"count": 9, "min": 1, "max": 10}, "lowest_wins": true}

func scoresEvent(key string, row any, scores map[string]int) map[string]any {
	return map[string]any{"type": "scores_recorded", "data": map[string]any{key: row, "scores": scores}}
}

func standingsRows(t *testing.T, s *testServer, league string) map[string]map[string]any {
	t.Helper()
	out := map[string]map[string]any{}
	for _, r := range s.must(t, 200, "GET", "/v1/leagues/"+league+"/standings", nil)["rows"].([]any) {
		row := r.(map[string]any)
		out[row["player_id"].(string)] = row
	}
	return out
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-6 }

// A Wingspan-like sheet of categories in a league: defined by an admin,
// listed with its definition, a value out of its row's range refused in
// both languages with nothing stored, a row corrected by undo, and the
// standings and ratings as counted by hand.
func TestWingspanSheetLeague(t *testing.T) {
	s := newTestServer(t, all.Registry().All()...)
	g := s.must(t, 201, "POST", "/v1/games", wingspanSheet)
	if g["id"] != "wingspan" || g["sheet"].(map[string]any)["version"] != 1.0 {
		t.Fatalf("created %v", g)
	}
	s.must(t, 409, "POST", "/v1/games", wingspanSheet)
	s.must(t, 409, "POST", "/v1/games", map[string]any{"id": "wizard", "name": "Wizard", "rounds": map[string]any{"count": 3}})
	listed := false
	for _, x := range s.must(t, 200, "GET", "/v1/games", nil)["games"].([]any) {
		listed = listed || x.(map[string]any)["id"] == "wingspan" && x.(map[string]any)["sheet"] != nil
	}
	if !listed {
		t.Fatal("GET /v1/games does not list the sheet with its definition")
	}
	lg := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "Birders", "game": "wingspan"})["id"].(string)
	p := []string{s.player(t, "Sara"), s.player(t, "رضا"), s.player(t, "Kian")}
	m1 := s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "wingspan", "players": p, "league_id": lg})["id"].(string)
	row := func(a, b, c int) map[string]int { return map[string]int{p[0]: a, p[1]: b, p[2]: c} }
	s.must(t, 201, "POST", "/v1/matches/"+m1+"/events", scoresEvent("category", "birds", row(40, 38, 30)))
	r := s.do("POST", "/v1/matches/"+m1+"/events?lang=fa", scoresEvent("category", "goals", row(30, 10, 12)))
	var prob Problem
	_ = json.Unmarshal(r.body, &prob)
	if r.status != 422 || len(prob.Violations) == 0 || prob.Violations[0].Rule != "SHEET-VALUE-1" || !hasPersian(prob.Violations[0].Message) || !hasPersian(prob.Violations[0].Title) {
		t.Fatalf("a goal score of 30 on a row of at most 28: %d %s", r.status, r.body)
	}
	if n := s.count(t, "events"); n != 1 {
		t.Fatalf("%d events stored after a refusal", n)
	}
	s.must(t, 201, "POST", "/v1/matches/"+m1+"/events", scoresEvent("category", "bonus", row(1, 9, 12))) // a slip
	s.must(t, 200, "POST", "/v1/matches/"+m1+"/undo", nil)
	for _, ev := range []map[string]any{scoresEvent("category", "bonus", row(7, 9, 12)), scoresEvent("category", "goals", row(10, 10, 12)), scoresEvent("category", "eggs", row(5, 7, 8))} {
		s.must(t, 201, "POST", "/v1/matches/"+m1+"/events", ev)
	}
	// Totals 62, 64, 62: رضا first; Sara and Kian tie, Kian's 8 eggs beat Sara's 5.
	m := s.must(t, 200, "GET", "/v1/matches/"+m1, nil)
	if m["status"] != "finished" {
		t.Fatalf("match: %v", m)
	}
	m2 := s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "wingspan", "players": p, "league_id": lg})["id"].(string)
	for _, ev := range []map[string]any{scoresEvent("category", "birds", row(50, 30, 30)), scoresEvent("category", "bonus", row(5, 5, 5)),
		scoresEvent("category", "goals", row(10, 10, 10)), scoresEvent("category", "eggs", row(3, 4, 4))} {
		s.must(t, 201, "POST", "/v1/matches/"+m2+"/events", ev)
	}
	// Match 2: Sara 68 first, رضا and Kian 49 with 4 eggs each: tied second.
	rows := standingsRows(t, s, lg)
	// Placement points of 3 sides: 2/1/0; a tie for second shares (1+0)/2.
	want := map[string]float64{p[0]: 0 + 2, p[1]: 2 + 0.5, p[2]: 1 + 0.5}
	for id, pts := range want {
		if got := rows[id]["points"].(float64); !near(got, pts) {
			t.Errorf("%s: %v points, want %v", id, got, pts)
		}
	}
	// The ratings: the same two rankings through OpenSkill by themselves.
	model := scoring.DefaultPlackettLuce()
	rt := [][]scoring.Rating{{model.NewRating()}, {model.NewRating()}, {model.NewRating()}}
	rt, _ = model.Rate(rt, []float64{3, 1, 2})
	rt, _ = model.Rate(rt, []float64{1, 2, 2})
	for i, id := range p {
		if got := rows[id]["mu"].(float64); !near(got, rt[i][0].Mu) {
			t.Errorf("%s: mu %v, want %v", id, got, rt[i][0].Mu)
		}
	}
}

// A golf-like sheet of rounds where the lowest total wins: a stroke count
// out of range refused, a round corrected, and Elo counted by hand.
func TestGolfSheetLeague(t *testing.T) {
	s := newTestServer(t, all.Registry().All()...)
	s.must(t, 201, "POST", "/v1/games", golfSheet)
	lg := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "Putters", "game": "mini-golf"})["id"].(string)
	p := []string{s.player(t, "Sara"), s.player(t, "رضا")}
	play := func(strokes [][2]int, correct bool) string {
		id := s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "mini-golf", "players": p, "league_id": lg})["id"].(string)
		for i, st := range strokes {
			ev := scoresEvent("round", i+1, map[string]int{p[0]: st[0], p[1]: st[1]})
			if correct && i == 0 {
				r := s.do("POST", "/v1/matches/"+id+"/events", scoresEvent("round", 1, map[string]int{p[0]: 0, p[1]: st[1]}))
				if r.status != 422 {
					t.Fatalf("0 strokes: %d %s", r.status, r.body)
				}
				s.must(t, 201, "POST", "/v1/matches/"+id+"/events", scoresEvent("round", 1, map[string]int{p[0]: 9, p[1]: st[1]}))
				s.must(t, 200, "POST", "/v1/matches/"+id+"/undo", nil)
			}
			s.must(t, 201, "POST", "/v1/matches/"+id+"/events", ev)
		}
		return id
	}
	r := s.do("POST", "/v1/matches/"+play([][2]int{{3, 4}}, false)+"/events", scoresEvent("round", 3, map[string]int{p[0]: 3, p[1]: 3}))
	if r.status != 422 {
		t.Fatalf("round 3 after round 1: %d %s", r.status, r.body)
	}
	nine := func(a, b int) [][2]int {
		out := make([][2]int, 9)
		for i := range out {
			out[i] = [2]int{3, 3}
		}
		out[8] = [2]int{a, b}
		return out
	}
	first := play(nine(2, 4), true) // Sara 26, رضا 28: Sara wins with fewer strokes
	play(nine(5, 3), false)         // Sara 29, رضا 27: رضا wins
	for _, page := range []string{"/matches/" + first, "/leagues/" + lg, "/matches/" + first + "?lang=fa"} {
		if r := s.do("GET", page, nil); r.status != 200 {
			t.Errorf("%s: %d %s", page, r.status, r.body)
		}
	}
	rows := standingsRows(t, s, lg)
	// Elo by hand: 1500 each; Sara wins: 1516 / 1484. Then رضا wins: he
	// expected 1/(1+10^(32/400)) = 0.45402, so he gains 32 × 0.54598.
	e := 1 / (1 + math.Pow(10, 32.0/400))
	if got := rows[p[1]]["elo"].(float64); math.Abs(got-(1484+32*(1-e))) > 1e-6 {
		t.Errorf("رضا's Elo %v, want %v", got, 1484+32*(1-e))
	}
	if got := rows[p[0]]["elo"].(float64); math.Abs(got-(1516-32*(1-e))) > 1e-6 {
		t.Errorf("Sara's Elo %v, want %v", got, 1516-32*(1-e))
	}
	if rows[p[0]]["points"].(float64) != 1 || rows[p[1]]["points"].(float64) != 1 || rows[p[0]]["played"].(float64) != 2 {
		t.Errorf("rows %v", rows)
	}
}
