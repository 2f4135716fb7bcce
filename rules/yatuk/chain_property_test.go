package yatuk

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"
)

// bruteForce rules on an army by trying every link assignment (section 5.2):
// each non-wizard card either has no summoner or any card of a kind that may
// summon it with a shared colour. An assignment is valid when every linked
// card's summoner is itself in the chain and no single-slot summoner is used
// twice. It returns the best strength, the YATUK-CHAIN-16 key of the chosen
// set, the white-gem colour, and the signatures of every optimal set.
func bruteForce(cards []Card, gems GemSet, named Color) (int, uint64, Color, map[string]bool) {
	n := len(cards)
	options := make([][]int, n)
	for i, c := range cards {
		options[i] = []int{-1}
		if c.Kind == Wizard || c.Kind == Spell {
			continue
		}
		for h, hc := range cards {
			if h != i && canSummon(hc.Kind, c.Kind) && hc.Colors&c.Colors != 0 {
				options[i] = append(options[i], h)
			}
		}
	}
	choices := whiteChoices(gems, named)
	parent := make([]int, n)
	bestV, bestKey, bestColor := -1, uint64(0), Color("")
	optimal := map[string]bool{}
	inS := make([]bool, n)
	var walk func(i int)
	walk = func(i int) {
		if i < n {
			for _, p := range options[i] {
				parent[i] = p
				walk(i + 1)
			}
			return
		}
		for j, c := range cards {
			inS[j] = c.Kind == Wizard || parent[j] >= 0
		}
		used := map[int]bool{}
		for j, c := range cards {
			p := parent[j]
			if p < 0 {
				continue
			}
			if !inS[p] {
				return
			}
			if limited(cards[p].Kind, c.Kind) {
				if used[p] {
					return
				}
				used[p] = true
			}
		}
		var key uint64
		var sig []string
		for j := range cards {
			if inS[j] {
				key |= keyBit(j)
				sig = append(sig, fmt.Sprint(cards[j]))
			}
		}
		sort.Strings(sig)
		for _, w := range choices {
			v := 0
			for j, c := range cards {
				if inS[j] {
					v += c.Power + bonus(c, gems, w)
				}
			}
			switch {
			case v > bestV:
				bestV, bestKey, bestColor = v, key, w
				optimal = map[string]bool{strings.Join(sig, "|"): true}
			case v == bestV:
				optimal[strings.Join(sig, "|")] = true
				if key > bestKey {
					bestKey, bestColor = key, w
				}
			}
		}
	}
	walk(0)
	return bestV, bestKey, bestColor, optimal
}

func randomArmy(r *rand.Rand) []Card {
	n := 1 + r.IntN(8)
	out := make([]Card, n)
	for i := range out {
		var k Kind
		switch x := r.IntN(100); {
		case x < 20:
			k = Wizard
		case x < 30:
			k = Tool
		case x < 55:
			k = Monster
		case x < 70:
			k = Demon
		case x < 95:
			k = Weapon
		default:
			k = Spell
		}
		if k == Spell {
			out[i] = Card{Kind: Spell}
			continue
		}
		var cs ColorSet
		switch x := r.IntN(10); {
		case x < 6:
			cs = 1 << r.IntN(4)
		case x < 9:
			a := r.IntN(4)
			b := (a + 1 + r.IntN(3)) % 4
			cs = 1<<a | 1<<b
		default:
			cs = 0x0f
		}
		out[i] = Card{Kind: k, Colors: cs, Power: r.IntN(13)}
	}
	return out
}

func keyOf(r ArmyRuling) uint64 {
	var key uint64
	for i, c := range r.Cards {
		if c.Kept {
			key |= keyBit(i)
		}
	}
	return key
}

func keptSignature(cards []Card, r ArmyRuling) string {
	var sig []string
	for i, c := range r.Cards {
		if c.Kept {
			sig = append(sig, fmt.Sprint(cards[i]))
		}
	}
	sort.Strings(sig)
	return strings.Join(sig, "|")
}

// TestChainProperties: on random armies the exact ruling equals a brute-force
// search over all link assignments (YATUK-CHAIN-15, -16), is independent of
// the order the cards are given in, never keeps a card whose summoner was
// removed (YATUK-CHAIN-11), and its links, declared back, give the same army.
func TestChainProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 96))
	for trial := range 400 {
		cards := randomArmy(r)
		gems := GemSet(r.IntN(32))
		named := Color("")
		if gems.white() && r.IntN(3) == 0 {
			named = colorOrder[r.IntN(4)]
		}
		check := func(cards []Card) ArmyRuling {
			t.Helper()
			got := ruleArmy(cards, gems, ArmyOptions{WhiteGemColor: named})
			v, key, color, _ := bruteForce(cards, gems, named)
			if got.Total != v || keyOf(got) != key {
				t.Fatalf("trial %d %v gems %v: got total %d key %x, brute force %d key %x", trial, cards, gems.Gems(), got.Total, keyOf(got), v, key)
			}
			if gems.white() && got.WhiteGem.Color != color {
				t.Fatalf("trial %d %v: white %s, brute force %s", trial, cards, got.WhiteGem.Color, color)
			}
			checkLinksValid(t, cards, got)
			sum := got.Base
			for _, gb := range got.GemBonuses {
				sum += gb.Bonus
			}
			if sum != got.Total {
				t.Fatalf("trial %d: base + bonuses = %d, total %d", trial, sum, got.Total)
			}
			return got
		}
		first := check(cards)
		_, _, _, optimal := bruteForce(cards, gems, named)
		for range 3 {
			shuffled := slices.Clone(cards)
			r.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
			again := check(shuffled)
			if again.Total != first.Total {
				t.Fatalf("trial %d: shuffled total %d, first %d", trial, again.Total, first.Total)
			}
			if len(optimal) == 1 && keptSignature(shuffled, again) != keptSignature(cards, first) {
				t.Fatalf("trial %d: shuffled army keeps different cards", trial)
			}
		}
		// The links found, declared back, keep the same cards.
		links := make([]int, len(cards))
		for i, c := range first.Cards {
			links[i] = c.SummonedBy
		}
		white := named
		if gems.white() {
			white = first.WhiteGem.Color
		}
		decl := ruleArmy(cards, gems, ArmyOptions{Resolution: Declared, Links: links, WhiteGemColor: white})
		if decl.Total != first.Total || keyOf(decl) != keyOf(first) {
			t.Fatalf("trial %d: declared links give %d, maximize %d", trial, decl.Total, first.Total)
		}
	}
}
