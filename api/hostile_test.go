package api

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// Strings that look like SQL or script are data: stored and returned
// byte for byte in every string field a client can set.
func TestSQLAndScriptLikeStringsAreVerbatim(t *testing.T) {
	s := newTestServer(t)
	nasty := []string{
		`Robert'); DROP TABLE players;--`,
		`" OR 1=1 --`,
		`<script>alert("x")</script>`,
		`{{.}} ${jndi:ldap://x} %s %n`,
		"عکس\u200cالعمل\u200f", // ZWNJ and a direction mark (an override is refused: names_test.go)
		`\'; SELECT * FROM tokens; --`,
	}
	for _, str := range nasty {
		p := s.must(t, 201, "POST", "/v1/players", map[string]any{"name": str})
		got := s.must(t, 200, "GET", "/v1/players/"+p["id"].(string), nil)
		if got["name"] != str {
			t.Fatalf("player name %q came back as %q", str, got["name"])
		}
		l := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": str, "game": "counter"})
		if gl := s.must(t, 200, "GET", "/v1/leagues/"+l["id"].(string), nil); gl["name"] != str {
			t.Fatalf("league name %q came back as %q", str, gl["name"])
		}
		tok := s.must(t, 201, "POST", "/v1/tokens", map[string]any{"role": "viewer", "league_id": l["id"], "label": str})
		if tok["label"] != str {
			t.Fatalf("token label %q came back as %q", str, tok["label"])
		}
		// As an ID in a path or a query, it is simply not found.
		s.must(t, 404, "GET", "/v1/players/"+urlPath(str), nil)
		s.must(t, 200, "GET", "/v1/games/counter/rules?q="+urlPath(str), nil)
		// As an event type or a player in event data: a clean 400.
		id, _ := s.counterMatch(t, 2, "")
		s.must(t, 400, "POST", "/v1/matches/"+id+"/events", map[string]any{"type": str, "data": map[string]any{}})
		s.must(t, 400, "POST", "/v1/matches/"+id+"/events", map[string]any{"type": "add", "data": map[string]any{"player": str, "n": 1}})
	}
	if n := s.count(t, "players"); n < len(nasty) {
		t.Fatalf("players table lost rows: %d", n)
	}
}

func urlPath(s string) string {
	var b strings.Builder
	for _, c := range []byte(s) {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' {
			b.WriteByte(c)
		} else {
			b.WriteString("%")
			b.WriteString(strings.ToUpper(string("0123456789abcdef"[c>>4]) + string("0123456789abcdef"[c&15])))
		}
	}
	return b.String()
}

func TestHugeAndOddNumbers(t *testing.T) {
	s := newTestServer(t)
	id, p := s.counterMatch(t, 2, "")
	for _, n := range []string{"1e400", "99999999999999999999999", "-0.5", "1.5", "NaN", "0x10", "Infinity", "1e-400"} {
		body := `{"type":"add","data":{"player":"` + p[0] + `","n":` + n + `}}`
		r := s.do("POST", "/v1/matches/"+id+"/events", body)
		if r.status != 400 {
			t.Errorf("n=%s: status %d, want 400: %s", n, r.status, r.body)
		}
	}
	for _, body := range []string{`{"name":1e400}`, `{"name":"a","extra":99999999999999999999999}`} {
		if r := s.do("POST", "/v1/players", body); r.status != 400 {
			t.Errorf("%s: status %d", body, r.status)
		}
	}
	if n := s.count(t, "events"); n != 0 {
		t.Fatalf("%d events stored", n)
	}
}

// panicky is a game whose referee panics, to test what a handler panic
// becomes.
type panicky struct{ rules.Game }

func (panicky) Referees() []rules.Referee {
	return []rules.Referee{{Question: "boom", Ask: func(json.RawMessage) (any, error) { panic("secret internal detail") }}}
}

func TestPanicBecomesProblem(t *testing.T) {
	s := newTestServer(t, panicky{rulestest.Counter()})
	r := s.do("POST", "/v1/referee/counter/boom", `{}`)
	if r.status != http.StatusInternalServerError {
		t.Fatalf("status %d", r.status)
	}
	p := r.json(t)
	if p["request_id"] == "" || p["request_id"] != r.header.Get("X-Request-Id") || strings.Contains(string(r.body), "secret internal detail") {
		t.Fatalf("panic problem: %s", r.body)
	}
	// The server goes on serving.
	s.must(t, 200, "GET", "/healthz", nil)
}

type codedErr int

func (e codedErr) Error() string { return "sqlite error" }
func (e codedErr) Code() int     { return int(e) }

func TestBusyIsNeverA500(t *testing.T) {
	s := newTestServer(t)
	for _, code := range []int{5, 6, 5 | 2<<8, 6 | 1<<8} {
		c := s.e.NewContext(newRequest("GET", "/"), httptest.NewRecorder())
		p := s.server.problemFor(c, errors.Join(errors.New("append"), codedErr(code)))
		if p.Status != http.StatusServiceUnavailable {
			t.Errorf("code %d: status %d", code, p.Status)
		}
	}
}
