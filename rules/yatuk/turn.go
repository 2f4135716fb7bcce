package yatuk

import (
	"fmt"
	"slices"

	"github.com/motamed/motamed/rules"
)

// The card counts the hand bookkeeping rests on.
const (
	totalCards  = 122 // YATUK-COMP-3
	openingHand = 7   // YATUK-SETUP-7
)

// startHand lays out a hand: all lands active and empty, opening hands dealt,
// gems on their lands (or, in a league hand after the first, left with their
// holders without carriers: YATUK-ADV-3, YATUK-ADV-9).
func (s *State) startHand(first int) {
	s.Hand++
	s.Turn = 0
	s.Lands = make([]LandState, len(landOrder))
	for i, l := range landOrder {
		cols := make([]Column, len(s.Players))
		for j, p := range s.Players {
			cols[j] = Column{Player: p.ID}
		}
		s.Lands[i] = LandState{Land: l, Gem: landGem[l], Capacity: s.Options.Capacities.of(l), Active: true, Armies: cols}
	}
	gems := make([]GemState, len(landOrder))
	for i, l := range landOrder {
		gems[i] = GemState{Gem: landGem[l], Land: l}
		if s.Hand > 1 {
			if old := s.gem(landGem[l]); old != nil {
				gems[i].Holder = old.Holder
			}
		}
	}
	s.Gems = gems
	for i := range s.Players {
		s.Players[i].HandSize = openingHand
		s.Players[i].BattlesDeclared = 0
	}
	s.DrawPile = totalCards - openingHand*len(s.Players)
	s.Passes = 0
	s.LastTurn = nil
	s.FirstPlayer = s.Players[first].ID
	s.refreshPlayers()
	s.startTurn(first)
}

// actionsPerTurn is YATUK-TURN-3 (one action with 3 or more players) and
// YATUK-TWO-1, -7 (two with 2 players, one in the hand's first turn).
func (s *State) actionsPerTurn() int {
	if len(s.Players) == 2 && s.Turn > 1 {
		return 2
	}
	return 1
}

// startTurn begins seat's turn: forced battles first (YATUK-TURN-2,
// YATUK-BATTLE-4, YATUK-TWO-9), then actions.
func (s *State) startTurn(seat int) {
	s.Turn++
	s.Current = s.Players[seat].ID
	s.ThisTurn = TurnLog{Declared: []Land{}}
	s.ExtraPlaysLeft = 0
	s.ActionsLeft = s.actionsPerTurn()
	s.FullAtTurnStart = []Land{}
	s.ForcedQueue = []Land{}
	var due []Land
	for _, l := range landOrder {
		if s.forcedDue(l) {
			due = append(due, l)
		}
	}
	if len(due) > 0 {
		s.Phase = PhaseForced
		s.PendingBattle = &PendingBattle{Land: due[0], Type: ForcedBattle, CurrentPlayer: s.Current}
		s.ForcedQueue = due[1:]
		return
	}
	s.beginActions()
}

// forcedDue is YATUK-BATTLE-4: the current player and at least one other
// have full columns at an active land.
func (s *State) forcedDue(l Land) bool {
	ls := s.land(l)
	if !ls.Active {
		return false
	}
	cur := s.seat(s.Current)
	if len(ls.Armies[cur].slots) != ls.Capacity {
		return false
	}
	for j, c := range ls.Armies {
		if j != cur && len(c.slots) == ls.Capacity {
			return true
		}
	}
	return false
}

// beginActions opens the current player's actions, remembering which lands
// were full at that moment (YATUK-BATTLE-1).
func (s *State) beginActions() {
	s.Phase = PhaseActions
	s.PendingBattle = nil
	s.ForcedQueue = []Land{}
	s.FullAtTurnStart = []Land{}
	cur := s.seat(s.Current)
	for _, ls := range s.Lands {
		if ls.Active && len(ls.Armies[cur].slots) == ls.Capacity {
			s.FullAtTurnStart = append(s.FullAtTurnStart, ls.Land)
		}
	}
}

// afterAction ends the turn once no action or extra play is left.
func (s *State) afterAction() {
	if s.ActionsLeft == 0 && s.ExtraPlaysLeft == 0 {
		s.endTurn()
	}
}

// endTurn refills the hand, one card per card played or burned as an action
// (YATUK-DRAW-1, YATUK-TWO-4), while the decks last (YATUK-DRAW-6), and passes
// the turn to the left (YATUK-TURN-1).
func (s *State) endTurn() {
	cur := s.seat(s.Current)
	draws := min(s.ThisTurn.Plays+s.ThisTurn.Burns, s.DrawPile)
	s.Players[cur].HandSize += draws
	s.DrawPile -= draws
	s.LastTurn = &TurnSummary{Player: s.Current, Turn: s.Turn, Last: s.ThisTurn.Last}
	s.startTurn((cur + 1) % len(s.Players))
}

