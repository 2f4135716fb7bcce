package silver

import (
	"fmt"
	"maps"
	"slices"

	"github.com/motamed/motamed/rules"
)

// Phases of a match.
const (
	// phaseInPlay: a round is being played (round 1 from the moment the
	// match is created).
	phaseInPlay = "round_in_play"
	// phasePending: the last round was scored; the next one starts with
	// round_started, or with its first census call or recorded turn.
	phasePending  = "round_pending"
	phaseFinished = "finished"
)

// State is a Silver match: seats, the round in play, the census, the amulet,
// the running totals and every scored round.
type State struct {
	Players []rules.Player `json:"players"`
	Options Options        `json:"options"`
	Phase   string         `json:"phase"`
	// Round is the round in play, the next round when pending, or the last
	// round when finished.
	Round int `json:"round"`
	// FirstPlayer starts Round: the agreed player in round 1, then the
	// amulet holder (SILVER-NEWROUND-4).
	FirstPlayer string `json:"first_player"`
	// AmuletHolder holds the amulet; nobody in round 1 (AMB-7).
	AmuletHolder string  `json:"amulet_holder,omitempty"`
	Census       *Census `json:"census"`
	// TurnsRecorded counts turn_taken events this round; once the table
	// records turns, the referee enforces their order.
	TurnsRecorded int `json:"turns_recorded"`
	// NextTurn is whose turn it is, once recorded turns or a census tell.
	NextTurn string `json:"next_turn,omitempty"`
	// Totals are the running totals: penalty points, lower is better.
	Totals map[string]int `json:"totals"`
	// ScoreJumpUsed lists who already had an exact 100 turned into 50
	// (points model, SILVER-POINTS-6).
	ScoreJumpUsed map[string]bool `json:"score_jump_used"`
	History       []RoundRow      `json:"-"` // the score sheet: served as scores.rounds, not repeated in the state
	Outcome       *rules.Result   `json:"result"`
}

// Census is this round's census call.
type Census struct {
	Caller      string `json:"caller"`
	VillageSize int    `json:"village_size"`
	// OwedTurns lists, in order, the players who still have their one
	// extra turn (counted down only when the table records turns).
	OwedTurns []string `json:"owed_turns"`
}

// RoundRow is one scored round, as the score pad shows it.
type RoundRow struct {
	Round       int    `json:"round"`
	FirstPlayer string `json:"first_player"`
	// Reason is why the round ended: census, deck_empty or villagers.
	Reason string `json:"reason"`
	// CensusBy is the census caller ("" if none); CensusLowest says whether
	// the caller's sum was the lowest (round score 0) or not (sum + 10).
	CensusBy     string           `json:"census_by,omitempty"`
	CensusLowest bool             `json:"census_lowest,omitempty"`
	Villages     map[string][]int `json:"villages"`
	Sums         map[string]int   `json:"sums"`
	// Kamikaze names the player whose Kamikaze set every round score.
	Kamikaze string         `json:"kamikaze,omitempty"`
	Points   map[string]int `json:"points"`
	// ScoreJumps lists who went from exactly 100 to 50 this round.
	ScoreJumps []string       `json:"score_jumps,omitempty"`
	Totals     map[string]int `json:"totals"`
	// AmuletHolder holds the amulet after this round and starts the next;
	// AmuletRule is the rule that gave it.
	AmuletHolder string `json:"amulet_holder"`
	AmuletRule   string `json:"amulet_rule"`
}

// Scores returns the running totals and every scored round.
func (s *State) Scores() rules.Scores {
	rows := s.History
	if rows == nil {
		rows = []RoundRow{}
	}
	return rules.Scores{Totals: maps.Clone(s.Totals), Rounds: rows}
}

// Result is nil until the last round is scored.
func (s *State) Result() *rules.Result { return s.Outcome }

// clone copies what Apply may change. Players, rows and results are never
// modified once stored, so they are shared.
func (s *State) clone() *State {
	c := *s
	if s.Census != nil {
		cc := *s.Census
		cc.OwedTurns = slices.Clone(s.Census.OwedTurns)
		c.Census = &cc
	}
	c.Totals = maps.Clone(s.Totals)
	c.ScoreJumpUsed = maps.Clone(s.ScoreJumpUsed)
	c.History = slices.Clone(s.History)
	return &c
}

