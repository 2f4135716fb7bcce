package munchkin

import (
	"fmt"
	"slices"
	"strings"

	"github.com/motamed/motamed/rules"
)

// Races and classes by their Race/Class cards. Human is having no Race card
// (RACE-1, AMB-26), so it is not a value here.
var (
	raceNames  = map[string][2]string{"elf": {"Elf", "الف"}, "dwarf": {"Dwarf", "کوتوله"}, "halfling": {"Halfling", "آدم‌کوچولو"}}
	classNames = map[string][2]string{"warrior": {"Warrior", "جنگجو"}, "wizard": {"Wizard", "جادوگر"}, "thief": {"Thief", "دزد"}, "cleric": {"Cleric", "کشیش"}}
)

func raceEN(r string) string  { return raceNames[r][0] }
func raceFA(r string) string  { return raceNames[r][1] }
func classEN(c string) string { return classNames[c][0] }
func classFA(c string) string { return classNames[c][1] }

// who names a character in messages, in both languages.
type who struct{ en, fa string }

func playerWho(name string) who { return who{name, name} }

// start is the English name at the start of a sentence: "the fighter"
// becomes "The fighter"; a player's name stays as entered, whatever its
// script ("رضا", "sara").
func (w who) start() string {
	if w.en == w.fa || !strings.HasPrefix(w.en, "the ") {
		return w.en
	}
	return "T" + w.en[1:]
}

// character is what the rules need to know about Race and Class cards.
type character struct {
	Races         []string
	Classes       []string
	SuperMunchkin bool
	HalfBreed     bool
}

func (p *PlayerState) character() character {
	return character{Races: p.Races, Classes: p.Classes, SuperMunchkin: p.SuperMunchkin, HalfBreed: p.HalfBreed}
}

func (c character) isRace(r string) bool  { return slices.Contains(c.Races, r) }
func (c character) isClass(k string) bool { return slices.Contains(c.Classes, k) }
func (c character) isHumanOrHalf() bool {
	return len(c.Races) == 0 || (c.HalfBreed && len(c.Races) == 1)
}
func (c character) bigAllowance() (int, bool) { return 1, c.isRace("dwarf") }

// checkCharacter lists every rule the Race and Class cards in play break.
func checkCharacter(c character, w who) []rules.Ruling {
	var rs []rules.Ruling
	if dupR, dupC := firstDuplicate(c.Races), firstDuplicate(c.Classes); dupR != "" || dupC != "" {
		en, fa := "", ""
		if dupR != "" {
			en, fa = raceEN(dupR)+" Race card", "کارت نژاد «"+raceFA(dupR)+"»"
		} else {
			en, fa = classEN(dupC)+" Class card", "کارت طبقه‌ی «"+classFA(dupC)+"»"
		}
		rs = append(rs, rules.Rule("MUNCHKIN-HYBRID-3",
			fmt.Sprintf("%s cannot have two copies of the %s in play.", w.start(), en),
			fmt.Sprintf("%s نمی‌تونه دوتا %s رو با هم بازی‌شده داشته باشه.", w.fa, fa)))
	}
	switch {
	case len(c.Races) > 1 && !c.HalfBreed:
		rs = append(rs, rules.Rule("MUNCHKIN-RACE-3",
			fmt.Sprintf("%s may have only one race (%s) unless Half-Breed is in play.", w.start(), joinEN(c.Races, raceEN)),
			fmt.Sprintf("%s فقط یه نژاد می‌تونه داشته باشه (%s)، مگه اینکه کارت «دو-رگه» بازی کرده باشه.", w.fa, joinFA(c.Races, raceFA))))
	case len(c.Races) > 2:
		rs = append(rs, rules.Rule("MUNCHKIN-HYBRID-2",
			fmt.Sprintf("Half-Breed allows a second race, not %d races.", len(c.Races)),
			fmt.Sprintf("«دو-رگه» فقط اجازه‌ی یه نژاد دوم رو می‌ده، نه %d تا نژاد.", len(c.Races))))
	case c.HalfBreed && len(c.Races) == 0:
		rs = append(rs, rules.Rule("MUNCHKIN-HYBRID-2",
			"Half-Breed is played only together with a Race card attached to it; "+w.en+" has no Race card.",
			"«دو-رگه» فقط همراه یه کارت نژاد که بهش چسبیده بازی می‌شه؛ "+w.fa+" هیچ کارت نژادی نداره."))
	}
	switch {
	case len(c.Classes) > 1 && !c.SuperMunchkin:
		rs = append(rs, rules.Rule("MUNCHKIN-CLASS-5",
			fmt.Sprintf("%s may belong to only one class (%s) unless Super Munchkin is in play.", w.start(), joinEN(c.Classes, classEN)),
			fmt.Sprintf("%s فقط می‌تونه یه طبقه داشته باشه (%s)، مگه اینکه کارت «سوپر-مانچکین» بازی کرده باشه.", w.fa, joinFA(c.Classes, classFA))))
	case len(c.Classes) > 2:
		rs = append(rs, rules.Rule("MUNCHKIN-HYBRID-1",
			fmt.Sprintf("Super Munchkin allows a second class, not %d classes.", len(c.Classes)),
			fmt.Sprintf("«سوپر-مانچکین» فقط اجازه‌ی یه طبقه‌ی دوم رو می‌ده، نه %d تا طبقه.", len(c.Classes))))
	case c.SuperMunchkin && len(c.Classes) == 0:
		rs = append(rs, rules.Rule("MUNCHKIN-HYBRID-1",
			"Super Munchkin is played only together with a Class card attached to it; "+w.en+" has no Class card.",
			"«سوپر-مانچکین» فقط همراه یه کارت طبقه که بهش چسبیده بازی می‌شه؛ "+w.fa+" هیچ کارت طبقه‌ای نداره."))
	}
	return rs
}

