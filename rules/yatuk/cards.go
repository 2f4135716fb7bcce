package yatuk

import (
	"encoding/json"
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/motamed/motamed/rules"
)

// Kind is a card's kind (YATUK-COMP-3).
type Kind string

// The six card kinds.
const (
	Wizard  Kind = "wizard"
	Tool    Kind = "tool"
	Monster Kind = "monster"
	Demon   Kind = "demon"
	Weapon  Kind = "weapon"
	Spell   Kind = "spell"
)

var kinds = []Kind{Wizard, Tool, Monster, Demon, Weapon, Spell}

// Color is one of the four element colours (YATUK-COMP-5).
type Color string

// The four colours, in the order the referee uses when two white-gem colours
// give the same strength (the order the issue lists them in).
const (
	Red    Color = "red"
	Green  Color = "green"
	Yellow Color = "yellow"
	Blue   Color = "blue"
)

var colorOrder = [4]Color{Red, Green, Yellow, Blue}

// ColorSet is a set of colours, one bit per colour in colorOrder.
type ColorSet uint8

func colorBit(c Color) (ColorSet, bool) {
	for i, k := range colorOrder {
		if k == c {
			return 1 << i, true
		}
	}
	return 0, false
}

// Has reports whether s contains c.
func (s ColorSet) Has(c Color) bool {
	b, ok := colorBit(c)
	return ok && s&b != 0
}

// Colors lists the colours of s in colour order.
func (s ColorSet) Colors() []Color {
	out := make([]Color, 0, 4)
	for i, c := range colorOrder {
		if s&(1<<i) != 0 {
			out = append(out, c)
		}
	}
	return out
}

// Len is the number of colours in s.
func (s ColorSet) Len() int { return bits.OnesCount8(uint8(s)) }

// Gem is a gem colour: one of the four colours or white (YATUK-COMP-1).
type Gem string

// White is Zurvan's gem.
const White Gem = "white"

// gemOrder is the order gems are reported in: the four colours, then white.
var gemOrder = [5]Gem{Gem(Red), Gem(Green), Gem(Yellow), Gem(Blue), White}

// GemSet is a set of gems: the four colour bits of ColorSet plus whiteBit.
type GemSet uint8

const whiteBit GemSet = 1 << 4

func gemBit(g Gem) (GemSet, bool) {
	if g == White {
		return whiteBit, true
	}
	b, ok := colorBit(Color(g))
	return GemSet(b), ok
}

func (s GemSet) colored() ColorSet { return ColorSet(s) & 0x0f }
func (s GemSet) white() bool       { return s&whiteBit != 0 }

// Gems lists s in report order.
func (s GemSet) Gems() []Gem {
	out := []Gem{}
	for _, g := range gemOrder {
		if b, _ := gemBit(g); s&b != 0 {
			out = append(out, g)
		}
	}
	return out
}

// Card is an army card or a spell as revealed at the table.
type Card struct {
	Kind   Kind
	Colors ColorSet
	Power  int
}

type cardView struct {
	Kind   Kind    `json:"kind"`
	Colors []Color `json:"colors"`
	Power  int     `json:"power"`
}

// MarshalJSON writes {kind, colors, power}.
func (c Card) MarshalJSON() ([]byte, error) { return json.Marshal(c.view()) }

func (c Card) view() cardView {
	return cardView{Kind: c.Kind, Colors: c.Colors.Colors(), Power: c.Power}
}

// maxPower bounds printed power. The seed shows powers up to 22; the bound only
// keeps sums far from overflow.
const maxPower = 999

// The rules an input check cites in its message.
const (
	ruleColors     = "YATUK-COMP-5"
	ruleColorCount = "YATUK-COMP-6"
	ruleCatalogue  = "YATUK-AMB-22"
	ruleGems       = "YATUK-COMP-1"
)

// cardJSON is a card as a request or event gives it.
type cardJSON struct {
	Kind   string   `json:"kind"`
	Colors []string `json:"colors"`
	Power  *int     `json:"power"`
}

