package play

import (
	"math/rand/v2"

	"github.com/motamed/motamed/rules/wazabi"
)

// Wazabi: the referee keeps the public counts (dice, cards, piles), so the
// generator reads them from the state. Each turn rolls the player's dice (a
// face is W half the time, give a third, card a sixth), draws the cards the
// roll asks for (from opponents when both piles are empty), gives the dice
// away (to a neighbour under neighbours_only), sometimes plays an affordable
// card, then ends. Some matches start with an opening roll (ties roll again),
// some name the first player; some are tournaments of 2 or 3 hands, team
// games (4 or 6 players) or played to the last player.

var wazabiCards = []struct {
	id        string
	cost      int
	target    bool
	direction bool
}{
	{"miss_a_turn", 0, true, false}, {"reverse", 0, false, false}, {"draw_3", 1, false, false},
	{"hand_limit_1", 1, true, false}, {"lose_a_die", 1, false, false}, {"steal_a_card", 1, true, false},
	{"exchange_hands", 2, true, false}, {"hand_limit_2", 2, false, false}, {"pass_cards", 2, false, true},
	{"pass_dice", 2, false, true}, {"exchange_dice", 3, true, false}, {"lose_2_dice", 3, false, false},
}

func playWazabi(r *rand.Rand, o *oracle, n int) {
	seats := SeatIDs(n)
	opts := map[string]any{}
	switch x := r.Float64(); {
	case x < 0.2:
		opts["hands"] = 2 + r.IntN(2)
	case x < 0.35 && (n == 4 || n == 6):
		if n == 4 {
			opts["teams"] = [][]string{{seats[0], seats[2]}, {seats[1], seats[3]}}
		} else {
			opts["teams"] = [][]string{{seats[0], seats[3]}, {seats[1], seats[4]}, {seats[2], seats[5]}}
		}
	case x < 0.45:
		opts["play_to_last"] = true
	}
	if chance(r, 0.4) {
		opts["first_player"] = seats[r.IntN(n)]
	}
	if n <= 4 && chance(r, 0.2) {
		opts["starting_dice"] = 3 + r.IntN(2)
	}
	o.setup(opts)
	st := func() *wazabi.State { return o.state.(*wazabi.State) }
	seatOf := o.seatOf
	// others lists the seats still in the hand other than i.
	others := func(i int) []int {
		var out []int
		for j, seat := range st().Seats {
			if j != i && !seat.Out {
				out = append(out, j)
			}
		}
		return out
	}
	// neighbour is the next seat still in, going dir (+1 left, -1 right).
	neighbour := func(i, dir int) int {
		for k := 1; k < n; k++ {
			j := ((i+dir*k)%n + n) % n
			if !st().Seats[j].Out {
				return j
			}
		}
		return i
	}

	for !o.finished() {
		s := st()
		if s.OpeningOpen && (len(s.Reroll) > 0 || chance(r, 0.5)) {
			rollers := s.Reroll
			if len(rollers) == 0 {
				rollers = seats
			}
			w := map[string]int{}
			for _, id := range rollers {
				d := s.Seats[seatOf(id)].Dice
				k := 0
				for i := 0; i < d; i++ {
					if chance(r, 0.5) {
						k++
					}
				}
				w[id] = k
			}
			o.emit("opening_roll", map[string]any{"w": w})
			continue
		}
		cur := seatOf(s.Current)
		me := seats[cur]
		hand := s.Hand
		turnGoesOn := func() bool {
			t := st()
			return !o.finished() && t.Hand == hand && t.Current == me && t.Turn.Rolled
		}

		dice := s.Seats[cur].Dice
		var w, card, give int
		for i := 0; i < dice; i++ {
			switch x := r.IntN(6); {
			case x < 3:
				w++
			case x < 5:
				give++
			default:
				card++
			}
		}
		o.emit("rolled", map[string]any{"player": me, "w": w, "card": card, "give": give})

		draw := func() {
			t := st()
			due := t.Turn.DrawsDue
			inOpp := 0
			for _, j := range others(cur) {
				inOpp += t.Seats[j].Cards
			}
			count := min(due, t.DrawPile+t.PlayedPile+inOpp)
			data := map[string]any{"player": me, "count": count}
			if need := count - t.DrawPile - t.PlayedPile; need > 0 {
				left := map[int]int{}
				for _, j := range others(cur) {
					left[j] = t.Seats[j].Cards
				}
				var from []string
				for _, j := range others(cur) {
					for left[j] > 0 && len(from) < need {
						left[j]--
						from = append(from, seats[j])
					}
				}
				data["from"] = from
			}
			o.emit("cards_drawn", data)
		}
		if card > 0 {
			draw()
		}
		if give > 0 {
			to := make([]string, give)
			for i := range to {
				if st().Options.NeighboursOnly {
					to[i] = seats[neighbour(cur, pick(r, []int{1, -1}))]
				} else {
					to[i] = seats[pick(r, others(cur))]
				}
			}
			o.emit("dice_given", map[string]any{"player": me, "to": to})
		}
		if !turnGoesOn() {
			continue
		}
		if st().Seats[cur].Cards > 0 && chance(r, 0.6) {
			var affordable []int
			for i, c := range wazabiCards {
				if c.cost <= w && !(c.id == "lose_a_die" && give >= 2) {
					affordable = append(affordable, i)
				}
			}
			if len(affordable) > 0 {
				c := wazabiCards[pick(r, affordable)]
				data := map[string]any{"player": me, "card": c.id}
				if c.target {
					data["target"] = seats[pick(r, others(cur))]
				}
				if c.direction {
					data["direction"] = pick(r, []string{"left", "right"})
				}
				o.emit("card_played", data)
				if !turnGoesOn() {
					continue
				}
				if st().Turn.DrawsDue > 0 {
					draw()
				}
			}
		}
		if turnGoesOn() {
			o.emit("turn_ended", map[string]any{"player": me})
		}
	}
}
