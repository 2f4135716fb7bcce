package api

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/motamed/motamed/scoring"
)

// playCounter plays a 2-player Counter match with target 2 in which winner
// (0 or 1) wins: the seats alternate adding 1 until the winner reaches 2.
func (s *testServer) playCounter(t *testing.T, league string, p []string, winner int) string {
	t.Helper()
	id := s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "counter", "players": p, "league_id": league, "options": map[string]any{"target": 2}})["id"].(string)
	for _, ev := range counterMoves(p, winner) {
		s.must(t, 201, "POST", "/v1/matches/"+id+"/events", ev)
	}
	return id
}

func counterMoves(p []string, winner int) []map[string]any {
	add := func(i, n int) map[string]any {
		return map[string]any{"type": "add", "data": map[string]any{"player": p[i], "n": n}}
	}
	if winner == 0 {
		return []map[string]any{add(0, 2)}
	}
	return []map[string]any{add(0, 1), add(1, 2)}
}

func TestLeagueStandingsAndCorrection(t *testing.T) {
	s := newTestServer(t)
	lg := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "لیگ", "game": "counter"})["id"].(string)
	players := []string{s.player(t, "Sara"), s.player(t, "رضا"), s.player(t, "Kian"), s.player(t, "Mina")}
	var matches []string
	for i := 0; i < 30; i++ {
		pair := []string{players[i%4], players[(i+1+i/4)%4]}
		if pair[0] == pair[1] {
			pair[1] = players[(i+2)%4]
		}
		matches = append(matches, s.playCounter(t, lg, pair, (i*7)%3%2))
		if i == 9 {
			// Materialize now, so the next 20 finishes go through the
			// incremental path.
			s.must(t, 200, "GET", "/v1/leagues/"+lg+"/standings", nil)
		}
	}
	// An unfinished match counts for nothing.
	s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "counter", "players": players[:2], "league_id": lg})

	if e := s.leagueEntry(lg); e.stale || e.league.Len() != 30 {
		t.Fatalf("incremental updates did not keep the league current (stale %v, %d matches)", e.stale, e.league.Len())
	}
	before := s.must(t, 200, "GET", "/v1/leagues/"+lg+"/standings", nil)
	if before["matches"].(float64) != 30 || !strings.Contains(before["ordering"].(string), "points") {
		t.Fatalf("standings: %v", before)
	}
	s.sameAsRecomputed(t, lg, before["rows"])

	// Correct match 3: undo its last event and record the other winner.
	early := matches[2]
	m := s.must(t, 200, "GET", "/v1/matches/"+early, nil)
	var seats []string
	for _, p := range m["players"].([]any) {
		seats = append(seats, p.(map[string]any)["id"].(string))
	}
	oldWinner := m["result"].(map[string]any)["winners"].([]any)[0]
	for m["version"].(float64) > 0 {
		m = s.must(t, 200, "POST", "/v1/matches/"+early+"/undo", nil, "Prefer", "return=representation")["match"].(map[string]any)
		if m["status"] != "finished" && len(m["scores"].(map[string]any)["rounds"].([]any)) == 0 {
			break
		}
	}
	newWinner := 1
	if oldWinner == seats[1] {
		newWinner = 0
	}
	for _, ev := range counterMoves(seats, newWinner) {
		s.must(t, 201, "POST", "/v1/matches/"+early+"/events", ev)
	}
	after := s.must(t, 200, "GET", "/v1/leagues/"+lg+"/standings", nil)
	if fmt.Sprint(after["rows"]) == fmt.Sprint(before["rows"]) {
		t.Fatal("the correction changed nothing in the standings")
	}

	// Every rating after every match equals a from-scratch recomputation
	// over what the database holds.
	results := s.sameAsRecomputed(t, lg, after["rows"])
	if len(results) != 30 || results[2].MatchID != early {
		t.Fatalf("finish order changed by the correction: %d results, third is %s", len(results), results[2].MatchID)
	}
	hist := s.must(t, 200, "GET", "/v1/leagues/"+lg+"/ratings/history", nil)["players"].(map[string]any)
	for _, pid := range players {
		wantH, err := scoring.ComputeHistory(scoring.Config{}, results, pid)
		if err != nil {
			t.Fatal(err)
		}
		gotH := hist[pid].([]any)
		if len(gotH) != len(wantH) {
			t.Fatalf("%s: %d history points, want %d", pid, len(gotH), len(wantH))
		}
		for i, h := range wantH {
			gh := gotH[i].(map[string]any)
			if gh["match_id"] != h.MatchID || math.Abs(gh["mu"].(float64)-h.Mu) > 1e-9 || math.Abs(gh["elo"].(float64)-h.Elo) > 1e-9 {
				t.Fatalf("%s after match %d: served %v, recomputed %+v", pid, i+1, gh, h)
			}
		}
	}
	one := s.must(t, 200, "GET", "/v1/leagues/"+lg+"/ratings/history?player="+players[0], nil)
	if len(one["players"].(map[string]any)) != 1 {
		t.Fatalf("one player's history: %v", one)
	}
	s.must(t, 404, "GET", "/v1/leagues/"+lg+"/ratings/history?player=pl_nobody", nil)

	// CSV: a header and one line per player, same order.
	r := s.do("GET", "/v1/leagues/"+lg+"/standings?format=csv", nil)
	recs, err := csv.NewReader(strings.NewReader(string(r.body))).ReadAll()
	if err != nil || r.status != 200 || len(recs) != 5 || !strings.HasPrefix(r.header.Get("Content-Type"), "text/csv") {
		t.Fatalf("csv: %d %v %s", r.status, err, r.body)
	}
	s.must(t, 400, "GET", "/v1/leagues/"+lg+"/standings?format=xml", nil)
	s.must(t, 404, "GET", "/v1/leagues/lg_nope/standings", nil)
}

