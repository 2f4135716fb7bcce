package wazabi

import (
	"encoding/json"
	"fmt"

	"github.com/motamed/motamed/rules"
)

// The box holds 24 dice and 36 cards (WAZABI-COMP-1, WAZABI-COMP-2); each
// player is dealt 3 cards (WAZABI-SETUP-3).
const (
	diceInBox   = 24
	deckSize    = 36
	cardsDealt  = 3
	defaultDice = 4
	maxHands    = 100
	minPlayers  = 2
	maxPlayers  = 6
	clockwise   = "clockwise"
	counterwise = "counterclockwise"
)

// Options are a match's effective options (every default filled in).
type Options struct {
	StartingDice int `json:"starting_dice"`
	// NeighboursOnly: a given die may only go to the left or right neighbour.
	NeighboursOnly bool `json:"neighbours_only"`
	// Teams are pairs of player IDs (4 or 6 players only); empty: no teams.
	Teams      [][]string `json:"teams,omitempty"`
	PlayToLast bool       `json:"play_to_last"`
	Hands      int        `json:"hands"`
	// FirstPlayer starts the first hand; empty: an opening_roll decides, or
	// the first seat starts.
	FirstPlayer string `json:"first_player,omitempty"`
}

// rawOptions is what a client may send: pointers tell "omitted" from zero.
type rawOptions struct {
	StartingDice   *int       `json:"starting_dice"`
	NeighboursOnly *bool      `json:"neighbours_only"`
	Teams          [][]string `json:"teams"`
	PlayToLast     *bool      `json:"play_to_last"`
	Hands          *int       `json:"hands"`
	FirstPlayer    *string    `json:"first_player"`
}

// parseOptions decodes raw strictly and fills in the defaults for players.
// Malformed values are an *InputError; options the rules forbid for this
// table (more dice than the box holds, teams with 5 players) a
// *ViolationError citing the rule.
func parseOptions(players []rules.Player, raw json.RawMessage) (Options, error) {
	var in rawOptions
	if err := rules.Decode(raw, "options", &in); err != nil {
		return Options{}, err
	}
	n := len(players)
	seat := make(map[string]bool, n)
	for _, p := range players {
		seat[p.ID] = true
	}
	opts := Options{StartingDice: defaultDice, NeighboursOnly: n >= 4, Hands: 1}
	var bad rules.Fields
	var broken []rules.Ruling

	if in.StartingDice != nil {
		opts.StartingDice = *in.StartingDice
		if opts.StartingDice < 1 {
			bad.Add("options.starting_dice", "must be a whole number of dice, at least 1")
		} else if n > 0 && opts.StartingDice*n > diceInBox {
			broken = append(broken, rules.Rule("WAZABI-LENGTH-2",
				fmt.Sprintf("The box has 24 dice: with %d players starting_dice can be at most %d, not %d.", n, diceInBox/n, opts.StartingDice),
				fmt.Sprintf("جعبه فقط 24 تاس دارد: با %d بازیکن، تعداد تاس آغاز (starting_dice) حداکثر %d است، نه %d.", n, diceInBox/n, opts.StartingDice)))
		}
	}
	if in.NeighboursOnly != nil {
		opts.NeighboursOnly = *in.NeighboursOnly
	}
	if in.PlayToLast != nil {
		opts.PlayToLast = *in.PlayToLast
	}
	if in.Hands != nil {
		opts.Hands = *in.Hands
		if opts.Hands < 1 || opts.Hands > maxHands {
			bad.Add("options.hands", fmt.Sprintf("must be a number of hands from 1 to %d", maxHands))
		}
	}
	if in.FirstPlayer != nil {
		opts.FirstPlayer = *in.FirstPlayer
		if !seat[opts.FirstPlayer] {
			bad.Add("options.first_player", "must be the ID of one of the match's players")
		}
	}
	if len(in.Teams) > 0 {
		opts.Teams = in.Teams
		if n != 4 && n != 6 {
			broken = append(broken, rules.Rule("WAZABI-TEAM-1",
				fmt.Sprintf("Team play needs 4 or 6 players (teams of 2); this match has %d.", n),
				fmt.Sprintf("بازی تیمی فقط با 4 یا 6 بازیکن (تیم های 2 نفره) ممکن است؛ این بازی %d بازیکن دارد.", n)))
		} else {
			checkTeams(in.Teams, seat, n, &bad)
		}
		if opts.PlayToLast {
			bad.Add("options.play_to_last", "cannot be combined with teams: a team wins as soon as one of its players has no dice (WAZABI-TEAM-2)")
		}
	}
	if opts.PlayToLast && opts.Hands > 1 {
		bad.Add("options.play_to_last", "cannot be combined with hands > 1: tournament hands end when the first player has no dice (WAZABI-TOURN-4)")
	}
	if err := bad.Err(); err != nil {
		return Options{}, err
	}
	if err := rules.Violations(broken); err != nil {
		return Options{}, err
	}
	return opts, nil
}

// checkTeams wants pairs of distinct seated players covering everyone once.
func checkTeams(teams [][]string, seat map[string]bool, n int, bad *rules.Fields) {
	if len(teams) != n/2 {
		bad.Add("options.teams", fmt.Sprintf("must list %d pairs of player IDs, every player in exactly one pair", n/2))
		return
	}
	used := map[string]bool{}
	for i, pair := range teams {
		if len(pair) != 2 {
			bad.Add(fmt.Sprintf("options.teams[%d]", i), "must be a pair of 2 player IDs")
			continue
		}
		for j, id := range pair {
			field := fmt.Sprintf("options.teams[%d][%d]", i, j)
			switch {
			case !seat[id]:
				bad.Add(field, "must be the ID of one of the match's players")
			case used[id]:
				bad.Add(field, "names a player who is already in a team")
			}
			used[id] = true
		}
	}
}
