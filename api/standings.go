package api

import (
	"context"
	"encoding/csv"
	"net/http"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/scoring"
)

// leagueBook keeps each league's standings materialized in memory: built
// from the database on first use, then updated incrementally as matches
// finish. A correction (a finished match reopened or re-scored) or a finish
// out of order marks the league stale, and the next read rebuilds it from
// scratch — the same computation, tested to agree.
type leagueBook struct {
	store results
	mu    sync.Mutex
	books map[string]*leagueEntry
	// following, when set, reports whether the other instances' changes
	// reach this one as notices (markStale): the stamp is then not read.
	following func() bool
}

type leagueEntry struct {
	mu      sync.Mutex
	league  *scoring.League
	names   map[string]string
	lastSeq int64 // the finish_seq of the newest match counted
	// lastPlayed is the latest played_at of the matches counted: a match
	// finishing now goes last only when none was played later.
	lastPlayed time.Time
	stale      bool
	// stamp is the store's LeagueStamp the standings were built for: when
	// other instances share the database (PostgreSQL), a different stamp
	// means they changed the league's results, and the standings are
	// rebuilt before they are served.
	stamp string
}

// results is what the standings read from the store.
type results interface {
	GetLeague(ctx context.Context, id string) (*db.League, error)
	LeagueResults(ctx context.Context, leagueID string) ([]db.FinishedMatch, map[string]string, error)
	// LeagueStamp changes whenever a league's results change, on a database
	// other instances write too; "" where this process is the only writer.
	LeagueStamp(ctx context.Context, leagueID string) (string, error)
}

func newLeagueBook(store results) *leagueBook {
	return &leagueBook{store: store, books: map[string]*leagueEntry{}}
}

func (b *leagueBook) entry(id string) *leagueEntry {
	b.mu.Lock()
	defer b.mu.Unlock()
	e, ok := b.books[id]
	if !ok {
		e = &leagueEntry{stale: true}
		b.books[id] = e
	}
	return e
}

// schemeOf reads a league's points scheme from its stored options.
func schemeOf(l *db.League) (scoring.Scheme, error) {
	return scoring.ParseScheme(leagueResponse(l).Options.PointsScheme)
}

// with runs fn on the league's up-to-date materialized standings.
func (b *leagueBook) with(ctx context.Context, leagueID string, fn func(e *leagueEntry) error) error {
	e := b.entry(leagueID)
	e.mu.Lock()
	defer e.mu.Unlock()
	stamp := e.stamp
	if b.following == nil || !b.following() {
		var err error
		if stamp, err = b.store.LeagueStamp(ctx, leagueID); err != nil {
			return err
		}
	}
	if e.stale || e.league == nil || stamp != e.stamp {
		// The stamp is read before the results, so a change landing in
		// between makes the next read rebuild again rather than be missed.
		if err := b.rebuild(ctx, leagueID, e); err != nil {
			return err
		}
		e.stamp = stamp
	}
	return fn(e)
}

func (b *leagueBook) rebuild(ctx context.Context, leagueID string, e *leagueEntry) error {
	l, err := b.store.GetLeague(ctx, leagueID)
	if err != nil {
		return err
	}
	scheme, err := schemeOf(l)
	if err != nil {
		return err
	}
	results, names, err := b.store.LeagueResults(ctx, leagueID)
	if err != nil {
		return err
	}
	league, err := scoring.NewLeague(scoring.Config{Scheme: scheme})
	if err != nil {
		return err
	}
	var last int64
	var played time.Time
	for _, f := range results {
		if f.PlayedAt != nil && f.PlayedAt.After(played) {
			played = *f.PlayedAt
		}
		if err := league.Add(matchResult(f)); err != nil {
			return err
		}
		last = f.FinishSeq
	}
	e.league, e.names, e.lastSeq, e.lastPlayed, e.stale = league, names, last, played, false
	return nil
}

func matchResult(f db.FinishedMatch) scoring.MatchResult {
	return scoring.FromResult(f.MatchID, f.Game, f.Result, f.Scores)
}

