package wazabi

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/motamed/motamed/rules"
)

type rolledData struct {
	Player string `json:"player"`
	W      *int   `json:"w"`
	Card   *int   `json:"card"`
	Give   *int   `json:"give"`
}

// applyRolled records the turn's roll as symbol counts; they must add up to
// the dice the player holds (WAZABI-TURN-2).
func applyRolled(s *State, raw json.RawMessage) (*State, []rules.Ruling, error) {
	var d rolledData
	if err := rules.Decode(raw, "data", &d); err != nil {
		return nil, nil, err
	}
	var bad rules.Fields
	knownPlayer(s, "data.player", d.Player, &bad)
	for _, f := range []struct {
		name string
		v    *int
	}{{"w", d.W}, {"card", d.Card}, {"give", d.Give}} {
		switch {
		case f.v == nil:
			bad.Add("data."+f.name, "is required: the number of dice showing this symbol")
		case *f.v < 0 || *f.v > diceInBox:
			bad.Add("data."+f.name, "must be from 0 to 24 (the game has 24 dice)")
		}
	}
	if err := bad.Err(); err != nil {
		return nil, nil, err
	}
	if err := checkActor(s, d.Player, false); err != nil {
		return nil, nil, err
	}
	who := s.name(d.Player)
	if s.Turn.Rolled {
		return nil, nil, rules.Violate("WAZABI-TURN-2",
			fmt.Sprintf("%s has already rolled this turn.", who),
			fmt.Sprintf("%s در این نوبت یک بار تاس ریخته است.", who))
	}
	dice := s.Seats[s.seatOf(d.Player)].Dice
	if sum := *d.W + *d.Card + *d.Give; sum != dice {
		return nil, nil, rules.Violate("WAZABI-TURN-2",
			fmt.Sprintf("%s rolls all %d of their dice, but the roll adds up to %d (%d W + %d card + %d give).", who, dice, sum, *d.W, *d.Card, *d.Give),
			fmt.Sprintf("%s همه ی %d تاسش را می ریزد، اما جمع علامت ها %d است (%d W + %d کارت + %d دادن تاس).", who, dice, sum, *d.W, *d.Card, *d.Give))
	}
	next := s.clone()
	next.OpeningOpen = false
	next.LastSkipped = nil
	next.Turn.Rolled = true
	next.Turn.Roll = Roll{W: *d.W, Card: *d.Card, Give: *d.Give}
	next.Turn.DrawsDue, next.Turn.GivesDue = *d.Card, *d.Give
	next.Turn.Drew, next.Turn.Gave = *d.Card == 0, *d.Give == 0
	if *d.Card > 0 {
		next.Turn.DrawRule = "WAZABI-TURN-3"
	}
	return next, nil, nil
}

type cardsDrawnData struct {
	Player string   `json:"player"`
	Count  *int     `json:"count"`
	From   []string `json:"from"`
}

