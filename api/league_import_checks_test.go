package api

import (
	"context"
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules/all"
)

// An import stores only what any other request may store: a file with a
// player's name POST /v1/players would refuse (102,400 bytes, a NUL,
// invalid UTF-8), an overlong play UUID or location is refused whole with
// a problem naming the field, in a dry run too, and nothing is stored.
func TestBGStatsImportRefusesWhatNoOtherRequestMayStore(t *testing.T) {
	s := newTestServer(t, all.Registry().All()...)
	s.must(t, 201, "POST", "/v1/games", wingspanSheet)
	lg := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "Cafe Dorna", "game": "wingspan"})["id"].(string)
	s.player(t, "Sara")
	players, matches := s.count(t, "players"), s.count(t, "matches")
	for _, c := range []struct{ why, from, to, field string }{
		{"a 102,400-byte name", `"name": "Kian"`, `"name": "` + strings.Repeat("k", 102400) + `"`, "players[3].name"},
		{"a name with NUL", `"name": "Kian"`, `"name": "Ki\u0000an"`, "players[3].name"},
		{"a name of invalid UTF-8", `"name": "Kian"`, "\"name\": \"Ki\xff\xfean\"", "players[3].name"},
		{"a name of spaces", `"name": "Kian"`, `"name": "   "`, "players[3].name"},
		{"a 100 KB play UUID", `"uuid": "p-2"`, `"uuid": "` + strings.Repeat("u", 100<<10) + `"`, "plays[0].uuid"},
		{"a play UUID with a newline", `"uuid": "p-2"`, `"uuid": "p\n2"`, "plays[0].uuid"},
		{"a 10 KB location", `"name": "کافه درنا"`, `"name": "` + strings.Repeat("د", 10<<10) + `"`, "locations[0].name"},
		{"a location of invalid UTF-8", `"name": "کافه درنا"`, "\"name\": \"\xc0\xaf\"", "locations[0].name"},
		{"a 1 KB game name", `"name": "Catan"`, `"name": "` + strings.Repeat("C", 1<<10) + `"`, "games[1].name"},
	} {
		file := strings.Replace(bgStatsFile, c.from, c.to, 1)
		if file == bgStatsFile {
			t.Fatalf("%s: the file did not change", c.why)
		}
		for _, q := range []string{"?dry_run=true", ""} {
			r := s.do("POST", "/v1/leagues/"+lg+"/import"+q, file)
			var prob Problem
			_ = json.Unmarshal(r.body, &prob)
			if r.status != 400 || len(prob.Fields) == 0 || prob.Fields[0].Field != c.field || !strings.Contains(prob.Detail, c.field) {
				t.Errorf("%s%s: %d %.300s", c.why, q, r.status, r.body)
			}
		}
		if s.count(t, "players") != players || s.count(t, "matches") != matches || s.count(t, "imported_plays") != 0 {
			t.Fatalf("%s: something was stored", c.why)
		}
	}
}

// A name with surrounding spaces comes in trimmed: "Kian " matches the
// Kian the cafe has, " Jay" is created as "Jay".
func TestBGStatsImportTrimsNames(t *testing.T) {
	s := newTestServer(t, all.Registry().All()...)
	s.must(t, 201, "POST", "/v1/games", wingspanSheet)
	lg := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "Cafe Dorna", "game": "wingspan"})["id"].(string)
	kian := s.player(t, "Kian")
	file := strings.Replace(strings.Replace(bgStatsFile, `"name": "Kian"`, `"name": "Kian  "`, 1), `"name": "رضا"`, `"name": " Jay\t"`, 1)
	got := s.must(t, 201, "POST", "/v1/leagues/"+lg+"/import", file)
	seen := map[string]string{}
	for _, p := range got["players"].([]any) {
		p := p.(map[string]any)
		seen[p["name"].(string)] = p["status"].(string)
		if p["name"] == "Kian" && p["id"] != kian {
			t.Errorf("Kian matched %v, not %s", p["id"], kian)
		}
	}
	if seen["Kian"] != "matched" || seen["Jay"] != "created" {
		t.Fatalf("players: %v", seen)
	}
	if _, ok := s.standingsOf(t, lg)["Jay"]; !ok {
		t.Fatalf("Jay is not in the standings: %v", s.standingsOf(t, lg))
	}
}

