package api

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/motamed/motamed/rules/all"
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

// matchFacts is what a refusal must leave as it was: the match's version,
// totals and stored events.
func (s *testServer) matchFacts(t *testing.T, id string) string {
	t.Helper()
	m := s.must(t, 200, "GET", "/v1/matches/"+id, nil)
	raw, _ := json.Marshal([]any{m["version"], m["scores"], m["status"], s.count(t, "events"), s.count(t, "matches")})
	return string(raw)
}

// wantRefused checks a refusal: its status, the rule in English and
// Persian, and that the match is as it was.
func (s *testServer) wantRefused(t *testing.T, match string, status int, rule, method, path string, body any) map[string]any {
	t.Helper()
	before := s.matchFacts(t, match)
	for _, lang := range []string{"en", "fa"} {
		r := s.do(method, path, body, "Accept-Language", lang)
		var prob map[string]any
		_ = json.Unmarshal(r.body, &prob)
		vs, _ := prob["violations"].([]any)
		if r.status != status || len(vs) == 0 || vs[0].(map[string]any)["rule"] != rule || hasPersian(vs[0].(map[string]any)["message"].(string)) != (lang == "fa") {
			t.Fatalf("%s %s (%s): %d %s, want %d %s", method, path, lang, r.status, r.body, status, rule)
		}
		if after := s.matchFacts(t, match); after != before {
			t.Fatalf("a refusal changed the match: %s, was %s", after, before)
		}
		if lang == "fa" {
			return prob
		}
	}
	return nil
}

// A Wingspan-like sheet of categories in a league: defined by an admin,
// listed with its definition, a value out of its row's range refused in
// both languages with nothing stored, a row replaced and a row voided
// through the correction routes, and the standings and ratings as counted
// by hand.
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
	s.wantRefused(t, m1, 422, "SHEET-VALUE-1", "POST", "/v1/matches/"+m1+"/events", scoresEvent("category", "goals", row(30, 10, 12)))
	// Sara's bonus is written down as 1 (event 2) and replaced by 7.
	s.must(t, 201, "POST", "/v1/matches/"+m1+"/events", scoresEvent("category", "bonus", row(1, 9, 12)))
	s.wantRefused(t, m1, 422, "SHEET-VALUE-2", "PUT", "/v1/matches/"+m1+"/events/2", scoresEvent("category", "bonus", row(-7, 9, 12)))
	s.must(t, 200, "PUT", "/v1/matches/"+m1+"/events/2", scoresEvent("category", "bonus", row(7, 9, 12)))
	for _, ev := range []map[string]any{scoresEvent("category", "goals", row(10, 10, 12)), scoresEvent("category", "eggs", row(5, 7, 8))} {
		s.must(t, 201, "POST", "/v1/matches/"+m1+"/events", ev)
	}
	// Totals 40+7+10+5 = 62, 38+9+10+7 = 64, 30+12+12+8 = 62: رضا first;
	// Sara and Kian tie on 62, Kian's 8 eggs beat Sara's 5.
	m := s.must(t, 200, "GET", "/v1/matches/"+m1, nil)
	if tot := m["scores"].(map[string]any)["totals"].(map[string]any); m["status"] != "finished" || tot[p[0]] != 62.0 || tot[p[1]] != 64.0 || tot[p[2]] != 62.0 {
		t.Fatalf("match: %v", m)
	}
	// Its page carries the sheet its script draws: a row per category,
	// named in each language the definition names it in (else in its
	// English name), a cell per player.
	for _, lang := range []string{"en", "fa"} {
		boot := bootOf(t, string(s.do("GET", "/matches/"+m1+"?lang="+lang, nil).body))
		view, _ := boot["match"].(map[string]any)["view"].(map[string]any)
		if view == nil {
			t.Fatalf("%s: the match page carries no view of the sheet: %v", lang, boot["match"])
		}
		rows := view["sheet"].(map[string]any)["rows"].([]any)
		label := func(i int) map[string]any { return rows[i].(map[string]any)["label"].(map[string]any) }
		cell := func(i int, pl string) any {
			return rows[i].(map[string]any)["cells"].(map[string]any)[pl].(map[string]any)["value"]
		}
		if len(rows) != 4 || label(0)["en"] != "Birds" || label(0)["fa"] != "پرنده‌ها" || cell(0, p[0]) != 40.0 ||
			label(1)["en"] != "Bonus cards" || label(1)["fa"] != "Bonus cards" || cell(1, p[0]) != 7.0 {
			t.Errorf("%s: the match page's sheet: %v", lang, rows)
		}
	}
	// Match 2: goals are first recorded for the wrong game (event 2); the
	// bonus row after them stands, so event 2 is voided and goals recorded
	// again.
	m2 := s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "wingspan", "players": p, "league_id": lg})["id"].(string)
	for _, ev := range []map[string]any{scoresEvent("category", "birds", row(50, 30, 30)), scoresEvent("category", "goals", row(28, 0, 0)),
		scoresEvent("category", "bonus", row(5, 5, 5))} {
		s.must(t, 201, "POST", "/v1/matches/"+m2+"/events", ev)
	}
	s.must(t, 200, "POST", "/v1/matches/"+m2+"/events/2/void", nil)
	for _, ev := range []map[string]any{scoresEvent("category", "goals", row(10, 10, 10)), scoresEvent("category", "eggs", row(3, 4, 4))} {
		s.must(t, 201, "POST", "/v1/matches/"+m2+"/events", ev)
	}
	// Match 2: Sara 50+5+10+3 = 68 first; رضا and Kian 30+5+10+4 = 49 with
	// 4 eggs each: tied second.
	rows := standingsRows(t, s, lg)
	// Placement points of 3 sides: 2/1/0; a tie for second shares (1+0)/2.
	want := map[string]float64{p[0]: 0 + 2, p[1]: 2 + 0.5, p[2]: 1 + 0.5}
	for id, pts := range want {
		if got := rows[id]["points"].(float64); !near(got, pts) {
			t.Errorf("%s: %v points, want %v", id, got, pts)
		}
	}
	// OpenSkill (docs/ratings.md) worked through by hand for the ranks
	// (3, 1, 2) and then (1, 2, 2): match 1 has c² = 3 × (625/9 + 625/36)
	// = 3125/12 and moves Sara to 21.41390, رضا to 27.86888, Kian to
	// 25.71722; match 2, from those, ends at these.
	for i, mu := range []float64{24.449418115, 26.043114711, 24.442628395} {
		if got := rows[p[i]]["mu"].(float64); math.Abs(got-mu) > 1e-8 {
			t.Errorf("%s: mu %v, want %v", p[i], got, mu)
		}
	}
}

