package api

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
)

// updateMatch changes what is not play, or abandons or restores a match,
// as a match_updated record of its log; answered like an append.
func (s *Server) updateMatch(c echo.Context) error {
	var req UpdateMatchRequest
	body, err := bind(c, &req)
	if err != nil {
		return err
	}
	ch, err := req.change()
	if err != nil {
		return err
	}
	opt, err := appendOptions(c, body)
	if err != nil {
		return err
	}
	if _, err := requireToken(c); err != nil {
		return err
	}
	opt.Authorize = func(m *db.Match) error { return s.mayUpdateMatch(c, m) }
	res, err := s.store.UpdateMatch(c.Request().Context(), c.Param("id"), ch, opt)
	if err != nil {
		return err
	}
	return s.answerChange(c, res, http.StatusOK)
}

// change is the request as the store takes it.
func (r UpdateMatchRequest) change() (db.MatchChange, error) {
	ch := db.MatchChange{Table: r.Table, Location: r.Location, Notes: r.Notes, Status: r.Status}
	played, err := r.playedAt()
	if err != nil {
		return ch, err
	}
	ch.PlayedAt = played
	if ch == (db.MatchChange{}) {
		return ch, rules.Invalid("body", "must change at least one of table, location, notes, played_at, status")
	}
	return ch, nil
}

// playedAt parses played_at (RFC 3339), which may not be in the future.
func (l MatchLabels) playedAt() (*time.Time, error) {
	if l.PlayedAt == nil {
		return nil, nil
	}
	t, err := time.Parse(time.RFC3339Nano, *l.PlayedAt)
	if err != nil {
		return nil, rules.Invalid("played_at", "must be a time in RFC 3339, e.g. 2026-11-20T19:30:00Z")
	}
	if t.After(time.Now().Add(time.Hour)) {
		return nil, rules.Invalid("played_at", "must not be in the future")
	}
	t = t.UTC()
	return &t, nil
}

// meta is the labels as a new match stores them.
func (l MatchLabels) meta() (db.MatchMeta, error) {
	var m db.MatchMeta
	played, err := l.playedAt()
	if err != nil {
		return m, err
	}
	m.PlayedAt = played
	for _, f := range []struct {
		to   *string
		from *string
	}{{&m.Table, l.Table}, {&m.Location, l.Location}, {&m.Notes, l.Notes}} {
		if f.from != nil {
			*f.to = *f.from
		}
	}
	return m, nil
}

// mayUpdateMatch: whoever may record the match's events may change a match
// in progress (a scorer may abandon it too); a finished or abandoned
// match, and restoring one, are the league's owner's.
func (s *Server) mayUpdateMatch(c echo.Context, m *db.Match) error {
	if err := s.mayWriteMatch(c, m, false); err != nil {
		return err
	}
	// A scorer's match is in progress: abandoning it is all a status
	// change can do (restoring needs an abandoned match, which is the
	// owner's).
	if t := principal(c); t.Role == db.RoleScorer && m.LeagueID != "" && m.Status != db.StatusInProgress {
		return forbidden("Changing, abandoning or restoring a finished or abandoned match is for the league's owner.")
	}
	return nil
}
