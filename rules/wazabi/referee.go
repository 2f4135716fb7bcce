package wazabi

import (
	"encoding/json"
	"fmt"

	"github.com/motamed/motamed/rules"
)

func referees() []rules.Referee {
	return []rules.Referee{{
		Question: "turn",
		Summary: "What a roll obliges (cards to draw, dice to give and to whom they may go, which catalogue cards are affordable) " +
			"and whether the chosen card may be played. Body: {dice, cards, rolled:{w, card, give}, play?:{card}, players?}.",
		Example: json.RawMessage(`{"dice":5,"cards":3,"rolled":{"w":2,"card":2,"give":1},"play":{"card":"exchange_dice"},"players":3}`),
		Ask:     askTurn,
	}}
}

// TurnRequest is the body of the turn question: the roller's dice and hand
// before the roll, the roll's counts, an optional card to check and the
// number of players (for the neighbour rule).
type TurnRequest struct {
	Dice    *int       `json:"dice"`
	Cards   *int       `json:"cards"`
	Rolled  *RollCount `json:"rolled"`
	Play    *PlayPick  `json:"play,omitempty"`
	Players *int       `json:"players,omitempty"`
}

// RollCount is a roll as counts of each symbol.
type RollCount struct {
	W    *int `json:"w"`
	Card *int `json:"card"`
	Give *int `json:"give"`
}

// PlayPick names the card the player wants to play.
type PlayPick struct {
	Card string `json:"card"`
}

// TurnAnswer is what the roll obliges and allows.
type TurnAnswer struct {
	// Roll is the accepted roll (it adds up to the dice: WAZABI-TURN-2).
	Roll RollAnswer `json:"roll"`
	Draw DrawAnswer `json:"draw"`
	Give GiveAnswer `json:"give"`
	// Win is set when giving the dice away leaves the player with none.
	Win *rules.Ruling `json:"win,omitempty"`
	// Affordable lists the catalogue cards whose value the W rolled pays.
	Affordable AffordableAnswer `json:"affordable"`
	// Cards is every catalogue card with whether it may be played now.
	Cards []CardOption `json:"cards"`
	// Play checks the chosen card, if any.
	Play *PlayAnswer `json:"play,omitempty"`
}

// RollAnswer echoes the roll.
type RollAnswer struct {
	Dice int    `json:"dice"`
	W    int    `json:"w"`
	Card int    `json:"card"`
	Give int    `json:"give"`
	Rule string `json:"rule"`
}

// DrawAnswer: cards to draw and the hand afterwards.
type DrawAnswer struct {
	Count       int        `json:"count"`
	CardsAfter  int        `json:"cards_after"`
	Rule        string     `json:"rule"`
	Explanation rules.Text `json:"explanation"`
}

// GiveAnswer: dice to give, to whom, and the dice left afterwards.
type GiveAnswer struct {
	Count     int `json:"count"`
	DiceAfter int `json:"dice_after"`
	// MayGoTo is "any_other_player", "left_or_right_neighbour", or
	// "depends_on_players" when players was not sent.
	MayGoTo     string     `json:"may_go_to"`
	Rule        string     `json:"rule"`
	Explanation rules.Text `json:"explanation"`
}

// AffordableAnswer lists card IDs with value <= W rolled (WAZABI-PLAY-2).
type AffordableAnswer struct {
	W     int      `json:"w"`
	Cards []string `json:"cards"`
	Rule  string   `json:"rule"`
}

// CardOption is one catalogue card and whether it may be played this turn.
type CardOption struct {
	Card     string     `json:"card"`
	Name     rules.Text `json:"name"`
	Cost     int        `json:"cost"`
	Effect   rules.Text `json:"effect"`
	Rule     string     `json:"rule"`
	Playable bool       `json:"playable"`
	// Target says the card names another player (card_played's target);
	// Direction that it needs "left" or "right".
	Target    bool `json:"target"`
	Direction bool `json:"direction"`
	// Refusals are the rules that forbid it now (empty when playable).
	Refusals []rules.Ruling `json:"refusals"`
}

