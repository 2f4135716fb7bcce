package munchkin

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/motamed/motamed/rules"
)

// CombatRecord is a fight recorded this turn. Open: run-away rolls are still
// due, and the fighter and helper count as in combat (AMB-22).
type CombatRecord struct {
	CombatOutcome
	Open bool `json:"open"`
}

func (c *CombatRecord) clone() *CombatRecord {
	if c == nil {
		return nil
	}
	d := *c
	if c.Helper != nil {
		h := *c.Helper
		d.Helper = &h
	}
	if c.WinningFight != nil {
		w := *c.WinningFight
		d.WinningFight = &w
	}
	d.Monsters = slices.Clone(c.Monsters)
	d.RunAway = slices.Clone(c.RunAway)
	d.Notes = slices.Clone(c.Notes)
	return &d
}

// involves reports whether id fought or helped in this combat.
func (c *CombatRecord) involves(id string) bool {
	return c.Fighter.Player == id || (c.Helper != nil && c.Helper.Player == id)
}

type combatData struct {
	Player          *string        `json:"player"`
	Helper          *string        `json:"helper"`
	Bonus           *int           `json:"bonus"`
	HelperBonus     *int           `json:"helper_bonus"`
	Monsters        *[]monsterData `json:"monsters"`
	PlayerIsWarrior *bool          `json:"player_is_warrior"`
	HelperIsWarrior *bool          `json:"helper_is_warrior"`
	HelperIsElf     *bool          `json:"helper_is_elf"`
	HelperCompelled *bool          `json:"helper_compelled"`
	OneShotBonus    *int           `json:"one_shot_bonus"`
	Outcome         *string        `json:"outcome"`
}

// checkBonus validates a declared bonus (bonuses minus penalties).
func checkBonus(v *int, field string, required bool, bad *rules.Fields) int {
	if v == nil {
		if required {
			bad.Add(field, "is required: the sum of bonuses minus penalties (0 for none)")
		}
		return 0
	}
	if *v < -maxBonus || *v > maxBonus {
		bad.Add(field, fmt.Sprintf("must be from %d to %d", -maxBonus, maxBonus))
		return 0
	}
	return *v
}

// helperOnlyFields are the fields that make sense only with a helper.
func helperOnlyFields(d *combatData, prefix string, bad *rules.Fields) {
	for _, f := range []struct {
		name string
		set  bool
	}{
		{"helper_bonus", d.HelperBonus != nil}, {"helper_is_warrior", d.HelperIsWarrior != nil},
		{"helper_is_elf", d.HelperIsElf != nil}, {"helper_compelled", d.HelperCompelled != nil},
	} {
		if f.set {
			bad.Add(prefix+f.name, "is given only together with helper")
		}
	}
}

func checkClaimed(v *string, field string, bad *rules.Fields) string {
	if v == nil {
		return ""
	}
	if *v != outcomeWon && *v != outcomeLost {
		bad.Add(field, `must be "won" or "lost" (the outcome the table believes; the referee checks it)`)
		return ""
	}
	return *v
}

