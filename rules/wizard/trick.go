package wizard

// The algorithms of spec section 5: the led colour, the legality of a play and
// the winner of a trick. They work on parsed cards and know nothing of players.

// lead says what the cards so far have established (WIZARD-PLAY-6).
type lead int8

const (
	leadOpen   lead = iota // no card yet, or only Jesters: no colour yet
	leadFree               // a Wizard came before any numbered card: nobody must follow
	leadColour             // the first numbered card set the colour
)

// ledColour scans the trick in play order (WIZARD-PLAY-6, WIZARD-PLAY-11,
// WIZARD-AMB-1, WIZARD-AMB-2).
func ledColour(trick []card) (lead, colour) {
	for _, c := range trick {
		switch c.kind {
		case wizardCard:
			return leadFree, noColour
		case numbered:
			return leadColour, c.colour
		}
	}
	return leadOpen, noColour
}

// legality is the referee's answer to "may this card be played now?".
type legality struct {
	legal bool
	rule  string
}

// isLegal judges card c for a player holding hand (c included) after the
// cards of trick were played (WIZARD-PLAY-5 to -12). Whether c is in the hand
// is the caller's business (WIZARD-PLAY-13).
func isLegal(c card, hand, trick []card, trump colour) legality {
	state, led := ledColour(trick)
	switch {
	case len(trick) == 0:
		return legality{true, "WIZARD-PLAY-5"}
	case state == leadFree && trick[0].isWizard():
		return legality{true, "WIZARD-PLAY-10"}
	case state == leadFree:
		return legality{true, "WIZARD-PLAY-6"}
	case state == leadOpen:
		return legality{true, "WIZARD-PLAY-11"}
	case c.kind != numbered:
		return legality{true, "WIZARD-PLAY-8"}
	case c.colour == led:
		return legality{true, "WIZARD-PLAY-7"}
	}
	holdsWizard := false
	for _, h := range hand {
		if h.kind == numbered && h.colour == led {
			return legality{false, "WIZARD-PLAY-7"}
		}
		holdsWizard = holdsWizard || h.isWizard()
	}
	if led == trump && holdsWizard {
		// Void in the trump colour although holding a Wizard: a Wizard is
		// not a card of the trump colour (WIZARD-PLAY-12, WIZARD-AMB-4).
		return legality{true, "WIZARD-PLAY-12"}
	}
	return legality{true, "WIZARD-PLAY-9"}
}

// trickWinner returns the index (play order) of the winning card and the
// rule that decided it (WIZARD-TRICK-1 to -4). trick must not be empty.
func trickWinner(trick []card, trump colour) (int, string) {
	allJesters := true
	for i, c := range trick {
		if c.isWizard() {
			return i, "WIZARD-TRICK-1"
		}
		allJesters = allJesters && c.isJester()
	}
	if allJesters {
		return 0, "WIZARD-TRICK-2"
	}
	if trump != noColour {
		if i := highestOf(trick, trump); i >= 0 {
			return i, "WIZARD-TRICK-3"
		}
	}
	_, led := ledColour(trick)
	return highestOf(trick, led), "WIZARD-TRICK-4"
}

// highestOf is the index of the highest numbered card of colour c, or -1.
func highestOf(trick []card, c colour) int {
	best := -1
	for i, t := range trick {
		if t.kind == numbered && t.colour == c && (best < 0 || t.value > trick[best].value) {
			best = i
		}
	}
	return best
}
