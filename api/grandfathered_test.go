package api

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/all"
)

// The fixture testdata/munchkin-bare-kill.db (see testdata/README.md) was
// written by the build before Munchkin refused a bare kill: its league
// holds a match whose event 2 is a level_changed for a kill with no combat.
const (
	oldLeague   = "lg_q9zycejtz7bw68ay"
	oldMatch    = "m_06h28t8gc1z8ea2f92kvyw3fz8"
	oldGood     = "m_06h28t96x4fsydkw4ngdpe8neg"
	oldSara     = "pl_xdzser9zskprp7hm"
	oldBareKill = 2
)

// openFixture serves a copy of a database file from testdata with today's
// games (its migrations run on open).
func openFixture(t *testing.T, name string) *testServer {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	return serveFile(t, path, all.Registry())
}

// serveFile serves the database file at path with games.
func serveFile(t *testing.T, path string, reg *rules.Registry) *testServer {
	t.Helper()
	store, err := db.Open(context.Background(), db.Config{Path: path}, reg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	spec, _ := os.ReadFile("../openapi.yaml")
	e, srv := newServer(t, Config{BodyLimit: "64K", OpenAPI: spec, WritesPerSecond: -1}, store, reg)
	ts := &testServer{t: t, e: e, server: srv, store: store, path: path, admin: db.NewSecret()}
	if _, err := store.CreateToken(context.Background(), ts.admin, db.RoleAdmin, "", "test admin", ""); err != nil {
		t.Fatal(err)
	}
	return ts
}

// grandfatheredRules is the rules of the grandfathered mark of event seq in
// a list of events, or nil when it has none.
func grandfatheredRules(t *testing.T, events []any, seq int) []string {
	t.Helper()
	for _, e := range events {
		ev := e.(map[string]any)
		if int(ev["seq"].(float64)) != seq {
			continue
		}
		gf, ok := ev["grandfathered"].(map[string]any)
		if !ok {
			return nil
		}
		var out []string
		for _, r := range gf["rulings"].([]any) {
			out = append(out, r.(map[string]any)["rule"].(string))
		}
		return out
	}
	t.Fatalf("no event %d in %v", seq, events)
	return nil
}

// A database written before a rules fix opens, and every read of it
// answers: the bare kill stays in force, marked with the rule that now
// refuses it, and the match goes on under today's rules.
func TestOldBareKillReplays(t *testing.T) {
	ts := openFixture(t, "munchkin-bare-kill.db")
	for _, path := range []string{
		"/v1/matches", "/v1/matches?league_id=" + oldLeague, "/v1/matches?game=munchkin&status=in_progress",
		"/v1/leagues/" + oldLeague, "/v1/leagues/" + oldLeague + "/standings",
		"/leagues/" + oldLeague, "/leagues/" + oldLeague + "/rotation", "/leagues/" + oldLeague + "/tables",
		"/v1/matches/" + oldMatch, "/v1/matches/" + oldMatch + "/export?format=bgstats", "/matches/" + oldMatch,
		"/v1/players/" + oldSara + "/stats",
	} {
		if r := ts.do(http.MethodGet, path, nil); r.status != http.StatusOK {
			t.Errorf("GET %s: %d %s", path, r.status, r.body)
		}
	}
	m := ts.must(t, 200, http.MethodGet, "/v1/matches/"+oldMatch, nil)
	if lv := m["scores"].(map[string]any)["totals"].(map[string]any)[oldSara]; lv != 3.0 {
		t.Fatalf("Sara's level %v, want 3 (a card and the bare kill)", lv)
	}
	list := ts.must(t, 200, http.MethodGet, "/v1/matches?league_id="+oldLeague, nil)
	if n := len(list["items"].([]any)); n != 2 {
		t.Fatalf("%d matches listed, want 2: %v", n, list)
	}
	evs := ts.must(t, 200, http.MethodGet, "/v1/matches/"+oldMatch+"/events", nil)["events"].([]any)
	if got := grandfatheredRules(t, evs, oldBareKill); len(got) == 0 || got[0] != "MUNCHKIN-LEVEL-6" {
		t.Fatalf("the bare kill's mark: %v", got)
	}
	for _, seq := range []int{1, 3, 4} {
		if got := grandfatheredRules(t, evs, seq); got != nil {
			t.Fatalf("event %d marked %v", seq, got)
		}
	}
	page := ts.do(http.MethodGet, "/matches/"+oldMatch, nil)
	if !strings.Contains(string(page.body), "MUNCHKIN-LEVEL-6") {
		t.Fatal("the match page does not mark the grandfathered event")
	}

	srv := liveServer(t, ts)
	c := openSSE(t, srv.URL, "/v1/matches/"+oldMatch+"/stream")
	c.close()

	// A new bare kill is refused by today's rules.
	kill := map[string]any{"type": "level_changed", "data": map[string]any{"player": "pl_e8fn1nb71vc7hthe", "reason": "kill", "delta": 1}}
	if r := ts.do(http.MethodPost, "/v1/matches/"+oldMatch+"/events", kill); r.status != http.StatusUnprocessableEntity || !strings.Contains(string(r.body), "MUNCHKIN-LEVEL-6") {
		t.Fatalf("a new bare kill: %d %s", r.status, r.body)
	}
}

// The bare kill can be replaced, voided, and the events after it undone:
// no correction replays the log with today's rules for the events before.
func TestOldBareKillCorrections(t *testing.T) {
	t.Run("undo", func(t *testing.T) {
		ts := openFixture(t, "munchkin-bare-kill.db")
		for range 3 { // events 4, 3 and the bare kill
			ts.must(t, 200, http.MethodPost, "/v1/matches/"+oldMatch+"/undo", nil)
		}
		m := ts.must(t, 200, http.MethodGet, "/v1/matches/"+oldMatch, nil)
		if lv := m["scores"].(map[string]any)["totals"].(map[string]any)[oldSara]; lv != 2.0 {
			t.Fatalf("Sara's level %v after undoing the bare kill, want 2", lv)
		}
	})
	t.Run("void", func(t *testing.T) {
		ts := openFixture(t, "munchkin-bare-kill.db")
		ts.must(t, 200, http.MethodPost, "/v1/matches/"+oldMatch+"/events/2/void", nil)
		m := ts.must(t, 200, http.MethodGet, "/v1/matches/"+oldMatch, nil)
		if lv := m["scores"].(map[string]any)["totals"].(map[string]any)[oldSara]; lv != 2.0 {
			t.Fatalf("Sara's level %v after voiding the bare kill, want 2", lv)
		}
	})
	t.Run("void a later event", func(t *testing.T) {
		ts := openFixture(t, "munchkin-bare-kill.db")
		ts.must(t, 200, http.MethodPost, "/v1/matches/"+oldMatch+"/events/4/void", nil)
		evs := ts.must(t, 200, http.MethodGet, "/v1/matches/"+oldMatch+"/events", nil)["events"].([]any)
		if got := grandfatheredRules(t, evs, oldBareKill); len(got) == 0 {
			t.Fatal("the bare kill lost its mark")
		}
	})
	t.Run("replace", func(t *testing.T) {
		ts := openFixture(t, "munchkin-bare-kill.db")
		card := map[string]any{"type": "level_changed", "data": map[string]any{"player": oldSara, "reason": "card", "delta": 1}}
		ts.must(t, 200, http.MethodPut, "/v1/matches/"+oldMatch+"/events/2", card)
		evs := ts.must(t, 200, http.MethodGet, "/v1/matches/"+oldMatch+"/events", nil)["events"].([]any)
		for _, e := range evs {
			if _, ok := e.(map[string]any)["grandfathered"]; ok {
				t.Fatalf("still marked after the replacement: %v", e)
			}
		}
		// A replacement by another bare kill is checked by today's rules.
		kill := map[string]any{"type": "level_changed", "data": map[string]any{"player": oldSara, "reason": "kill", "delta": 1}}
		if r := ts.do(http.MethodPut, "/v1/matches/"+oldMatch+"/events/5", kill); r.status != http.StatusUnprocessableEntity {
			t.Fatalf("a bare kill as a replacement: %d %s", r.status, r.body)
		}
	})
}

var _ = json.Marshal
var _ = io.EOF
var _ = time.Second

// A match whose log no longer replays at all (here an event rewritten in
// the file behind the server's back) does not take the lists, the league's
// pages or its standings down with it: they answer without it, or with it
// flagged.
func TestUnreplayableMatchSkipped(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "munchkin-bare-kill.db"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "broken.db")
	if err := os.WriteFile(path, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	ts := serveFile(t, path, all.Registry())
	if _, err := ts.store.GetMatch(context.Background(), oldMatch); err != nil { // migrated, nothing cached yet
		t.Fatal(err)
	}
	ts.store.Close()
	sqlDB, err := sqlOpenRW(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sqlDB.Exec(`UPDATE events SET data = '{"player":"nobody","reason":"card","delta":1}' WHERE match_id = ? AND seq = 1`, oldMatch); err != nil {
		t.Fatal(err)
	}
	if _, err := sqlDB.Exec(`DELETE FROM match_snapshots`); err != nil {
		t.Fatal(err)
	}
	sqlDB.Close()
	ts = serveFile(t, path, all.Registry())
	for _, path := range []string{
		"/v1/matches", "/v1/matches?league_id=" + oldLeague, "/v1/matches?game=munchkin&status=in_progress",
		"/v1/leagues/" + oldLeague, "/v1/leagues/" + oldLeague + "/standings",
		"/leagues/" + oldLeague, "/leagues/" + oldLeague + "/rotation", "/leagues/" + oldLeague + "/tables",
		"/v1/matches/" + oldGood, "/v1/players/" + oldSara + "/stats",
	} {
		if r := ts.do(http.MethodGet, path, nil); r.status != http.StatusOK {
			t.Errorf("GET %s: %d %s", path, r.status, r.body)
		}
	}
	flagged := map[string]bool{}
	for _, it := range ts.must(t, 200, http.MethodGet, "/v1/matches?league_id="+oldLeague, nil)["items"].([]any) {
		m := it.(map[string]any)
		flagged[m["id"].(string)] = m["unreplayable"] == true
	}
	if len(flagged) != 2 || !flagged[oldMatch] || flagged[oldGood] {
		t.Fatalf("flags %v", flagged)
	}
}
