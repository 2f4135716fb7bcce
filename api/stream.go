package api

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
)

// The live streams are server-sent events (text/event-stream).
//
// GET /v1/matches/{id}/stream (?lang=fa localizes, as elsewhere):
//
//	retry: 2000                  once, first: the reconnection delay
//	event: missed   id: <seq>    data: {"event": Event}           catch-up, read from the log
//	event: snapshot id: <ver>    data: {"match": Match}           the match as of <ver> (again after a rename or merge)
//	event: match    id: <ver>    data: {"event": Event, "match": Match}  live, as the POST answers
//	: ping                       heartbeat comment on an idle stream
//	event: revoked  (no id)      data: Problem                   the last event, when access ends
//
// Every id is a match version, so an id is never sent twice and each event
// of the log is delivered at most once. On connect without Last-Event-ID
// (header, or ?last_event_id= for a first connection) the stream starts with
// a snapshot at the current version V. With Last-Event-ID N < V it starts
// with the events N+1..V of the log as `missed` (their voided flags are the
// log's now) followed by one snapshot at V; with N = V it sends nothing until
// the next event; with N > V (an id this match never had) it sends the
// snapshot. Then each accepted event (an append or an undo) comes as
// `match` with id = its version. Should a live event arrive ahead of one the
// stream has not sent (two writers racing), the gap is filled from the log
// as `missed` first. A client that falls more than the buffer behind is
// disconnected; it reconnects with Last-Event-ID and gets what it missed.
//
// GET /v1/leagues/{id}/stream: `event: standings` with the whole table
// (as GET /v1/leagues/{id}/standings answers) on connect and again each time
// a league match finishes or a finished one is corrected. It has no ids: every
// event is the complete state.

// matchStream serves a match's live stream.
func (s *Server) matchStream(c echo.Context) error {
	id := c.Param("id")
	lang := langOf(c)
	last, resume, err := lastEventID(c)
	if err != nil {
		return err
	}
	g, err := s.streams.open(c)
	if err != nil {
		return err
	}
	defer s.streams.close(g)
	// Subscribe before reading the store: an event committed after the read
	// is then published to this subscriber.
	sub := s.hub.subscribeMatch(id)
	defer s.hub.unsubscribeMatch(id, sub)
	ctx := c.Request().Context()
	m, err := s.watchedMatch(c, g, id)
	if err != nil {
		return err
	}
	var missed []db.Event
	if resume && last < m.Version {
		if missed, err = s.logRange(ctx, id, last, m.Version); err != nil {
			return err
		}
	}

	w := s.openStream(c, g)
	defer w.close()
	go func() {
		select {
		case <-sub.gone:
			w.abort()
		case <-w.ended:
		}
	}()
	for _, e := range missed {
		w.event("missed", e.Seq, s.missedJSON(e, lang))
	}
	if !resume || last != m.Version {
		w.event("snapshot", m.Version, s.snapshotJSON(m, lang))
	}
	if w.flush() != nil {
		return w.final()
	}
	sent := m.Version

	beat := time.NewTicker(s.hub.heartbeat)
	defer beat.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-s.hub.done:
			return nil
		case <-sub.gone:
			return nil
		case <-g.ended:
			return w.final()
		case <-beat.C:
			w.comment("ping")
		case msg := <-sub.ch:
			// Send everything already queued, then flush once.
			for {
				if msg.refresh {
					m, err := s.store.GetMatch(ctx, id)
					if err != nil {
						return nil
					}
					w.event("snapshot", m.Version, s.snapshotJSON(m, lang))
					sent = m.Version
				}
				if msg.version > sent+1 {
					gap, err := s.logRange(ctx, id, sent, msg.version-1)
					if err != nil {
						return nil
					}
					for _, e := range gap {
						w.event("missed", e.Seq, s.missedJSON(e, lang))
					}
					sent = msg.version - 1
				}
				if msg.version == sent+1 {
					w.event("match", msg.version, msg.data(s, lang))
					sent = msg.version
				}
				select {
				case msg = <-sub.ch:
					continue
				default:
				}
				break
			}
		}
		if w.flush() != nil {
			return w.final()
		}
	}
}

