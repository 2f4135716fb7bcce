package bgstats

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/motamed/motamed/rules"
)

// NameCheck checks a player's name as a new player's name is checked
// everywhere else (POST /v1/players): an *rules.InputError whose fields
// say what is wrong with it, or nil. Parse gets it from its caller so an
// imported player meets exactly the rules every other player meets.
type NameCheck func(name string) error

// The longest texts of an export that an import stores or echoes, in
// characters: a play's UUID (BG Stats writes 36), a location (as a
// match's location), a game's and a team's name (as a sheet's name).
const (
	maxUUID     = 100
	maxLocation = 200
	maxGameName = 100
	maxTeamName = 100
)

// checkTexts refuses the texts an import would store or echo that no other
// request may store: a player's name that name refuses (checked after
// surrounding spaces are trimmed, which stay trimmed in e), and a play's
// UUID, a location's, a game's or a team's name that is too long or holds
// control characters. encoding/json replaces invalid UTF-8 with U+FFFD
// without a word, so when raw is not valid UTF-8 the fields that hold it
// are found in raw and refused too.
func (e *Export) checkTexts(f *rules.Fields, raw []byte, name NameCheck) {
	if !utf8.Valid(raw) {
		badUTF8(f, raw)
	}
	for i := range e.Players {
		p := &e.Players[i]
		p.Name = strings.TrimSpace(p.Name)
		if p.Name == "" || name == nil {
			continue // a blank name is refused by Parse itself
		}
		field := fmt.Sprintf("players[%d].name", i)
		var in *rules.InputError
		switch err := name(p.Name); {
		case err == nil:
		case errors.As(err, &in):
			for _, fe := range in.Fields {
				fe.Field = field
				*f = append(*f, fe)
			}
		default:
			f.Add(field, err.Error())
		}
	}
	for i, g := range e.Games {
		text(f, fmt.Sprintf("games[%d].name", i), g.Name, maxGameName)
	}
	for i, l := range e.Locations {
		text(f, fmt.Sprintf("locations[%d].name", i), l.Name, maxLocation)
	}
	for i, p := range e.Plays {
		text(f, fmt.Sprintf("plays[%d].uuid", i), p.UUID, maxUUID)
		for j, s := range p.PlayerScores {
			text(f, fmt.Sprintf("plays[%d].playerScores[%d].team", i, j), s.Team, maxTeamName)
		}
	}
}

// text refuses s when it is longer than max characters or holds control
// characters.
func text(f *rules.Fields, field, s string, max int) {
	if n := utf8.RuneCountInString(s); n > max {
		*f = append(*f, rules.FieldError{Field: field,
			Message:   fmt.Sprintf("must have at most %d characters (it has %d)", max, n),
			MessageFA: fmt.Sprintf("باید حداکثر %d نویسه داشته باشد (%d نویسه دارد)", max, n)})
		return
	}
	if strings.IndexFunc(s, unicode.IsControl) >= 0 {
		*f = append(*f, rules.FieldError{Field: field,
			Message: "must not contain control characters", MessageFA: "نباید نویسهٔ کنترلی داشته باشد"})
	}
}

// rawTexts is the export's stored texts as they are written in the file,
// before decoding replaces invalid UTF-8.
type rawTexts struct {
	Players   []struct{ Name json.RawMessage } `json:"players"`
	Games     []struct{ Name json.RawMessage } `json:"games"`
	Locations []struct{ Name json.RawMessage } `json:"locations"`
	Plays     []struct {
		UUID         json.RawMessage `json:"uuid"`
		PlayerScores []struct {
			Team json.RawMessage `json:"team"`
		} `json:"playerScores"`
	} `json:"plays"`
}

// badUTF8 refuses each stored text of raw that is not valid UTF-8. Invalid
// UTF-8 elsewhere (in a field the import ignores) is left alone: nothing
// of it is stored.
func badUTF8(f *rules.Fields, raw []byte) {
	var r rawTexts
	if json.Unmarshal(raw, &r) != nil {
		return // Parse reports a file it cannot read
	}
	check := func(field string, v json.RawMessage) {
		if !utf8.Valid(v) {
			*f = append(*f, rules.FieldError{Field: field, Message: "is not valid UTF-8", MessageFA: "UTF-8 معتبر نیست"})
		}
	}
	for i, p := range r.Players {
		check(fmt.Sprintf("players[%d].name", i), p.Name)
	}
	for i, g := range r.Games {
		check(fmt.Sprintf("games[%d].name", i), g.Name)
	}
	for i, l := range r.Locations {
		check(fmt.Sprintf("locations[%d].name", i), l.Name)
	}
	for i, p := range r.Plays {
		check(fmt.Sprintf("plays[%d].uuid", i), p.UUID)
		for j, s := range p.PlayerScores {
			check(fmt.Sprintf("plays[%d].playerScores[%d].team", i, j), s.Team)
		}
	}
}