// PlayAnswer is the verdict on the chosen card.
type PlayAnswer struct {
	Card  string `json:"card"`
	Legal bool   `json:"legal"`
	// Rule is the rule that decides: the first refusal, or the card's own
	// effect rule when the play is legal.
	Rule    string         `json:"rule"`
	Rulings []rules.Ruling `json:"rulings"`
}

// askTurn answers the turn question.
func askTurn(body json.RawMessage) (any, error) {
	var req TurnRequest
	if err := rules.Decode(body, "", &req); err != nil {
		return nil, err
	}
	var bad rules.Fields
	switch {
	case req.Dice == nil:
		bad.Add("dice", "is required: the dice the player holds before rolling")
	case *req.Dice < 1 || *req.Dice > diceInBox:
		bad.Add("dice", "must be from 1 to 24 (a player with no dice has already won)")
	}
	switch {
	case req.Cards == nil:
		bad.Add("cards", "is required: the cards in the player's hand before rolling")
	case *req.Cards < 0 || *req.Cards > deckSize:
		bad.Add("cards", "must be from 0 to 36")
	}
	if req.Rolled == nil {
		bad.Add("rolled", "is required: {w, card, give}, the number of dice showing each symbol")
	} else {
		for _, f := range []struct {
			name string
			v    *int
		}{{"w", req.Rolled.W}, {"card", req.Rolled.Card}, {"give", req.Rolled.Give}} {
			switch {
			case f.v == nil:
				bad.Add("rolled."+f.name, "is required: the number of dice showing this symbol")
			case *f.v < 0 || *f.v > diceInBox:
				bad.Add("rolled."+f.name, "must be from 0 to 24 (the game has 24 dice)")
			}
		}
	}
	var card Card
	if req.Play != nil {
		var ok bool
		if card, ok = cardByID(req.Play.Card); !ok {
			bad.Add("play.card", "is not a card of the catalogue; use one of "+cardIDs())
		}
	}
	if req.Players != nil && (*req.Players < minPlayers || *req.Players > maxPlayers) {
		bad.Add("players", "must be from 2 to 6 (WAZABI-SETUP-1)")
	}
	if err := bad.Err(); err != nil {
		return nil, err
	}
	roll := Roll{W: *req.Rolled.W, Card: *req.Rolled.Card, Give: *req.Rolled.Give}
	dice, cards := *req.Dice, *req.Cards
	if sum := roll.W + roll.Card + roll.Give; sum != dice {
		return nil, rules.Violate("WAZABI-TURN-2",
			fmt.Sprintf("The player rolls all %d dice, but the roll adds up to %d (%d W + %d card + %d give).", dice, sum, roll.W, roll.Card, roll.Give),
			fmt.Sprintf("بازیکن همه ی %d تاسش را می ریزد، اما جمع علامت ها %d است (%d W + %d کارت + %d دادن تاس).", dice, sum, roll.W, roll.Card, roll.Give))
	}

	ans := TurnAnswer{
		Roll: RollAnswer{Dice: dice, W: roll.W, Card: roll.Card, Give: roll.Give, Rule: "WAZABI-TURN-2"},
		Draw: DrawAnswer{Count: roll.Card, CardsAfter: cards + roll.Card, Rule: "WAZABI-TURN-3",
			Explanation: rules.T(
				fmt.Sprintf("Draw %s, one per card symbol: the hand goes from %d to %d.", nCards(roll.Card), cards, cards+roll.Card),
				fmt.Sprintf("به ازای هر علامت کارت یک کارت بکشید، یعنی %d کارت: دست از %d به %d کارت می رسد.", roll.Card, cards, cards+roll.Card))},
		Give:       giveAnswer(roll.Give, dice, req.Players),
		Affordable: AffordableAnswer{W: roll.W, Cards: []string{}, Rule: "WAZABI-PLAY-2"},
		Cards:      make([]CardOption, 0, len(catalogue)),
	}
	winsNow := roll.Give == dice
	if winsNow {
		r := rules.Rule("WAZABI-WIN-1",
			"Giving away these dice leaves the player with none: they win at once, and the rest of the turn is not played.",
			"با دادن این تاس ها دیگر تاسی برای بازیکن نمی ماند: همان لحظه برنده می شود و بقیه ی نوبت بازی نمی شود.")
		ans.Win = &r
	}
	for _, c := range catalogue {
		if c.Cost <= roll.W {
			ans.Affordable.Cards = append(ans.Affordable.Cards, c.ID)
		}
		refusals := refusalsFor(c, roll, cards+roll.Card, winsNow)
		ans.Cards = append(ans.Cards, CardOption{Card: c.ID, Name: c.Name, Cost: c.Cost, Effect: c.Effect, Rule: c.Rule,
			Playable: len(refusals) == 0, Target: c.Target, Direction: c.Direction, Refusals: refusals})
	}
	if req.Play != nil {
		refusals := refusalsFor(card, roll, cards+roll.Card, winsNow)
		p := &PlayAnswer{Card: card.ID, Legal: len(refusals) == 0, Rulings: refusals}
		if p.Legal {
			p.Rule = card.Rule
			p.Rulings = []rules.Ruling{rules.Rule(card.Rule,
				fmt.Sprintf("%s may be played: it costs %d W and the roll shows %d. %s", card.Name.EN, card.Cost, roll.W, card.Effect.EN),
				fmt.Sprintf("کارت «%s» را می شود بازی کرد: ارزشش %d W است و تاس ها %d W آورده اند. %s", card.Name.FA, card.Cost, roll.W, card.Effect.FA))}
		} else {
			p.Rule = refusals[0].Rule
		}
		ans.Play = p
	}
	return ans, nil
}

