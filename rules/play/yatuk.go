package play

import (
	"math/rand/v2"
	"slices"

	"github.com/motamed/motamed/rules/yatuk"
)

// Yatuk: the generator keeps every column's real cards (the referee sees
// only the face-up ones and counts the rest) and follows the state's phase.
// On their turn a player plays army cards onto lands below their capacity
// (mostly the land where their column is longest, so columns fill and battles
// come), declares battle where their column was full at the turn's start,
// burns a card, or now and then plays a spell (Night Raid or Betrayal on an
// opponent's column, revealing the face-down cards that move up; extra
// plays; an unknown spell). Face-down cards are recorded with their identity
// half the time. Forced and declared battles are resolved with every army at
// the land in column order. The match ends at three gems, after the fifth
// battle, or when the decks run dry and everyone passes. Land capacities
// vary per match (the rulebook prints only Gomati's).

var (
	yatukLands   = []string{"vipas", "vitasta", "parushni", "sutudri", "gomati"}
	yatukColours = []string{"red", "green", "yellow", "blue"}
)

type ycard struct {
	Kind   string   `json:"kind"`
	Colors []string `json:"colors"`
	Power  int      `json:"power"`
}

func yatukCard(r *rand.Rand) ycard {
	var c ycard
	switch x := r.Float64(); {
	case x < 0.3:
		c.Kind = "wizard"
	case x < 0.55:
		c.Kind = "monster"
	case x < 0.7:
		c.Kind = "demon"
	case x < 0.85:
		c.Kind = "tool"
	default:
		c.Kind = "weapon"
	}
	switch x := r.Float64(); {
	case x < 0.7:
		c.Colors = []string{pick(r, yatukColours)}
	case x < 0.95:
		p := r.Perm(4)
		a, b := min(p[0], p[1]), max(p[0], p[1])
		c.Colors = []string{yatukColours[a], yatukColours[b]}
	default:
		c.Colors = slices.Clone(yatukColours)
	}
	c.Power = 1 + r.IntN(12)
	if c.Kind == "monster" || c.Kind == "demon" {
		c.Power += r.IntN(10)
	}
	return c
}

func playYatuk(r *rand.Rand, o *oracle, n int) {
	seats := SeatIDs(n)
	capacities := map[string]int{}
	for _, l := range yatukLands[:4] {
		capacities[l] = 2 + r.IntN(3)
	}
	if chance(r, 0.5) {
		capacities["gomati"] = 3 + r.IntN(4)
	}
	opts := map[string]any{"capacities": capacities}
	if chance(r, 0.5) {
		opts["first_player"] = seats[r.IntN(n)]
	}
	o.setup(opts)
	st := func() *yatuk.State { return o.state.(*yatuk.State) }
	capacity := func(l string) int {
		for _, ls := range st().Lands {
			if string(ls.Land) == l {
				return ls.Capacity
			}
		}
		return 0
	}
	active := func(l string) bool {
		for _, ls := range st().Lands {
			if string(ls.Land) == l {
				return ls.Active
			}
		}
		return false
	}
	seatOf := o.seatOf
	// cols[land][seat] is the column, every card known to the generator.
	cols := map[string][][]ycard{}
	for _, l := range yatukLands {
		cols[l] = make([][]ycard, n)
	}

	play := func(cur int) bool {
		var open []string
		for _, l := range yatukLands {
			if active(l) && len(cols[l][cur]) < capacity(l) {
				open = append(open, l)
			}
		}
		if len(open) == 0 {
			return false
		}
		l := pick(r, open)
		if chance(r, 0.6) {
			for _, x := range open {
				if len(cols[x][cur]) > len(cols[l][cur]) {
					l = x
				}
			}
		}
		c := yatukCard(r)
		data := map[string]any{"player": seats[cur], "land": l}
		if len(cols[l][cur]) < 2 || chance(r, 0.5) {
			data["card"] = c
		}
		cols[l][cur] = append(cols[l][cur], c)
		o.emit("card_played", data)
		return true
	}

	// strike plays Night Raid or Betrayal on an opponent's column.
	strike := func(cur int) bool {
		type target struct {
			land string
			seat int
		}
		var ts []target
		for _, l := range yatukLands {
			if !active(l) {
				continue
			}
			for j := range seats {
				if j != cur && len(cols[l][j]) > 0 {
					ts = append(ts, target{l, j})
				}
			}
		}
		if len(ts) == 0 {
			return false
		}
		t := pick(r, ts)
		col := cols[t.land][t.seat]
		gone := map[int]bool{0: true}
		data := map[string]any{"player": seats[cur], "target": seats[t.seat], "land": t.land}
		if len(col) >= 2 {
			gone[1] = true
		}
		if chance(r, 0.5) {
			data["spell"] = "night_raid"
		} else {
			data["spell"] = "betrayal"
			positions := []int{1}
			if len(col) >= 2 && chance(r, 0.5) {
				positions = []int{2}
				delete(gone, 0)
			} else {
				delete(gone, 1)
			}
			data["cards"] = positions
		}
		var kept, revealed []ycard
		for i, c := range col {
			if gone[i] {
				continue
			}
			if len(kept) < 2 && i >= 2 {
				revealed = append(revealed, c)
			}
			kept = append(kept, c)
		}
		if len(revealed) > 0 {
			data["revealed"] = revealed
		}
		cols[t.land][t.seat] = kept
		o.emit("spell_played", data)
		return true
	}

	for !o.finished() {
		s := st()
		if s.Phase == yatuk.PhaseForced || s.Phase == yatuk.PhaseDeclared {
			l := string(s.PendingBattle.Land)
			armies := map[string][]ycard{}
			for j, col := range cols[l] {
				if len(col) > 0 {
					armies[seats[j]] = col
				}
			}
			o.emit("battle_resolved", map[string]any{"land": l, "armies": armies})
			for j := range cols[l] {
				cols[l][j] = nil
			}
			continue
		}
		cur := seatOf(s.Current)
		me := seats[cur]
		if s.Players[cur].HandSize == 0 {
			o.emit("turn_ended", map[string]any{"player": me})
			continue
		}
		if s.ActionsLeft == 0 { // plays a spell granted
			if !chance(r, 0.7) || !play(cur) {
				o.emit("turn_ended", map[string]any{"player": me})
			}
			continue
		}
		var declarable []string
		for _, l := range s.FullAtTurnStart {
			if active(string(l)) && !slices.Contains(s.ThisTurn.Declared, l) {
				declarable = append(declarable, string(l))
			}
		}
		if len(declarable) > 0 && chance(r, 0.6) {
			o.emit("battle_declared", map[string]any{"player": me, "land": pick(r, declarable)})
			continue
		}
		switch x := r.Float64(); {
		case x < 0.03:
			o.emit("spell_played", map[string]any{"player": me, "spell": "extra_plays", "extra_plays": 1 + r.IntN(2)})
			continue
		case x < 0.04:
			o.emit("spell_played", map[string]any{"player": me, "spell": "other", "name": "Storm of Zurvan"})
			continue
		case x < 0.08:
			if strike(cur) {
				continue
			}
		case x < 0.92:
			if play(cur) {
				continue
			}
		}
		o.emit("card_burned", map[string]any{"player": me})
	}
}
