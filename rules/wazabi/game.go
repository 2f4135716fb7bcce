// Package wazabi referees Wazabi (Gigamic; seed 003): a dice-and-card game
// where each player tries to get rid of all their dice. The referee keeps the
// public counts a table gets wrong — dice and cards per player, the draw and
// played piles, skipped turns, the direction of play — and checks every roll,
// gift and card against the rules, with team play and tournaments over
// several hands.
package wazabi

import (
	"encoding/json"
	"fmt"

	"github.com/motamed/motamed/rules"
)

// seedFile is the Persian rulebook this package follows.
const seedFile = "003_b4695cb1622e7f93.txt"

type game struct{}

// New returns the Wazabi game.
func New() rules.Game { return game{} }

func (game) Info() rules.Info {
	return rules.Info{
		ID:         "wazabi",
		Name:       "Wazabi",
		NameFA:     "وازابی",
		MinPlayers: minPlayers,
		MaxPlayers: maxPlayers,
		Options: []rules.OptionDoc{
			{Name: "starting_dice",
				Label: rules.T("Dice per player", "تاسِ هر بازیکن"),
				Hint:  rules.T("At most 24 ÷ players.", "حداکثر ۲۴ ÷ تعدادِ بازیکنان."),
				Type:  "integer", Default: defaultDice,
				Description: "Dice each player starts every hand with (WAZABI-LENGTH-1); from 1 up to 24 / players (WAZABI-LENGTH-2: 12 with 2 players, 8 with 3, 6 with 4, 4 with 5 or 6)."},
			{Name: "neighbours_only",
				Label:       rules.T("Dice to neighbours only", "تاس فقط به همسایه"),
				Hint:        rules.T("Default: yes with 4 to 6 players, no with 2 or 3.", "پیش‌فرض: بله با ۴ تا ۶ بازیکن، نه با ۲ یا ۳."),
				Type:        "boolean",
				Description: "A die showing the give symbol may go only to the left or right neighbour (WAZABI-NEIGHBOUR-1). Default: true with 4 to 6 players, false with 2 or 3."},
			{Name: "teams",
				Label:       rules.T("Teams", "تیم‌ها"),
				Hint:        rules.T("Only with 4 or 6 players: a team wins when one of its players has no dice.", "فقط با ۴ یا ۶ بازیکن: تیمی می‌بَرد که یکی از بازیکنانش تاسی نداشته باشد."),
				Type:        "array",
				Description: "Team play (WAZABI-TEAM-1): pairs of player IDs, e.g. [[\"p1\",\"p3\"],[\"p2\",\"p4\"]], every player in exactly one pair; only with 4 or 6 players. A team wins the hand as soon as one of its players has no dice (WAZABI-TEAM-2). Default: no teams."},
			{Name: "play_to_last",
				Label: rules.T("Play to the last player", "بازی تا نفرِ آخر"),
				Hint:  rules.T("Play on until one player still has dice; not with teams or several hands.", "بازی ادامه دارد تا فقط یک نفر تاس داشته باشد؛ نه با تیم یا چند دست."),
				Type:  "boolean", Default: false,
				Description: "Keep playing after the first player is out until only one player still has dice; the finishing order becomes the placements (WAZABI-WIN-2). Not with teams or with hands > 1."},
			{Name: "hands",
				Label: rules.T("Hands", "تعدادِ دست‌ها"),
				Hint:  rules.T("More than 1 is a tournament: a point per die the others still hold.", "بیش از ۱ یعنی مسابقه: یک امتیاز به ازای هر تاسِ باقی‌مانده‌ی دیگران."),
				Type:  "integer", Default: 1,
				Description: "Tournament of this many hands (WAZABI-TOURN-1, 1 to 100). Each hand is a fresh deal; its winner (team) scores 1 point per die still held by each opponent (WAZABI-TOURN-2); most points wins (WAZABI-TOURN-3). With hands > 1, scores.totals are tournament points, otherwise the dice each player holds."},
			{Name: "first_player",
				Label:       rules.T("Who starts", "شروع‌کننده"),
				Hint:        rules.T("Left empty, the opening roll decides: most W starts.", "اگر خالی بماند، تاس‌اندازیِ آغاز تعیین می‌کند: بیشترین W شروع می‌کند."),
				Type:        "string",
				Description: "Player ID of the player who starts the first hand. If omitted, an opening_roll decides (most W starts), or the first seat starts. Later hands: an opening_roll, or the seat after the previous hand's starter."},
		},
		Events: []rules.EventDoc{
			{Type: "opening_roll", Description: "Optional, before the first roll of a hand: every player's W count in the opening roll, {w:{player_id: n}}. The most W starts (WAZABI-SETUP-5); tied players roll again and are recorded in a new opening_roll naming only them (WAZABI-SETUP-6). Not allowed in hand 1 when first_player is set.",
				Example: json.RawMessage(`{"w":{"p1":2,"p2":1,"p3":0}}`)},
			{Type: "rolled", Description: "The player whose turn it is rolled all their dice: counts of W, card and give symbols, {player, w, card, give}, adding up to the dice they hold (WAZABI-TURN-2).",
				Example: json.RawMessage(`{"player":"p1","w":2,"card":1,"give":1}`)},
			{Type: "cards_drawn", Description: "The player drew cards, {player, count, from?}: count equals the card symbols rolled, or 3 after Draw 3 (WAZABI-TURN-3, WAZABI-DRAW3-1). Cards come from the draw pile; when it is empty the played pile is reshuffled (WAZABI-PILE-2); when both are empty each further card is taken at random from the opponent named in from (one player ID per such card, WAZABI-PILE-3). If no card is left anywhere, count is the number actually drawn.",
				Example: json.RawMessage(`{"player":"p1","count":1}`)},
			{Type: "dice_given", Description: "The player handed over one die per give symbol rolled, {player, to:[player_id, ...]}: one target per die, never themself (WAZABI-TURN-4), only the left or right neighbour when neighbours_only (WAZABI-NEIGHBOUR-1). Recorded after the cards are drawn (WAZABI-TURN-6).",
				Example: json.RawMessage(`{"player":"p1","to":["p2"]}`)},
			{Type: "card_played", Description: "The player played one card, {player, card, target?, direction?}, after drawing and giving: at most one a turn (WAZABI-PLAY-1), costing no more W than rolled (WAZABI-PLAY-2). card is a catalogue ID: miss_a_turn, reverse, draw_3, hand_limit_1, lose_a_die, steal_a_card, exchange_hands, hand_limit_2, pass_cards, pass_dice, exchange_dice, lose_2_dice. target (another player still in) is required by miss_a_turn, hand_limit_1, steal_a_card, exchange_hands, exchange_dice; direction (\"left\" or \"right\") by pass_cards and pass_dice. The effect is applied to the counts at once.",
				Example: json.RawMessage(`{"player":"p1","card":"miss_a_turn","target":"p3"}`)},
			{Type: "turn_ended", Description: "The player ended their turn, {player}, after drawing and giving everything the roll asked for. The turn passes in the direction of play; players with a Miss-a-turn card in front of them are skipped (WAZABI-SKIP-1); after Reverse the same player plays again.",
				Example: json.RawMessage(`{"player":"p1"}`)},
		},
	}
}

