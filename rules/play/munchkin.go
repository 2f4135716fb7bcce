package play

import (
	"math/rand/v2"

	"github.com/motamed/motamed/rules/munchkin"
)

// Munchkin: turns in seat order. A character's Race, Class and gender are
// recorded on its first turn; now and then a player declares the Items they
// carry (a loadout within the slot and Big-Item limits). Each turn kicks
// open the door: usually a fight against one or two monsters whose levels
// make it winnable most of the time (sometimes with a helper), else a Go Up
// a Level card or a Curse. A lost fight is followed by one run-away roll per
// runner and monster, and a caught runner suffers Bad Stuff or dies. Players
// sell Items for a level now and then, and every turn ends with the hand
// size (Charity applies over 5). The match ends at the winning level, which
// only a kill can give.

var munchkinMonsters = []string{
	"Stupid Troll", "Plutonium Dragon", "Potted Plant", "Drooling Slime", "Lame Goblin",
	"Mr. Bones", "Gelatinous Octahedron", "Large Angry Chicken", "Net Troll", "Bigfoot",
	"Harpies", "Leperchaun", "Pit Bull", "Crabs", "Flying Frogs", "Undead Horse",
}

type munchkinItem struct {
	Name  string `json:"name"`
	Slot  string `json:"slot"`
	Big   bool   `json:"big,omitempty"`
	Bonus int    `json:"bonus"`
	Gold  int    `json:"gold"`
}

var munchkinHeadgear = []munchkinItem{
	{"Helm of Courage", "headgear", false, 1, 200}, {"Horny Helmet", "headgear", false, 1, 600}, {"Bad-Ass Bandanna", "headgear", false, 3, 400},
}
var munchkinArmor = []munchkinItem{
	{"Leather Armor", "armor", false, 1, 200}, {"Slimy Armor", "armor", false, 1, 200}, {"Mithril Armor", "armor", true, 3, 600},
}
var munchkinFootgear = []munchkinItem{
	{"Boots of Butt-Kicking", "footgear", false, 2, 400}, {"Sandals of Protection", "footgear", false, 0, 700},
}
var munchkinHands = []munchkinItem{
	{"Broad Sword", "one_hand", false, 3, 400}, {"Buckler of Swashing", "one_hand", false, 2, 400},
	{"Rat on a Stick", "one_hand", false, 1, 0}, {"Hammer of Kneecapping", "one_hand", false, 3, 600},
}
var munchkinTwoHands = []munchkinItem{
	{"Bloody Limb-Chopping Chainsaw", "two_hands", true, 3, 600}, {"Huge Rock", "two_hands", true, 3, 0},
	{"Staff of Napalm", "two_hands", false, 5, 800},
}
var munchkinOther = []munchkinItem{
	{"Cloak of Obscurity", "other", false, 4, 600}, {"Spiky Knees", "other", false, 1, 200}, {"Singing and Dancing Sword", "other", false, 2, 400},
}

// munchkinLoadout builds a carried set within every limit: one headgear,
// armor and footgear each, two hands' worth of hand Items, any "other", and
// at most one Big Item.
func munchkinLoadout(r *rand.Rand) []munchkinItem {
	var items []munchkinItem
	big := false
	add := func(it munchkinItem) {
		if it.Big && big {
			return
		}
		big = big || it.Big
		items = append(items, it)
	}
	if chance(r, 0.5) {
		add(pick(r, munchkinHeadgear))
	}
	if chance(r, 0.5) {
		add(pick(r, munchkinArmor))
	}
	if chance(r, 0.4) {
		add(pick(r, munchkinFootgear))
	}
	if chance(r, 0.4) {
		add(pick(r, munchkinTwoHands))
	} else {
		for _, i := range r.Perm(len(munchkinHands))[:r.IntN(3)] {
			add(munchkinHands[i])
		}
	}
	if chance(r, 0.3) {
		add(pick(r, munchkinOther))
	}
	if items == nil {
		items = []munchkinItem{}
	}
	return items
}

type munchkinMonster struct {
	Name      string `json:"name"`
	Level     int    `json:"level"`
	Treasures int    `json:"treasures"`
	Levels    int    `json:"levels,omitempty"`
}