// applyCardsDrawn records the cards the roll (or Draw 3) makes the player
// draw: from the draw pile, then the reshuffled played pile (WAZABI-PILE-2),
// then at random from opponents' hands when both piles are empty
// (WAZABI-PILE-3).
func applyCardsDrawn(s *State, raw json.RawMessage) (*State, []rules.Ruling, error) {
	var d cardsDrawnData
	if err := rules.Decode(raw, "data", &d); err != nil {
		return nil, nil, err
	}
	var bad rules.Fields
	knownPlayer(s, "data.player", d.Player, &bad)
	switch {
	case d.Count == nil:
		bad.Add("data.count", "is required: the number of cards drawn")
	case *d.Count < 0:
		bad.Add("data.count", "must be 0 or more")
	}
	for i, id := range d.From {
		knownPlayer(s, fmt.Sprintf("data.from[%d]", i), id, &bad)
	}
	if err := bad.Err(); err != nil {
		return nil, nil, err
	}
	if err := checkActor(s, d.Player, true); err != nil {
		return nil, nil, err
	}
	who := s.name(d.Player)
	t := s.Turn
	if t.DrawsDue == 0 {
		return nil, nil, rules.Violate("WAZABI-TURN-3",
			fmt.Sprintf("%s has no card to draw now: only card symbols (or Draw 3) make a player draw.", who),
			fmt.Sprintf("%s الان کارتی برای کشیدن ندارد: فقط علامت کارت (یا کارت کشیدن 3 کارت) بازیکن را وادار به کشیدن می کند.", who))
	}
	me := s.seatOf(d.Player)
	inOpponents := 0
	for i, st := range s.Seats {
		if i != me && !st.Out {
			inOpponents += st.Cards
		}
	}
	want := min(t.DrawsDue, s.DrawPile+s.PlayedPile+inOpponents)
	if *d.Count != want {
		why := ""
		whyFA := ""
		if want < t.DrawsDue {
			why = fmt.Sprintf(" (only %s left anywhere)", nCards(want))
			whyFA = fmt.Sprintf(" (در کل فقط %d کارت باقی مانده است)", want)
		}
		return nil, nil, rules.Violate(t.DrawRule,
			fmt.Sprintf("%s must draw %s%s, not %d.", who, nCards(want), why, *d.Count),
			fmt.Sprintf("%s باید %d کارت بکشد%s، نه %d.", who, want, whyFA, *d.Count))
	}

	next := s.clone()
	var notes []rules.Ruling
	need := want
	take := min(need, next.DrawPile)
	next.DrawPile -= take
	need -= take
	if need > 0 && next.PlayedPile > 0 {
		notes = append(notes, rules.Rule("WAZABI-PILE-2",
			fmt.Sprintf("The draw pile ran out: the %d played cards are shuffled into a new draw pile.", next.PlayedPile),
			fmt.Sprintf("ستون کارت های کشیدنی تمام شد: %d کارت بازی شده بُر زده می شوند و ستون کشیدنی تازه ای می سازند.", next.PlayedPile)))
		next.DrawPile, next.PlayedPile = next.PlayedPile, 0
		take = min(need, next.DrawPile)
		next.DrawPile -= take
		need -= take
	}
	if len(d.From) != need {
		if need == 0 {
			return nil, nil, rules.Violate("WAZABI-PILE-3",
				"Cards are taken from an opponent's hand only when the draw pile and the played pile are both empty; leave out from.",
				"فقط وقتی هر دو ستون کارت های کشیدنی و بازی شده خالی باشند از دست حریف کارت کشیده می شود؛ from را خالی بگذارید.")
		}
		return nil, nil, rules.Violate("WAZABI-PILE-3",
			fmt.Sprintf("Both piles are empty: %s takes %s at random from opponents; name one opponent per card in from.", who, nCards(need)),
			fmt.Sprintf("هر دو ستون خالی است: %s باید %d کارت به طور اتفاقی از دست حریفان بکشد؛ برای هر کارت یک حریف در from بنویسید.", who, need))
	}
	var broken rules.Findings
	for _, id := range d.From {
		j := next.seatOf(id)
		switch {
		case j == me:
			broken.Add("WAZABI-PILE-3",
				fmt.Sprintf("%s draws from an opponent's hand, not from their own.", who),
				fmt.Sprintf("%s باید از دست یکی از حریفان کارت بکشد، نه از دست خودش.", who))
		case next.Seats[j].Out:
			broken.Add("WAZABI-WIN-2",
				fmt.Sprintf("%s is out of the hand and takes no part in it any more.", next.Seats[j].Name),
				fmt.Sprintf("%s از این دست بیرون رفته است و دیگر در آن شرکت ندارد.", next.Seats[j].Name))
		case next.Seats[j].Cards == 0:
			broken.Add("WAZABI-PILE-3",
				fmt.Sprintf("%s has no card left to draw from; choose an opponent who holds cards.", next.Seats[j].Name),
				fmt.Sprintf("%s کارتی در دست ندارد؛ حریفی را انتخاب کنید که کارت دارد.", next.Seats[j].Name))
		default:
			next.Seats[j].Cards--
		}
	}
	if err := broken.Err(); err != nil {
		return nil, nil, err
	}
	if want < t.DrawsDue {
		notes = append(notes, rules.Rule("WAZABI-PILE-3",
			fmt.Sprintf("No card is left to draw anywhere: %s draws %d instead of %d.", who, want, t.DrawsDue),
			fmt.Sprintf("هیچ کارتی برای کشیدن باقی نمانده است: %s به جای %d کارت فقط %d کارت می کشد.", who, t.DrawsDue, want)))
	}
	next.Seats[me].Cards += want
	next.Turn.DrawsDue = 0
	next.Turn.Drew = true
	return next, notes, nil
}

