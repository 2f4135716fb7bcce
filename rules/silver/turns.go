package silver

import (
	"encoding/json"
	"fmt"

	"github.com/motamed/motamed/rules"
)

// Turn actions a table may record (SILVER-TURN-2).
const (
	actionDraw    = "draw"
	actionDiscard = "discard"
	actionCensus  = "census"
)

// maxVillageSize bounds a village_size entry: no village can hold more than
// the 52 cards of the game.
const maxVillageSize = 52

type censusCalledData struct {
	Player      *string `json:"player"`
	VillageSize *int    `json:"village_size"`
	// ImpliedTurns: the players between the next recorded turn and the
	// caller have taken their turns unrecorded (census_implied.go).
	ImpliedTurns bool `json:"implied_turns"`
}

type turnTakenData struct {
	Player      *string `json:"player"`
	Action      *string `json:"action"`
	VillageSize *int    `json:"village_size"`
}

// checkPlayer records a field error unless id names a seated player.
func (s *State) checkPlayer(f *rules.Fields, field string, id *string) {
	switch {
	case id == nil:
		f.Add(field, "is required: the player's ID")
	case !s.isPlayer(*id):
		f.Add(field, fmt.Sprintf("%q is not a player of this match", *id))
	}
}

func checkVillageSize(f *rules.Fields, field string, n *int) {
	switch {
	case n == nil:
		f.Add(field, "is required: how many cards the caller's village holds (a census needs 4 or fewer)")
	case *n < 1 || *n > maxVillageSize:
		f.Add(field, fmt.Sprintf("must be from 1 to %d: a village always holds at least 1 card", maxVillageSize))
	}
}

func (s *State) censusCalled(raw json.RawMessage) (rules.State, []rules.Ruling, error) {
	var d censusCalledData
	if err := rules.Decode(raw, "data", &d); err != nil {
		return nil, nil, err
	}
	var f rules.Fields
	s.checkPlayer(&f, "data.player", d.Player)
	checkVillageSize(&f, "data.village_size", d.VillageSize)
	if err := f.Err(); err != nil {
		return nil, nil, err
	}
	// Without recorded turns the referee cannot know whose turn it is, so a
	// bare census call is checked for turn order only once turns are known.
	from := s
	if d.ImpliedTurns {
		from, _ = s.implyTurnsUntil(*d.Player)
	}
	return from.census(*d.Player, *d.VillageSize, from.NextTurn != "")
}

func (s *State) turnTaken(raw json.RawMessage) (rules.State, []rules.Ruling, error) {
	var d turnTakenData
	if err := rules.Decode(raw, "data", &d); err != nil {
		return nil, nil, err
	}
	var f rules.Fields
	s.checkPlayer(&f, "data.player", d.Player)
	action := ""
	if d.Action != nil {
		action = *d.Action
		switch action {
		case actionDraw, actionDiscard, actionCensus:
		default:
			f.Add("data.action", fmt.Sprintf("%q is not a turn action: use \"draw\", \"discard\" or \"census\"", action))
		}
	}
	switch {
	case action == actionCensus:
		checkVillageSize(&f, "data.village_size", d.VillageSize)
	case d.VillageSize != nil:
		f.Add("data.village_size", "is only for a census turn (action \"census\")")
	}
	if err := f.Err(); err != nil {
		return nil, nil, err
	}
	if action == actionCensus {
		return s.census(*d.Player, *d.VillageSize, true)
	}
	if r := s.turnOrderRuling(*d.Player); r != nil {
		return nil, nil, &rules.ViolationError{Rulings: []rules.Ruling{*r}}
	}
	next := s.clone()
	next.startRound()
	next.TurnsRecorded++
	next.NextTurn = nextSeat(next.seats(), *d.Player)
	if next.Census != nil {
		next.Census.OwedTurns = next.Census.OwedTurns[1:]
	}
	return next, nil, nil
}

// turnOrderRuling says why player may not take the next turn, or nil when it
// is their turn. After a census every other player has exactly one more turn
// and the caller none (SILVER-CENSUS-5); otherwise turns go clockwise from the
// start player (SILVER-TURN-1).
func (s *State) turnOrderRuling(player string) *rules.Ruling {
	who := s.name(player)
	if c := s.Census; c != nil {
		caller := s.name(c.Caller)
		switch {
		case len(c.OwedTurns) == 0:
			r := rules.Rule("SILVER-CENSUS-5",
				fmt.Sprintf("Every other player has had their one extra turn after %s's census: the round is over. Record the end of the round with every village.", caller),
				fmt.Sprintf("پس از سرشماری %s، بقیه‌ی بازیکنان نوبت اضافی‌شان را بازی کرده‌اند و دور تمام است. پایانِ دور را با کارت‌های همه‌ی دهکده‌ها ثبت کنید.", caller))
			return &r
		case player == c.Caller:
			r := rules.Rule("SILVER-CENSUS-5",
				fmt.Sprintf("%s called the census and has no more turns this round; %s still have one extra turn each.", who, listEN(s.names(c.OwedTurns))),
				fmt.Sprintf("%s تقاضای سرشماری کرده و در این دور دیگر نوبتی ندارد؛ %s هر کدام هنوز یک نوبت اضافی دارند.", who, listFA(s.names(c.OwedTurns))))
			return &r
		}
	}
	if want := s.expectedTurn(); player != want {
		r := rules.Rule("SILVER-TURN-1",
			fmt.Sprintf("It is %s's turn, not %s's: play goes clockwise, and %s started this round.", s.name(want), who, s.name(s.FirstPlayer)),
			fmt.Sprintf("نوبت %s است، نه %s: بازی در جهت ساعت‌گرد پیش می‌رود و %s این دور را آغاز کرد.", s.name(want), who, s.name(s.FirstPlayer)))
		return &r
	}
	return nil
}

// census records player's census call with size cards in their village;
// ordered says whether the turn order is known and enforced.
func (s *State) census(player string, size int, ordered bool) (rules.State, []rules.Ruling, error) {
	who := s.name(player)
	var rs []rules.Ruling
	if c := s.Census; c != nil {
		caller := s.name(c.Caller)
		rs = append(rs, rules.Rule("SILVER-CENSUS-6",
			fmt.Sprintf("%s already called a census this round; only one census is allowed per round.", caller),
			fmt.Sprintf("%s در این دور تقاضای سرشماری کرده است؛ در هر دور فقط یک سرشماری مجاز است.", caller)))
	} else if ordered {
		if r := s.turnOrderRuling(player); r != nil {
			rs = append(rs, *r)
		}
	}
	if size > 4 {
		rs = append(rs, rules.Rule("SILVER-CENSUS-1",
			fmt.Sprintf("%s has %d cards in their village; a census can be called only with 4 or fewer.", who, size),
			fmt.Sprintf("دهکده‌ی %s %d کارت دارد؛ فقط با 4 کارت یا کمتر می‌توان تقاضای سرشماری کرد.", who, size)))
	}
	if err := rules.Violations(rs); err != nil {
		return nil, nil, err
	}
	next := s.clone()
	next.startRound()
	seats := next.seats()
	// The census is the caller's whole turn (SILVER-CENSUS-2, -4); the
	// others each get one more turn, clockwise from the caller's left.
	next.Census = &Census{Caller: player, VillageSize: size, OwedTurns: othersClockwise(seats, player)}
	next.NextTurn = nextSeat(seats, player)
	if ordered {
		next.TurnsRecorded++
	}
	return next, nil, nil
}
