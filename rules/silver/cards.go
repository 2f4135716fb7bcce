package silver

import (
	"fmt"
	"strings"

	"github.com/motamed/motamed/rules"
)

// Card values: every card shows one number from 0 to 13 (SILVER-COMP-1).
const (
	minValue = 0
	maxValue = 13
	// villagerValue is card 0: two face-up Villagers in villages end the round.
	villagerValue = 0
	// doubleValue is card 13, the wild card of matched sets.
	doubleValue = 13
	// thiefValue is card 12; two 12s and two 13s make a Kamikaze village.
	thiefValue = 12
)

// copiesOf is how many cards of value v the deck holds: 0 and 13 twice,
// 1 to 12 four times each (SILVER-COMP-2).
func copiesOf(v int) int {
	if v == villagerValue || v == doubleValue {
		return 2
	}
	return 4
}

// valueCounts counts card values; values outside 0..13 are ignored (they are
// reported as input errors before any count matters).
type valueCounts [maxValue + 1]int

func (c *valueCounts) add(values ...int) {
	for _, v := range values {
		if v >= minValue && v <= maxValue {
			c[v]++
		}
	}
}

// copyLimitRuling returns a SILVER-COMP-2 ruling when some value shows up more
// often than the deck holds it, naming every such value; where says what was
// counted ("the villages", "the village and the drawn card").
func copyLimitRuling(c valueCounts, whereEN, whereFA string) []rules.Ruling {
	var en, fa []string
	for v := minValue; v <= maxValue; v++ {
		if c[v] > copiesOf(v) {
			en = append(en, fmt.Sprintf("%d cards of %d (the deck has %d)", c[v], v, copiesOf(v)))
			fa = append(fa, fmt.Sprintf("%d کارت %d (در بازی فقط %d تا هست)", c[v], v, copiesOf(v)))
		}
	}
	if len(en) == 0 {
		return nil
	}
	return []rules.Ruling{rules.Rule("SILVER-COMP-2",
		fmt.Sprintf("The deck has 2 cards each of 0 and 13 and 4 of every value from 1 to 12, but %s show %s. Check the values.",
			whereEN, strings.Join(en, ", ")),
		fmt.Sprintf("در بازی از 0 و 13 هر کدام 2 کارت و از هر عدد 1 تا 12 فقط 4 کارت هست، اما %s %s دیده می‌شود. اعداد را دوباره بررسی کنید.",
			whereFA, strings.Join(fa, "، ")))}
}

// checkCard adds a field error when v is not a card value (SILVER-COMP-1).
func checkCard(f *rules.Fields, field string, v int) {
	if v < minValue || v > maxValue {
		*f = append(*f, rules.FieldError{Field: field,
			Message:   fmt.Sprintf("%d is not a card: cards go from 0 to 13 (%s)", v, "SILVER-COMP-1"),
			MessageFA: fmt.Sprintf("%d کارت نیست: کارت‌ها از 0 تا 13 هستند (%s)", v, "SILVER-COMP-1")})
	}
}

// maxFieldErrors caps how many bad card values one answer lists, so a huge
// malformed body gives a short answer.
const maxFieldErrors = 20

// checkVillages validates the shape of the villages revealed at a round's end:
// a village for every seated player and for no one else, each with at least one
// card, every value a card. Field paths start with prefix ("data.villages").
func checkVillages(f *rules.Fields, prefix string, seats []string, villages map[string][]int) {
	if villages == nil {
		f.Add(prefix, "is required: the cards of every village, revealed at the end of the round")
		return
	}
	seated := make(map[string]bool, len(seats))
	for _, id := range seats {
		seated[id] = true
		vals, ok := villages[id]
		path := prefix + "." + id
		switch {
		case !ok:
			f.Add(path, "is missing: give every player's village (all its cards, face up at the end of the round)")
		case len(vals) == 0:
			f.Add(path, "must hold at least 1 card: a village is never empty")
		}
		for i, v := range vals {
			if len(*f) >= maxFieldErrors {
				return
			}
			checkCard(f, fmt.Sprintf("%s[%d]", path, i), v)
		}
	}
	for _, id := range sortedKeys(villages) {
		if !seated[id] {
			f.Add(prefix+"."+id, "is not a player of this match")
		}
	}
}

// sum is a village's total: the sum of all its card values (SILVER-SCORE-1).
func sum(values []int) int {
	t := 0
	for _, v := range values {
		t += v
	}
	return t
}

// isKamikaze reports whether a village is exactly two 12s and two 13s and
// nothing else (SILVER-POINTS-7, default reading of AMB-22a).
func isKamikaze(values []int) bool {
	if len(values) != 4 {
		return false
	}
	var c valueCounts
	c.add(values...)
	return c[thiefValue] == 2 && c[doubleValue] == 2
}
