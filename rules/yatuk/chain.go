package yatuk

import (
	"fmt"
	"math/bits"

	"github.com/motamed/motamed/rules"
)

// Resolution says how an army's chain is chosen when several are legal
// (YATUK-CHAIN-15, YATUK-AMB-5).
type Resolution string

// The chain resolutions.
const (
	// Maximize counts the strongest legal chain, gem bonuses included.
	Maximize Resolution = "maximize"
	// Declared checks the links the owner declares.
	Declared Resolution = "declared"
)

// MaxArmyCards bounds the cards of one army given to the referee: twice a
// land's capacity is at most 2 x 12 in a match, and 16 keeps the exact search
// fast (it is exponential in the number of monsters and demons).
const MaxArmyCards = 16

// ArmyOptions are the choices an army's owner may make.
type ArmyOptions struct {
	// WhiteGemColor is the colour named for the white gem; empty lets the
	// referee choose the best one (YATUK-GEM-7).
	WhiteGemColor Color
	// Resolution is Maximize when empty.
	Resolution Resolution
	// Links, with Declared only: for each card, the 1-based position of the
	// card that summons or holds it, 0 for none (wizards, spells).
	Links []int
}

// ArmyRuling is the referee's account of one army in battle.
type ArmyRuling struct {
	Resolution Resolution    `json:"chain_resolution"`
	Cards      []CardRuling  `json:"cards"`
	Kept       int           `json:"kept"`
	Removed    int           `json:"removed"`
	Base       int           `json:"base"`
	GemBonuses []GemBonus    `json:"gem_bonuses"`
	WhiteGem   *WhiteGemPick `json:"white_gem,omitempty"`
	Total      int           `json:"total"`
	// Rule is YATUK-CHAIN-15 (strongest chain) or YATUK-AMB-5 (declared links).
	Rule        string     `json:"rule"`
	Explanation rules.Text `json:"explanation"`
	// TieBreak is set when another chain gives the same strength and
	// YATUK-CHAIN-16 chose which one is shown.
	TieBreak *Citation `json:"tie_break,omitempty"`
}

// Citation is a rule with a sentence.
type Citation struct {
	Rule        string     `json:"rule"`
	Explanation rules.Text `json:"explanation"`
}

// CardRuling says whether one card counts, and why.
type CardRuling struct {
	// Position is the card's 1-based place in the army as given.
	Position int     `json:"position"`
	Kind     Kind    `json:"kind"`
	Colors   []Color `json:"colors"`
	Power    int     `json:"power"`
	Kept     bool    `json:"kept"`
	// SummonedBy is the position of the card that summons it (or, for a
	// weapon, uses it); omitted for wizards and removed cards.
	SummonedBy int `json:"summoned_by,omitempty"`
	// Link is "summoned" or "used" (a weapon used by a monster or demon).
	Link string `json:"link,omitempty"`
	// Via lists the colours the card shares with its summoner.
	Via      []Color `json:"via,omitempty"`
	Bonus    int     `json:"bonus"`
	Strength int     `json:"strength"`
	// Reason is set for removed cards: spell, no_wizard, no_summoner,
	// color_mismatch, summoner_removed, summoner_used, no_link,
	// wrong_summoner_kind.
	Reason      string     `json:"reason,omitempty"`
	Rule        string     `json:"rule"`
	Explanation rules.Text `json:"explanation"`
}

// GemBonus is what one held gem adds (YATUK-GEM-1 to -4).
type GemBonus struct {
	Gem   Gem   `json:"gem"`
	Color Color `json:"color"`
	// Cards are the positions of the kept cards of that colour.
	Cards []int  `json:"cards"`
	Bonus int    `json:"bonus"`
	Rule  string `json:"rule"`
}

// WhiteGemPick is the colour named for the white gem and what each colour
// would give.
type WhiteGemPick struct {
	Color Color `json:"color"`
	// ChosenBy is "player" when the colour was named, "referee" when the
	// referee chose the best one.
	ChosenBy string `json:"chosen_by"`
	// Totals is the army's strength with each colour named.
	Totals      []ColorTotal `json:"totals"`
	Rule        string       `json:"rule"`
	Explanation rules.Text   `json:"explanation"`
}

// ColorTotal is the army's strength with one colour named for the white gem.
type ColorTotal struct {
	Color Color `json:"color"`
	Total int   `json:"total"`
}

