package api

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// A token's last use is listed once it is used, a token may be renamed by
// its league's owner without changing its secret, and a bad label changes
// nothing.
func TestTokensShowLastUseAndTakeNewLabels(t *testing.T) {
	s := newTestServer(t)
	league := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "Café", "game": "counter"})["id"].(string)
	owner := s.must(t, 201, "POST", "/v1/tokens", map[string]any{"role": "owner", "league_id": league, "label": "owner"})["token"].(string)
	tok := s.must(t, 201, "POST", "/v1/tokens", map[string]any{"role": "scorer", "league_id": league, "label": "Table 1"}, "Authorization", "Bearer "+owner)
	find := func() map[string]any {
		t.Helper()
		for _, x := range s.must(t, 200, "GET", "/v1/tokens?league="+league, nil)["tokens"].([]any) {
			if m := x.(map[string]any); m["id"] == tok["id"] {
				return m
			}
		}
		t.Fatal("the table's token is not listed")
		return nil
	}
	if _, used := find()["last_used_at"]; used {
		t.Fatal("an unused token has a last use")
	}
	s.must(t, 200, "GET", "/v1/me", nil, "Authorization", "Bearer "+tok["token"].(string))
	if used, _ := find()["last_used_at"].(string); used == "" {
		t.Fatal("a used token has no last use")
	}
	id := tok["id"].(string)
	s.must(t, 400, "PATCH", "/v1/tokens/"+id, map[string]any{"label": ""}, "Authorization", "Bearer "+owner)
	if got := find()["label"]; got != "Table 1" {
		t.Fatalf("a refused relabel changed the label to %v", got)
	}
	s.must(t, 200, "PATCH", "/v1/tokens/"+id, map[string]any{"label": "Table 5"}, "Authorization", "Bearer "+owner)
	me := s.must(t, 200, "GET", "/v1/me", nil, "Authorization", "Bearer "+tok["token"].(string))
	if me["label"] != "Table 5" {
		t.Fatalf("after a relabel the table's phone is %v", me["label"])
	}
	other := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "Other", "game": "counter"})["id"].(string)
	stranger := s.must(t, 201, "POST", "/v1/tokens", map[string]any{"role": "owner", "league_id": other})["token"].(string)
	s.must(t, 404, "PATCH", "/v1/tokens/"+id, map[string]any{"label": "Mine"}, "Authorization", "Bearer "+stranger)
}

// GET /v1/addresses gives --public-url first and marks loopback addresses;
// a scorer may not ask.
func TestAddressesOfferThePublicURL(t *testing.T) {
	s := newTestServerWith(t, Config{PublicURL: "http://192.168.1.20:8080", ListenAddr: "127.0.0.1:0"})
	a := s.must(t, 200, "GET", "/v1/addresses", nil)
	list := a["addresses"].([]any)
	if a["public_url"] != "http://192.168.1.20:8080" || len(list) < 2 {
		t.Fatalf("addresses: %v", a)
	}
	first, last := list[0].(map[string]any), list[len(list)-1].(map[string]any)
	if first["url"] != "http://192.168.1.20:8080" || first["loopback"] != false || last["loopback"] != true {
		t.Fatalf("addresses: %v", list)
	}
	league := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "Café", "game": "counter"})["id"].(string)
	scorer := s.must(t, 201, "POST", "/v1/tokens", map[string]any{"role": "scorer", "league_id": league})["token"].(string)
	s.must(t, 403, "GET", "/v1/addresses", nil, "Authorization", "Bearer "+scorer)
}

func TestParsePublicURL(t *testing.T) {
	for in, want := range map[string]string{"": "", "http://192.168.1.20:8080/": "http://192.168.1.20:8080", "https://scores.example.org": "https://scores.example.org"} {
		if got, err := ParsePublicURL(in); err != nil || got != want {
			t.Errorf("%q: %q, %v", in, got, err)
		}
	}
	for _, bad := range []string{"192.168.1.20:8080", "ftp://x", "http://", "http://x/?a=1"} {
		if _, err := ParsePublicURL(bad); err == nil {
			t.Errorf("%q was accepted", bad)
		}
	}
}

