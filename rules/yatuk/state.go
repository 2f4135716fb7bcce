package yatuk

import (
	"encoding/json"
	"slices"

	"github.com/motamed/motamed/rules"
)

// The phases of a turn.
const (
	PhaseActions  = "actions"         // the current player acts
	PhaseForced   = "forced_battle"   // a forced battle must be resolved first
	PhaseDeclared = "declared_battle" // a declared battle awaits its result
	PhaseFinished = "finished"
)

// State is a Yatuk match. It is never modified once returned: Apply clones.
type State struct {
	Options Options       `json:"options"`
	Players []PlayerState `json:"players"`
	// Hand is the league hand (always 1 in standard mode, YATUK-ADV-1).
	Hand int `json:"hand"`
	// Turn counts turns within the hand, from 1.
	Turn        int    `json:"turn"`
	FirstPlayer string `json:"first_player"`
	Current     string `json:"current_player"`
	Phase       string `json:"phase"`
	// ActionsLeft counts the current player's remaining actions
	// (YATUK-TURN-3, YATUK-TWO-1, -7); ExtraPlaysLeft the plays a spell granted
	// on top of them (YATUK-SPELL-3).
	ActionsLeft    int     `json:"actions_left"`
	ExtraPlaysLeft int     `json:"extra_plays_left"`
	ThisTurn       TurnLog `json:"this_turn"`
	// LastTurn is the turn that ended last, so a player who acts again after
	// their turn passed is told why it ended.
	LastTurn *TurnSummary `json:"last_turn"`
	// FullAtTurnStart lists the lands where the current player's column was
	// full when their actions began (YATUK-BATTLE-1, YATUK-TWO-8).
	FullAtTurnStart []Land         `json:"full_at_turn_start"`
	PendingBattle   *PendingBattle `json:"pending_battle"`
	// ForcedQueue lists further forced battles due at this turn start, in
	// land order (YATUK-BATTLE-6).
	ForcedQueue []Land      `json:"forced_queue"`
	Lands       []LandState `json:"lands"`
	Gems        []GemState  `json:"gems"`
	// DrawPile counts the cards left in the three decks (YATUK-DRAW-6).
	DrawPile int `json:"draw_pile"`
	// Passes counts consecutive passes by players with no card (YATUK-AMB-14).
	Passes      int          `json:"passes"`
	Battles     []BattleRow  `json:"-"` // the score sheet: served as scores.rounds, not repeated in the state
	HandResults []HandResult `json:"hand_results"`
	Finished    bool         `json:"finished"`
	// EndRule is the rule that ended the match.
	EndRule string `json:"end_rule,omitempty"`
}

// PlayerState is one seat.
type PlayerState struct {
	ID              string `json:"id"`
	Name            string `json:"name"`
	Seat            int    `json:"seat"`
	HandSize        int    `json:"hand_size"`
	BattlesDeclared int    `json:"battles_declared"`
	Gems            []Gem  `json:"gems"`
	// CarrierPower is the printed power of the wizards carrying their gems
	// (YATUK-END-3).
	CarrierPower int `json:"carrier_power"`
}

// TurnLog is what the current player has done this turn.
type TurnLog struct {
	Plays    int    `json:"plays"`
	Burns    int    `json:"burns"`
	Declared []Land `json:"declared"`
	Last     string `json:"last_action,omitempty"` // play | burn | declare
}

// TurnSummary is how a finished turn ended.
type TurnSummary struct {
	Player string `json:"player"`
	Turn   int    `json:"turn"`
	Last   string `json:"last_action,omitempty"`
}

// PendingBattle is a battle waiting for battle_resolved.
type PendingBattle struct {
	Land          Land       `json:"land"`
	Type          BattleType `json:"type"`
	CurrentPlayer string     `json:"current_player"`
	DeclaredBy    string     `json:"declared_by,omitempty"`
}

// LandState is one land and the columns at it.
type LandState struct {
	Land     Land     `json:"land"`
	Gem      Gem      `json:"gem"`
	Capacity int      `json:"capacity"`
	Active   bool     `json:"active"`
	Armies   []Column `json:"armies"` // one per seat
}

// Column is one player's army at a land. Face-down cards recorded with
// their identity stay hidden in the state (YATUK-ARMY-12).
type Column struct {
	Player string
	slots  []slot
}

type slot struct {
	known bool
	card  Card
}

type columnView struct {
	Player   string     `json:"player"`
	Size     int        `json:"size"`
	FaceUp   []cardView `json:"face_up"`
	FaceDown int        `json:"face_down"`
}

// MarshalJSON shows the face-up cards and the number of face-down ones.
// The cards go in as their views, as Card.MarshalJSON writes them: a
// MarshalJSON inside another is encoded and then checked and copied again.
func (c Column) MarshalJSON() ([]byte, error) {
	v := columnView{Player: c.Player, Size: len(c.slots), FaceUp: []cardView{}}
	for i, s := range c.slots {
		if i < 2 && s.known {
			v.FaceUp = append(v.FaceUp, s.card.view())
		} else {
			v.FaceDown++
		}
	}
	return json.Marshal(v)
}

