package api

import (
	"encoding/json"
	"time"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
)

// CreatePlayerRequest is the body of POST /v1/players.
type CreatePlayerRequest struct {
	Name string `json:"name" validate:"required,max=100,displayname" example:"سارا"`
}

// PlayerResponse is a player.
type PlayerResponse struct {
	ID        string `json:"id" example:"pl_3kq9w2m1x8c4v7b5n6z0"`
	Name      string `json:"name" example:"سارا"`
	CreatedAt string `json:"created_at" example:"2026-11-21T18:30:00Z"`
}

// LeagueOptions are a league's settings.
type LeagueOptions struct {
	// PointsScheme: "placement" (points by place) or "wins".
	PointsScheme string `json:"points_scheme,omitempty" validate:"omitempty,oneof=placement wins" example:"placement"`
}

// CreateLeagueRequest is the body of POST /v1/leagues.
type CreateLeagueRequest struct {
	Name    string         `json:"name" validate:"required,max=100,displayname" example:"Café Ferdowsi Wizard league"`
	Game    string         `json:"game" validate:"required,max=32" example:"wizard"`
	Options *LeagueOptions `json:"options,omitempty"`
	// Visibility: "public" (default: anyone reads standings and matches)
	// or "private" (only tokens of the league, and admins).
	Visibility string `json:"visibility,omitempty" validate:"omitempty,oneof=public private" example:"public"`
}

// UpdateLeagueRequest is the body of PATCH /v1/leagues/{id}.
type UpdateLeagueRequest struct {
	Name       string `json:"name,omitempty" validate:"omitempty,max=100,displayname"`
	Visibility string `json:"visibility,omitempty" validate:"omitempty,oneof=public private"`
}

// LeagueResponse is a league.
type LeagueResponse struct {
	ID         string        `json:"id" example:"lg_3kq9w2m1x8c4v7b5n6z0"`
	Name       string        `json:"name"`
	Game       string        `json:"game" example:"wizard"`
	Options    LeagueOptions `json:"options"`
	Visibility string        `json:"visibility" enums:"public,private"`
	CreatedAt  string        `json:"created_at"`
}

// CreateMatchRequest is the body of POST /v1/matches.
type CreateMatchRequest struct {
	Game     string          `json:"game" validate:"required,max=32" example:"wizard"`
	Players  []string        `json:"players" validate:"required,min=1,max=12,unique,dive,required,max=64"`
	LeagueID string          `json:"league_id,omitempty" validate:"max=64"`
	Options  json.RawMessage `json:"options,omitempty" swaggertype:"object"`
}

// SeatResponse is a seated player.
type SeatResponse struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Seat int    `json:"seat" example:"0"`
}

// MatchResponse is a match at its current version.
type MatchResponse struct {
	ID       string          `json:"id" example:"m_3kq9w2m1x8c4v7b5n6z0"`
	Game     string          `json:"game" example:"wizard"`
	LeagueID *string         `json:"league_id"`
	Status   string          `json:"status" enums:"in_progress,finished"`
	Players  []SeatResponse  `json:"players"`
	Options  json.RawMessage `json:"options" swaggertype:"object"`
	Version  int64           `json:"version" example:"7"`
	Next     string          `json:"next" example:"Bids are due from Sara."`
	// State is where the game stands now (shape per game); the score sheet
	// is not repeated in it: it is Scores.Rounds.
	State     json.RawMessage `json:"state" swaggertype:"object"`
	Scores    ScoresResponse  `json:"scores"`
	Result    *rules.Result   `json:"result"`
	CreatedAt string          `json:"created_at"`
	UpdatedAt string          `json:"updated_at"`
}

// ScoresResponse is the score sheet.
type ScoresResponse struct {
	Totals map[string]int  `json:"totals"`
	Rounds json.RawMessage `json:"rounds" swaggertype:"array,object"`
}

// AppendEventRequest is the body of POST /v1/matches/{id}/events.
type AppendEventRequest struct {
	Type string          `json:"type" validate:"required,max=64" example:"bid"`
	Data json.RawMessage `json:"data,omitempty" swaggertype:"object"`
}

// NoteResponse is a ruling that flags, but did not reject, an event.
type NoteResponse struct {
	Rule    string `json:"rule"`
	Title   string `json:"title"`
	Message string `json:"message"`
	Section string `json:"section,omitempty"`
}