// The play log: a finished match's summary carries each player's place,
// and the list is bounded by day; a malformed day changes nothing.
func TestMatchListShowsPlacesAndFiltersByDay(t *testing.T) {
	w := newAuthzWorld(t)
	s := w.s
	finished := w.finishedMatchA(t)
	it := s.must(t, 200, "GET", "/v1/matches?status=finished", nil)["items"].([]any)[0].(map[string]any)
	if it["id"] != finished {
		t.Fatalf("finished: %v", it)
	}
	places := map[any]any{}
	for _, p := range it["players"].([]any) {
		places[p.(map[string]any)["id"]] = p.(map[string]any)["place"]
	}
	if places[w.player] != 1.0 {
		t.Fatalf("places %v", places)
	}
	today := time.Now().UTC().Format(time.DateOnly)
	tomorrow := time.Now().UTC().AddDate(0, 0, 1).Format(time.DateOnly)
	if got := walk(t, s, "/v1/matches?status=finished&from="+today+"&to="+today, "", nil); !contains(got, finished) {
		t.Fatalf("today's matches: %v", got)
	}
	if got := walk(t, s, "/v1/matches?from="+tomorrow, "", nil); len(got) != 0 {
		t.Fatalf("tomorrow's matches: %v", got)
	}
	if _, ok := it["correcting"]; ok {
		t.Fatalf("a finished match is listed as being corrected: %v", it)
	}
	s.must(t, 200, "POST", "/v1/matches/"+finished+"/undo", nil)
	reopened := s.must(t, 200, "GET", "/v1/matches?status=in_progress&league_id="+w.leagueA, nil)["items"].([]any)
	found := false
	for _, x := range reopened {
		if m := x.(map[string]any); m["id"] == finished {
			found = m["correcting"] == true
		}
	}
	if !found {
		t.Fatalf("the reopened match is not listed as being corrected: %v", reopened)
	}
	s.must(t, 400, "GET", "/v1/matches?from=yesterday", nil)
	s.must(t, 400, "GET", "/v1/matches?from="+tomorrow+"&to="+today, nil)
}

// A merge's dry run says what the merge would change, each league's row of
// the kept player before and after, and stores nothing; players who sat in
// one match are refused as the merge refuses them.
func TestMergeDryRunPreviewsStandings(t *testing.T) {
	s := newTestServer(t)
	league := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "Café", "game": "counter"})["id"].(string)
	sara, dup, reza := s.player(t, "Sara"), s.player(t, "Sara K"), s.player(t, "Reza")
	win := func(winner, other string) string {
		id := s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "counter", "players": []string{winner, other}, "league_id": league, "options": map[string]any{"target": 1}})["id"].(string)
		s.must(t, 201, "POST", "/v1/matches/"+id+"/events", map[string]any{"type": "add", "data": map[string]any{"player": winner, "n": 1}})
		return id
	}
	win(sara, reza)
	moved := win(dup, reza)
	out := s.must(t, 200, "POST", "/v1/players/"+dup+"/merge?dry_run=true", map[string]any{"into": sara})
	if fmt.Sprint(out["matches"]) != fmt.Sprint([]any{moved}) {
		t.Fatalf("dry run matches %v", out["matches"])
	}
	lg := out["leagues"].([]any)[0].(map[string]any)
	before, after := lg["before"].(map[string]any), lg["after"].(map[string]any)
	if before["played"] != 1.0 || after["played"] != 2.0 || before["wins"] != 1.0 || after["wins"] != 2.0 || lg["merged"].(map[string]any)["played"] != 1.0 {
		t.Fatalf("dry run standings %v", lg)
	}
	// Nothing was stored: the duplicate still answers, and still plays.
	s.must(t, 200, "GET", "/v1/players/"+dup, nil)
	s.must(t, 409, "POST", "/v1/players/"+reza+"/merge?dry_run=true", map[string]any{"into": sara})
	s.must(t, 400, "POST", "/v1/players/"+dup+"/merge?dry_run=maybe", map[string]any{"into": sara})
}

// A public league's screen carries a code to follow it, at the public URL
// when the server has one; a private league's carries none.
func TestLeagueScreenOffersACodeToFollow(t *testing.T) {
	s := newTestServerWith(t, Config{PublicURL: "http://192.168.1.20:8080"})
	open := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "Open", "game": "counter"})["id"].(string)
	closed := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "Closed", "game": "counter", "visibility": "private"})["id"].(string)
	if r := s.do("GET", "/leagues/"+open+"?big=1", nil); r.status != 200 || !strings.Contains(string(r.body), `id="follow"`) || !strings.Contains(string(r.body), "data:image/png;base64,") {
		t.Fatalf("a public league's screen has no code to follow: %d", r.status)
	}
	if r := s.do("GET", "/leagues/"+closed+"?big=1", nil); r.status != 200 || strings.Contains(string(r.body), `id="follow"`) {
		t.Fatalf("a private league's screen offers a code: %d", r.status)
	}
}
