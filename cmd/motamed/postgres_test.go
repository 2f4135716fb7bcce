package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/motamed/motamed/api"
	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules/all"
)

// These tests need a real PostgreSQL: MOTAMED_TEST_POSTGRES holds a DSN
// (make test starts a server with .ci/postgres and sets it). Each test works
// in a schema of its own on that database, dropped at the end.

func postgresDSN(t *testing.T) string {
	t.Helper()
	dsn := os.Getenv("MOTAMED_TEST_POSTGRES")
	if dsn == "" {
		msg := "PostgreSQL tests skipped: set MOTAMED_TEST_POSTGRES to a DSN (make test does it with .ci/postgres)"
		if os.Getenv("MOTAMED_TEST_POSTGRES_REQUIRED") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	admin, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Close() })
	schema := fmt.Sprintf("cmd_%d", time.Now().UnixNano())
	if _, err := admin.Exec(`CREATE SCHEMA ` + schema); err != nil {
		t.Fatalf("MOTAMED_TEST_POSTGRES: %v", err)
	}
	t.Cleanup(func() {
		if _, err := admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`); err != nil {
			t.Errorf("drop schema: %v", err)
		}
	})
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// instance is one Motamed (store + HTTP handler) on the shared database.
type instance struct {
	name  string
	url   string
	token string
}

const twoInstanceToken = "two-instances-admin-token-0123456789"

// startInstances starts n in-process instances on dsn, each with its own
// store (cache, locks) and HTTP server, as a load balancer would see them.
func startInstances(t *testing.T, dsn string, n int) []*instance {
	t.Helper()
	return startInstancesWith(t, dsn, n, api.Config{WritesPerSecond: -1})
}

// startInstancesWith is startInstances with cfg, wired to the others as
// motamed serve wires it.
func startInstancesWith(t *testing.T, dsn string, n int, cfg api.Config) []*instance {
	t.Helper()
	games := all.Registry()
	var out []*instance
	for i := 0; i < n; i++ {
		store, err := db.Open(context.Background(), db.Config{DSN: dsn}, games)
		if err != nil {
			t.Fatal(err)
		}
		if err := store.EnsureAdminToken(context.Background(), twoInstanceToken); err != nil {
			t.Fatal(err)
		}
		cfg.Peers, cfg.SharedLimits = store.Peers(), store.Peers()
		srv := httptest.NewServer(api.New(cfg, store, games))
		t.Cleanup(func() {
			srv.Close()
			store.Close()
		})
		out = append(out, &instance{name: fmt.Sprintf("instance %c", 'A'+i), url: srv.URL, token: twoInstanceToken})
	}
	return out
}

var twoClient = &http.Client{Timeout: 20 * time.Second}

// do sends one request; headers alternate name, value.
func (in *instance) do(t *testing.T, method, path string, body any, headers ...string) (int, http.Header, []byte) {
	t.Helper()
	var r io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		r = bytes.NewReader(raw)
	}
	req, _ := http.NewRequest(method, in.url+path, r)
	req.Header.Set("Authorization", "Bearer "+in.token)
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := twoClient.Do(req)
	if err != nil {
		t.Errorf("%s %s %s: %v", in.name, method, path, err)
		return 0, nil, nil
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, b
}

type matchBody struct {
	ID      string `json:"id"`
	Status  string `json:"status"`
	Version int64  `json:"version"`
	Scores  struct {
		Totals map[string]int `json:"totals"`
	} `json:"scores"`
}

type appendedBody struct {
	Event struct {
		Seq  int64           `json:"seq"`
		Type string          `json:"type"`
		Data json.RawMessage `json:"data"`
	} `json:"event"`
	Match matchBody `json:"match"`
}

func newWizardMatch(t *testing.T, in *instance) (string, []map[string]any) {
	t.Helper()
	return leagueMatch(t, in, "")
}

// leagueMatch starts a wizard match in league ("" for none) through in and
// returns its ID and a whole match's events.
func leagueMatch(t *testing.T, in *instance, league string) (string, []map[string]any) {
	t.Helper()
	var players []string
	for _, name := range []string{"Sara", "رضا", "Kian"} {
		code, _, body := in.do(t, "POST", "/v1/players", map[string]any{"name": name, "allow_duplicate": true})
		if code != 201 {
			t.Fatalf("player: %d %s", code, body)
		}
		var p struct{ ID string }
		_ = json.Unmarshal(body, &p)
		players = append(players, p.ID)
	}
	match := map[string]any{"game": "wizard", "players": players}
	if league != "" {
		match["league_id"] = league
	}
	code, _, body := in.do(t, "POST", "/v1/matches", match)
	if code != 201 {
		t.Fatalf("match: %d %s", code, body)
	}
	var m matchBody
	_ = json.Unmarshal(body, &m)
	return m.ID, wizardLog(players)
}

// TestPostgresTwoInstances runs two Motamed instances on one PostgreSQL
// and drives writers at the same matches through both.
func TestPostgresTwoInstances(t *testing.T) {
	ins := startInstances(t, postgresDSN(t), 2)
	a, b := ins[0], ins[1]

	t.Run("alternating writes never see a stale state", func(t *testing.T) {
		// Each event is legal only after the one before, which the other
		// instance recorded: a stale cache would answer 422 or 412.
		id, script := newWizardMatch(t, a)
		for i, ev := range script {
			in := ins[i%2]
			in.do(t, "GET", "/v1/matches/"+id, nil) // both instances cache the match
			code, hdr, body := in.do(t, "POST", "/v1/matches/"+id+"/events", ev, "If-Match", fmt.Sprint(i))
			if code != 201 {
				t.Fatalf("event %d through %s: %d %s", i+1, in.name, code, body)
			}
			if hdr.Get("ETag") != fmt.Sprintf(`"%d"`, i+1) && hdr.Get("ETag") != fmt.Sprint(i+1) {
				t.Fatalf("event %d: ETag %q", i+1, hdr.Get("ETag"))
			}
		}
		var ma, mb matchBody
		_, _, ra := a.do(t, "GET", "/v1/matches/"+id, nil)
		_, _, rb := b.do(t, "GET", "/v1/matches/"+id, nil)
		_ = json.Unmarshal(ra, &ma)
		_ = json.Unmarshal(rb, &mb)
		if ma.Version != int64(len(script)) || mb.Version != ma.Version || ma.Status != "finished" || fmt.Sprint(ma.Scores.Totals) != fmt.Sprint(mb.Scores.Totals) {
			t.Fatalf("after the match: A %+v, B %+v", ma, mb)
		}
		// An If-Match one instance made stale is refused by the other.
		code, _, body := b.do(t, "POST", "/v1/matches/"+id+"/undo", nil, "If-Match", fmt.Sprint(len(script)-1))
		if code != http.StatusPreconditionFailed {
			t.Fatalf("stale If-Match through the other instance: %d %s", code, body)
		}
	})

	t.Run("concurrent writers through both instances", func(t *testing.T) {
		const matches, writersPerInstance = 3, 2
		type ack struct {
			seq  int64
			data string
		}
		var mu sync.Mutex
		acked := map[string][]ack{}
		scripts := map[string][]map[string]any{}
		var ids []string
		for i := 0; i < matches; i++ {
			id, script := newWizardMatch(t, ins[i%2])
			ids = append(ids, id)
			scripts[id] = script
		}
		var wg sync.WaitGroup
		var stale, refused sync.Map
		for _, id := range ids {
			script := scripts[id]
			for w := 0; w < 2*writersPerInstance; w++ {
				in := ins[w%2]
				wg.Go(func() {
					for n := 0; n < 10*len(script); n++ {
						code, _, body := in.do(t, "GET", "/v1/matches/"+id, nil)
						var m matchBody
						if code != 200 || json.Unmarshal(body, &m) != nil {
							t.Errorf("%s GET: %d %s", in.name, code, body)
							return
						}
						if m.Version >= int64(len(script)) {
							return
						}
						ev := script[m.Version]
						key := fmt.Sprintf("%s-%d-%s-%d", id, m.Version, in.name, w)
						code, _, body = in.do(t, "POST", "/v1/matches/"+id+"/events", ev, "If-Match", fmt.Sprint(m.Version), "Idempotency-Key", key)
						switch code {
						case 201:
							var res appendedBody
							_ = json.Unmarshal(body, &res)
							if res.Event.Seq != m.Version+1 {
								t.Errorf("%s: acknowledged seq %d for If-Match %d", in.name, res.Event.Seq, m.Version)
							}
							raw, _ := json.Marshal(ev["data"])
							mu.Lock()
							acked[id] = append(acked[id], ack{res.Event.Seq, string(raw)})
							mu.Unlock()
						case 412:
							stale.Store(key, true)
						case 409: // finished meanwhile
							refused.Store(key, true)
						default:
							// 422 here would mean the event was checked
							// against a state other than the version it
							// names: the bug this test is for.
							t.Errorf("%s: event %d answered %d %s", in.name, m.Version+1, code, body)
							return
						}
					}
				})
			}
		}
		wg.Wait()
		n412 := 0
		stale.Range(func(any, any) bool { n412++; return true })
		t.Logf("%d stale writes refused with 412", n412)
		for _, id := range ids {
			script := scripts[id]
			code, _, body := ins[1].do(t, "GET", "/v1/matches/"+id+"/events", nil)
			var log struct {
				Events []struct {
					Seq  int64           `json:"seq"`
					Type string          `json:"type"`
					Data json.RawMessage `json:"data"`
				} `json:"events"`
			}
			if code != 200 || json.Unmarshal(body, &log) != nil {
				t.Fatalf("events: %d %s", code, body)
			}
			if len(log.Events) != len(script) {
				t.Fatalf("match %s: %d events stored, want %d", id, len(log.Events), len(script))
			}
			seen := map[int64]string{}
			for _, a := range acked[id] {
				if _, dup := seen[a.seq]; dup {
					t.Fatalf("match %s: seq %d acknowledged twice", id, a.seq)
				}
				seen[a.seq] = a.data
			}
			if len(seen) != len(script) {
				t.Fatalf("match %s: %d events acknowledged, %d stored", id, len(seen), len(script))
			}
			for i, e := range log.Events {
				want, _ := json.Marshal(script[i]["data"])
				if e.Seq != int64(i+1) || !jsonEqual(e.Data, want) || !jsonEqual([]byte(seen[e.Seq]), e.Data) {
					t.Fatalf("match %s: stored event %d is %s %s, want %s (acknowledged %s)", id, e.Seq, e.Type, e.Data, want, seen[e.Seq])
				}
			}
		}
	})

	t.Run("idempotency keys hold across instances", func(t *testing.T) {
		id, script := newWizardMatch(t, a)
		path := "/v1/matches/" + id + "/events"
		code, _, first := a.do(t, "POST", path, script[0], "Idempotency-Key", "round-1")
		if code != 201 {
			t.Fatalf("first: %d %s", code, first)
		}
		code, hdr, again := b.do(t, "POST", path, script[0], "Idempotency-Key", "round-1")
		var r1, r2 appendedBody
		_ = json.Unmarshal(first, &r1)
		_ = json.Unmarshal(again, &r2)
		if code != 200 || hdr.Get("Idempotent-Replayed") != "true" || r2.Event.Seq != r1.Event.Seq || r2.Match.Version != 1 {
			t.Fatalf("retry through B: %d %q %s", code, hdr.Get("Idempotent-Replayed"), again)
		}
		if code, _, body := b.do(t, "POST", path, script[1], "Idempotency-Key", "round-1"); code < 400 || code >= 500 {
			t.Fatalf("the key with another body through B: %d %s", code, body)
		}
		// The same request, sent at once through both instances: one
		// records it, every other answers with that first answer.
		const dup = 10
		codes := make([]int, dup)
		seqs := make([]int64, dup)
		var wg sync.WaitGroup
		for i := 0; i < dup; i++ {
			wg.Go(func() {
				code, _, body := ins[i%2].do(t, "POST", path, script[1], "Idempotency-Key", "bid-1")
				var r appendedBody
				_ = json.Unmarshal(body, &r)
				codes[i], seqs[i] = code, r.Event.Seq
			})
		}
		wg.Wait()
		created := 0
		for i := range codes {
			if codes[i] == 201 {
				created++
			} else if codes[i] != 200 {
				t.Fatalf("duplicate %d: %d", i, codes[i])
			}
			if seqs[i] != 2 {
				t.Fatalf("duplicate %d answered seq %d, want 2", i, seqs[i])
			}
		}
		code, _, body := a.do(t, "GET", "/v1/matches/"+id+"/events", nil)
		if created != 1 || code != 200 || strings.Count(string(body), `"seq":`) != 2 {
			t.Fatalf("%d created; log %s", created, body)
		}
	})
}

// TestPostgresCommands: serve, migrate, copy and check against PostgreSQL.
func TestPostgresCommands(t *testing.T) {
	dsn := postgresDSN(t)
	ctx := context.Background()
	var out strings.Builder
	if err := run(ctx, []string{"migrate", "--db", dsn}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	all, _ := filepath.Glob("../../db/migrations/postgres/*.sql")
	if want := fmt.Sprintf("applied %d migration(s); schema version %[1]d", len(all)); len(all) == 0 || !strings.Contains(out.String(), want) || leaksPassword(out.String(), dsn) {
		t.Fatalf("migrate: %s", out.String())
	}
	out.Reset()
	if err := run(ctx, []string{"migrate", "--db", dsn}, &out, io.Discard); err != nil || !strings.Contains(out.String(), "applied 0 migration(s)") {
		t.Fatalf("migrate again: %v %s", err, out.String())
	}

	// A SQLite database with a finished match, made by the real server.
	dir := t.TempDir()
	src := filepath.Join(dir, "site.db")
	t.Setenv("MOTAMED_ADMIN_TOKEN", twoInstanceToken)
	addrs := make(chan string, 1)
	onListen = func(a string) { addrs <- a }
	defer func() { onListen = nil }()
	sctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() {
		done <- run(sctx, []string{"--addr", "127.0.0.1:0", "--db", "sqlite:" + src}, io.Discard, io.Discard)
	}()
	site := &instance{name: "sqlite", url: "http://" + <-addrs, token: twoInstanceToken}
	id, script := newWizardMatch(t, site)
	for i, ev := range script {
		if code, _, body := site.do(t, "POST", "/v1/matches/"+id+"/events", ev); code != 201 {
			t.Fatalf("event %d: %d %s", i+1, code, body)
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}

	// Into an empty PostgreSQL database (the migrated schema above).
	out.Reset()
	if err := run(ctx, []string{"copy", "--from", "sqlite:" + src, "--to", dsn}, &out, io.Discard); err != nil {
		t.Fatalf("copy: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "events             100 rows") || !strings.Contains(out.String(), "equal: 1") {
		t.Fatalf("copy output:\n%s", out.String())
	}
	if err := run(ctx, []string{"copy", "--from", "sqlite:" + src, "--to", dsn}, io.Discard, io.Discard); err == nil {
		t.Fatal("a second copy into a database with data succeeded")
	}
	out.Reset()
	if err := run(ctx, []string{"check", "--db", dsn}, &out, io.Discard); err != nil || !strings.Contains(out.String(), "events replayed: 100") {
		t.Fatalf("check: %v\n%s", err, out.String())
	}
	if err := run(ctx, []string{"backup", "--db", dsn, "--out", filepath.Join(dir, "b.db")}, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "pg_dump") {
		t.Fatalf("backup of PostgreSQL: %v", err)
	}

	// Serve the copy from PostgreSQL: the match is there, finished.
	sctx, cancel = context.WithCancel(ctx)
	var logs strings.Builder
	var mu sync.Mutex
	go func() {
		done <- run(sctx, []string{"--addr", "127.0.0.1:0", "--db", dsn, "--log-format", "json"}, io.Discard, lockedWriter{&mu, &logs})
	}()
	pg := &instance{name: "postgres", url: "http://" + <-addrs, token: twoInstanceToken}
	code, _, body := pg.do(t, "GET", "/v1/matches/"+id, nil)
	var m matchBody
	_ = json.Unmarshal(body, &m)
	if code != 200 || m.Status != "finished" || m.Version != 100 {
		t.Fatalf("the copied match served from PostgreSQL: %d %s", code, body)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if !strings.Contains(logs.String(), `"engine":"postgres"`) || leaksPassword(logs.String(), dsn) {
		t.Fatalf("serve logs (engine, and no password):\n%s", logs.String())
	}
}

// leaksPassword reports whether out shows the DSN's password.
func leaksPassword(out, dsn string) bool {
	u, err := url.Parse(dsn)
	if err != nil || u.User == nil {
		return false
	}
	p, ok := u.User.Password()
	return ok && strings.Contains(out, ":"+url.PathEscape(p)+"@")
}

// Standings served by one instance follow results recorded through another:
// a finish, then a correction that changes the winner.
func TestPostgresStandingsAcrossInstances(t *testing.T) {
	dsn := postgresDSN(t)
	in := startInstances(t, dsn, 2)
	a, b := in[0], in[1]
	must := func(inst *instance, want int, method, path string, body any) map[string]any {
		t.Helper()
		code, _, raw := inst.do(t, method, path, body)
		if code != want {
			t.Fatalf("%s %s %s: %d, want %d: %s", inst.name, method, path, code, want, raw)
		}
		var m map[string]any
		_ = json.Unmarshal(raw, &m)
		return m
	}
	league := must(a, 201, "POST", "/v1/leagues", map[string]any{"name": "shared", "game": "wizard"})["id"].(string)
	var p []string
	for _, n := range []string{"Sara", "رضا", "Kian"} {
		p = append(p, must(a, 201, "POST", "/v1/players", map[string]any{"name": n})["id"].(string))
	}
	standings := func(inst *instance) map[string]any {
		return must(inst, 200, "GET", "/v1/leagues/"+league+"/standings", nil)
	}
	leader := func(st map[string]any) string {
		rows := st["rows"].([]any)
		if len(rows) == 0 {
			return ""
		}
		return rows[0].(map[string]any)["player_id"].(string)
	}
	if st := standings(b); st["matches"].(float64) != 0 {
		t.Fatalf("empty league: %v", st)
	}
	// One round, the dealer's left (p[1]) bids 1 and takes the trick.
	m := must(a, 201, "POST", "/v1/matches", map[string]any{"game": "wizard", "players": p, "league_id": league, "options": map[string]any{"rounds": 1}})["id"].(string)
	ev := "/v1/matches/" + m + "/events"
	must(a, 201, "POST", ev, map[string]any{"type": "round_started", "data": map[string]any{"trump": "none", "trump_card": "jester"}})
	for i, bid := range []int{1, 0, 0} {
		must(a, 201, "POST", ev, map[string]any{"type": "bid", "data": map[string]any{"player": p[(1+i)%3], "bid": bid}})
	}
	must(a, 201, "POST", ev, map[string]any{"type": "tricks", "data": map[string]any{"won": map[string]int{p[1]: 1, p[2]: 0, p[0]: 0}}})
	// The other instance learns of a change by its notice, which arrives
	// within moments of the commit: each check waits for it.
	settle(t, func() string {
		if st := standings(b); st["matches"].(float64) != 1 || leader(st) != p[1] {
			return fmt.Sprintf("instance B after the finish on A: %v", st)
		}
		return ""
	})
	// Correct it on B: p[2] took the trick after all.
	must(b, 200, "POST", "/v1/matches/"+m+"/undo", nil)
	must(b, 201, "POST", ev, map[string]any{"type": "tricks", "data": map[string]any{"won": map[string]int{p[1]: 0, p[2]: 1, p[0]: 0}}})
	settle(t, func() string {
		stA, stB := standings(a), standings(b)
		if stA["matches"].(float64) != 1 || fmt.Sprint(stA["rows"]) != fmt.Sprint(stB["rows"]) {
			return fmt.Sprintf("instances disagree after the correction:\nA %v\nB %v", stA["rows"], stB["rows"])
		}
		if leader(stA) == p[1] {
			return fmt.Sprintf("instance A still shows the uncorrected result: %v", stA["rows"])
		}
		return ""
	})
}

// settle waits until check finds nothing wrong (it returns ""), and fails
// with what it found last when that takes longer than a notice between
// instances ever should (10 s).
func settle(t *testing.T, check func() string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		wrong := check()
		if wrong == "" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal(wrong)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