// refusalsFor lists the rules that forbid playing c now.
func refusalsFor(c Card, roll Roll, cardsAfterDraw int, winsNow bool) []rules.Ruling {
	if winsNow {
		return []rules.Ruling{rules.Rule("WAZABI-WIN-3",
			"The player has no dice left after giving and has already won; no card is played.",
			"بازیکن بعد از دادن تاس ها دیگر تاسی ندارد و برنده شده است؛ کارتی بازی نمی شود.")}
	}
	refusals := []rules.Ruling(playLegality(c, roll, cardsAfterDraw, "the player", "بازیکن"))
	if refusals == nil {
		refusals = []rules.Ruling{}
	}
	return refusals
}

// giveAnswer says how many dice go and to whom they may go.
func giveAnswer(give, dice int, players *int) GiveAnswer {
	g := GiveAnswer{Count: give, DiceAfter: dice - give}
	switch {
	case players == nil:
		g.MayGoTo, g.Rule = "depends_on_players", "WAZABI-NEIGHBOUR-1"
		g.Explanation = rules.T(
			fmt.Sprintf("Give %s away, one by one: with 4 to 6 players only to the left or right neighbour, with 2 or 3 players to any other player; never to yourself.", nDice(give)),
			fmt.Sprintf("%d تاس را یکی یکی بدهید: با 4 تا 6 بازیکن فقط به نفر سمت چپ یا راست، با 2 یا 3 بازیکن به هر بازیکن دیگر؛ هرگز به خودتان.", give))
	case *players >= 4:
		g.MayGoTo, g.Rule = "left_or_right_neighbour", "WAZABI-NEIGHBOUR-1"
		g.Explanation = rules.T(
			fmt.Sprintf("Give %s away, each to your left or right neighbour (%d players).", nDice(give), *players),
			fmt.Sprintf("%d تاس را بدهید، هر کدام به نفر سمت چپ یا سمت راستتان (%d بازیکن).", give, *players))
	default:
		g.MayGoTo, g.Rule = "any_other_player", "WAZABI-TURN-4"
		g.Explanation = rules.T(
			fmt.Sprintf("Give %s away, each to any other player of your choice.", nDice(give)),
			fmt.Sprintf("%d تاس را بدهید، هر کدام به هر بازیکن دیگری که خواستید.", give))
	}
	return g
}
