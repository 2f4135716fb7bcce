package api

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
)

// LeaguesPage is a page of leagues.
type LeaguesPage struct {
	Items      []LeagueResponse `json:"items"`
	NextCursor *string          `json:"next_cursor"`
}

// PlayersPage is a page of players.
type PlayersPage struct {
	Items      []PlayerResponse `json:"items"`
	NextCursor *string          `json:"next_cursor"`
}

// MatchesPage is a page of match summaries.
type MatchesPage struct {
	Items      []MatchListItem `json:"items"`
	NextCursor *string         `json:"next_cursor"`
}

// MatchListItem is a match as lists show it: who plays, the totals and
// where it stands, without its state or score sheet.
type MatchListItem struct {
	ID       string         `json:"id"`
	Game     string         `json:"game"`
	LeagueID *string        `json:"league_id"`
	Status   string         `json:"status"`
	Players  []SeatResponse `json:"players"`
	Totals   map[string]int `json:"totals"`
	Version  int64          `json:"version"`
	// Unreplayable flags a match whose stored log no longer replays: its
	// totals are unknown.
	Unreplayable bool `json:"unreplayable,omitempty"`
	// Correcting flags a match that had finished and was reopened by an
	// undo or a correction: out of the standings until it finishes again.
	Correcting bool `json:"correcting,omitempty"`
	MatchTimes
}

// MatchTimes are a match's labels and times, in its body and its summary.
type MatchTimes struct {
	Table    *string `json:"table"`
	Location *string `json:"location"`
	Notes    *string `json:"notes"`
	// PlayedAt is when the match was played, when it was entered afterwards.
	PlayedAt  *string `json:"played_at"`
	CreatedAt string  `json:"created_at"`
	// StartedAt is when its first event was recorded.
	StartedAt *string `json:"started_at"`
	// FinishedAt is when it finished (null while it is not finished).
	FinishedAt *string `json:"finished_at"`
	// DurationSeconds is from started_at to finished_at.
	DurationSeconds *int64 `json:"duration_seconds"`
	UpdatedAt       string `json:"updated_at"`
	// Source is the app the match was imported from ("bgstats"): a
	// results-only match, not refereed here; null for one recorded here.
	Source *string `json:"source"`
}

func matchTimes(meta db.MatchMeta, created time.Time, started, finished *time.Time, updated time.Time) MatchTimes {
	t := MatchTimes{Table: optional(meta.Table), Location: optional(meta.Location), Notes: optional(meta.Notes),
		PlayedAt: optionalTime(meta.PlayedAt), CreatedAt: timeString(created), StartedAt: optionalTime(started),
		FinishedAt: optionalTime(finished), UpdatedAt: timeString(updated)}
	if started != nil && finished != nil {
		d := int64(finished.Sub(*started) / time.Second)
		t.DurationSeconds = &d
	}
	if meta.Source != "" {
		t.Source = &meta.Source
		t.DurationSeconds = nil // imported at once: its own duration, when kept
		if meta.DurationMin > 0 {
			d := int64(meta.DurationMin) * 60
			t.DurationSeconds = &d
		}
	}
	return t
}

