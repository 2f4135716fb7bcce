// Command motamed-load plays realistic games of every Motamed game at many
// concurrent tables against a running server (or one it starts itself) for a
// bounded time, mixing event POSTs with reads, and reports throughput,
// latency percentiles per request kind, status codes, errors, finished
// matches and the server's peak memory. Every event it sends was generated
// (by package rules/play) by playing the match through the game's own rules
// package first, so the server must accept all of them: any other answer is
// an error and the exit status is 1, which makes the tool a correctness soak
// too.
//
//	go build -o /tmp/motamed ./cmd/motamed
//	go -C bench run ./motamed-load --spawn /tmp/motamed --tables 64 --duration 20s
//	go -C bench run ./motamed-load --addr 127.0.0.1:8080 --token $TOKEN --read-ratio 0.2
//
// docs/load-testing.md describes the scenarios and flags.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/motamed/motamed/rules/play"
)

// config is every setting of a run.
type config struct {
	addr            string
	tables          int
	duration        time.Duration
	readRatio       float64
	standingsShare  float64
	games           []string
	mix             map[string]float64
	token           string
	spawn           string
	db              string
	pid             int
	json            bool
	seed            uint64
	pool            int
	preloadEvents   int64
	finishMatches   int64
	scenario        string
	matchEvents     int
	matchesPerTable int
	timeout         time.Duration
	idempotency     bool
	answer          string
	serverLogLevel  string
	serverArgs      []string
	keep            bool
	cpuProfile      string
	rateLimit       bool
}

const (
	scenarioPlay     = "play"
	scenarioGetMatch = "get-match"
	scenarioCeiling  = "ceiling"
	scenarioLong     = "long"
	scenarioResume   = "resume"
)

type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, " ") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