// applyCombat records a fight as it stood when it was resolved: the
// fighter's level comes from the state, bonuses and monsters as declared.
// A win moves the pawns at once; a loss leaves the run-away rolls due.
func applyCombat(s *State, raw []byte) ([]rules.Ruling, error) {
	var d combatData
	if err := rules.Decode(raw, "data", &d); err != nil {
		return nil, err
	}
	var bad rules.Fields
	fi := s.playerField(d.Player, "data.player", &bad)
	hi := -1
	if d.Helper != nil {
		hi = s.playerField(d.Helper, "data.helper", &bad)
		if hi >= 0 && hi == fi {
			bad.Add("data.helper", "must be another player than data.player: the fighter cannot help themselves")
			hi = -1
		}
	} else {
		helperOnlyFields(&d, "data.", &bad)
	}
	bonus := checkBonus(d.Bonus, "data.bonus", true, &bad)
	helperBonus := checkBonus(d.HelperBonus, "data.helper_bonus", false, &bad)
	oneShot := checkBonus(d.OneShotBonus, "data.one_shot_bonus", false, &bad)
	monsters := parseMonsters(d.Monsters, "data.monsters", &bad)
	claimed := checkClaimed(d.Outcome, "data.outcome", &bad)
	if err := bad.Err(); err != nil {
		return nil, err
	}
	fp := &s.Players[fi]
	var rs []rules.Ruling
	if s.inCombat() {
		rs = append(rs, pendingRuling(s))
	} else if s.Turn.Fought {
		rs = append(rs, rules.Rule("MUNCHKIN-TURN-7",
			"This turn's fight is already recorded; a player fights once a turn (phase 1, or Look for Trouble in phase 2).",
			"مبارزه‌ی این نوبت قبلاً ثبت شده؛ هر بازیکن تو هر نوبت یه بار مبارزه می‌کنه (مرحله‌ی 1، یا «دنبال شر بگردین» تو مرحله‌ی 2)."))
	}
	if fp.ID != s.Turn.Player {
		rs = append(rs, rules.Rule("MUNCHKIN-COMBAT-9",
			fmt.Sprintf("It is %s's turn: the monster attacks the player who kicked open the door (or Looks for Trouble), not %s.", s.name(s.Turn.Player), fp.Name),
			fmt.Sprintf("نوبتِ %s است: هیولا به کسی حمله می‌کنه که با لگد رفته تو در (یا دنبال شر گشته)، نه به %s.", s.name(s.Turn.Player), fp.Name)))
	}
	if fp.Dead {
		rs = append(rs, deadRuling(fp.Name))
	}
	in := combatIn{
		Fighter:  fighterIn{ID: fp.ID, Who: playerWho(fp.Name), Level: fp.Level, Bonus: bonus, Warrior: fp.character().isClass("warrior")},
		OneShot:  oneShot,
		Monsters: monsters,
		Opts:     s.Options,
		Claimed:  claimed,
	}
	if d.PlayerIsWarrior != nil {
		in.Fighter.Warrior = *d.PlayerIsWarrior
	}
	if hi >= 0 {
		hp := &s.Players[hi]
		if hp.Dead {
			rs = append(rs, rules.Rule("MUNCHKIN-DEATH-6",
				hp.Name+" is dead until the next player's turn begins and cannot help in a fight.",
				hp.Name+" تا شروع نوبت نفر بعدی مُرده‌ست و نمی‌تونه تو مبارزه کمک کنه."))
		}
		h := fighterIn{ID: hp.ID, Who: playerWho(hp.Name), Level: hp.Level, Bonus: helperBonus,
			Warrior: hp.character().isClass("warrior"), Elf: hp.character().isRace("elf")}
		if d.HelperIsWarrior != nil {
			h.Warrior = *d.HelperIsWarrior
		}
		if d.HelperIsElf != nil {
			h.Elf = *d.HelperIsElf
		}
		in.Helper = &h
		in.Compelled = d.HelperCompelled != nil && *d.HelperCompelled
	}
	out, err := resolveCombat(in)
	if err != nil {
		var v *rules.ViolationError
		if !errors.As(err, &v) {
			return nil, err
		}
		rs = append(rs, v.Rulings...)
	}
	if err := rules.Violations(rs); err != nil {
		return nil, err
	}
	s.Turn.Fought = true
	rec := &CombatRecord{CombatOutcome: out, Open: out.Outcome == outcomeLost}
	s.Combat = rec
	notes := []rules.Ruling{summaryRuling(s, out)}
	notes = append(notes, out.Notes...)
	if out.Outcome == outcomeLost {
		return notes, nil
	}
	var winners []string
	if out.Fighter.LevelsGained > 0 {
		s.setLevel(fi, reasonKill, out.Fighter.LevelsGained, out.Fighter.LevelAfter)
	}
	if out.Fighter.Wins {
		winners = append(winners, fp.ID)
	}
	if out.Helper != nil {
		if out.Helper.LevelsGained > 0 {
			s.setLevel(hi, reasonHelp, out.Helper.LevelsGained, out.Helper.LevelAfter)
		}
		if out.Helper.Wins {
			winners = append(winners, out.Helper.Player)
		}
	}
	if len(winners) > 0 {
		s.finish(winners)
		notes = append(notes, winRuling(s, winners))
	}
	return notes, nil
}

