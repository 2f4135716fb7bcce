package api

import (
	"errors"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
)

// A stream is authorized when it connects and stays authorized only while
// its caller keeps the access: revoking the token it was opened with, or
// making its league private for a caller who may then no longer read it,
// ends it. The revoking request is answered only after every such stream
// on this process has stopped delivering; each then sends one last
// `event: revoked` (a problem saying why) and closes, and the client's
// reconnection gets the 401 or 404 that the problem names.
//
// Open streams are also limited per token (but the admin's) and per client
// address, so that one client cannot hold every connection of the server.

// errAccessEnded is what a stream's write returns once its access is gone.
var errAccessEnded = errors.New("stream access ended")

// streamGate is one open stream's access: who opened it, on which league
// it depends, and whether it may still deliver.
type streamGate struct {
	token    *db.Token // nil for an anonymous stream
	addr     string
	leagueID string // "" until known, and for a match outside any league
	lang     string

	mu    sync.Mutex
	why   *Problem      // set when access ended
	ended chan struct{} // closed when access ended
	rc    *http.ResponseController

	// wmu is held for every write to the client; cut, set under it, stops
	// all further writes but the final event.
	wmu sync.Mutex
	cut bool
}

// end stops the stream's deliveries: when it returns, no write is in
// progress and none but the final event will start.
func (g *streamGate) end(why *Problem) {
	g.mu.Lock()
	if g.why != nil {
		g.mu.Unlock()
		return
	}
	g.why = why
	close(g.ended)
	rc := g.rc
	g.mu.Unlock()
	if !g.lockWrites(rc) {
		return
	}
	g.cut = true
	g.wmu.Unlock()
}

// lockWrites takes the write lock, waiting briefly for a write in
// progress; a write that does not finish soon (a client that stopped
// reading) is cut short by its deadline.
func (g *streamGate) lockWrites(rc *http.ResponseController) bool {
	for range 20 {
		if g.wmu.TryLock() {
			return true
		}
		time.Sleep(5 * time.Millisecond)
	}
	if rc != nil {
		_ = rc.SetWriteDeadline(time.Now())
	}
	g.wmu.Lock()
	return true
}

// reason is the problem that ended the stream, or nil.
func (g *streamGate) reason() *Problem {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.why
}

// streamBook is every open stream by token and by league, the counts per
// client address that the limits apply to, and the tokens revoked lately.
type streamBook struct {
	perToken, perAddr int // 0: no limit

	mu       sync.Mutex
	byToken  map[string]map[*streamGate]struct{}
	byLeague map[string]map[*streamGate]struct{}
	byAddr   map[string]int
	revoked  map[string]time.Time // token ID -> when its revocation was seen
}

// revokedMemory is how long a revoked token's ID is remembered: longer than
// any request that read the token before its revocation can take to open a
// stream.
const revokedMemory = 5 * time.Minute

func newStreamBook(perToken, perAddr int) *streamBook {
	return &streamBook{perToken: perToken, perAddr: perAddr,
		byToken: map[string]map[*streamGate]struct{}{}, byLeague: map[string]map[*streamGate]struct{}{},
		byAddr: map[string]int{}, revoked: map[string]time.Time{}}
}

// open registers a stream of the caller, or refuses it when the caller is
// at a limit (429) or its token has just been revoked (401). Registering
// comes before the check, so a revocation either is seen here or finds the
// stream.
func (b *streamBook) open(c echo.Context) (*streamGate, error) {
	g := &streamGate{token: principal(c), addr: c.RealIP(), lang: langOf(c), ended: make(chan struct{})}
	b.mu.Lock()
	defer b.mu.Unlock()
	if g.token != nil {
		if _, gone := b.revoked[g.token.ID]; gone {
			return nil, kindUnauthorized.problem(g.lang, "The token is not valid (unknown or revoked).")
		}
		if b.perToken > 0 && g.token.Role != db.RoleAdmin && len(b.byToken[g.token.ID]) >= b.perToken {
			return nil, tooManyStreams(c, "This token has "+strconv.Itoa(b.perToken)+" streams open, the most allowed; close one first.")
		}
	}
	if b.perAddr > 0 && b.byAddr[g.addr] >= b.perAddr {
		return nil, tooManyStreams(c, "This address has "+strconv.Itoa(b.perAddr)+" streams open, the most allowed; close one first.")
	}
	b.byAddr[g.addr]++
	if g.token != nil {
		add(b.byToken, g.token.ID, g)
	}
	return g, nil
}