func parseFlags(args []string, stderr io.Writer) (config, error) {
	var (
		cfg        config
		games, mix string
		seed       uint64
		serverArgs stringList
	)
	fs := flag.NewFlagSet("motamed-load", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "motamed-load plays realistic Motamed games against a server and reports throughput, latency and memory.\n\nUsage: motamed-load [flags]\n\n")
		fs.PrintDefaults()
	}
	fs.StringVar(&cfg.addr, "addr", "127.0.0.1:8080", "server address (ignored with --spawn)")
	fs.IntVar(&cfg.tables, "tables", 64, "concurrent tables (clients); each plays one match at a time (see --matches-per-table)")
	fs.DurationVar(&cfg.duration, "duration", 30*time.Second, "how long the load runs; a hard cap (requests in flight then may finish within --timeout)")
	fs.Float64Var(&cfg.readRatio, "read-ratio", 0.2, "reads per event POST (0.2: one read every 5 events; 0 for events only)")
	fs.Float64Var(&cfg.standingsShare, "standings-share", 0.25, "share of the reads that are league standings; the rest GET the table's match")
	fs.StringVar(&games, "games", "wizard,silver,munchkin,wazabi,yatuk", "games to play, comma-separated")
	fs.StringVar(&mix, "mix", "", "relative weights of the games' matches, e.g. wizard=3,silver=1 (default: equal)")
	fs.StringVar(&cfg.token, "token", os.Getenv("MOTAMED_TOKEN"), "bearer token sent with every request (default $MOTAMED_TOKEN; --spawn makes an admin token)")
	fs.StringVar(&cfg.spawn, "spawn", "", "start this server binary on a free loopback port with a fresh database, and stop it at the end")
	fs.StringVar(&cfg.db, "db", "", "with --spawn: the database file (default: a fresh one in a temporary directory)")
	fs.IntVar(&cfg.pid, "pid", 0, "sample this server process's memory (/proc/<pid>/status); automatic with --spawn")
	fs.BoolVar(&cfg.json, "json", false, "print the report as JSON")
	fs.Uint64Var(&seed, "seed", 1, "seed of every random choice: the same seed plays the same matches")
	fs.IntVar(&cfg.pool, "pool", 24, "matches generated (and checked against the rules) per game before the load; tables draw from them")
	fs.Int64Var(&cfg.preloadEvents, "preload-events", 0, "stop once this many events are accepted (fill a database; reads off, --duration defaults to 24h)")
	fs.Int64Var(&cfg.finishMatches, "finish-matches", 0, "stop once this many matches have finished (a run of known size, however slow the machine; --duration defaults to 24h)")
	fs.StringVar(&cfg.scenario, "scenario", scenarioPlay, "play: tables play matches; get-match: --tables clients GET one match of --match-events events; ceiling: the play scenario's events against the bare server bench/motamed-ceiling; long: each table records one Munchkin match of --match-events events (20,000 unless set); resume: with --db, send each match an earlier run left in progress its next event (the first appends after a restart)")
	fs.IntVar(&cfg.matchEvents, "match-events", 200, "get-match: events recorded in the match that is read; long: events in each table's match")
	fs.IntVar(&cfg.matchesPerTable, "matches-per-table", 1, "matches each table keeps in progress, recording their events in turn (e.g. 157 x 64 tables for 10,000 open matches)")
	fs.DurationVar(&cfg.timeout, "timeout", 10*time.Second, "per-request timeout")
	fs.BoolVar(&cfg.idempotency, "idempotency-keys", false, "send a fresh Idempotency-Key with every POST")
	fs.StringVar(&cfg.answer, "answer", "compact", "the answer event POSTs ask for: compact (the default answer: the event and the match without its score sheet), minimal (Prefer: return=minimal) or full (Prefer: return=representation, the whole match)")
	fs.StringVar(&cfg.serverLogLevel, "server-log-level", "warn", "with --spawn: the server's --log-level (info logs every request)")
	fs.Var(&serverArgs, "server-arg", "with --spawn: one more argument for the server (repeat the flag), e.g. --server-arg=--synchronous=NORMAL")
	fs.BoolVar(&cfg.rateLimit, "server-rate-limit", false, "with --spawn: keep the server's per-client write limit (by default MOTAMED_WRITES_PER_SECOND=-1 turns it off: all tables share one address and token)")
	fs.BoolVar(&cfg.keep, "keep", false, "with --spawn: keep the temporary directory (database and server.log)")
	fs.StringVar(&cfg.cpuProfile, "cpuprofile", "", "write this tool's own CPU profile to the file (to check the load generator is not the bottleneck)")
	if err := fs.Parse(args); err != nil {
		return cfg, err
	}
	if fs.NArg() > 0 {
		return cfg, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	cfg.seed = seed
	cfg.serverArgs = serverArgs
	if cfg.scenario == scenarioLong && !set["match-events"] {
		cfg.matchEvents = 20000
	}
	if cfg.finishMatches > 0 && !set["duration"] {
		cfg.duration = 24 * time.Hour
	}
	if cfg.preloadEvents > 0 || cfg.scenario == scenarioLong || cfg.scenario == scenarioResume {
		if !set["duration"] {
			cfg.duration = 24 * time.Hour
		}
		if !set["read-ratio"] {
			cfg.readRatio = 0
		}
	}
	switch {
	case cfg.tables < 1:
		return cfg, errors.New("--tables must be at least 1")
	case cfg.duration <= 0:
		return cfg, errors.New("--duration must be positive")
	case cfg.readRatio < 0:
		return cfg, errors.New("--read-ratio must be 0 or more")
	case cfg.standingsShare < 0 || cfg.standingsShare > 1:
		return cfg, errors.New("--standings-share must be from 0 to 1")
	case cfg.pool < 1:
		return cfg, errors.New("--pool must be at least 1")
	case cfg.matchesPerTable < 1:
		return cfg, errors.New("--matches-per-table must be at least 1")
	case cfg.finishMatches < 0:
		return cfg, errors.New("--finish-matches must be 0 (off) or more")
	case !slices.Contains([]string{scenarioPlay, scenarioGetMatch, scenarioCeiling, scenarioLong, scenarioResume}, cfg.scenario):
		return cfg, fmt.Errorf("--scenario %q: use %s, %s, %s, %s or %s", cfg.scenario, scenarioPlay, scenarioGetMatch, scenarioCeiling, scenarioLong, scenarioResume)
	case cfg.scenario == scenarioResume && cfg.db == "":
		return cfg, errors.New("--scenario resume needs --spawn and --db: the database an earlier run filled")
	case cfg.scenario == scenarioLong && cfg.matchesPerTable != 1:
		return cfg, errors.New("--scenario long records one match per table")
	case cfg.matchEvents < 1:
		return cfg, errors.New("--match-events must be at least 1")
	case cfg.answer != "compact" && cfg.answer != "minimal" && cfg.answer != "full":
		return cfg, fmt.Errorf("--answer %q: use compact, minimal or full", cfg.answer)
	case cfg.db != "" && cfg.spawn == "":
		return cfg, errors.New("--db needs --spawn (it is the spawned server's database)")
	}
	for _, g := range strings.Split(games, ",") {
		g = strings.TrimSpace(g)
		if g == "" {
			continue
		}
		if _, ok := play.ByID(g); !ok {
			return cfg, fmt.Errorf("--games: unknown game %q", g)
		}
		if !slices.Contains(cfg.games, g) {
			cfg.games = append(cfg.games, g)
		}
	}
	if len(cfg.games) == 0 {
		return cfg, errors.New("--games: name at least one game")
	}
	cfg.mix = map[string]float64{}
	for _, part := range strings.Split(mix, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		name, w, ok := strings.Cut(part, "=")
		v, err := strconv.ParseFloat(w, 64)
		if !ok || err != nil || v < 0 {
			return cfg, fmt.Errorf("--mix: %q is not game=weight", part)
		}
		if _, ok := play.ByID(name); !ok {
			return cfg, fmt.Errorf("--mix: unknown game %q", name)
		}
		cfg.mix[name] = v
	}
	return cfg, nil
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// run executes one load run and returns the exit status: 0 when every
// request got its expected answer, 1 when some did not, 2 when the run could
// not be set up.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	cfg, err := parseFlags(args, stderr)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		fmt.Fprintln(stderr, "motamed-load:", err)
		return 2
	}
	if cfg.cpuProfile != "" {
		f, err := os.Create(cfg.cpuProfile)
		if err != nil {
			fmt.Fprintln(stderr, "motamed-load:", err)
			return 2
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(stderr, "motamed-load:", err)
			return 2
		}
		defer pprof.StopCPUProfile()
	}
	rep, err := execute(ctx, cfg, stderr)
	if rep != nil {
		if cfg.json {
			enc := json.NewEncoder(stdout)
			enc.SetIndent("", "  ")
			_ = enc.Encode(rep)
		} else {
			rep.print(stdout)
		}
	}
	if err != nil {
		fmt.Fprintln(stderr, "motamed-load:", err)
		return 2
	}
	if rep.Errors > 0 {
		return 1
	}
	return 0
}

