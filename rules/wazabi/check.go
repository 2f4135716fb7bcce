package wazabi

import (
	"fmt"
	"strconv"

	"github.com/motamed/motamed/rules"
)

// knownPlayer checks a required player ID field.
func knownPlayer(s *State, field, id string, bad *rules.Fields) {
	switch {
	case id == "":
		bad.Add(field, "is required: a player ID of this match")
	case s.seatOf(id) < 0:
		bad.Add(field, "is not a player of this match")
	}
}

// checkActor wants the event to come from the player whose turn it is
// (WAZABI-TURN-1); a player whose turn was just skipped hears why
// (WAZABI-SKIP-1), and the roll must come before anything else
// (WAZABI-TURN-2) unless the event is the roll itself.
func checkActor(s *State, player string, needRoll bool) error {
	if len(s.Reroll) > 0 {
		return rules.Violate("WAZABI-SETUP-6",
			"The opening roll is tied: the tied players roll again before the first turn.",
			"پرتاب آغازین مساوی شده است: بازیکنان مساوی پیش از اولین نوبت دوباره تاس می ریزند.")
	}
	if player != s.Current {
		for _, id := range s.LastSkipped {
			if id == player {
				return rules.Violate("WAZABI-SKIP-1",
					fmt.Sprintf("%s misses this turn (Miss a turn); it is %s's turn.", s.name(player), s.name(s.Current)),
					fmt.Sprintf("%s این نوبت را از دست داده است (کارت از دست دادن نوبت)؛ نوبت %s است.", s.name(player), s.name(s.Current)))
			}
		}
		return rules.Violate("WAZABI-TURN-1",
			fmt.Sprintf("It is %s's turn, not %s's.", s.name(s.Current), s.name(player)),
			fmt.Sprintf("نوبت %s است، نه %s.", s.name(s.Current), s.name(player)))
	}
	if needRoll && !s.Turn.Rolled {
		return rules.Violate("WAZABI-TURN-2",
			fmt.Sprintf("%s starts the turn by rolling all their dice; record the roll first.", s.name(player)),
			fmt.Sprintf("%s نوبتش را با ریختن همه ی تاس هایش شروع می کند؛ اول تاس ریختن را ثبت کنید.", s.name(player)))
	}
	return nil
}

// nDice and nCards spell a count for English messages ("1 die", "3 dice").
func nDice(n int) string {
	if n == 1 {
		return "1 die"
	}
	return strconv.Itoa(n) + " dice"
}

func nCards(n int) string {
	if n == 1 {
		return "1 card"
	}
	return strconv.Itoa(n) + " cards"
}
