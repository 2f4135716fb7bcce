package rules

import (
	"encoding/json"
	"fmt"
)

// Game is one game's rules. Implementations are pure and safe for concurrent
// use: a Game holds no mutable state of its own.
type Game interface {
	// Info describes the game: ID, name, player range, options, events.
	Info() Info
	// Catalog lists every rule the game can cite, in the spec's order.
	Catalog() []RuleEntry
	// Setup validates options (a JSON object; empty means all defaults) for
	// the players in clockwise seat order and returns the initial state and
	// the effective options with every default filled in. Calling Setup
	// again with the returned options must give the same state: the store
	// keeps the effective options and replays from them.
	// Bad options give an *InputError (fields "options.<name>"); a player
	// count outside the range gives a *ViolationError citing the rule.
	Setup(players []Player, options json.RawMessage) (State, any, error)
	// Apply checks ev against s and returns the next state and any notes
	// (rulings that flag, but do not reject, the event). Apply never modifies
	// s, never panics, and returns *InputError for a malformed event,
	// *ViolationError for a rule violation, or an error wrapping ErrFinished
	// or ErrUnknownEvent.
	Apply(s State, ev Event) (State, []Ruling, error)
	// Referees lists the stateless questions the game answers
	// (POST /v1/referee/{game}/{question}).
	Referees() []Referee
}

// Player is a seated player. ID is opaque; Name is shown to people exactly as
// entered (messages may use it).
type Player struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Event is one thing that happened at the table, as recorded.
type Event struct {
	Type string          `json:"type"`
	Data json.RawMessage `json:"data,omitempty"`
	// Revision, for a stored event, is the revision of the game's rules it
	// was accepted under (see Reviser); 0 for an event not yet accepted.
	Revision int `json:"-"`
}

// State is a match's state: a plain value that marshals to JSON for the
// match body. It is never modified once returned by Setup or Apply.
type State interface {
	// Scores is what the match has scored so far: totals and score rows.
	Scores() Scores
	// Result is nil until the match is finished.
	Result() *Result
	// Next says what the table is expected to record next ("Bids are due
	// from Sara"), for scoreboards; empty when finished.
	Next() Text
}

// JSONAppender is a State, or a score row (Scores.Rounds), that writes its
// own JSON: byte for byte what json.Marshal writes for it, without
// reflection. A server encodes a match's state and its last score row after
// every event, so the games implement it; a value that does not
// is encoded by encoding/json. Each implementation is tested against
// json.Marshal on every state of generated matches and in the fuzzers.
type JSONAppender interface {
	AppendJSON(b []byte) ([]byte, error)
}

// Scores is what a match records of its score: running totals per player ID
// (points, levels, gems, dice... whatever the game counts) and the game's
// own score rows, one per round (turn, hand, battle), in the game's own
// shape. What people read is the score sheet of the game's View (Sheet),
// drawn from them.
//
// Rounds is a slice or a Rows (read either with RowsLen and RowsSlice),
// oldest row first, and only its last row may still change: when Apply
// takes a state with n rows to one with m rows, the rows before index
// min(n, m)-1 marshal to the same JSON in both. (An undo is a replay to an
// earlier state, so it keeps the same promise in reverse.)
// Servers rely on it to encode a long match's rows once, not on every event.
type Scores struct {
	Totals map[string]int `json:"totals"`
	Rounds any            `json:"rounds"`
}

// Rows are score rows a game keeps other than as one slice, so that its
// states share the rows of the past instead of copying them on every
// event. It marshals as the JSON array of its rows.
type Rows interface {
	Len() int
	// Slice is rows i to j-1 as a slice.
	Slice(i, j int) any
}

// Result is the outcome of a finished match.
type Result struct {
	// Placements lists every player; place 1 is best; tied players share a
	// place and the next place skips (1, 1, 3).
	Placements []Placement `json:"placements"`
	// Winners are the players with place 1.
	Winners []string `json:"winners"`
	// Teams, for team games, groups player IDs that placed as one side.
	Teams [][]string `json:"teams,omitempty"`
	// Cooperative: the whole table played together against the game.
	// Every player has place 1 (there are no places between them) and
	// Winners lists them all when the table won, none when it lost.
	Cooperative bool `json:"cooperative,omitempty"`
}