type diceGivenData struct {
	Player string   `json:"player"`
	To     []string `json:"to"`
}

// applyDiceGiven hands one die per give symbol to other players
// (WAZABI-TURN-4), neighbours only when the option is on
// (WAZABI-NEIGHBOUR-1). A player left with no dice is out at once
// (WAZABI-WIN-3).
func applyDiceGiven(s *State, raw json.RawMessage) (*State, []rules.Ruling, error) {
	var d diceGivenData
	if err := rules.Decode(raw, "data", &d); err != nil {
		return nil, nil, err
	}
	var bad rules.Fields
	knownPlayer(s, "data.player", d.Player, &bad)
	if d.To == nil {
		bad.Add("data.to", "is required: one player ID per die given")
	}
	for i, id := range d.To {
		knownPlayer(s, fmt.Sprintf("data.to[%d]", i), id, &bad)
	}
	if err := bad.Err(); err != nil {
		return nil, nil, err
	}
	if err := checkActor(s, d.Player, true); err != nil {
		return nil, nil, err
	}
	who := s.name(d.Player)
	t := s.Turn
	if !t.Drew && t.CardPlayed == "" {
		return nil, nil, rules.Violate("WAZABI-TURN-6",
			fmt.Sprintf("%s draws the %s first, then gives dice away.", who, nCards(t.DrawsDue)),
			fmt.Sprintf("%s اول %d کارت می کشد و بعد تاس ها را می دهد.", who, t.DrawsDue))
	}
	if t.GivesDue == 0 {
		return nil, nil, rules.Violate("WAZABI-TURN-4",
			fmt.Sprintf("%s has no die to give: only dice showing the give symbol are given, once.", who),
			fmt.Sprintf("%s تاسی برای دادن ندارد: فقط تاس هایی که علامت دادن آورده اند، یک بار، داده می شوند.", who))
	}
	me := s.seatOf(d.Player)
	var broken rules.Findings
	if len(d.To) != t.GivesDue {
		broken.Add("WAZABI-TURN-4",
			fmt.Sprintf("%s rolled %s and gives exactly %s, one target each, not %d.", who, rules.Count(t.GivesDue, "give symbol", "give symbols"), rules.Count(t.GivesDue, "die", "dice"), len(d.To)),
			fmt.Sprintf("%s %d علامت دادن آورده است و باید دقیقا %d تاس بدهد، برای هر تاس یک نفر، نه %d.", who, t.GivesDue, t.GivesDue, len(d.To)))
	}
	l, r := s.left(me), s.right(me)
	for _, id := range d.To {
		j := s.seatOf(id)
		switch {
		case j == me:
			broken.Add("WAZABI-TURN-4",
				fmt.Sprintf("%s gives dice to another player, never to themself.", who),
				fmt.Sprintf("%s تاس را به بازیکن دیگری می دهد، نه به خودش.", who))
		case s.Seats[j].Out:
			broken.Add("WAZABI-WIN-2",
				fmt.Sprintf("%s is out of the hand and cannot receive dice.", s.Seats[j].Name),
				fmt.Sprintf("%s از این دست بیرون رفته است و نمی تواند تاس بگیرد.", s.Seats[j].Name))
		case s.Options.NeighboursOnly && j != l && j != r:
			broken.Add("WAZABI-NEIGHBOUR-1",
				fmt.Sprintf("With the neighbour rule a die goes to the left or right neighbour (%s or %s), not to %s.", s.Seats[l].Name, s.Seats[r].Name, s.Seats[j].Name),
				fmt.Sprintf("با قانون همسایه، تاس فقط به نفر سمت چپ یا راست (%s یا %s) داده می شود، نه به %s.", s.Seats[l].Name, s.Seats[r].Name, s.Seats[j].Name))
		}
	}
	if err := broken.Err(); err != nil {
		return nil, nil, err
	}
	next := s.clone()
	for _, id := range d.To {
		next.Seats[next.seatOf(id)].Dice++
	}
	next.Seats[me].Dice -= t.GivesDue
	next.Turn.GivesDue = 0
	next.Turn.Gave = true
	var notes []rules.Ruling
	if next.Seats[me].Dice == 0 {
		notes = next.playerOut(me)
	}
	return next, notes, nil
}

