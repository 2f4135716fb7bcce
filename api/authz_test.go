package api

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// authzWorld is a database with two leagues (A public, B private), tokens of
// every role in each, and matches in A, in B and outside any league.
type authzWorld struct {
	s                *testServer
	tokens           map[string]string // role name -> secret
	leagueA, leagueB string
	matchA, matchB   string
	freeMatch        string
	player, player2  string
	tokenOfA         string // a token ID in league A (for DELETE rows)
	finishedA, openA string
}

func newAuthzWorld(t *testing.T) *authzWorld {
	w := &authzWorld{s: newTestServer(t), tokens: map[string]string{}}
	s := w.s
	ctx := context.Background()
	w.tokens["admin"] = s.admin
	w.tokens["bad"] = "mtd_not_a_real_token"
	w.leagueA = s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "A", "game": "counter"})["id"].(string)
	w.leagueB = s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "B", "game": "counter", "visibility": "private"})["id"].(string)
	for _, l := range []struct{ name, id string }{{"A", w.leagueA}, {"B", w.leagueB}} {
		for _, role := range []string{"owner", "scorer", "viewer"} {
			tok := s.must(t, 201, "POST", "/v1/tokens", map[string]any{"role": role, "league_id": l.id})
			w.tokens[role+l.name] = tok["token"].(string)
		}
	}
	w.player, w.player2 = s.player(t, "Sara"), s.player(t, "Reza")
	pair := []string{w.player, w.player2}
	w.matchA = s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "counter", "players": pair, "league_id": w.leagueA})["id"].(string)
	w.matchB = s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "counter", "players": pair, "league_id": w.leagueB})["id"].(string)
	w.freeMatch = s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "counter", "players": pair}, "Authorization", "Bearer "+w.tokens["scorerA"])["id"].(string)
	victim, err := s.store.CreateToken(ctx, db.NewSecret(), db.RoleViewer, w.leagueA, "victim", "")
	if err != nil {
		t.Fatal(err)
	}
	w.tokenOfA = victim.ID
	return w
}

// finishedMatchA returns a fresh finished match of league A.
func (w *authzWorld) finishedMatchA(t *testing.T) string {
	id := w.s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "counter", "players": []string{w.player, w.player2}, "league_id": w.leagueA, "options": map[string]any{"target": 1}})["id"].(string)
	w.s.must(t, 201, "POST", "/v1/matches/"+id+"/events", map[string]any{"type": "add", "data": map[string]any{"player": w.player, "n": 1}})
	return id
}

var roles = []string{"anon", "bad", "admin", "ownerA", "scorerA", "viewerA", "ownerB", "scorerB", "viewerB"}

// expect builds a role -> status map: def for every role, then overrides.
func expect(def int, over ...any) map[string]int {
	m := map[string]int{}
	for _, r := range roles {
		m[r] = def
	}
	m["bad"] = 401
	for i := 0; i+1 < len(over); i += 2 {
		for _, r := range strings.Split(over[i].(string), ",") {
			m[r] = over[i+1].(int)
		}
	}
	return m
}

