package api

import (
	"encoding/json"
	"time"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
)

// CreatePlayerRequest is the body of POST /v1/players.
type CreatePlayerRequest struct {
	Name string `json:"name" validate:"required,max=100,displayname"`
	// AllowDuplicate creates the player even when another player's name
	// folds to the same text (else that is a 409 naming them).
	AllowDuplicate bool `json:"allow_duplicate,omitempty"`
}

// RenamePlayerRequest is the body of PATCH /v1/players/{id}.
type RenamePlayerRequest struct {
	Name           string `json:"name" validate:"required,max=100,displayname"`
	AllowDuplicate bool   `json:"allow_duplicate,omitempty"`
}

// MergePlayerRequest is the body of POST /v1/players/{id}/merge.
type MergePlayerRequest struct {
	// Into is the player the record joins.
	Into string `json:"into" validate:"required,max=64"`
}

// MergedPlayerResponse answers a merge: the player everything went into.
type MergedPlayerResponse struct {
	Merged string         `json:"merged"`
	Into   PlayerResponse `json:"into"`
	// Matches are the matches whose seats moved.
	Matches []string `json:"matches"`
}

// PlayerResponse is a player.
type PlayerResponse struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	CreatedAt string `json:"created_at"`
}

// LeagueOptions are a league's settings.
type LeagueOptions struct {
	// PointsScheme: "placement" (points by place) or "wins".
	PointsScheme string `json:"points_scheme,omitempty" validate:"omitempty,oneof=placement wins"`
}

// CreateLeagueRequest is the body of POST /v1/leagues.
type CreateLeagueRequest struct {
	Name    string         `json:"name" validate:"required,max=100,displayname"`
	Game    string         `json:"game" validate:"required,max=32"`
	Options *LeagueOptions `json:"options,omitempty"`
	// Visibility: "public" (default: anyone reads standings and matches)
	// or "private" (only tokens of the league, and admins).
	Visibility string `json:"visibility,omitempty" validate:"omitempty,oneof=public private"`
}

// UpdateLeagueRequest is the body of PATCH /v1/leagues/{id}.
type UpdateLeagueRequest struct {
	Name       string `json:"name,omitempty" validate:"omitempty,max=100,displayname"`
	Visibility string `json:"visibility,omitempty" validate:"omitempty,oneof=public private"`
	// Archived: true archives the league (it stays readable but takes no
	// new match), false puts it back in use.
	Archived *bool `json:"archived,omitempty"`
}

// LeagueResponse is a league.
type LeagueResponse struct {
	ID         string        `json:"id"`
	Name       string        `json:"name"`
	Game       string        `json:"game"`
	Options    LeagueOptions `json:"options"`
	Visibility string        `json:"visibility"`
	CreatedAt  string        `json:"created_at"`
	// Archived: the league takes no new match; ArchivedAt is since when.
	Archived   bool    `json:"archived"`
	ArchivedAt *string `json:"archived_at,omitempty"`
}

// CreateMatchRequest is the body of POST /v1/matches.
type CreateMatchRequest struct {
	Game     string          `json:"game" validate:"required,max=32"`
	Players  []string        `json:"players" validate:"required,min=1,max=12,unique,dive,required,max=64"`
	LeagueID string          `json:"league_id,omitempty" validate:"max=64"`
	Options  json.RawMessage `json:"options,omitempty"`
	// Events is the match's log, played before it reached the server (a
	// phone with no network): checked event by event as appending them
	// would check them, and stored with the match, all or nothing.
	Events []AppendEventRequest `json:"events,omitempty" validate:"omitempty,max=5000,dive"`
	MatchLabels
}

// MatchLabels are what a match records that is not play, as a request
// gives them (each optional).
type MatchLabels struct {
	// Table labels the table ("Table 3").
	Table    *string `json:"table,omitempty" validate:"omitempty,max=100"`
	Location *string `json:"location,omitempty" validate:"omitempty,max=200"`
	Notes    *string `json:"notes,omitempty" validate:"omitempty,max=2000"`
	// PlayedAt (RFC 3339) enters a match played earlier.
	PlayedAt *string `json:"played_at,omitempty" validate:"omitempty,max=64"`
}

// UpdateMatchRequest is the body of PATCH /v1/matches/{id}.
type UpdateMatchRequest struct {
	MatchLabels
	// Status "abandoned" abandons the match; the status it had before
	// restores an abandoned one.
	Status string `json:"status,omitempty" validate:"omitempty,oneof=in_progress finished abandoned"`
}

// SeatResponse is a seated player.
type SeatResponse struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Seat int    `json:"seat"`
	// Place is the player's place in a finished match, in lists only.
	Place int `json:"place,omitempty"`
}

