package wizard

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/motamed/motamed/rules"
)

// handDealtData is the data of hand_dealt: the cards a player was dealt this
// round, entered privately so that plays can be checked as they happen (spec
// 8.2). Recording hands is optional and per player.
type handDealtData struct {
	Player *string  `json:"player"`
	Cards  []string `json:"cards"`
}

func applyHandDealt(s *State, raw json.RawMessage) (*State, error) {
	var d handDealtData
	if err := rules.Decode(raw, "data", &d); err != nil {
		return nil, err
	}
	var bad rules.Fields
	if d.Player == nil {
		bad.Add("data.player", "is required: the ID of the player who holds the cards")
	} else if seatOf(s.Players, *d.Player) < 0 {
		bad.Add("data.player", "must be the ID of a seated player")
	}
	if d.Cards == nil {
		bad.Add("data.cards", "is required: the cards the player was dealt")
	}
	hand := make([]card, len(d.Cards))
	for i, c := range d.Cards {
		parsed, ok := parseCard(c)
		if !ok {
			bad.Add(fmt.Sprintf("data.cards[%d]", i), "must be a card: "+cardFormat)
		}
		hand[i] = parsed
	}
	if err := bad.Err(); err != nil {
		return nil, err
	}
	p, name := *d.Player, s.nameOf(*d.Player)

	var f rules.Findings
	switch {
	case s.Phase == phaseDeal:
		f.Add("WIZARD-DEAL-2",
			"No round is being dealt: record the start of round "+strconv.Itoa(s.nextRound())+" first.",
			"هیچ دوری در حالِ پخش نیست: اول شروعِ دورِ "+strconv.Itoa(s.nextRound())+" را ثبت کنید.")
		return nil, f.Err()
	case len(s.Tricks) > 0:
		f.Add("WIZARD-DEAL-2",
			"Hands are recorded as dealt, before the first trick; trick 1 of round "+strconv.Itoa(s.Round)+" is already recorded.",
			"دستِ بازیکن‌ها باید همان‌طور که پخش شده، پیش از تریکِ اول ثبت شود؛ تریکِ 1 دورِ "+strconv.Itoa(s.Round)+" ثبت شده است.")
	case s.Hands[p] != nil:
		f.Add("WIZARD-DEAL-2",
			name+"'s hand for round "+strconv.Itoa(s.Round)+" is already recorded.",
			"دستِ "+name+" برای دورِ "+strconv.Itoa(s.Round)+" قبلاً ثبت شده است.")
	}
	if len(hand) != s.Round {
		f.Add("WIZARD-DEAL-2",
			"In round "+strconv.Itoa(s.Round)+" each player is dealt "+strconv.Itoa(s.Round)+" cards, not "+strconv.Itoa(len(hand))+".",
			"در دورِ "+strconv.Itoa(s.Round)+" به هر بازیکن "+strconv.Itoa(s.Round)+" کارت داده می‌شود، نه "+strconv.Itoa(len(hand))+".")
	}
	// The hands, the trump card and the undealt pile split one deck of 60
	// (WIZARD-COMP-2): no numbered card twice, at most 4 Wizards and Jesters.
	var deck deckCount
	if s.TrumpCard != "" {
		c, _ := parseCard(s.TrumpCard)
		deck.add(c)
	}
	for id, cards := range s.Hands {
		if id == p {
			continue
		}
		for _, c := range cards {
			parsed, _ := parseCard(c)
			deck.add(parsed)
		}
	}
	for _, c := range hand {
		if !deck.add(c) {
			en, fa := tooManyEN(c), tooManyFA(c)
			f.Add("WIZARD-COMP-2",
				name+"'s hand cannot hold "+c.en()+": "+en+", counting the recorded hands and the trump card.",
				"دستِ "+name+" نمی‌تواند "+c.fa()+" داشته باشد: "+fa+" (با حسابِ دست‌های ثبت‌شده و کارتِ حکم).")
		}
	}
	if err := f.Err(); err != nil {
		return nil, err
	}

	next := s.clone()
	if next.Hands == nil {
		next.Hands = map[string][]string{}
	}
	cards := make([]string, len(hand))
	for i, c := range hand {
		cards[i] = c.String()
	}
	next.Hands[p] = cards
	return next, nil
}

// tooManyEN and tooManyFA explain why the deck cannot hold one more c.
func tooManyEN(c card) string {
	switch c.kind {
	case wizardCard:
		return "the deck has only 4 Wizards"
	case jesterCard:
		return "the deck has only 4 Jesters"
	}
	return "the deck has only one " + c.en() + " and it is already recorded"
}

func tooManyFA(c card) string {
	switch c.kind {
	case wizardCard:
		return "دسته فقط 4 جادوگر دارد"
	case jesterCard:
		return "دسته فقط 4 دلک دارد"
	}
	return "در دسته فقط یک " + c.fa() + " هست و آن قبلاً ثبت شده است"
}