// TestAuthorizationMatrix walks every route with every role and scope and
// asserts the exact status. "Allowed" requests carry a body that the route
// then rejects for another reason (a rule, a malformed field, nothing to
// undo), so the matrix changes no data — except rows whose allowed outcome
// is the change itself (201/204), which use their own fresh resources.
func TestAuthorizationMatrix(t *testing.T) {
	w := newAuthzWorld(t)
	s := w.s
	badEvent := func(p string) map[string]any {
		return map[string]any{"type": "add", "data": map[string]any{"player": p, "n": 9}}
	}
	rows := []struct {
		name   string
		method string
		path   func() string
		body   any
		want   map[string]int
	}{
		{"healthz", "GET", func() string { return "/healthz" }, nil, expect(200)},
		{"games", "GET", func() string { return "/v1/games" }, nil, expect(200)},
		{"game", "GET", func() string { return "/v1/games/counter" }, nil, expect(200)},
		{"rules", "GET", func() string { return "/v1/games/counter/rules" }, nil, expect(200)},
		{"rule", "GET", func() string { return "/v1/rules/COUNTER-ADD-1" }, nil, expect(200)},
		{"referee", "POST", func() string { return "/v1/referee/counter/sum" }, `{"numbers":[1]}`, expect(200)},
		{"list players", "GET", func() string { return "/v1/players?q=sa" }, nil, expect(200)},
		{"list leagues", "GET", func() string { return "/v1/leagues" }, nil, expect(200)},
		{"list matches", "GET", func() string { return "/v1/matches?status=in_progress" }, nil, expect(200)},
		{"list matches of B", "GET", func() string { return "/v1/matches?league_id=" + w.leagueB }, nil, expect(404, "admin,ownerB,scorerB,viewerB", 200)},
		{"rename player", "PATCH", func() string { return "/v1/players/" + w.player }, `{"name":"Sara"}`, expect(403, "anon", 401, "admin", 200)}, // played in A, B and outside
		{"merge player", "POST", func() string { return "/v1/players/" + w.player + "/merge" }, func() any { return map[string]any{"into": w.player} },
			expect(403, "anon", 401, "admin", 400)},
		{"delete player", "DELETE", func() string { return "/v1/players/" + w.player }, nil, expect(403, "anon", 401, "admin", 409)},
		{"create player", "POST", func() string { return "/v1/players" }, `{}`, expect(400, "anon", 401, "viewerA,viewerB", 403)},
		{"read player", "GET", func() string { return "/v1/players/" + w.player }, nil, expect(200)},
		{"player stats", "GET", func() string { return "/v1/players/" + w.player + "/stats" }, nil, expect(200)},
		{"create league", "POST", func() string { return "/v1/leagues" }, `{}`, expect(403, "anon", 401, "admin", 400)},
		{"read public league", "GET", func() string { return "/v1/leagues/" + w.leagueA }, nil, expect(200)},
		{"read private league", "GET", func() string { return "/v1/leagues/" + w.leagueB }, nil, expect(404, "admin,ownerB,scorerB,viewerB", 200)},
		{"patch public league", "PATCH", func() string { return "/v1/leagues/" + w.leagueA }, `{"visibility":"public"}`, expect(403, "anon", 401, "admin,ownerA", 200)},
		{"patch private league", "PATCH", func() string { return "/v1/leagues/" + w.leagueB }, `{"visibility":"private"}`, expect(404, "anon", 401, "admin,ownerB", 200, "scorerB,viewerB", 403)},
		{"public standings", "GET", func() string { return "/v1/leagues/" + w.leagueA + "/standings" }, nil, expect(200)},
		{"private standings", "GET", func() string { return "/v1/leagues/" + w.leagueB + "/standings" }, nil, expect(404, "admin,ownerB,scorerB,viewerB", 200)},
		{"public history", "GET", func() string { return "/v1/leagues/" + w.leagueA + "/ratings/history" }, nil, expect(200)},
		{"private history", "GET", func() string { return "/v1/leagues/" + w.leagueB + "/ratings/history" }, nil, expect(404, "admin,ownerB,scorerB,viewerB", 200)},
		{"private league stats filter", "GET", func() string { return "/v1/players/" + w.player + "/stats?league=" + w.leagueB }, nil, expect(404, "admin,ownerB,scorerB,viewerB", 200)},
		{"create match in A", "POST", func() string { return "/v1/matches" }, func() any {
			return map[string]any{"game": "counter", "players": []string{w.player}, "league_id": w.leagueA}
		}, expect(403, "anon", 401, "admin,ownerA,scorerA", 422)},
		{"create match in B (scorer of A)", "POST", func() string { return "/v1/matches" }, func() any {
			return map[string]any{"game": "counter", "players": []string{w.player}, "league_id": w.leagueB}
		}, expect(404, "anon", 401, "admin,ownerB,scorerB", 422, "viewerA,viewerB", 403)},
		{"create free match", "POST", func() string { return "/v1/matches" }, func() any {
			return map[string]any{"game": "counter", "players": []string{w.player}}
		}, expect(422, "anon", 401, "viewerA,viewerB", 403)},
		{"read match A", "GET", func() string { return "/v1/matches/" + w.matchA }, nil, expect(200)},
		{"read match B", "GET", func() string { return "/v1/matches/" + w.matchB }, nil, expect(404, "admin,ownerB,scorerB,viewerB", 200)},
		{"read free match", "GET", func() string { return "/v1/matches/" + w.freeMatch }, nil, expect(200)},
		{"log of match B", "GET", func() string { return "/v1/matches/" + w.matchB + "/events" }, nil, expect(404, "admin,ownerB,scorerB,viewerB", 200)},
		{"export match B", "GET", func() string { return "/v1/matches/" + w.matchB + "/export?format=bgg" }, nil, expect(404, "admin,ownerB,scorerB,viewerB", 200)},
		{"event on match A", "POST", func() string { return "/v1/matches/" + w.matchA + "/events" }, func() any { return badEvent(w.player) },
			expect(403, "anon", 401, "admin,ownerA,scorerA", 422)},
		{"event on match B (scorer of A)", "POST", func() string { return "/v1/matches/" + w.matchB + "/events" }, func() any { return badEvent(w.player) },
			expect(404, "anon", 401, "admin,ownerB,scorerB", 422, "viewerB", 403)},
		{"event on free match", "POST", func() string { return "/v1/matches/" + w.freeMatch + "/events" }, func() any { return badEvent(w.player) },
			expect(403, "anon", 401, "admin,scorerA", 422)},
		{"undo on match A in progress", "POST", func() string { return "/v1/matches/" + w.matchA + "/undo" }, nil,
			expect(403, "anon", 401, "admin,ownerA,scorerA", 409)},
		{"undo on finished match A", "POST", func() string { return "/v1/matches/" + w.finishedMatchA(t) + "/undo" }, nil,
			expect(403, "anon", 401, "admin,ownerA,scorerA", 200)},
		{"patch match A in progress", "PATCH", func() string { return "/v1/matches/" + w.matchA }, `{"status":"finished"}`,
			expect(403, "anon", 401, "admin,ownerA,scorerA", 422)},
		{"patch match B", "PATCH", func() string { return "/v1/matches/" + w.matchB }, `{"status":"finished"}`,
			expect(404, "anon", 401, "admin,ownerB,scorerB", 422, "viewerB", 403)},
		{"patch free match", "PATCH", func() string { return "/v1/matches/" + w.freeMatch }, `{"status":"finished"}`,
			expect(403, "anon", 401, "admin,scorerA", 422)},
		{"patch finished match A", "PATCH", func() string { return "/v1/matches/" + w.finishedMatchA(t) }, `{"notes":"late"}`,
			expect(403, "anon", 401, "admin,ownerA", 200)},
		{"redo on match A", "POST", func() string { return "/v1/matches/" + w.matchA + "/redo" }, nil,
			expect(403, "anon", 401, "admin,ownerA,scorerA", 409)},
		{"redo on match B", "POST", func() string { return "/v1/matches/" + w.matchB + "/redo" }, nil,
			expect(404, "anon", 401, "admin,ownerB,scorerB", 409, "viewerB", 403)},
		{"replace on match A", "PUT", func() string { return "/v1/matches/" + w.matchA + "/events/1" }, func() any { return badEvent(w.player) },
			expect(403, "anon", 401, "admin,ownerA,scorerA", 404)},
		{"replace on finished match A", "PUT", func() string { return "/v1/matches/" + w.finishedMatchA(t) + "/events/1" },
			func() any { return map[string]any{"type": "add", "data": map[string]any{"player": w.player, "n": 1}} },
			expect(403, "anon", 401, "admin,ownerA,scorerA", 200)},
		{"replace on free match", "PUT", func() string { return "/v1/matches/" + w.freeMatch + "/events/1" }, func() any { return badEvent(w.player) },
			expect(403, "anon", 401, "admin,scorerA", 404)},
		{"void on match B", "POST", func() string { return "/v1/matches/" + w.matchB + "/events/1/void" }, nil,
			expect(404, "anon", 401, "admin,ownerB,scorerB", 404, "viewerB", 403)},
		{"void on finished match A", "POST", func() string { return "/v1/matches/" + w.finishedMatchA(t) + "/events/1/void" }, nil,
			expect(403, "anon", 401, "admin,ownerA,scorerA", 200)},
		{"undo on match B", "POST", func() string { return "/v1/matches/" + w.matchB + "/undo" }, nil,
			expect(404, "anon", 401, "admin,ownerB,scorerB", 409, "viewerB", 403)},
		{"token for A", "POST", func() string { return "/v1/tokens" }, func() any { return map[string]any{"role": "scorer", "league_id": w.leagueA} },
			expect(403, "anon", 401, "admin,ownerA", 201)},
		{"token for B", "POST", func() string { return "/v1/tokens" }, func() any { return map[string]any{"role": "viewer", "league_id": w.leagueB} },
			expect(404, "anon", 401, "admin,ownerB", 201, "scorerB,viewerB", 403)},
		{"admin token", "POST", func() string { return "/v1/tokens" }, `{"role":"admin"}`, expect(403, "anon", 401, "admin", 201)},
		{"list tokens", "GET", func() string { return "/v1/tokens" }, nil, expect(403, "anon", 401, "admin,ownerA,ownerB", 200)},
		{"who am I", "GET", func() string { return "/v1/me" }, nil, expect(200, "anon", 401)},
		{"revoke a token of A", "DELETE", func() string {
			v, err := s.store.CreateToken(context.Background(), db.NewSecret(), db.RoleViewer, w.leagueA, "victim", "")
			if err != nil {
				t.Fatal(err)
			}
			return "/v1/tokens/" + v.ID
		}, nil, expect(404, "anon", 401, "admin,ownerA", 204)},
	}
	for _, row := range rows {
		for _, role := range roles {
			want := row.want[role]
			t.Run(row.name+"/"+role, func(t *testing.T) {
				var body any = row.body
				if f, ok := row.body.(func() any); ok {
					body = f()
				}
				auth := ""
				if role != "anon" {
					auth = "Bearer " + w.tokens[role]
				}
				r := s.do(row.method, row.path(), body, "Authorization", auth)
				if r.status != want {
					t.Fatalf("%s %s as %s: status %d, want %d: %s", row.method, row.name, role, r.status, want, r.body)
				}
				if want == 401 && r.header.Get("WWW-Authenticate") == "" {
					t.Error("401 without WWW-Authenticate")
				}
			})
		}
	}
	// Nothing but the intended changes happened: the shared matches still
	// have no events.
	for _, id := range []string{w.matchA, w.matchB, w.freeMatch} {
		m, err := s.store.GetMatch(context.Background(), id)
		if err != nil || m.Version != 0 {
			t.Fatalf("match %s changed: version %d (%v)", id, m.Version, err)
		}
	}
}

