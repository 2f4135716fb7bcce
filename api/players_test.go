package api

import (
	"fmt"
	"testing"
)

func TestCreatePlayerRefusesAFoldedDuplicate(t *testing.T) {
	s := newTestServer(t)
	sara := s.must(t, 201, "POST", "/v1/players", map[string]any{"name": "Sara"})["id"].(string)
	ali := s.must(t, 201, "POST", "/v1/players", map[string]any{"name": "علی"})["id"].(string)
	for name, want := range map[string]string{" SARA ": sara, "sara": sara, "علي": ali, "عَلی": ali} {
		p := s.must(t, 409, "POST", "/v1/players", map[string]any{"name": name})
		ex := p["existing"].([]any)
		if p["type"] != "/problems/duplicate-player" || len(ex) != 1 || ex[0].(map[string]any)["id"] != want {
			t.Fatalf("%q: %v", name, p)
		}
	}
	if n := s.count(t, "players"); n != 2 {
		t.Fatalf("a refused player was stored: %d players", n)
	}
	other := s.must(t, 201, "POST", "/v1/players", map[string]any{"name": "sara", "allow_duplicate": true})["id"].(string)
	// Renaming into another player's name is refused the same way.
	p := s.must(t, 409, "PATCH", "/v1/players/"+other, map[string]any{"name": "SARA"})
	if len(p["existing"].([]any)) != 1 {
		t.Fatalf("rename: %v", p)
	}
	if got := s.must(t, 200, "GET", "/v1/players/"+other, nil); got["name"] != "sara" {
		t.Fatalf("a refused rename changed the name: %v", got)
	}
}

func TestRenamePlayerShowsEverywhere(t *testing.T) {
	s := newTestServer(t)
	lg := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "L", "game": "counter"})["id"].(string)
	a, b := s.player(t, "Sara"), s.player(t, "Reza")
	m := s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "counter", "players": []string{a, b}, "league_id": lg, "options": map[string]any{"target": 1}})["id"].(string)
	s.must(t, 200, "GET", "/v1/matches/"+m, nil) // cached and encoded with the old name
	s.must(t, 201, "POST", "/v1/matches/"+m+"/events", map[string]any{"type": "add", "data": map[string]any{"player": a, "n": 1}})
	s.must(t, 200, "GET", "/v1/leagues/"+lg+"/standings", nil)
	s.must(t, 200, "PATCH", "/v1/players/"+a, map[string]any{"name": "Sara Karimi"})
	body := s.must(t, 200, "GET", "/v1/matches/"+m, nil)
	if body["players"].([]any)[0].(map[string]any)["name"] != "Sara Karimi" {
		t.Fatalf("match body: %v", body["players"])
	}
	st := s.must(t, 200, "GET", "/v1/leagues/"+lg+"/standings", nil)
	if st["rows"].([]any)[0].(map[string]any)["name"] != "Sara Karimi" {
		t.Fatalf("standings: %v", st["rows"])
	}
	list := s.must(t, 200, "GET", "/v1/players?q=karimi", nil)["items"].([]any)
	if len(list) != 1 || list[0].(map[string]any)["id"] != a {
		t.Fatalf("search after rename: %v", list)
	}
}