// matchTimesOf are m's labels and times as its body shows them.
func matchTimesOf(m *db.Match) MatchTimes {
	finished := m.FinishedAt
	if m.Status != db.StatusFinished {
		finished = nil
	}
	return matchTimes(m.Meta, m.CreatedAt, m.StartedAt, finished, m.UpdatedAt)
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func optionalTime(t *time.Time) *string {
	if t == nil {
		return nil
	}
	s := timeString(*t)
	return &s
}

// listLeagues lists the leagues the caller may read.
func (s *Server) listLeagues(c echo.Context) error {
	game := c.QueryParam("game")
	if game != "" {
		if _, err := s.game(game); err != nil {
			return rules.Invalid("game", "is not a game this server offers")
		}
	}
	archived := db.Unarchived
	switch c.QueryParam("archived") {
	case "", "false":
	case "true":
		archived = db.ArchivedOnly
	case "any":
		archived = db.AnyArchived
	default:
		return rules.Invalid("archived", "must be false, true or any")
	}
	p, err := pageOf(c, "leagues", game, archived)
	if err != nil {
		return err
	}
	ls, next, err := s.store.ListLeagues(c.Request().Context(), readerOf(c), game, archived, p)
	if err != nil {
		return err
	}
	out := LeaguesPage{Items: make([]LeagueResponse, 0, len(ls)), NextCursor: nextCursor(next, "leagues", game, archived)}
	for i := range ls {
		out.Items = append(out.Items, leagueResponse(&ls[i]))
	}
	return c.JSON(http.StatusOK, out)
}

// listPlayers lists and searches players.
func (s *Server) listPlayers(c echo.Context) error {
	q := c.QueryParam("q")
	if len(q) > 200 {
		return rules.Invalid("q", "must have at most 200 characters")
	}
	p, err := pageOf(c, "players", q)
	if err != nil {
		return err
	}
	ps, next, err := s.store.ListPlayers(c.Request().Context(), q, p)
	if err != nil {
		return err
	}
	out := PlayersPage{Items: make([]PlayerResponse, 0, len(ps)), NextCursor: nextCursor(next, "players", q)}
	for i := range ps {
		out.Items = append(out.Items, playerResponse(&ps[i]))
	}
	return c.JSON(http.StatusOK, out)
}

// listMatches lists the matches the caller may read.
func (s *Server) listMatches(c echo.Context) error {
	ctx := c.Request().Context()
	f := db.MatchFilter{LeagueID: c.QueryParam("league_id"), Status: c.QueryParam("status"), Game: c.QueryParam("game"), PlayerID: c.QueryParam("player_id")}
	switch f.Status {
	case "", db.StatusInProgress, db.StatusFinished, db.StatusAbandoned:
	default:
		return rules.Invalid("status", "must be in_progress, finished or abandoned")
	}
	if f.Game != "" {
		if _, err := s.game(f.Game); err != nil {
			return rules.Invalid("game", "is not a game this server offers")
		}
	}
	if f.LeagueID != "" {
		if _, err := s.readableLeague(c, f.LeagueID); err != nil {
			return err
		}
	}
	if f.PlayerID != "" {
		if _, err := s.store.GetPlayer(ctx, f.PlayerID); err != nil {
			return err
		}
	}
	from, to, err := dayRange(c.QueryParam("from"), c.QueryParam("to"))
	if err != nil {
		return err
	}
	f.From, f.To = from, to
	filters := []string{f.LeagueID, f.Status, f.Game, f.PlayerID, c.QueryParam("from"), c.QueryParam("to")}
	p, err := pageOf(c, "matches", filters...)
	if err != nil {
		return err
	}
	ms, next, err := s.store.ListMatches(ctx, readerOf(c), f, p)
	if err != nil {
		return err
	}
	out := MatchesPage{Items: make([]MatchListItem, 0, len(ms)), NextCursor: nextCursor(next, "matches", filters...)}
	for i := range ms {
		out.Items = append(out.Items, matchListItem(&ms[i]))
	}
	return c.JSON(http.StatusOK, out)
}

func matchListItem(m *db.MatchSummary) MatchListItem {
	it := MatchListItem{ID: m.ID, Game: m.Game, LeagueID: optional(m.LeagueID), Status: m.Status, Totals: m.Totals, Version: m.Version, Unreplayable: m.Unreplayable, Correcting: m.Correcting,
		Players:    make([]SeatResponse, 0, len(m.Seats)),
		MatchTimes: matchTimes(m.Meta, m.CreatedAt, m.StartedAt, m.FinishedAt, m.UpdatedAt)}
	for _, seat := range m.Seats {
		it.Players = append(it.Players, SeatResponse{ID: seat.PlayerID, Name: seat.Name, Seat: seat.Seat, Place: seat.Place})
	}
	if it.Totals == nil {
		it.Totals = map[string]int{}
	}
	return it
}