// battlesThisHand counts the battles resolved in the current hand.
func (s *State) battlesThisHand() int {
	n := 0
	for _, b := range s.Battles {
		if b.Hand == s.Hand {
			n++
		}
	}
	return n
}

// handOverRule says whether the hand is over after a battle, and by which
// rule (YATUK-END-1, -2, YATUK-ADV-2, -7).
func (s *State) handOverRule(winner string) string {
	all := s.battlesThisHand() == len(landOrder)
	switch {
	case s.Options.Mode == Standard && winner != "" && len(s.gemsOf(winner).Gems()) >= 3:
		return "YATUK-END-1"
	case s.Options.Mode == Standard && all:
		return "YATUK-END-2"
	case s.Hand == 1 && all:
		return "YATUK-ADV-2"
	case all:
		return "YATUK-ADV-7"
	}
	return ""
}

// afterBattle continues the turn once a battle is resolved
// (YATUK-BATTLE-15, YATUK-TURN-9).
func (s *State) afterBattle(typ BattleType, winner string) {
	if rule := s.handOverRule(winner); rule != "" {
		s.endHand(rule)
		return
	}
	if typ == ForcedBattle {
		for len(s.ForcedQueue) > 0 {
			l := s.ForcedQueue[0]
			s.ForcedQueue = s.ForcedQueue[1:]
			if s.forcedDue(l) {
				s.PendingBattle = &PendingBattle{Land: l, Type: ForcedBattle, CurrentPlayer: s.Current}
				return
			}
		}
		s.beginActions()
		return
	}
	s.Phase = PhaseActions
	s.PendingBattle = nil
	s.afterAction()
}

// endHand records the hand's ranking and either finishes the match or deals
// the next league hand, whose first player sits left of this hand's.
func (s *State) endHand(rule string) {
	s.refreshPlayers()
	res := s.ranking()
	gems := make(map[string]int, len(s.Players))
	for _, p := range s.Players {
		gems[p.ID] = len(p.Gems)
	}
	s.HandResults = append(slices.Clone(s.HandResults), HandResult{Hand: s.Hand, Gems: gems, Placements: res.Placements, Winners: res.Winners, EndRule: rule})
	if s.Hand >= s.Options.Hands {
		s.Finished = true
		s.Phase = PhaseFinished
		s.EndRule = rule
		s.PendingBattle = nil
		s.ForcedQueue = []Land{}
		s.ActionsLeft, s.ExtraPlaysLeft = 0, 0
		return
	}
	first := s.seat(s.FirstPlayer)
	s.startHand((first + 1) % len(s.Players))
}

// Next says what the table records next.
func (s *State) Next() rules.Text {
	if s.Finished {
		return rules.Text{}
	}
	cur := s.name(s.Current)
	switch s.Phase {
	case PhaseForced:
		l := s.PendingBattle.Land
		return rules.T(
			fmt.Sprintf("A forced battle is due at %s at the start of %s's turn: record the battle's outcome with every army there.", landEN[l], cur),
			fmt.Sprintf("در آغاز نوبت %s نبرد اجباری در %s آغاز می‌شود: نتیجه‌ی نبرد را با همه‌ی لشکرهای آن سرزمین ثبت کنید.", cur, landFA[l]))
	case PhaseDeclared:
		l := s.PendingBattle.Land
		return rules.T(
			fmt.Sprintf("%s declared battle at %s: reveal the armies and record the battle's outcome.", cur, landEN[l]),
			fmt.Sprintf("%s در %s اعلام نبرد کرد: لشکرها را رو کنید و نتیجه‌ی نبرد را ثبت کنید.", cur, landFA[l]))
	}
	if s.Players[s.seat(s.Current)].HandSize == 0 {
		return rules.T(
			fmt.Sprintf("%s has no card in hand and must pass: record the end of the turn.", cur),
			fmt.Sprintf("%s کارتی در دست ندارد و باید نوبتش را رد کند: پایان نوبت را ثبت کنید.", cur))
	}
	if s.ActionsLeft == 0 {
		return rules.T(
			fmt.Sprintf("%s may play %s granted by a spell, or record the end of the turn.", cur, rules.Count(s.ExtraPlaysLeft, "more card", "more cards")),
			fmt.Sprintf("%s می‌تواند به لطف طلسم %d کارت دیگر بازی کند، یا پایان نوبت را ثبت کند.", cur, s.ExtraPlaysLeft))
	}
	return rules.T(
		fmt.Sprintf("%s's turn: %s left: play a card, burn a card or declare battle.", cur, rules.Count(s.ActionsLeft, "action", "actions")),
		fmt.Sprintf("نوبت %s است و %d عمل باقی مانده: بازی کردن یا سوزاندن یک کارت، یا اعلام نبرد.", cur, s.ActionsLeft))
}