// EventResponse is one entry of a match's log.
type EventResponse struct {
	Seq       int64           `json:"seq" example:"3"`
	Type      string          `json:"type" example:"bid"`
	Data      json.RawMessage `json:"data" swaggertype:"object"`
	Notes     []NoteResponse  `json:"notes"`
	Voided    bool            `json:"voided"`
	Voids     *int64          `json:"voids,omitempty"`
	CreatedAt string          `json:"created_at"`
}

// AppendedResponse answers an append, an undo or a correction sent with
// "Prefer: return=representation": the event and the whole match.
type AppendedResponse struct {
	Event EventResponse `json:"event"`
	Match MatchResponse `json:"match"`
}

// AppendedCompactResponse is the default answer to an append, an undo or a
// correction: the event and the match without its score sheet.
type AppendedCompactResponse struct {
	Event EventResponse `json:"event"`
	Match MatchCompact  `json:"match"`
}

// MatchCompact is the match after a change without its players, options
// and score sheet: a size that does not depend on how long the match is.
type MatchCompact struct {
	ID        string          `json:"id"`
	Game      string          `json:"game"`
	LeagueID  *string         `json:"league_id"`
	Status    string          `json:"status" enums:"in_progress,finished"`
	Version   int64           `json:"version"`
	Next      string          `json:"next"`
	State     json.RawMessage `json:"state" swaggertype:"object"`
	Totals    map[string]int  `json:"totals"`
	Result    *rules.Result   `json:"result"`
	UpdatedAt string          `json:"updated_at"`
}

// EventsResponse is a match's log.
type EventsResponse struct {
	MatchID string          `json:"match_id"`
	Version int64           `json:"version"`
	Events  []EventResponse `json:"events"`
}

func timeString(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

func playerResponse(p *db.Player) PlayerResponse {
	return PlayerResponse{ID: p.ID, Name: p.Name, CreatedAt: timeString(p.CreatedAt)}
}

func leagueResponse(l *db.League) LeagueResponse {
	var o LeagueOptions
	_ = json.Unmarshal(l.Options, &o)
	if o.PointsScheme == "" {
		o.PointsScheme = "placement"
	}
	return LeagueResponse{ID: l.ID, Name: l.Name, Game: l.Game, Options: o, Visibility: l.Visibility, CreatedAt: timeString(l.CreatedAt)}
}

// matchResponse is the match body as a value, for pages that render it.
// The state and score rows come from the encode cache; a state that cannot
// be encoded is a bug in a game, reported as null rather than failing the
// request that recorded a valid event.
func (s *Server) matchResponse(m *db.Match, lang string) MatchResponse {
	state, rounds := json.RawMessage("null"), json.RawMessage("[]")
	if e, err := s.encoded.get(m); err != nil {
		s.log.Error("encode match", "match", m.ID, "err", err)
	} else {
		state, rounds = e.state, e.appendRounds(nil)
	}
	r := MatchResponse{
		ID: m.ID, Game: m.Game, Status: m.Status, Options: m.Options, Version: m.Version,
		State: state, Result: m.State.Result(), Next: m.State.Next().In(lang),
		CreatedAt: timeString(m.CreatedAt), UpdatedAt: timeString(m.UpdatedAt),
	}
	if m.LeagueID != "" {
		id := m.LeagueID
		r.LeagueID = &id
	}
	r.Players = seatResponses(m)
	r.Scores = ScoresResponse{Totals: m.State.Scores().Totals, Rounds: rounds}
	return r
}

// seatResponses are m's seated players as the match body lists them.
func seatResponses(m *db.Match) []SeatResponse {
	out := make([]SeatResponse, 0, len(m.Seats))
	for _, s := range m.Seats {
		out = append(out, SeatResponse{ID: s.PlayerID, Name: s.Name, Seat: s.Seat})
	}
	return out
}

// appendMatch appends the JSON of MatchResponse for m in lang to b, from
// the encode cache.
func (s *Server) appendMatch(b []byte, m *db.Match, lang string) []byte {
	e, err := s.encoded.get(m)
	if err != nil { // matchResponse logs it and answers a null state
		j, _ := json.Marshal(s.matchResponse(m, lang))
		return append(b, j...)
	}
	return e.appendBody(b, lang)
}

func (s *Server) eventResponse(e db.Event, lang string) EventResponse {
	r := EventResponse{Seq: e.Seq, Type: e.Type, Data: e.Data, Voided: e.Voided, CreatedAt: timeString(e.CreatedAt), Notes: []NoteResponse{}}
	if e.Type == rules.UndoType {
		v := e.Voids
		r.Voids = &v
	}
	for _, n := range e.Notes {
		v := s.violation(n, lang)
		r.Notes = append(r.Notes, NoteResponse(v))
	}
	return r
}
