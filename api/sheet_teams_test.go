package api

import (
	"encoding/json"
	"math"
	"testing"
	"time"

	"github.com/motamed/motamed/rules/all"
)

// tichuSheet is played by two teams of two, one score per team in each
// round, open rounds from -200 to 400.
var tichuSheet = map[string]any{"name": "Tichu", "name_fa": "تیچو", "min_players": 4, "max_players": 4, "negative": true,
	"rounds": map[string]any{"count": 0, "min": -200, "max": 400}, "teams": map[string]any{"count": 2, "size": 2, "scores": "team"}}

// Written out by hand for a match of two sides, from the formulas of
// docs/ratings.md (mu 25, sigma 25/3, beta 25/6): with c² the sum over
// both sides of (the side's sigma² + beta²) and p the winning side's
// chance exp(mu_w/c) / (exp(mu_w/c) + exp(mu_l/c)), every winner's mu
// rises by sigma²/c × (1 - p) and every loser's falls by as much; each
// sigma² is multiplied by 1 - sigma²/side_sigma² × p(1-p) × side_sigma²/c²
// × side_sigma/c.
type handRating struct{ mu, sigma2 float64 }

func handTwoSides(win, lose []*handRating) {
	const beta2 = (25.0 / 6) * (25.0 / 6)
	side := func(s []*handRating) (mu, s2 float64) {
		for _, r := range s {
			mu, s2 = mu+r.mu, s2+r.sigma2
		}
		return
	}
	muW, s2W := side(win)
	muL, s2L := side(lose)
	c2 := s2W + beta2 + s2L + beta2
	c := math.Sqrt(c2)
	p := math.Exp(muW/c) / (math.Exp(muW/c) + math.Exp(muL/c))
	for _, s := range []struct {
		players []*handRating
		s2      float64
		sign    float64
	}{{win, s2W, 1}, {lose, s2L, -1}} {
		shrink := p * (1 - p) * s.s2 / c2 * math.Sqrt(s.s2) / c
		for _, r := range s.players {
			r.mu += s.sign * r.sigma2 / c * (1 - p)
			r.sigma2 *= 1 - r.sigma2/s.s2*shrink
		}
	}
}

