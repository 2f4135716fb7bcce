package munchkin

import (
	"fmt"
	"strings"

	"github.com/motamed/motamed/rules"
)

// Bounds on declared combat numbers: far beyond any card, far from overflow.
const (
	maxMonsters       = 10
	maxMonsterLevel   = 100
	maxMonsterAward   = 5
	maxTreasures      = 20
	maxBonus          = 1000
	maxModifiers      = 20
	maxModifierAmount = 100
)

// Modifier is a monster enhancer, a one-shot played on the monster or a
// conditional bonus ("+4 against Elves"): it changes the monster's strength
// and, for enhancers, its Treasures (ENH-1, ENH-2, COMBAT-4).
type Modifier struct {
	Name      string `json:"name,omitempty"`
	Strength  int    `json:"strength"`
	Treasures int    `json:"treasures,omitempty"`
}

type modifierData struct {
	Name      *string `json:"name"`
	Strength  *int    `json:"strength"`
	Treasures *int    `json:"treasures"`
}

type monsterData struct {
	Name      *string         `json:"name"`
	Level     *int            `json:"level"`
	Modifiers *[]modifierData `json:"modifiers"`
	Levels    *int            `json:"levels"`
	Treasures *int            `json:"treasures"`
	Undead    *bool           `json:"undead"`
}

// monster is a validated monster card in a fight.
type monster struct {
	Name      string
	Level     int
	Modifiers []Modifier
	Levels    int
	Treasures int
	Undead    bool
}

func parseMonsters(in *[]monsterData, prefix string, bad *rules.Fields) []monster {
	if in == nil || len(*in) == 0 {
		bad.Add(prefix, "is required: at least one monster (each monster card counts as one, COMBAT-10)")
		return nil
	}
	if len(*in) > maxMonsters {
		bad.Add(prefix, fmt.Sprintf("lists at most %d monsters", maxMonsters))
		return nil
	}
	out := make([]monster, 0, len(*in))
	for i, d := range *in {
		f := fmt.Sprintf("%s[%d]", prefix, i)
		m := monster{Levels: 1}
		if d.Name == nil || strings.TrimSpace(*d.Name) == "" {
			bad.Add(f+".name", "is required: the monster card's name")
		} else {
			m.Name = *d.Name
		}
		if d.Level == nil {
			bad.Add(f+".level", "is required: the level printed on the monster card")
		} else if *d.Level < 1 || *d.Level > maxMonsterLevel {
			bad.Add(f+".level", fmt.Sprintf("must be the printed level, from 1 to %d", maxMonsterLevel))
		} else {
			m.Level = *d.Level
		}
		if d.Treasures == nil {
			bad.Add(f+".treasures", "is required: the number of Treasures printed at the bottom of the card")
		} else if *d.Treasures < 0 || *d.Treasures > maxTreasures {
			bad.Add(f+".treasures", fmt.Sprintf("must be from 0 to %d", maxTreasures))
		} else {
			m.Treasures = *d.Treasures
		}
		if d.Levels != nil {
			if *d.Levels < 1 || *d.Levels > maxMonsterAward {
				bad.Add(f+".levels", fmt.Sprintf("must be the levels the card awards for a kill, from 1 to %d (1 unless the card says 2)", maxMonsterAward))
			} else {
				m.Levels = *d.Levels
			}
		}
		if d.Undead != nil {
			m.Undead = *d.Undead
		}
		if d.Modifiers != nil {
			if len(*d.Modifiers) > maxModifiers {
				bad.Add(f+".modifiers", fmt.Sprintf("lists at most %d modifiers", maxModifiers))
			}
			for j, md := range *d.Modifiers {
				if j >= maxModifiers {
					break
				}
				mf := fmt.Sprintf("%s.modifiers[%d]", f, j)
				var mod Modifier
				if md.Name != nil {
					mod.Name = *md.Name
				}
				if md.Strength == nil {
					bad.Add(mf+".strength", "is required: what the card adds to (or, negative, takes from) the monster's strength")
				} else if *md.Strength < -maxModifierAmount || *md.Strength > maxModifierAmount {
					bad.Add(mf+".strength", fmt.Sprintf("must be from %d to %d", -maxModifierAmount, maxModifierAmount))
				} else {
					mod.Strength = *md.Strength
				}
				if md.Treasures != nil {
					if *md.Treasures < -maxTreasures || *md.Treasures > maxTreasures {
						bad.Add(mf+".treasures", fmt.Sprintf("must be from %d to %d", -maxTreasures, maxTreasures))
					} else {
						mod.Treasures = *md.Treasures
					}
				}
				m.Modifiers = append(m.Modifiers, mod)
			}
		}
		out = append(out, m)
	}
	return out
}

