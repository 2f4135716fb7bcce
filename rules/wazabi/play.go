package wazabi

import (
	"encoding/json"
	"fmt"

	"github.com/motamed/motamed/rules"
)

type cardPlayedData struct {
	Player    string  `json:"player"`
	Card      string  `json:"card"`
	Target    *string `json:"target"`
	Direction *string `json:"direction"`
}

// applyCardPlayed checks and applies one played card: at most one a turn
// (WAZABI-PLAY-1), affordable with the W rolled (WAZABI-PLAY-2), after the
// draw and the gift (WAZABI-TURN-6); its effect changes the counts at once
// (WAZABI-PLAY-4).
func applyCardPlayed(s *State, raw json.RawMessage) (*State, []rules.Ruling, error) {
	var d cardPlayedData
	if err := rules.Decode(raw, "data", &d); err != nil {
		return nil, nil, err
	}
	var bad rules.Fields
	knownPlayer(s, "data.player", d.Player, &bad)
	card, ok := cardByID(d.Card)
	switch {
	case d.Card == "":
		bad.Add("data.card", "is required: a card ID of the catalogue ("+cardIDs()+")")
	case !ok:
		bad.Add("data.card", "is not a card of the catalogue; use one of "+cardIDs())
	}
	if d.Target != nil {
		switch {
		case ok && !card.Target:
			bad.Add("data.target", "is not used by "+card.ID+"; leave it out")
		default:
			knownPlayer(s, "data.target", *d.Target, &bad)
		}
	} else if ok && card.Target {
		bad.Add("data.target", "is required by "+card.ID+": the player ID the card is played on")
	}
	if d.Direction != nil {
		switch {
		case ok && !card.Direction:
			bad.Add("data.direction", "is not used by "+card.ID+"; leave it out")
		case *d.Direction != "left" && *d.Direction != "right":
			bad.Add("data.direction", `must be "left" or "right"`)
		}
	} else if ok && card.Direction {
		bad.Add("data.direction", `is required by `+card.ID+`: "left" or "right"`)
	}
	if err := bad.Err(); err != nil {
		return nil, nil, err
	}
	if err := checkActor(s, d.Player, true); err != nil {
		return nil, nil, err
	}
	who := s.name(d.Player)
	me := s.seatOf(d.Player)
	t := s.Turn
	if t.CardPlayed == "" && (t.DrawsDue > 0 || t.GivesDue > 0) {
		return nil, nil, rules.Violate("WAZABI-TURN-6",
			fmt.Sprintf("%s first draws the cards and gives the dice the roll asks for, then may play a card.", who),
			fmt.Sprintf("%s اول کارت هایی را که تاس ها خواسته اند می کشد و تاس ها را می دهد، بعد می تواند کارت بازی کند.", who))
	}
	var broken rules.Findings
	if t.CardPlayed != "" {
		broken.Add("WAZABI-PLAY-1",
			fmt.Sprintf("%s has already played a card this turn; only one card a turn.", who),
			fmt.Sprintf("%s در این نوبت یک کارت بازی کرده است؛ در هر نوبت فقط یک کارت.", who))
	}
	broken = append(broken, playLegality(card, t.Roll, s.Seats[me].Cards, s.Seats[me].Name, s.Seats[me].Name)...)
	target := -1
	if d.Target != nil {
		target = s.seatOf(*d.Target)
		switch {
		case target == me:
			broken.Add(card.Rule,
				fmt.Sprintf("%s is played on another player, not on yourself.", card.Name.EN),
				fmt.Sprintf("کارت «%s» روی بازیکن دیگری بازی می شود، نه روی خود شما.", card.Name.FA))
		case s.Seats[target].Out:
			broken.Add("WAZABI-WIN-2",
				fmt.Sprintf("%s is out of the hand; cards cannot be played on them.", s.Seats[target].Name),
				fmt.Sprintf("%s از این دست بیرون رفته است و نمی شود روی او کارت بازی کرد.", s.Seats[target].Name))
		}
	}
	if err := broken.Err(); err != nil {
		return nil, nil, err
	}

	next := s.clone()
	next.Seats[me].Cards--
	next.Turn.CardPlayed = card.ID
	dirLeft := d.Direction != nil && *d.Direction == "left"
	notes := next.applyEffect(card, me, target, dirLeft)
	if next.Seats[me].Dice == 0 {
		notes = append(notes, next.playerOut(me)...)
	}
	return next, notes, nil
}