// summaryRuling tells the table what the fight gave, citing the outcome rule.
func summaryRuling(s *State, out CombatOutcome) rules.Ruling {
	f := s.name(out.Fighter.Player)
	if out.Outcome == outcomeLost {
		runners, runnersFA := f, f
		if out.Helper != nil {
			runners = f + " and " + s.name(out.Helper.Player)
			runnersFA = f + " و " + s.name(out.Helper.Player)
		}
		return rules.Rule(out.Rule,
			fmt.Sprintf("%s No levels and no Treasure (RUN-1): %s must roll to run away, %s in all, once per monster each, 5 or more escapes.", out.Explanation.EN, runners, rules.Count(len(out.RunAway), "roll", "rolls")),
			fmt.Sprintf("%s نه سطحی در کار هست نه گنجی (RUN-1): %s باید برای فرار تاس بریزن، روی‌هم %d بار، هر نفر یه بار برای هر هیولا؛ 5 یا بیشتر یعنی فرار.", out.Explanation.FA, runnersFA, len(out.RunAway)))
	}
	en := fmt.Sprintf("%s %s goes from level %d to %d", out.Explanation.EN, f, out.Fighter.LevelBefore, out.Fighter.LevelAfter)
	fa := fmt.Sprintf("%s %s از سطح %d می‌ره به سطح %d", out.Explanation.FA, f, out.Fighter.LevelBefore, out.Fighter.LevelAfter)
	if out.Helper != nil {
		h := s.name(out.Helper.Player)
		en += fmt.Sprintf(", %s from %d to %d", h, out.Helper.LevelBefore, out.Helper.LevelAfter)
		fa += fmt.Sprintf(" و %s از %d به %d", h, out.Helper.LevelBefore, out.Helper.LevelAfter)
	}
	face, faceFA := "face down", "به‌پشت (لازم نیست به کسی نشون بده)"
	if out.Treasures.FaceUp {
		face, faceFA = "face up, to share as agreed", "به‌رو، تا طبق توافق تقسیم بشن"
	}
	en += fmt.Sprintf("; %s draws %s %s.", f, rules.Count(out.Treasures.Count, "Treasure", "Treasures"), face)
	fa += fmt.Sprintf("؛ %s %d تا کارت گنج می‌کشه، %s.", f, out.Treasures.Count, faceFA)
	return rules.Rule(out.Rule, en, fa)
}

func winRuling(s *State, winners []string) rules.Ruling {
	names := make([]string, len(winners))
	for i, id := range winners {
		names[i] = s.name(id)
	}
	return rules.Rule("MUNCHKIN-WIN-1",
		fmt.Sprintf("%s reached level %d and won the game.", strings.Join(names, " and "), s.Options.MaxLevel),
		fmt.Sprintf("%s به سطح %d رسید و بازی رو بُرد.", strings.Join(names, " و "), s.Options.MaxLevel))
}

func deadRuling(name string) rules.Ruling {
	return rules.Rule("MUNCHKIN-DEATH-5",
		name+" is dead: a dead character cannot fight, go up levels or win until they return to life at the start of the next player's turn.",
		name+" مُرده: کاراکتر مُرده تا وقتی با شروع نوبت نفر بعدی زنده بشه نمی‌تونه مبارزه کنه، سطحش بالا بره یا برنده بشه.")
}

// pendingRuling refuses an event that would skip the run-away rolls due.
func pendingRuling(s *State) rules.Ruling {
	var due, dueFA []string
	helperDue := false
	for _, r := range s.Combat.RunAway {
		if !r.Rolled && !r.Skipped {
			due = append(due, s.name(r.Runner)+" against "+r.Monster)
			dueFA = append(dueFA, s.name(r.Runner)+" در برابر «"+r.Monster+"»")
			helperDue = helperDue || (s.Combat.Helper != nil && r.Runner == s.Combat.Helper.Player)
		}
	}
	rule := "MUNCHKIN-RUN-4"
	if helperDue {
		rule = "MUNCHKIN-RUN-5"
	}
	return rules.Rule(rule,
		"The lost fight is not over: every runner rolls once against every monster first ("+strings.Join(due, ", ")+").",
		"مبارزه‌ی باخته هنوز تموم نشده: اول هر فراری باید برای هر هیولا یه بار تاس بریزه ("+strings.Join(dueFA, "، ")+").")
}

type runAwayData struct {
	Player   *string `json:"player"`
	Monster  *string `json:"monster"`
	Roll     *int    `json:"roll"`
	Modifier *int    `json:"modifier"`
}

const maxRunModifier = 20

// ruleDie: every roll is one six-sided die, 1 to 6.
const ruleDie = "MUNCHKIN-COMP-4"

