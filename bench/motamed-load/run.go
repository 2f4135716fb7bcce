package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/motamed/motamed/rules/play"
)

// maxErrorMessages is how many error messages a run keeps (the count is
// always exact).
const maxErrorMessages = 8

// tally is what one table (or the setup) observed. Each is owned by one
// goroutine and merged at the end.
type tally struct {
	hist       [nKinds]*histogram
	respBytes  [nKinds]int64
	status     map[int]int64
	errors     int64
	messages   []string
	finished   map[string]int64
	started    map[string]int64
	abandoned  int64
	events     int64 // events accepted (201)
	eventBytes int64
}

func newTally() *tally {
	t := &tally{status: map[int]int64{}, finished: map[string]int64{}, started: map[string]int64{}}
	for k := range t.hist {
		t.hist[k] = newHistogram()
	}
	return t
}

// record notes a request's outcome and reports whether it had the wanted
// status.
func (t *tally) record(k kind, res result, method, path string, want int) bool {
	if res.err == nil {
		t.hist[k].record(res.latency)
		t.respBytes[k] += res.bytes
		t.status[res.status]++
		if res.status == want {
			return true
		}
	}
	t.fail(res.describe(method, path, want))
	return false
}

func (t *tally) fail(msg string) {
	t.errors++
	if len(t.messages) < maxErrorMessages {
		t.messages = append(t.messages, msg)
	}
}

func (t *tally) merge(o *tally) {
	for k := range t.hist {
		t.hist[k].merge(o.hist[k])
		t.respBytes[k] += o.respBytes[k]
	}
	for s, n := range o.status {
		t.status[s] += n
	}
	t.errors += o.errors
	for _, m := range o.messages {
		if len(t.messages) < maxErrorMessages {
			t.messages = append(t.messages, m)
		}
	}
	for g, n := range o.finished {
		t.finished[g] += n
	}
	for g, n := range o.started {
		t.started[g] += n
	}
	t.abandoned += o.abandoned
	t.events += o.events
	t.eventBytes += o.eventBytes
}

// runner plays the load against one server.
type runner struct {
	cfg     config
	cl      *client
	pool    play.Pool
	specs   []play.Spec
	weights []float64 // cumulative, per spec
	leagues map[string]string

	deadline time.Time
	accepted atomic.Int64 // events accepted, for --preload-events
	finished atomic.Int64 // matches finished, for --finish-matches
	sent     atomic.Int64 // requests answered or failed, for the progress lines
	matchNo  atomic.Int64 // matches started (the ceiling scenario's keys)
}

// table is one simulated table: its players, its matches in progress and
// its own random source.
type table struct {
	sent    *atomic.Int64
	n       int
	r       *rand.Rand
	players []string
	tally   *tally
	matches []*liveMatch
	cursor  int
	long    *longTally // the long scenario's
}

// liveMatch is a match in progress on the server.
type liveMatch struct {
	seq        *play.Seq
	idx        int      // in the pool
	players    []string // by seat
	id         string
	rep        *play.Replacer
	next       int
	eventsPath string
	matchPath  string
	league     string
}

// playersPerTable is how many players each table creates; every match seats
// some of them.
const playersPerTable = 6

var playerNames = []string{"Sara", "رضا", "Kian", "مینا", "Neda", "Arash", "شیرین", "Omid", "Leila", "Babak", "پرستو", "Dariush"}

func (rn *runner) done() bool {
	if rn.cfg.preloadEvents > 0 && rn.accepted.Load() >= rn.cfg.preloadEvents {
		return true
	}
	if rn.cfg.finishMatches > 0 && rn.finished.Load() >= rn.cfg.finishMatches {
		return true
	}
	return !time.Now().Before(rn.deadline)
}

// pickGame draws a game by the --mix weights.
func (rn *runner) pickGame(r *rand.Rand) play.Spec {
	x := r.Float64() * rn.weights[len(rn.weights)-1]
	for i, w := range rn.weights {
		if x < w {
			return rn.specs[i]
		}
	}
	return rn.specs[len(rn.specs)-1]
}

// createLeagues makes one league per game.
func (rn *runner) createLeagues(ctx context.Context, t *tally) error {
	rn.leagues = map[string]string{}
	stamp := time.Now().UTC().Format("2006-01-02 15:04:05")
	for _, s := range rn.specs {
		body, _ := json.Marshal(map[string]any{"name": "motamed-load " + s.ID + " " + stamp, "game": s.ID})
		res := rn.cl.do(ctx, http.MethodPost, "/v1/leagues", body, http.StatusCreated, true)
		if !t.record(kindCreateLeague, res, "POST", "/v1/leagues", http.StatusCreated) {
			return fmt.Errorf("creating the %s league: %s", s.ID, res.describe("POST", "/v1/leagues", http.StatusCreated))
		}
		id, err := idOf(res.body)
		if err != nil {
			return err
		}
		rn.leagues[s.ID] = id
	}
	return nil
}