func TestRevokedTokenStopsAtOnce(t *testing.T) {
	s := newTestServer(t)
	tok := s.must(t, 201, "POST", "/v1/tokens", map[string]any{"role": "admin", "label": "temp"})
	secret, id := tok["token"].(string), tok["id"].(string)
	s.must(t, 201, "POST", "/v1/players", map[string]any{"name": "x"}, "Authorization", "Bearer "+secret)
	s.must(t, 204, "DELETE", "/v1/tokens/"+id, nil)
	s.must(t, 401, "POST", "/v1/players", map[string]any{"name": "y"}, "Authorization", "Bearer "+secret)
	list := s.must(t, 200, "GET", "/v1/tokens", nil)
	for _, tk := range list["tokens"].([]any) {
		if _, leaked := tk.(map[string]any)["token"]; leaked {
			t.Fatal("a listed token carries its secret")
		}
	}
}

func TestTokensNeverLogged(t *testing.T) {
	var logs bytes.Buffer
	reg := rules.NewRegistry(rulestest.Counter())
	base := newTestServer(t)
	e, _ := newServer(t, Config{Logger: slog.New(slog.NewJSONHandler(&logs, nil))}, base.store, reg)
	for _, auth := range []string{"Bearer " + base.admin, "Bearer mtd_wrong_secret_value", "Basic " + base.admin} {
		req := httptest.NewRequest("POST", "/v1/players", strings.NewReader(`{"name":"x"}`))
		req.Header.Set("Authorization", auth)
		e.ServeHTTP(httptest.NewRecorder(), req)
	}
	if strings.Contains(logs.String(), base.admin) || strings.Contains(logs.String(), "mtd_wrong_secret_value") {
		t.Fatalf("a token reached the logs:\n%s", logs.String())
	}
	if !strings.Contains(logs.String(), `"status":401`) {
		t.Fatalf("no access log lines:\n%s", logs.String())
	}
}