// fighterIn is one side's combatant as the combat ruling needs it.
type fighterIn struct {
	ID      string // player ID, empty in a referee question
	Who     who
	Level   int
	Bonus   int
	Warrior bool
	Elf     bool
}

// combatIn is a fight as recorded at its end, after every card was played.
type combatIn struct {
	Fighter   fighterIn
	Helper    *fighterIn
	Compelled bool
	OneShot   int
	Monsters  []monster
	Opts      Options
	Claimed   string // "won", "lost" or "" (not stated)
}

// SideResult is one combatant's part of a combat ruling.
type SideResult struct {
	Player       string `json:"player,omitempty"`
	Strength     int    `json:"strength"`
	Bonus        int    `json:"bonus"`
	Warrior      bool   `json:"warrior"`
	Elf          bool   `json:"elf"`
	Compelled    bool   `json:"compelled,omitempty"`
	LevelBefore  int    `json:"level_before"`
	LevelsGained int    `json:"levels_gained"`
	LevelAfter   int    `json:"level_after"`
	Wins         bool   `json:"wins"`
	Rule         string `json:"rule"`
}

// MonsterResult is one monster's strength and rewards.
type MonsterResult struct {
	Name      string     `json:"name"`
	Level     int        `json:"level"`
	Modifiers []Modifier `json:"modifiers,omitempty"`
	Strength  int        `json:"strength"`
	Levels    int        `json:"levels"`
	Treasures int        `json:"treasures"`
	Undead    bool       `json:"undead,omitempty"`
	Rule      string     `json:"rule"`
}

// TreasureResult is what the fighter draws after a kill.
type TreasureResult struct {
	Count  int    `json:"count"`
	FaceUp bool   `json:"face_up"`
	Rule   string `json:"rule"`
}

// WinningFight explains a fight whose kill would give the fighter the
// winning level (WIN-2, HELP-9 to HELP-11).
type WinningFight struct {
	Level       int        `json:"level"`
	Rule        string     `json:"rule"`
	Explanation rules.Text `json:"explanation"`
}

// RunAwayRoll is one roll due (or made) after a lost fight: each runner
// against each monster, in any order (RUN-4, RUN-5, AMB-24).
type RunAwayRoll struct {
	Runner   string `json:"runner"`
	Monster  string `json:"monster"`
	Index    int    `json:"monster_index"`
	Rolled   bool   `json:"rolled"`
	Roll     int    `json:"roll"`
	Modifier int    `json:"modifier"`
	Total    int    `json:"total"`
	Escaped  bool   `json:"escaped"`
	Skipped  bool   `json:"skipped,omitempty"`
	Rule     string `json:"rule"`
}