// newTables creates every table's players, several tables at a time.
func (rn *runner) newTables(ctx context.Context, n int) ([]*table, error) {
	tables := make([]*table, n)
	errs := make([]error, n)
	sem := make(chan struct{}, 16)
	var wg sync.WaitGroup
	for i := range tables {
		t := &table{sent: &rn.sent, n: i, r: rand.New(rand.NewPCG(rn.cfg.seed, uint64(i)+1)), tally: newTally(),
			matches: make([]*liveMatch, rn.cfg.matchesPerTable)}
		tables[i] = t
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			if rn.cfg.scenario == scenarioResume { // the matches have their players
				return
			}
			if rn.cfg.scenario == scenarioCeiling { // the bare server keeps no players
				for p := 0; p < playersPerTable; p++ {
					t.players = append(t.players, fmt.Sprintf("pl_t%05dp%010d", t.n+1, p+1)) // as long as Motamed's IDs
				}
				return
			}
			for p := 0; p < playersPerTable; p++ {
				name := playerNames[(t.n+p*5)%len(playerNames)] + " " + strconv.Itoa(t.n+1) + "." + strconv.Itoa(p+1)
				body, _ := json.Marshal(map[string]string{"name": name})
				res := t.do(ctx, rn.cl, http.MethodPost, "/v1/players", body, http.StatusCreated, true)
				if !t.tally.record(kindCreatePlayer, res, "POST", "/v1/players", http.StatusCreated) {
					errs[t.n] = fmt.Errorf("creating players: %s", res.describe("POST", "/v1/players", http.StatusCreated))
					return
				}
				id, err := idOf(res.body)
				if err != nil {
					errs[t.n] = err
					return
				}
				t.players = append(t.players, id)
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return tables, err
		}
	}
	return tables, nil
}

// openMatches starts every table's --matches-per-table matches before the
// load, several tables at a time.
func (rn *runner) openMatches(ctx context.Context, tables []*table) error {
	sem := make(chan struct{}, 16)
	var wg sync.WaitGroup
	var failed atomic.Bool
	for _, t := range tables {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			for i := range t.matches {
				if t.matches[i] = rn.startMatch(ctx, t); t.matches[i] == nil {
					failed.Store(true)
					return
				}
			}
		}()
	}
	wg.Wait()
	if failed.Load() {
		for _, t := range tables {
			if len(t.tally.messages) > 0 {
				return errors.New("starting the matches: " + t.tally.messages[0])
			}
		}
		return errors.New("starting the matches was interrupted")
	}
	return nil
}

// startMatch creates a new match at t from the pool.
func (rn *runner) startMatch(ctx context.Context, t *table) *liveMatch {
	spec := rn.pickGame(t.r)
	seqs := rn.pool[spec.ID]
	idx := t.r.IntN(len(seqs))
	seq := seqs[idx]
	perm := t.r.Perm(len(t.players))
	ids := make([]string, seq.Seats)
	for i := range ids {
		ids[i] = t.players[perm[i]]
	}
	m := &liveMatch{seq: seq, idx: idx, players: ids, rep: seq.Replacer(ids), league: rn.leagues[spec.ID]}
	if rn.cfg.scenario == scenarioCeiling {
		// The bare server creates nothing: a match is a new key in its
		// log. The keys grow as Motamed's time-ordered IDs do.
		m.id = fmt.Sprintf("m_%010d", rn.matchNo.Add(1))
		m.matchPath = "/matches/" + m.id
		m.eventsPath = m.matchPath + "/events"
		t.tally.started[spec.ID]++
		return m
	}
	req := map[string]any{"game": spec.ID, "players": ids, "league_id": m.league}
	if seq.Options != "" {
		req["options"] = json.RawMessage(m.rep.Replace(seq.Options))
	}
	body, _ := json.Marshal(req)
	res := t.do(ctx, rn.cl, http.MethodPost, "/v1/matches", body, http.StatusCreated, true)
	if ctx.Err() != nil {
		return nil
	}
	if !t.tally.record(kindCreateMatch, res, "POST", "/v1/matches", http.StatusCreated) {
		return nil
	}
	id, err := idOf(res.body)
	if err != nil {
		t.tally.fail("POST /v1/matches: " + err.Error())
		return nil
	}
	m.id = id
	m.matchPath = "/v1/matches/" + id
	m.eventsPath = m.matchPath + "/events"
	t.tally.started[spec.ID]++
	return m
}

// read makes one read: the table's match, or its league's standings.
func (rn *runner) read(ctx context.Context, t *table, m *liveMatch) {
	if rn.cfg.scenario == scenarioCeiling { // the bare server's one read: the match's log
		res := t.do(ctx, rn.cl, http.MethodGet, m.eventsPath, nil, http.StatusOK, false)
		if ctx.Err() == nil {
			t.tally.record(kindGetMatch, res, "GET", m.eventsPath, http.StatusOK)
		}
		return
	}
	if t.r.Float64() < rn.cfg.standingsShare {
		path := "/v1/leagues/" + m.league + "/standings"
		res := t.do(ctx, rn.cl, http.MethodGet, path, nil, http.StatusOK, false)
		if ctx.Err() == nil {
			t.tally.record(kindStandings, res, "GET", path, http.StatusOK)
		}
		return
	}
	res := t.do(ctx, rn.cl, http.MethodGet, m.matchPath, nil, http.StatusOK, false)
	if ctx.Err() == nil {
		t.tally.record(kindGetMatch, res, "GET", m.matchPath, http.StatusOK)
	}
}

