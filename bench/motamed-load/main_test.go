package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/motamed/motamed/rules/play"
)

func TestParseFlags(t *testing.T) {
	cfg, err := parseFlags(nil, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.tables != 64 || cfg.duration != 30*time.Second || cfg.addr != "127.0.0.1:8080" || len(cfg.games) != 5 || cfg.scenario != scenarioPlay {
		t.Errorf("defaults %+v", cfg)
	}
	cfg, err = parseFlags([]string{"--games", "wizard, silver,wizard", "--mix", "wizard=3,silver=0.5", "--preload-events", "1000"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(cfg.games, ",") != "wizard,silver" || cfg.mix["wizard"] != 3 || cfg.mix["silver"] != 0.5 {
		t.Errorf("games %v mix %v", cfg.games, cfg.mix)
	}
	if cfg.duration != 24*time.Hour || cfg.readRatio != 0 {
		t.Errorf("--preload-events: duration %s read ratio %v", cfg.duration, cfg.readRatio)
	}
	if cfg, err := parseFlags([]string{"--scenario", "ceiling"}, io.Discard); err != nil || cfg.scenario != scenarioCeiling {
		t.Errorf("--scenario ceiling: %v, %q", err, cfg.scenario)
	}
	if cfg, err := parseFlags([]string{"--finish-matches", "3"}, io.Discard); err != nil || cfg.finishMatches != 3 || cfg.duration != 24*time.Hour || cfg.readRatio == 0 {
		t.Errorf("--finish-matches: %v, %+v", err, cfg)
	}
	t.Setenv("MOTAMED_TOKEN", "from-env")
	if cfg, _ := parseFlags(nil, io.Discard); cfg.token != "from-env" {
		t.Errorf("token %q", cfg.token)
	}
	for _, bad := range [][]string{
		{"--games", "chess"}, {"--mix", "wizard"}, {"--mix", "chess=1"}, {"--tables", "0"}, {"--duration", "0s"},
		{"--scenario", "nope"}, {"--db", "x.db"}, {"--finish-matches", "-1"}, {"--read-ratio", "-1"}, {"--standings-share", "2"}, {"extra"},
	} {
		if _, err := parseFlags(bad, io.Discard); err == nil {
			t.Errorf("%v: no error", bad)
		}
	}
}

// acceptFakeEvent checks an event body as a server would see it (with the
// players' IDs filled in), answering 400 when it is not.
func acceptFakeEvent(w http.ResponseWriter, r *http.Request) bool {
	var ev struct {
		Type string          `json:"type"`
		Data json.RawMessage `json:"data"`
	}
	if err := json.NewDecoder(r.Body).Decode(&ev); err != nil || ev.Type == "" || strings.Contains(string(ev.Data), play.SeatPrefix) {
		http.Error(w, "bad event", http.StatusBadRequest)
		return false
	}
	return true
}

// fakeServer answers the API calls the tool makes; it refuses every
// refuseEvery-th event (0: none).
func fakeServer(t *testing.T, refuseEvery int64) (*httptest.Server, *atomic.Int64, *atomic.Int64) {
	var events, auth atomic.Int64
	var ids atomic.Int64
	mux := http.NewServeMux()
	created := func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") == "Bearer secret" {
			auth.Add(1)
		}
		w.WriteHeader(http.StatusCreated)
		fmt.Fprintf(w, `{"id":"x%d"}`, ids.Add(1))
	}
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, `{"status":"ok"}`) })
	mux.HandleFunc("GET /v1/games", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"games":[{"id":"wizard"},{"id":"silver"},{"id":"munchkin"},{"id":"wazabi"}]}`)
	})
	mux.HandleFunc("POST /v1/leagues", created)
	mux.HandleFunc("POST /v1/players", created)
	mux.HandleFunc("POST /v1/matches", created)
	mux.HandleFunc("POST /v1/matches/{id}/events", func(w http.ResponseWriter, r *http.Request) {
		if !acceptFakeEvent(w, r) {
			return
		}
		if n := events.Add(1); refuseEvery > 0 && n%refuseEvery == 0 {
			w.WriteHeader(http.StatusUnprocessableEntity)
			io.WriteString(w, `{"title":"The rules do not allow this"}`)
			return
		}
		w.WriteHeader(http.StatusCreated)
		io.WriteString(w, `{"event":{},"match":{"status":"finished"}}`)
	})
	mux.HandleFunc("GET /v1/matches/{id}", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, `{}`) })
	mux.HandleFunc("GET /v1/leagues/{id}/standings", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, `{}`) })
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv, &events, &auth
}

// fakeCeiling answers what the ceiling scenario asks of bench/motamed-ceiling,
// and counts its event POSTs, its log reads and any request under /v1/
// (which the bare server does not have).
func fakeCeiling(t *testing.T) (srv *httptest.Server, events, reads, v1 *atomic.Int64) {
	events, reads, v1 = new(atomic.Int64), new(atomic.Int64), new(atomic.Int64)
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, `{"status":"ok"}`) })
	mux.HandleFunc("POST /matches/{id}/events", func(w http.ResponseWriter, r *http.Request) {
		if !acceptFakeEvent(w, r) {
			return
		}
		w.WriteHeader(http.StatusCreated)
		fmt.Fprintf(w, `{"match_id":%q,"seq":%d}`, r.PathValue("id"), events.Add(1))
	})
	mux.HandleFunc("GET /matches/{id}/events", func(w http.ResponseWriter, r *http.Request) {
		reads.Add(1)
		io.WriteString(w, `[]`)
	})
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/v1/") {
			v1.Add(1)
		}
		mux.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv, events, reads, v1
}

// The ceiling scenario sends the play scenario's events to the bare
// server's routes, with the players' IDs filled in, and asks nothing of
// Motamed's API.
func TestRunCeilingScenario(t *testing.T) {
	srv, events, reads, v1 := fakeCeiling(t)
	code, rep, stderr := runJSON(t, "--addr", srv.URL, "--scenario", "ceiling", "--tables", "3", "--finish-matches", "2", "--pool", "2", "--read-ratio", "0.5")
	if code != 0 || rep.Errors != 0 {
		t.Fatalf("exit %d, report %+v, stderr %s", code, rep, stderr)
	}
	if rep.Events == 0 || rep.Events != events.Load() || rep.Reads == 0 || rep.Reads != reads.Load() || v1.Load() != 0 {
		t.Errorf("events %d (server %d), reads %d (server %d), /v1/ requests %d", rep.Events, events.Load(), rep.Reads, reads.Load(), v1.Load())
	}
	var started int64
	for _, n := range rep.MatchesStarted {
		started += n
	}
	if started == 0 || len(rep.Skipped) != 0 {
		t.Errorf("started %v, skipped %v", rep.MatchesStarted, rep.Skipped)
	}
}

func runJSON(t *testing.T, args ...string) (int, *Report, string) {
	t.Helper()
	var out, errw bytes.Buffer
	code := run(context.Background(), append(args, "--json"), &out, &errw)
	var rep Report
	if out.Len() > 0 {
		if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
			t.Fatalf("report: %v\n%s", err, out.String())
		}
	}
	return code, &rep, errw.String()
}

// Against a server that accepts everything the run is clean; the token is
// sent, games the server lacks are left out, and --preload-events stops the
// load once enough events are in. Each run is bounded by what it does
// (matches finished, events accepted), not by the clock, so a busy machine
// only makes it slower.
func TestRunAgainstFakeServer(t *testing.T) {
	srv, events, auth := fakeServer(t, 0)
	code, rep, stderr := runJSON(t, "--addr", srv.URL, "--tables", "3", "--finish-matches", "2", "--token", "secret", "--pool", "2", "--read-ratio", "1.5")
	if code != 0 || rep.Errors != 0 {
		t.Fatalf("exit %d, report %+v, stderr %s", code, rep, stderr)
	}
	if rep.Events == 0 || rep.Events != events.Load() || rep.Kinds["event_post"].Count != rep.Events || auth.Load() == 0 {
		t.Errorf("events %d (server %d), auth %d", rep.Events, events.Load(), auth.Load())
	}
	if rep.Reads < rep.Events { // 1.5 reads per event
		t.Errorf("%d reads for %d events", rep.Reads, rep.Events)
	}
	if strings.Join(rep.Skipped, ",") != "yatuk" || rep.MatchesStarted["yatuk"] != 0 {
		t.Errorf("skipped %v, started %v", rep.Skipped, rep.MatchesStarted)
	}
	var finished int64
	for _, n := range rep.MatchesFinished {
		finished += n
	}
	if finished == 0 || rep.Kinds["event_post"].P999 < rep.Kinds["event_post"].P50 {
		t.Errorf("finished %v, kinds %+v", rep.MatchesFinished, rep.Kinds)
	}

	// Had the deadline ended it, far more events than 150 would be in.
	code, rep, _ = runJSON(t, "--addr", srv.URL, "--tables", "2", "--preload-events", "150", "--games", "silver")
	if code != 0 || rep.Events < 150 || rep.Events > 152 || rep.Reads != 0 {
		t.Errorf("preload: exit %d, %d events, %d reads in %.1fs", code, rep.Events, rep.Reads, rep.Elapsed)
	}
}

// A refused event is an error: it is counted, described, its match is
// abandoned, and the exit status is 1.
func TestRunReportsRefusedEvents(t *testing.T) {
	srv, _, _ := fakeServer(t, 25)
	code, rep, _ := runJSON(t, "--addr", srv.URL, "--tables", "2", "--preload-events", "100", "--pool", "2", "--games", "wizard")
	if code != 1 || rep.Errors == 0 || rep.MatchesAbandoned == 0 || rep.Status["422"] != rep.Errors {
		t.Fatalf("exit %d, errors %d, abandoned %d, status %v", code, rep.Errors, rep.MatchesAbandoned, rep.Status)
	}
	if len(rep.ErrorMessages) == 0 || !strings.Contains(rep.ErrorMessages[0], "status 422, want 201") || !strings.Contains(rep.ErrorMessages[0], "wizard event") {
		t.Errorf("messages %q", rep.ErrorMessages)
	}
	var out bytes.Buffer
	rep.print(&out)
	for _, want := range []string{"event POST", "p99.9", "errors  ", "status 422"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the text report lacks %q:\n%s", want, out.String())
		}
	}
	if code := run(context.Background(), []string{"--addr", "127.0.0.1:1", "--duration", "1s"}, io.Discard, io.Discard); code != 2 {
		t.Errorf("no server: exit %d, want 2", code)
	}
}

// buildServer builds cmd/motamed into a temporary directory, or skips.
// MOTAMED_LOAD_SERVER names a server binary to use instead.
func buildServer(t *testing.T) string {
	t.Helper()
	if bin := os.Getenv("MOTAMED_LOAD_SERVER"); bin != "" {
		return bin
	}
	return buildCommand(t, filepath.Join("..", ".."), "./cmd/motamed")
}

// buildCommand builds the command pkg of the module in dir (relative to
// this package: ../.. is the server's module, .. the tools') into a
// temporary directory, or skips.
func buildCommand(t *testing.T, dir, pkg string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: no server build")
	}
	root, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Skipf("module root not found: %v", err)
	}
	bin := filepath.Join(t.TempDir(), filepath.Base(pkg))
	cmd := exec.Command("go", "build", "-o", bin, pkg)
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Skipf("cannot build the server (go build %s: %v), skipping the end-to-end test:\n%s", pkg, err, out)
	}
	return bin
}

// End to end: the real server, started by the tool, accepts every event of
// load at 4 tables until two matches have finished; its memory is measured.
func TestEndToEnd(t *testing.T) {
	bin := buildServer(t)
	// Every game, the shorter ones more often; the load ends once two
	// matches have finished, however long that takes.
	code, rep, stderr := runJSON(t, "--spawn", bin, "--tables", "4", "--finish-matches", "2", "--pool", "6",
		"--mix", "wizard=1,silver=3,munchkin=1,wazabi=1,yatuk=3")
	if code != 0 || rep.Errors != 0 {
		t.Fatalf("exit %d, %d errors: %q\nstderr:\n%s", code, rep.Errors, rep.ErrorMessages, stderr)
	}
	var finished int64
	for _, n := range rep.MatchesFinished {
		finished += n
	}
	if rep.Events == 0 || finished == 0 || rep.Reads == 0 {
		t.Errorf("%d events, %d reads, finished %v", rep.Events, rep.Reads, rep.MatchesFinished)
	}
	if s := rep.Server; s == nil || s.HWM <= 0 || s.PeakRSS <= 0 || s.Stop != "clean (SIGTERM)" {
		t.Errorf("server %+v", rep.Server)
	}
	t.Logf("%d events (%.0f/s), p99 %.2f ms, %d finished, peak %s", rep.Events, rep.EventsPerS, rep.Kinds["event_post"].P99, finished, mb(rep.Server.HWM))

	code, rep, stderr = runJSON(t, "--spawn", bin, "--scenario", "get-match", "--match-events", "60", "--tables", "2", "--duration", "500ms")
	if code != 0 || rep.Kinds["match_get"].Count == 0 || rep.Kinds["event_post"].Count != 0 {
		t.Errorf("get-match: exit %d, kinds %+v, errors %q\n%s", code, rep.Kinds, rep.ErrorMessages, stderr)
	}
}

// End to end against the bare server: it stores every event the ceiling
// scenario sends and serves the logs it reads.
func TestEndToEndCeiling(t *testing.T) {
	bin := buildCommand(t, "..", "./motamed-ceiling")
	code, rep, stderr := runJSON(t, "--spawn", bin, "--scenario", "ceiling", "--tables", "4", "--finish-matches", "2", "--pool", "4", "--read-ratio", "0.2")
	if code != 0 || rep.Errors != 0 || rep.Events == 0 || rep.Reads == 0 {
		t.Fatalf("exit %d, %d events, %d reads, %d errors: %q\nstderr:\n%s", code, rep.Events, rep.Reads, rep.Errors, rep.ErrorMessages, stderr)
	}
	if s := rep.Server; s == nil || s.HWM <= 0 || s.Stop != "clean (SIGTERM)" {
		t.Errorf("server %+v", rep.Server)
	}
}

// End to end, the long scenario: two tables each record a 2,100-event
// Munchkin match to its end (left in progress), and the report compares
// the answers and append times at the start and the end of the match.
func TestEndToEndLong(t *testing.T) {
	bin := buildServer(t)
	code, rep, stderr := runJSON(t, "--spawn", bin, "--scenario", "long", "--tables", "2", "--match-events", "2100", "--server-arg=--synchronous=NORMAL")
	if code != 0 || rep.Errors != 0 || rep.Events != 4200 {
		t.Fatalf("exit %d, %d events, %d errors: %q\nstderr:\n%s", code, rep.Events, rep.Errors, rep.ErrorMessages, stderr)
	}
	l := rep.Long
	if l == nil || l.Matches != 2 || l.Window != 1000 || l.AnswerAt100 <= 0 || l.AnswerAtLast <= 0 || l.FirstMeanMS <= 0 || l.LastMeanMS <= 0 {
		t.Fatalf("long report %+v", l)
	}
	if l.SizeRatio > 1.2 {
		t.Errorf("the answer grew with the match: %.0f B at event 100, %.0f B at the last", l.AnswerAt100, l.AnswerAtLast)
	}
	t.Logf("%+v", *l)
}

// End to end, a restart: a run on a database leaves its open matches
// beside it, and the resume scenario starts the server on that database
// and sends each its next event once; a second resume goes on from there.
func TestEndToEndResume(t *testing.T) {
	bin := buildServer(t)
	db := filepath.Join(t.TempDir(), "m.db")
	code, rep, stderr := runJSON(t, "--spawn", bin, "--db", db, "--tables", "3", "--matches-per-table", "4", "--preload-events", "300", "--pool", "4")
	if code != 0 || rep.Errors != 0 {
		t.Fatalf("fill: exit %d, %q\n%s", code, rep.ErrorMessages, stderr)
	}
	open, err := loadOpen(db)
	if err != nil || len(open.Matches) < 6 {
		t.Fatalf("open matches %d: %v", len(open.Matches), err)
	}
	for round := 1; round <= 2; round++ {
		code, rep, stderr = runJSON(t, "--spawn", bin, "--db", db, "--scenario", "resume", "--tables", "2")
		if code != 0 || rep.Errors != 0 || rep.Events == 0 {
			t.Fatalf("resume %d: exit %d, %d events, %q\n%s", round, code, rep.Events, rep.ErrorMessages, stderr)
		}
		if s := rep.Server; s == nil || s.ReadyMS <= 0 {
			t.Errorf("resume %d: server %+v", round, rep.Server)
		}
	}
	if code, _, _ := runJSON(t, "--spawn", bin, "--db", filepath.Join(t.TempDir(), "none.db"), "--scenario", "resume"); code != 2 {
		t.Errorf("resume without open matches: exit %d, want 2", code)
	}
}
