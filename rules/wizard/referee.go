package wizard

import (
	"encoding/json"
	"fmt"

	"github.com/motamed/motamed/rules"
)

func referees() []rules.Referee {
	return []rules.Referee{
		{
			Question: "trick",
			Summary: "Who wins a trick? {trump, plays:[card, ...]} with the cards in play order; the answer gives the winning play's index " +
				"(0-based) and card, the led colour and the rule that decided it (WIZARD-TRICK-1 to -4).",
			Example: json.RawMessage(`{"trump":"yellow","plays":["jester","blue-7","blue-12","green-13"]}`),
			Ask:     askTrick,
		},
		{
			Question: "play",
			Summary: "May this card be played? {trump?, trick:[cards so far], hand:[cards held, the card included], card}; the answer says " +
				"whether it is legal and cites the rule (WIZARD-PLAY-5 to -13).",
			Example: json.RawMessage(`{"trump":"green","trick":["blue-4"],"hand":["blue-9","red-2"],"card":"red-2"}`),
			Ask:     askPlay,
		},
	}
}

// trickQuestion is the body of the trick question.
type trickQuestion struct {
	Trump *string  `json:"trump"`
	Plays []string `json:"plays"`
}

// TrickAnswer says who wins a trick and why.
type TrickAnswer struct {
	Trump string `json:"trump"`
	// Led is the led colour, "free" when a Wizard came before any numbered
	// card, or "none" when only Jesters were played.
	Led         string     `json:"led"`
	WinnerIndex int        `json:"winner_index"`
	WinningCard string     `json:"winning_card"`
	Rule        string     `json:"rule"`
	Reason      rules.Text `json:"reason"`
}

func askTrick(body json.RawMessage) (any, error) {
	var q trickQuestion
	if err := rules.Decode(body, "", &q); err != nil {
		return nil, err
	}
	var bad rules.Fields
	trump := decodeTrump(q.Trump, true, &bad)
	switch {
	case q.Plays == nil:
		bad.Add("plays", "is required: the cards in play order")
	case len(q.Plays) < 1 || len(q.Plays) > 6:
		bad.Add("plays", "must hold 1 to 6 cards, one per player")
	}
	cards := decodeCards("plays", q.Plays, &bad)
	if err := bad.Err(); err != nil {
		return nil, err
	}
	if err := checkDeck(cards); err != nil {
		return nil, err
	}
	i, rule := trickWinner(cards, trump)
	return TrickAnswer{
		Trump:       colourName(trump),
		Led:         ledName(cards),
		WinnerIndex: i,
		WinningCard: cards[i].String(),
		Rule:        rule,
		Reason:      winReason(rule, cards[i]),
	}, nil
}

// playQuestion is the body of the play question.
type playQuestion struct {
	Trump *string  `json:"trump"`
	Trick []string `json:"trick"`
	Hand  []string `json:"hand"`
	Card  *string  `json:"card"`
}

// PlayAnswer says whether a card may be played and why.
type PlayAnswer struct {
	Legal bool `json:"legal"`
	// Led is the led colour so far, "free" after a Wizard before any
	// numbered card, or "none" when no colour is set yet.
	Led    string     `json:"led"`
	Rule   string     `json:"rule"`
	Reason rules.Text `json:"reason"`
}

func askPlay(body json.RawMessage) (any, error) {
	var q playQuestion
	if err := rules.Decode(body, "", &q); err != nil {
		return nil, err
	}
	var bad rules.Fields
	trump := decodeTrump(q.Trump, false, &bad)
	if len(q.Trick) > 5 {
		bad.Add("trick", "must hold the 0 to 5 cards already played to the trick")
	}
	switch {
	case q.Hand == nil:
		bad.Add("hand", "is required: the cards the player holds, the card to play included")
	case len(q.Hand) < 1 || len(q.Hand) > 20:
		bad.Add("hand", "must hold 1 to 20 cards")
	}
	trick := decodeCards("trick", q.Trick, &bad)
	hand := decodeCards("hand", q.Hand, &bad)
	var c card
	if q.Card == nil {
		bad.Add("card", "is required: the card to play")
	} else if parsed, ok := parseCard(*q.Card); !ok {
		bad.Add("card", "must be a card: "+cardFormat)
	} else {
		c = parsed
	}
	if err := bad.Err(); err != nil {
		return nil, err
	}
	if err := checkDeck(append(append([]card(nil), trick...), hand...)); err != nil {
		return nil, err
	}
	led := ledName(trick)
	held := false
	for _, h := range hand {
		held = held || h == c
	}
	if !held {
		return PlayAnswer{Legal: false, Led: led, Rule: "WIZARD-PLAY-13",
			Reason: rules.T(c.en()+" is not in the hand; a player plays only cards they hold.",
				c.fa()+" در دست نیست؛ هر بازیکن فقط کارت‌هایی را بازی می‌کند که در دست دارد.")}, nil
	}
	v := isLegal(c, hand, trick, trump)
	return PlayAnswer{Legal: v.legal, Led: led, Rule: v.rule, Reason: playReason(v, c, trick)}, nil
}

