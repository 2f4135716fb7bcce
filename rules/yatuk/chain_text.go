package yatuk

import (
	"fmt"
	"strings"

	"github.com/motamed/motamed/rules"
)

// This file words the chain rulings: why a card stays or goes, in English
// and Persian, with the rule each reason rests on.

// missingSummonerRule is the rule that says which kinds may summon k.
var missingSummonerRule = map[Kind]string{
	Tool:    "YATUK-CHAIN-5",
	Monster: "YATUK-CHAIN-6",
	Demon:   "YATUK-CHAIN-7",
	Weapon:  "YATUK-CHAIN-8",
}

var summonerWordsEN = map[Kind]string{Tool: "wizard", Monster: "wizard or tool", Demon: "monster", Weapon: "monster or demon"}
var summonerWordsFA = map[Kind]string{Tool: "جادوگری", Monster: "جادوگر یا ابزاری", Demon: "هیولایی", Weapon: "هیولا یا اهریمنی"}
var summonerNamesFA = map[Kind]string{Tool: "جادوگر", Monster: "جادوگر یا ابزار", Demon: "هیولا", Weapon: "هیولا یا اهریمن"}

// verb says what the summoner does to a card of kind k.
func verbEN(k Kind) string {
	if k == Weapon {
		return "use"
	}
	return "summon"
}

// verbFA is the Persian for "summon it" or, for a weapon, "use it".
func verbFA(k Kind) string {
	if k == Weapon {
		return "از آن استفاده کند"
	}
	return "آن را احضار کند"
}

func verbFAPlural(k Kind) string {
	if k == Weapon {
		return "از آن استفاده کنند"
	}
	return "آن را احضار کنند"
}

func positionsEN(ps []int) string {
	strs := make([]string, len(ps))
	for i, p := range ps {
		strs[i] = fmt.Sprint(p)
	}
	if len(ps) == 1 {
		return "card " + strs[0]
	}
	return "cards " + strings.Join(strs[:len(strs)-1], ", ") + " and " + strs[len(strs)-1]
}

func positionsFA(ps []int) string {
	strs := make([]string, len(ps))
	for i, p := range ps {
		strs[i] = fmt.Sprint(p)
	}
	if len(ps) == 1 {
		return "کارت " + strs[0]
	}
	return "کارت‌های " + strings.Join(strs[:len(strs)-1], "، ") + " و " + strs[len(strs)-1]
}

func removalSpell() removal {
	return removal{"spell", "YATUK-CHAIN-2", rules.T(
		"Removed: a spell is never part of an army; it must be played face up and carried out (YATUK-ARMY-11).",
		"خارج می‌شود: طلسم نمی‌تواند در لشکر باشد؛ طلسم را باید به رو بازی کرد و عمل آن را اجرا کرد.")}
}

func removalNoWizard() removal {
	return removal{"no_wizard", "YATUK-CHAIN-14", rules.T(
		"Removed: this army has no wizard, and no card can join a chain without one.",
		"خارج می‌شود: این لشکر جادوگر ندارد و هیچ کارتی بدون جادوگر در زنجیره‌ی لشکر جایی ندارد.")}
}

func removalNoSummoner(k Kind) removal {
	if k == Demon {
		return removal{"no_summoner", "YATUK-CHAIN-7", rules.T(
			"Removed: only a monster can summon a demon, and this army has no monster.",
			"خارج می‌شود: اهریمن را فقط هیولا احضار می‌کند و این لشکر هیولایی ندارد.")}
	}
	return removal{"no_summoner", "YATUK-CHAIN-8", rules.T(
		"Removed: only a monster or a demon can use a weapon, and this army has neither; wizards and tools cannot use weapons.",
		"خارج می‌شود: از سلاح فقط هیولا یا اهریمن استفاده می‌کند و این لشکر هیچ‌کدام را ندارد؛ جادوگر و ابزار نمی‌توانند از سلاح استفاده کنند.")}
}

