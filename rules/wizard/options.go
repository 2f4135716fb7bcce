package wizard

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/motamed/motamed/rules"
)

// Options are a match's effective options, every default filled in. Setup
// returns them and accepts them again unchanged.
type Options struct {
	// Rounds is how many rounds are played: 60/players by default
	// (WIZARD-SETUP-3); fewer for a short game.
	Rounds int `json:"rounds"`
	// BidTotalRule is "none" (WIZARD-BID-5) or "dealer_must_break"
	// (WIZARD-AMB-7: the last bidder may not make the bids add up to the
	// number of tricks).
	BidTotalRule string `json:"bid_total_rule"`
	// FirstDealer is the player ID of the dealer of round 1 (WIZARD-SETUP-1).
	FirstDealer string `json:"first_dealer"`
	// BidUpperBound is "r" (a bid is at most the round's number of tricks,
	// WIZARD-BID-3) or "none" (WIZARD-AMB-6).
	BidUpperBound string `json:"bid_upper_bound"`
	// WizardIndicatorAllowsNoTrump lets the dealer name "no trump" when the
	// trump indicator is a Wizard (WIZARD-AMB-8).
	WizardIndicatorAllowsNoTrump bool `json:"wizard_indicator_allows_no_trump"`
	// FinalTie is "shared" (tied leaders all win, WIZARD-END-3) or
	// "unresolved" (no winner is named while the lead is tied; WIZARD-AMB-9).
	FinalTie string `json:"final_tie"`
	// RevokePenalty says what a revoke proven after the fact costs
	// (WIZARD-AMB-11): "flag_only", "replay_round" or "fixed_points".
	RevokePenalty string `json:"revoke_penalty"`
	// RevokePoints is what each proven revoke costs its player under
	// "fixed_points".
	RevokePoints int `json:"revoke_points"`
}

// The option values.
const (
	bidTotalNone            = "none"
	bidTotalDealerMustBreak = "dealer_must_break"
	bidBoundRound           = "r"
	bidBoundNone            = "none"
	finalTieShared          = "shared"
	finalTieUnresolved      = "unresolved"
	revokeFlagOnly          = "flag_only"
	revokeReplayRound       = "replay_round"
	revokeFixedPoints       = "fixed_points"
	defaultRevokePoints     = 10
	maxRevokePoints         = 1000
)

// optionsInput mirrors Options with pointers, to tell "omitted" from a zero.
type optionsInput struct {
	Rounds                       *int    `json:"rounds"`
	BidTotalRule                 *string `json:"bid_total_rule"`
	FirstDealer                  *string `json:"first_dealer"`
	BidUpperBound                *string `json:"bid_upper_bound"`
	WizardIndicatorAllowsNoTrump *bool   `json:"wizard_indicator_allows_no_trump"`
	FinalTie                     *string `json:"final_tie"`
	RevokePenalty                *string `json:"revoke_penalty"`
	RevokePoints                 *int    `json:"revoke_points"`
}

