package silver

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/motamed/motamed/rules"
)

// Where the swapped-in card came from.
const (
	sourceDeck    = "deck"
	sourceDiscard = "discard"
)

// Which way a placed card lies.
const (
	faceUp   = "up"
	faceDown = "down"
	// faceAsReplaced: a deck card lies the way the card it replaces lay
	// before the attempt (SILVER-PLACE-3, AMB-10).
	faceAsReplaced = "as_replaced"
)

// swapRequest asks whether swapping the selected village cards for the drawn
// card is legal and what happens to the cards.
type swapRequest struct {
	// Village is the row from the owner's left; null for a face-down card
	// whose value nobody knows (selected cards are revealed, so they need
	// values when two or more are selected).
	Village []*int `json:"village"`
	// Selected are 1-based positions pulled forward.
	Selected []int `json:"selected"`
	Drawn    *int  `json:"drawn"`
	// Source is where the drawn card came from: "deck" (default) or
	// "discard".
	Source *string `json:"source"`
}

type swapAnswer struct {
	Legal       bool       `json:"legal"`
	Rule        string     `json:"rule"`
	Explanation rules.Text `json:"explanation"`
	// MatchValue is the value the set matched (13 for a pair of Doubles);
	// null for one card or a failed set.
	MatchValue *int `json:"match_value"`
	// WildDoubles are the positions of Doubles in the set (wild cards).
	WildDoubles []int `json:"wild_doubles"`
	// Mismatched are the positions of the cards that break the set.
	Mismatched       []int            `json:"mismatched"`
	Burned           *positionsAnswer `json:"burned"`
	ReturnedFaceDown *positionsAnswer `json:"returned_face_down"`
	DrawnCard        cardAnswer       `json:"drawn_card"`
	// PenaltyCard is due after a failed set of 3 or more cards.
	PenaltyCard       *cardAnswer    `json:"penalty_card"`
	DiscardTop        *discardAnswer `json:"discard_top"`
	VillageSizeBefore int            `json:"village_size_before"`
	VillageSizeAfter  int            `json:"village_size_after"`
	// VillageAfter is the row afterwards; null where the value is unknown
	// (the penalty card is never looked at).
	VillageAfter []*int `json:"village_after"`
}

type positionsAnswer struct {
	Positions   []int      `json:"positions"`
	Rule        string     `json:"rule"`
	Explanation rules.Text `json:"explanation"`
}

type cardAnswer struct {
	Value       *int       `json:"value"`
	Position    int        `json:"position"`
	Face        string     `json:"face"`
	Rule        string     `json:"rule"`
	Explanation rules.Text `json:"explanation"`
}

type discardAnswer struct {
	Value       int        `json:"value"`
	Rule        string     `json:"rule"`
	Explanation rules.Text `json:"explanation"`
}

func askSwap(body json.RawMessage) (*swapAnswer, error) {
	var req swapRequest
	if err := rules.Decode(body, "", &req); err != nil {
		return nil, err
	}
	source, err := req.check()
	if err != nil {
		return nil, err
	}
	sel := slices.Clone(req.Selected)
	slices.Sort(sel)
	drawn := *req.Drawn
	ans := &swapAnswer{WildDoubles: []int{}, Mismatched: []int{}, VillageSizeBefore: len(req.Village)}
	if len(sel) == 1 {
		singleSwap(ans, req.Village, sel[0], drawn, source)
		return ans, nil
	}
	var naturals []int
	for _, p := range sel {
		if v := *req.Village[p-1]; v == doubleValue {
			ans.WildDoubles = append(ans.WildDoubles, p)
		} else {
			naturals = append(naturals, p)
		}
	}
	target := targetValue(req.Village, naturals)
	for _, p := range naturals {
		if *req.Village[p-1] != target {
			ans.Mismatched = append(ans.Mismatched, p)
		}
	}
	shown := valuesAt(req.Village, sel)
	if len(ans.Mismatched) == 0 {
		setSwap(ans, req.Village, sel, naturals, target, drawn, source, shown)
	} else {
		failedSwap(ans, req.Village, sel, target, drawn, source, shown)
	}
	return ans, nil
}