// watchedMatch reads the match of stream g and checks that the caller may
// read it, after making g depend on the match's league: a league made
// private after this check ends the stream.
func (s *Server) watchedMatch(c echo.Context, g *streamGate, id string) (*db.Match, error) {
	m, err := s.store.GetMatch(c.Request().Context(), id)
	if err != nil {
		return nil, err
	}
	if m.LeagueID != "" {
		s.streams.watchLeague(g, m.LeagueID)
		if _, err := s.readableLeague(c, m.LeagueID); err != nil {
			return nil, &db.NotFoundError{Kind: "match", ID: id}
		}
	}
	return m, nil
}

// logRange returns the log entries with from < seq <= to.
func (s *Server) logRange(ctx context.Context, matchID string, from, to int64) ([]db.Event, error) {
	log, err := s.store.Events(ctx, matchID)
	if err != nil {
		return nil, err
	}
	to = min(to, int64(len(log)))
	if from >= to {
		return nil, nil
	}
	return log[from:to], nil
}

// snapshotJSON is a stream's "snapshot" message: the whole match.
func (s *Server) snapshotJSON(m *db.Match, lang string) []byte {
	return mustJSON(struct {
		Match MatchResponse `json:"match"`
	}{s.matchResponse(m, lang)})
}

func (s *Server) missedJSON(e db.Event, lang string) []byte {
	return mustJSON(map[string]any{"event": s.eventResponse(e, lang)})
}

// lastEventID reads where a reconnecting client stopped: the Last-Event-ID
// header (sent by EventSource on reconnection) or else ?last_event_id=.
func lastEventID(c echo.Context) (int64, bool, error) {
	field, v := "Last-Event-ID", strings.TrimSpace(c.Request().Header.Get("Last-Event-ID"))
	if v == "" {
		field, v = "last_event_id", strings.TrimSpace(c.QueryParam("last_event_id"))
	}
	if v == "" {
		return 0, false, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 {
		return 0, false, rules.Invalid(field, "must be a match version (a whole number from 0), as sent in the stream's id")
	}
	return n, true, nil
}

// leagueStream serves a league's standings as they change.
func (s *Server) leagueStream(c echo.Context) error {
	id := c.Param("id")
	ctx := c.Request().Context()
	g, err := s.streams.open(c)
	if err != nil {
		return err
	}
	defer s.streams.close(g)
	s.streams.watchLeague(g, id)
	l, err := s.readableLeague(c, id)
	if err != nil {
		return err
	}
	sub := s.hub.subscribeLeague(id)
	defer s.hub.unsubscribeLeague(id, sub)
	data, err := s.standingsJSON(ctx, l)
	if err != nil {
		return err
	}
	w := s.openStream(c, g)
	defer w.close()
	w.event("standings", -1, data)
	if w.flush() != nil {
		return w.final()
	}
	beat := time.NewTicker(s.hub.heartbeat)
	defer beat.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-s.hub.done:
			return nil
		case <-g.ended:
			return w.final()
		case <-beat.C:
			w.comment("ping")
		case <-sub.ch:
			data, err := s.standingsJSON(ctx, l)
			if err != nil {
				return nil
			}
			w.event("standings", -1, data)
		}
		if w.flush() != nil {
			return w.final()
		}
	}
}

