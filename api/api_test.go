package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
)

func TestHealthAndGames(t *testing.T) {
	s := newTestServer(t)
	if got := s.must(t, 200, "GET", "/healthz", nil); got["status"] != "ok" {
		t.Fatalf("healthz: %v", got)
	}
	games := s.must(t, 200, "GET", "/v1/games", nil)["games"].([]any)
	if len(games) != 1 || games[0].(map[string]any)["id"] != "counter" {
		t.Fatalf("games: %v", games)
	}
	g := s.must(t, 200, "GET", "/v1/games/counter", nil)
	if g["max_players"].(float64) != 4 || len(g["referee"].([]any)) != 1 {
		t.Fatalf("game: %v", g)
	}
	r := s.do("GET", "/v1/games/chess", nil)
	if r.status != 404 || r.header.Get("Content-Type") != "application/problem+json" {
		t.Fatalf("unknown game: %d %s", r.status, r.header.Get("Content-Type"))
	}
}

func TestPlayers(t *testing.T) {
	s := newTestServer(t)
	for _, name := range []string{"سارا", "Zoë", "رضا\u200cزاده", "  spaced  ", "ك ي"} {
		p := s.must(t, 201, "POST", "/v1/players", map[string]any{"name": name})
		if p["name"] != name {
			t.Fatalf("name %q came back as %q", name, p["name"])
		}
		got := s.must(t, 200, "GET", "/v1/players/"+p["id"].(string), nil)
		if got["name"] != name {
			t.Fatalf("name %q read back as %q", name, got["name"])
		}
	}
	bad := []struct {
		name  string
		body  string
		field string
		code  int
	}{
		{"empty name", `{"name":""}`, "name", 400},
		{"blank name", `{"name":"   "}`, "name", 400},
		{"control char", `{"name":"a\u0007b"}`, "name", 400},
		{"too long", `{"name":"` + strings.Repeat("ب", 101) + `"}`, "name", 400},
		{"missing", `{}`, "name", 400},
		{"unknown field", `{"name":"a","admin":true}`, "admin", 400},
		{"duplicate key", `{"name":"a","name":"b"}`, "name", 400},
		{"wrong type", `{"name":5}`, "name", 400},
		{"trailing data", `{"name":"a"} {"name":"b"}`, "", 400},
		{"not json", `name=a`, "", 400},
		{"empty body", ``, "body", 400},
		{"invalid utf-8", "{\"name\":\"\xff\xfe\"}", "name", 400},
		{"deep nesting", `{"name":` + strings.Repeat("[", 40) + strings.Repeat("]", 40) + `}`, "name", 400},
		{"too large", `{"name":"` + strings.Repeat("a", 70000) + `"}`, "", 413},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			before := s.count(t, "players")
			r := s.do("POST", "/v1/players", tc.body)
			if r.status != tc.code {
				t.Fatalf("status %d, want %d: %s", r.status, tc.code, r.body)
			}
			p := r.json(t)
			if p["status"].(float64) != float64(tc.code) || p["type"] == "" || p["request_id"] == "" {
				t.Fatalf("not a problem: %s", r.body)
			}
			if tc.field != "" {
				found := false
				for _, f := range p["fields"].([]any) {
					found = found || f.(map[string]any)["field"] == tc.field
				}
				if !found {
					t.Fatalf("no field error on %q: %s", tc.field, r.body)
				}
			}
			if s.count(t, "players") != before {
				t.Fatal("a rejected request stored a player")
			}
		})
	}
	s.must(t, 404, "GET", "/v1/players/pl_missing", nil)
}

