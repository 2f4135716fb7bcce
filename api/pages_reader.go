package api

import (
	"context"
	"encoding/json"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/scoring"
)

// What the pages (package web) read, in the caller's rights.

// ReadMatch is the match's body as GET /v1/matches/{id} answers it in lang,
// and its log.
func (s *Server) ReadMatch(c echo.Context, id, lang string) (json.RawMessage, []db.Event, error) {
	m, err := s.readableMatch(c, id)
	if err != nil {
		return nil, nil, err
	}
	log, err := s.store.Events(c.Request().Context(), m.ID)
	if err != nil {
		return nil, nil, err
	}
	mr := s.matchResponse(m, lang)
	if lang == "fa" {
		mr.Next = faProse(mr.Next)
	}
	b, err := json.Marshal(mr)
	return b, log, err
}

// ReadLeague is the league, when the caller may read it.
func (s *Server) ReadLeague(c echo.Context, id string) (*db.League, error) {
	return s.readableLeague(c, id)
}

// Standings is a league's table and each player's rating history.
func (s *Server) Standings(ctx context.Context, leagueID string) (scoring.Standings, map[string][]scoring.HistoryPoint, error) {
	var st scoring.Standings
	hist := map[string][]scoring.HistoryPoint{}
	err := s.leagues.with(ctx, leagueID, func(e *leagueEntry) error {
		st = e.league.Standings(e.names)
		for pid := range e.names {
			if h := e.league.History(pid); len(h) > 0 {
				hist[pid] = h
			}
		}
		return nil
	})
	return st, hist, err
}

// RuleEntry is a rule of any game by its ID.
func (s *Server) RuleEntry(id string) (rules.RuleEntry, bool) {
	e, ok := s.rules.byID[id]
	return e.entry, ok
}