// check validates the request and returns the source of the drawn card.
func (req *swapRequest) check() (string, error) {
	var f rules.Fields
	switch n := len(req.Village); {
	case req.Village == nil:
		f.Add("village", "is required: the village's cards from the owner's left, null for an unknown face-down card")
	case n == 0 || n > maxVillageSize:
		f.Add("village", fmt.Sprintf("must hold 1 to %d cards", maxVillageSize))
	}
	for i, v := range req.Village {
		if v != nil && len(f) < maxFieldErrors {
			checkCard(&f, fmt.Sprintf("village[%d]", i), *v)
		}
	}
	if len(req.Selected) == 0 {
		f.Add("selected", "is required: the positions (1 = the owner's leftmost card) of the cards to swap out")
	}
	for i, p := range req.Selected {
		switch {
		case p < 1 || p > len(req.Village):
			f.Add(fmt.Sprintf("selected[%d]", i), fmt.Sprintf("position %d is not in the village (1 to %d)", p, len(req.Village)))
		case slices.Contains(req.Selected[:i], p):
			f.Add(fmt.Sprintf("selected[%d]", i), fmt.Sprintf("position %d is selected twice", p))
		case len(req.Selected) > 1 && req.Village[p-1] == nil:
			f.Add(fmt.Sprintf("village[%d]", p-1), fmt.Sprintf("needs its value: every card of a multi-card swap is turned face-up before anything is burned (%s)", "SILVER-SWAP-3"))
		}
	}
	if req.Drawn == nil {
		f.Add("drawn", "is required: the value of the card to swap in")
	} else {
		checkCard(&f, "drawn", *req.Drawn)
	}
	source := sourceDeck
	if req.Source != nil {
		source = *req.Source
		if source != sourceDeck && source != sourceDiscard {
			f.Add("source", fmt.Sprintf("%q is not a source: use \"deck\" or \"discard\"", source))
		}
	}
	if err := f.Err(); err != nil {
		return "", err
	}
	var counts valueCounts
	for _, v := range req.Village {
		if v != nil {
			counts.add(*v)
		}
	}
	counts.add(*req.Drawn)
	return source, rules.Violations(copyLimitRuling(counts, "the village and the drawn card", "در دهکده و کارت جدید"))
}

// targetValue is the value the set was meant to match: the most common
// natural (non-Double) value, the leftmost on a tie; 13 for Doubles only.
func targetValue(village []*int, naturals []int) int {
	best, bestN := doubleValue, 0
	for _, p := range naturals {
		v, n := *village[p-1], 0
		for _, q := range naturals {
			if *village[q-1] == v {
				n++
			}
		}
		if n > bestN {
			best, bestN = v, n
		}
	}
	return best
}

func valuesAt(village []*int, positions []int) []int {
	out := make([]int, len(positions))
	for i, p := range positions {
		out[i] = *village[p-1]
	}
	return out
}

func singleSwap(ans *swapAnswer, village []*int, pos, drawn int, source string) {
	ans.Legal, ans.Rule = true, "SILVER-SWAP-1"
	ans.Explanation = rules.T(
		fmt.Sprintf("A one-card swap may replace any single village card: the card at position %d is burned and the drawn %d takes its place.", pos, drawn),
		fmt.Sprintf("معاوضه‌ی یک کارت با هر کارت دهکده مجاز است: کارت جایگاه %d سوزانده می‌شود و کارت %d جای آن را می‌گیرد.", pos, drawn))
	ans.Burned = &positionsAnswer{Positions: []int{pos}, Rule: "SILVER-PLACE-2", Explanation: rules.T(
		"The replaced card goes face-up onto the discard pile.",
		"کارت معاوضه‌شده «به‌رو» روی ستون کارت‌های سوخته می‌رود.")}
	ans.DrawnCard = placedDrawn(drawn, pos, source, false)
	if v := village[pos-1]; v != nil {
		ans.DiscardTop = &discardAnswer{Value: *v, Rule: "SILVER-PLACE-2", Explanation: rules.T(
			fmt.Sprintf("The burned %d is now on top of the discard pile.", *v),
			fmt.Sprintf("کارت سوخته‌ی %d اکنون روی ستون کارت‌های سوخته است.", *v))}
	}
	after := slices.Clone(village)
	after[pos-1] = &drawn
	ans.VillageAfter, ans.VillageSizeAfter = after, len(after)
}

