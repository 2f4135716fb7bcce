package wazabi

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// named seats players with the given IDs; the name is the ID in capitals
// after "Player " so messages are readable.
func named(ids ...string) []rules.Player {
	out := make([]rules.Player, len(ids))
	for i, id := range ids {
		out[i] = rules.Player{ID: id, Name: "Player " + id}
	}
	return out
}

// setup starts a match or fails the test.
func setup(t testing.TB, players []rules.Player, opts any) *State {
	t.Helper()
	raw, err := json.Marshal(opts)
	if err != nil {
		t.Fatal(err)
	}
	if opts == nil {
		raw = nil
	}
	s, _, err := New().Setup(players, raw)
	if err != nil {
		t.Fatalf("setup: %v", err)
	}
	return s.(*State)
}

// apply applies an event that must be accepted (purity checked).
func apply(t testing.TB, s *State, typ string, data any) (*State, []rules.Ruling) {
	t.Helper()
	next, notes := rulestest.MustApply(t, New(), s, typ, data)
	return next.(*State), notes
}

// fixture returns a copy of s with some dice and card counts set, keeping
// the totals whole: dice not held are out of play, cards not held are in the
// draw pile. It stands in for the many turns a worked example skips.
func fixture(t testing.TB, s *State, dice, cards map[string]int) *State {
	t.Helper()
	c := s.clone()
	for id, n := range dice {
		i := c.seatOf(id)
		if i < 0 {
			t.Fatalf("fixture: no player %q", id)
		}
		c.Seats[i].Dice = n
	}
	for id, n := range cards {
		c.Seats[c.seatOf(id)].Cards = n
	}
	c.DiceOutOfPlay = len(c.Seats)*c.Options.StartingDice - c.diceInPlay()
	c.DrawPile = deckSize - c.cardsInHands() - c.PlayedPile - c.skipCards()
	if c.DiceOutOfPlay < 0 || c.DrawPile < 0 {
		t.Fatalf("fixture: more dice or cards than the box holds")
	}
	c.refreshPhase()
	return c
}

// seat returns the seat of id in s.
func seat(t testing.TB, s *State, id string) Seat {
	t.Helper()
	i := s.seatOf(id)
	if i < 0 {
		t.Fatalf("no player %q", id)
	}
	return s.Seats[i]
}

// wantDice and wantCards compare the counts of the named players.
func wantDice(t testing.TB, s *State, want map[string]int) {
	t.Helper()
	for id, n := range want {
		if got := seat(t, s, id).Dice; got != n {
			t.Errorf("dice of %s = %d, want %d", id, got, n)
		}
	}
}

func wantCards(t testing.TB, s *State, want map[string]int) {
	t.Helper()
	for id, n := range want {
		if got := seat(t, s, id).Cards; got != n {
			t.Errorf("cards of %s = %d, want %d", id, got, n)
		}
	}
}

// checkInvariants: no die and no card ever appears or vanishes.
func checkInvariants(t testing.TB, s *State, where string) {
	t.Helper()
	if got, want := s.diceInPlay()+s.DiceOutOfPlay, len(s.Seats)*s.Options.StartingDice; got != want {
		t.Fatalf("%s: dice in play %d + out of play %d = %d, want %d", where, s.diceInPlay(), s.DiceOutOfPlay, got, want)
	}
	if got := s.cardsInHands() + s.DrawPile + s.PlayedPile + s.skipCards(); got != deckSize {
		t.Fatalf("%s: cards in hands %d + draw %d + played %d + waiting skip cards %d = %d, want 36",
			where, s.cardsInHands(), s.DrawPile, s.PlayedPile, s.skipCards(), got)
	}
	for _, st := range s.Seats {
		if st.Dice < 0 || st.Cards < 0 || st.Skips < 0 {
			t.Fatalf("%s: negative count %+v", where, st)
		}
	}
	if s.DrawPile < 0 || s.PlayedPile < 0 {
		t.Fatalf("%s: negative pile", where)
	}
}

// wantSetupError wants Setup to fail with a violation of rule (rule != "")
// or an input error on field.
func wantSetupError(t testing.TB, players []rules.Player, opts string, rule, field string) {
	t.Helper()
	_, _, err := New().Setup(players, json.RawMessage(opts))
	if rule != "" {
		var v *rules.ViolationError
		if !errors.As(err, &v) || v.Rulings[0].Rule != rule {
			t.Fatalf("setup %s: want a violation of %s, got %v", opts, rule, err)
		}
		rulestest.Broke(rule)
		return
	}
	var in *rules.InputError
	if !errors.As(err, &in) {
		t.Fatalf("setup %s: want an input error on %s, got %v", opts, field, err)
	}
	for _, f := range in.Fields {
		if f.Field == field {
			return
		}
	}
	t.Fatalf("setup %s: want an input error on %s, got %v", opts, field, err)
}