func (game) Catalog() []rules.RuleEntry { return catalog() }

// Cards is the game's card list (DECISIONS.md): what a table picks from when
// it records card_played, with each card's cost and effect in English and
// Persian.
func (game) Cards() []rules.Card {
	out := make([]rules.Card, len(catalogue))
	for i, c := range catalogue {
		out[i] = rules.Card(c)
	}
	return out
}

func (game) Referees() []rules.Referee { return referees() }

// Setup seats the players, checks the options and deals the first hand.
func (game) Setup(players []rules.Player, raw json.RawMessage) (rules.State, any, error) {
	n := len(players)
	if n < minPlayers || n > maxPlayers {
		return nil, nil, rules.Violate("WAZABI-SETUP-1",
			fmt.Sprintf("Wazabi is played by 2 to 6 players, not %d.", n),
			fmt.Sprintf("وازابی را 2 تا 6 نفر بازی می کنند، نه %d نفر.", n))
	}
	seen := map[string]bool{}
	for i, p := range players {
		if p.ID == "" || seen[p.ID] {
			return nil, nil, rules.Invalid(fmt.Sprintf("players[%d]", i), "must be a distinct, non-empty player ID")
		}
		seen[p.ID] = true
	}
	opts, err := parseOptions(players, raw)
	if err != nil {
		return nil, nil, err
	}
	s := &State{Options: opts, Seats: make([]Seat, n), Played: []HandRow{}}
	for i, p := range players {
		s.Seats[i] = Seat{PlayerID: p.ID, Name: p.Name}
	}
	for t, pair := range opts.Teams {
		for _, id := range pair {
			s.Seats[s.seatOf(id)].Team = t + 1
		}
	}
	s.startHand(1)
	s.refreshPhase()
	return s, opts, nil
}