// execute sets up, runs and measures the load. A setup failure returns an
// error (and the partial report, if any).
func execute(ctx context.Context, cfg config, logw io.Writer) (*Report, error) {
	logf := func(format string, a ...any) {
		if !cfg.json {
			fmt.Fprintf(logw, format+"\n", a...)
		}
	}
	rep := &Report{Scenario: cfg.scenario, Tables: cfg.tables, MatchesPerTable: cfg.matchesPerTable, ReadRatio: cfg.readRatio,
		StandingsShare: cfg.standingsShare, Seed: cfg.seed, Duration: cfg.duration.Seconds(), Kinds: map[string]KindReport{},
		Status: map[string]int64{}, MatchesStarted: map[string]int64{}, MatchesFinished: map[string]int64{}}
	switch cfg.scenario {
	case scenarioGetMatch:
		rep.ReadRatio, rep.StandingsShare = 0, 0
	case scenarioCeiling: // its one read is a match's log
		rep.StandingsShare = 0
	}

	var open openMatches
	if cfg.scenario == scenarioResume {
		var err error
		if open, err = loadOpen(cfg.db); err != nil {
			return nil, err
		}
		cfg.seed, cfg.pool, cfg.games, rep.Seed = open.Seed, open.Pool, open.Games, open.Seed
	}
	addr, token, pid := cfg.addr, cfg.token, cfg.pid
	var srv *server
	if cfg.spawn != "" {
		var err error
		srv, err = spawnServer(ctx, cfg.spawn, cfg.db, cfg.serverLogLevel, cfg.serverArgs, cfg.rateLimit, 30*time.Second)
		if srv != nil {
			defer srv.cleanup(cfg.keep)
		}
		if err != nil {
			if srv != nil {
				_ = srv.stop(5 * time.Second)
			}
			return nil, err
		}
		addr, pid = srv.addr, srv.cmd.Process.Pid
		if token == "" {
			token = srv.token
		}
		rep.Server = &ServerReport{Spawned: cfg.spawn, PID: pid, ReadyMS: ms(srv.ready), DB: srv.dbPath}
		logf("server: %s (pid %d) on %s, db %s, ready in %s", cfg.spawn, pid, addr, srv.dbPath, srv.ready.Round(time.Millisecond))
	} else if pid > 0 {
		rep.Server = &ServerReport{PID: pid}
	}
	rep.Addr = addr
	var sampler *memSampler
	if pid > 0 {
		sampler = startSampler(pid, 100*time.Millisecond)
	}
	finishServer := func() {
		if sampler != nil {
			sampler.finish()
			rep.Server.PeakRSS, rep.Server.HWM, rep.Server.EndRSS, rep.Server.Samples = sampler.peak, sampler.hwm, sampler.last, sampler.n
			if sampler.err != nil {
				rep.Server.MemoryError = sampler.err.Error()
			}
			sampler = nil
		}
		if srv != nil {
			rep.Server.Stop = "clean (SIGTERM)"
			if err := srv.stop(30 * time.Second); err != nil {
				rep.Server.Stop = err.Error()
			}
			srv = nil
		}
	}
	defer finishServer()

	cl := newClient(addr, token, cfg.tables, cfg.timeout, cfg.idempotency)
	switch cfg.answer {
	case "minimal":
		cl.prefer = "return=minimal"
	case "full":
		cl.prefer = "return=representation"
	}
	defer cl.hc.CloseIdleConnections()
	setup := newTally()
	res := cl.do(ctx, http.MethodGet, "/healthz", nil, http.StatusOK, false)
	if res.err == nil && res.status == http.StatusUnauthorized && srv != nil && cfg.token == "" {
		// A server that does not read MOTAMED_ADMIN_TOKEN yet refuses the
		// generated token as unknown: go on without one.
		logf("warning: the spawned server does not know the MOTAMED_ADMIN_TOKEN token; sending no token")
		cl.token = ""
		res = cl.do(ctx, http.MethodGet, "/healthz", nil, http.StatusOK, false)
	}
	if res.err != nil || res.status != http.StatusOK {
		return nil, fmt.Errorf("the server at %s is not healthy: %s", addr, res.describe("GET", "/healthz", http.StatusOK))
	}
	supported := map[string]bool{}
	var err error
	if cfg.scenario == scenarioCeiling { // the bare server plays any game: it checks nothing
		for _, s := range play.Games() {
			supported[s.ID] = true
		}
	} else if supported, err = serverGames(ctx, cl); err != nil {
		return nil, err
	}
	rn := &runner{cfg: cfg, cl: cl}
	if cfg.scenario == scenarioLong {
		if !supported["munchkin"] {
			return nil, errors.New("the server does not offer munchkin, which the long scenario plays")
		}
		seq, err := play.Long(cfg.seed, cfg.matchEvents)
		if err != nil {
			return nil, err
		}
		spec, _ := play.ByID("munchkin")
		rn.pool, rn.specs, rn.weights, rep.Games = play.Pool{"munchkin": {seq}}, []play.Spec{spec}, []float64{1}, []string{"munchkin"}
	} else if cfg.scenario == scenarioGetMatch {
		if !supported["wizard"] {
			return nil, errors.New("the server does not offer wizard, which the get-match scenario plays")
		}
		rep.Games = []string{"wizard"}
	} else {
		for _, g := range cfg.games {
			if !supported[g] {
				logf("warning: the server does not offer %s (GET /v1/games); it is left out", g)
				rep.Skipped = append(rep.Skipped, g)
				continue
			}
			w := 1.0
			if v, ok := cfg.mix[g]; ok {
				w = v
			}
			if w == 0 {
				continue
			}
			spec, _ := play.ByID(g)
			rn.specs = append(rn.specs, spec)
			total := w
			if n := len(rn.weights); n > 0 {
				total += rn.weights[n-1]
			}
			rn.weights = append(rn.weights, total)
			rep.Games = append(rep.Games, g)
		}
		if len(rn.specs) == 0 {
			return nil, errors.New("no game left to play")
		}
		start := time.Now()
		rn.pool, err = play.BuildPool(rn.specs, cfg.pool, cfg.seed)
		if err != nil {
			return nil, fmt.Errorf("generating matches: %w", err)
		}
		events := 0
		for _, seqs := range rn.pool {
			for _, s := range seqs {
				events += len(s.Bodies)
			}
		}
		rep.Pool = &PoolReport{PerGame: cfg.pool, Events: events, Seconds: time.Since(start).Seconds()}
		logf("generated %d matches per game (%d events, every one accepted by the rules packages) in %s",
			cfg.pool, events, time.Since(start).Round(time.Millisecond))
	}

	start := time.Now()
	if cfg.scenario == scenarioPlay || cfg.scenario == scenarioLong {
		if err := rn.createLeagues(ctx, setup); err != nil {
			return nil, err
		}
	}
	nTables := cfg.tables
	tables, err := rn.newTables(ctx, nTables)
	for _, t := range tables {
		setup.merge(t.tally)
		t.tally = newTally()
	}
	if err != nil {
		return nil, err
	}
	switch cfg.scenario {
	case scenarioPlay:
		if cfg.matchesPerTable > 1 { // many matches: the load measures their events, not their creation
			if err := rn.openMatches(ctx, tables); err != nil {
				return nil, err
			}
			for _, t := range tables {
				setup.merge(t.tally)
				t.tally = newTally()
			}
		}
	case scenarioResume:
		if err := rn.dealOpen(open, tables); err != nil {
			return nil, err
		}
	case scenarioLong:
		for _, t := range tables {
			t.long = &longTally{events: cfg.matchEvents}
		}
	}
	var matchPath string
	if cfg.scenario == scenarioGetMatch {
		rn.leagues = map[string]string{}
		if err := rn.createLeaguesFor(ctx, setup, "wizard"); err != nil {
			return nil, err
		}
		if matchPath, err = rn.prepareBigMatch(ctx, tables[0], cfg.matchEvents); err != nil {
			return nil, err
		}
		setup.merge(tables[0].tally)
		tables[0].tally = newTally()
	}
	rep.Setup = &SetupReport{Requests: setup.requests(), Seconds: time.Since(start).Seconds()}
	logf("setup: %d requests in %s; load for %s at %d tables", rep.Setup.Requests, time.Since(start).Round(time.Millisecond), cfg.duration, nTables)

	// The load. The context is the hard cap: the duration, plus the
	// request timeout for requests in flight at its end.
	rn.sent.Store(0)
	cpuStart := takeCPU(pid)
	loadStart := time.Now()
	rn.deadline = loadStart.Add(cfg.duration)
	lctx, cancel := context.WithDeadline(ctx, rn.deadline.Add(cfg.timeout+time.Second))
	defer cancel()
	var wg sync.WaitGroup
	for _, t := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			switch cfg.scenario {
			case scenarioGetMatch:
				rn.getMatchLoad(lctx, t, matchPath)
			case scenarioResume:
				rn.resume(lctx, t)
			default: // play, long, and ceiling: the play scenario's events
				rn.play(lctx, t)
			}
		}()
	}
	progressDone := make(chan struct{})
	if !cfg.json {
		go rn.progress(logw, loadStart, progressDone)
	}
	wg.Wait()
	close(progressDone)
	elapsed := time.Since(loadStart)
	cpuEnd := takeCPU(pid)
	interrupted := ctx.Err() != nil
	finishServer()

	total := newTally()
	var longs []*longTally
	for _, t := range tables {
		total.merge(t.tally)
		if t.long != nil {
			longs = append(longs, t.long)
		}
	}
	if cfg.scenario == scenarioLong {
		rep.Long = longReport(longs, cfg.matchEvents)
	}
	if cfg.db != "" && (cfg.scenario == scenarioPlay || cfg.scenario == scenarioResume) {
		if err := saveOpen(cfg.db, cfg, tables); err != nil {
			return rep, err
		}
	}
	rep.fill(total, elapsed, setup)
	rep.CPU = cpuReport(cpuStart, cpuEnd, rep.Requests)
	rep.Interrupted = interrupted
	if s := rep.Server; s != nil && s.Spawned != "" && s.Stop != "clean (SIGTERM)" {
		rep.Errors++
		rep.ErrorMessages = append(rep.ErrorMessages, "the server did not stop cleanly: "+s.Stop)
	}
	return rep, nil
}