func TestLeagues(t *testing.T) {
	s := newTestServer(t)
	l := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "لیگ کافه", "game": "counter"})
	if l["options"].(map[string]any)["points_scheme"] != "placement" {
		t.Fatalf("default scheme: %v", l)
	}
	s.must(t, 200, "GET", "/v1/leagues/"+l["id"].(string), nil)
	s.must(t, 404, "POST", "/v1/leagues", map[string]any{"name": "x", "game": "chess"})
	s.must(t, 400, "POST", "/v1/leagues", map[string]any{"name": "x", "game": "counter", "options": map[string]any{"points_scheme": "elo"}})
	if n := s.count(t, "leagues"); n != 1 {
		t.Fatalf("leagues = %d", n)
	}
}

func TestCreateMatch(t *testing.T) {
	s := newTestServer(t)
	a, b := s.player(t, "a"), s.player(t, "b")
	m := s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "counter", "players": []string{a, b}, "options": map[string]any{"target": 5}})
	if m["version"].(float64) != 0 || m["status"] != "in_progress" || m["options"].(map[string]any)["target"].(float64) != 5 || m["result"] != nil {
		t.Fatalf("match: %v", m)
	}
	cases := []struct {
		name string
		body any
		code int
	}{
		{"unknown game", map[string]any{"game": "chess", "players": []string{a, b}}, 404},
		{"unknown player", map[string]any{"game": "counter", "players": []string{a, "pl_nobody"}}, 404},
		{"same player twice", map[string]any{"game": "counter", "players": []string{a, a}}, 400},
		{"too few players", map[string]any{"game": "counter", "players": []string{a}}, 422},
		{"bad option", map[string]any{"game": "counter", "players": []string{a, b}, "options": map[string]any{"target": -1}}, 400},
		{"unknown option", map[string]any{"game": "counter", "players": []string{a, b}, "options": map[string]any{"speed": 1}}, 400},
		{"options not object", map[string]any{"game": "counter", "players": []string{a, b}, "options": []int{1}}, 400},
		{"unknown league", map[string]any{"game": "counter", "players": []string{a, b}, "league_id": "lg_none"}, 404},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := s.do("POST", "/v1/matches", tc.body)
			if r.status != tc.code {
				t.Fatalf("status %d, want %d: %s", r.status, tc.code, r.body)
			}
		})
	}
	if n := s.count(t, "matches"); n != 1 {
		t.Fatalf("matches = %d after rejected creates", n)
	}
}