// A sheet played in teams, in a league: teams that break the sheet are
// refused when the match starts (in Persian too) with nothing stored, a
// round scored per team, a wrong round corrected through the correction
// route, and standings and ratings in which every team is one side.
func TestTeamSheetLeague(t *testing.T) {
	s := newTestServer(t, all.Registry().All()...)
	g := s.must(t, 201, "POST", "/v1/games", tichuSheet)
	if teams := g["sheet"].(map[string]any)["teams"].(map[string]any); teams["scores"] != "team" || teams["count"] != 2.0 || len(g["options"].([]any)) != 1 {
		t.Fatalf("definition %v", g)
	}
	lg := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "Tichu nights", "game": "tichu"})["id"].(string)
	sara, reza, kian, mina := s.player(t, "Sara"), s.player(t, "رضا"), s.player(t, "Kian"), s.player(t, "مینا")
	p := []string{sara, reza, kian, mina}
	start := func(teams [][]string) response {
		return s.do("POST", "/v1/matches", map[string]any{"game": "tichu", "players": p, "league_id": lg, "options": map[string]any{"teams": teams}}, "Accept-Language", "fa")
	}
	for teams, rule := range map[string]string{
		`[["` + sara + `","` + kian + `"],["` + reza + `"]]`:                               "SHEET-TEAM-1", // مینا in no team
		`[["` + sara + `","` + kian + `"],["` + reza + `","` + mina + `","` + sara + `"]]`: "SHEET-TEAM-1", // Sara in two
		`[["` + sara + `","` + kian + `","` + reza + `"],["` + mina + `"]]`:                "SHEET-TEAM-2", // teams of 3 and 1
	} {
		var tm [][]string
		_ = json.Unmarshal([]byte(teams), &tm)
		r := start(tm)
		var prob Problem
		_ = json.Unmarshal(r.body, &prob)
		if r.status != 422 || len(prob.Violations) == 0 || prob.Violations[0].Rule != rule || !hasPersian(prob.Violations[0].Message) {
			t.Fatalf("teams %s: %d %s", teams, r.status, r.body)
		}
	}
	if n := s.count(t, "matches"); n != 0 {
		t.Fatalf("%d matches stored after refusals", n)
	}

	round := func(m string, n, team1, team2 int) map[string]any {
		return s.must(t, 201, "POST", "/v1/matches/"+m+"/events", scoresEvent("round", n, map[string]int{"team1": team1, "team2": team2}))
	}
	// Match 1: Sara and Kian (team 1) against رضا and مینا: 300 + 20 = 320
	// against -100 + 80 = -20.
	r := start([][]string{{sara, kian}, {reza, mina}})
	if r.status != 201 {
		t.Fatalf("start: %d %s", r.status, r.body)
	}
	m1 := r.json(t)["id"].(string)
	round(m1, 1, 300, -100)
	round(m1, 2, 20, 80)
	s.must(t, 201, "POST", "/v1/matches/"+m1+"/events", map[string]any{"type": "sheet_finished", "data": map[string]any{}})
	got := s.must(t, 200, "GET", "/v1/matches/"+m1, nil)
	if tt := got["state"].(map[string]any)["team_totals"].(map[string]any); tt["team1"] != 320.0 || tt["team2"] != -20.0 {
		t.Fatalf("team totals %v", got["state"])
	}
	places := map[string]float64{}
	for _, pl := range got["result"].(map[string]any)["placements"].([]any) {
		places[pl.(map[string]any)["player_id"].(string)] = pl.(map[string]any)["place"].(float64)
	}
	if places[sara] != 1 || places[kian] != 1 || places[reza] != 3 || places[mina] != 3 {
		t.Fatalf("placements %v", places)
	}

	// Match 2: Sara and رضا against Kian and مینا. Round 1 is recorded the
	// wrong way round (150 / 50), then corrected through PUT to 50 / 150.
	m2 := start([][]string{{sara, reza}, {kian, mina}}).json(t)["id"].(string)
	round(m2, 1, 150, 50)
	events := s.count(t, "events")
	bad := s.do("PUT", "/v1/matches/"+m2+"/events/1", scoresEvent("round", 1, map[string]int{"team1": 50, "team2": 500}))
	if bad.status != 422 || s.count(t, "events") != events || s.must(t, 200, "GET", "/v1/matches/"+m2, nil)["version"] != 1.0 {
		t.Fatalf("a correction out of range: %d %s; %d events", bad.status, bad.body, s.count(t, "events"))
	}
	s.must(t, 200, "PUT", "/v1/matches/"+m2+"/events/1", scoresEvent("round", 1, map[string]int{"team1": 50, "team2": 150}))
	s.must(t, 201, "POST", "/v1/matches/"+m2+"/events", map[string]any{"type": "sheet_finished", "data": map[string]any{}})
	got = s.must(t, 200, "GET", "/v1/matches/"+m2, nil)
	if w := got["result"].(map[string]any)["winners"].([]any); len(w) != 2 || got["state"].(map[string]any)["team_totals"].(map[string]any)["team2"] != 150.0 {
		t.Fatalf("after the correction: %v", got["result"])
	}

	rows := standingsRows(t, s, lg)
	// Placement points with two sides: 1 for the winning team's players,
	// 0 for the others. Match 1: Sara, Kian; match 2: Kian, مینا.
	for id, pts := range map[string]float64{sara: 1, reza: 0, kian: 2, mina: 1} {
		if got := rows[id]["points"].(float64); got != pts {
			t.Errorf("%s: %v points, want %v", id, got, pts)
		}
	}
	// OpenSkill, each team one side, by hand. Match 1: two sides of mu 50,
	// sigma² 2 × 625/9; c² = 2 × (1250/9 + 625/36) = 312.5, p = 1/2:
	// winners +625/9 / √312.5 / 2 = +1.96419, losers -1.96419.
	// Match 2 again sets two sides of mu 50 (26.96 + 23.04 each).
	h := map[string]*handRating{}
	for _, id := range p {
		h[id] = &handRating{mu: 25, sigma2: 625.0 / 9}
	}
	handTwoSides([]*handRating{h[sara], h[kian]}, []*handRating{h[reza], h[mina]})
	if math.Abs(h[sara].mu-26.96419) > 1e-5 {
		t.Fatalf("the hand count itself: %v", h[sara].mu)
	}
	handTwoSides([]*handRating{h[kian], h[mina]}, []*handRating{h[sara], h[reza]})
	for _, id := range p {
		if got := rows[id]["mu"].(float64); !near(got, h[id].mu) {
			t.Errorf("%s: mu %v, want %v", id, got, h[id].mu)
		}
	}
	// Elo, pair by pair across the sides, K/2 per pair (two opponents).
	// Match 1: every pair even, winners 1516, losers 1484. Match 2: Kian
	// (1516) beats Sara (1516, expected 1/2) and رضا (1484, expected
	// 1/(1+10^(-32/400))).
	e := 1 / (1 + math.Pow(10, -32.0/400))
	if got, want := rows[kian]["elo"].(float64), 1516+16*(0.5+(1-e)); math.Abs(got-want) > 1e-6 {
		t.Errorf("Kian's Elo %v, want %v", got, want)
	}
}