// parseOptions decodes raw strictly and fills in the defaults for players.
func parseOptions(players []rules.Player, raw json.RawMessage) (Options, error) {
	var in optionsInput
	if err := rules.Decode(raw, "options", &in); err != nil {
		return Options{}, err
	}
	maxRounds := 60 / len(players)
	o := Options{
		Rounds:        maxRounds,
		BidTotalRule:  bidTotalNone,
		FirstDealer:   players[0].ID,
		BidUpperBound: bidBoundRound,
		FinalTie:      finalTieShared,
		RevokePenalty: revokeFlagOnly,
		RevokePoints:  defaultRevokePoints,
	}
	var bad rules.Fields
	if in.Rounds != nil {
		if *in.Rounds < 1 || *in.Rounds > maxRounds {
			bad.Add("options.rounds", fmt.Sprintf("must be an integer from 1 to %d (60 cards / %d players)", maxRounds, len(players)))
		}
		o.Rounds = *in.Rounds
	}
	pick := func(field string, v *string, dst *string, allowed ...string) {
		if v == nil {
			return
		}
		for _, a := range allowed {
			if *v == a {
				*dst = a
				return
			}
		}
		bad.Add("options."+field, "must be one of "+quoteList(allowed))
	}
	pick("bid_total_rule", in.BidTotalRule, &o.BidTotalRule, bidTotalNone, bidTotalDealerMustBreak)
	pick("bid_upper_bound", in.BidUpperBound, &o.BidUpperBound, bidBoundRound, bidBoundNone)
	pick("final_tie", in.FinalTie, &o.FinalTie, finalTieShared, finalTieUnresolved)
	pick("revoke_penalty", in.RevokePenalty, &o.RevokePenalty, revokeFlagOnly, revokeReplayRound, revokeFixedPoints)
	if in.FirstDealer != nil {
		if seatOf(players, *in.FirstDealer) < 0 {
			bad.Add("options.first_dealer", "must be the ID of a seated player")
		}
		o.FirstDealer = *in.FirstDealer
	}
	if in.WizardIndicatorAllowsNoTrump != nil {
		o.WizardIndicatorAllowsNoTrump = *in.WizardIndicatorAllowsNoTrump
	}
	if in.RevokePoints != nil {
		if *in.RevokePoints < 0 || *in.RevokePoints > maxRevokePoints {
			bad.Add("options.revoke_points", "must be an integer from 0 to "+strconv.Itoa(maxRevokePoints))
		}
		o.RevokePoints = *in.RevokePoints
	}
	if err := bad.Err(); err != nil {
		return Options{}, err
	}
	return o, nil
}

func quoteList(vs []string) string {
	out := ""
	for i, v := range vs {
		switch {
		case i == 0:
		case i == len(vs)-1:
			out += " or "
		default:
			out += ", "
		}
		out += strconv.Quote(v)
	}
	return out
}

