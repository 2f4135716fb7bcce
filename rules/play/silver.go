package play

import (
	"math/rand/v2"

	"github.com/motamed/motamed/rules/silver"
)

// Silver: every round is simulated with a real 52-card deck (0 and 13 twice,
// 1 to 12 four times): five cards to each village, then turns clockwise from
// the start player (the amulet holder after round 1). A turn draws a card and
// swaps it for a matched set (the village shrinks), for the highest card, or
// discards it. A player with 4 cards or fewer and a low village calls a
// census; the others each take one more turn. A round also ends when the deck
// runs out or both Villagers (0) lie in villages. Most tables record every
// turn (turn_taken, which the referee then holds to turn order); the others
// record only the census and the revealed villages. Most matches play the
// rulebook's 4 rounds; some another number, some to 100 points.

func silverDeck() []int {
	deck := make([]int, 0, 52)
	for v := 0; v <= 13; v++ {
		copies := 4
		if v == 0 || v == 13 {
			copies = 2
		}
		for i := 0; i < copies; i++ {
			deck = append(deck, v)
		}
	}
	return deck
}

func sumOf(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

// silverTurn plays one drawn card into village v and returns the new village
// and the action recorded ("draw" when the card was kept, else "discard").
func silverTurn(v []int, c int) ([]int, string) {
	// A matched set (two or more of a value) higher than the drawn card is
	// swapped for it: the village shrinks.
	count := map[int]int{}
	for _, x := range v {
		count[x]++
	}
	best := -1
	for x, k := range count {
		if k >= 2 && x > c && x > best {
			best = x
		}
	}
	if best >= 0 {
		out := []int{c}
		for _, x := range v {
			if x != best {
				out = append(out, x)
			}
		}
		return out, "draw"
	}
	hi := 0
	for i, x := range v {
		if x > v[hi] {
			hi = i
		}
	}
	if c < v[hi] {
		out := append([]int(nil), v...)
		out[hi] = c
		return out, "draw"
	}
	return v, "discard"
}

func zeros(villages [][]int) int {
	n := 0
	for _, v := range villages {
		for _, x := range v {
			if x == 0 {
				n++
			}
		}
	}
	return n
}

func playSilver(r *rand.Rand, o *oracle, n int) {
	seats := SeatIDs(n)
	opts := map[string]any{}
	switch x := r.Float64(); {
	case x < 0.2:
		opts["end"] = "points"
	case x < 0.35:
		opts["rounds"] = 2 + r.IntN(6)
	}
	if first := r.IntN(n); first != 0 {
		opts["first_player"] = seats[first]
	}
	recordTurns := chance(r, 0.7)
	o.setup(opts)

	seatOf := o.seatOf
	for !o.finished() {
		st := o.state.(*silver.State)
		starter := seatOf(st.FirstPlayer)
		if st.Round > 1 || chance(r, 0.5) {
			o.emit("round_started", map[string]any{"round": st.Round, "first_player": seats[starter]})
		}
		deck := silverDeck()
		r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		villages := make([][]int, n)
		for p := range villages {
			villages[p] = append([]int(nil), deck[:5]...)
			deck = deck[5:]
		}
		caller, owed := -1, 0
		reason := ""
		for turn := starter; ; turn = (turn + 1) % n {
			switch {
			case zeros(villages) >= 2:
				reason = "villagers"
			case caller >= 0 && owed == 0:
				reason = "census"
			case len(deck) == 0:
				reason = "deck_empty"
			}
			if reason != "" {
				break
			}
			if turn == caller {
				continue // the caller has no more turns this round
			}
			v := villages[turn]
			if caller < 0 && len(v) <= 4 && (sumOf(v) <= 4*len(v) || chance(r, 0.2)) {
				caller, owed = turn, n-1
				switch {
				case recordTurns && chance(r, 0.5):
					o.emit("turn_taken", map[string]any{"player": seats[turn], "action": "census", "village_size": len(v)})
				default:
					o.emit("census_called", map[string]any{"player": seats[turn], "village_size": len(v)})
				}
				continue
			}
			var action string
			villages[turn], action = silverTurn(v, deck[0])
			deck = deck[1:]
			if recordTurns {
				o.emit("turn_taken", map[string]any{"player": seats[turn], "action": action})
			}
			if caller >= 0 {
				owed--
			}
		}
		shown := make(map[string][]int, n)
		for p, v := range villages {
			shown[seats[p]] = v
		}
		o.emit("round_ended", map[string]any{"villages": shown, "reason": reason})
	}
}

type errSeat string

func (e errSeat) Error() string { return "unknown seat " + string(e) }