// decodeTrump reads an optional or required trump field.
func decodeTrump(v *string, required bool, bad *rules.Fields) colour {
	if v == nil {
		if required {
			bad.Add("trump", "is required: "+trumpValues)
		}
		return noColour
	}
	t, ok := parseTrump(*v)
	if !ok {
		bad.Add("trump", "must be "+trumpValues)
	}
	return t
}

func decodeCards(field string, in []string, bad *rules.Fields) []card {
	out := make([]card, len(in))
	for i, s := range in {
		c, ok := parseCard(s)
		if !ok {
			bad.Add(fmt.Sprintf("%s[%d]", field, i), "must be a card: "+cardFormat)
		}
		out[i] = c
	}
	return out
}

// checkDeck rejects a set of cards the deck cannot hold at once: a numbered
// card twice (WIZARD-COMP-4) or a fifth Wizard or Jester (WIZARD-COMP-2).
func checkDeck(cards []card) error {
	var deck deckCount
	var f rules.Findings
	for _, c := range cards {
		if deck.add(c) {
			continue
		}
		if c.kind == numbered {
			f.Add("WIZARD-COMP-4",
				c.en()+" appears twice, but each numbered card exists once.",
				c.fa()+" دو بار آمده، اما از هر کارتِ عددی فقط یکی وجود دارد.")
		} else {
			en, fa := tooManyEN(c), tooManyFA(c)
			f.Add("WIZARD-COMP-2", "Too many: "+en+".", "تعداد بیش از حد است: "+fa+".")
		}
	}
	return f.Err()
}

// ledName names what a trick's cards so far have established.
func ledName(trick []card) string {
	switch state, led := ledColour(trick); state {
	case leadFree:
		return "free"
	case leadColour:
		return colourName(led)
	}
	return "none"
}

func playReason(v legality, c card, trick []card) rules.Text {
	_, led := ledColour(trick)
	l, lf := colourName(led), colourFA(led)
	switch v.rule {
	case "WIZARD-PLAY-5":
		return rules.T("The first card of a trick may be any card.", "کارتِ اولِ تریک می‌تواند هر کارتی باشد.")
	case "WIZARD-PLAY-10":
		return rules.T("The trick was led with a Wizard, so any card may be played.",
			"تریک با جادوگر شروع شده، پس هر کارتی را می‌شود بازی کرد.")
	case "WIZARD-PLAY-6":
		return rules.T("A Wizard came before any numbered card, so nobody has to follow in this trick.",
			"پیش از هر کارتِ عددی جادوگر بازی شده، پس در این تریک کسی مجبور به همرنگ‌بازی نیست.")
	case "WIZARD-PLAY-11":
		return rules.T("Only Jesters so far: no colour is set yet, so any card may be played.",
			"تا اینجا فقط دلک بازی شده و هنوز رنگی تعیین نشده، پس هر کارتی را می‌شود بازی کرد.")
	case "WIZARD-PLAY-8":
		return rules.T("A Wizard or a Jester may always be played, whatever was led.",
			"جادوگر و دلک را همیشه، روی هر رنگی، می‌شود بازی کرد.")
	case "WIZARD-PLAY-9":
		return rules.T("The hand holds no "+l+" card, so any card may be played.",
			"در دست کارتِ "+lf+" نیست، پس هر کارتی را می‌شود بازی کرد.")
	case "WIZARD-PLAY-12":
		return rules.T("The hand holds no numbered "+l+" card; a Wizard does not count as a trump card, so any card may be played.",
			"در دست کارتِ عددیِ "+lf+" نیست و جادوگر کارتِ خال حکم به حساب نمی‌آید، پس هر کارتی را می‌شود بازی کرد.")
	}
	if v.legal {
		return rules.T(c.en()+" follows the led colour, "+l+".", c.fa()+" همرنگِ کارتِ شروع ("+lf+") است.")
	}
	return rules.T("The led colour is "+l+" and the hand holds "+l+": play a "+l+" card, a Wizard or a Jester.",
		"رنگِ شروع "+lf+" است و در دست "+lf+" هست: باید "+lf+" یا جادوگر یا دلک بازی شود.")
}
