package munchkin

import (
	"fmt"
	"strings"

	"github.com/motamed/motamed/rules"
)

// handLimit is the most cards a player may hold at the end of their turn (CHARITY-1).
const handLimit = 5

const maxHandSize = 200

// Charity is what the end of a turn required of the hand (CHARITY-1 to -5).
type Charity struct {
	HandSize int `json:"hand_size"`
	Excess   int `json:"excess"`
	// Discarded is the excess discarded by a giver at (or tied for) the lowest level.
	Discarded int `json:"discarded"`
	// Recipients are the lowest-level living other players; each gets Each
	// cards, and Extra of them (the giver chooses which) one more.
	Recipients  []string   `json:"recipients"`
	Each        int        `json:"each"`
	Extra       int        `json:"extra"`
	Rule        string     `json:"rule"`
	Explanation rules.Text `json:"explanation"`
}

type turnEndedData struct {
	Player   *string `json:"player"`
	HandSize *int    `json:"hand_size"`
}

// applyTurnEnded closes a turn: Charity for a hand over 5 cards, the dead
// return to life, and the turn passes to the left (SETUP-9, TURN-11).
func applyTurnEnded(s *State, raw []byte) ([]rules.Ruling, error) {
	var d turnEndedData
	if err := rules.Decode(raw, "data", &d); err != nil {
		return nil, err
	}
	var bad rules.Fields
	i := s.playerField(d.Player, "data.player", &bad)
	if d.HandSize == nil {
		bad.Add("data.hand_size", "is required: the cards in hand after Charity's voluntary plays (sales, Curses, Items)")
	} else if *d.HandSize < 0 || *d.HandSize > maxHandSize {
		bad.Add("data.hand_size", fmt.Sprintf("must be from 0 to %d", maxHandSize))
	}
	if err := bad.Err(); err != nil {
		return nil, err
	}
	p := &s.Players[i]
	var rs []rules.Ruling
	if p.ID != s.Turn.Player {
		rs = append(rs, rules.Rule("MUNCHKIN-SETUP-9",
			fmt.Sprintf("It is %s's turn, not %s's: only the player whose turn it is ends it.", s.name(s.Turn.Player), p.Name),
			fmt.Sprintf("نوبتِ %s است، نه %s: فقط کسی که نوبتشه نوبتش رو تموم می‌کنه.", s.name(s.Turn.Player), p.Name)))
	}
	if s.inCombat() {
		rs = append(rs, pendingRuling(s))
	}
	if err := rules.Violations(rs); err != nil {
		return nil, err
	}
	var notes []rules.Ruling
	row := s.Current
	if *d.HandSize > handLimit {
		c := charity(s, i, *d.HandSize)
		row.Charity = &c
		notes = append(notes, rules.Rule(c.Rule, c.Explanation.EN, c.Explanation.FA))
	}
	row.Combat = s.Combat
	row.Levels = s.levels()
	if !p.Dead {
		p.RedrawDue = false // the turn after a death has been played
	}
	for k := range s.Players {
		if q := &s.Players[k]; q.Dead {
			q.Dead = false
			notes = append(notes, rules.Rule("MUNCHKIN-DEATH-6",
				q.Name+" returns to life as the next turn begins, with level, Race and Class kept but no cards until Charity, gifts or the next own turn.",
				q.Name+" با شروع نوبت بعدی زنده می‌شه؛ سطح و نژاد و طبقه‌ش سر جاشه ولی تا خیریه، هدیه یا نوبت خودش هیچ کارتی نداره."))
		}
	}
	next := s.Players[(i+1)%len(s.Players)]
	s.Combat = nil
	s.Turn = TurnState{Number: s.Turn.Number + 1, Player: next.ID, Caught: []string{}}
	s.fileRow(row)
	s.Current = &TurnRow{Turn: s.Turn.Number, Player: next.ID, Changes: []LevelChange{}}
	notes = append(notes, rules.Rule("MUNCHKIN-TURN-11",
		"The turn passes to the left: it is now "+next.Name+"'s turn.",
		"نوبت می‌رسه به نفر سمت چپ: حالا نوبتِ "+next.Name+" است."))
	return notes, nil
}

// charity works out where the cards above 5 go: to the lowest-level living
// other player(s), split as evenly as possible, or discarded when the giver
// is (tied for) the lowest (CHARITY-3 to -5; dead players left out, AMB-23).
func charity(s *State, giver, hand int) Charity {
	g := s.Players[giver]
	c := Charity{HandSize: hand, Excess: hand - handLimit, Recipients: []string{}}
	low := -1
	for k, q := range s.Players {
		if k == giver || q.Dead {
			continue
		}
		if low < 0 || q.Level < low {
			low = q.Level
		}
	}
	if low < 0 || g.Level <= low {
		c.Discarded = c.Excess
		c.Rule = "MUNCHKIN-CHARITY-5"
		c.Explanation = rules.T(
			fmt.Sprintf("%s holds %s, %d over the limit of 5, and is (tied for) the lowest level: the %s discarded.", g.Name, rules.Count(hand, "card", "cards"), c.Excess, rules.Count(c.Excess, "extra card is", "extra cards are")),
			fmt.Sprintf("%s %d تا کارت داره، %d تا بیشتر از سقف 5، و خودش پایین‌ترین سطحه (یا جزو پایین‌ترین‌هاست): %d کارت اضافه می‌سوزه.", g.Name, hand, c.Excess, c.Excess))
		return c
	}
	var names []string
	for k, q := range s.Players {
		if k != giver && !q.Dead && q.Level == low {
			c.Recipients = append(c.Recipients, q.ID)
			names = append(names, q.Name)
		}
	}
	c.Each = c.Excess / len(c.Recipients)
	c.Extra = c.Excess % len(c.Recipients)
	if len(c.Recipients) == 1 {
		c.Rule = "MUNCHKIN-CHARITY-3"
		c.Explanation = rules.T(
			fmt.Sprintf("%s holds %d cards, %d over the limit of 5: give them to %s, the lowest level (%d).", g.Name, hand, c.Excess, names[0], low),
			fmt.Sprintf("%s %d تا کارت داره، %d تا بیشتر از سقف 5: باید بده به %s که پایین‌ترین سطحه (%d).", g.Name, hand, c.Excess, names[0], low))
		return c
	}
	c.Rule = "MUNCHKIN-CHARITY-4"
	en := fmt.Sprintf("%s holds %d cards, %d over the limit of 5: split them as evenly as possible among %s, tied for the lowest level (%d): %d each", g.Name, hand, c.Excess, strings.Join(names, ", "), low, c.Each)
	fa := fmt.Sprintf("%s %d تا کارت داره، %d تا بیشتر از سقف 5: باید تا جای ممکن مساوی بین %s که با سطح %d پایین‌ترین‌ها هستن پخش کنه: هر نفر %d تا", g.Name, hand, c.Excess, strings.Join(names, "، "), low, c.Each)
	if c.Extra > 0 {
		en += fmt.Sprintf(", and %d of them (the giver chooses) one more", c.Extra)
		fa += fmt.Sprintf(" و %d نفرشون (به انتخاب خودش) یکی بیشتر", c.Extra)
	}
	c.Explanation = rules.T(en+".", fa+".")
	return c
}