// startHand deals hand h: full dice, 3 cards each, fresh piles
// (WAZABI-TOURN-4), clockwise play, and the hand's starter.
func (s *State) startHand(h int) {
	n := len(s.Seats)
	for i := range s.Seats {
		st := &s.Seats[i]
		st.Dice, st.Cards, st.Skips, st.Out = s.Options.StartingDice, cardsDealt, 0, false
	}
	s.Hand = h
	s.DrawPile = deckSize - cardsDealt*n
	s.PlayedPile = 0
	s.DiceOutOfPlay = 0
	s.DiceInBox = diceInBox - n*s.Options.StartingDice
	s.Direction = clockwise
	s.Reroll, s.LastSkipped, s.FinishOrder = nil, nil, nil
	starter := 0
	switch {
	case h == 1 && s.Options.FirstPlayer != "":
		starter = s.seatOf(s.Options.FirstPlayer)
	case h > 1:
		starter = (s.seatOf(s.HandStarter) + 1) % n
	}
	s.OpeningOpen = h > 1 || s.Options.FirstPlayer == ""
	s.HandStarter = s.Seats[starter].PlayerID
	s.beginTurn(starter)
}

// beginTurn hands the turn to seat i with nothing done yet.
func (s *State) beginTurn(i int) {
	s.Current = s.Seats[i].PlayerID
	s.Turn = Turn{Player: s.Current}
}

// Apply checks one event against s and returns the next state.
func (game) Apply(st rules.State, ev rules.Event) (rules.State, []rules.Ruling, error) {
	s, ok := st.(*State)
	if !ok || s == nil {
		return nil, nil, fmt.Errorf("wazabi: state of type %T is not a Wazabi state", st)
	}
	if s.Over {
		return nil, nil, fmt.Errorf("%w: the Wazabi match has ended", rules.ErrFinished)
	}
	var (
		next  *State
		notes []rules.Ruling
		err   error
	)
	switch ev.Type {
	case "opening_roll":
		next, notes, err = applyOpeningRoll(s, ev.Data)
	case "rolled":
		next, notes, err = applyRolled(s, ev.Data)
	case "cards_drawn":
		next, notes, err = applyCardsDrawn(s, ev.Data)
	case "dice_given":
		next, notes, err = applyDiceGiven(s, ev.Data)
	case "card_played":
		next, notes, err = applyCardPlayed(s, ev.Data)
	case "turn_ended":
		next, notes, err = applyTurnEnded(s, ev.Data)
	default:
		return nil, nil, fmt.Errorf("%w: %q", rules.ErrUnknownEvent, ev.Type)
	}
	if err != nil {
		return nil, nil, err
	}
	next.refreshPhase()
	return next, notes, nil
}
