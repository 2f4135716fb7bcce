package api

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/play"
	"github.com/motamed/motamed/rules/wizard"
)

// seedTx opens the test server's database beside the store, without
// syncing, and begins the transaction that seeds it.
func seedTx(tb testing.TB, s *testServer) (*sql.DB, *sql.Tx) {
	tb.Helper()
	conn, err := sql.Open("sqlite", "file:"+s.path+"?_pragma=busy_timeout(5000)&_pragma=synchronous(OFF)")
	if err != nil {
		tb.Fatal(err)
	}
	tx, err := conn.Begin()
	if err != nil {
		conn.Close()
		tb.Fatal(err)
	}
	return conn, tx
}

// seedLeague writes a league of n finished Counter matches among players
// players straight into the database (the HTTP path would take minutes of
// fsyncs to build it), and returns the league ID.
func seedLeague(tb testing.TB, s *testServer, n, players int) string {
	tb.Helper()
	conn, tx := seedTx(tb, s)
	defer conn.Close()
	const now = "2026-11-21T18:00:00Z"
	exec := func(q string, args ...any) {
		if _, err := tx.Exec(q, args...); err != nil {
			tb.Fatalf("%s: %v", q, err)
		}
	}
	exec(`INSERT INTO leagues(id, name, game, options, created_at) VALUES ('lg_bench', 'bench', 'counter', '{"points_scheme":"placement"}', ?)`, now)
	for i := 0; i < players; i++ {
		exec(`INSERT INTO players(id, name, created_at) VALUES (?, ?, ?)`, fmt.Sprintf("pl_%03d", i), fmt.Sprintf("Player %d", i), now)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for m := 0; m < n; m++ {
		id := fmt.Sprintf("m_%05d", m)
		k := 2 + rng.IntN(3) // 2 to 4 players
		seen := map[int]bool{}
		var ids []string
		for len(ids) < k {
			p := rng.IntN(players)
			if !seen[p] {
				seen[p] = true
				ids = append(ids, fmt.Sprintf("pl_%03d", p))
			}
		}
		score := map[string]int{}
		for _, pid := range ids {
			score[pid] = rng.IntN(5)
		}
		res := rules.Rank(ids, score, true)
		raw, _ := json.Marshal(res)
		exec(`INSERT INTO matches(id, game, league_id, options, status, finish_seq, created_at) VALUES (?, 'counter', 'lg_bench', '{"target":10}', 'finished', ?, ?)`, id, m+1, now)
		exec(`INSERT INTO match_results(match_id, result, finished_at) VALUES (?, ?, ?)`, id, string(raw), now)
		for seat, pid := range ids {
			exec(`INSERT INTO match_players(match_id, seat, player_id) VALUES (?, ?, ?)`, id, seat, pid)
		}
		for _, p := range res.Placements {
			exec(`INSERT INTO result_placements(match_id, player_id, place, score) VALUES (?, ?, ?, ?)`, id, p.PlayerID, p.Place, score[p.PlayerID])
		}
	}
	if err := tx.Commit(); err != nil {
		tb.Fatal(err)
	}
	return "lg_bench"
}

// BenchmarkStandings10k serves the standings of a league of 10,000 finished
// matches among 200 players over HTTP, as materialized between requests.
func BenchmarkStandings10k(b *testing.B) {
	s := newTestServer(b)
	lg := seedLeague(b, s, 10000, 200)
	s.must(b, 200, "GET", "/v1/leagues/"+lg+"/standings", nil) // materialize
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if r := s.do("GET", "/v1/leagues/"+lg+"/standings", nil); r.status != 200 {
			b.Fatal(r.status)
		}
	}
}

// BenchmarkStandings10kCold rebuilds the standings from the database on
// every request (what the first request after a start or a correction pays).
func BenchmarkStandings10kCold(b *testing.B) {
	s := newTestServer(b)
	lg := seedLeague(b, s, 10000, 200)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e := s.server.leagues.entry(lg)
		e.mu.Lock()
		e.stale = true
		e.mu.Unlock()
		if r := s.do("GET", "/v1/leagues/"+lg+"/standings", nil); r.status != 200 {
			b.Fatal(r.status)
		}
	}
}

// TestSeededLeagueMatchesRecomputation keeps the benchmark's data honest:
// the served standings of a seeded league equal a recomputation.
func TestSeededLeagueMatchesRecomputation(t *testing.T) {
	s := newTestServer(t)
	lg := seedLeague(t, s, 300, 20)
	got := s.must(t, 200, "GET", "/v1/leagues/"+lg+"/standings", nil)
	if got["matches"].(float64) != 300 {
		t.Fatalf("matches = %v", got["matches"])
	}
	s.sameAsRecomputed(t, lg, got["rows"])
	_ = context.Background()
}

