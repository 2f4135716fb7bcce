package yatuk

import (
	"fmt"

	"github.com/motamed/motamed/rules"
)

// The table's limits the match engine enforces as it goes, stated once so
// the stateless questions refuse the same impossible tables: the seat count
// (YATUK-SETUP-10), a land's capacity (YATUK-ARMY-5, YATUK-SETUP-3) and
// the full columns a battle needs (YATUK-BATTLE-1, -2, -4).

const (
	minSeats = 2
	maxSeats = 4
)

// seatsRuling refuses a table of n seats outside 2 to 4 (AMB-2).
func seatsRuling(n int) *rules.Ruling {
	if n >= minSeats && n <= maxSeats {
		return nil
	}
	r := rules.Rule("YATUK-SETUP-10",
		fmt.Sprintf("Yatuk is played by %d to %d players, not %d.", minSeats, maxSeats, n),
		fmt.Sprintf("یاتوک را %d تا %d بازیکن بازی می‌کنند، نه %d نفر.", minSeats, maxSeats, n))
	return &r
}

// CapacityAnswer is the capacity a question's columns were checked against.
type CapacityAnswer struct {
	// Value is null when the rulebook does not print the land's capacity
	// and the question did not give it: then only the largest capacity any
	// land may have (12) bounds a column.
	Value       *int       `json:"value"`
	Rule        string     `json:"rule"`
	Explanation rules.Text `json:"explanation"`
}

// questionCapacity is the capacity of l for a question: the one given, else
// the one the rulebook prints (Gomati's 6), else unknown.
func questionCapacity(l Land, given *int, path string, f *rules.Fields) CapacityAnswer {
	switch {
	case given != nil && (*given < 1 || *given > maxCapacity):
		f.Add(path, fmt.Sprintf("must be a whole number from 1 to %d (the number printed on the land card)", maxCapacity))
		return CapacityAnswer{}
	case given != nil:
		v := *given
		return CapacityAnswer{Value: &v, Rule: ruleCapacities, Explanation: rules.T(
			fmt.Sprintf("%s holds %d cards a column, as given; the columns are checked against it.", landEN[l], v),
			fmt.Sprintf("ظرفیت %s، همان‌طور که داده شده، %d کارت در هر ستون است و ستون‌ها با آن سنجیده می‌شوند.", landFA[l], v))}
	case l == Gomati:
		v := gomatiCapacity
		return CapacityAnswer{Value: &v, Rule: ruleCapacities, Explanation: rules.T(
			fmt.Sprintf("Gomati holds %d cards a column, as the rulebook prints; the columns are checked against it.", v),
			fmt.Sprintf("ظرفیت گوماتی، همان‌طور که در دفترچه آمده، %d کارت در هر ستون است و ستون‌ها با آن سنجیده می‌شوند.", v))}
	}
	return CapacityAnswer{Rule: "YATUK-AMB-1", Explanation: rules.T(
		fmt.Sprintf("The rulebook does not print %s's capacity, so no column is checked against it beyond the largest any land may have (%d), and whether a column is full is not checked; give capacity, as printed on the land card, to check them.", landEN[l], maxCapacity),
		fmt.Sprintf("دفترچه ظرفیت %s را نمی‌گوید، پس ستون‌ها فقط با بیشترین ظرفیتی که یک سرزمین می‌تواند داشته باشد (%d) سنجیده می‌شوند و پر بودن ستون‌ها بررسی نمی‌شود؛ برای بررسی، capacity را همان‌طور که روی کارت سرزمین آمده بدهید.", landFA[l], maxCapacity))}
}

// columnRuling refuses a column of n cards longer than the land's capacity
// (0: unknown) or than any land's.
func columnRuling(who, whoFA string, l Land, n, capacity int) *rules.Ruling {
	var r rules.Ruling
	switch {
	case n > maxCapacity:
		r = rules.Rule("YATUK-ARMY-5",
			fmt.Sprintf("%s's column has %d cards, but no land holds more than %d (%s).", who, n, maxCapacity, ruleCapacities),
			fmt.Sprintf("ستون لشکر %s %d کارت دارد، اما ظرفیت هیچ سرزمینی بیش از %d نیست (%s).", whoFA, n, maxCapacity, ruleCapacities))
	case capacity > 0 && n > capacity && l != "":
		r = rules.Rule("YATUK-ARMY-5",
			fmt.Sprintf("%s's column at %s has %d cards, but the land holds %d: a column never holds more than its land's capacity.", who, landEN[l], n, capacity),
			fmt.Sprintf("ستون لشکر %s در %s %d کارت دارد، اما ظرفیت این سرزمین %d است: هیچ ستونی بیش از ظرفیت سرزمینش کارت ندارد.", whoFA, landFA[l], n, capacity))
	default:
		return nil
	}
	return &r
}

// declaredRulings refuses a declared battle whose declarer's column (n
// cards) is not full (BATTLE-1, and BATTLE-2 when it is smaller).
func declaredRulings(who string, l Land, n, capacity int) []rules.Ruling {
	if capacity == 0 || n == capacity {
		return nil
	}
	rs := []rules.Ruling{rules.Rule("YATUK-BATTLE-1",
		fmt.Sprintf("%s may declare battle at %s only with a column of %d cards, the capacity.", who, landEN[l], capacity),
		fmt.Sprintf("%s فقط وقتی می‌تواند در %s اعلام نبرد کند که به اندازه‌ی ظرفیت (%d کارت) در آن‌جا لشکر داشته باشد.", who, landFA[l], capacity))}
	if n < capacity {
		rs = append(rs, rules.Rule("YATUK-BATTLE-2",
			fmt.Sprintf("%s's column at %s has %d of %d cards; battle cannot be declared with a smaller army.", who, landEN[l], n, capacity),
			fmt.Sprintf("لشکر %s در %s %d کارت از %d کارت ظرفیت را دارد؛ با لشکر کوچک‌تر نمی‌توان اعلام نبرد کرد.", who, landFA[l], n, capacity)))
	}
	return rs
}

// forcedRuling refuses a forced battle unless the current player's column
// (cur cards) and at least one other (others) are full (BATTLE-4).
func forcedRuling(current string, l Land, cur int, others []int, capacity int) *rules.Ruling {
	if capacity == 0 {
		return nil
	}
	otherFull := false
	for _, n := range others {
		otherFull = otherFull || n == capacity
	}
	if cur == capacity && otherFull {
		return nil
	}
	r := rules.Rule("YATUK-BATTLE-4",
		fmt.Sprintf("A forced battle starts at %s only when %s, whose turn begins, and at least one other player have full columns of %d cards there. If the battle was declared, give declared_by.", landEN[l], current, capacity),
		fmt.Sprintf("نبرد اجباری در %s فقط وقتی آغاز می‌شود که %s، که نوبتش آغاز می‌شود، و دست‌کم یک بازیکن دیگر در آن‌جا ستون کامل %d کارتی داشته باشند. اگر نبرد اعلام شده، declared_by را بدهید.", landFA[l], current, capacity))
	return &r
}
