package play

import (
	"math/rand/v2"
	"strconv"
)

// Wizard: a real deal every round from a shuffled 60-card deck (the turned-up
// card decides the trump), bids clockwise from the dealer's left, then every
// trick with each player following the led colour when the hand can (so no
// revoke ever happens) and the table's claimed winner. Some tables record the
// hands first (hand_dealt), some record only the round's trick counts
// (tricks). Most matches are full length; some are short games (option
// rounds), some play "dealer_must_break".

var wizardColours = [4]string{"blue", "green", "red", "yellow"}

// wcard is a Wizard card: colour -1 for a Wizard (value 14) or a Jester
// (value 0).
type wcard struct {
	colour int
	value  int
}

func (c wcard) isWizard() bool { return c.colour < 0 && c.value == 14 }
func (c wcard) isJester() bool { return c.colour < 0 && c.value == 0 }

func (c wcard) String() string {
	switch {
	case c.isWizard():
		return "wizard"
	case c.isJester():
		return "jester"
	}
	return wizardColours[c.colour] + "-" + strconv.Itoa(c.value)
}

func wizardDeck() []wcard {
	deck := make([]wcard, 0, 60)
	for col := 0; col < 4; col++ {
		for v := 1; v <= 13; v++ {
			deck = append(deck, wcard{col, v})
		}
	}
	for i := 0; i < 4; i++ {
		deck = append(deck, wcard{-1, 14}, wcard{-1, 0})
	}
	return deck
}

// wizardLed is the colour the trick so far asks to follow: -1 when nobody
// must follow (no card yet, only Jesters, or a Wizard before any numbered card).
func wizardLed(trick []wcard) int {
	for _, c := range trick {
		switch {
		case c.isWizard():
			return -1
		case c.colour >= 0:
			return c.colour
		}
	}
	return -1
}

// wizardWinner is the index of the winning card (WIZARD-TRICK-1 to -4).
func wizardWinner(trick []wcard, trump int) int {
	all := true
	for i, c := range trick {
		if c.isWizard() {
			return i
		}
		all = all && c.isJester()
	}
	if all {
		return 0
	}
	best := func(col int) int {
		b := -1
		for i, c := range trick {
			if c.colour == col && (b < 0 || c.value > trick[b].value) {
				b = i
			}
		}
		return b
	}
	if trump >= 0 {
		if i := best(trump); i >= 0 {
			return i
		}
	}
	return best(wizardLed(trick))
}

// wizardChoose picks a legal card from hand for the trick so far and
// returns its index in hand.
func wizardChoose(r *rand.Rand, hand, trick []wcard) int {
	led := wizardLed(trick)
	var legal []int
	if led >= 0 {
		for i, c := range hand {
			if c.colour == led {
				legal = append(legal, i)
			}
		}
		if len(legal) > 0 { // following: the led colour, or a Wizard or a Jester
			for i, c := range hand {
				if c.colour < 0 {
					legal = append(legal, i)
				}
			}
		}
	}
	if len(legal) == 0 {
		return r.IntN(len(hand))
	}
	return pick(r, legal)
}

// wizardBid estimates the tricks a hand takes, as a player would.
func wizardBid(r *rand.Rand, hand []wcard, trump, round int) int {
	b := 0
	for _, c := range hand {
		switch {
		case c.isWizard():
			b++
		case trump >= 0 && c.colour == trump && c.value >= 10:
			b++
		case c.colour >= 0 && c.value == 13 && chance(r, 0.5):
			b++
		}
	}
	if chance(r, 0.2) {
		b += r.IntN(3) - 1
	}
	return max(0, min(b, round))
}

type wizardPlay struct {
	Player string `json:"player"`
	Card   string `json:"card"`
}

func playWizard(r *rand.Rand, o *oracle, n int) {
	seats := SeatIDs(n)
	maxRounds := 60 / n
	rounds := maxRounds
	opts := map[string]any{}
	if chance(r, 0.3) { // a short game
		rounds = 1 + r.IntN(maxRounds)
		opts["rounds"] = rounds
	}
	mustBreak := chance(r, 0.25)
	if mustBreak {
		opts["bid_total_rule"] = "dealer_must_break"
	}
	first := r.IntN(n)
	if first != 0 {
		opts["first_dealer"] = seats[first]
	}
	recordHands := chance(r, 0.2)
	countsOnly := chance(r, 0.15)
	o.setup(opts)

	for round := 1; round <= rounds; round++ {
		dealer := (first + round - 1) % n
		deck := wizardDeck()
		r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		hands := make([][]wcard, n)
		for k := 0; k < round*n; k++ {
			p := (dealer + 1 + k) % n
			hands[p] = append(hands[p], deck[k])
		}
		start := map[string]any{"round": round, "dealer": seats[dealer]}
		trump := -1
		switch {
		case round*n == 60: // every card dealt: no trump card, no trump
			start["trump"] = "none"
		default:
			tc := deck[round*n]
			start["trump_card"] = tc.String()
			switch {
			case tc.colour >= 0:
				trump = tc.colour
			case tc.isWizard(): // the dealer names a colour
				trump = r.IntN(4)
			}
			start["trump"] = "none"
			if trump >= 0 {
				start["trump"] = wizardColours[trump]
			}
		}
		o.emit("round_started", start)

		if recordHands {
			for k := 1; k <= n; k++ {
				p := (dealer + k) % n
				cards := make([]string, len(hands[p]))
				for i, c := range hands[p] {
					cards[i] = c.String()
				}
				o.emit("hand_dealt", map[string]any{"player": seats[p], "cards": cards})
			}
		}

		sum := 0
		for k := 1; k <= n; k++ {
			p := (dealer + k) % n
			bid := wizardBid(r, hands[p], trump, round)
			if mustBreak && k == n && sum+bid == round {
				if bid > 0 {
					bid--
				} else {
					bid++
				}
			}
			sum += bid
			o.emit("bid", map[string]any{"player": seats[p], "bid": bid})
		}

		won := make([]int, n)
		leader := (dealer + 1) % n
		for t := 0; t < round; t++ {
			trick := make([]wcard, 0, n)
			plays := make([]wizardPlay, 0, n)
			for k := 0; k < n; k++ {
				p := (leader + k) % n
				i := wizardChoose(r, hands[p], trick)
				c := hands[p][i]
				hands[p] = append(hands[p][:i], hands[p][i+1:]...)
				trick = append(trick, c)
				plays = append(plays, wizardPlay{seats[p], c.String()})
			}
			w := (leader + wizardWinner(trick, trump)) % n
			won[w]++
			if !countsOnly {
				data := map[string]any{"plays": plays}
				if chance(r, 0.7) {
					data["winner"] = seats[w]
				}
				o.emit("trick", data)
			}
			leader = w
		}
		if countsOnly {
			counts := make(map[string]int, n)
			for p, w := range won {
				counts[seats[p]] = w
			}
			o.emit("tricks", map[string]any{"won": counts})
		}
	}
}