// BenchmarkAppendEventParallel appends Wizard events from many concurrent
// tables (one match each) through the real router and SQLite at
// synchronous=FULL, so group commit can batch them.
func BenchmarkAppendEventParallel(b *testing.B) {
	s := newTestServer(b, wizard.New())
	p := []string{s.player(b, "A"), s.player(b, "B"), s.player(b, "C")}
	var queue [][]byte
	for r := 1; r <= 20; r++ {
		evs, _ := wizardRound(p, r, 20)
		for _, ev := range evs {
			raw, _ := json.Marshal(ev)
			queue = append(queue, raw)
		}
	}
	b.SetParallelism(32) // 64 concurrent tables on 2 cores
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		id, next := "", len(queue)
		for pb.Next() {
			if next == len(queue) {
				id = s.must(b, 201, "POST", "/v1/matches", map[string]any{"game": "wizard", "players": p})["id"].(string)
				next = 0
			}
			if r := s.do("POST", "/v1/matches/"+id+"/events", queue[next]); r.status != 201 {
				b.Fatalf("event %d: %d %s", next, r.status, r.body)
			}
			next++
		}
	})
}

// BenchmarkGetMatchParallel reads a whole 20-round Wizard match (100 events)
// from 8 concurrent clients.
func BenchmarkGetMatchParallel(b *testing.B) {
	s := newTestServer(b, wizard.New())
	id := playedWizardMatch(b, s)
	b.SetParallelism(4) // 8 clients on 2 cores
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if r := s.do("GET", "/v1/matches/"+id, nil); r.status != 200 {
				b.Fatal(r.status)
			}
		}
	})
}

// longMatchVersions folds the longest of a few generated matches of game
// and returns it at its last two versions.
func longMatchVersions(b *testing.B, game string) (prev, last *db.Match) {
	spec, _ := play.ByID(game)
	var seq *play.Seq
	for i := 0; i < 4; i++ {
		s, _, err := play.Generate(spec, 1, i)
		if err != nil {
			b.Fatal(err)
		}
		if seq == nil || len(s.Bodies) > len(seq.Bodies) {
			seq = s
		}
	}
	players := play.SeatPlayers(seq.Seats)
	st, opts, err := spec.Game.Setup(players, json.RawMessage(seq.Options))
	if err != nil {
		b.Fatal(err)
	}
	raw, _ := json.Marshal(opts)
	var seats []db.Seat
	for i, p := range players {
		seats = append(seats, db.Seat{PlayerID: p.ID, Name: p.Name, Seat: i})
	}
	events := seq.Events(play.SeatIDs(seq.Seats))
	// Stop one event before the end, so the match is still in progress.
	for i, ev := range events[:len(events)-1] {
		next, _, err := spec.Game.Apply(st, ev)
		if err != nil {
			b.Fatal(err)
		}
		prev = last
		last = &db.Match{ID: "m_long", Game: game, Status: "in_progress", Seats: seats, Options: raw, Version: int64(i + 1), State: next}
		st = next
	}
	return prev, last
}

// BenchmarkEncodeMatch encodes the whole match body of a long match's
// last version, as GET /v1/matches/{id} and "Prefer: return=representation"
// answer it.
func BenchmarkEncodeMatch(b *testing.B) {
	s := newTestServer(b)
	for _, game := range []string{"wizard", "munchkin", "yatuk"} {
		_, last := longMatchVersions(b, game)
		b.Run(game, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				j, err := json.Marshal(s.server.matchResponse(last, "en"))
				if err != nil {
					b.Fatal(err)
				}
				b.SetBytes(int64(len(j)))
			}
		})
	}
}

// BenchmarkEncodeState writes the state of a long match's last version as
// json.Marshal writes it and as the compact answer does (appendValue into a
// reused answer buffer: by the state itself where the game implements
// rules.JSONAppender).
func BenchmarkEncodeState(b *testing.B) {
	var buf []byte
	for _, game := range []string{"wizard", "silver", "munchkin", "wazabi", "yatuk"} {
		_, last := longMatchVersions(b, game)
		for _, enc := range []struct {
			name string
			fn   func(rules.State) ([]byte, error)
		}{{"json.Marshal", func(s rules.State) ([]byte, error) { return json.Marshal(s) }}, {"appendValue", func(s rules.State) (j []byte, err error) {
			buf, err = appendValue(buf[:0], s)
			return buf, err
		}}} {
			b.Run(game+"/"+enc.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					j, err := enc.fn(last.State)
					if err != nil {
						b.Fatal(err)
					}
					b.SetBytes(int64(len(j)))
				}
			})
		}
	}
}

// playedWizardMatch records a whole 20-round, 3-player Wizard match (100
// events) through s and returns its ID.
func playedWizardMatch(b testing.TB, s *testServer) string {
	p := []string{s.player(b, "A"), s.player(b, "B"), s.player(b, "C")}
	id := s.must(b, 201, "POST", "/v1/matches", map[string]any{"game": "wizard", "players": p})["id"].(string)
	for r := 1; r <= 20; r++ {
		evs, _ := wizardRound(p, r, 20)
		for _, ev := range evs {
			s.must(b, 201, "POST", "/v1/matches/"+id+"/events", ev)
		}
	}
	return id
}

// BenchmarkListEvents reads a whole 20-round Wizard match's log (100 events).
func BenchmarkListEvents(b *testing.B) {
	s := newTestServer(b, wizard.New())
	id := playedWizardMatch(b, s)
	b.ReportAllocs()
	for b.Loop() {
		if r := s.do("GET", "/v1/matches/"+id+"/events", nil); r.status != 200 {
			b.Fatal(r.status)
		}
	}
}