// The streams of a league of a sheet played in teams: the match stream
// sends each row scored per team with the players' and the teams' totals;
// the league stream sends the standings again once the match finishes,
// the winning team's players first.
func TestTeamSheetStreams(t *testing.T) {
	s := newTestServer(t, all.Registry().All()...)
	srv := liveServer(t, s)
	s.must(t, 201, "POST", "/v1/games", tichuSheet)
	lg := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "Tichu nights", "game": "tichu"})["id"].(string)
	p := []string{s.player(t, "Sara"), s.player(t, "رضا"), s.player(t, "Kian"), s.player(t, "مینا")}
	m := s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "tichu", "players": p, "league_id": lg,
		"options": map[string]any{"teams": [][]string{{p[0], p[2]}, {p[1], p[3]}}}})["id"].(string)
	match := openSSE(t, srv.URL, "/v1/matches/"+m+"/stream")
	league := openSSE(t, srv.URL, "/v1/leagues/"+lg+"/stream")
	defer match.close()
	defer league.close()
	wantEvent(t, match.next(t), "snapshot", 0)
	if ev := league.next(t); ev.name != "standings" {
		t.Fatalf("league stream: %q", ev.name)
	}
	s.must(t, 201, "POST", "/v1/matches/"+m+"/events", scoresEvent("round", 1, map[string]int{"team1": 300, "team2": -100}))
	got := wantEvent(t, match.next(t), "match", 1)
	st := got["match"].(map[string]any)
	if st["totals"].(map[string]any)[p[2]] != 300.0 || st["state"].(map[string]any)["team_totals"].(map[string]any)["team2"] != -100.0 {
		t.Fatalf("streamed row: %v", got)
	}
	s.must(t, 201, "POST", "/v1/matches/"+m+"/events", map[string]any{"type": "sheet_finished", "data": map[string]any{}})
	wantEvent(t, match.next(t), "match", 2)
	for deadline := time.Now().Add(eventWithin); ; {
		ev := league.next(t)
		rows, _ := ev.json(t)["rows"].([]any)
		if len(rows) == 4 {
			top := map[string]bool{rows[0].(map[string]any)["player_id"].(string): true, rows[1].(map[string]any)["player_id"].(string): true}
			if top[p[0]] && top[p[2]] {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("the standings streamed: %s", ev.data)
		}
	}
}