// play runs table t until the load is over: one event at a time, round
// robin over its matches, with reads in between.
func (rn *runner) play(ctx context.Context, t *table) {
	for !rn.done() && ctx.Err() == nil {
		slot := t.cursor
		t.cursor = (t.cursor + 1) % len(t.matches)
		m := t.matches[slot]
		if m == nil {
			if m = rn.startMatch(ctx, t); m == nil {
				pause(ctx, 50*time.Millisecond) // do not spin against a failing server
				continue
			}
			t.matches[slot] = m
		}
		reads := int(rn.cfg.readRatio)
		if t.r.Float64() < rn.cfg.readRatio-float64(reads) {
			reads++
		}
		for ; reads > 0 && !rn.done(); reads-- {
			rn.read(ctx, t, m)
		}
		if rn.done() {
			break
		}
		body := m.rep.Append(nil, m.seq.Bodies[m.next])
		last := m.next == len(m.seq.Bodies)-1
		res := t.do(ctx, rn.cl, http.MethodPost, m.eventsPath, body, http.StatusCreated, last)
		if ctx.Err() != nil {
			return // interrupted or past the hard cap: not the server's fault
		}
		label := m.eventsPath
		if res.err != nil || res.status != http.StatusCreated {
			label += fmt.Sprintf(" (%s event %d of %d, %s: %s)", m.seq.Game, m.next+1, len(m.seq.Bodies), m.seq.Types[m.next], body)
		}
		if !t.tally.record(kindEvent, res, "POST", label, http.StatusCreated) {
			// The match's state is unknown now: leave it and start another.
			t.tally.abandoned++
			t.matches[slot] = nil
			pause(ctx, 10*time.Millisecond)
			continue
		}
		t.tally.events++
		t.tally.eventBytes += int64(len(body))
		rn.accepted.Add(1)
		if t.long != nil {
			t.long.note(m.next, res)
			if last { // a long match stays in progress: the table is done
				return
			}
		}
		m.next++
		if !last {
			continue
		}
		t.matches[slot] = nil
		if rn.cfg.scenario == scenarioCeiling { // the bare server does not know the rules
			t.tally.finished[m.seq.Game]++
			rn.finished.Add(1)
			continue
		}
		if status := matchStatus(res.body); status != "finished" {
			t.tally.fail(fmt.Sprintf("%s match %s: status %q after its last event (want finished)", m.seq.Game, m.id, status))
			continue
		}
		t.tally.finished[m.seq.Game]++
		rn.finished.Add(1)
	}
}

// getMatchLoad reads one match over and over until the load is over.
func (rn *runner) getMatchLoad(ctx context.Context, t *table, path string) {
	for !rn.done() && ctx.Err() == nil {
		res := t.do(ctx, rn.cl, http.MethodGet, path, nil, http.StatusOK, false)
		if ctx.Err() != nil {
			return
		}
		if !t.tally.record(kindGetMatch, res, "GET", path, http.StatusOK) {
			pause(ctx, 10*time.Millisecond)
		}
	}
}

// prepareBigMatch creates a 3-player Wizard match and records its first
// events events, for the get-match scenario.
func (rn *runner) prepareBigMatch(ctx context.Context, t *table, events int) (string, error) {
	spec, _ := play.ByID("wizard")
	var seq *play.Seq
	for i := 0; i < 2000 && seq == nil; i++ {
		s, _, err := play.Generate(spec, rn.cfg.seed, i)
		if err != nil {
			return "", err
		}
		if s.Seats == 3 && len(s.Bodies) >= events {
			seq = s
		}
	}
	if seq == nil {
		return "", fmt.Errorf("no generated Wizard match has %d events", events)
	}
	rn.pool = play.Pool{"wizard": {seq}}
	rn.specs, rn.weights = []play.Spec{spec}, []float64{1}
	m := rn.startMatch(ctx, t)
	if m == nil {
		return "", fmt.Errorf("creating the match failed: %v", t.tally.messages)
	}
	for m.next < events {
		body := m.rep.Append(nil, seq.Bodies[m.next])
		res := t.do(ctx, rn.cl, http.MethodPost, m.eventsPath, body, http.StatusCreated, false)
		if !t.tally.record(kindEvent, res, "POST", m.eventsPath, http.StatusCreated) {
			return "", fmt.Errorf("recording event %d: %s", m.next+1, res.describe("POST", m.eventsPath, http.StatusCreated))
		}
		m.next++
	}
	return m.matchPath, nil
}

// do sends a request for the table, counted for the progress lines.
func (t *table) do(ctx context.Context, cl *client, method, path string, body []byte, want int, keep bool) result {
	t.sent.Add(1)
	return cl.do(ctx, method, path, body, want, keep)
}

func pause(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}
