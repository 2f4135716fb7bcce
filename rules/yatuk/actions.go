package yatuk

import (
	"fmt"

	"github.com/motamed/motamed/rules"
)

// action is a kind of turn action, for the checks every action shares.
type action int

const (
	actPlay action = iota
	actBurn
	actDeclare
	actEnd
)

// parsePlayer checks that id is a player of the match.
func (s *State) parsePlayer(id, path string, f *rules.Fields) int {
	if id == "" {
		f.Add(path, "is required: the player's ID")
		return -1
	}
	p := s.seat(id)
	if p < 0 {
		f.Add(path, fmt.Sprintf("%q is not a player of this match", id))
	}
	return p
}

// gate checks what must hold before anything else is considered: no battle
// is waiting (YATUK-TURN-2, YATUK-BATTLE-8) and it is the player's turn
// (YATUK-TURN-1). A player whose turn has just ended is also told why.
func (s *State) gate(p int, act action) []rules.Ruling {
	switch s.Phase {
	case PhaseForced:
		l := s.PendingBattle.Land
		return []rules.Ruling{rules.Rule("YATUK-TURN-2",
			fmt.Sprintf("A forced battle is due at %s at the start of %s's turn; record its outcome before any action.", landEN[l], s.name(s.Current)),
			fmt.Sprintf("در آغاز نوبت %s نبرد اجباری در %s در جریان است؛ پیش از هر عملی باید نتیجه‌ی آن ثبت شود.", s.name(s.Current), landFA[l]))}
	case PhaseDeclared:
		l := s.PendingBattle.Land
		return []rules.Ruling{rules.Rule("YATUK-BATTLE-8",
			fmt.Sprintf("The battle declared at %s comes first: reveal every army there and record the battle's outcome.", landEN[l]),
			fmt.Sprintf("نخست نبردی که در %s اعلام شده باید انجام شود: همه‌ی لشکرهای آن‌جا را رو کنید و نتیجه را ثبت کنید.", landFA[l]))}
	}
	if id := s.Players[p].ID; id != s.Current {
		who := s.Players[p].Name
		rs := []rules.Ruling{rules.Rule("YATUK-TURN-1",
			fmt.Sprintf("It is %s's turn, not %s's.", s.name(s.Current), who),
			fmt.Sprintf("نوبت %s است، نه %s.", s.name(s.Current), who))}
		if lt := s.LastTurn; lt != nil && lt.Player == id && act != actEnd {
			rs = append(rs, s.spentRulings(who, lt.Last, lt.Turn, act)...)
		}
		return rs
	}
	return nil
}

// spentRulings explains why a player has no action left: their turn's actions
// are used up (YATUK-TURN-3, -6, -7, -8, YATUK-TWO-1, -7).
func (s *State) spentRulings(who, last string, turn int, act action) []rules.Ruling {
	switch {
	case last == "":
		return nil
	case len(s.Players) == 2 && turn == 1:
		return []rules.Ruling{rules.Rule("YATUK-TWO-7",
			fmt.Sprintf("In the first turn of the game the starting player, %s, has only one action.", who),
			fmt.Sprintf("در نوبت اول بازی، بازیکن شروع‌کننده (%s) فقط اجازه‌ی یک عمل دارد.", who))}
	case len(s.Players) == 2:
		return []rules.Ruling{rules.Rule("YATUK-TWO-1",
			fmt.Sprintf("%s has already taken their two actions this turn.", who),
			fmt.Sprintf("%s دو عمل نوبتش را انجام داده است.", who))}
	case last == "burn":
		return []rules.Ruling{rules.Rule("YATUK-TURN-7",
			fmt.Sprintf("%s burned a card; burning is the whole turn, so %s may not also play, burn or declare battle.", who, who),
			fmt.Sprintf("%s کارتی سوزاند؛ سوزاندن کارت یک نوبت کامل است و دیگر نمی‌تواند کارتی بازی کند، بسوزاند یا اعلام نبرد کند.", who))}
	case last == "declare":
		return []rules.Ruling{rules.Rule("YATUK-TURN-8",
			fmt.Sprintf("%s declared battle; declaring is the whole action, so nothing else may be done that turn.", who),
			fmt.Sprintf("%s اعلام نبرد کرد؛ اعلام نبرد کل عمل آن نوبت است و کار دیگری نمی‌توان کرد.", who))}
	}
	rs := []rules.Ruling{rules.Rule("YATUK-TURN-3",
		fmt.Sprintf("%s has already taken their one action this turn.", who),
		fmt.Sprintf("%s یک عمل نوبتش را انجام داده است.", who))}
	if act == actPlay {
		rs = append(rs, rules.Rule("YATUK-TURN-6",
			"At most one card may be played per turn, unless a spell played that turn allows more.",
			"در یک نوبت نمی‌توان بیش از یک کارت بازی کرد، مگر اینکه طلسمی اجازه‌ی بازی کارت‌های بیشتری داده باشد."))
	}
	return rs
}

