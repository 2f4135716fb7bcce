package munchkin

import (
	"fmt"

	"github.com/motamed/motamed/rules"
)

// unclaimedLevels is what this turn's won combat earned player id for reason
// (kill: the fighter's levels, REWARD-2; help: an Elf helper's, HELP-12)
// and has not yet moved. The combat event moves them itself, so a
// level_changed for a kill or a helper's gain can only claim what is left.
// won is false when no combat was won this turn.
func (s *State) unclaimedLevels(id, reason string) (earned, unclaimed int, won bool) {
	c := s.Combat
	if c == nil || c.Outcome != outcomeWon {
		return 0, 0, false
	}
	switch {
	case reason == reasonKill && c.Fighter.Player == id:
		earned = c.Fighter.LevelsGained
	case reason == reasonHelp && c.Helper != nil && c.Helper.Player == id:
		earned = c.Helper.LevelsGained
	}
	claimed := 0
	for _, ch := range s.Current.Changes {
		if ch.Player == id && ch.Reason == reason && ch.Delta > 0 {
			claimed += ch.Delta
		}
	}
	return earned, max(0, earned-claimed), true
}

// unbackedReward refuses levels for a kill (or an Elf helper's gain) that no
// won combat of this turn backs: levels come from a combat only for its
// kill, in the amount it earned (LEVEL-6, REWARD-2, HELP-12), and the
// winning level only by such a kill (WIN-2).
func unbackedReward(s *State, p *PlayerState, reason string, delta int) []rules.Ruling {
	earned, left, won := s.unclaimedLevels(p.ID, reason)
	if delta <= left {
		return nil
	}
	amountRule := "MUNCHKIN-REWARD-2"
	if reason == reasonHelp {
		amountRule = "MUNCHKIN-HELP-12"
	}
	var rs []rules.Ruling
	if !won {
		rs = append(rs,
			rules.Rule("MUNCHKIN-LEVEL-6",
				fmt.Sprintf("No combat was won this turn: levels for a kill come only from a won fight, and the combat event moves the pawns itself. %s cannot gain %d level(s) for a kill.", p.Name, delta),
				fmt.Sprintf("تو این نوبت هیچ مبارزه‌ای برده نشده: سطحِ کشتن هیولا فقط از مبارزه‌ی برده می‌آد و خود رویداد combat مهره‌ها رو جلو می‌بره. %s نمی‌تونه برای کشتن هیولا %d سطح بگیره.", p.Name, delta)),
			rules.Rule(amountRule,
				"A kill's levels are the ones the fight earned: record the fight with the combat event and the referee moves the pawns.",
				"سطح‌های کشتن هیولا همونایی‌ان که مبارزه داده: مبارزه رو با رویداد combat ثبت کنین تا داور مهره‌ها رو جلو ببره."))
	} else {
		rs = append(rs, rules.Rule(amountRule,
			fmt.Sprintf("This turn's fight earned %s %d level(s), and %d of them are still to be moved: %s cannot gain %d.", p.Name, earned, left, p.Name, delta),
			fmt.Sprintf("مبارزه‌ی این نوبت به %s %d سطح داده و %d تاش هنوز جابه‌جا نشده: %s نمی‌تونه %d سطح بگیره.", p.Name, earned, left, p.Name, delta)))
	}
	top := s.Options.MaxLevel
	if p.Level+delta >= top && (reason == reasonKill || !s.Options.ElfHelperCanWin) {
		rs = append(rs, rules.Rule("MUNCHKIN-WIN-2",
			fmt.Sprintf("Level %d comes only from killing a monster in a won fight; %s has no such kill to claim.", top, p.Name),
			fmt.Sprintf("سطح %d فقط با کشتن هیولا تو یه مبارزه‌ی برده به دست می‌آد؛ %s همچین کشتنی برای گرفتن سطح نداره.", top, p.Name)))
	}
	return rs
}