// RuleArmy rules on one army: which cards are legally chained (section 5 of
// the spec), what each kept card hangs from, why each removed card goes, and
// the strength with the owner's gem bonuses. It is exact and deterministic:
// the answer does not depend on the order of the cards except where
// YATUK-CHAIN-16 breaks a tie between equally strong chains by position.
func RuleArmy(cards []Card, gems []Gem, opt ArmyOptions) (ArmyRuling, error) {
	var f rules.Fields
	if len(cards) > MaxArmyCards {
		f.Add("cards", fmt.Sprintf("has %d cards; the referee rules on at most %d", len(cards), MaxArmyCards))
	}
	for i, c := range cards {
		checkCard(c, fmt.Sprintf("cards[%d]", i), &f)
	}
	var gs GemSet
	for i, g := range gems {
		b, ok := gemBit(g)
		if !ok || gs&b != 0 {
			f.Add(fmt.Sprintf("gems[%d]", i), fmt.Sprintf("%q is not a gem, or is listed twice (%s)", g, ruleGems))
		}
		gs |= b
	}
	checkArmyOptions(cards, gs, opt, "", &f)
	if err := f.Err(); err != nil {
		return ArmyRuling{}, err
	}
	return ruleArmy(cards, gs, opt), nil
}

// checkCard validates a Card built in Go (decoded cards are checked by
// cardJSON.toCard).
func checkCard(c Card, path string, f *rules.Fields) {
	switch {
	case !validKind(c.Kind):
		f.Add(path+".kind", fmt.Sprintf("%q is not a card kind", c.Kind))
	case c.Kind == Spell:
		if c.Colors != 0 || c.Power != 0 {
			f.Add(path, "a spell has no colours and no power")
		}
	default:
		if n := c.Colors.Len(); n != 1 && n != 2 && n != 4 || c.Colors > 0x0f {
			f.Add(path+".colors", fmt.Sprintf("an army card has 1, 2 or 4 colours (%s)", ruleColorCount))
		}
		if c.Power < 0 || c.Power > maxPower {
			f.Add(path+".power", fmt.Sprintf("must be between 0 and %d (%s)", maxPower, ruleCatalogue))
		}
	}
}

// checkArmyOptions validates the options against the army; prefix is "" for
// the army referee and e.g. "data." for an event.
func checkArmyOptions(cards []Card, gems GemSet, opt ArmyOptions, prefix string, f *rules.Fields) {
	if opt.WhiteGemColor != "" {
		if _, ok := colorBit(opt.WhiteGemColor); !ok {
			f.Add(prefix+"white_gem_color", fmt.Sprintf("%q is not a colour: use red, green, yellow or blue", opt.WhiteGemColor))
		} else if !gems.white() {
			f.Add(prefix+"white_gem_color", "only the holder of the white gem names a colour: add \"white\" to the gems")
		}
	}
	switch opt.Resolution {
	case "", Maximize:
		if opt.Links != nil {
			f.Add(prefix+"links", "is only used with chain_resolution \"declared\"")
		}
	case Declared:
		checkLinks(cards, opt.Links, prefix+"links", f)
	default:
		f.Add(prefix+"chain_resolution", fmt.Sprintf("%q is not a chain resolution: use maximize or declared", opt.Resolution))
	}
}

func checkLinks(cards []Card, links []int, path string, f *rules.Fields) {
	if len(links) != len(cards) {
		f.Add(path, fmt.Sprintf("must give one entry per card (%d), the position of its summoner or null", len(cards)))
		return
	}
	for i, l := range links {
		switch {
		case l < 0 || l > len(cards):
			f.Add(fmt.Sprintf("%s[%d]", path, i), fmt.Sprintf("must be null or a card position from 1 to %d", len(cards)))
		case l != 0 && cards[i].Kind == Wizard:
			f.Add(fmt.Sprintf("%s[%d]", path, i), "must be null: a wizard needs no summoner (YATUK-CHAIN-3)")
		case l != 0 && cards[i].Kind == Spell:
			f.Add(fmt.Sprintf("%s[%d]", path, i), "must be null: a spell is never part of a chain (YATUK-CHAIN-2)")
		}
	}
}

// solution is a chosen chain: which cards stay, who links each, and the
// white-gem colour.
type solution struct {
	kept   []bool
	parent []int // index of the summoner or holder, -1 for none
	why    []removal
	white  Color
	totals []ColorTotal // per white-gem colour, when the white gem is held
	tie    bool         // another chain reaches the same strength
}

type removal struct {
	reason, rule string
	text         rules.Text
}

