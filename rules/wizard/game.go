// Package wizard referees and scores Wizard (Ken Fisher), following the rules
// specification shared/rules/wizard.md and its Persian seed
// 002_6c21a62b62e6296c.txt. A table records each round's start (dealer and
// trump), the bids, and either every trick or the round's trick counts;
// optionally the hands, so that the duty to follow is checked as cards are
// played.
package wizard

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/motamed/motamed/rules"
)

// The event types.
const (
	evRoundStarted = "round_started"
	evHandDealt    = "hand_dealt"
	evBid          = "bid"
	evTrick        = "trick"
	evTricks       = "tricks"
)

type game struct{}

// New returns the Wizard game.
func New() rules.Game { return game{} }

func (game) Info() rules.Info {
	return rules.Info{
		ID:         "wizard",
		Name:       "Wizard",
		NameFA:     "جادوگر",
		MinPlayers: 3,
		MaxPlayers: 6,
		Options:    optionDocs(),
		Events:     eventDocs(),
	}
}

func (game) Setup(players []rules.Player, raw json.RawMessage) (rules.State, any, error) {
	if len(players) < 3 || len(players) > 6 {
		n := strconv.Itoa(len(players))
		return nil, nil, rules.Violate("WIZARD-COMP-1",
			"Wizard is for 3 to 6 players, not "+n+".",
			"جادوگر برای 3 تا 6 بازیکن است، نه "+n+" نفر.")
	}
	var bad rules.Fields
	for i, p := range players {
		field := fmt.Sprintf("players[%d].id", i)
		switch {
		case p.ID == "":
			bad.Add(field, "must not be empty")
		case seatOf(players[:i], p.ID) >= 0:
			bad.Add(field, "is seated twice")
		}
	}
	if err := bad.Err(); err != nil {
		return nil, nil, err
	}
	opts, err := parseOptions(players, raw)
	if err != nil {
		return nil, nil, err
	}
	s := &State{
		Players:    append([]rules.Player(nil), players...),
		Options:    opts,
		Phase:      phaseDeal,
		Rows:       []RoundRow{},
		Totals:     zeros(players),
		Bids:       map[string]int{},
		Won:        map[string]int{},
		Tricks:     []Trick{},
		Unfollowed: []Unfollowed{},
		Disputes:   []Dispute{},
	}
	s.Turn = s.dealerOf(1)
	return s, opts, nil
}

func zeros(players []rules.Player) map[string]int {
	m := make(map[string]int, len(players))
	for _, p := range players {
		m[p.ID] = 0
	}
	return m
}

func (game) Apply(s rules.State, ev rules.Event) (rules.State, []rules.Ruling, error) {
	st, ok := s.(*State)
	if !ok || st == nil {
		return nil, nil, fmt.Errorf("wizard: cannot apply an event to a %T state", s)
	}
	if st.Phase == phaseFinished {
		return nil, nil, fmt.Errorf("%w: all %d rounds of this Wizard match are scored", rules.ErrFinished, st.Options.Rounds)
	}
	var (
		next  *State
		notes []rules.Ruling
		err   error
	)
	switch ev.Type {
	case evRoundStarted:
		next, err = applyRoundStarted(st, ev.Data)
	case evHandDealt:
		next, err = applyHandDealt(st, ev.Data)
	case evBid:
		next, err = applyBid(st, ev.Data)
	case evTrick:
		next, notes, err = applyTrick(st, ev.Data)
	case evTricks:
		next, err = applyTricks(st, ev.Data)
	default:
		return nil, nil, fmt.Errorf("%w: %q (wizard knows %s, %s, %s, %s and %s)", rules.ErrUnknownEvent, ev.Type,
			evRoundStarted, evHandDealt, evBid, evTrick, evTricks)
	}
	if err != nil {
		return nil, nil, err // never a typed nil *State inside a non-nil State
	}
	next.BidRange = next.bidRange()
	return next, notes, nil
}

func (game) Referees() []rules.Referee { return referees() }
