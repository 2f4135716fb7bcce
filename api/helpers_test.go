package api

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// testServer is the real router over a real SQLite file.
type testServer struct {
	t      *testing.T
	e      *echo.Echo
	server *Server
	// admin is an admin token's secret, sent with every request unless the
	// request names its own Authorization header ("" for none).
	admin string
	store *db.Store
	path  string
}

func newTestServer(t testing.TB, games ...rules.Game) *testServer {
	t.Helper()
	return newTestServerWith(t, Config{}, games...)
}

// newTestServerWith is newTestServer with cfg's non-zero settings; writes
// are not limited unless cfg says so.
func newTestServerWith(t testing.TB, cfg Config, games ...rules.Game) *testServer {
	t.Helper()
	if len(games) == 0 {
		games = []rules.Game{rulestest.Counter()}
	}
	reg := rules.NewRegistry(games...)
	path := filepath.Join(t.TempDir(), "api.db")
	store, err := db.Open(context.Background(), db.Config{Path: path}, reg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	spec, _ := os.ReadFile("../openapi.yaml")
	cfg.BodyLimit, cfg.OpenAPI = "64K", spec
	if cfg.WritesPerSecond == 0 {
		cfg.WritesPerSecond = -1
	}
	e, srv := newServer(t, cfg, store, reg)
	ts := &testServer{e: e, server: srv, store: store, path: path, admin: db.NewSecret()}
	if _, err := store.CreateToken(context.Background(), ts.admin, db.RoleAdmin, "", "test admin", ""); err != nil {
		t.Fatal(err)
	}
	if tt, ok := t.(*testing.T); ok {
		ts.t = tt
	}
	return ts
}

type response struct {
	status int
	header http.Header
	body   []byte
}

func (r response) json(t testing.TB) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.body, &m); err != nil {
		t.Fatalf("response is not a JSON object: %v: %s", err, r.body)
	}
	return m
}

// do sends a request; body may be a string (sent as is) or a value to marshal.
func (s *testServer) do(method, path string, body any, headers ...string) response {
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = bytes.NewBufferString(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		raw, _ := json.Marshal(b)
		rd = bytes.NewReader(raw)
	}
	req := httptest.NewRequest(method, path, rd)
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Authorization", "Bearer "+s.admin)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
		if headers[i] == "Authorization" && headers[i+1] == "" {
			req.Header.Del("Authorization")
		}
	}
	rec := httptest.NewRecorder()
	s.e.ServeHTTP(rec, req)
	return response{status: rec.Code, header: rec.Header(), body: rec.Body.Bytes()}
}

func (s *testServer) must(t testing.TB, status int, method, path string, body any, headers ...string) map[string]any {
	t.Helper()
	r := s.do(method, path, body, headers...)
	if r.status != status {
		t.Fatalf("%s %s: status %d, want %d: %s", method, path, r.status, status, r.body)
	}
	if len(r.body) == 0 {
		return nil
	}
	return r.json(t)
}

func (s *testServer) player(t testing.TB, name string) string {
	t.Helper()
	// Tests seat many a "Sara": each is another person.
	return s.must(t, 201, "POST", "/v1/players", map[string]any{"name": name, "allow_duplicate": true})["id"].(string)
}

func (s *testServer) counterMatch(t testing.TB, n int, options string) (string, []string) {
	t.Helper()
	var ids []string
	for i := 0; i < n; i++ {
		ids = append(ids, s.player(t, []string{"Sara", "رضا", "Kian", "مریم"}[i]))
	}
	body := map[string]any{"game": "counter", "players": ids}
	if options != "" {
		body["options"] = json.RawMessage(options)
	}
	m := s.must(t, 201, "POST", "/v1/matches", body)
	return m["id"].(string), ids
}

func (s *testServer) count(t testing.TB, table string) int {
	t.Helper()
	conn, err := sqlOpenRO(s.path)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var n int
	if err := conn.QueryRow("SELECT COUNT(*) FROM " + table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func newRequest(method, path string) *http.Request { return httptest.NewRequest(method, path, nil) }