// ruleArmy assumes validated input.
func ruleArmy(cards []Card, gems GemSet, opt ArmyOptions) ArmyRuling {
	res := opt.Resolution
	if res == "" {
		res = Maximize
	}
	var sol solution
	if res == Declared {
		sol = solveDeclared(cards, gems, opt.Links, opt.WhiteGemColor)
	} else {
		sol = solveMax(cards, gems, opt.WhiteGemColor)
		explainRemovals(cards, &sol)
	}
	return report(cards, gems, res, opt.WhiteGemColor != "", sol)
}

// whiteChoices lists the colours to try for the white gem: the named one, all
// four when none is named, or the single "no colour" when it is not held.
func whiteChoices(gems GemSet, named Color) []Color {
	switch {
	case !gems.white():
		return []Color{""}
	case named != "":
		return []Color{named}
	default:
		return colorOrder[:]
	}
}

// bonus is YATUK-GEM-1..4: +1 per held coloured gem the card matches, and +1
// when it has the colour named for the white gem.
func bonus(c Card, gems GemSet, white Color) int {
	if c.Kind == Spell {
		return 0
	}
	b := (c.Colors & gems.colored()).Len()
	if white != "" && gems.white() && c.Colors.Has(white) {
		b++
	}
	return b
}

// keyBit orders chains for YATUK-CHAIN-16: the set whose first differing
// position is kept compares higher.
func keyBit(i int) uint64 { return 1 << (63 - uint(i)) }

// canSummon is the link table of section 5.1: which kind summons (or, for
// weapons, uses) which.
func canSummon(summoner, summoned Kind) bool {
	switch summoned {
	case Tool:
		return summoner == Wizard
	case Monster:
		return summoner == Wizard || summoner == Tool
	case Demon, Weapon:
		return summoner == Monster || summoner == Demon && summoned == Weapon
	}
	return false
}

// limited reports whether a summoner may make this link only once
// (YATUK-CHAIN-4..7: one monster per wizard or tool, one demon per monster).
func limited(summoner, summoned Kind) bool {
	return summoned == Monster || summoned == Demon && summoner == Monster
}