// watchLeague makes the stream depend on league leagueID's visibility. The
// stream checks its access to the league after this, so a change either is
// seen by that check or finds the stream.
func (b *streamBook) watchLeague(g *streamGate, leagueID string) {
	if leagueID == "" {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	g.leagueID = leagueID
	add(b.byLeague, leagueID, g)
}

// close forgets an ended stream.
func (b *streamBook) close(g *streamGate) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.byAddr[g.addr]--; b.byAddr[g.addr] <= 0 {
		delete(b.byAddr, g.addr)
	}
	if g.token != nil {
		remove(b.byToken, g.token.ID, g)
	}
	remove(b.byLeague, g.leagueID, g)
}

// revokeToken ends every stream opened with the token and refuses new ones;
// it returns when none of them delivers any more.
func (b *streamBook) revokeToken(tokenID string) {
	b.mu.Lock()
	now := time.Now()
	for id, at := range b.revoked {
		if now.Sub(at) > revokedMemory {
			delete(b.revoked, id)
		}
	}
	b.revoked[tokenID] = now
	gates := members(b.byToken[tokenID])
	b.mu.Unlock()
	for _, g := range gates {
		g.end(streamEndProblem(kindUnauthorized, g.lang, "The token this stream was opened with has been revoked."))
	}
}

// leagueChanged ends the streams of league l whose callers may no longer
// read it; it returns when none of them delivers any more.
func (b *streamBook) leagueChanged(l *db.League) {
	b.mu.Lock()
	gates := members(b.byLeague[l.ID])
	b.mu.Unlock()
	for _, g := range gates {
		if !canReadLeague(g.token, l) {
			g.end(streamEndProblem(kindNotFound, g.lang, "The league has been made private: this stream may no longer show it."))
		}
	}
}

// watched lists the tokens and the leagues that open streams depend on.
func (b *streamBook) watched() (tokens, leagues []string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Collect(maps.Keys(b.byToken)), slices.Collect(maps.Keys(b.byLeague))
}

// count is how many streams are open (for tests).
func (b *streamBook) count() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := 0
	for _, k := range b.byAddr {
		n += k
	}
	return n
}

func add(m map[string]map[*streamGate]struct{}, key string, g *streamGate) {
	set := m[key]
	if set == nil {
		set = map[*streamGate]struct{}{}
		m[key] = set
	}
	set[g] = struct{}{}
}

func remove(m map[string]map[*streamGate]struct{}, key string, g *streamGate) {
	if set := m[key]; set != nil {
		delete(set, g)
		if len(set) == 0 {
			delete(m, key)
		}
	}
}

func members(set map[*streamGate]struct{}) []*streamGate {
	out := make([]*streamGate, 0, len(set))
	for g := range set {
		out = append(out, g)
	}
	return out
}

// streamEndProblem is the problem of a stream's last event, in its language.
func streamEndProblem(k problemKind, lang, detail string) *Problem {
	p := k.problem(lang, detail)
	if lang == "fa" {
		persianProblem(p)
	}
	return p
}

// streamRetryAfter is the wait suggested to a client refused a stream.
const streamRetryAfter = 10

func tooManyStreams(c echo.Context, detail string) error {
	c.Response().Header().Set("Retry-After", strconv.Itoa(streamRetryAfter))
	return kindTooMany.problem(langOf(c), detail)
}