// markStale makes the league's standings be built again on the next read.
func (b *leagueBook) markStale(leagueID string) {
	e := b.entry(leagueID)
	e.mu.Lock()
	defer e.mu.Unlock()
	e.stale = true
}

// markAllStale is markStale for every league known.
func (b *leagueBook) markAllStale() {
	b.mu.Lock()
	ids := make([]string, 0, len(b.books))
	for id := range b.books {
		ids = append(ids, id)
	}
	b.mu.Unlock()
	for _, id := range ids {
		b.markStale(id)
	}
}

// onAppended updates a league after one of its matches changed result.
// It returns true when the league's standings changed.
func (b *leagueBook) onAppended(res *db.Appended) bool {
	m := res.Match
	if m.LeagueID == "" || !res.ResultChanged || res.Replayed {
		return false
	}
	e := b.entry(m.LeagueID)
	e.mu.Lock()
	defer e.mu.Unlock()
	r := m.State.Result()
	// On a database other instances share (a non-empty stamp, or notices
	// from them), their finishes interleave with ours: rebuild on the next
	// read instead. A match entered with played_at takes its place by that
	// time, which may be before matches already counted: rebuild too.
	late := m.Meta.PlayedAt != nil || m.FinishedAt == nil || !m.FinishedAt.After(e.lastPlayed)
	if e.league == nil || e.stale || e.stamp != "" || b.following != nil || !res.FirstFinish || r == nil || m.FinishSeq <= e.lastSeq || late {
		// A correction, or finishes committed in another order than they
		// reach us: rebuild from the database on the next read.
		e.stale = true
		return true
	}
	if err := e.league.Add(scoring.FromResult(m.ID, m.Game, *r, m.State.Scores().Totals)); err != nil {
		e.stale = true
		return true
	}
	for _, seat := range m.Seats {
		e.names[seat.PlayerID] = seat.Name
	}
	e.lastSeq = m.FinishSeq
	return true
}

// StandingsResponse is a league table.
type StandingsResponse struct {
	LeagueID string `json:"league_id"`
	Game     string `json:"game"`
	scoring.Standings
}

// standings returns a league's standings.
func (s *Server) standings(c echo.Context) error {
	format := c.QueryParam("format")
	if format != "" && format != "json" && format != "csv" {
		return rules.Invalid("format", "must be json or csv")
	}
	id := c.Param("id")
	l, err := s.readableLeague(c, id)
	if err != nil {
		return err
	}
	var st scoring.Standings
	err = s.leagues.with(c.Request().Context(), id, func(e *leagueEntry) error {
		st = e.league.Standings(e.names)
		return nil
	})
	if err != nil {
		return err
	}
	if format == "csv" {
		c.Response().Header().Set(echo.HeaderContentType, "text/csv; charset=utf-8")
		c.Response().Header().Set("Content-Disposition", `attachment; filename="standings-`+id+`.csv"`)
		c.Response().WriteHeader(http.StatusOK)
		w := csv.NewWriter(c.Response())
		_ = w.WriteAll(st.Records())
		return w.Error()
	}
	return c.JSON(http.StatusOK, StandingsResponse{LeagueID: id, Game: l.Game, Standings: st})
}

// RatingsHistoryResponse is each player's state after each of their matches.
type RatingsHistoryResponse struct {
	LeagueID string                            `json:"league_id"`
	Players  map[string][]scoring.HistoryPoint `json:"players"`
}

// ratingsHistory returns the rating after each match.
func (s *Server) ratingsHistory(c echo.Context) error {
	id := c.Param("id")
	player := c.QueryParam("player")
	if _, err := s.readableLeague(c, id); err != nil {
		return err
	}
	out := RatingsHistoryResponse{LeagueID: id, Players: map[string][]scoring.HistoryPoint{}}
	err := s.leagues.with(c.Request().Context(), id, func(e *leagueEntry) error {
		if player != "" {
			if _, ok := e.names[player]; !ok {
				return &db.NotFoundError{Kind: "player in this league", ID: player}
			}
			out.Players[player] = nonNil(e.league.History(player))
			return nil
		}
		for pid := range e.names {
			if h := e.league.History(pid); len(h) > 0 {
				out.Players[pid] = h
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