func (w cardJSON) toCard(path string, f *rules.Fields) Card {
	var c Card
	c.Kind = Kind(w.Kind)
	switch {
	case w.Kind == "":
		f.Add(path+".kind", "is required: one of wizard, tool, monster, demon, weapon, spell")
	case !validKind(c.Kind):
		f.Add(path+".kind", fmt.Sprintf("%q is not a card kind: use wizard, tool, monster, demon, weapon or spell", w.Kind))
	}
	if c.Kind == Spell {
		if len(w.Colors) > 0 {
			f.Add(path+".colors", "must be empty: a spell has no colours")
		}
		if w.Power != nil && *w.Power != 0 {
			f.Add(path+".power", "must be omitted: a spell has no battle power")
		}
		return c
	}
	seen := ColorSet(0)
	for i, name := range w.Colors {
		b, ok := colorBit(Color(name))
		if !ok {
			f.Add(fmt.Sprintf("%s.colors[%d]", path, i), fmt.Sprintf("%q is not a colour: use red, green, yellow or blue (%s)", name, ruleColors))
			continue
		}
		if seen&b != 0 {
			f.Add(fmt.Sprintf("%s.colors[%d]", path, i), fmt.Sprintf("%q is listed twice", name))
			continue
		}
		seen |= b
	}
	c.Colors = seen
	switch n := len(w.Colors); {
	case n == 0:
		f.Add(path+".colors", fmt.Sprintf("is required: an army card has 1, 2 or 4 colours (%s)", ruleColorCount))
	case n == 3 || n > 4:
		f.Add(path+".colors", fmt.Sprintf("has %d colours, but an army card has 1, 2 or 4 colours; there are no three-colour cards (%s)", n, ruleColorCount))
	}
	switch {
	case w.Power == nil:
		f.Add(path+".power", "is required: the battle power printed on the card")
	case *w.Power < 0:
		f.Add(path+".power", fmt.Sprintf("must not be negative: printed power is 0 or more (%s)", ruleCatalogue))
	case *w.Power > maxPower:
		f.Add(path+".power", fmt.Sprintf("must be at most %d", maxPower))
	default:
		c.Power = *w.Power
	}
	return c
}

func validKind(k Kind) bool {
	for _, x := range kinds {
		if x == k {
			return true
		}
	}
	return false
}

// parseCards converts cards given at path (e.g. "cards" or "data.armies.p1").
func parseCards(ws []cardJSON, path string, f *rules.Fields) []Card {
	out := make([]Card, len(ws))
	for i, w := range ws {
		out[i] = w.toCard(fmt.Sprintf("%s[%d]", path, i), f)
	}
	return out
}

// parseGems converts a gem list; each gem at most once.
func parseGems(names []string, path string, f *rules.Fields) GemSet {
	var s GemSet
	for i, n := range names {
		b, ok := gemBit(Gem(n))
		if !ok {
			f.Add(fmt.Sprintf("%s[%d]", path, i), fmt.Sprintf("%q is not a gem: use red, green, yellow, blue or white (%s)", n, ruleGems))
			continue
		}
		if s&b != 0 {
			f.Add(fmt.Sprintf("%s[%d]", path, i), fmt.Sprintf("%q is listed twice: there is one gem of each colour (%s)", n, ruleGems))
			continue
		}
		s |= b
	}
	return s
}

// parseColor converts an optional colour (the white gem's named colour).
func parseColor(name *string, path string, f *rules.Fields) Color {
	if name == nil {
		return ""
	}
	if _, ok := colorBit(Color(*name)); !ok {
		f.Add(path, fmt.Sprintf("%q is not a colour: use red, green, yellow or blue", *name))
		return ""
	}
	return Color(*name)
}

// Text helpers for cards.

var colorFA = map[Color]string{Red: "قرمز", Green: "سبز", Yellow: "زرد", Blue: "آبی"}

var kindEN = map[Kind]string{Wizard: "wizard", Tool: "tool", Monster: "monster", Demon: "demon", Weapon: "weapon", Spell: "spell"}

// kindFA gives the Persian kind with the ezafe form used before an adjective.
var kindFA = map[Kind][2]string{
	Wizard:  {"جادوگر", "جادوگر"},
	Tool:    {"ابزار جادوگری", "ابزار"},
	Monster: {"هیولا", "هیولای"},
	Demon:   {"اهریمن", "اهریمن"},
	Weapon:  {"سلاح", "سلاح"},
	Spell:   {"طلسم", "طلسم"},
}

func colorsEN(s ColorSet) string {
	if s.Len() == 4 {
		return "four-colour"
	}
	parts := []string{}
	for _, c := range s.Colors() {
		parts = append(parts, string(c))
	}
	return strings.Join(parts, "/")
}

func colorsFA(s ColorSet) string {
	if s.Len() == 4 {
		return "چهاررنگ"
	}
	parts := []string{}
	for _, c := range s.Colors() {
		parts = append(parts, colorFA[c])
	}
	return strings.Join(parts, "/")
}

// describe names a card for people: "red/green monster, power 18".
func describe(c Card) (en, fa string) {
	if c.Kind == Spell {
		return "spell", "طلسم"
	}
	// Concatenation rather than fmt: this runs for every card of every ruling.
	p := strconv.Itoa(c.Power)
	return colorsEN(c.Colors) + " " + kindEN[c.Kind] + ", power " + p,
		kindFA[c.Kind][1] + " " + colorsFA(c.Colors) + "، قدرت " + p
}

// cardRef names a card with its 1-based position: "card 3 (red monster, power 10)".
func cardRef(pos int, c Card) (en, fa string) {
	den, dfa := describe(c)
	p := strconv.Itoa(pos)
	return "card " + p + " (" + den + ")", "کارت " + p + " (" + dfa + ")"
}

func gemFA(g Gem) string {
	if g == White {
		return "سفید"
	}
	return colorFA[Color(g)]
}