func firstDuplicate(xs []string) string {
	for i, x := range xs {
		if slices.Contains(xs[:i], x) {
			return x
		}
	}
	return ""
}

func joinEN(xs []string, f func(string) string) string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return strings.Join(out, ", ")
}

func joinFA(xs []string, f func(string) string) string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return strings.Join(out, "، ")
}

// parseCards validates a list of race or class names at field.
func parseCards(xs []string, field string, known map[string][2]string, what string, bad *rules.Fields) []string {
	if len(xs) > 4 {
		bad.Add(field, "lists at most 4 cards")
		return nil
	}
	out := make([]string, 0, len(xs))
	for i, x := range xs {
		if _, ok := known[x]; !ok {
			msg := fmt.Sprintf("%q is not a %s: use %s", x, what, strings.Join(sortedKeys(known), ", "))
			if x == "human" {
				msg = `"human" is not a Race card: a character with no Race card is Human, so send an empty list`
			}
			bad.Add(fmt.Sprintf("%s[%d]", field, i), msg)
			continue
		}
		out = append(out, x)
	}
	return out
}

func sortedKeys(m map[string][2]string) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

type characterData struct {
	Player        *string   `json:"player"`
	Gender        *string   `json:"gender"`
	Races         *[]string `json:"races"`
	Classes       *[]string `json:"classes"`
	SuperMunchkin *bool     `json:"super_munchkin"`
	HalfBreed     *bool     `json:"half_breed"`
}

// applyCharacterUpdated records Race and Class cards played or discarded, a
// gender change, Super Munchkin and Half-Breed. Omitted fields keep their
// value. Race and Class cards may be discarded at any time (TIMING-1), so the
// event is accepted in combat too.
func applyCharacterUpdated(s *State, raw []byte) ([]rules.Ruling, error) {
	var d characterData
	if err := rules.Decode(raw, "data", &d); err != nil {
		return nil, err
	}
	var bad rules.Fields
	i := s.playerField(d.Player, "data.player", &bad)
	if d.Gender != nil && *d.Gender != "male" && *d.Gender != "female" {
		bad.Add("data.gender", `must be "male" or "female" (the pawn on the level track)`)
	}
	var races, classes []string
	if d.Races != nil {
		races = parseCards(*d.Races, "data.races", raceNames, "race", &bad)
	}
	if d.Classes != nil {
		classes = parseCards(*d.Classes, "data.classes", classNames, "class", &bad)
	}
	if d.Gender == nil && d.Races == nil && d.Classes == nil && d.SuperMunchkin == nil && d.HalfBreed == nil {
		bad.Add("data", "changes nothing: give at least one of gender, races, classes, super_munchkin, half_breed")
	}
	if err := bad.Err(); err != nil {
		return nil, err
	}
	p := &s.Players[i]
	if d.Gender != nil {
		p.Gender = *d.Gender // CHAR-2: the player swaps the pawn
	}
	if d.Races != nil {
		p.Races = races
	}
	if d.Classes != nil {
		p.Classes = classes
	}
	if d.SuperMunchkin != nil {
		p.SuperMunchkin = *d.SuperMunchkin
	}
	if d.HalfBreed != nil {
		p.HalfBreed = *d.HalfBreed
	}
	if err := rules.Violations(checkCharacter(p.character(), playerWho(p.Name))); err != nil {
		return nil, err
	}
	// Losing a Dwarf or a class/race restriction changes what the Items do.
	rep := evaluateLoadout(p.Items, p.Hirelings, p.Cheat, p.character(), playerWho(p.Name), s.Turn.Player == p.ID && !s.inCombat())
	p.EquippedBonus = rep.EquippedBonus
	return append(rep.Warnings, rep.Overload...), nil
}
