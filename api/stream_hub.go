package api

import (
	"maps"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/motamed/motamed/db"
)

// hub fans accepted events out to the match streams and standings changes
// out to the league streams. Publishing never blocks and does no I/O: it
// hands each subscriber a pointer with a non-blocking send. A match
// subscriber whose bounded buffer is full is dropped (its stream closes and
// the client resumes with Last-Event-ID); a league subscriber holds at most
// one pending "changed" signal, since every standings event carries the
// whole table.
type hub struct {
	// Heartbeat is the interval of ": ping" comment lines on an idle stream.
	heartbeat time.Duration
	// buffer is how many accepted events a match subscriber may lag behind
	// before it is dropped.
	buffer int
	// writeTimeout bounds each write to a client; a client that does not
	// take a write within it is disconnected.
	writeTimeout time.Duration
	// retry is the reconnection delay suggested to EventSource clients.
	retry time.Duration

	mu      sync.Mutex
	matches map[string]map[*matchSub]struct{}
	leagues map[string]*leagueTopic
	done    chan struct{} // closed on shutdown: every stream ends
	closed  bool
	servers map[*http.Server]bool // servers whose shutdown ends the streams

	// announce, when set, tells the other instances of the database about
	// what this one publishes (their copies arrive through deliverMatch and
	// signalLeague, which announce nothing).
	announce func(db.Notice)
}

func newHub() *hub {
	return &hub{
		heartbeat:    15 * time.Second,
		buffer:       256,
		writeTimeout: 30 * time.Second,
		retry:        2 * time.Second,
		matches:      map[string]map[*matchSub]struct{}{},
		leagues:      map[string]*leagueTopic{},
		done:         make(chan struct{}),
		servers:      map[*http.Server]bool{},
	}
}

// matchMsg is one accepted event with the match as of it. Its JSON is
// rendered at most once per language, by the first stream that needs it,
// never by the writer that published it.
type matchMsg struct {
	version int64
	res     *db.Appended
	en, fa  lazyJSON
	// refresh asks for the whole match again: something the log does not
	// record changed it (a player renamed or merged).
	refresh bool
}

// lazyJSON is a message's JSON in one language, rendered on first use.
type lazyJSON struct {
	once sync.Once
	b    []byte
}

func (m *matchMsg) data(s *Server, lang string) []byte {
	l := &m.en
	if lang == "fa" {
		l = &m.fa
	}
	l.once.Do(func() { l.b = s.appendShort(nil, m.res, lang, true) })
	return l.b
}

// matchSub is one open match stream.
type matchSub struct {
	ch   chan *matchMsg
	gone chan struct{} // closed when the hub drops the subscriber
}

// subscribeMatch registers a stream before it reads the store, so that no
// event committed after that read can be missed.
func (h *hub) subscribeMatch(matchID string) *matchSub {
	sub := &matchSub{ch: make(chan *matchMsg, max(h.buffer, 1)), gone: make(chan struct{})}
	h.mu.Lock()
	defer h.mu.Unlock()
	subs := h.matches[matchID]
	if subs == nil {
		subs = map[*matchSub]struct{}{}
		h.matches[matchID] = subs
	}
	subs[sub] = struct{}{}
	return sub
}

func (h *hub) unsubscribeMatch(matchID string, sub *matchSub) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if subs := h.matches[matchID]; subs != nil {
		delete(subs, sub)
		if len(subs) == 0 {
			delete(h.matches, matchID)
		}
	}
}

// publishMatch hands an accepted event to every stream of its match, here
// and on the other instances. A replayed (idempotent) answer recorded
// nothing and is not published.
func (h *hub) publishMatch(res *db.Appended) {
	if res == nil || res.Replayed || res.Match == nil {
		return
	}
	h.deliverMatch(res)
	if h.announce != nil {
		h.announce(db.Notice{Kind: db.NoticeMatch, ID: res.Match.ID, Version: res.Match.Version})
	}
}

// deliverMatch hands the match as of an event to this process's streams.
func (h *hub) deliverMatch(res *db.Appended) {
	h.send(res.Match.ID, &matchMsg{version: res.Match.Version, res: res})
}

// refreshMatch tells this process's streams of a match to send it whole
// again, after a change the log does not record (a rename or a merge).
func (h *hub) refreshMatch(matchID string) {
	h.send(matchID, &matchMsg{refresh: true})
}

// send hands msg to every stream of a match without waiting for any.
func (h *hub) send(matchID string, msg *matchMsg) {
	h.mu.Lock()
	defer h.mu.Unlock()
	subs := h.matches[matchID]
	for sub := range subs {
		select {
		case sub.ch <- msg:
		default:
			// Too far behind: drop it rather than wait for it.
			delete(subs, sub)
			close(sub.gone)
		}
	}
	if len(subs) == 0 {
		delete(h.matches, matchID)
	}
}

// matchSubscribers counts the open streams of a match (for tests).
func (h *hub) matchSubscribers(matchID string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.matches[matchID])
}

// topics lists the matches and the leagues that have open streams.
func (h *hub) topics() (matches, leagues []string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Collect(maps.Keys(h.matches)), slices.Collect(maps.Keys(h.leagues))
}

// leagueTopic is the open streams of one league.
type leagueTopic struct {
	subs map[*leagueSub]struct{}
}

type leagueSub struct {
	ch chan struct{} // capacity 1: a pending "standings changed"
}

func (h *hub) subscribeLeague(leagueID string) *leagueSub {
	sub := &leagueSub{ch: make(chan struct{}, 1)}
	h.mu.Lock()
	defer h.mu.Unlock()
	t := h.leagues[leagueID]
	if t == nil {
		t = &leagueTopic{subs: map[*leagueSub]struct{}{}}
		h.leagues[leagueID] = t
	}
	t.subs[sub] = struct{}{}
	return sub
}

func (h *hub) unsubscribeLeague(leagueID string, sub *leagueSub) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if t := h.leagues[leagueID]; t != nil {
		delete(t.subs, sub)
		if len(t.subs) == 0 {
			delete(h.leagues, leagueID)
		}
	}
}

// publishLeague tells a league's streams, here and on the other instances,
// that its standings changed.
func (h *hub) publishLeague(leagueID string) {
	if leagueID == "" {
		return
	}
	h.signalLeague(leagueID)
	if h.announce != nil {
		h.announce(db.Notice{Kind: db.NoticeStandings, ID: leagueID})
	}
}

// signalLeague tells this process's streams of a league that its standings
// changed. A subscriber that has not yet sent the previous change just
// keeps one pending signal: it will send the newest table.
func (h *hub) signalLeague(leagueID string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	t := h.leagues[leagueID]
	if t == nil {
		return
	}
	for sub := range t.subs {
		select {
		case sub.ch <- struct{}{}:
		default:
		}
	}
}

// onShutdown ends every stream when srv shuts down, so that a graceful
// shutdown does not wait for clients that never hang up. It is registered
// once per server, from the first stream request it serves.
func (h *hub) onShutdown(srv *http.Server) {
	if srv == nil {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.servers[srv] {
		return
	}
	h.servers[srv] = true
	srv.RegisterOnShutdown(h.close)
}

// close ends every open stream.
func (h *hub) close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.closed {
		h.closed = true
		close(h.done)
	}
}