func (s *Server) standingsJSON(ctx context.Context, l *db.League) ([]byte, error) {
	var out StandingsResponse
	err := s.leagues.with(ctx, l.ID, func(e *leagueEntry) error {
		out = StandingsResponse{LeagueID: l.ID, Game: l.Game, Standings: e.league.Standings(e.names)}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return mustJSON(out), nil
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		return []byte(`{}`)
	}
	return b
}

// sseWriter writes one event stream. Writes are buffered until flush, which
// sends them under a fresh write deadline, so a client that stops reading
// is cut off instead of holding its goroutine forever.
type sseWriter struct {
	c       echo.Context
	gate    *streamGate
	rc      *http.ResponseController
	timeout time.Duration
	buf     bytes.Buffer

	mu     sync.Mutex
	done   bool
	ended  chan struct{}
	failed bool
}

// openStream commits the response as stream g.
func (s *Server) openStream(c echo.Context, g *streamGate) *sseWriter {
	srv, _ := c.Request().Context().Value(http.ServerContextKey).(*http.Server)
	s.hub.onShutdown(srv)
	h := c.Response().Header()
	h.Set(echo.HeaderContentType, "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-cache, no-transform")
	h.Set("X-Accel-Buffering", "no") // tell reverse proxies not to buffer
	w := &sseWriter{c: c, gate: g, rc: http.NewResponseController(c.Response()), timeout: s.hub.writeTimeout, ended: make(chan struct{})}
	g.mu.Lock()
	g.rc = w.rc
	g.mu.Unlock()
	c.Response().WriteHeader(http.StatusOK)
	w.buf.WriteString("retry: " + strconv.FormatInt(s.hub.retry.Milliseconds(), 10) + "\n\n")
	return w
}

// event queues one event; id < 0 sends none.
func (w *sseWriter) event(name string, id int64, data []byte) {
	w.buf.WriteString("event: " + name + "\n")
	if id >= 0 {
		w.buf.WriteString("id: " + strconv.FormatInt(id, 10) + "\n")
	}
	for line := range bytes.SplitSeq(data, []byte("\n")) {
		w.buf.WriteString("data: ")
		w.buf.Write(line)
		w.buf.WriteByte('\n')
	}
	w.buf.WriteByte('\n')
}

func (w *sseWriter) comment(text string) { w.buf.WriteString(": " + text + "\n\n") }

// flush sends what is queued, unless the stream's access has ended.
func (w *sseWriter) flush() error {
	if w.buf.Len() == 0 {
		return nil
	}
	w.gate.wmu.Lock()
	defer w.gate.wmu.Unlock()
	if w.gate.cut {
		w.buf.Reset()
		return errAccessEnded
	}
	return w.send()
}

// final ends a stream whose access is gone with `event: revoked`, the
// problem that says why (nothing else that was queued), and returns nil for
// the handler to return. A stream that failed for another reason just ends.
func (w *sseWriter) final() error {
	why := w.gate.reason()
	w.buf.Reset()
	if why == nil {
		return nil
	}
	w.event("revoked", -1, mustJSON(why))
	w.gate.wmu.Lock()
	defer w.gate.wmu.Unlock()
	_ = w.send()
	return nil
}

// send writes what is queued under a fresh deadline; the caller holds the
// gate's write lock.
func (w *sseWriter) send() error {
	w.mu.Lock()
	if w.failed {
		w.mu.Unlock()
		return http.ErrAbortHandler
	}
	_ = w.rc.SetWriteDeadline(time.Now().Add(w.timeout))
	w.mu.Unlock()
	_, err := w.c.Response().Write(w.buf.Bytes())
	w.buf.Reset()
	if err == nil {
		err = w.rc.Flush()
	}
	return err
}

// abort cuts off a client the hub dropped, even in the middle of a write
// that it is not taking.
func (w *sseWriter) abort() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.done {
		w.failed = true
		_ = w.rc.SetWriteDeadline(time.Now())
	}
}

func (w *sseWriter) close() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.done {
		w.done = true
		close(w.ended)
	}
}

// isStream tells the request-timeout middleware to leave streams alone.
func isStream(c echo.Context) bool {
	p := c.Request().URL.Path
	return c.Request().Method == http.MethodGet && strings.HasPrefix(p, "/v1/") && strings.HasSuffix(p, "/stream")
}
