package wizard

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// m is shorthand for an event's data object.
type m = map[string]any

// setup starts a match of n players p1..pn (names P1..Pn) with options.
func setup(t testing.TB, n int, options string) *State {
	t.Helper()
	s, _, err := New().Setup(rulestest.Players(n), json.RawMessage(options))
	if err != nil {
		t.Fatalf("setup %d players %s: %v", n, options, err)
	}
	return s.(*State)
}

// apply applies one event through rulestest.MustApply (which also checks that
// the input state is untouched) and returns the next state and notes.
func apply(t testing.TB, s *State, typ string, data any) (*State, []rules.Ruling) {
	t.Helper()
	next, notes := rulestest.MustApply(t, New(), s, typ, data)
	return next.(*State), notes
}

// do applies a sequence of events, failing on any error.
func do(t testing.TB, s *State, evs ...rules.Event) *State {
	t.Helper()
	for _, ev := range evs {
		next, _, err := rulestest.ApplyPure(t, New(), s, ev)
		if err != nil {
			t.Fatalf("%s %s: %v", ev.Type, ev.Data, err)
		}
		s = next.(*State)
	}
	return s
}

func ev(typ string, data any) rules.Event {
	b, err := json.Marshal(data)
	if err != nil {
		panic(err)
	}
	return rules.Event{Type: typ, Data: b}
}

// startRound records round_started with the given trump and the bids in
// order from the dealer's left.
func startRound(t testing.TB, s *State, trump string, bids ...int) *State {
	t.Helper()
	s, _ = apply(t, s, evRoundStarted, m{"trump": trump})
	for _, b := range bids {
		s, _ = apply(t, s, evBid, m{"player": s.Turn, "bid": b})
	}
	return s
}

// skipRounds plays k rounds quickly: no trump, everyone bids 0, the dealer's
// left neighbour wins every trick.
func skipRounds(t testing.TB, s *State, k int) *State {
	t.Helper()
	for i := 0; i < k; i++ {
		bids := make([]int, s.n())
		s = startRound(t, s, "none", bids...)
		won := map[string]int{}
		for _, p := range s.Players {
			won[p.ID] = 0
		}
		won[s.Turn] = s.Round
		s, _ = apply(t, s, evTricks, m{"won": won})
	}
	return s
}

// playsOf builds a trick's data from alternating player IDs and cards.
func playsOf(pairs ...string) m {
	plays := make([]m, 0, len(pairs)/2)
	for i := 0; i+1 < len(pairs); i += 2 {
		plays = append(plays, m{"player": pairs[i], "card": pairs[i+1]})
	}
	return m{"plays": plays}
}

func withWinner(d m, winner string) m {
	d["winner"] = winner
	return d
}

// wantErrKind fails t unless err is one of the kinds Apply may return.
func wantErrKind(t testing.TB, err error) {
	t.Helper()
	var v *rules.ViolationError
	var in *rules.InputError
	if err == nil || errors.As(err, &v) || errors.As(err, &in) ||
		errors.Is(err, rules.ErrFinished) || errors.Is(err, rules.ErrUnknownEvent) {
		return
	}
	t.Fatalf("unexpected error kind %T: %v", err, err)
}

// --- a deterministic table for full games and benchmarks ---

// fullDeck is the 60 cards in a fixed order.
func fullDeck() []card {
	d := make([]card, 0, 60)
	for c := blue; c <= yellow; c++ {
		for v := int8(1); v <= 13; v++ {
			d = append(d, card{kind: numbered, colour: c, value: v})
		}
	}
	for i := 0; i < 4; i++ {
		d = append(d, card{kind: wizardCard, colour: noColour}, card{kind: jesterCard, colour: noColour})
	}
	return d
}

// shuffled is a deterministic shuffle (xorshift), so tests need no randomness.
func shuffled(seed uint64) []card {
	d := fullDeck()
	x := seed*2654435761 + 88172645463325252
	for i := len(d) - 1; i > 0; i-- {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		j := int(x % uint64(i+1))
		d[i], d[j] = d[j], d[i]
	}
	return d
}

// roundLog is one simulated round: its events and each player's points.
type roundLog struct {
	events []rules.Event
	points map[string]int
}

// simulateRound deals round r of a match with players (first dealer seat 0),
// plays it legally (each player plays the first legal card of his hand),
// bids so that some players make their bid and some miss, and returns the
// events (trick by trick; with hands recorded when withHands) and the points
// computed here independently of the package's scoring.
func simulateRound(players []rules.Player, r int, withHands bool) roundLog {
	n := len(players)
	deck := shuffled(uint64(r*7 + n))
	hands := make([][]card, n)
	for i := 0; i < n*r; i++ {
		hands[i%n] = append(hands[i%n], deck[i])
	}
	dealerSeat := (r - 1) % n
	data := m{"round": r, "dealer": players[dealerSeat].ID, "trump": "none"}
	trump := noColour
	if n*r < 60 {
		ind := deck[n*r]
		data["trump_card"] = ind.String()
		switch ind.kind {
		case numbered:
			trump = ind.colour
		case wizardCard:
			trump = green // the dealer names a colour
		}
		data["trump"] = colourName(trump)
	}
	log := roundLog{events: []rules.Event{ev(evRoundStarted, data)}, points: map[string]int{}}
	if withHands {
		for i, h := range hands {
			cards := make([]string, len(h))
			for k, c := range h {
				cards[k] = c.String()
			}
			log.events = append(log.events, ev(evHandDealt, m{"player": players[i].ID, "cards": cards}))
		}
	}
	// Play first, to know the tricks, then put the bids before the tricks.
	won := make([]int, n)
	var tricks []rules.Event
	leader := (dealerSeat + 1) % n
	for t := 0; t < r; t++ {
		var played []card
		var plays []m
		for k := 0; k < n; k++ {
			seat := (leader + k) % n
			h := hands[seat]
			pick := 0
			for i, c := range h {
				if isLegal(c, h, played, trump).legal {
					pick = i
					break
				}
			}
			c := h[pick]
			hands[seat] = append(h[:pick:pick], h[pick+1:]...)
			played = append(played, c)
			plays = append(plays, m{"player": players[seat].ID, "card": c.String()})
		}
		w, _ := trickWinner(played, trump)
		winner := (leader + w) % n
		won[winner]++
		tricks = append(tricks, ev(evTrick, m{"plays": plays, "winner": players[winner].ID}))
		leader = winner
	}
	for k := 1; k <= n; k++ {
		seat := (dealerSeat + k) % n
		bid := won[seat]
		if (seat+r)%3 == 0 { // miss by one
			if bid < r {
				bid++
			} else {
				bid--
			}
		}
		log.events = append(log.events, ev(evBid, m{"player": players[seat].ID, "bid": bid}))
		if bid == won[seat] {
			log.points[players[seat].ID] = 20 + 10*bid
		} else {
			log.points[players[seat].ID] = -10
		}
	}
	log.events = append(log.events, tricks...)
	return log
}

// fullMatch simulates every round of an n-player match; hands are recorded
// in every other round.
func fullMatch(players []rules.Player) ([]rules.Event, map[string]int) {
	var events []rules.Event
	totals := map[string]int{}
	for r := 1; r <= 60/len(players); r++ {
		log := simulateRound(players, r, r%2 == 0)
		events = append(events, log.events...)
		for id, p := range log.points {
			totals[id] += p
		}
	}
	return events, totals
}

func mustJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