func TestWriteRateLimit(t *testing.T) {
	base := newTestServer(t)
	reg := rules.NewRegistry(rulestest.Counter())
	e, srv := newServer(t, Config{WritesPerSecond: 1}, base.store, reg) // burst 2
	// The clock stands still: however long the writes take, no write is
	// given back to the buckets meanwhile.
	stopped := time.Now()
	srv.writeClock = func() time.Time { return stopped }
	league := base.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "L", "game": "counter"})["id"].(string)
	scorer := db.NewSecret()
	if _, err := base.store.CreateToken(context.Background(), scorer, db.RoleScorer, league, "Table 1", ""); err != nil {
		t.Fatal(err)
	}
	post := func(token string, i int) *httptest.ResponseRecorder {
		req := httptest.NewRequest("POST", "/v1/players", strings.NewReader(fmt.Sprintf(`{"name":"p%d"}`, i)))
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("X-Real-Ip", "10.0.0."+strconv.Itoa(i%2+1)) // two addresses: the token's bucket runs out first
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		return rec
	}
	statuses := map[int]int{}
	var retry string
	var limits []string
	for i := 0; i < 5; i++ {
		rec := post(scorer, i)
		statuses[rec.Code]++
		if rec.Code == 429 {
			retry = rec.Header().Get("Retry-After")
		}
		if p := rec.Header().Get("RateLimit-Policy"); !strings.HasPrefix(p, `"token";q=2;w=2`) {
			t.Fatalf("write %d: RateLimit-Policy %q", i, p)
		}
		limits = append(limits, rec.Header().Get("RateLimit"))
	}
	if statuses[201] != 2 || statuses[429] != 3 || retry == "" {
		t.Fatalf("statuses %v, Retry-After %q", statuses, retry)
	}
	if !strings.HasPrefix(limits[0], `"token";r=1;t=1`) || !strings.HasPrefix(limits[1], `"token";r=0;t=2`) || !strings.HasPrefix(limits[4], `"token";r=0;`) {
		t.Fatalf("RateLimit headers: %q", limits)
	}
	// The admin token is not limited, and its answers carry no limits.
	for i := 0; i < 6; i++ {
		if rec := post(base.admin, 10+i); rec.Code != 201 || rec.Header().Get("RateLimit") != "" {
			t.Fatalf("admin write %d: %d, RateLimit %q", i, rec.Code, rec.Header().Get("RateLimit"))
		}
	}
	// Reads are not limited.
	for i := 0; i < 5; i++ {
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, httptest.NewRequest("GET", "/v1/games", nil))
		if rec.Code != 200 || rec.Header().Get("RateLimit") != "" {
			t.Fatalf("read limited: %d", rec.Code)
		}
	}
}