// GemState is one gem: where it lies or who holds it, and its carrier.
type GemState struct {
	Gem     Gem      `json:"gem"`
	Land    Land     `json:"land"`
	Holder  string   `json:"holder,omitempty"`
	Carrier *Carrier `json:"carrier"`
}

// BattleRow is one resolved battle, the score sheet's row.
type BattleRow struct {
	Hand          int            `json:"hand"`
	Number        int            `json:"number"`
	Land          Land           `json:"land"`
	Gem           Gem            `json:"gem"`
	Type          BattleType     `json:"type"`
	CurrentPlayer string         `json:"current_player"`
	Strengths     map[string]int `json:"strengths"`
	// Removed lists, per player, the positions the chain check removed.
	Removed   map[string][]int `json:"removed"`
	Winner    string           `json:"winner"`
	Rule      string           `json:"rule"`
	Carrier   *Carrier         `json:"carrier"`
	TakenFrom string           `json:"taken_from,omitempty"`
}

// HandResult is the ranking at the end of one league hand (YATUK-ADV-7).
type HandResult struct {
	Hand       int               `json:"hand"`
	Gems       map[string]int    `json:"gems"`
	Placements []rules.Placement `json:"placements"`
	Winners    []string          `json:"winners"`
	EndRule    string            `json:"end_rule"`
}

func (s *State) clone() *State {
	c := *s
	c.Players = slices.Clone(s.Players)
	for i := range c.Players {
		c.Players[i].Gems = slices.Clone(s.Players[i].Gems)
	}
	c.ThisTurn.Declared = slices.Clone(s.ThisTurn.Declared)
	c.FullAtTurnStart = slices.Clone(s.FullAtTurnStart)
	if s.LastTurn != nil {
		lt := *s.LastTurn
		c.LastTurn = &lt
	}
	if s.PendingBattle != nil {
		pb := *s.PendingBattle
		c.PendingBattle = &pb
	}
	c.ForcedQueue = slices.Clone(s.ForcedQueue)
	c.Lands = slices.Clone(s.Lands)
	for i := range c.Lands {
		c.Lands[i].Armies = slices.Clone(s.Lands[i].Armies)
		for j := range c.Lands[i].Armies {
			c.Lands[i].Armies[j].slots = slices.Clone(s.Lands[i].Armies[j].slots)
		}
	}
	// Carriers, battle rows and hand results are never changed once made:
	// sharing them is safe, and the slices are cloned before appending.
	c.Gems = slices.Clone(s.Gems)
	c.Battles = slices.Clone(s.Battles)
	c.HandResults = slices.Clone(s.HandResults)
	return &c
}

func (s *State) seat(id string) int {
	for i, p := range s.Players {
		if p.ID == id {
			return i
		}
	}
	return -1
}

func (s *State) name(id string) string {
	if i := s.seat(id); i >= 0 && s.Players[i].Name != "" {
		return s.Players[i].Name
	}
	return id
}

func (s *State) seats() []string {
	out := make([]string, len(s.Players))
	for i, p := range s.Players {
		out[i] = p.ID
	}
	return out
}

func (s *State) land(l Land) *LandState { return &s.Lands[landIndex(l)] }

func (s *State) gem(g Gem) *GemState {
	for i := range s.Gems {
		if s.Gems[i].Gem == g {
			return &s.Gems[i]
		}
	}
	return nil
}

// gemsOf is the set of gems player id holds.
func (s *State) gemsOf(id string) GemSet {
	var set GemSet
	for _, g := range s.Gems {
		if g.Holder == id {
			b, _ := gemBit(g.Gem)
			set |= b
		}
	}
	return set
}

// refreshPlayers recomputes the gem summary of each player.
func (s *State) refreshPlayers() {
	for i := range s.Players {
		p := &s.Players[i]
		p.Gems = s.gemsOf(p.ID).Gems()
		p.CarrierPower = 0
		for _, g := range s.Gems {
			if g.Holder == p.ID && g.Carrier != nil {
				p.CarrierPower += g.Carrier.Power
			}
		}
	}
}

// Scores: totals are gems held; rounds are the battles.
func (s *State) Scores() rules.Scores {
	totals := make(map[string]int, len(s.Players))
	for _, p := range s.Players {
		totals[p.ID] = len(p.Gems)
	}
	rows := s.Battles
	if rows == nil {
		rows = []BattleRow{}
	}
	return rules.Scores{Totals: totals, Rounds: rows}
}

// ranking places players by gems held, then by the lower total power of
// their carriers (YATUK-END-2..4, YATUK-ADV-10).
func (s *State) ranking() *rules.Result {
	return rules.RankKeys(s.seats(), func(id string) []int {
		p := s.Players[s.seat(id)]
		return []int{-len(p.Gems), p.CarrierPower}
	})
}

// Result is nil until the match is finished; then the final hand's ranking.
func (s *State) Result() *rules.Result {
	if !s.Finished {
		return nil
	}
	if n := len(s.HandResults); n > 0 {
		last := s.HandResults[n-1]
		return &rules.Result{Placements: slices.Clone(last.Placements), Winners: slices.Clone(last.Winners)}
	}
	return s.ranking()
}
