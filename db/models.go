package db

import (
	"encoding/json"
	"time"

	"github.com/motamed/motamed/rules"
)

// Match statuses.
const (
	StatusInProgress = "in_progress"
	StatusFinished   = "finished"
)

// Player is a person who plays.
type Player struct {
	ID        string
	Name      string
	CreatedAt time.Time
	// CreatedBy is the token that created the player (empty when unknown).
	CreatedBy string
}

// League groups matches of one game.
type League struct {
	ID         string
	Name       string
	Game       string
	Options    json.RawMessage
	Visibility string // "public" (anyone reads it) or "private"
	CreatedAt  time.Time
	// ArchivedAt is when the league was archived; nil while it is not. An
	// archived league stays readable but takes no new match.
	ArchivedAt *time.Time
}

// League visibilities.
const (
	Public  = "public"
	Private = "private"
)

// Seat is a player's seat in a match (0-based, clockwise).
type Seat struct {
	PlayerID string
	Name     string
	Seat     int
	// Place is the player's place in a finished match's result, in a
	// list's summaries (0 when the match has no result).
	Place int
}

// Match is a match as of one version: its setup and its folded state. A
// *Match handed out by the store is never modified afterwards.
type Match struct {
	ID       string
	Game     string
	LeagueID string // empty when the match is in no league
	// CreatedBy is the token that started the match (empty when unknown).
	CreatedBy string
	Status    string
	Seats     []Seat
	Options   json.RawMessage // effective options, defaults filled in
	Version   int64
	// FinishSeq is the match's place in the order matches first finished
	// (0 while it never has).
	FinishSeq int64
	// Meta is what the match records that is not play.
	Meta MatchMeta
	// Abandoned is set while the match is abandoned (Status is then
	// StatusAbandoned); the state still says where play stood.
	Abandoned bool
	// StartedAt is when its first event was recorded, FinishedAt when it
	// first finished (nil until then; kept when a correction reopens it, as
	// its place in the finish order is).
	StartedAt  *time.Time
	FinishedAt *time.Time
	// Rewritten is set on the version a correction (a replacement or a
	// void) made: score rows before its last one may differ from the
	// version before's, unlike after an append or an undo (rules.Scores).
	Rewritten bool
	State     rules.State
	// size estimates the bytes State takes in memory (0 when unknown), for
	// the state cache's bound.
	size      int64
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Event is one entry of a match's log.
type Event struct {
	Seq   int64
	Type  string
	Data  json.RawMessage
	Notes []rules.Ruling
	// Voided: no longer in force (undone, voided, or replaced by a
	// correction); VoidedBy is the record that did it (0 when replaced),
	// ReplacedBy the replacement.
	Voided     bool
	VoidedBy   int64
	ReplacedBy int64
	// Voids is, for an undo or void record, the seq it voids; Replaces,
	// for a replacement, the seq it takes the place of; Restores, for a
	// redo, the seq it brings back.
	Voids    int64
	Replaces int64
	Restores int64
	// Corrects is what the record stores of the above: the seq a
	// replacement, a void or a redo names (0 for other records).
	Corrects int64
	// TokenID is the token that recorded it ("" when not known).
	TokenID   string
	CreatedAt time.Time
	// Revision is the revision of the game's rules the record was accepted
	// under (rules.FirstRevision for one stored before records kept it).
	Revision int
	// Grandfathered, for an event in force that today's rules refuse but
	// its own revision accepted, is today's refusal; nil otherwise. Set
	// only where the log was replayed to find it (see Store.Events).
	Grandfathered []rules.Ruling
	// earlier are the records of a batch of corrections written before
	// this one, its last, in the same transaction.
	earlier []Event
}

// NewMatch is what it takes to start a match.
type NewMatch struct {
	Meta      MatchMeta
	Game      string
	LeagueID  string
	CreatedBy string   // the token's ID
	Players   []string // player IDs in clockwise seat order
	Options   json.RawMessage
	// Events is the match's log, for CreateMatchWithLog.
	Events []rules.Event
}

// AppendOptions are the request's preconditions.
type AppendOptions struct {
	// IfMatch, when set, must equal the match's version.
	IfMatch *int64
	// IdempotencyKey, when set, makes a retry return the first answer.
	IdempotencyKey string
	// RequestHash identifies the request body the key was first used with.
	RequestHash string
	// TokenID is the token making the change, recorded with it.
	TokenID string
	// Authorize, when set, decides first whether the caller may make the
	// change, on the match as the change finds it under its lock: the
	// match row is read once, and no write slips between the check and the
	// change. Its error refuses the change.
	Authorize func(*Match) error
}

// Appended is the outcome of an append or an undo.
type Appended struct {
	Match *Match
	Event Event
	// Before is the match as the change found it (nil for a retry answered
	// from its Idempotency-Key).
	Before *Match
	// Replayed is true when an Idempotency-Key matched an earlier request:
	// Match and Event are the first answer's, and nothing was recorded.
	Replayed bool
	// ResultChanged is true when the event finished the match, reopened it
	// or changed its result; FirstFinish when it finished it for the first
	// time (so it is the newest in the finish order).
	ResultChanged bool
	FirstFinish   bool
}

// FinishedMatch is a finished match's outcome, as leagues and statistics
// read it.
type FinishedMatch struct {
	MatchID    string
	Game       string
	LeagueID   string
	FinishSeq  int64
	FinishedAt time.Time
	// PlayedAt is when it was played, for a match entered afterwards.
	PlayedAt *time.Time
	Result   rules.Result
	Scores   map[string]int // final totals, by player ID
}