// Placement is one player's place.
type Placement struct {
	PlayerID string `json:"player_id"`
	Place    int    `json:"place"`
}

// Info describes a game for clients.
type Info struct {
	ID         string      `json:"id"`
	Name       string      `json:"name"`
	NameFA     string      `json:"name_fa"`
	MinPlayers int         `json:"min_players"`
	MaxPlayers int         `json:"max_players"`
	Options    []OptionDoc `json:"options"`
	Events     []EventDoc  `json:"events"`
}

// OptionDoc documents one match option.
type OptionDoc struct {
	Name        string   `json:"name"`
	Type        string   `json:"type"` // "integer", "boolean", "string", "object", "array"
	Default     any      `json:"default,omitempty"`
	Enum        []string `json:"enum,omitempty"`
	Description string   `json:"description"`
	// Label and Hint are the option as a person reads it where a match is
	// set up: its name and a one-line explanation. Every game words every
	// option (TestOptionsAreWorded); a form shows Name and Description for
	// an empty one.
	Label Text `json:"label"`
	Hint  Text `json:"hint"`
	// Choices words each value of Enum, or each key of an object option
	// (Yatuk's lands), for people.
	Choices map[string]Text `json:"choices,omitempty"`
}

// EventDoc documents one event type with a valid example of its data.
type EventDoc struct {
	Type        string          `json:"type"`
	Description string          `json:"description"`
	Example     json.RawMessage `json:"example,omitempty"`
}

// Referee is one stateless question a game answers.
type Referee struct {
	Question string
	Summary  string
	// Example is a valid request body (used in docs and tests).
	Example json.RawMessage
	// Ask decodes body strictly (see Decode) and returns a JSON-marshalable
	// answer, or an *InputError / *ViolationError. Answers cite rules in
	// fields named "rule" so the API can add each rule's title.
	Ask func(body json.RawMessage) (any, error)
}

// Checkability says how the referee deals with a rule.
type Checkability string

// The checkability values of a catalog entry.
const (
	// Checked: the referee rejects or flags an event that breaks it.
	Checked Checkability = "checked"
	// Computed: the referee computes it (scores, winners, strengths).
	Computed Checkability = "computed"
	// Unchecked: it cannot be checked from table events (hidden information,
	// physical actions) and is listed for reference.
	Unchecked Checkability = "unchecked"
)

// RuleEntry is one rule of a game's catalog.
type RuleEntry struct {
	ID     string       `json:"id"`
	Title  Text         `json:"title"`
	Text   Text         `json:"text"`
	Source Source       `json:"source"`
	Check  Checkability `json:"check"`
}

// Source is where a rule comes from in the Persian rulebook.
type Source struct {
	// Seed is the rulebook's file name, e.g. "002_6c21a62b62e6296c.txt".
	Seed string `json:"seed"`
	// Section is the heading as printed in the seed (Persian); empty for a
	// default the seed does not state.
	Section string `json:"section"`
	// SectionEN is the heading translated, as the spec cites it.
	SectionEN string `json:"section_en"`
	// Kind is "seed", "seed-derived" or "default" (the spec's provenance tag).
	Kind string `json:"kind"`
}

// Fingerprint is the JSON of everything a state shows: the state itself, its
// score sheet, its result and what comes next. Two states with the same
// fingerprint answer every request the same way, so it is what tests and
// consistency checks compare.
func Fingerprint(s State) ([]byte, error) {
	return json.Marshal(struct {
		State  State   `json:"state"`
		Scores Scores  `json:"scores"`
		Result *Result `json:"result"`
		Next   Text    `json:"next"`
	}{s, s.Scores(), s.Result(), s.Next()})
}

// CheckPlayerIDs refuses seats without an ID or with one given twice, as
// an *InputError naming each such seat ("players[i]").
func CheckPlayerIDs(players []Player) error {
	var f Fields
	seen := make(map[string]bool, len(players))
	for i, p := range players {
		if p.ID == "" || seen[p.ID] {
			f.Add(fmt.Sprintf("players[%d]", i), "each player needs a distinct, non-empty ID")
		}
		seen[p.ID] = true
	}
	return f.Err()
}