func playMunchkin(r *rand.Rand, o *oracle, n int) {
	seats := SeatIDs(n)
	opts := map[string]any{}
	if chance(r, 0.15) {
		opts["max_level"] = 5 + r.IntN(4) // a quick game
	}
	if chance(r, 0.2) {
		opts["shared_victory"] = true
	}
	if chance(r, 0.2) {
		opts["sell_overflow"] = "reject"
	}
	o.setup(opts)
	top := o.state.(*munchkin.State).Options.MaxLevel
	introduced := make([]bool, n)
	seatOf := o.seatOf
	st := func() *munchkin.State { return o.state.(*munchkin.State) }

	for !o.finished() {
		cur := seatOf(st().Turn.Player)
		me := seats[cur]
		if !introduced[cur] {
			introduced[cur] = true
			ch := map[string]any{"player": me, "gender": pick(r, []string{"male", "female"})}
			if chance(r, 0.7) {
				ch["races"] = []string{pick(r, []string{"elf", "dwarf", "halfling"})}
			}
			if chance(r, 0.7) {
				ch["classes"] = []string{pick(r, []string{"warrior", "wizard", "thief", "cleric"})}
			}
			o.emit("character_updated", ch)
		}
		if chance(r, 0.25) {
			o.emit("loadout_declared", map[string]any{"player": me, "items": munchkinLoadout(r)})
		}

		switch x := r.Float64(); {
		case x < 0.7:
			munchkinFight(r, o, seats, cur, top)
		case x < 0.8 && st().Players[cur].Level < top-1:
			o.emit("level_changed", map[string]any{"player": me, "delta": 1, "reason": "card"})
		case x < 0.9:
			o.emit("level_changed", map[string]any{"player": me, "delta": -1, "reason": "curse"})
		}
		if o.finished() {
			return
		}
		p := st().Players[cur]
		if !p.Dead && p.Level <= top-2 && chance(r, 0.12) {
			gold := []int{400 + 100*r.IntN(3), 600}
			if chance(r, 0.5) {
				gold = append(gold, 200)
			}
			o.emit("items_sold", map[string]any{"player": me, "gold": gold})
		}
		o.emit("turn_ended", map[string]any{"player": me, "hand_size": 2 + r.IntN(7)})
	}
}

// munchkinFight records the current player's fight and, if it is lost, the
// run-away rolls and what the monsters do to those they catch.
func munchkinFight(r *rand.Rand, o *oracle, seats []string, cur, top int) {
	s := o.state.(*munchkin.State)
	p := s.Players[cur]
	bonus := p.EquippedBonus + r.IntN(3)
	strength := p.Level + bonus
	// Monsters worth a bit less than the fighter most of the time. A long
	// match (see Long) loses every fight that could reach the winning level.
	nearTop := o.stopAt > 0 && p.Level >= top-3
	total := strength - 1 - r.IntN(4)
	if chance(r, 0.3) || nearTop {
		total = strength + 1 + r.IntN(5)
	}
	total = max(total, 1)
	count := 1
	if total >= 4 && chance(r, 0.15) {
		count = 2
	}
	monsters := make([]munchkinMonster, count)
	left := total
	for i := range monsters {
		lvl := left
		if i < count-1 {
			lvl = max(1, left/2)
		}
		left -= lvl
		monsters[i] = munchkinMonster{Name: munchkinMonsters[(r.IntN(len(munchkinMonsters))+i)%len(munchkinMonsters)], Level: max(1, lvl), Treasures: 1 + lvl/4}
		if lvl >= 14 && chance(r, 0.5) {
			monsters[i].Levels = 2
		}
	}
	if count == 2 && monsters[0].Name == monsters[1].Name {
		monsters[1].Name += " (2)"
	}
	data := map[string]any{"player": seats[cur], "bonus": bonus, "monsters": monsters}
	if chance(r, 0.15) && !nearTop {
		h := (cur + 1 + r.IntN(len(seats)-1)) % len(seats)
		if !s.Players[h].Dead && (o.stopAt == 0 || s.Players[h].Level < top-3) {
			data["helper"] = seats[h]
			data["helper_bonus"] = r.IntN(4)
		}
	}
	if chance(r, 0.2) && !nearTop {
		data["one_shot_bonus"] = r.IntN(3)
	}
	o.emit("combat", data)

	for !o.finished() {
		s := o.state.(*munchkin.State)
		if s.Combat == nil || !s.Combat.Open {
			return
		}
		due := -1
		for i, roll := range s.Combat.RunAway {
			if !roll.Rolled && !roll.Skipped {
				due = i
				break
			}
		}
		if due < 0 {
			return
		}
		roll := s.Combat.RunAway[due]
		o.emit("run_away", map[string]any{"player": roll.Runner, "monster": roll.Monster, "roll": 1 + r.IntN(6)})
		s = o.state.(*munchkin.State)
		if s.Combat.RunAway[due].Escaped {
			continue
		}
		switch x := r.Float64(); {
		case x < 0.08:
			o.emit("died", map[string]any{"player": roll.Runner, "body_cards": r.IntN(8)})
		case x < 0.6:
			o.emit("level_changed", map[string]any{"player": roll.Runner, "delta": -1 - r.IntN(2), "reason": "bad_stuff"})
		}
	}
}