func removalColor(k Kind) removal {
	return removal{"color_mismatch", "YATUK-CHAIN-9", rules.T(
		fmt.Sprintf("Removed: no %s in this army shares a colour with it, so nothing can %s it.", summonerWordsEN[k], verbEN(k)),
		fmt.Sprintf("خارج می‌شود: هیچ %s در این لشکر با رنگ آن مطابقت ندارد، پس کسی نمی‌تواند %s.", summonerWordsFA[k], verbFA(k)))}
}

func removalSummonerRemoved(k Kind, ps []int) removal {
	return removal{"summoner_removed", "YATUK-CHAIN-11", rules.T(
		fmt.Sprintf("Removed: the only cards that could %s it (%s) are themselves out of the chain, so it leaves with them.", verbEN(k), positionsEN(ps)),
		fmt.Sprintf("خارج می‌شود: تنها کارت‌هایی که می‌توانستند %s (%s) خودشان در زنجیره نیستند، پس این کارت هم همراه آن‌ها خارج می‌شود.", verbFAPlural(k), positionsFA(ps)))}
}

func removalSummonerUsed(k Kind, rule string, ps []int) removal {
	other := "monster"
	otherFA := "هیولای"
	if k == Demon {
		other, otherFA = "demon", "اهریمن"
	}
	return removal{"summoner_used", rule, rules.T(
		fmt.Sprintf("Removed: every card that could summon it (%s) already summons another %s, and each summons only one; the strongest chain gives those places to other cards (YATUK-CHAIN-15).", positionsEN(ps), other),
		fmt.Sprintf("خارج می‌شود: هر کارتی که می‌توانست آن را احضار کند (%s) پیش‌تر %s دیگری را احضار کرده و هر کدام فقط یکی را احضار می‌کند؛ قوی‌ترین زنجیره این جاها را به کارت‌های دیگر می‌دهد.", positionsFA(ps), otherFA))}
}

// explainRemovals gives each card solveMax removed its reason.
func explainRemovals(cards []Card, sol *solution) {
	hasWizard := false
	for _, c := range cards {
		hasWizard = hasWizard || c.Kind == Wizard
	}
	for i, c := range cards {
		if sol.kept[i] {
			continue
		}
		switch {
		case c.Kind == Spell:
			sol.why[i] = removalSpell()
			continue
		case !hasWizard:
			sol.why[i] = removalNoWizard()
			continue
		}
		var present, sharing, keptSharing, removedSharing []int
		hasWizardSlot := false
		for h, hc := range cards {
			if !canSummon(hc.Kind, c.Kind) {
				continue
			}
			present = append(present, h+1)
			if hc.Colors&c.Colors == 0 {
				continue
			}
			sharing = append(sharing, h+1)
			if sol.kept[h] {
				keptSharing = append(keptSharing, h+1)
				hasWizardSlot = hasWizardSlot || hc.Kind == Wizard
			} else {
				removedSharing = append(removedSharing, h+1)
			}
		}
		switch {
		case len(present) == 0:
			sol.why[i] = removalNoSummoner(c.Kind)
		case len(sharing) == 0:
			sol.why[i] = removalColor(c.Kind)
		case len(keptSharing) == 0:
			sol.why[i] = removalSummonerRemoved(c.Kind, removedSharing)
		default:
			rule := "YATUK-CHAIN-6"
			if c.Kind == Monster {
				rule = "YATUK-CHAIN-5"
				if hasWizardSlot {
					rule = "YATUK-CHAIN-4"
				}
			}
			sol.why[i] = removalSummonerUsed(c.Kind, rule, keptSharing)
		}
	}
}

func removalNoLink(c Card) removal {
	return removal{"no_link", missingSummonerRule[c.Kind], rules.T(
		fmt.Sprintf("Removed: no card was declared to %s it.", verbEN(c.Kind)),
		"خارج می‌شود: برای آن احضارکننده‌ای اعلام نشده است.")}
}

func removalWrongKind(c Card, p int, pc Card) removal {
	en, fa := cardRef(p+1, pc)
	return removal{"wrong_summoner_kind", missingSummonerRule[c.Kind], rules.T(
		fmt.Sprintf("Removed: the declared %s cannot %s a %s; only a %s can.", en, verbEN(c.Kind), kindEN[c.Kind], summonerWordsEN[c.Kind]),
		fmt.Sprintf("خارج می‌شود: %s که اعلام شده نمی‌تواند %s را %s؛ فقط %s می‌تواند.", fa, kindFA[c.Kind][0], map[bool]string{true: "به کار بگیرد", false: "احضار کند"}[c.Kind == Weapon], summonerNamesFA[c.Kind]))}
}