func TestEventsLifecycle(t *testing.T) {
	s := newTestServer(t)
	id, p := s.counterMatch(t, 2, `{"target":3}`)
	ev := func(player string, n int) map[string]any {
		return map[string]any{"type": "add", "data": map[string]any{"player": player, "n": n}}
	}
	path := "/v1/matches/" + id + "/events"
	r := s.must(t, 201, "POST", path, ev(p[0], 2))
	if r["event"].(map[string]any)["seq"].(float64) != 1 || r["match"].(map[string]any)["version"].(float64) != 1 {
		t.Fatalf("append: %v", r)
	}

	// Rejections store nothing and say why.
	rejects := []struct {
		name    string
		body    any
		headers []string
		code    int
		rule    string
	}{
		{"out of turn", ev(p[0], 1), nil, 422, "COUNTER-TURN-1"},
		{"two rules at once", ev(p[0], 9), nil, 422, "COUNTER-ADD-1"},
		{"unknown type", map[string]any{"type": "subtract", "data": map[string]any{}}, nil, 400, ""},
		{"data not object", map[string]any{"type": "add", "data": 5}, nil, 400, ""},
		{"unknown player", ev("pl_nobody", 1), nil, 400, ""},
		{"stale If-Match", ev(p[1], 1), []string{"If-Match", `"0"`}, 412, ""},
		{"bad If-Match", ev(p[1], 1), []string{"If-Match", "soon"}, 400, ""},
		{"missing type", map[string]any{"data": map[string]any{}}, nil, 400, ""},
	}
	for _, tc := range rejects {
		t.Run(tc.name, func(t *testing.T) {
			before := s.count(t, "events")
			res := s.do("POST", path, tc.body, tc.headers...)
			if res.status != tc.code {
				t.Fatalf("status %d, want %d: %s", res.status, tc.code, res.body)
			}
			if tc.rule != "" {
				found := false
				for _, v := range res.json(t)["violations"].([]any) {
					vm := v.(map[string]any)
					found = found || vm["rule"] == tc.rule && vm["message"] != "" && vm["title"] != ""
				}
				if !found {
					t.Fatalf("no violation of %s: %s", tc.rule, res.body)
				}
			}
			if s.count(t, "events") != before {
				t.Fatal("a rejected event was stored")
			}
		})
	}
	if got := s.must(t, 200, "GET", "/v1/matches/"+id, nil); got["version"].(float64) != 1 {
		t.Fatalf("version after rejections: %v", got["version"])
	}

	// Finish, refuse more, undo reopens.
	s.must(t, 201, "POST", path, ev(p[1], 1), "If-Match", `"1"`)
	fin := s.must(t, 201, "POST", path, ev(p[0], 1))["match"].(map[string]any)
	if fin["status"] != "finished" || fin["result"].(map[string]any)["winners"].([]any)[0] != p[0] {
		t.Fatalf("finish: %v", fin)
	}
	s.must(t, 409, "POST", path, ev(p[1], 1))
	u := s.must(t, 200, "POST", "/v1/matches/"+id+"/undo", nil)
	if u["match"].(map[string]any)["status"] != "in_progress" || u["event"].(map[string]any)["voids"].(float64) != 3 {
		t.Fatalf("undo: %v", u)
	}
	log := s.must(t, 200, "GET", path, nil)
	evs := log["events"].([]any)
	if len(evs) != 4 || !evs[2].(map[string]any)["voided"].(bool) || evs[3].(map[string]any)["type"] != "undo" {
		t.Fatalf("log: %v", log)
	}
	s.must(t, 400, "POST", "/v1/matches/"+id+"/undo", `{"x":1}`)
	s.must(t, 404, "POST", "/v1/matches/m_nope/events", ev(p[0], 1))
	s.must(t, 404, "GET", "/v1/matches/m_nope", nil)
}

func TestETagAndIfNoneMatch(t *testing.T) {
	s := newTestServer(t)
	id, _ := s.counterMatch(t, 2, "")
	r := s.do("GET", "/v1/matches/"+id, nil)
	if r.header.Get("ETag") != `"0"` {
		t.Fatalf("ETag %q", r.header.Get("ETag"))
	}
	if r := s.do("GET", "/v1/matches/"+id, nil, "If-None-Match", `"0"`); r.status != http.StatusNotModified {
		t.Fatalf("If-None-Match: %d", r.status)
	}
}

func TestIdempotentRetry(t *testing.T) {
	s := newTestServer(t)
	id, p := s.counterMatch(t, 2, "")
	path := "/v1/matches/" + id + "/events"
	body := fmt.Sprintf(`{"type":"add","data":{"player":%q,"n":2}}`, p[0])
	first := s.do("POST", path, body, "Idempotency-Key", "abc")
	if first.status != 201 {
		t.Fatalf("first: %d %s", first.status, first.body)
	}
	// Same key, same body (whitespace aside): the first answer, nothing new.
	again := s.do("POST", path, strings.ReplaceAll(body, ":", ": "), "Idempotency-Key", "abc")
	if again.status != 200 || again.header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("retry: %d %s", again.status, again.body)
	}
	a, b := first.json(t)["event"], again.json(t)["event"]
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Fatalf("retry answered %v, first %v", b, a)
	}
	// Same key, different body: rejected.
	other := fmt.Sprintf(`{"type":"add","data":{"player":%q,"n":3}}`, p[1])
	if r := s.do("POST", path, other, "Idempotency-Key", "abc"); r.status != 422 {
		t.Fatalf("reused key: %d %s", r.status, r.body)
	}
	if n := s.count(t, "events"); n != 1 {
		t.Fatalf("events = %d, want 1", n)
	}
}