// randomEvent returns a legal event for s, chosen with r: the property test,
// the fuzz seeds and the benchmarks play whole matches with it.
func randomEvent(r *rand.Rand, s *State) rules.Event {
	ev := func(typ string, data any) rules.Event {
		b, _ := json.Marshal(data)
		return rules.Event{Type: typ, Data: b}
	}
	me := s.seatOf(s.Current)
	switch s.Phase {
	case "reroll":
		w := map[string]int{}
		for _, id := range s.Reroll {
			w[id] = r.IntN(s.Seats[s.seatOf(id)].Dice + 1)
		}
		return ev("opening_roll", map[string]any{"w": w})
	case "roll":
		if s.OpeningOpen && r.IntN(3) == 0 {
			w := map[string]int{}
			for _, st := range s.Seats {
				w[st.PlayerID] = r.IntN(st.Dice + 1)
			}
			return ev("opening_roll", map[string]any{"w": w})
		}
		var roll [3]int
		for range s.Seats[me].Dice {
			roll[r.IntN(3)]++
		}
		return ev("rolled", map[string]any{"player": s.Current, "w": roll[0], "card": roll[1], "give": roll[2]})
	case "draw":
		cards := make([]int, len(s.Seats))
		opp := 0
		for i, st := range s.Seats {
			cards[i] = st.Cards
			if i != me && !st.Out {
				opp += st.Cards
			}
		}
		count := min(s.Turn.DrawsDue, s.DrawPile+s.PlayedPile+opp)
		from := []string{}
		for need := count - s.DrawPile - s.PlayedPile; need > 0; need-- {
			var with []int
			for i, st := range s.Seats {
				if i != me && !st.Out && cards[i] > 0 {
					with = append(with, i)
				}
			}
			j := with[r.IntN(len(with))]
			cards[j]--
			from = append(from, s.Seats[j].PlayerID)
		}
		data := map[string]any{"player": s.Current, "count": count}
		if len(from) > 0 {
			data["from"] = from
		}
		return ev("cards_drawn", data)
	case "give":
		var allowed []string
		for i, st := range s.Seats {
			if i == me || st.Out {
				continue
			}
			if s.Options.NeighboursOnly && i != s.left(me) && i != s.right(me) {
				continue
			}
			allowed = append(allowed, st.PlayerID)
		}
		to := make([]string, s.Turn.GivesDue)
		for k := range to {
			to[k] = allowed[r.IntN(len(allowed))]
		}
		return ev("dice_given", map[string]any{"player": s.Current, "to": to})
	case "play":
		var can []Card
		for _, c := range catalogue {
			if len(playLegality(c, s.Turn.Roll, s.Seats[me].Cards, "", "")) == 0 {
				can = append(can, c)
			}
		}
		if len(can) == 0 || r.IntN(4) == 0 {
			break
		}
		c := can[r.IntN(len(can))]
		data := map[string]any{"player": s.Current, "card": c.ID}
		if c.Target {
			var others []string
			for i, st := range s.Seats {
				if i != me && !st.Out {
					others = append(others, st.PlayerID)
				}
			}
			data["target"] = others[r.IntN(len(others))]
		}
		if c.Direction {
			data["direction"] = []string{"left", "right"}[r.IntN(2)]
		}
		return ev("card_played", data)
	}
	return ev("turn_ended", map[string]any{"player": s.Current})
}

// randomOptions picks legal options for n players.
func randomOptions(r *rand.Rand, players []rules.Player) map[string]any {
	n := len(players)
	opts := map[string]any{"starting_dice": 1 + r.IntN(min(diceInBox/n, 6))}
	if r.IntN(2) == 0 {
		opts["neighbours_only"] = r.IntN(2) == 0
	}
	teams := (n == 4 || n == 6) && r.IntN(3) == 0
	if teams {
		var pairs [][]string
		for i := 0; i < n/2; i++ {
			pairs = append(pairs, []string{players[i].ID, players[i+n/2].ID})
		}
		opts["teams"] = pairs
	}
	switch r.IntN(3) {
	case 0:
		opts["hands"] = 1 + r.IntN(3)
	case 1:
		if !teams {
			opts["play_to_last"] = true
		}
	}
	if r.IntN(3) == 0 {
		opts["first_player"] = players[r.IntN(n)].ID
	}
	return opts
}

// playRandom plays a random legal match of up to maxEvents events and
// returns the events and the states after each one.
func playRandom(t testing.TB, r *rand.Rand, s *State, maxEvents int, each func(*State, rules.Event)) *State {
	t.Helper()
	for k := 0; k < maxEvents && !s.Over; k++ {
		ev := randomEvent(r, s)
		next, _, err := New().Apply(s, ev)
		if err != nil {
			t.Fatalf("event %d %s %s on phase %s: %v", k, ev.Type, ev.Data, s.Phase, err)
		}
		s = next.(*State)
		if each != nil {
			each(s, ev)
		}
	}
	return s
}

func isErr(err, target error) bool { return errors.Is(err, target) }

// diceInPlay and cardsInHands are the totals the invariants are about.
func (s *State) diceInPlay() int {
	n := 0
	for _, st := range s.Seats {
		n += st.Dice
	}
	return n
}

func (s *State) cardsInHands() int {
	n := 0
	for _, st := range s.Seats {
		n += st.Cards
	}
	return n
}

func (s *State) skipCards() int {
	n := 0
	for _, st := range s.Seats {
		n += st.Skips
	}
	return n
}