// solveMax finds the strongest legal chain (YATUK-CHAIN-15), ties broken by
// YATUK-CHAIN-16 and then by colour order for the white gem.
//
// Wizards always stay; a tool stays exactly when it shares a colour with a
// wizard; a weapon stays exactly when a kept monster or demon shares a colour
// with it (no limits, non-negative power). Only the monster and demon sets
// compete, so every monster set that can be matched into the wizards' and
// tools' single slots, and every demon set that can be matched into that
// monster set, is tried. Matchability is Hall's condition, computed for all
// subsets at once.
func solveMax(cards []Card, gems GemSet, named Color) solution {
	n := len(cards)
	sol := solution{kept: make([]bool, n), parent: make([]int, n), why: make([]removal, n)}
	for i := range sol.parent {
		sol.parent[i] = -1
	}
	choices := whiteChoices(gems, named)
	var ws, slots, ms, ds, xs []int
	var wizColors ColorSet
	for i, c := range cards {
		if c.Kind == Wizard {
			ws = append(ws, i)
			wizColors |= c.Colors
		}
	}
	for i, c := range cards {
		switch c.Kind {
		case Wizard:
			slots = append(slots, i)
		case Tool:
			if c.Colors&wizColors != 0 {
				slots = append(slots, i)
			}
		case Monster:
			ms = append(ms, i)
		case Demon:
			ds = append(ds, i)
		case Weapon:
			xs = append(xs, i)
		}
	}
	if len(ws) == 0 {
		sol.white = choices[0]
		if gems.white() {
			for _, c := range choices {
				sol.totals = append(sol.totals, ColorTotal{Color: c})
			}
		}
		return sol
	}
	nc := len(choices)
	val := func(wi, i int) int { return cards[i].Power + bonus(cards[i], gems, choices[wi]) }

	fixed := make([]int, nc)
	var fixedKey uint64
	for _, i := range slots {
		fixedKey |= keyBit(i)
		for wi := range nc {
			fixed[wi] += val(wi, i)
		}
	}

	// Monsters: neighbourhoods in the slot list, Hall closure over subsets.
	m := len(ms)
	sizeM := 1 << m
	nbM := make([]uint64, m)
	for j, i := range ms {
		for s, h := range slots {
			if cards[h].Colors&cards[i].Colors != 0 {
				nbM[j] |= 1 << uint(s)
			}
		}
	}
	NM := make([]uint64, sizeM)
	okM := make([]bool, sizeM)
	covM := make([]ColorSet, sizeM)
	keyM := make([]uint64, sizeM)
	sumM := make([]int, nc*sizeM)
	okM[0] = true
	for X := 1; X < sizeM; X++ {
		low := bits.TrailingZeros(uint(X))
		prev := X &^ (1 << low)
		i := ms[low]
		NM[X] = NM[prev] | nbM[low]
		covM[X] = covM[prev] | cards[i].Colors
		keyM[X] = keyM[prev] | keyBit(i)
		for wi := range nc {
			sumM[wi*sizeM+X] = sumM[wi*sizeM+prev] + val(wi, i)
		}
		ok := bits.OnesCount64(NM[X]) >= bits.OnesCount(uint(X))
		for r := X; ok && r != 0; r &= r - 1 {
			ok = okM[X&^(r&-r)]
		}
		okM[X] = ok
	}

	// Demons: neighbourhoods among the monsters (bit j = ms[j]).
	d := len(ds)
	sizeD := 1 << d
	nbD := make([]uint64, d)
	for k, i := range ds {
		for j, h := range ms {
			if cards[h].Colors&cards[i].Colors != 0 {
				nbD[k] |= 1 << uint(j)
			}
		}
	}
	ND := make([]uint64, sizeD)
	covD := make([]ColorSet, sizeD)
	keyD := make([]uint64, sizeD)
	sumD := make([]int, nc*sizeD)
	for Y := 1; Y < sizeD; Y++ {
		low := bits.TrailingZeros(uint(Y))
		prev := Y &^ (1 << low)
		i := ds[low]
		ND[Y] = ND[prev] | nbD[low]
		covD[Y] = covD[prev] | cards[i].Colors
		keyD[Y] = keyD[prev] | keyBit(i)
		for wi := range nc {
			sumD[wi*sizeD+Y] = sumD[wi*sizeD+prev] + val(wi, i)
		}
	}

	// Weapons depend only on the colours their possible holders cover.
	wVal := make([]int, nc*16)
	var wKey [16]uint64
	for cov := range 16 {
		for _, i := range xs {
			if cards[i].Colors&ColorSet(cov) != 0 {
				wKey[cov] |= keyBit(i)
				for wi := range nc {
					wVal[wi*16+cov] += val(wi, i)
				}
			}
		}
	}

	type cand struct {
		v     int
		key   uint64
		wi    int
		X, Y  int
		found bool
	}
	var best cand
	perColor := make([]int, nc)
	for wi := range perColor {
		perColor[wi] = -1
	}
	okD := make([]bool, sizeD)
	for X := range sizeM {
		if !okM[X] {
			continue
		}
		okD[0] = true
		for Y := 1; Y < sizeD; Y++ {
			ok := bits.OnesCount64(ND[Y]&uint64(X)) >= bits.OnesCount(uint(Y))
			for r := Y; ok && r != 0; r &= r - 1 {
				ok = okD[Y&^(r&-r)]
			}
			okD[Y] = ok
		}
		for Y := range sizeD {
			if !okD[Y] {
				continue
			}
			cov := covM[X] | covD[Y]
			key := fixedKey | keyM[X] | keyD[Y] | wKey[cov]
			for wi := range nc {
				v := fixed[wi] + sumM[wi*sizeM+X] + sumD[wi*sizeD+Y] + wVal[wi*16+int(cov)]
				if v > perColor[wi] {
					perColor[wi] = v
				}
				switch {
				case !best.found || v > best.v:
					best = cand{v: v, key: key, wi: wi, X: X, Y: Y, found: true}
					sol.tie = false
				case v == best.v && key != best.key:
					sol.tie = true
					if key > best.key {
						best = cand{v: v, key: key, wi: wi, X: X, Y: Y, found: true}
					}
				}
			}
		}
	}

	sol.white = choices[best.wi]
	if gems.white() {
		for wi, c := range choices {
			sol.totals = append(sol.totals, ColorTotal{Color: c, Total: perColor[wi]})
		}
	}
	for _, i := range slots {
		sol.kept[i] = true
	}
	var keptM, keptD, hosts []int
	for j, i := range ms {
		if best.X&(1<<j) != 0 {
			sol.kept[i] = true
			keptM = append(keptM, i)
		}
	}
	for k, i := range ds {
		if best.Y&(1<<k) != 0 {
			sol.kept[i] = true
			keptD = append(keptD, i)
		}
	}
	// Links, chosen deterministically: the lowest-position summoner that
	// still leaves a complete matching for the cards after it.
	for _, i := range slots {
		if cards[i].Kind == Tool {
			for _, w := range ws {
				if cards[w].Colors&cards[i].Colors != 0 {
					sol.parent[i] = w
					break
				}
			}
		}
	}
	assignInOrder(cards, keptM, slots, sol.parent)
	assignInOrder(cards, keptD, keptM, sol.parent)
	for i, c := range cards {
		if c.Kind == Monster || c.Kind == Demon {
			if sol.kept[i] {
				hosts = append(hosts, i)
			}
		}
	}
	for _, i := range xs {
		for _, h := range hosts {
			if cards[h].Colors&cards[i].Colors != 0 {
				sol.kept[i] = true
				sol.parent[i] = h
				break
			}
		}
	}
	return sol
}

