package api

import (
	"strings"
	"testing"
)

// GET /v1/me says what the calling token may do: its role and, for a
// league's token, the league by ID and name.
func TestMeSaysWhatTheTokenMayDo(t *testing.T) {
	s := newTestServer(t)
	me := s.must(t, 200, "GET", "/v1/me", nil)
	if me["role"] != "admin" || me["token_id"] == "" || me["league_id"] != nil {
		t.Fatalf("admin: %v", me)
	}
	league := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "Café Ferdowsi", "game": "counter"})["id"].(string)
	tok := s.must(t, 201, "POST", "/v1/tokens", map[string]any{"role": "scorer", "league_id": league, "label": "table 3"})
	me = s.must(t, 200, "GET", "/v1/me", nil, "Authorization", "Bearer "+tok["token"].(string))
	if me["role"] != "scorer" || me["league_id"] != league || me["league_name"] != "Café Ferdowsi" || me["label"] != "table 3" || me["token_id"] != tok["id"] {
		t.Fatalf("scorer: %v", me)
	}
	if r := s.do("GET", "/v1/me", nil, "Authorization", ""); r.status != 401 {
		t.Fatalf("without a token: %d", r.status)
	}
}

// The table app is served at / with the strict policy of every page, and
// its scripts, styles and fonts come from the binary.
func TestTableAppIsServed(t *testing.T) {
	s := newTestServer(t)
	r := s.do("GET", "/", nil, "Authorization", "")
	if r.status != 200 || !strings.Contains(r.header.Get("Content-Type"), "text/html") {
		t.Fatalf("GET /: %d %s", r.status, r.header.Get("Content-Type"))
	}
	if csp := r.header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "'unsafe-eval'") {
		t.Fatalf("GET /: policy %q", csp)
	}
	body := string(r.body)
	for _, asset := range []string{"/assets/app-main.js?v=", "/assets/app-table.css?v=", "/assets/app.css?v="} {
		i := strings.Index(body, asset)
		if i < 0 {
			t.Fatalf("the page does not link %s", asset)
		}
		link := body[i:]
		link = link[:strings.IndexByte(link, '"')]
		if a := s.do("GET", link, nil, "Authorization", ""); a.status != 200 {
			t.Fatalf("GET %s: %d", link, a.status)
		}
	}
	for path, ct := range map[string]string{
		"/assets/alpinejs-csp-3.17.4.esm.min.js": "text/javascript",
		"/assets/Vazirmatn-Regular.woff2":        "font/woff2",
		"/assets/app-wizard.js":                  "text/javascript",
		"/assets/app-munchkin.js":                "text/javascript",
		"/assets/app-silver.js":                  "text/javascript",
		"/assets/app-yatuk.js":                   "text/javascript",
		"/assets/app-wazabi.js":                  "text/javascript",
	} {
		a := s.do("GET", path, nil, "Authorization", "")
		if a.status != 200 || !strings.HasPrefix(a.header.Get("Content-Type"), ct) {
			t.Fatalf("GET %s: %d %s", path, a.status, a.header.Get("Content-Type"))
		}
	}
}
