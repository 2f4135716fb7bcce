package wizard

import (
	"maps"
	"slices"

	"github.com/motamed/motamed/rules"
)

// The phases of a match.
const (
	phaseDeal     = "awaiting_round" // the next round_started is due
	phaseBidding  = "bidding"        // bids are due, in order from the dealer's left
	phasePlaying  = "playing"        // tricks are due
	phaseFinished = "finished"
)

// State is a Wizard match: the seats, the options, the round in progress and
// the score sheet. It is never modified once returned; Apply clones what it
// changes. Rows (past rounds) are shared between states and never modified.
type State struct {
	Players []rules.Player `json:"players"`
	Options Options        `json:"options"`
	Phase   string         `json:"phase"`
	// Round is the round in progress, or the last one played (0 before round 1).
	Round int `json:"round"`
	// RoundsScored counts the rounds that counted; a round voided by
	// revoke_penalty "replay_round" does not.
	RoundsScored int `json:"rounds_scored"`
	// Turn is the player who bids next, or who leads the next trick.
	Turn string `json:"turn,omitempty"`
	// BidRange is what the player on turn may bid while bids are due, so
	// that a client offers only that (nil in the other phases).
	BidRange *BidRange `json:"bid_range,omitempty"`

	// The round in progress (reset by round_started).
	Dealer    string              `json:"dealer,omitempty"`
	Trump     string              `json:"trump,omitempty"`
	TrumpCard string              `json:"trump_card,omitempty"`
	Bids      map[string]int      `json:"bids"`
	Won       map[string]int      `json:"tricks_won"`
	Tricks    []Trick             `json:"tricks"`
	Hands     map[string][]string `json:"hands,omitempty"` // recorded hands, cards still held
	// Unfollowed lists the plays of this round that did not follow the led
	// colour and are not yet proven revokes: the player may have been void.
	Unfollowed []Unfollowed `json:"unfollowed"`
	Disputes   []Dispute    `json:"disputes"`

	// The score sheet.
	Rows   []RoundRow     `json:"-"` // the score sheet: served as scores.rounds, not repeated in the state
	Totals map[string]int `json:"totals"`
}

// Trick is one recorded trick of the round in progress.
type Trick struct {
	Leader string `json:"leader"`
	Plays  []Play `json:"plays"`
	Winner string `json:"winner"`
	// Rule is the rule that decided the winner (WIZARD-TRICK-1 to -4).
	Rule string `json:"rule"`
}

// Play is one card played to a trick.
type Play struct {
	Player string `json:"player"`
	Card   string `json:"card"`
}

// Unfollowed is a play that did not follow the led colour with a numbered
// card of another colour. It becomes a proven revoke if the player later
// plays the led colour in the same round (spec 8.3).
type Unfollowed struct {
	Trick  int    `json:"trick"` // 1-based within the round
	Player string `json:"player"`
	Led    string `json:"led"`
	Card   string `json:"card"`
}

// Dispute is a proven revoke (WIZARD-PLAY-7, WIZARD-AMB-11).
type Dispute struct {
	Rule   string `json:"rule"`
	Player string `json:"player"`
	// Trick is the trick in which the player did not follow Led, playing Card.
	Trick int    `json:"trick"`
	Led   string `json:"led"`
	Card  string `json:"card"`
	// ProvenBy is the later trick in which the player played ProofCard, a
	// card of the led colour they must have held all along.
	ProvenBy  int        `json:"proven_by"`
	ProofCard string     `json:"proof_card"`
	Message   rules.Text `json:"message"`
}

// RoundRow is one line of the score sheet.
type RoundRow struct {
	Round     int            `json:"round"`
	Dealer    string         `json:"dealer"`
	Trump     string         `json:"trump"`
	TrumpCard string         `json:"trump_card,omitempty"`
	Bids      map[string]int `json:"bids"`
	Tricks    map[string]int `json:"tricks"`
	// Entry is "tricks" when every trick was recorded, "totals" when the
	// round's counts came in one tricks event.
	Entry  string         `json:"entry"`
	Points map[string]int `json:"points"`
	// Penalties are the revoke points subtracted (revoke_penalty "fixed_points").
	Penalties map[string]int `json:"penalties,omitempty"`
	Totals    map[string]int `json:"totals"`
	Disputes  []Dispute      `json:"disputes"`
	// Voided is true when the round was scored as nothing and must be
	// played again (revoke_penalty "replay_round").
	Voided bool `json:"voided,omitempty"`
}

// clone copies everything Apply may change. Rows are immutable and shared;
// the slices are clipped so that an append never writes into a shared array.
func (s *State) clone() *State {
	c := *s
	c.Bids = cloneMap(s.Bids)
	c.Won = cloneMap(s.Won)
	c.Totals = cloneMap(s.Totals)
	c.Tricks = slices.Clip(s.Tricks)
	c.Unfollowed = slices.Clone(s.Unfollowed)
	c.Disputes = slices.Clip(s.Disputes)
	c.Rows = slices.Clip(s.Rows)
	if s.Hands != nil {
		c.Hands = maps.Clone(s.Hands)
		for k, v := range c.Hands {
			c.Hands[k] = slices.Clip(v) // overwrites a key: allocates nothing
		}
	}
	return &c
}

// cloneMap copies m (nil stays nil). maps.Clone copies a small map's
// storage whole instead of inserting its entries one by one.
func cloneMap(m map[string]int) map[string]int { return maps.Clone(m) }

// seatOf is the seat of player id, or -1.
func seatOf(players []rules.Player, id string) int {
	for i, p := range players {
		if p.ID == id {
			return i
		}
	}
	return -1
}

func (s *State) n() int { return len(s.Players) }

// nameOf is the player's name as entered, for messages.
func (s *State) nameOf(id string) string {
	if i := seatOf(s.Players, id); i >= 0 {
		return s.Players[i].Name
	}
	return id
}

// leftOf is the player to the left of (clockwise after) id, k seats on.
func (s *State) leftOf(id string, k int) string {
	i := max(seatOf(s.Players, id), 0)
	return s.Players[(i+k)%s.n()].ID
}

// nextRound is the number of the round that round_started opens next.
func (s *State) nextRound() int { return s.RoundsScored + 1 }

// dealerOf is the dealer of round r: dealer(r) = (d1 + r − 1) mod n
// (WIZARD-DEAL-4).
func (s *State) dealerOf(r int) string {
	return s.leftOf(s.Options.FirstDealer, (r-1)%s.n())
}

// Scores is the score sheet: running totals and one row per round played.
func (s *State) Scores() rules.Scores {
	rows := s.Rows
	if rows == nil {
		rows = []RoundRow{}
	}
	return rules.Scores{Totals: cloneMap(s.Totals), Rounds: rows}
}

// Result ranks the players by total once the last round is scored: higher
// is better and ties share a place (WIZARD-END-2, WIZARD-END-3).
func (s *State) Result() *rules.Result {
	if s.Phase != phaseFinished {
		return nil
	}
	ids := make([]string, len(s.Players))
	for i, p := range s.Players {
		ids[i] = p.ID
	}
	res := rules.Rank(ids, s.Totals, true)
	if s.Options.FinalTie == finalTieUnresolved && len(res.Winners) > 1 {
		res.Winners = []string{} // WIZARD-AMB-9: the table settles the tie
	}
	return res
}