// assignInOrder links each item, in position order, to the lowest-position
// free host sharing a colour with it such that the remaining items can still
// all be matched. The items are known to be matchable as a whole.
func assignInOrder(cards []Card, items, hosts []int, parent []int) {
	used := make([]bool, len(hosts))
	for k, it := range items {
		for h, host := range hosts {
			if used[h] || cards[host].Colors&cards[it].Colors == 0 {
				continue
			}
			used[h] = true
			if matchable(cards, items[k+1:], hosts, used) {
				parent[it] = host
				break
			}
			used[h] = false
		}
	}
}

// matchable reports whether every item can get its own unused host sharing a
// colour (Kuhn's augmenting paths; the sets are tiny).
func matchable(cards []Card, items, hosts []int, used []bool) bool {
	owner := make([]int, len(hosts))
	for h := range owner {
		owner[h] = -1
	}
	var try func(it int, seen []bool) bool
	try = func(it int, seen []bool) bool {
		for h, host := range hosts {
			if used[h] || seen[h] || cards[host].Colors&cards[items[it]].Colors == 0 {
				continue
			}
			seen[h] = true
			if owner[h] < 0 || try(owner[h], seen) {
				owner[h] = it
				return true
			}
		}
		return false
	}
	for it := range items {
		if !try(it, make([]bool, len(hosts))) {
			return false
		}
	}
	return true
}

// solveDeclared checks the links the owner declares (chain_resolution
// "declared"): a card stays when its declared summoner may summon its kind,
// shares a colour, is itself kept and has not used its single slot on an
// earlier card. Cards are settled in rank order (wizard, tool, monster, demon,
// weapon), so a summoner's fate is known first; within a kind, in position
// order.
func solveDeclared(cards []Card, gems GemSet, links []int, named Color) solution {
	n := len(cards)
	sol := solution{kept: make([]bool, n), parent: make([]int, n), why: make([]removal, n)}
	hasWizard := false
	for i, c := range cards {
		sol.parent[i] = -1
		if c.Kind == Wizard {
			hasWizard = true
			sol.kept[i] = true
		}
	}
	for i, c := range cards {
		switch {
		case c.Kind == Spell:
			sol.why[i] = removalSpell()
		case !hasWizard:
			sol.why[i] = removalNoWizard()
		}
	}
	if hasWizard {
		slotUsed := make([]bool, n)
		for _, k := range []Kind{Tool, Monster, Demon, Weapon} {
			for i, c := range cards {
				if c.Kind != k {
					continue
				}
				if links[i] == 0 {
					sol.why[i] = removalNoLink(c)
					continue
				}
				p := links[i] - 1
				pc := cards[p]
				switch {
				case !canSummon(pc.Kind, k):
					sol.why[i] = removalWrongKind(c, p, pc)
				case pc.Colors&c.Colors == 0:
					sol.why[i] = removalDeclaredColor(c, p, pc)
				case !sol.kept[p]:
					sol.why[i] = removalDeclaredRemoved(c, p, pc)
				case limited(pc.Kind, k) && slotUsed[p]:
					sol.why[i] = removalDeclaredUsed(cards, c, p, pc, sol.parent)
				default:
					sol.kept[i] = true
					sol.parent[i] = p
					if limited(pc.Kind, k) {
						slotUsed[p] = true
					}
				}
			}
		}
	}
	// The white-gem colour: the named one, else the best for the kept set.
	choices := whiteChoices(gems, named)
	bestWi, bestV := 0, -1
	for wi, w := range choices {
		v := 0
		for i, c := range cards {
			if sol.kept[i] {
				v += c.Power + bonus(c, gems, w)
			}
		}
		if gems.white() {
			sol.totals = append(sol.totals, ColorTotal{Color: w, Total: v})
		}
		if v > bestV {
			bestWi, bestV = wi, v
		}
	}
	sol.white = choices[bestWi]
	return sol
}

