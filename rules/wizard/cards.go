package wizard

import "strconv"

// colour is one of the four suits, or noColour for Wizards, Jesters and
// "no trump".
type colour int8

const (
	noColour colour = -1
	blue     colour = 0
	green    colour = 1
	red      colour = 2
	yellow   colour = 3
)

// colourName is the colour as it is spelled in events ("none" for no colour).
func colourName(c colour) string {
	switch c {
	case blue:
		return "blue"
	case green:
		return "green"
	case red:
		return "red"
	case yellow:
		return "yellow"
	}
	return "none"
}

// colourFA is the colour's Persian name (the seed's آبی، سبز، قرمز، زرد).
func colourFA(c colour) string {
	switch c {
	case blue:
		return "آبی"
	case green:
		return "سبز"
	case red:
		return "قرمز"
	case yellow:
		return "زرد"
	}
	return "بدون حکم"
}

func parseColour(s string) (colour, bool) {
	switch s {
	case "blue":
		return blue, true
	case "green":
		return green, true
	case "red":
		return red, true
	case "yellow":
		return yellow, true
	}
	return noColour, false
}

// parseTrump reads a trump field: a colour or "none".
func parseTrump(s string) (colour, bool) {
	if s == "none" {
		return noColour, true
	}
	return parseColour(s)
}

type kind int8

const (
	numbered kind = iota
	wizardCard
	jesterCard
)

// card is one card of the 60-card deck (WIZARD-COMP-2): a numbered card
// (colour, 1..13), a Wizard or a Jester. The four Wizards (and Jesters) are
// physically alike, so they need no index.
type card struct {
	kind   kind
	colour colour
	value  int8
}

const cardFormat = "blue-1 … blue-13, green-…, red-…, yellow-…, wizard or jester"

// parseCard reads a card in its canonical spelling ("red-7", "wizard",
// "jester"). Anything else (capitals, "red-07", "red-14") is refused so that a
// card has exactly one spelling in the log.
func parseCard(s string) (card, bool) {
	switch s {
	case "wizard":
		return card{kind: wizardCard, colour: noColour}, true
	case "jester":
		return card{kind: jesterCard, colour: noColour}, true
	}
	for i := 0; i < len(s); i++ {
		if s[i] != '-' {
			continue
		}
		c, ok := parseColour(s[:i])
		if !ok {
			return card{}, false
		}
		digits := s[i+1:]
		if len(digits) == 0 || len(digits) > 2 || digits[0] == '0' {
			return card{}, false
		}
		v, err := strconv.Atoi(digits)
		if err != nil || v < 1 || v > 13 {
			return card{}, false
		}
		return card{kind: numbered, colour: c, value: int8(v)}, true
	}
	return card{}, false
}

func (c card) isWizard() bool { return c.kind == wizardCard }
func (c card) isJester() bool { return c.kind == jesterCard }

// String is the canonical spelling used in events.
func (c card) String() string {
	switch c.kind {
	case wizardCard:
		return "wizard"
	case jesterCard:
		return "jester"
	}
	return colourName(c.colour) + "-" + strconv.Itoa(int(c.value))
}

// en and fa name the card in messages ("blue 7", "آبی 7").
func (c card) en() string {
	switch c.kind {
	case wizardCard:
		return "a Wizard"
	case jesterCard:
		return "a Jester"
	}
	return colourName(c.colour) + " " + strconv.Itoa(int(c.value))
}

func (c card) fa() string {
	switch c.kind {
	case wizardCard:
		return "یک جادوگر"
	case jesterCard:
		return "یک دلک"
	}
	return colourFA(c.colour) + " " + strconv.Itoa(int(c.value))
}

// deckCount tallies cards seen in one round, to catch a card seen twice
// (WIZARD-COMP-4, WIZARD-PLAY-13) or a fifth Wizard or Jester (WIZARD-COMP-2).
type deckCount struct {
	numbered uint64 // bit colour*13 + value-1
	wizards  int
	jesters  int
}

// add records c and reports whether the deck still allows it: false for a
// numbered card already recorded or a fifth Wizard or Jester.
func (d *deckCount) add(c card) bool {
	switch c.kind {
	case wizardCard:
		d.wizards++
		return d.wizards <= 4
	case jesterCard:
		d.jesters++
		return d.jesters <= 4
	}
	bit := uint64(1) << (uint(c.colour)*13 + uint(c.value-1))
	if d.numbered&bit != 0 {
		return false
	}
	d.numbered |= bit
	return true
}

// has reports whether numbered card c was recorded.
func (d *deckCount) has(c card) bool {
	if c.kind != numbered {
		return false
	}
	return d.numbered&(uint64(1)<<(uint(c.colour)*13+uint(c.value-1))) != 0
}

// count is how many Wizards or Jesters (by k) were recorded.
func (d *deckCount) count(k kind) int {
	switch k {
	case wizardCard:
		return d.wizards
	case jesterCard:
		return d.jesters
	}
	return 0
}