type turnEndedData struct {
	Player string `json:"player"`
}

// applyTurnEnded passes the turn once the roll's obligations are met.
func applyTurnEnded(s *State, raw json.RawMessage) (*State, []rules.Ruling, error) {
	var d turnEndedData
	if err := rules.Decode(raw, "data", &d); err != nil {
		return nil, nil, err
	}
	var bad rules.Fields
	knownPlayer(s, "data.player", d.Player, &bad)
	if err := bad.Err(); err != nil {
		return nil, nil, err
	}
	if err := checkActor(s, d.Player, true); err != nil {
		return nil, nil, err
	}
	who := s.name(d.Player)
	var broken rules.Findings
	if s.Turn.DrawsDue > 0 {
		broken.Add(s.Turn.DrawRule,
			fmt.Sprintf("%s must still draw %s before the turn ends.", who, nCards(s.Turn.DrawsDue)),
			fmt.Sprintf("%s پیش از پایان نوبت باید %d کارت دیگر بکشد.", who, s.Turn.DrawsDue))
	}
	if s.Turn.GivesDue > 0 {
		broken.Add("WAZABI-TURN-4",
			fmt.Sprintf("%s must still give away %s before the turn ends.", who, nDice(s.Turn.GivesDue)),
			fmt.Sprintf("%s پیش از پایان نوبت باید %d تاس به دیگران بدهد.", who, s.Turn.GivesDue))
	}
	if err := broken.Err(); err != nil {
		return nil, nil, err
	}
	next := s.clone()
	return next, next.passTurn(), nil
}

// passTurn hands the turn on from the current player: to the same player
// after Reverse (WAZABI-REVERSE-1), else to the next player in the direction
// of play, skipping each player who has a Miss-a-turn card waiting; that card
// then goes to the played pile (WAZABI-SKIP-1, WAZABI-SKIP-2).
func (s *State) passTurn() []rules.Ruling {
	cur := s.seatOf(s.Current)
	s.LastSkipped = nil
	if s.Turn.PlayAgain && !s.Seats[cur].Out {
		s.beginTurn(cur)
		return []rules.Ruling{rules.Rule("WAZABI-REVERSE-1",
			fmt.Sprintf("%s plays again (Reverse).", s.Seats[cur].Name),
			fmt.Sprintf("%s دوباره بازی می کند (کارت تغییر جهت).", s.Seats[cur].Name))}
	}
	var notes []rules.Ruling
	i := cur
	// Each pass over a skipped player removes one waiting card, so this ends.
	for guard := 0; guard <= deckSize+len(s.Seats); guard++ {
		i = s.step(i, s.dir())
		if s.Seats[i].Skips == 0 {
			break
		}
		s.Seats[i].Skips--
		s.PlayedPile++
		s.LastSkipped = appendCopy(s.LastSkipped, s.Seats[i].PlayerID)
		notes = append(notes, rules.Rule("WAZABI-SKIP-2",
			fmt.Sprintf("%s misses this turn; their Miss-a-turn card goes to the played pile.", s.Seats[i].Name),
			fmt.Sprintf("%s این نوبت را از دست می دهد و کارت از دست دادن نوبت به ستون کارت های بازی شده می رود.", s.Seats[i].Name)))
	}
	s.beginTurn(i)
	return notes
}

