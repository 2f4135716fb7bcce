package api

import (
	"fmt"
	"net/url"
	"testing"
)

// walk follows a list's pages from path (with limit) and returns every
// item's id, in order; between pages it calls between (when not nil).
func walk(t *testing.T, s *testServer, path string, auth string, between func()) []string {
	t.Helper()
	var ids []string
	next := ""
	for page := 0; page < 100; page++ {
		p := path
		if next != "" {
			p += "&cursor=" + url.QueryEscape(next)
		}
		r := s.must(t, 200, "GET", p, nil, "Authorization", auth)
		for _, it := range r["items"].([]any) {
			ids = append(ids, it.(map[string]any)["id"].(string))
		}
		if r["next_cursor"] == nil {
			return ids
		}
		next = r["next_cursor"].(string)
		if between != nil {
			between()
		}
	}
	t.Fatal("the pages never end")
	return nil
}

func contains(ids []string, id string) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

func TestListLeaguesShowsWhatTheCallerMayRead(t *testing.T) {
	w := newAuthzWorld(t)
	s := w.s
	other := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "W", "game": "counter"})["id"].(string)
	for _, c := range []struct {
		role      string
		seeB      bool
		firstSeen string
	}{{"anon", false, other}, {"viewerA", false, other}, {"viewerB", true, other}, {"scorerB", true, other}, {"admin", true, other}} {
		auth := ""
		if c.role != "anon" {
			auth = "Bearer " + w.tokens[c.role]
		}
		ids := walk(t, s, "/v1/leagues?limit=1", auth, nil)
		if contains(ids, w.leagueB) != c.seeB || !contains(ids, w.leagueA) {
			t.Errorf("%s sees %v (B is %s)", c.role, ids, w.leagueB)
		}
		if ids[0] != c.firstSeen {
			t.Errorf("%s: newest first: got %v", c.role, ids)
		}
	}
	if r := s.must(t, 200, "GET", "/v1/leagues?game=counter", nil); len(r["items"].([]any)) != 3 {
		t.Errorf("game filter: %v", r)
	}
	s.must(t, 400, "GET", "/v1/leagues?game=chess", nil)
}

func TestListMatchesFiltersAndStablePages(t *testing.T) {
	w := newAuthzWorld(t)
	s := w.s
	finished := w.finishedMatchA(t)
	// Walking every page while matches are added between pages returns
	// each row once; the new ones (newer than the walk) are not in it.
	before := walk(t, s, "/v1/matches?limit=1", "", nil)
	var added []string
	all := walk(t, s, "/v1/matches?limit=2", "", func() {
		added = append(added, s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "counter", "players": []string{w.player, w.player2}})["id"].(string))
	})
	seen := map[string]bool{}
	for _, id := range all {
		if seen[id] {
			t.Fatalf("%s listed twice: %v", id, all)
		}
		seen[id] = true
	}
	if fmt.Sprint(all) != fmt.Sprint(before) {
		t.Fatalf("walk while adding %v: %v, want %v", added, all, before)
	}
	// Anonymous callers do not see the private league's match; its viewer does.
	if contains(all, w.matchB) || !contains(all, w.matchA) || !contains(all, w.freeMatch) {
		t.Fatalf("anonymous list %v", all)
	}
	if ids := walk(t, s, "/v1/matches?limit=50", "Bearer "+w.tokens["viewerB"], nil); !contains(ids, w.matchB) {
		t.Fatalf("viewer of B does not see its match: %v", ids)
	}
	s.must(t, 404, "GET", "/v1/matches?league_id="+w.leagueB, nil, "Authorization", "")

	byStatus := walk(t, s, "/v1/matches?status=finished&limit=5", "", nil)
	if fmt.Sprint(byStatus) != fmt.Sprint([]string{finished}) {
		t.Fatalf("finished: %v", byStatus)
	}
	inLeague := walk(t, s, "/v1/matches?league_id="+w.leagueA+"&status=in_progress", "", nil)
	if fmt.Sprint(inLeague) != fmt.Sprint([]string{w.matchA}) {
		t.Fatalf("in progress in A: %v", inLeague)
	}
	loner := s.player(t, "Kian")
	lonely := s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "counter", "players": []string{loner, w.player}})["id"].(string)
	if got := walk(t, s, "/v1/matches?player_id="+loner+"&game=counter", "", nil); fmt.Sprint(got) != fmt.Sprint([]string{lonely}) {
		t.Fatalf("a player's history: %v", got)
	}
	s.must(t, 404, "GET", "/v1/matches?player_id=pl_nobody", nil)

	// A summary carries who played, the totals and the times.
	page := s.must(t, 200, "GET", "/v1/matches?status=finished", nil)
	it := page["items"].([]any)[0].(map[string]any)
	players := it["players"].([]any)
	totals := it["totals"].(map[string]any)
	if it["status"] != "finished" || len(players) != 2 || players[0].(map[string]any)["name"] != "Sara" ||
		totals[w.player] != 1.0 || it["version"] != 1.0 || it["finished_at"] == nil || it["started_at"] == nil ||
		it["duration_seconds"] == nil || it["league_id"] != w.leagueA {
		t.Fatalf("summary %v", it)
	}
	if _, ok := it["state"]; ok {
		t.Fatal("a summary carries the state")
	}
	open := s.must(t, 200, "GET", "/v1/matches?status=in_progress&limit=1", nil)["items"].([]any)[0].(map[string]any)
	if open["finished_at"] != nil || open["duration_seconds"] != nil || open["totals"] == nil {
		t.Fatalf("open summary %v", open)
	}
}