// report builds the ruling from a solution.
func report(cards []Card, gems GemSet, res Resolution, named bool, sol solution) ArmyRuling {
	out := ArmyRuling{Resolution: res, Cards: make([]CardRuling, len(cards)), GemBonuses: []GemBonus{}}
	white := Color("")
	if gems.white() {
		white = sol.white
	}
	for i, c := range cards {
		cr := CardRuling{Position: i + 1, Kind: c.Kind, Colors: c.Colors.Colors(), Power: c.Power, Kept: sol.kept[i]}
		if sol.kept[i] {
			out.Kept++
			cr.Bonus = bonus(c, gems, white)
			cr.Strength = c.Power + cr.Bonus
			out.Base += c.Power
			out.Total += cr.Strength
			cr.Rule, cr.Explanation = keptText(cards, i, sol.parent[i])
			if p := sol.parent[i]; p >= 0 {
				cr.SummonedBy = p + 1
				cr.Link = "summoned"
				if c.Kind == Weapon {
					cr.Link = "used"
				}
				cr.Via = (cards[p].Colors & c.Colors).Colors()
			}
		} else {
			out.Removed++
			w := sol.why[i]
			cr.Reason, cr.Rule, cr.Explanation = w.reason, w.rule, w.text
		}
		out.Cards[i] = cr
	}
	for _, g := range gems.Gems() {
		col := Color(g)
		rule := "YATUK-GEM-1"
		if g == White {
			col = white
			rule = "YATUK-GEM-3"
		}
		gb := GemBonus{Gem: g, Color: col, Cards: []int{}, Rule: rule}
		for i, c := range cards {
			if sol.kept[i] && c.Colors.Has(col) {
				gb.Cards = append(gb.Cards, i+1)
				gb.Bonus++
			}
		}
		out.GemBonuses = append(out.GemBonuses, gb)
	}
	if gems.white() {
		pick := &WhiteGemPick{Color: white, ChosenBy: "referee", Totals: sol.totals, Rule: "YATUK-GEM-7"}
		if named {
			pick.ChosenBy = "player"
			pick.Rule = "YATUK-GEM-3"
			pick.Explanation = rules.T(
				fmt.Sprintf("The white gem's holder named %s for this battle.", white),
				fmt.Sprintf("دارنده‌ی گوهر سفید برای این نبرد رنگ %s را انتخاب کرد.", colorFA[white]))
		} else {
			pick.Explanation = rules.T(
				fmt.Sprintf("No colour was named for the white gem, so the referee names the best one: %s.", white),
				fmt.Sprintf("برای گوهر سفید رنگی اعلام نشد، پس داور بهترین رنگ را انتخاب می‌کند: %s.", colorFA[white]))
		}
		out.WhiteGem = pick
	}
	out.Rule = "YATUK-CHAIN-15"
	how := rules.T("The strongest legal chain counts.", "قوی‌ترین زنجیره‌ی مجاز لشکر حساب می‌شود.")
	if res == Declared {
		out.Rule = "YATUK-AMB-5"
		how = rules.T("The links the owner declared were checked.", "احضارهایی که صاحب لشکر اعلام کرد بررسی شد.")
	}
	out.Explanation = rules.T(
		fmt.Sprintf("Strength %d: %d cards kept, base %d plus %d from gems. %s", out.Total, out.Kept, out.Base, out.Total-out.Base, how.EN),
		fmt.Sprintf("قدرت لشکر %d: %d کارت می‌ماند، قدرت پایه %d و %d از گوهرها. %s", out.Total, out.Kept, out.Base, out.Total-out.Base, how.FA))
	if sol.tie && res == Maximize {
		out.TieBreak = &Citation{Rule: "YATUK-CHAIN-16", Explanation: rules.T(
			"Another chain gives the same strength; the one shown keeps the card with the lowest position where the two differ. The battle result is the same either way.",
			"زنجیره‌ی دیگری هم همین قدرت را دارد؛ زنجیره‌ای نشان داده می‌شود که در اولین جای تفاوت، کارتِ جای پایین‌تر را نگه می‌دارد. نتیجه‌ی نبرد در هر دو حالت یکی است.")}
	}
	return out
}