// playerOut handles seat i reaching 0 dice: the win is immediate and the
// rest of the turn is not played (WAZABI-WIN-3). The player's team wins in
// team play (WAZABI-TEAM-2); with play_to_last the hand goes on without
// them (WAZABI-WIN-2).
func (s *State) playerOut(i int) []rules.Ruling {
	st := &s.Seats[i]
	st.Out = true
	s.FinishOrder = appendCopy(s.FinishOrder, st.PlayerID)
	if !s.Options.PlayToLast {
		return s.endHand(i)
	}
	notes := []rules.Ruling{rules.Rule("WAZABI-WIN-2",
		fmt.Sprintf("%s has no dice left and finishes in place %d; the others play on.", st.Name, len(s.FinishOrder)),
		fmt.Sprintf("%s دیگر تاسی ندارد و نفر %d می شود؛ بقیه بازی را ادامه می دهند.", st.Name, len(s.FinishOrder)))}
	// Cards waiting in front of a player who left can never skip a turn.
	s.PlayedPile += st.Skips
	st.Skips = 0
	if s.active() == 1 {
		last := s.step(i, +1)
		s.FinishOrder = appendCopy(s.FinishOrder, s.Seats[last].PlayerID)
		return append(notes, s.endHand(s.seatOf(s.FinishOrder[0]))...)
	}
	s.Turn.PlayAgain = false
	return append(notes, s.passTurn()...)
}

// endHand scores the hand won by seat w (WAZABI-WIN-1, WAZABI-TEAM-2,
// WAZABI-TOURN-2) and deals the next hand or ends the match.
func (s *State) endHand(w int) []rules.Ruling {
	team := s.teamOf(w)
	inTeam := map[string]bool{}
	for _, id := range team {
		inTeam[id] = true
	}
	row := HandRow{Hand: s.Hand, Winner: s.Seats[w].PlayerID, DiceLeft: make(map[string]int, len(s.Seats))}
	if s.Seats[w].Team != 0 {
		row.WinningTeam = team
	}
	for _, st := range s.Seats {
		row.DiceLeft[st.PlayerID] = st.Dice
		if !inTeam[st.PlayerID] {
			row.Points += st.Dice
		}
	}
	if s.Options.PlayToLast {
		row.FinishOrder = s.FinishOrder
	}
	for i := range s.Seats {
		if inTeam[s.Seats[i].PlayerID] {
			s.Seats[i].Points += row.Points
		}
	}
	s.Played = appendCopy(s.Played, row)

	names := make([]string, len(team))
	for k, id := range team {
		names[k] = s.name(id)
	}
	var note rules.Ruling
	switch {
	case s.Options.PlayToLast:
		note = rules.Rule("WAZABI-WIN-2",
			fmt.Sprintf("Only %s still has dice: the hand is over and every player is ranked.", s.name(s.FinishOrder[len(s.FinishOrder)-1])),
			fmt.Sprintf("فقط %s هنوز تاس دارد: این دست تمام شد و همه ی بازیکنان رتبه بندی شدند.", s.name(s.FinishOrder[len(s.FinishOrder)-1])))
	case s.Seats[w].Team != 0:
		note = rules.Rule("WAZABI-TEAM-2",
			fmt.Sprintf("%s has no dice left: team %s wins hand %d (%d points).", s.Seats[w].Name, strings.Join(names, " & "), s.Hand, row.Points),
			fmt.Sprintf("%s دیگر تاسی ندارد: تیم %s دست %d را برد (%d امتیاز).", s.Seats[w].Name, strings.Join(names, " و "), s.Hand, row.Points))
	default:
		note = rules.Rule("WAZABI-WIN-1",
			fmt.Sprintf("%s got rid of all their dice and wins hand %d (%d points).", s.Seats[w].Name, s.Hand, row.Points),
			fmt.Sprintf("%s از شرّ همه ی تاس هایش خلاص شد و دست %d را برد (%d امتیاز).", s.Seats[w].Name, s.Hand, row.Points))
	}
	notes := []rules.Ruling{note}
	if s.Hand < s.Options.Hands {
		s.startHand(s.Hand + 1)
		notes = append(notes, rules.Rule("WAZABI-TOURN-4",
			fmt.Sprintf("Hand %d of %d is dealt afresh; %s starts unless an opening roll decides otherwise.", s.Hand, s.Options.Hands, s.name(s.Current)),
			fmt.Sprintf("دست %d از %d از نو چیده می شود؛ %s شروع می کند، مگر این که پرتاب آغازین چیز دیگری بگوید.", s.Hand, s.Options.Hands, s.name(s.Current))))
		return notes
	}
	s.Over = true
	s.Turn = Turn{}
	s.Current = ""
	return notes
}