func TestListPlayersFoldedSearch(t *testing.T) {
	s := newTestServer(t)
	ali := s.player(t, "علی رضایی")
	alireza := s.player(t, "محمد علیرضا")
	reza := s.player(t, "رضا علي‌پور")
	sara := s.player(t, "Sara")
	zahra := s.player(t, "زهرا")
	search := func(q string) []string {
		return walk(t, s, "/v1/players?limit=2&q="+url.QueryEscape(q), "", nil)
	}
	// "علي" (Arabic yeh) finds "علی" (Persian yeh); the name that begins
	// with it first, then word starts by folded name, then the rest.
	if got := search("علي"); fmt.Sprint(got) != fmt.Sprint([]string{ali, reza, alireza}) {
		t.Fatalf("علي: %v, want %v", got, []string{ali, reza, alireza})
	}
	// ZWNJ and diacritics fold away.
	if got := search("عَلیپور"); fmt.Sprint(got) != fmt.Sprint([]string{reza}) {
		t.Fatalf("ZWNJ: %v", got)
	}
	if got := search("SAR"); fmt.Sprint(got) != fmt.Sprint([]string{sara}) {
		t.Fatalf("case: %v", got)
	}
	if got := search("%"); len(got) != 0 {
		t.Fatalf("%% is a letter, not a wildcard: %v", got)
	}
	all := walk(t, s, "/v1/players?limit=2", "", nil)
	if fmt.Sprint(all) != fmt.Sprint([]string{sara, reza, zahra, ali, alireza}) {
		t.Fatalf("all by folded name: %v", all)
	}
}

// A bad page request is a 400 naming the parameter and changes nothing.
func TestListBadPageInput(t *testing.T) {
	w := newAuthzWorld(t)
	s := w.s
	first := s.must(t, 200, "GET", "/v1/matches?limit=1", nil)
	cur := first["next_cursor"].(string)
	players := s.must(t, 200, "GET", "/v1/players?limit=1", nil)["next_cursor"].(string)
	for _, path := range []string{
		"/v1/matches?limit=0", "/v1/matches?limit=201", "/v1/matches?limit=x", "/v1/leagues?limit=-1",
		"/v1/matches?cursor=" + players,             // a cursor from another list
		"/v1/matches?status=finished&cursor=" + cur, // from other filters
		"/v1/matches?cursor=not-a-cursor",
		"/v1/players?cursor=" + cur,
		"/v1/matches?status=done",
		"/v1/matches?cursor=" + cursor{List: "matches", Filters: filterKey([]string{"", "", "", ""}), Key: []string{"x"}}.encode(),
	} {
		r := s.do("GET", path, nil)
		if r.status != 400 {
			t.Errorf("%s: %d %s", path, r.status, r.body)
			continue
		}
		p := r.json(t)
		if p["type"] != "/problems/malformed-request" || p["fields"] == nil {
			t.Errorf("%s: %s", path, r.body)
		}
	}
	if got := s.must(t, 200, "GET", "/v1/matches?limit=200", nil); len(got["items"].([]any)) != 3 {
		t.Fatalf("limit=200: %v", got)
	}
	if n := s.count(t, "matches"); n != 3 {
		t.Fatalf("bad list requests changed the matches: %d", n)
	}
}