func TestLeagueOfAnotherGame(t *testing.T) {
	s := newTestServer(t)
	a, b := s.player(t, "a"), s.player(t, "b")
	lg := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "x", "game": "counter"})["id"].(string)
	// Only one game is registered here, so make the league look like another
	// game's by asking for a game it is not: a league of counter refuses a
	// match whose game differs. Use the store directly to make a foreign one.
	other, err := s.store.CreateLeague(context.Background(), "wizards", "wizard", nil, "")
	if err != nil {
		t.Fatal(err)
	}
	r := s.do("POST", "/v1/matches", map[string]any{"game": "counter", "players": []string{a, b}, "league_id": other.ID})
	if r.status != 422 {
		t.Fatalf("match in a league of another game: %d %s", r.status, r.body)
	}
	s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "counter", "players": []string{a, b}, "league_id": lg})
	if n := s.count(t, "matches"); n != 1 {
		t.Fatalf("matches = %d", n)
	}
}

func TestPlayerStatsAndExports(t *testing.T) {
	s := newTestServer(t)
	p := []string{s.player(t, "Sara"), s.player(t, "رضا")}
	var last string
	for i := 0; i < 5; i++ {
		last = s.playCounter(t, "", p, i%2)
	}
	st := s.must(t, 200, "GET", "/v1/players/"+p[0]+"/stats", nil)
	games := st["games"].([]any)
	if len(games) != 1 {
		t.Fatalf("stats: %v", st)
	}
	g := games[0].(map[string]any)
	if g["matches"].(float64) != 5 || g["wins"].(float64) != 3 || g["best_score"].(float64) != 2 {
		t.Fatalf("stats: %v", g)
	}
	h2h := g["head_to_head"].([]any)[0].(map[string]any)
	if h2h["opponent_id"] != p[1] || h2h["won"].(float64) != 3 || h2h["lost"].(float64) != 2 || st["names"].(map[string]any)[p[1]] != "رضا" {
		t.Fatalf("head to head: %v %v", h2h, st["names"])
	}
	s.must(t, 404, "GET", "/v1/players/pl_nope/stats", nil)
	s.must(t, 404, "GET", "/v1/players/"+p[0]+"/stats?game=chess", nil)

	bgg := s.must(t, 200, "GET", "/v1/matches/"+last+"/export?format=bgg", nil)
	players := bgg["players"].([]any)
	if bgg["game"] != "Counter" || len(players) != 2 || players[1].(map[string]any)["name"] != "رضا" || bgg["playdate"] == "" {
		t.Fatalf("bgg: %v", bgg)
	}
	wins := 0
	for _, pl := range players {
		if pl.(map[string]any)["win"].(bool) {
			wins++
		}
	}
	if wins != 1 {
		t.Fatalf("bgg winners: %v", players)
	}
	bgs := s.must(t, 200, "GET", "/v1/matches/"+last+"/export?format=bgstats", nil)
	plays := bgs["plays"].([]any)
	if len(plays) != 1 || len(plays[0].(map[string]any)["playerScores"].([]any)) != 2 || !bgs["games"].([]any)[0].(map[string]any)["highestWins"].(bool) {
		t.Fatalf("bgstats: %v", bgs)
	}
	s.must(t, 400, "GET", "/v1/matches/"+last+"/export?format=pdf", nil)
}

func (s *testServer) leagueEntry(id string) *leagueEntry {
	srv := s.server
	e := srv.leagues.entry(id)
	e.mu.Lock()
	defer e.mu.Unlock()
	return &leagueEntry{league: e.league, stale: e.stale}
}

// sameAsRecomputed fails unless rows (as served) equal standings computed
// from scratch over what the database holds; it returns those results.
func (s *testServer) sameAsRecomputed(t *testing.T, league string, rows any) []scoring.MatchResult {
	t.Helper()
	finished, names, err := s.store.LeagueResults(context.Background(), league)
	if err != nil {
		t.Fatal(err)
	}
	var results []scoring.MatchResult
	for _, f := range finished {
		results = append(results, matchResult(f))
	}
	want, err := scoring.Compute(scoring.Config{}, results, names)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(rows)
	wantRows, _ := json.Marshal(want.Rows)
	var g, w []map[string]any
	_ = json.Unmarshal(got, &g)
	_ = json.Unmarshal(wantRows, &w)
	if fmt.Sprint(g) != fmt.Sprint(w) {
		t.Fatalf("served standings differ from a recomputation:\n%v\n%v", g, w)
	}
	return results
}