// CombatOutcome is the referee's ruling on a fight.
type CombatOutcome struct {
	PlayerSide   int             `json:"player_side"`
	MonsterSide  int             `json:"monster_side"`
	Outcome      string          `json:"outcome"`
	Rule         string          `json:"rule"`
	Explanation  rules.Text      `json:"explanation"`
	Fighter      SideResult      `json:"fighter"`
	Helper       *SideResult     `json:"helper"`
	OneShotBonus int             `json:"one_shot_bonus"`
	Monsters     []MonsterResult `json:"monsters"`
	Treasures    TreasureResult  `json:"treasures"`
	WinningFight *WinningFight   `json:"winning_fight"`
	RunAway      []RunAwayRoll   `json:"run_away"`
	Notes        []rules.Ruling  `json:"notes"`
}

const (
	outcomeWon  = "won"
	outcomeLost = "lost"
)

// resolveCombat computes strengths (COMBAT-2, COMBAT-4, MULTI-2), the
// outcome (COMBAT-5, COMBAT-6), levels (REWARD-2, HELP-12), Treasures
// (REWARD-3, REWARD-4) and the run-away rolls due on a loss (RUN-1, RUN-4,
// RUN-5). It rejects a compelled helper in a fight for the win (HELP-9) and
// an outcome the table stated that the numbers contradict.
func resolveCombat(in combatIn) (CombatOutcome, error) {
	f, h := in.Fighter, in.Helper
	out := CombatOutcome{OneShotBonus: in.OneShot, RunAway: []RunAwayRoll{}, Notes: []rules.Ruling{}}
	out.Fighter = SideResult{Player: f.ID, Strength: f.Level + f.Bonus, Bonus: f.Bonus, Warrior: f.Warrior, Elf: f.Elf,
		LevelBefore: f.Level, LevelAfter: f.Level, Rule: "MUNCHKIN-COMBAT-2"}
	out.PlayerSide = out.Fighter.Strength + in.OneShot
	warrior := f.Warrior
	if h != nil {
		out.Helper = &SideResult{Player: h.ID, Strength: h.Level + h.Bonus, Bonus: h.Bonus, Warrior: h.Warrior, Elf: h.Elf,
			Compelled: in.Compelled, LevelBefore: h.Level, LevelAfter: h.Level, Rule: "MUNCHKIN-HELP-2"}
		out.PlayerSide += out.Helper.Strength
		warrior = warrior || h.Warrior
	}
	award, treasures := 0, 0
	for _, m := range in.Monsters {
		r := MonsterResult{Name: m.Name, Level: m.Level, Modifiers: m.Modifiers, Strength: m.Level, Levels: m.Levels,
			Treasures: m.Treasures, Undead: m.Undead, Rule: "MUNCHKIN-COMBAT-4"}
		for _, mod := range m.Modifiers { // all enhancers on one monster add up (ENH-4)
			r.Strength += mod.Strength
			r.Treasures += mod.Treasures
		}
		r.Treasures = max(0, r.Treasures) // AMB-32
		out.MonsterSide += r.Strength
		award += m.Levels
		treasures += r.Treasures
		out.Monsters = append(out.Monsters, r)
	}
	top := in.Opts.MaxLevel
	winLevel := f.Level+award >= top
	if winLevel {
		out.WinningFight = &WinningFight{Level: top, Rule: "MUNCHKIN-WIN-2"}
		if h != nil && in.Compelled {
			return out, rules.Violate("MUNCHKIN-HELP-9",
				fmt.Sprintf("A kill here would take %s to level %d, and no card can force anyone to help in the fight for the win: %s may leave without penalty (HELP-10). Record the fight without %s, or with a volunteer.", f.Who.en, top, h.Who.en, h.Who.en),
				fmt.Sprintf("کشتن این هیولا %s رو به سطح %d می‌رسونه و تو مبارزه‌ی پیروزی نهایی هیچ کارتی نمی‌تونه کسی رو مجبور به کمک کنه: %s می‌تونه بدون جریمه از مبارزه بیرون بره (HELP-10). مبارزه رو بدون %s یا با یه کمک‌کننده‌ی داوطلب ثبت کنین.", f.Who.fa, top, h.Who.fa, h.Who.fa))
		}
		en := fmt.Sprintf("A kill would take %s to level %d and win: only the fighter's own kill gives the winning level, and nobody can be forced to help.", f.Who.en, top)
		fa := fmt.Sprintf("کشتن هیولا %s رو به سطح %d و پیروزی می‌رسونه: سطح آخر فقط با کشتن هیولا به دست خود مبارز می‌آد و هیچ‌کس رو نمی‌شه مجبور به کمک کرد.", f.Who.fa, top)
		if h != nil {
			en += " " + h.Who.start() + " helps of their own will and cannot leave the fight (HELP-11)."
			fa += " " + h.Who.fa + " داوطلبانه کمک می‌کنه و نمی‌تونه از مبارزه بیرون بره (HELP-11)."
			out.Notes = append(out.Notes, rules.Rule("MUNCHKIN-HELP-11",
				h.Who.start()+" helped of their own will and may not leave this combat.",
				h.Who.fa+" داوطلبانه کمک کرده و نمی‌تونه از این مبارزه بیرون بره."))
		}
		out.WinningFight.Explanation = rules.T(en, fa)
	} else if h != nil && in.Compelled {
		out.Notes = append(out.Notes, rules.Rule("MUNCHKIN-HELP-10",
			fmt.Sprintf("%s was forced to help; if the fight turns into one that would give %s level %d, %s may leave without penalty.", h.Who.start(), f.Who.en, top, h.Who.en),
			fmt.Sprintf("%s به زور کمک می‌کنه؛ اگه این مبارزه به مبارزه‌ی رسیدن %s به سطح %d تبدیل بشه، %s می‌تونه بدون جریمه بیرون بره.", h.Who.fa, f.Who.fa, top, h.Who.fa)))
	}

	won := out.PlayerSide > out.MonsterSide || (out.PlayerSide == out.MonsterSide && warrior)
	out.Rule = "MUNCHKIN-COMBAT-5"
	if len(in.Monsters) > 1 {
		out.Rule = "MUNCHKIN-MULTI-2"
	}
	tie := out.PlayerSide == out.MonsterSide
	switch {
	case won && tie:
		out.Rule = "MUNCHKIN-COMBAT-6"
		out.Explanation = rules.T(
			fmt.Sprintf("%d against %d is a tie, and a Warrior on the players' side wins ties.", out.PlayerSide, out.MonsterSide),
			fmt.Sprintf("%d در برابر %d مساویه و چون یه «جنگجو» طرف بازیکن‌هاست، مساوی به نفع اون‌هاست.", out.PlayerSide, out.MonsterSide))
	case won:
		out.Explanation = rules.T(
			fmt.Sprintf("%d beats %d: the monsters are killed.", out.PlayerSide, out.MonsterSide),
			fmt.Sprintf("%d از %d بیشتره: هیولاها کشته می‌شن.", out.PlayerSide, out.MonsterSide))
	case tie:
		out.Explanation = rules.T(
			fmt.Sprintf("%d against %d is a tie, and a tie loses without a Warrior on the players' side: run away.", out.PlayerSide, out.MonsterSide),
			fmt.Sprintf("%d در برابر %d مساویه و بدون «جنگجو» مساوی یعنی باخت: باید بزنین به چاک.", out.PlayerSide, out.MonsterSide))
	default:
		out.Explanation = rules.T(
			fmt.Sprintf("%d does not beat %d: the players lose and must run away.", out.PlayerSide, out.MonsterSide),
			fmt.Sprintf("%d از %d بیشتر نیست: بازیکن‌ها می‌بازن و باید بزنن به چاک.", out.PlayerSide, out.MonsterSide))
	}
	out.Outcome = outcomeLost
	if won {
		out.Outcome = outcomeWon
	}
	if in.Claimed != "" && in.Claimed != out.Outcome {
		rule := "MUNCHKIN-COMBAT-5"
		if tie && warrior {
			rule = "MUNCHKIN-COMBAT-6"
		}
		return out, rules.Violate(rule,
			fmt.Sprintf("The fight was recorded as %s, but %s", in.Claimed, out.Explanation.EN),
			fmt.Sprintf("مبارزه «%s» ثبت شده، ولی %s", claimedFA(in.Claimed), out.Explanation.FA))
	}
	if h != nil {
		alone := out.Fighter.Strength + in.OneShot
		if alone > out.MonsterSide || (alone == out.MonsterSide && f.Warrior) {
			out.Notes = append(out.Notes, rules.Rule("MUNCHKIN-HELP-1",
				fmt.Sprintf("%s would have won alone (%d against %d); help is asked for when the fighter cannot win alone.", f.Who.start(), alone, out.MonsterSide),
				fmt.Sprintf("%s تنهایی هم می‌بُرد (%d در برابر %d)؛ کمک رو وقتی می‌خوان که مبارز تنهایی از پس هیولا بر نیاد.", f.Who.fa, alone, out.MonsterSide)))
		}
	}

	if !won {
		// Everyone on the players' side runs from every monster (RUN-1, MULTI-5).
		runners := []fighterIn{f}
		rule := "MUNCHKIN-RUN-4"
		if h != nil {
			runners = append(runners, *h)
			rule = "MUNCHKIN-RUN-5"
		}
		for ri, r := range runners {
			id := r.ID
			if id == "" {
				id = "fighter"
				if ri == 1 {
					id = "helper"
				}
			}
			for mi, m := range in.Monsters {
				out.RunAway = append(out.RunAway, RunAwayRoll{Runner: id, Monster: m.Name, Index: mi, Rule: rule})
			}
		}
		out.Treasures = TreasureResult{Rule: "MUNCHKIN-RUN-1"}
		return out, nil
	}

	// Rewards (REWARD-2, HELP-12): levels never pass the winning level.
	out.Fighter.LevelsGained = min(award, top-f.Level)
	out.Fighter.LevelAfter = f.Level + out.Fighter.LevelsGained
	out.Fighter.Rule = "MUNCHKIN-REWARD-2"
	out.Fighter.Wins = out.Fighter.LevelAfter >= top
	if h != nil {
		out.Helper.Rule = "MUNCHKIN-HELP-12"
		if h.Elf {
			gain := len(in.Monsters)
			switch {
			case in.Opts.ElfHelperCanWin:
				gain = min(gain, top-h.Level)
			case h.Level+gain > top-1:
				gain = max(0, top-1-h.Level)
				out.Notes = append(out.Notes, rules.Rule("MUNCHKIN-WIN-2",
					fmt.Sprintf("An Elf helper cannot win by helping: %s stops at level %d.", h.Who.en, top-1),
					fmt.Sprintf("«الف»ی که کمک می‌کنه با کمک کردن برنده نمی‌شه: %s روی سطح %d می‌مونه.", h.Who.fa, top-1)))
			}
			out.Helper.LevelsGained = max(0, gain)
			out.Helper.LevelAfter = h.Level + out.Helper.LevelsGained
			out.Helper.Wins = out.Helper.LevelAfter >= top
		}
		if out.Fighter.Wins && in.Opts.SharedVictory {
			out.Helper.Wins = true
			out.Notes = append(out.Notes, rules.Rule("MUNCHKIN-WIN-5",
				h.Who.start()+" helped in the winning fight and wins too (Shared Victory).",
				h.Who.fa+" تو مبارزه‌ی آخر کمک کرده و اون هم برنده‌ست (پیروزی مشترک)."))
		}
	}
	out.Treasures = TreasureResult{Count: treasures, FaceUp: h != nil, Rule: "MUNCHKIN-REWARD-4"}
	return out, nil
}

func claimedFA(c string) string {
	if c == outcomeWon {
		return "برد"
	}
	return "باخت"
}