// applyRunAway records one Run Away roll: 5 or more after modifiers escapes
// (RUN-2); a caught runner suffers that monster's Bad Stuff before the next
// roll (RUN-4, BADSTUFF-1).
func applyRunAway(s *State, raw []byte) ([]rules.Ruling, error) {
	var d runAwayData
	if err := rules.Decode(raw, "data", &d); err != nil {
		return nil, err
	}
	var bad rules.Fields
	i := s.playerField(d.Player, "data.player", &bad)
	if d.Monster == nil || *d.Monster == "" {
		bad.Add("data.monster", "is required: the name of the monster this roll is against")
	}
	if d.Roll == nil {
		bad.Add("data.roll", "is required: the die as it landed, 1 to 6")
	} else if *d.Roll < 1 || *d.Roll > 6 {
		bad.Add("data.roll", "must be 1 to 6: the game's only die has six sides ("+ruleDie+"); put bonuses in modifier")
	}
	mod := 0
	if d.Modifier != nil {
		if *d.Modifier < -maxRunModifier || *d.Modifier > maxRunModifier {
			bad.Add("data.modifier", fmt.Sprintf("must be from %d to %d", -maxRunModifier, maxRunModifier))
		}
		mod = *d.Modifier
	}
	if err := bad.Err(); err != nil {
		return nil, err
	}
	p := &s.Players[i]
	if !s.inCombat() {
		return nil, rules.Violate("MUNCHKIN-RUN-1",
			"There is no lost fight to run away from: running away follows a fight the players' side lost.",
			"مبارزه‌ی باخته‌ای در کار نیست که ازش فرار کنین: فرار فقط بعد از باختن مبارزه‌ست.")
	}
	if !s.Combat.involves(p.ID) {
		return nil, rules.Violate("MUNCHKIN-RUN-5",
			p.Name+" did not fight or help in this combat; only the fighter and the helper run away.",
			p.Name+" تو این مبارزه نه جنگیده نه کمک کرده؛ فقط مبارز و کمک‌کننده فرار می‌کنن.")
	}
	if p.Dead {
		return nil, rules.Violate("MUNCHKIN-RUN-7",
			p.Name+" is dead and does not roll against the remaining monsters.",
			p.Name+" مُرده و لازم نیست از بقیه‌ی هیولاها فرار کنه.")
	}
	known, idx := false, -1
	var names []string
	for k, r := range s.Combat.RunAway {
		if r.Runner != p.ID {
			continue
		}
		names = append(names, r.Monster)
		if r.Monster == *d.Monster {
			known = true
			if idx < 0 && !r.Rolled && !r.Skipped {
				idx = k
			}
		}
	}
	if !known {
		return nil, rules.Invalid("data.monster", fmt.Sprintf("%q is not a monster of this fight: %s", *d.Monster, strings.Join(names, ", ")))
	}
	if idx < 0 {
		return nil, rules.Violate("MUNCHKIN-RUN-4",
			fmt.Sprintf("%s has already rolled against %s: one roll per monster.", p.Name, *d.Monster),
			fmt.Sprintf("%s قبلاً برای فرار از «%s» تاس ریخته: برای هر هیولا فقط یه بار.", p.Name, *d.Monster))
	}
	r := &s.Combat.RunAway[idx]
	r.Rolled, r.Roll, r.Modifier, r.Total = true, *d.Roll, mod, *d.Roll+mod
	r.Escaped = r.Total >= 5
	var notes []rules.Ruling
	if r.Escaped {
		notes = append(notes, rules.Rule("MUNCHKIN-RUN-2",
			fmt.Sprintf("%s rolled %d (total %d): 5 or more, so %s escapes %s.", p.Name, r.Roll, r.Total, p.Name, r.Monster),
			fmt.Sprintf("%s %d آورد (روی‌هم %d): 5 یا بیشتره، پس %s از دست «%s» در می‌ره.", p.Name, r.Roll, r.Total, p.Name, r.Monster)))
	} else {
		if !slices.Contains(s.Turn.Caught, p.ID) {
			s.Turn.Caught = append(s.Turn.Caught, p.ID)
		}
		notes = append(notes, rules.Rule("MUNCHKIN-BADSTUFF-1",
			fmt.Sprintf("%s rolled %d (total %d): caught by %s, whose Bad Stuff applies now, before the next roll (record a level lost to Bad Stuff, or the death).", p.Name, r.Roll, r.Total, r.Monster),
			fmt.Sprintf("%s %d آورد (روی‌هم %d): «%s» گرفتش و مکافاتش همین الان، قبل از تاس بعدی، اعمال می‌شه (سطحی رو که با مکافات از دست رفته یا مرگ رو ثبت کنین).", p.Name, r.Roll, r.Total, r.Monster)))
	}
	return append(notes, closeIfDone(s)...), nil
}

// closeIfDone ends the combat once every run-away roll is made or skipped.
func closeIfDone(s *State) []rules.Ruling {
	for _, r := range s.Combat.RunAway {
		if !r.Rolled && !r.Skipped {
			return nil
		}
	}
	s.Combat.Open = false
	return []rules.Ruling{rules.Rule("MUNCHKIN-RUN-6",
		"Every run-away roll is made: the combat is over and the monster cards are discarded.",
		"همه‌ی تاس‌های فرار ریخته شد: مبارزه تموم شد و کارت‌های هیولا می‌سوزن.")}
}