func TestMergePlayerRederivesEverything(t *testing.T) {
	s := newTestServer(t)
	lg := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "L", "game": "counter"})["id"].(string)
	sara, sara2, reza := s.player(t, "Sara"), s.player(t, "Sara K"), s.player(t, "Reza")
	play := func(winner, loser string) string {
		m := s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "counter", "players": []string{winner, loser}, "league_id": lg, "options": map[string]any{"target": 2}})["id"].(string)
		for _, p := range []string{winner, loser, winner} {
			s.must(t, 201, "POST", "/v1/matches/"+m+"/events", map[string]any{"type": "add", "data": map[string]any{"player": p, "n": 1}})
		}
		return m
	}
	m1, m2 := play(sara, reza), play(sara2, reza)
	s.must(t, 200, "GET", "/v1/matches/"+m2, nil)
	s.must(t, 200, "GET", "/v1/leagues/"+lg+"/standings", nil)

	// Bad merges change nothing.
	s.must(t, 400, "POST", "/v1/players/"+sara2+"/merge", map[string]any{"into": sara2})
	met := s.must(t, 409, "POST", "/v1/players/"+sara2+"/merge", map[string]any{"into": reza})
	if fmt.Sprint(met["matches"]) != fmt.Sprint([]any{m2}) {
		t.Fatalf("409 names %v", met)
	}
	s.must(t, 404, "POST", "/v1/players/"+sara2+"/merge", map[string]any{"into": "pl_nobody"})
	if got := s.must(t, 200, "GET", "/v1/players/"+sara2, nil); got["id"] != sara2 {
		t.Fatal("a refused merge changed the player")
	}

	out := s.must(t, 200, "POST", "/v1/players/"+sara2+"/merge", map[string]any{"into": sara})
	if out["into"].(map[string]any)["id"] != sara || fmt.Sprint(out["matches"]) != fmt.Sprint([]any{m2}) {
		t.Fatalf("merge answer %v", out)
	}
	gone := s.do("GET", "/v1/players/"+sara2, nil)
	if gone.status != 410 || gone.json(t)["into"] != sara || gone.header.Get("Location") != "/v1/players/"+sara {
		t.Fatalf("the merged ID answers %d %s", gone.status, gone.body)
	}
	s.must(t, 410, "GET", "/v1/players/"+sara2+"/stats", nil)
	s.must(t, 410, "POST", "/v1/players/"+sara+"/merge", map[string]any{"into": sara2})

	// The match, its log, the standings and the statistics are Sara's.
	body := s.must(t, 200, "GET", "/v1/matches/"+m2, nil)
	seat := body["players"].([]any)[0].(map[string]any)
	if seat["id"] != sara || seat["name"] != "Sara" || body["result"].(map[string]any)["winners"].([]any)[0] != sara {
		t.Fatalf("match after merge: %v", body)
	}
	log := s.must(t, 200, "GET", "/v1/matches/"+m2+"/events", nil)["events"].([]any)
	if log[0].(map[string]any)["data"].(map[string]any)["player"] != sara {
		t.Fatalf("log after merge: %v", log[0])
	}
	rows := s.must(t, 200, "GET", "/v1/leagues/"+lg+"/standings", nil)["rows"].([]any)
	if len(rows) != 2 || rows[0].(map[string]any)["player_id"] != sara || rows[0].(map[string]any)["played"] != 2.0 {
		t.Fatalf("standings after merge: %v", rows)
	}
	stats := s.must(t, 200, "GET", "/v1/players/"+sara+"/stats", nil)["games"].([]any)
	if stats[0].(map[string]any)["matches"] != 2.0 || stats[0].(map[string]any)["wins"] != 2.0 {
		t.Fatalf("stats after merge: %v", stats)
	}
	if got := walk(t, s, "/v1/matches?player_id="+sara, "", nil); fmt.Sprint(got) != fmt.Sprint([]string{m2, m1}) {
		t.Fatalf("Sara's history: %v", got)
	}
	if got := walk(t, s, "/v1/players?q=sara", "", nil); fmt.Sprint(got) != fmt.Sprint([]string{sara}) {
		t.Fatalf("a merged record is listed: %v", got)
	}
}

func TestDeletePlayerOnlyWithoutMatches(t *testing.T) {
	s := newTestServer(t)
	id, players := s.counterMatch(t, 2, "")
	s.must(t, 409, "DELETE", "/v1/players/"+players[0], nil)
	s.must(t, 200, "GET", "/v1/players/"+players[0], nil)
	s.must(t, 200, "GET", "/v1/matches/"+id, nil)
	lone := s.player(t, "Kian")
	s.must(t, 204, "DELETE", "/v1/players/"+lone, nil)
	s.must(t, 404, "GET", "/v1/players/"+lone, nil)
	s.must(t, 404, "DELETE", "/v1/players/"+lone, nil)
}