// An import is refused whole when its last play's player has a name no
// other request may store: none of the plays before it, none of its
// players, nothing in the standings.
func TestBGStatsImportRefusedAtTheLastPlayStoresNothing(t *testing.T) {
	s := newTestServer(t, all.Registry().All()...)
	s.must(t, 201, "POST", "/v1/games", wingspanSheet)
	lg := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "Cafe Dorna", "game": "wingspan"})["id"].(string)
	s.must(t, 201, "POST", "/v1/leagues/"+lg+"/import", bgStatsFile)
	before := s.standingsOf(t, lg)
	players, matches, results := s.count(t, "players"), s.count(t, "matches"), s.count(t, "match_results")

	file := bgStatsHistory(500)
	// Player 41 plays only the last play, and their name holds a NUL.
	file = strings.Replace(file, `],"locations"`, `,{"id":41,"name":"Late\u0000comer"}],"locations"`, 1)
	last := strings.LastIndex(file, `{"playerRefId":`) + len(`{"playerRefId":`)
	file = file[:last] + "41" + file[last+strings.Index(file[last:], ","):]
	if !strings.HasSuffix(file, `{"playerRefId":41,"score":"68","winner":false,"rank":4,"seatOrder":4}]}]}`) {
		t.Fatalf("the last play was not changed: %s", file[len(file)-200:])
	}
	r := s.do("POST", "/v1/leagues/"+lg+"/import", file)
	var prob Problem
	_ = json.Unmarshal(r.body, &prob)
	if r.status != 400 || len(prob.Fields) != 1 || prob.Fields[0].Field != "players[40].name" {
		t.Fatalf("%d %.500s", r.status, r.body)
	}
	if s.count(t, "players") != players || s.count(t, "matches") != matches || s.count(t, "match_results") != results {
		t.Fatal("a refused import stored something")
	}
	after := s.standingsOf(t, lg)
	if len(after) != len(before) {
		t.Fatalf("standings changed: %v, were %v", after, before)
	}
	for n, row := range before {
		if after[n] != row {
			t.Errorf("%s: %v, was %v", n, after[n], row)
		}
	}
}

// deadlineAt is a request context whose deadline passes once Err has been
// asked n times (never when n is negative); asked counts the asks.
type deadlineAt struct {
	context.Context
	n     int64
	asked *atomic.Int64
}

func (d deadlineAt) Err() error {
	if asked := d.asked.Add(1); d.n >= 0 && asked > d.n {
		return context.DeadlineExceeded
	}
	return nil
}

// cutOffStore cuts every import off after its context was asked n times,
// and counts the asks.
type cutOffStore struct {
	imports
	n     int64
	asked *atomic.Int64
}

func (c cutOffStore) Import(ctx context.Context, imp db.Import) ([]string, error) {
	c.asked.Store(0)
	return c.imports.Import(deadlineAt{Context: ctx, n: c.n, asked: c.asked}, imp)
}

// An import cut off by its deadline once it has written every row, just
// before it commits, answers 503 and leaves nothing: no player, no match,
// the standings as they were; sent again, it comes in whole.
func TestBGStatsImportCutOffStoresNothing(t *testing.T) {
	s := newTestServer(t, all.Registry().All()...)
	s.must(t, 201, "POST", "/v1/games", wingspanSheet)
	lg := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "Cafe Dorna", "game": "wingspan"})["id"].(string)
	s.must(t, 201, "POST", "/v1/leagues/"+lg+"/import", bgStatsFile)
	before := s.standingsOf(t, lg)
	players, matches := s.count(t, "players"), s.count(t, "matches")

	file := bgStatsHistory(500)
	// How often an import of the file asks whether it is cut off, on a
	// server of its own: the last ask is the one just before the commit.
	counter := newTestServer(t, all.Registry().All()...)
	counter.must(t, 201, "POST", "/v1/games", wingspanSheet)
	other := counter.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "Count", "game": "wingspan"})["id"].(string)
	asked := new(atomic.Int64)
	counter.server.imports = cutOffStore{imports: counter.store, n: -1, asked: asked}
	counter.must(t, 201, "POST", "/v1/leagues/"+other+"/import", file)

	s.server.imports = cutOffStore{imports: s.store, n: asked.Load() - 1, asked: new(atomic.Int64)}
	if r := s.do("POST", "/v1/leagues/"+lg+"/import", file); r.status != 503 {
		t.Fatalf("cut off: %d %.300s", r.status, r.body)
	}
	if s.count(t, "players") != players || s.count(t, "matches") != matches || s.count(t, "imported_plays") != 2 {
		t.Fatalf("a cut-off import stored %d players and %d matches", s.count(t, "players")-players, s.count(t, "matches")-matches)
	}
	if after := s.standingsOf(t, lg); len(after) != len(before) {
		t.Fatalf("standings changed: %v, were %v", after, before)
	}

	s.server.imports = s.store
	got := s.must(t, 201, "POST", "/v1/leagues/"+lg+"/import", file)
	if got["plays"].(map[string]any)["imported"] != 500.0 || s.count(t, "matches") != matches+500 {
		t.Fatalf("sent again: %v", got["plays"])
	}
}
