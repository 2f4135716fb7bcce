package wizard

import (
	"encoding/json"
	"strconv"

	"github.com/motamed/motamed/rules"
)

// roundStartedData is the data of round_started: the deal is done and the
// trump is known. Round and dealer are derived when omitted.
type roundStartedData struct {
	Round     *int    `json:"round"`
	Dealer    *string `json:"dealer"`
	Trump     *string `json:"trump"`
	TrumpCard *string `json:"trump_card"`
}

const trumpValues = `"blue", "green", "red", "yellow" or "none"`

func applyRoundStarted(s *State, raw json.RawMessage) (*State, error) {
	var d roundStartedData
	if err := rules.Decode(raw, "data", &d); err != nil {
		return nil, err
	}
	var bad rules.Fields
	trump := noColour
	switch {
	case d.Trump == nil:
		bad.Add("data.trump", "is required: "+trumpValues)
	default:
		t, ok := parseTrump(*d.Trump)
		if !ok {
			bad.Add("data.trump", "must be "+trumpValues)
		}
		trump = t
	}
	var indicator card
	if d.TrumpCard != nil {
		c, ok := parseCard(*d.TrumpCard)
		if !ok {
			bad.Add("data.trump_card", "must be a card: "+cardFormat)
		}
		indicator = c
	}
	if d.Round != nil && *d.Round < 1 {
		bad.Add("data.round", "must be a round number from 1")
	}
	if d.Dealer != nil && seatOf(s.Players, *d.Dealer) < 0 {
		bad.Add("data.dealer", "must be the ID of a seated player")
	}
	if err := bad.Err(); err != nil {
		return nil, err
	}

	var f rules.Findings
	if s.Phase != phaseDeal {
		left := s.Round - len(s.Tricks)
		f.Add("WIZARD-PLAY-4",
			"Round "+strconv.Itoa(s.Round)+" is still being played: "+strconv.Itoa(left)+" of its "+strconv.Itoa(s.Round)+" tricks are not recorded yet.",
			"دور "+strconv.Itoa(s.Round)+" هنوز تمام نشده است: "+strconv.Itoa(left)+" تریک از "+strconv.Itoa(s.Round)+" تریکِ آن هنوز ثبت نشده.")
		if *d.Trump != s.Trump {
			f.Add("WIZARD-TRUMP-6",
				"The trump of round "+strconv.Itoa(s.Round)+" is "+trumpEN(s.Trump)+" and cannot change during the round.",
				"خال حکمِ دور "+strconv.Itoa(s.Round)+" "+trumpFA(s.Trump)+" است و در طول دور عوض نمی‌شود.")
		}
		return nil, f.Err()
	}

	r := s.nextRound()
	dealer := s.dealerOf(r)
	if d.Round != nil && *d.Round != r {
		if *d.Round > s.Options.Rounds {
			f.Add("WIZARD-SETUP-3",
				"This match has "+strconv.Itoa(s.Options.Rounds)+" rounds; there is no round "+strconv.Itoa(*d.Round)+".",
				"این بازی "+strconv.Itoa(s.Options.Rounds)+" دور دارد و دورِ "+strconv.Itoa(*d.Round)+" ندارد.")
		} else {
			f.Add("WIZARD-DEAL-2",
				"Round "+strconv.Itoa(r)+" ("+strconv.Itoa(r)+" cards each) is next; rounds are played in order, one more card each time.",
				"دورِ بعدی دورِ "+strconv.Itoa(r)+" است (به هر بازیکن "+strconv.Itoa(r)+" کارت)؛ دورها به ترتیب و هر بار با یک کارت بیشتر بازی می‌شوند.")
		}
	}
	if d.Dealer != nil && *d.Dealer != dealer {
		f.Add("WIZARD-DEAL-4",
			s.nameOf(dealer)+" deals round "+strconv.Itoa(r)+", not "+s.nameOf(*d.Dealer)+": the deal moves one seat to the left each round.",
			"مُعتمدِ دورِ "+strconv.Itoa(r)+" "+s.nameOf(dealer)+" است، نه "+s.nameOf(*d.Dealer)+"؛ هر دور، نفرِ سمت چپِ مُعتمدِ قبلی مُعتمد می‌شود.")
	}
	switch {
	case r*s.n() == 60: // every card is dealt: nothing to turn up
		if d.TrumpCard != nil {
			f.Add("WIZARD-TRUMP-4",
				"Round "+strconv.Itoa(r)+" deals all 60 cards, so no card is left to turn up for trump.",
				"در دورِ "+strconv.Itoa(r)+" همه‌ی 60 کارت پخش می‌شود و کارتی برای برگرداندن و تعیینِ خال حکم نمی‌ماند.")
		}
		if trump != noColour {
			f.Add("WIZARD-TRUMP-4",
				"Round "+strconv.Itoa(r)+" deals all 60 cards, so it has no trump: trump must be \"none\".",
				"در دورِ "+strconv.Itoa(r)+" همه‌ی کارت‌ها پخش می‌شود، پس این دور خال حکم ندارد (none).")
		}
	case d.TrumpCard == nil:
		// The table did not say which card was turned up: any trump stands.
	case indicator.kind == numbered && trump != indicator.colour:
		f.Add("WIZARD-TRUMP-1",
			"The turned-up card "+indicator.en()+" makes "+colourName(indicator.colour)+" trump, not "+trumpEN(*d.Trump)+".",
			"کارتِ برگردانده‌شده "+indicator.fa()+" است، پس خال حکم "+colourFA(indicator.colour)+" است، نه "+trumpFA(*d.Trump)+".")
	case indicator.isJester() && trump != noColour:
		f.Add("WIZARD-TRUMP-2",
			"A Jester was turned up, so this round has no trump: trump must be \"none\".",
			"کارتِ برگردانده‌شده دلک است، پس این دور خال حکم ندارد (none).")
	case indicator.isWizard() && trump == noColour && !s.Options.WizardIndicatorAllowsNoTrump:
		f.Add("WIZARD-TRUMP-3",
			"A Wizard was turned up, so the dealer "+s.nameOf(dealer)+" names one of the four colours as trump; \"none\" is not a choice.",
			"کارتِ برگردانده‌شده جادوگر است، پس مُعتمد ("+s.nameOf(dealer)+") باید یکی از چهار رنگ را خال حکم کند؛ «بدون حکم» مجاز نیست.")
	}
	if err := f.Err(); err != nil {
		return nil, err
	}

	next := s.clone()
	next.Phase = phaseBidding
	next.Round = r
	next.Dealer = dealer
	next.Trump = colourName(trump)
	next.TrumpCard = ""
	if d.TrumpCard != nil {
		next.TrumpCard = indicator.String()
	}
	next.Bids = map[string]int{}
	next.Won = zeros(s.Players)
	next.Tricks = []Trick{}
	next.Hands = nil
	next.Unfollowed = []Unfollowed{}
	next.Disputes = []Dispute{}
	next.Turn = next.leftOf(dealer, 1)
	return next, nil
}

// trumpEN and trumpFA name a trump field value in messages.
func trumpEN(t string) string {
	if t == "none" || t == "" {
		return "no trump"
	}
	return t
}

func trumpFA(t string) string {
	c, ok := parseColour(t)
	if !ok {
		return "بدون حکم"
	}
	return colourFA(c)
}
