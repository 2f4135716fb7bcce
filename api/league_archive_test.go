package api

import (
	"testing"
)

// An archived league keeps its matches and standings readable, refuses a
// new match with a problem in the caller's language and changes nothing,
// is left out of the league list unless asked for, and takes matches again
// once unarchived. Admin or the league's owner may archive; its scorer may
// not.
func TestArchivedLeague(t *testing.T) {
	s := newTestServer(t)
	lg := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "Café", "game": "counter"})["id"].(string)
	other := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "Other", "game": "counter"})["id"].(string)
	owner := "Bearer " + s.must(t, 201, "POST", "/v1/tokens", map[string]any{"role": "owner", "league_id": lg})["token"].(string)
	scorer := "Bearer " + s.must(t, 201, "POST", "/v1/tokens", map[string]any{"role": "scorer", "league_id": lg})["token"].(string)
	stranger := "Bearer " + s.must(t, 201, "POST", "/v1/tokens", map[string]any{"role": "owner", "league_id": other})["token"].(string)
	p := []string{s.player(t, "Sara"), s.player(t, "رضا")}
	played := s.playCounter(t, lg, p, 0)
	if l := s.must(t, 200, "GET", "/v1/leagues/"+lg, nil); l["archived"] != false || l["archived_at"] != nil {
		t.Fatalf("a new league reads as archived: %v", l)
	}

	s.must(t, 403, "PATCH", "/v1/leagues/"+lg, map[string]any{"archived": true}, "Authorization", scorer)
	s.must(t, 403, "PATCH", "/v1/leagues/"+lg, map[string]any{"archived": true}, "Authorization", stranger)
	if l := s.must(t, 200, "GET", "/v1/leagues/"+lg, nil); l["archived"] != false {
		t.Fatalf("a refused archive archived the league: %v", l)
	}
	l := s.must(t, 200, "PATCH", "/v1/leagues/"+lg, map[string]any{"archived": true}, "Authorization", owner)
	if l["archived"] != true || l["archived_at"] == nil || l["name"] != "Café" || l["visibility"] != "public" {
		t.Fatalf("archived league = %v", l)
	}

	// Still readable.
	s.must(t, 200, "GET", "/v1/matches/"+played, nil)
	if st := s.must(t, 200, "GET", "/v1/leagues/"+lg+"/standings", nil); st["matches"].(float64) != 1 {
		t.Errorf("standings of the archived league count %v matches, want 1", st["matches"])
	}
	s.must(t, 200, "GET", "/v1/leagues/"+lg+"/ratings/history", nil)

	// No new match, in either language, and nothing is written.
	matches := s.count(t, "matches")
	for _, c := range []struct{ auth, lang, title string }{
		{scorer, "en", "This league is archived"},
		{owner, "fa", "این لیگ بایگانی شده است"},
		{"Bearer " + s.admin, "en", "This league is archived"},
	} {
		r := s.do("POST", "/v1/matches", map[string]any{"game": "counter", "players": p, "league_id": lg}, "Authorization", c.auth, "Accept-Language", c.lang)
		if r.status != 409 {
			t.Fatalf("a match in an archived league: status %d: %s", r.status, r.body)
		}
		if ct := r.header.Get("Content-Type"); ct != "application/problem+json" {
			t.Errorf("Content-Type %q, want application/problem+json", ct)
		}
		pr := r.json(t)
		if pr["type"] != "/problems/league-archived" || pr["title"] != c.title || pr["status"].(float64) != 409 || pr["detail"] == "" {
			t.Errorf("%s problem = %v", c.lang, pr)
		}
	}
	if n := s.count(t, "matches"); n != matches {
		t.Errorf("refused matches changed the match count from %d to %d", matches, n)
	}

	// Left out of the list unless asked for.
	ids := func(query string) []string {
		var out []string
		for _, x := range s.must(t, 200, "GET", "/v1/leagues"+query, nil)["items"].([]any) {
			out = append(out, x.(map[string]any)["id"].(string))
		}
		return out
	}
	if got := ids(""); len(got) != 1 || got[0] != other {
		t.Errorf("league list = %v, want only %s", got, other)
	}
	if got := ids("?archived=true"); len(got) != 1 || got[0] != lg {
		t.Errorf("archived leagues = %v, want only %s", got, lg)
	}
	if got := ids("?archived=any"); len(got) != 2 {
		t.Errorf("all leagues = %v, want both", got)
	}
	s.must(t, 400, "GET", "/v1/leagues?archived=maybe", nil)

	// Unarchived, it takes matches again.
	if l := s.must(t, 200, "PATCH", "/v1/leagues/"+lg, map[string]any{"archived": false}, "Authorization", owner); l["archived"] != false || l["archived_at"] != nil {
		t.Fatalf("unarchived league = %v", l)
	}
	s.playCounter(t, lg, p, 1)
	if got := ids(""); len(got) != 2 {
		t.Errorf("league list after unarchiving = %v, want both", got)
	}
}