// setSwap fills in a successful matched set (SILVER-SWAP-5).
func setSwap(ans *swapAnswer, village []*int, sel, naturals []int, target, drawn int, source string, shown []int) {
	ans.Legal = true
	ans.MatchValue = &target
	doubles := len(ans.WildDoubles)
	pos, posFA := numbers(sel)
	vals, valsFA := numbers(shown)
	switch {
	case doubles == 0:
		ans.Rule = "SILVER-SWAP-2"
		ans.Explanation = rules.T(
			fmt.Sprintf("The cards at positions %s all show %d: they match, so they are burned together.", pos, target),
			fmt.Sprintf("کارت‌های جایگاه‌های %s همه %d هستند و همسان‌اند، پس با هم سوزانده می‌شوند.", posFA, target))
	case len(naturals) == 0:
		ans.Rule = "SILVER-CARD13-3"
		ans.Explanation = rules.T(
			fmt.Sprintf("Positions %s are the two Doubles: a pair of Doubles is a valid set and is burned together.", pos),
			fmt.Sprintf("جایگاه‌های %s دو بدل هستند: یک جفت بدل مجموعه‌ی همسان معتبری است و با هم سوزانده می‌شوند.", posFA))
	case len(sel) == 2:
		ans.Rule = "SILVER-CARD13-4"
		ans.Explanation = rules.T(
			fmt.Sprintf("A Double plus exactly one other card (%s at positions %s) is always a valid set: both are burned.", vals, pos),
			fmt.Sprintf("یک بدل به‌اضافه‌ی دقیقاً یک کارت دیگر (%s در جایگاه‌های %s) همیشه همسان است: هر دو سوزانده می‌شوند.", valsFA, posFA))
	default:
		ans.Rule = "SILVER-CARD13-2"
		if doubles == 2 {
			ans.Rule = "SILVER-CARD13-3"
		}
		ans.Explanation = rules.T(
			fmt.Sprintf("The cards at positions %s show %s: the Doubles are wild and the other cards all show %d, so the set matches and is burned together.", pos, vals, target),
			fmt.Sprintf("کارت‌های جایگاه‌های %s این‌ها هستند: %s. بدل‌ها با هر کارتی همسان می‌شوند و بقیه همه %d هستند، پس مجموعه همسان است و با هم سوزانده می‌شود.", posFA, valsFA, target))
	}
	ans.Burned = &positionsAnswer{Positions: sel, Rule: "SILVER-SWAP-5", Explanation: rules.T(
		fmt.Sprintf("All %d cards are burned; the village closes up so no gaps remain.", len(sel)),
		fmt.Sprintf("هر %d کارت سوزانده می‌شوند و کارت‌های دهکده به هم نزدیک می‌شوند تا جای خالی نماند.", len(sel)))}
	ans.DrawnCard = placedDrawn(drawn, sel[0], source, false)
	top, rule := target, "SILVER-PLACE-2"
	topEN := fmt.Sprintf("A %d is now on top of the discard pile.", top)
	topFA := fmt.Sprintf("اکنون یک %d روی ستون کارت‌های سوخته است.", top)
	if doubles > 0 && len(naturals) > 0 {
		rule = "SILVER-SWAP-10"
		topEN = fmt.Sprintf("The Doubles go onto the discard pile first and the other cards on top, so a %d, not a Double, is on top.", top)
		topFA = fmt.Sprintf("اول بدل‌ها روی ستون کارت‌های سوخته می‌نشینند و بقیه روی آن‌ها، پس یک %d (نه بدل) روی ستون است.", top)
	}
	ans.DiscardTop = &discardAnswer{Value: top, Rule: rule, Explanation: rules.T(topEN, topFA)}
	var after []*int
	for i, v := range village {
		switch p := i + 1; {
		case p == sel[0]:
			after = append(after, &drawn)
		case !slices.Contains(sel, p):
			after = append(after, v)
		}
	}
	ans.VillageAfter, ans.VillageSizeAfter = after, len(after)
}

