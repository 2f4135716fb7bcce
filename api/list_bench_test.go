package api

import (
	"database/sql"
	"fmt"
	"net/url"
	"testing"
	"time"

	"github.com/motamed/motamed/rules/fold"
)

// seedLists writes players players and matches Counter matches (three
// seats each, one in fifty still in progress, the rest finished, in twenty
// leagues and outside any) straight into the database, as years of a busy
// café would leave it.
func seedLists(tb testing.TB, s *testServer, players, matches int) {
	tb.Helper()
	conn, tx := seedTx(tb, s)
	defer conn.Close()
	prep := func(q string) *sql.Stmt {
		st, err := tx.Prepare(q)
		if err != nil {
			tb.Fatalf("%s: %v", q, err)
		}
		return st
	}
	exec := func(st *sql.Stmt, args ...any) {
		if _, err := st.Exec(args...); err != nil {
			tb.Fatal(err)
		}
	}
	start := time.Date(2024, 1, 1, 18, 0, 0, 0, time.UTC)
	at := func(t time.Time) string { return t.Format("2006-01-02T15:04:05.000Z") }
	league := prep(`INSERT INTO leagues(id, name, game, options, visibility, created_at) VALUES (?, ?, 'counter', '{"points_scheme":"placement"}', ?, ?)`)
	for i := 0; i < 20; i++ {
		vis := "public"
		if i%4 == 3 {
			vis = "private"
		}
		exec(league, fmt.Sprintf("lg_bench%02d", i), fmt.Sprintf("League %d", i), vis, at(start.Add(time.Duration(i)*time.Hour)))
	}
	first := []string{"سارا", "علی", "رضا", "مریم", "Kian", "Sara", "زهرا", "محمد", "Neda", "آرش"}
	last := []string{"کریمی", "رضایی", "Ahmadi", "محمدی", "Tehrani", "حسینی", "Jafari", "علی‌پور"}
	player := prep(`INSERT INTO players(id, name, created_at, folded) VALUES (?, ?, ?, ?)`)
	for i := 0; i < players; i++ {
		name := fmt.Sprintf("%s %s %d", first[i%len(first)], last[(i/len(first))%len(last)], i)
		exec(player, fmt.Sprintf("pl_%05d", i), name, at(start), fold.String(name))
	}
	match := prep(`INSERT INTO matches(id, game, league_id, options, status, finish_seq, created_at, listed_at, finished_at) VALUES (?, 'counter', ?, ?, ?, ?, ?, ?, ?)`)
	seat := prep(`INSERT INTO match_players(match_id, seat, player_id) VALUES (?, ?, ?)`)
	event := prep(`INSERT INTO events(match_id, seq, type, data, created_at) VALUES (?, 1, 'add', ?, ?)`)
	result := prep(`INSERT INTO match_results(match_id, result, finished_at) VALUES (?, ?, ?)`)
	place := prep(`INSERT INTO result_placements(match_id, player_id, place, score) VALUES (?, ?, ?, ?)`)
	for i := 0; i < matches; i++ {
		id := fmt.Sprintf("m_%07d", i)
		created := start.Add(time.Duration(i) * 5 * time.Minute)
		var lg any
		if i%3 != 0 {
			lg = fmt.Sprintf("lg_bench%02d", i%20)
		}
		ps := []string{fmt.Sprintf("pl_%05d", (i*7)%players), fmt.Sprintf("pl_%05d", (i*7+1)%players), fmt.Sprintf("pl_%05d", (i*7+2)%players)}
		open := i%50 == 0
		status, options, finishSeq, finished := "finished", `{"target":1}`, any(i+1), any(at(created.Add(40*time.Minute)))
		if open {
			status, options, finishSeq, finished = "in_progress", `{"target":10}`, nil, nil
		}
		exec(match, id, lg, options, status, finishSeq, at(created), at(created), finished)
		for n, p := range ps {
			exec(seat, id, n, p)
		}
		exec(event, id, fmt.Sprintf(`{"player":%q,"n":1}`, ps[0]), at(created.Add(time.Minute)))
		if !open {
			exec(result, id, fmt.Sprintf(`{"placements":[{"player_id":%q,"place":1},{"player_id":%q,"place":2},{"player_id":%q,"place":2}],"winners":[%q]}`, ps[0], ps[1], ps[2], ps[0]), finished)
			for n, p := range ps {
				score, pl := 0, 2
				if n == 0 {
					score, pl = 1, 1
				}
				exec(place, id, p, pl, score)
			}
		}
	}
	if err := tx.Commit(); err != nil {
		tb.Fatal(err)
	}
	if _, err := conn.Exec(`ANALYZE`); err != nil {
		tb.Fatal(err)
	}
}

// BenchmarkLists answers one page (50 items) of each list on a database of
// 100,000 matches and 10,000 players, through the router, as an anonymous
// caller (so the private leagues' matches are filtered out). The goal is
// well under 50 ms a page:
//
//	go test -run '^$' -bench BenchmarkLists -benchtime 200x ./api/
func BenchmarkLists(b *testing.B) {
	s := newTestServer(b)
	seedLists(b, s, 10_000, 100_000)
	first := s.do("GET", "/v1/matches?limit=50", nil, "Authorization", "")
	var page map[string]any
	page = first.json(b)
	cursor := url.QueryEscape(page["next_cursor"].(string))
	for _, c := range []struct{ name, path string }{
		{"matches/newest", "/v1/matches"},
		{"matches/second-page", "/v1/matches?cursor=" + cursor},
		{"matches/in_progress", "/v1/matches?status=in_progress"},
		{"matches/league", "/v1/matches?league_id=lg_bench05"},
		{"matches/league-finished", "/v1/matches?league_id=lg_bench05&status=finished"},
		{"matches/player", "/v1/matches?player_id=pl_04242"},
		{"players/all", "/v1/players"},
		{"players/search-fa", "/v1/players?q=" + url.QueryEscape("علي")},
		{"players/search-en", "/v1/players?q=kian"},
		{"leagues", "/v1/leagues"},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if r := s.do("GET", c.path, nil, "Authorization", ""); r.status != 200 {
					b.Fatalf("%s: %d %s", c.path, r.status, r.body)
				}
			}
		})
	}
}