// A golf-like sheet of rounds where the lowest total wins: a stroke count
// out of range refused with nothing stored, a finished match whose first
// round is corrected through PUT (its void refused: the next round would
// break), and the standings, OpenSkill and Elo counted by hand.
func TestGolfSheetLeague(t *testing.T) {
	s := newTestServer(t, all.Registry().All()...)
	s.must(t, 201, "POST", "/v1/games", golfSheet)
	lg := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "Putters", "game": "mini-golf"})["id"].(string)
	p := []string{s.player(t, "Sara"), s.player(t, "رضا")}
	play := func(strokes [][2]int) string {
		id := s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "mini-golf", "players": p, "league_id": lg})["id"].(string)
		for i, st := range strokes {
			s.must(t, 201, "POST", "/v1/matches/"+id+"/events", scoresEvent("round", i+1, map[string]int{p[0]: st[0], p[1]: st[1]}))
		}
		return id
	}
	short := play([][2]int{{3, 4}})
	s.wantRefused(t, short, 422, "SHEET-VALUE-1", "POST", "/v1/matches/"+short+"/events", scoresEvent("round", 2, map[string]int{p[0]: 0, p[1]: 3}))
	s.wantRefused(t, short, 422, "SHEET-ROUND-1", "POST", "/v1/matches/"+short+"/events", scoresEvent("round", 3, map[string]int{p[0]: 3, p[1]: 3}))
	nine := func(first, last [2]int) [][2]int {
		out := make([][2]int, 9)
		for i := range out {
			out[i] = [2]int{3, 3}
		}
		out[0], out[8] = first, last
		return out
	}
	// Match 1 as written down: Sara 9 + 7×3 + 2 = 32, رضا 3 + 7×3 + 4 = 28.
	first := play(nine([2]int{9, 3}, [2]int{2, 4}))
	if w := s.must(t, 200, "GET", "/v1/matches/"+first, nil)["result"].(map[string]any)["winners"].([]any); w[0] != p[1] {
		t.Fatalf("winners as written down: %v", w)
	}
	prob := s.wantRefused(t, first, 422, "SHEET-ROUND-1", "POST", "/v1/matches/"+first+"/events/1/void", nil)
	if prob["breaks_at"] != 2.0 {
		t.Fatalf("the void breaks round 2: %v", prob)
	}
	s.wantRefused(t, first, 422, "SHEET-VALUE-1", "PUT", "/v1/matches/"+first+"/events/1", scoresEvent("round", 1, map[string]int{p[0]: 11, p[1]: 3}))
	// Sara's first hole took 3: 26 against 28, Sara wins match 1.
	s.must(t, 200, "PUT", "/v1/matches/"+first+"/events/1", scoresEvent("round", 1, map[string]int{p[0]: 3, p[1]: 3}))
	if w := s.must(t, 200, "GET", "/v1/matches/"+first, nil)["result"].(map[string]any)["winners"].([]any); len(w) != 1 || w[0] != p[0] {
		t.Fatalf("winners after the correction: %v", w)
	}
	play(nine([2]int{3, 3}, [2]int{5, 3})) // Sara 29, رضا 27: رضا wins
	for _, page := range []string{"/matches/" + first, "/leagues/" + lg, "/matches/" + first + "?lang=fa"} {
		if r := s.do("GET", page, nil); r.status != 200 {
			t.Errorf("%s: %d %s", page, r.status, r.body)
		}
	}
	// Its export to BG Stats says the lowest total wins.
	var exp BGStatsExport
	if err := json.Unmarshal(s.do("GET", "/v1/leagues/"+lg+"/export?format=bgstats", nil).body, &exp); err != nil || exp.Games[0].HighestWins || len(exp.Plays) != 2 {
		t.Errorf("export: %+v %v", exp, err)
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
	// OpenSkill by hand: two sides of one player each (handTwoSides), Sara
	// then رضا winning. Match 1: c² = 2 × (625/9 + 625/36) = 3125/18,
	// p = 1/2, so 25 ± (625/9)/√(3125/18)/2 = 25 ± 2.63523.
	h := []*handRating{{25, 625.0 / 9}, {25, 625.0 / 9}}
	handTwoSides(h[:1], h[1:])
	if math.Abs(h[0].mu-27.63523) > 1e-5 {
		t.Fatalf("the hand count itself: %v", h[0].mu)
	}
	handTwoSides(h[1:], h[:1])
	for i := range p {
		if got := rows[p[i]]["mu"].(float64); !near(got, h[i].mu) {
			t.Errorf("%s: mu %v, want %v", p[i], got, h[i].mu)
		}
	}
	if rows[p[0]]["points"].(float64) != 1 || rows[p[1]]["points"].(float64) != 1 || rows[p[0]]["played"].(float64) != 2 {
		t.Errorf("rows %v", rows)
	}
}