// A private league's page and stream open with ?access_token= (reads only);
// the query token never authorizes a write.
func TestAccessTokenInQueryForReads(t *testing.T) {
	w := newAuthzWorld(t)
	s := w.s
	viewer := w.tokens["viewerB"]
	s.must(t, 404, "GET", "/v1/leagues/"+w.leagueB+"/standings", nil, "Authorization", "")
	s.must(t, 200, "GET", "/v1/leagues/"+w.leagueB+"/standings?access_token="+viewer, nil, "Authorization", "")
	if r := s.do("GET", "/leagues/"+w.leagueB+"?access_token="+viewer, nil, "Authorization", ""); r.status != 200 {
		t.Fatalf("private league page with a viewer token: %d", r.status)
	}
	if r := s.do("GET", "/leagues/"+w.leagueB, nil, "Authorization", ""); r.status != 404 {
		t.Fatalf("private league page without a token: %d", r.status)
	}
	s.must(t, 401, "GET", "/v1/leagues/"+w.leagueB+"/standings?access_token=mtd_wrong", nil, "Authorization", "")
	s.must(t, 401, "POST", "/v1/players?access_token="+w.tokens["admin"], map[string]any{"name": "x"}, "Authorization", "")
}

// Only a viewer token may travel in a URL: a scorer's, an owner's or the
// admin's there is a 400 naming access_token, on a page, an API read and a
// stream alike, and nothing is served with it.
func TestWritingTokensRefusedInURLs(t *testing.T) {
	w := newAuthzWorld(t)
	s := w.s
	for _, role := range []string{"admin", "ownerB", "scorerB"} {
		for _, path := range []string{"/v1/leagues/" + w.leagueB + "/standings", "/leagues/" + w.leagueB, "/v1/matches/" + w.matchB, "/v1/matches/" + w.matchB + "/stream"} {
			r := s.do("GET", path+"?access_token="+w.tokens[role], nil, "Authorization", "")
			p := r.json(t)
			fs, _ := p["fields"].([]any)
			if r.status != 400 || len(fs) != 1 || fs[0].(map[string]any)["field"] != "access_token" {
				t.Fatalf("%s in the URL of %s: %d %v", role, path, r.status, p)
			}
		}
		// The same token in the header reads.
		s.must(t, 200, "GET", "/v1/leagues/"+w.leagueB+"/standings", nil, "Authorization", "Bearer "+w.tokens[role])
	}
}