// A rename reaches an open match stream at once, as the whole match.
func TestRenameReachesOpenMatchStreams(t *testing.T) {
	ts := newTestServer(t)
	srv := liveServer(t, ts)
	id, p := streamMatch(t, ts)
	c := openSSE(t, srv.URL, "/v1/matches/"+id+"/stream")
	wantEvent(t, c.next(t), "snapshot", 0)
	ts.must(t, 200, "PATCH", "/v1/players/"+p[0], map[string]any{"name": "Sara Karimi"})
	snap := wantEvent(t, c.next(t), "snapshot", 0)
	if got := snap["match"].(map[string]any)["players"].([]any)[0].(map[string]any)["name"]; got != "Sara Karimi" {
		t.Fatalf("the stream's match after the rename names %v", got)
	}
	// The stream goes on from there.
	addMove(t, ts, id, p, 1)
	wantEvent(t, c.next(t), "match", 1)
}

// A league's owner renames only its league's players: a player whose every
// match is in its league, or one its token created who has not played
// yet. Seating a private league's player in a throwaway match of its own
// league gives it no right to rename them.
func TestRenameScopeOfAnOwner(t *testing.T) {
	s := newTestServer(t)
	lgA := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "A", "game": "counter"})["id"].(string)
	lgB := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "B", "game": "counter", "visibility": "private"})["id"].(string)
	ownerA := "Bearer " + s.must(t, 201, "POST", "/v1/tokens", map[string]any{"role": "owner", "league_id": lgA})["token"].(string)
	ownerB := "Bearer " + s.must(t, 201, "POST", "/v1/tokens", map[string]any{"role": "owner", "league_id": lgB})["token"].(string)
	hidden, other := s.player(t, "Hidden"), s.player(t, "Other")
	s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "counter", "players": []string{hidden, other}, "league_id": lgB})
	s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "counter", "players": []string{hidden, other}, "league_id": lgA}, "Authorization", ownerA)
	ours, theirs := s.player(t, "Ours"), s.player(t, "Theirs")
	s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "counter", "players": []string{ours, theirs}, "league_id": lgA})
	s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "counter", "players": []string{theirs, other}, "league_id": lgB})
	mine := s.must(t, 201, "POST", "/v1/players", map[string]any{"name": "New One"}, "Authorization", ownerA)["id"].(string)
	unplayed := s.player(t, "Nobody Yet")

	cases := []struct {
		who, player, token string
		want               int
	}{
		{"A, a private league's player seated in its own match", hidden, ownerA, 403},
		{"A, a player of A and B", theirs, ownerA, 403},
		{"A, a player of A alone", ours, ownerA, 200},
		{"B, a player of A alone", ours, ownerB, 403},
		{"A, a player its token created", mine, ownerA, 200},
		{"B, a player A's token created", mine, ownerB, 403},
		{"A, an unplayed player it did not create", unplayed, ownerA, 403},
		{"admin, anyone", hidden, "Bearer " + s.admin, 200},
	}
	for _, tc := range cases {
		t.Run(tc.who, func(t *testing.T) {
			before := s.must(t, 200, "GET", "/v1/players/"+tc.player, nil)["name"]
			r := s.do("PATCH", "/v1/players/"+tc.player, map[string]any{"name": "Renamed " + tc.who}, "Authorization", tc.token)
			if r.status != tc.want {
				t.Fatalf("%d, want %d: %s", r.status, tc.want, r.body)
			}
			after := s.must(t, 200, "GET", "/v1/players/"+tc.player, nil)["name"]
			if tc.want != 200 && after != before {
				t.Fatalf("a refused rename changed the name to %q", after)
			}
		})
	}
}