// MatchResponse is a match at its current version.
type MatchResponse struct {
	ID       string          `json:"id"`
	Game     string          `json:"game"`
	LeagueID *string         `json:"league_id"`
	Status   string          `json:"status"`
	Players  []SeatResponse  `json:"players"`
	Options  json.RawMessage `json:"options"`
	Version  int64           `json:"version"`
	Next     string          `json:"next"`
	// State is where the game stands now (shape per game); the score sheet
	// is not repeated in it: it is Scores.Rounds.
	State  any            `json:"state" swaggertype:"object"`
	Scores ScoresResponse `json:"scores"`
	Result *rules.Result  `json:"result"`
	MatchTimes
	// View is what the match's screens show, as the game describes it.
	View *rules.View `json:"view,omitempty"`
}

// ScoresResponse is the score sheet.
type ScoresResponse struct {
	Totals map[string]int `json:"totals"`
	// Rounds is the game's own rows, oldest first.
	Rounds any `json:"rounds" swaggertype:"array,object"`
}

// AppendEventRequest is the body of POST /v1/matches/{id}/events.
type AppendEventRequest struct {
	Type string          `json:"type" validate:"required,max=64"`
	Data json.RawMessage `json:"data,omitempty"`
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
	Seq   int64           `json:"seq"`
	Type  string          `json:"type"`
	Data  json.RawMessage `json:"data"`
	Notes []NoteResponse  `json:"notes"`
	// Voided: no longer in force (undone, voided or replaced).
	Voided bool   `json:"voided"`
	Voids  *int64 `json:"voids,omitempty"`
	// VoidedBy is the undo or void record that voided it.
	VoidedBy *int64 `json:"voided_by,omitempty"`
	// ReplacedBy is the correction that replaced it.
	ReplacedBy *int64 `json:"replaced_by,omitempty"`
	// Replaces is, for a correction, the event whose place it took.
	Replaces *int64 `json:"replaces,omitempty"`
	// Restores is, for a redo, the event it brought back.
	Restores *int64 `json:"restores,omitempty"`
	// TokenID is the token that recorded it.
	TokenID   string `json:"token_id,omitempty"`
	CreatedAt string `json:"created_at"`
	// Grandfathered marks, in a match's event list, an event in force that
	// today's rules refuse but the rules it was accepted under allowed.
	Grandfathered *GrandfatheredResponse `json:"grandfathered,omitempty"`
}

// GrandfatheredResponse is why an event stands only by grandfathering: the
// revision of the game's rules it was accepted under, and today's refusal.
type GrandfatheredResponse struct {
	Revision int            `json:"revision"`
	Rulings  []NoteResponse `json:"rulings"`
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
	Event  EventResponse `json:"event"`
	Match  MatchCompact  `json:"match"`
	Rounds ChangedRounds `json:"rounds"`
}

// ChangedRounds are the score sheet's rows a change touched: they replace
// the rows from index From on.
type ChangedRounds struct {
	From int `json:"from"`
	Rows any `json:"rows" swaggertype:"array,object"`
}

// MatchCompact is the match after a change without its players, options
// and score sheet: a size that does not depend on how long the match is.
type MatchCompact struct {
	ID        string         `json:"id"`
	Game      string         `json:"game"`
	LeagueID  *string        `json:"league_id"`
	Status    string         `json:"status"`
	Version   int64          `json:"version"`
	Next      string         `json:"next"`
	State     any            `json:"state" swaggertype:"object"`
	Totals    map[string]int `json:"totals"`
	Result    *rules.Result  `json:"result"`
	UpdatedAt string         `json:"updated_at"`
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
	r := LeagueResponse{ID: l.ID, Name: l.Name, Game: l.Game, Options: o, Visibility: l.Visibility, CreatedAt: timeString(l.CreatedAt)}
	if l.ArchivedAt != nil {
		at := timeString(*l.ArchivedAt)
		r.Archived, r.ArchivedAt = true, &at
	}
	return r
}

func (s *Server) eventResponse(e db.Event, lang string) EventResponse {
	r := EventResponse{Seq: e.Seq, Type: e.Type, Data: e.Data, Voided: e.Voided, TokenID: e.TokenID, CreatedAt: timeString(e.CreatedAt), Notes: []NoteResponse{}}
	if e.Type == rules.UndoType || e.Type == db.VoidType {
		v := e.Voids
		r.Voids = &v
	}
	r.VoidedBy, r.ReplacedBy, r.Replaces, r.Restores = seqRef(e.VoidedBy), seqRef(e.ReplacedBy), seqRef(e.Replaces), seqRef(e.Restores)
	for _, n := range e.Notes {
		v := s.violation(n, lang)
		r.Notes = append(r.Notes, NoteResponse(v))
	}
	if e.Grandfathered != nil {
		r.Grandfathered = &GrandfatheredResponse{Revision: e.Revision, Rulings: make([]NoteResponse, 0, len(e.Grandfathered))}
		for _, n := range e.Grandfathered {
			r.Grandfathered.Rulings = append(r.Grandfathered.Rulings, NoteResponse(s.violation(n, lang)))
		}
	}
	return r
}

// seqRef is a seq an event names, or nil for none (0).
func seqRef(seq int64) *int64 {
	if seq == 0 {
		return nil
	}
	return &seq
}