func removalDeclaredColor(c Card, p int, pc Card) removal {
	en, fa := cardRef(p+1, pc)
	return removal{"color_mismatch", "YATUK-CHAIN-9", rules.T(
		fmt.Sprintf("Removed: it shares no colour with its declared summoner, %s.", en),
		fmt.Sprintf("خارج می‌شود: رنگ آن با احضارکننده‌ی اعلام‌شده، %s، مطابقت ندارد.", fa))}
}

func removalDeclaredRemoved(c Card, p int, pc Card) removal {
	en, fa := cardRef(p+1, pc)
	return removal{"summoner_removed", "YATUK-CHAIN-11", rules.T(
		fmt.Sprintf("Removed: its declared summoner, %s, is itself out of the chain.", en),
		fmt.Sprintf("خارج می‌شود: احضارکننده‌ی اعلام‌شده‌ی آن، %s، خودش در زنجیره نیست.", fa))}
}

func removalDeclaredUsed(cards []Card, c Card, p int, pc Card, parent []int) removal {
	taken := 0
	for i, x := range parent {
		if x == p && cards[i].Kind == c.Kind {
			taken = i + 1
			break
		}
	}
	rule := "YATUK-CHAIN-6"
	switch pc.Kind {
	case Wizard:
		rule = "YATUK-CHAIN-4"
	case Tool:
		rule = "YATUK-CHAIN-5"
	}
	en, fa := cardRef(p+1, pc)
	return removal{"summoner_used", rule, rules.T(
		fmt.Sprintf("Removed: its declared summoner, %s, already summons card %d and may summon only one %s.", en, taken, kindEN[c.Kind]),
		fmt.Sprintf("خارج می‌شود: احضارکننده‌ی اعلام‌شده‌ی آن، %s، پیش‌تر کارت %d را احضار کرده و فقط یک %s را می‌تواند احضار کند.", fa, taken, kindFA[c.Kind][0]))}
}

// keptText explains why kept card i stays: wizards stand alone; every other
// card hangs from its summoner through a shared colour.
func keptText(cards []Card, i, p int) (string, rules.Text) {
	c := cards[i]
	if p < 0 {
		return "YATUK-CHAIN-3", rules.T("Kept: a wizard needs no summoner.", "می‌ماند: جادوگر به احضارکننده نیاز ندارد.")
	}
	pc := cards[p]
	rule := ""
	switch {
	case c.Kind == Tool, c.Kind == Monster && pc.Kind == Wizard:
		rule = "YATUK-CHAIN-4"
	case c.Kind == Monster:
		rule = "YATUK-CHAIN-5"
	case c.Kind == Demon, c.Kind == Weapon && pc.Kind == Monster:
		rule = "YATUK-CHAIN-6"
	default:
		rule = "YATUK-CHAIN-7"
	}
	via := pc.Colors & c.Colors
	en, fa := cardRef(p+1, pc)
	if c.Kind == Weapon {
		return rule, rules.T(
			"Kept: used by "+en+" through "+colorsList(via)+".",
			"می‌ماند: "+fa+" با رنگ "+colorsFAList(via)+" از آن استفاده می‌کند.")
	}
	return rule, rules.T(
		"Kept: summoned by "+en+" through "+colorsList(via)+".",
		"می‌ماند: "+fa+" آن را با رنگ "+colorsFAList(via)+" احضار می‌کند.")
}

func colorsList(s ColorSet) string {
	parts := []string{}
	for _, c := range s.Colors() {
		parts = append(parts, string(c))
	}
	return strings.Join(parts, "/")
}

func colorsFAList(s ColorSet) string {
	parts := []string{}
	for _, c := range s.Colors() {
		parts = append(parts, colorFA[c])
	}
	return strings.Join(parts, "/")
}