// 50 concurrent appends with If-Match: each lands in order or gets 412, and
// the log has no gaps.
func TestConcurrentIfMatch(t *testing.T) {
	s := newTestServer(t)
	id, p := s.counterMatch(t, 2, `{"target":1000}`)
	path := "/v1/matches/" + id + "/events"
	var wg sync.WaitGroup
	var mu sync.Mutex
	statuses := map[int]int{}
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			cur := s.do("GET", "/v1/matches/"+id, nil)
			var m struct {
				Version int64 `json:"version"`
			}
			_ = json.Unmarshal(cur.body, &m)
			player := p[m.Version%2]
			r := s.do("POST", path, fmt.Sprintf(`{"type":"add","data":{"player":%q,"n":1}}`, player), "If-Match", fmt.Sprintf(`"%d"`, m.Version))
			mu.Lock()
			statuses[r.status]++
			mu.Unlock()
		}(i)
	}
	wg.Wait()
	if statuses[201]+statuses[412] != 50 || statuses[201] == 0 {
		t.Fatalf("statuses: %v", statuses)
	}
	log := s.must(t, 200, "GET", path, nil)
	evs := log["events"].([]any)
	if len(evs) != statuses[201] {
		t.Fatalf("%d events stored, %d acknowledged", len(evs), statuses[201])
	}
	for i, e := range evs {
		if int(e.(map[string]any)["seq"].(float64)) != i+1 {
			t.Fatalf("gap at %d", i)
		}
	}
}

func TestRefereeAndLanguage(t *testing.T) {
	s := newTestServer(t)
	r := s.must(t, 200, "POST", "/v1/referee/counter/sum", `{"numbers":[1,2,3]}`, "Accept-Language", "fa-IR,fa;q=0.9")
	if r["sum"].(float64) != 6 || r["title"] != "افزودن ۱ تا ۳" {
		t.Fatalf("referee: %v", r)
	}
	s.must(t, 400, "POST", "/v1/referee/counter/sum", `{"numbers":"x"}`)
	s.must(t, 404, "POST", "/v1/referee/counter/nope", `{}`)
	rl := s.must(t, 200, "GET", "/v1/games/counter/rules?q=افزودن&lang=fa", nil)
	rs := rl["rules"].([]any)
	if len(rs) != 1 || rs[0].(map[string]any)["id"] != "COUNTER-ADD-1" {
		t.Fatalf("search: %v", rl)
	}
	one := s.must(t, 200, "GET", "/v1/rules/counter-add-1?lang=fa", nil)
	if one["title"] != "افزودن ۱ تا ۳" {
		t.Fatalf("rule: %v", one)
	}
	p := s.must(t, 404, "GET", "/v1/players/none", nil, "Accept-Language", "fa")
	if p["title"] != "پیدا نشد" {
		t.Fatalf("Persian problem title: %v", p)
	}
}

func TestPreferReturnMinimal(t *testing.T) {
	s := newTestServer(t)
	id, p := s.counterMatch(t, 2, "")
	r := s.do("POST", "/v1/matches/"+id+"/events", map[string]any{"type": "add", "data": map[string]any{"player": p[0], "n": 2}}, "Prefer", "return=minimal")
	if r.status != 201 || r.header.Get("Preference-Applied") != "return=minimal" {
		t.Fatalf("%d %v", r.status, r.header)
	}
	m := r.json(t)["match"].(map[string]any)
	if _, full := m["state"]; full || m["version"].(float64) != 1 || m["totals"].(map[string]any)[p[0]].(float64) != 2 {
		t.Fatalf("minimal answer: %v", m)
	}
	full := s.do("POST", "/v1/matches/"+id+"/events", map[string]any{"type": "add", "data": map[string]any{"player": p[1], "n": 1}})
	if _, ok := full.json(t)["match"].(map[string]any)["state"]; !ok {
		t.Fatal("the default answer lost the state")
	}
}