// playLegality lists the rules that forbid playing card after roll with a
// hand of cards cards: its cost (WAZABI-PLAY-2), the Lose-a-die restriction
// (WAZABI-LOSE1-2) and an empty hand (WAZABI-TURN-5). Shared with the turn
// referee; who and whoFA name the player in each language.
func playLegality(card Card, roll Roll, cards int, who, whoFA string) rules.Findings {
	var broken rules.Findings
	if card.Cost > roll.W {
		broken.Add("WAZABI-PLAY-2",
			fmt.Sprintf("%s costs %d W but %s rolled only %d W.", card.Name.EN, card.Cost, who, roll.W),
			fmt.Sprintf("ارزش کارت «%s» %d W است، اما %s فقط %d W آورده است.", card.Name.FA, card.Cost, whoFA, roll.W))
	}
	if card.ID == cardLoseADie && roll.Give >= 2 {
		broken.Add("WAZABI-LOSE1-2",
			fmt.Sprintf("Lose a die cannot be played after rolling 2 or more give symbols (%s rolled %d).", who, roll.Give),
			fmt.Sprintf("وقتی تاس ها 2 علامت دادن یا بیش تر آورده باشند، کارت «از دست دادن یک تاس» بازی نمی شود (%s %d تا آورده است).", whoFA, roll.Give))
	}
	if cards < 1 {
		broken.Add("WAZABI-TURN-5",
			fmt.Sprintf("%s has no card in hand to play.", who),
			fmt.Sprintf("%s کارتی در دست ندارد که بازی کند.", whoFA))
	}
	return broken
}

