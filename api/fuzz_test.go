package api

import (
	"bytes"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/motamed/motamed/rules/all"
	"github.com/motamed/motamed/rules/rulestest"
)

// fingerprint summarizes everything stored, to prove a rejected request
// changed nothing.
func (s *testServer) fingerprint(t testing.TB) string {
	t.Helper()
	conn, err := sqlOpenRO(s.path)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var b strings.Builder
	for _, q := range []string{
		"SELECT COUNT(*) FROM players", "SELECT COUNT(*) FROM leagues", "SELECT COUNT(*) FROM matches",
		"SELECT COUNT(*) FROM events", "SELECT COUNT(*) FROM tokens",
		"SELECT COUNT(*) FROM tokens WHERE revoked_at IS NOT NULL", "SELECT COUNT(*) FROM idempotency_keys",
		"SELECT COUNT(*) FROM match_results", "SELECT COALESCE(GROUP_CONCAT(name || visibility), '') FROM leagues",
	} {
		var v any
		if err := conn.QueryRow(q).Scan(&v); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%v|", v)
	}
	return b.String()
}

var fuzzMethods = []string{"GET", "POST", "PATCH", "DELETE", "PUT", "HEAD", "OPTIONS", "TRACE", "BREW"}

// FuzzHTTP drives the real router with arbitrary methods, paths, headers
// and bodies. No input may panic the server or produce a 500, and a request
// answered with an error must leave the stored data unchanged.
func FuzzHTTP(f *testing.F) {
	games := append(all.Registry().All(), rulestest.Counter())
	s := newTestServer(f, games...)
	p1, p2, p3 := s.player(f, "a"), s.player(f, "b"), s.player(f, "c")
	lg := s.must(f, 201, "POST", "/v1/leagues", map[string]any{"name": "l", "game": "counter"})["id"].(string)
	m := s.must(f, 201, "POST", "/v1/matches", map[string]any{"game": "counter", "players": []string{p1, p2}, "league_id": lg})["id"].(string)
	w := s.must(f, 201, "POST", "/v1/matches", map[string]any{"game": "wizard", "players": []string{p1, p2, p3}})["id"].(string)
	subst := strings.NewReplacer("{m}", m, "{w}", w, "{p}", p1, "{l}", lg)

	seeds := []struct {
		method uint8
		path   string
		auth   string
		extra  string
		body   string
	}{
		{1, "/v1/matches/{m}/events", "admin", "", `{"type":"add","data":{"player":"` + p1 + `","n":1}}`},
		{1, "/v1/matches/{w}/events", "admin", "", `{"type":"round_started","data":{"trump":"red","trump_card":"red-7"}}`},
		{1, "/v1/matches/{m}/events", "", "", `{"type":"add"}`},
		{1, "/v1/players", "admin", "", `{"name":"سارا"}`},
		{1, "/v1/players", "admin", "", `{"name":"a","name":"b"}`},
		{1, "/v1/matches", "admin", "", `{"game":"wizard","players":["` + p1 + `","` + p2 + `","` + p3 + `"],"options":{"rounds":2}}`},
		{2, "/v1/leagues/{l}", "admin", "", `{"visibility":"private"}`},
		{0, "/v1/leagues/{l}/standings?format=csv", "", "", ""},
		{0, "/v1/games/wizard/rules?q=%D8%A8", "", "fa", ""},
		{1, "/v1/referee/wizard/trick", "", "", `{"trump":"red","plays":["red-1","wizard"]}`},
		{1, "/v1/referee/yatuk/army", "", "", `{"cards":[{"kind":"wizard","colors":["red"],"power":3}]}`},
		{1, "/v1/matches/{m}/undo", "admin", `"3"`, ``},
		{3, "/v1/tokens/tk_x", "admin", "", ""},
		{1, "/v1/tokens", "admin", "", `{"role":"viewer","league_id":"` + lg + `"}`},
		{0, "/v1/matches/{m}/export?format=bgstats", "", "", ""},
		{0, "/../../etc/passwd", "", "", ""},
		{1, "/v1/matches/{m}/events", "admin", "", strings.Repeat("[", 100)},
	}
	for _, sd := range seeds {
		f.Add(sd.method, sd.path, sd.auth, sd.extra, []byte(sd.body))
	}
	f.Fuzz(func(t *testing.T, method uint8, path, auth, extra string, body []byte) {
		if len(body) > 1<<16 || len(path) > 2048 {
			return
		}
		path = subst.Replace(path)
		if !strings.HasPrefix(path, "/") {
			path = "/" + path
		}
		req := httptest.NewRequest("GET", "/", bytes.NewReader(body))
		req.Method = fuzzMethods[int(method)%len(fuzzMethods)]
		req.URL.Path = path
		if i := strings.IndexByte(path, '?'); i >= 0 {
			req.URL.Path, req.URL.RawQuery = path[:i], path[i+1:]
		}
		req.Header.Set("Content-Type", "application/json")
		switch auth {
		case "":
		case "admin":
			req.Header.Set("Authorization", "Bearer "+s.admin)
		default:
			req.Header.Set("Authorization", auth)
		}
		if extra != "" {
			req.Header.Set("If-Match", extra)
			req.Header.Set("Idempotency-Key", extra)
			req.Header.Set("Accept-Language", extra)
			req.Header.Set("X-Request-Id", extra)
		}
		before := s.fingerprint(t)
		rec := httptest.NewRecorder()
		s.e.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("%s %s: status %d: %s", req.Method, path, rec.Code, rec.Body.String())
		}
		if rec.Code >= 400 {
			if after := s.fingerprint(t); after != before {
				t.Fatalf("%s %s answered %d but changed the stored data:\n%s\n%s", req.Method, path, rec.Code, before, after)
			}
		}
	})
}