// optionDocs documents the options for Info.
func optionDocs() []rules.OptionDoc {
	return []rules.OptionDoc{
		{Name: "rounds",
			Label: rules.T("Rounds", "تعدادِ دورها"),
			Hint:  rules.T("Fewer than 60 ÷ players plays a shorter game; empty plays them all.", "کمتر از ۶۰ ÷ تعدادِ بازیکنان بازیِ کوتاه‌تری است؛ خالی یعنی همه‌ی دورها."),
			Type:  "integer", Description: "Number of rounds. Default 60 / players (3: 20, 4: 15, 5: 12, 6: 10; WIZARD-SETUP-3); " +
				"any value from 1 to that number plays a shorter game. Round r deals r cards; only round 60 / players has no trump (WIZARD-TRUMP-4)."},
		{Name: "bid_total_rule",
			Label:   rules.T("Total of the bids", "جمعِ پیش‌بینی‌ها"),
			Hint:    rules.T("Whether the dealer may make the bids add up to the tricks of the round.", "آیا مُعتمد (پخش‌کننده) می‌تواند جمعِ پیش‌بینی‌ها را برابرِ تریک‌های دور کند."),
			Choices: map[string]rules.Text{bidTotalNone: rules.T("Any total", "هر جمعی"), bidTotalDealerMustBreak: rules.T("The dealer must break it", "مُعتمد نباید جمع را برابر کند")},
			Type:    "string", Default: bidTotalNone, Enum: []string{bidTotalNone, bidTotalDealerMustBreak},
			Description: `"none": the bids may add up to anything (WIZARD-BID-5, the seed's own example). "dealer_must_break": the last bidder (the dealer) ` +
				`may not make the bids add up to the number of tricks in the round (WIZARD-AMB-7).`},
		{Name: "first_dealer",
			Label: rules.T("Dealer of round 1", "مُعتمدِ دورِ ۱"),
			Hint:  rules.T("Then the deal passes one seat to the left each round.", "پس از آن، هر دور پخش به نفرِ سمتِ چپ می‌رسد."),
			Type:  "string", Description: "Player ID of the dealer (Trustee) of round 1 (WIZARD-SETUP-1). Default: the first seat. " +
				"The dealer then moves one seat to the left (clockwise) each round (WIZARD-DEAL-4)."},
		{Name: "bid_upper_bound",
			Label:   rules.T("Highest bid", "بیشترین پیش‌بینی"),
			Hint:    rules.T("Whether a bid may be more than the cards dealt this round.", "آیا پیش‌بینی می‌تواند از تعدادِ کارت‌های این دور بیشتر باشد."),
			Choices: map[string]rules.Text{bidBoundRound: rules.T("The round number", "شماره‌ی دور"), bidBoundNone: rules.T("No limit", "بدونِ سقف")},
			Type:    "string", Default: bidBoundRound, Enum: []string{bidBoundRound, bidBoundNone},
			Description: `"r": a bid is from 0 to the round number (WIZARD-BID-3). "none": any bid from 0 up is accepted (WIZARD-AMB-6); 60 is the technical ceiling.`},
		{Name: "wizard_indicator_allows_no_trump",
			Label: rules.T("No trump after a turned-up Wizard", "بی‌حکم پس از جادوگرِ رو شده"),
			Hint:  rules.T("When the turned-up card is a Wizard, the dealer may also choose no trump.", "اگر کارتِ رو شده جادوگر باشد، مُعتمد می‌تواند «بی‌حکم» را هم انتخاب کند."),
			Type:  "boolean", Default: false,
			Description: `When the turned-up trump card is a Wizard the dealer names the trump colour; with true the dealer may also name "none" (WIZARD-TRUMP-3, WIZARD-AMB-8).`},
		{Name: "final_tie",
			Label:   rules.T("Tie for first place", "تساوی در رتبه‌ی اول"),
			Hint:    rules.T("Who wins when the highest totals are equal.", "وقتی بالاترین جمع‌ها برابرند، چه کسی برنده است."),
			Choices: map[string]rules.Text{finalTieShared: rules.T("All tied players win", "همه‌ی هم‌امتیازها برنده‌اند"), finalTieUnresolved: rules.T("No winner named", "برنده‌ای اعلام نمی‌شود")},
			Type:    "string", Default: finalTieShared, Enum: []string{finalTieShared, finalTieUnresolved},
			Description: `Players tied for the highest final total share first place either way. "shared": they are all winners (WIZARD-END-3). ` +
				`"unresolved": the result names no winner, for tables that settle a tie themselves (WIZARD-AMB-9).`},
		{Name: "revoke_penalty",
			Label:   rules.T("Penalty for not following colour", "جریمه‌ی همرنگ بازی نکردن"),
			Hint:    rules.T("When it turns out later that a player did not follow the led colour.", "وقتی بعداً معلوم شود بازیکنی با کارتِ همرنگ، همرنگ بازی نکرده است."),
			Choices: map[string]rules.Text{revokeFlagOnly: rules.T("Only noted", "فقط ثبت می‌شود"), revokeReplayRound: rules.T("The round is played again", "دور دوباره بازی می‌شود"), revokeFixedPoints: rules.T("Fixed points lost", "کسرِ امتیازِ ثابت")},
			Type:    "string", Default: revokeFlagOnly, Enum: []string{revokeFlagOnly, revokeReplayRound, revokeFixedPoints},
			Description: `What a revoke costs when it is proven only afterwards, i.e. a player who did not follow the led colour later plays that colour ` +
				`in the same round (WIZARD-PLAY-7, WIZARD-AMB-11). The event is accepted and the revoke returned as a note and listed in the round's disputes. ` +
				`"flag_only": nothing else, scores stand. "replay_round": the round scores nothing and is played again (same round number and dealer). ` +
				`"fixed_points": the player loses revoke_points per proven revoke in that round. A play that breaks the duty to follow while the ` +
				`player's hand is recorded (hand_dealt) is rejected instead, whatever this option says.`},
		{Name: "revoke_points",
			Label: rules.T("Points lost each time", "امتیازِ کسرشده در هر بار"),
			Hint:  rules.T("Only with fixed points lost; 0 to 1000.", "فقط با «کسرِ امتیازِ ثابت»؛ از ۰ تا ۱۰۰۰."),
			Type:  "integer", Default: defaultRevokePoints,
			Description: `Points (0 to 1000) a player loses per proven revoke when revoke_penalty is "fixed_points"; ignored otherwise.`},
	}
}
