package silver

import (
	"encoding/json"
	"fmt"

	"github.com/motamed/motamed/rules"
)

// End models (SILVER-END-1, SILVER-POINTS-1).
const (
	endRounds = "rounds"
	endPoints = "points"
)

const (
	defaultRounds = 4 // AMB-1: the Objective's 4, not the End section's 7
	maxRounds     = 50
)

// Options are a match's effective options, every default filled in. Setup
// accepts them back unchanged.
type Options struct {
	// End is the end model: "rounds" (a fixed number of rounds) or "points"
	// (the first round that leaves someone at 100 or more).
	End string `json:"end"`
	// Rounds is the number of rounds of a "rounds" game; absent in "points".
	Rounds int `json:"rounds,omitempty"`
	// Kamikaze turns on the Kamikaze round score (SILVER-POINTS-7).
	Kamikaze bool `json:"kamikaze"`
	// FirstPlayer is the player who starts round 1 (SILVER-SETUP-8).
	FirstPlayer string `json:"first_player"`
}

// points reports whether the game uses the points model, with its score jump.
func (o Options) points() bool { return o.End == endPoints }

// endInput is the part of the options that decides scoring and the end; the
// round referee takes it too.
type endInput struct {
	End      *string `json:"end"`
	Rounds   *int    `json:"rounds"`
	Kamikaze *bool   `json:"kamikaze"`
}

// optionsInput repeats endInput's fields rather than embedding it: decode
// errors would otherwise name the embedded struct in the field path.
type optionsInput struct {
	End         *string `json:"end"`
	Rounds      *int    `json:"rounds"`
	Kamikaze    *bool   `json:"kamikaze"`
	FirstPlayer *string `json:"first_player"`
}

// resolve fills the end-model defaults into o and records bad values in f,
// with field paths under prefix ("options").
func (in endInput) resolve(f *rules.Fields, prefix string) Options {
	o := Options{End: endRounds}
	if in.End != nil {
		switch *in.End {
		case endRounds, endPoints:
			o.End = *in.End
		default:
			f.Add(prefix+".end", fmt.Sprintf("%q is not an end model: use \"rounds\" (a fixed number of rounds) or \"points\" (until someone reaches 100)", *in.End))
		}
	}
	switch {
	case in.Rounds != nil && o.End == endPoints:
		f.Add(prefix+".rounds", fmt.Sprintf("is only for end \"rounds\": a points game has no round limit (%s)", "SILVER-POINTS-1"))
	case in.Rounds != nil && (*in.Rounds < 1 || *in.Rounds > maxRounds):
		f.Add(prefix+".rounds", fmt.Sprintf("must be from 1 to %d (the rulebook plays 4)", maxRounds))
	case in.Rounds != nil:
		o.Rounds = *in.Rounds
	case o.End == endRounds:
		o.Rounds = defaultRounds
	}
	// Kamikaze belongs to the points model (SILVER-POINTS-9); a rounds game
	// may still switch it on.
	o.Kamikaze = o.End == endPoints
	if in.Kamikaze != nil {
		o.Kamikaze = *in.Kamikaze
	}
	return o
}

// parseOptions decodes a match's options strictly and fills the defaults.
func parseOptions(raw json.RawMessage, seats []string) (Options, error) {
	var in optionsInput
	if err := rules.Decode(raw, "options", &in); err != nil {
		return Options{}, err
	}
	var f rules.Fields
	o := endInput{End: in.End, Rounds: in.Rounds, Kamikaze: in.Kamikaze}.resolve(&f, "options")
	o.FirstPlayer = seats[0]
	if in.FirstPlayer != nil {
		if seatIndex(seats, *in.FirstPlayer) < 0 {
			f.Add("options.first_player", fmt.Sprintf("%q is not a player of this match: give the ID of the player who starts round 1", *in.FirstPlayer))
		} else {
			o.FirstPlayer = *in.FirstPlayer
		}
	}
	return o, f.Err()
}
