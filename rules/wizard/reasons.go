package wizard

import "github.com/motamed/motamed/rules"

// winReason explains in a sentence why card w won a trick under rule (one of
// WIZARD-TRICK-1 to -4). It serves both rejected winner claims and the trick
// referee.
func winReason(rule string, w card) rules.Text {
	switch rule {
	case "WIZARD-TRICK-1":
		return rules.T("The first Wizard played wins the trick, above every trump.",
			"نخستین جادوگری که بازی شود تریک را می‌بَرد؛ جادوگر از همه‌ی خال‌های حکم قوی‌تر است.")
	case "WIZARD-TRICK-2":
		return rules.T("Only Jesters were played, so the first Jester wins the trick.",
			"در این تریک فقط دلک بازی شده، پس نخستین دلک تریک را می‌بَرد.")
	case "WIZARD-TRICK-3":
		return rules.T("No Wizard was played, so the highest trump wins: "+w.en()+".",
			"جادوگری بازی نشده، پس بالاترین کارتِ خال حکم تریک را می‌بَرد: "+w.fa()+".")
	}
	return rules.T("No Wizard and no trump was played, so the highest card of the led colour wins: "+w.en()+".",
		"نه جادوگری بازی شده و نه خال حکمی، پس بالاترین کارتِ همرنگِ کارتِ شروع تریک را می‌بَرد: "+w.fa()+".")
}

// cannotWin explains why card c, claimed as the winner, can never win the
// trick it was played in (WIZARD-TRICK-5), or returns false when it could win
// some trick of this kind and the claim is merely wrong.
func cannotWin(c card, trick []card, trump colour) (rules.Text, bool) {
	switch c.kind {
	case wizardCard:
		return rules.Text{}, false
	case jesterCard:
		for _, t := range trick {
			if !t.isJester() {
				return rules.T("A Jester never wins a trick unless every card in it is a Jester.",
					"دلک هیچ تریکی را نمی‌بَرد، مگر تریکی که همه‌ی کارت‌هایش دلک باشد."), true
			}
		}
		return rules.Text{}, false
	}
	_, led := ledColour(trick)
	if c.colour != trump && c.colour != led {
		return rules.T(c.en()+" is neither trump nor of the led colour, so it cannot win.",
			c.fa()+" نه خال حکم است و نه همرنگِ کارتِ شروع، پس نمی‌تواند تریک را ببَرد."), true
	}
	return rules.Text{}, false
}