// progress prints the events accepted and requests made every 10 seconds
// until done closes.
func (rn *runner) progress(w io.Writer, start time.Time, done <-chan struct{}) {
	t := time.NewTicker(10 * time.Second)
	defer t.Stop()
	lastEv, lastReq, lastAt := rn.accepted.Load(), rn.sent.Load(), start
	for {
		select {
		case <-done:
			return
		case now := <-t.C:
			ev, req := rn.accepted.Load(), rn.sent.Load()
			secs := now.Sub(lastAt).Seconds()
			fmt.Fprintf(w, "%5.0fs  %s events accepted, %s requests (last %.0fs: %.0f events/s, %.0f requests/s)\n", now.Sub(start).Seconds(),
				thousands(ev), thousands(req), secs, float64(ev-lastEv)/secs, float64(req-lastReq)/secs)
			lastEv, lastReq, lastAt = ev, req, now
		}
	}
}

// createLeaguesFor creates the leagues of the named games only.
func (rn *runner) createLeaguesFor(ctx context.Context, t *tally, ids ...string) error {
	saved := rn.specs
	rn.specs = nil
	for _, id := range ids {
		s, _ := play.ByID(id)
		rn.specs = append(rn.specs, s)
	}
	err := rn.createLeagues(ctx, t)
	rn.specs = saved
	return err
}

// serverGames asks the server which games it offers.
func serverGames(ctx context.Context, cl *client) (map[string]bool, error) {
	res := cl.do(ctx, http.MethodGet, "/v1/games", nil, http.StatusOK, true)
	if res.err != nil || res.status != http.StatusOK {
		return nil, fmt.Errorf("listing the games: %s", res.describe("GET", "/v1/games", http.StatusOK))
	}
	var v struct {
		Games []struct {
			ID string `json:"id"`
		} `json:"games"`
	}
	if err := json.Unmarshal(res.body, &v); err != nil {
		return nil, fmt.Errorf("listing the games: %w", err)
	}
	out := map[string]bool{}
	for _, g := range v.Games {
		out[g.ID] = true
	}
	return out, nil
}
