// Package silver keeps score for Silver (Ted Alspach; Persian edition by
// Gamebuzz) and referees what a table can record of it: census calls, turn
// order after a census, the villages revealed at each round's end, the round
// scores, the silver amulet and both end models. Rule IDs and defaults follow
// shared/rules/silver.md and shared/rules/DECISIONS.md.
package silver

import (
	"encoding/json"
	"fmt"

	"github.com/motamed/motamed/rules"
)

// SeedFile is the Persian rulebook this package implements.
const SeedFile = "000_10f766c2fbcc3d1f.txt"

// Event types.
const (
	EventRoundStarted = "round_started"
	EventCensusCalled = "census_called"
	EventTurnTaken    = "turn_taken"
	EventRoundEnded   = "round_ended"
)

type game struct{}

// New returns the Silver game.
func New() rules.Game { return game{} }

func (game) Info() rules.Info {
	return rules.Info{
		ID:         "silver",
		Name:       "Silver",
		NameFA:     "سیلور (طلسم محافظ نقره‌ای)",
		MinPlayers: 2,
		MaxPlayers: 4,
		Options: []rules.OptionDoc{
			{Name: "end",
				Label:   rules.T("End of the game", "پایانِ بازی"),
				Hint:    rules.T("Playing to 100, an exact 100 falls to 50 once per player.", "در بازی تا ۱۰۰، ۱۰۰ِ دقیق یک بار برای هر بازیکن ۵۰ می‌شود."),
				Choices: map[string]rules.Text{endRounds: rules.T("After a number of rounds", "پس از چند دور"), endPoints: rules.T("When someone reaches 100", "وقتی کسی به ۱۰۰ برسد")},
				Type:    "string", Default: endRounds, Enum: []string{endRounds, endPoints},
				Description: "How the game ends: \"rounds\" after a fixed number of rounds (SILVER-END-1), or \"points\" at the end of the first round that leaves someone at 100 or more (SILVER-POINTS-2), with the score jump (an exact 100 becomes 50 once per player)."},
			{Name: "rounds",
				Label: rules.T("Rounds", "تعدادِ دورها"),
				Hint:  rules.T("For a game of rounds, 1 to 50 (the rulebook says 4 or 7).", "برای بازیِ چند دوری، از ۱ تا ۵۰ (دفترچه ۴ یا ۷ می‌گوید)."),
				Type:  "integer", Default: defaultRounds,
				Description: "Rounds in a \"rounds\" game, 1 to 50. The rulebook's Objective says 4 and its End section 7 (AMB-1). Not allowed with end \"points\"."},
			{Name: "kamikaze",
				Label:       rules.T("Kamikaze", "کامیکازه"),
				Hint:        rules.T("Two 12s and two 13s: 0 for that village, 50 for everyone else.", "دو ۱۲ و دو ۱۳: صفر برای آن دهکده و ۵۰ برای بقیه."),
				Type:        "boolean",
				Description: "Kamikaze (SILVER-POINTS-7): a village of exactly two 12s and two 13s scores 0 and every other player scores 50 that round. Default: on with end \"points\", off with end \"rounds\"."},
			{Name: "first_player",
				Label:       rules.T("Start player of round 1", "شروع‌کننده‌ی دورِ ۱"),
				Hint:        rules.T("Later rounds start with the amulet holder.", "دورهای بعد را دارنده‌ی طلسم شروع می‌کند."),
				Type:        "string",
				Description: "Player ID of the start player of round 1, as the table agreed (SILVER-SETUP-8). Default: the first seat. Later rounds start with the amulet holder."},
		},
		Events: []rules.EventDoc{
			{Type: EventRoundStarted,
				Description: "The cards are dealt and a round begins. Optional fields are checked: round (the round due now) and first_player (round 1: the agreed start player; later rounds: the amulet holder). Round 1 is in play from the match's creation; a later round also starts with its first census or recorded turn.",
				Example:     json.RawMessage(`{"round":1,"first_player":"p1"}`)},
			{Type: EventCensusCalled,
				Description: "player calls a census with village_size cards in their village (at most 4, SILVER-CENSUS-1). Only one per round; when the table records turns, only on the caller's turn, unless implied_turns is true: then every player from the next recorded turn up to the caller is taken to have had their turn, unrecorded. It is the caller's whole turn; every other player then has exactly one more turn.",
				Example:     json.RawMessage(`{"player":"p1","village_size":3}`)},
			{Type: EventTurnTaken,
				Description: "Optional turn-by-turn record: player took a turn (action: draw, discard or census; census needs village_size and counts as census_called). Once a round has recorded turns, turn order is enforced and the round cannot end by census before every other player has had their extra turn.",
				Example:     json.RawMessage(`{"player":"p2","action":"draw"}`)},
			{Type: EventRoundEnded,
				Description: "The round ended (reason: census, deck_empty or villagers) and every village is revealed: villages maps each player ID to all its card values (0 to 13). The round is scored, the amulet awarded and the end of the game checked.",
				Example:     json.RawMessage(`{"villages":{"p1":[3,0,4],"p2":[2,5,6,1]},"reason":"census"}`)},
		},
	}
}

func (game) Catalog() []rules.RuleEntry { return catalog() }

func (game) Referees() []rules.Referee { return referees() }

func (game) Setup(players []rules.Player, raw json.RawMessage) (rules.State, any, error) {
	if n := len(players); n < 2 || n > 4 {
		return nil, nil, rules.Violate("SILVER-SETUP-1",
			fmt.Sprintf("Silver is played by 2, 3 or 4 players, not %d.", n),
			fmt.Sprintf("سیلور را 2، 3 یا 4 نفر بازی می‌کنند، نه %d نفر.", n))
	}
	var f rules.Fields
	seats := make([]string, len(players))
	for i, p := range players {
		switch {
		case p.ID == "":
			f.Add(fmt.Sprintf("players[%d].id", i), "is required")
		case seatIndex(seats[:i], p.ID) >= 0:
			f.Add(fmt.Sprintf("players[%d].id", i), fmt.Sprintf("%q is seated twice", p.ID))
		}
		seats[i] = p.ID
	}
	if err := f.Err(); err != nil {
		return nil, nil, err
	}
	opts, err := parseOptions(raw, seats)
	if err != nil {
		return nil, nil, err
	}
	totals := make(map[string]int, len(players))
	for _, id := range seats {
		totals[id] = 0
	}
	st := &State{
		Players:       append([]rules.Player(nil), players...),
		Options:       opts,
		Phase:         phaseInPlay,
		Round:         1,
		FirstPlayer:   opts.FirstPlayer,
		Totals:        totals,
		ScoreJumpUsed: map[string]bool{},
		History:       []RoundRow{},
	}
	return st, opts, nil
}

func (game) Apply(s rules.State, ev rules.Event) (rules.State, []rules.Ruling, error) {
	st, ok := s.(*State)
	if !ok || st == nil {
		return nil, nil, fmt.Errorf("silver: cannot apply %q to a %T state", ev.Type, s)
	}
	if st.Phase == phaseFinished {
		return nil, nil, fmt.Errorf("%w: %q after the last round was scored", rules.ErrFinished, ev.Type)
	}
	switch ev.Type {
	case EventRoundStarted:
		return st.roundStarted(ev.Data)
	case EventCensusCalled:
		return st.censusCalled(ev.Data)
	case EventTurnTaken:
		return st.turnTaken(ev.Data)
	case EventRoundEnded:
		return st.roundEnded(ev.Data)
	default:
		return nil, nil, fmt.Errorf("%w: %q", rules.ErrUnknownEvent, ev.Type)
	}
}