// applyEffect changes the counts as the card says. The played card has left
// the player's hand already; it goes to the played pile, except Miss a turn,
// which waits in front of its target (WAZABI-PLAY-4, WAZABI-SKIP-2).
func (s *State) applyEffect(card Card, me, target int, dirLeft bool) []rules.Ruling {
	who := s.Seats[me].Name
	if card.ID != cardMissATurn {
		s.PlayedPile++
	}
	note := func(en, fa string) []rules.Ruling { return []rules.Ruling{rules.Rule(card.Rule, en, fa)} }
	switch card.ID {
	case cardMissATurn:
		s.Seats[target].Skips++
		return note(fmt.Sprintf("%s misses their next turn; the card waits in front of them.", s.Seats[target].Name),
			fmt.Sprintf("%s نوبت بعدی اش را از دست می دهد؛ کارت جلوی او می ماند.", s.Seats[target].Name))
	case cardReverse:
		if s.Direction == clockwise {
			s.Direction = counterwise
		} else {
			s.Direction = clockwise
		}
		s.Turn.PlayAgain = true
		return note(fmt.Sprintf("Play now goes %s, and %s plays again after this turn.", s.Direction, who),
			fmt.Sprintf("جهت بازی برعکس شد و %s بعد از این نوبت دوباره بازی می کند.", who))
	case cardDraw3:
		s.Turn.DrawsDue += 3
		s.Turn.DrawRule = "WAZABI-DRAW3-1"
		return note(fmt.Sprintf("%s draws 3 more cards (record them as cards drawn).", who),
			fmt.Sprintf("%s باید 3 کارت دیگر بکشد (آن ها را به عنوان کارت کشیده شده ثبت کنید).", who))
	case cardHandLimit1:
		return s.keepOnly(card, []int{target}, 1)
	case cardHandLimit2:
		var others []int
		for i := range s.Seats {
			if i != me && !s.Seats[i].Out {
				others = append(others, i)
			}
		}
		return s.keepOnly(card, others, 2)
	case cardLoseADie, cardLose2Dice:
		lose := 1
		if card.ID == cardLose2Dice {
			lose = 2
		}
		lose = min(lose, s.Seats[me].Dice)
		s.Seats[me].Dice -= lose
		s.DiceOutOfPlay += lose
		return note(fmt.Sprintf("%s puts %s out of the game and has %d left.", who, nDice(lose), s.Seats[me].Dice),
			fmt.Sprintf("%s %d تاس را از بازی بیرون می گذارد و %d تاس برایش می ماند.", who, lose, s.Seats[me].Dice))
	case cardStealACard:
		t := &s.Seats[target]
		if t.Cards == 0 {
			return note(fmt.Sprintf("%s has no card, so nothing is taken.", t.Name),
				fmt.Sprintf("%s کارتی ندارد، پس چیزی برداشته نمی شود.", t.Name))
		}
		t.Cards--
		s.Seats[me].Cards++
		return note(fmt.Sprintf("%s takes a random card from %s.", who, t.Name),
			fmt.Sprintf("%s به طور اتفاقی یک کارت از دست %s برمی دارد.", who, t.Name))
	case cardExchangeHands:
		s.Seats[me].Cards, s.Seats[target].Cards = s.Seats[target].Cards, s.Seats[me].Cards
		return note(fmt.Sprintf("%s and %s exchange their hands.", who, s.Seats[target].Name),
			fmt.Sprintf("%s و %s کارت هایشان را با هم عوض می کنند.", who, s.Seats[target].Name))
	case cardExchangeDice:
		s.Seats[me].Dice, s.Seats[target].Dice = s.Seats[target].Dice, s.Seats[me].Dice
		return note(fmt.Sprintf("%s and %s exchange their dice.", who, s.Seats[target].Name),
			fmt.Sprintf("%s و %s تاس هایشان را با هم عوض می کنند.", who, s.Seats[target].Name))
	case cardPassCards, cardPassDice:
		s.passAll(card.ID == cardPassDice, dirLeft)
		side, sideFA := "right", "راست"
		if dirLeft {
			side, sideFA = "left", "چپ"
		}
		what, whatFA := "cards", "کارت هایشان"
		if card.ID == cardPassDice {
			what, whatFA = "dice", "تاس هایشان"
		}
		return note(fmt.Sprintf("Every player passes all their %s to the %s neighbour.", what, side),
			fmt.Sprintf("همه ی بازیکنان همه ی %s را به نفر سمت %s می دهند.", whatFA, sideFA))
	}
	return nil
}

// keepOnly cuts the hands of seats to keep cards; the rest go face up onto
// the played pile (WAZABI-KEEP1-1, WAZABI-KEEP2-1).
func (s *State) keepOnly(card Card, seats []int, keep int) []rules.Ruling {
	discarded := 0
	for _, i := range seats {
		if extra := s.Seats[i].Cards - keep; extra > 0 {
			s.Seats[i].Cards = keep
			discarded += extra
		}
	}
	s.PlayedPile += discarded
	return []rules.Ruling{rules.Rule(card.Rule,
		fmt.Sprintf("Hands are cut to %s; %s go face up onto the played pile.", nCards(keep), nCards(discarded)),
		fmt.Sprintf("دست ها به %d کارت کم می شوند؛ %d کارت به رو روی ستون کارت های بازی شده می روند.", keep, discarded))}
}

// passAll moves every active player's dice (or cards) to their left or right
// neighbour, all in the same direction (WAZABI-PASSDICE-1,
// WAZABI-PASSCARDS-1).
func (s *State) passAll(dice, toLeft bool) {
	old := make([]int, len(s.Seats))
	for i, st := range s.Seats {
		old[i] = st.Cards
		if dice {
			old[i] = st.Dice
		}
	}
	for i := range s.Seats {
		if s.Seats[i].Out {
			continue
		}
		to := s.right(i)
		if toLeft {
			to = s.left(i)
		}
		if dice {
			s.Seats[to].Dice = old[i]
		} else {
			s.Seats[to].Cards = old[i]
		}
	}
}