func (s *State) seats() []string {
	ids := make([]string, len(s.Players))
	for i, p := range s.Players {
		ids[i] = p.ID
	}
	return ids
}

func (s *State) isPlayer(id string) bool {
	for _, p := range s.Players {
		if p.ID == id {
			return true
		}
	}
	return false
}

// name is the player's name for messages (the ID if the name is empty).
func (s *State) name(id string) string {
	for _, p := range s.Players {
		if p.ID == id {
			if p.Name != "" {
				return p.Name
			}
			return p.ID
		}
	}
	return id
}

func (s *State) names(ids []string) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = s.name(id)
	}
	return out
}

// roundHasEvents reports whether anything was recorded in the round in play.
func (s *State) roundHasEvents() bool { return s.TurnsRecorded > 0 || s.Census != nil }

// expectedTurn is whose turn it is: known from recorded turns or a census,
// else the round's start player (SILVER-TURN-1).
func (s *State) expectedTurn() string {
	if s.NextTurn != "" {
		return s.NextTurn
	}
	return s.FirstPlayer
}

// Next says what the table should record next.
func (s *State) Next() rules.Text {
	switch {
	case s.Phase == phaseFinished:
		return rules.Text{}
	case s.Phase == phasePending:
		who := s.name(s.FirstPlayer)
		return rules.T(
			fmt.Sprintf("Round %d: shuffle and deal 5 cards to every village; %s holds the amulet and starts. Record the start of the round.", s.Round, who),
			fmt.Sprintf("دور %d: کارت‌ها را بر بزنید و به هر دهکده 5 کارت بدهید؛ %s طلسم محافظ نقره‌ای را دارد و بازی را آغاز می‌کند. شروعِ دور را ثبت کنید.", s.Round, who))
	case s.Census != nil && s.TurnsRecorded > 0 && len(s.Census.OwedTurns) > 0:
		caller, owed := s.name(s.Census.Caller), s.names(s.Census.OwedTurns)
		return rules.T(
			fmt.Sprintf("Round %d: %s called a census; %s still have one more turn each. Next: %s.", s.Round, caller, listEN(owed), owed[0]),
			fmt.Sprintf("دور %d: %s تقاضای سرشماری کرده است؛ %s هر کدام یک نوبت دیگر دارند. نوبت بعدی: %s.", s.Round, caller, listFA(owed), owed[0]))
	case s.Census != nil && s.TurnsRecorded > 0:
		caller := s.name(s.Census.Caller)
		return rules.T(
			fmt.Sprintf("Round %d: everyone has had their extra turn after %s's census. Record the end of the round with every village.", s.Round, caller),
			fmt.Sprintf("دور %d: پس از سرشماری %s، همه نوبت اضافی‌شان را بازی کرده‌اند. پایانِ دور را با کارت‌های همه‌ی دهکده‌ها ثبت کنید.", s.Round, caller))
	case s.Census != nil:
		caller := s.name(s.Census.Caller)
		return rules.T(
			fmt.Sprintf("Round %d: %s called a census; every other player has one more turn, then record the end of the round with every village.", s.Round, caller),
			fmt.Sprintf("دور %d: %s تقاضای سرشماری کرده است؛ بقیه‌ی بازیکنان هر کدام یک نوبت دیگر بازی می‌کنند، سپس پایانِ دور را با کارت‌های همه‌ی دهکده‌ها ثبت کنید.", s.Round, caller))
	case s.TurnsRecorded > 0:
		who := s.name(s.expectedTurn())
		return rules.T(
			fmt.Sprintf("Round %d: %s's turn: record the turn, or a census call; record the end of the round if the deck runs out or both Villagers are face-up.", s.Round, who),
			fmt.Sprintf("دور %d: نوبت %s است: نوبت یا تقاضای سرشماری را ثبت کنید؛ اگر ستون کارت‌ها خالی شد یا هر دو دهاتی رو شدند، پایانِ دور را ثبت کنید.", s.Round, who))
	default:
		who := s.name(s.FirstPlayer)
		return rules.T(
			fmt.Sprintf("Round %d is in play; %s starts. Record a census when someone calls one, and the end of the round with every village when it ends.", s.Round, who),
			fmt.Sprintf("دور %d در جریان است و %s آغازکننده است. هر وقت کسی تقاضای سرشماری کرد آن را ثبت کنید و در پایان دور، پایانِ دور را با کارت‌های همه‌ی دهکده‌ها.", s.Round, who))
	}
}