// failedSwap fills in a failed set (SILVER-SWAP-6, -7, -8).
func failedSwap(ans *swapAnswer, village []*int, sel []int, target, drawn int, source string, shown []int) {
	n := len(village)
	ans.Rule = "SILVER-SWAP-2"
	odd, oddFA := numbers(ans.Mismatched)
	pos, posFA := numbers(sel)
	vals, valsFA := numbers(shown)
	wild := ""
	wildFA := ""
	if len(ans.WildDoubles) > 0 {
		wild = " (the Doubles are wild, but the other cards must match one another)"
		wildFA = " (بدل‌ها با هر کارتی همسان می‌شوند، اما بقیه‌ی کارت‌ها باید با هم همسان باشند)"
	}
	ans.Explanation = rules.T(
		fmt.Sprintf("The cards at positions %s show %s: they do not all match%s. Not matching the %ds: position %s. The swap fails.", pos, vals, wild, target, odd),
		fmt.Sprintf("کارت‌های جایگاه‌های %s این‌ها هستند: %s. همه همسان نیستند%s. ناهمسان با %dها: جایگاه %s. معاوضه انجام نمی‌شود.", posFA, valsFA, wildFA, target, oddFA))
	ans.ReturnedFaceDown = &positionsAnswer{Positions: sel, Rule: "SILVER-SWAP-6", Explanation: rules.T(
		"Nothing is burned: every selected card goes back to its own position face-down, even the ones that were face-up before.",
		"هیچ کارتی سوزانده نمی‌شود: همه‌ی کارت‌های جلوکشیده به‌پشت به جای خودشان برمی‌گردند، حتی آن‌هایی که قبلاً به‌رو بودند.")}
	ans.DrawnCard = placedDrawn(drawn, n+1, source, true)
	after := append(slices.Clone(village), &drawn)
	if len(sel) >= 3 {
		ans.PenaltyCard = &cardAnswer{Position: n + 2, Face: faceDown, Rule: "SILVER-SWAP-8", Explanation: rules.T(
			fmt.Sprintf("%d cards were pulled forward and the set failed, so the player also takes the top card of the deck and adds it face-down without looking at it (no penalty card if the deck is empty).", len(sel)),
			fmt.Sprintf("%d کارت به جلو کشیده شد و معاوضه انجام نشد، پس بازیکن یک کارت اضافی هم از ستون کارت‌ها برمی‌دارد و بدون نگاه کردن، به‌پشت به دهکده‌اش اضافه می‌کند (اگر ستون کارت‌ها خالی باشد، کارت جریمه‌ای در کار نیست).", len(sel)))}
		after = append(after, nil)
	}
	ans.VillageAfter, ans.VillageSizeAfter = after, len(after)
}

// placedDrawn says where the drawn card goes and which way it lies.
func placedDrawn(drawn, pos int, source string, failed bool) cardAnswer {
	c := cardAnswer{Value: &drawn, Position: pos}
	switch {
	case failed:
		c.Rule, c.Face = "SILVER-SWAP-7", faceDown
		c.Explanation = rules.T(
			fmt.Sprintf("The drawn %d still joins the village as an extra card at the right-hand end (position %d), face-down because it came from the deck.", drawn, pos),
			fmt.Sprintf("کارت %d باز هم به‌عنوان کارت اضافی در انتهای سمت راست دهکده (جایگاه %d) قرار می‌گیرد، به‌پشت چون از ستون کارت‌ها برداشته شده است.", drawn, pos))
		if source == sourceDiscard {
			c.Face = faceUp
			c.Explanation = rules.T(
				fmt.Sprintf("The taken %d still joins the village as an extra card at the right-hand end (position %d), face-up because it came from the discard pile.", drawn, pos),
				fmt.Sprintf("کارت %d باز هم به‌عنوان کارت اضافی در انتهای سمت راست دهکده (جایگاه %d) قرار می‌گیرد، به‌رو چون از ستون کارت‌های سوخته برداشته شده است.", drawn, pos))
		}
	case source == sourceDiscard:
		c.Rule, c.Face = "SILVER-DISCARD-3", faceUp
		c.Explanation = rules.T(
			fmt.Sprintf("A card taken from the discard pile goes face-up into the vacated position %d.", pos),
			fmt.Sprintf("کارتی که از ستون کارت‌های سوخته برداشته شده، به‌رو در جای خالی‌شده (جایگاه %d) قرار می‌گیرد.", pos))
	default:
		c.Rule, c.Face = "SILVER-PLACE-3", faceAsReplaced
		c.Explanation = rules.T(
			fmt.Sprintf("The drawn card goes into position %d and lies the way the card it replaces lay (face-up or face-down).", pos),
			fmt.Sprintf("کارت کشیده‌شده در جایگاه %d و با همان جهت (به‌رو یا به‌پشت) کارتی که جایش را می‌گیرد قرار می‌گیرد.", pos))
	}
	return c
}

// numbers lists positions or values as "1, 2 and 3" and "1، 2 و 3".
func numbers(ns []int) (en, fa string) {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return listEN(s), listFA(s)
}