// actionRulings checks that the current player still has an action of this
// kind and a card in hand for it.
func (s *State) actionRulings(p int, act action) []rules.Ruling {
	var out []rules.Ruling
	who := s.Players[p].Name
	canAct := s.ActionsLeft > 0 || act == actPlay && s.ExtraPlaysLeft > 0
	switch {
	case canAct:
	case s.ExtraPlaysLeft > 0:
		out = append(out, rules.Rule("YATUK-SPELL-3",
			fmt.Sprintf("%s's remaining plays come from a spell and may only be used to play cards.", who),
			fmt.Sprintf("کارت‌هایی که %s هنوز می‌تواند بازی کند از طلسم آمده و فقط برای بازی کردن کارت است.", who)))
	default:
		// Turns end by themselves when their actions are used up, so this
		// is only a safeguard.
		out = append(out, s.spentRulings(who, s.ThisTurn.Last, s.Turn, act)...)
	}
	if s.Players[p].HandSize == 0 {
		switch act {
		case actPlay:
			out = append(out, rules.Rule("YATUK-TURN-5",
				fmt.Sprintf("%s has no card in hand to play.", who),
				fmt.Sprintf("%s کارتی در دست ندارد که بازی کند.", who)))
		case actBurn:
			out = append(out, rules.Rule("YATUK-TURN-7",
				fmt.Sprintf("%s has no card in hand to burn.", who),
				fmt.Sprintf("%s کارتی در دست ندارد که بسوزاند.", who)))
		case actDeclare:
			out = append(out, rules.Rule("YATUK-BATTLE-3",
				fmt.Sprintf("%s has no card in hand, and declaring battle costs a card from the hand.", who),
				fmt.Sprintf("%s کارتی در دست ندارد و اعلام نبرد به سوزاندن یک کارت از دست نیاز دارد.", who)))
		}
	}
	return out
}

// usePlay spends a play: an extra play granted by a spell first, since those
// can only be plays (YATUK-AMB-15), else an action.
func (s *State) usePlay() {
	if s.ExtraPlaysLeft > 0 {
		s.ExtraPlaysLeft--
	} else {
		s.ActionsLeft--
	}
	s.ThisTurn.Plays++
	s.ThisTurn.Last = "play"
	s.Passes = 0
}

// activeLand checks YATUK-ARMY-4.
func (s *State) activeLand(l Land) []rules.Ruling {
	if s.land(l).Active {
		return nil
	}
	return []rules.Ruling{rules.Rule("YATUK-ARMY-4",
		fmt.Sprintf("%s is no longer active: its gem has been taken and the land turned face down (YATUK-BATTLE-14).", landEN[l]),
		fmt.Sprintf("%s دیگر فعال نیست: گوهر آن برداشته شده و سرزمین به پشت برگشته است.", landFA[l]))}
}
