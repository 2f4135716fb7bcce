package munchkin

import (
	"slices"
	"sync/atomic"

	"github.com/motamed/motamed/rules"
)

// State is a Munchkin match: every character, whose turn it is, the fight of
// the current turn (with the run-away rolls still due) and a row per turn.
type State struct {
	Options Options       `json:"options"`
	Players []PlayerState `json:"players"`
	Turn    TurnState     `json:"turn"`
	// Combat is the fight recorded this turn, if any; while its run-away
	// rolls are not all made it is open and blocks what would skip them.
	Combat *CombatRecord `json:"combat"`
	// History holds the rows of past turns and Current the row of the turn
	// in progress: the score rows, served as scores.rounds, not repeated
	// in the state. Rows of past turns never change, and states share the
	// array behind History (see fileRow).
	History  []*TurnRow `json:"-"`
	Current  *TurnRow   `json:"-"`
	Finished bool       `json:"finished"`
	Winners  []string   `json:"winners"`
	// filed counts the slots of History's array that some state has filled.
	filed *atomic.Int64 `snapshot:"-"`
}

// PlayerState is one character at the table.
type PlayerState struct {
	ID            string   `json:"id"`
	Name          string   `json:"name"`
	Seat          int      `json:"seat"`
	Level         int      `json:"level"`
	Gender        string   `json:"gender,omitempty"`
	Races         []string `json:"races"`
	Classes       []string `json:"classes"`
	SuperMunchkin bool     `json:"super_munchkin"`
	HalfBreed     bool     `json:"half_breed"`
	// Items is the last declared loadout: every carried Item, equipped or not.
	Items     []Item `json:"items"`
	Hirelings int    `json:"hirelings"`
	Cheat     string `json:"cheat,omitempty"`
	// EquippedBonus sums the bonuses of equipped Items the character may use.
	EquippedBonus int  `json:"equipped_bonus"`
	Dead          bool `json:"dead"`
	// RedrawDue: the character died and draws 4 Door and 4 Treasure cards at
	// the start of their next turn (DEATH-7).
	RedrawDue bool `json:"redraw_due"`
}

// Item is one carried Item card as declared.
type Item struct {
	Name      string `json:"name"`
	Slot      string `json:"slot"`
	Big       bool   `json:"big"`
	Bonus     int    `json:"bonus"`
	Gold      int    `json:"gold"`
	ClassOnly string `json:"class_only,omitempty"`
	RaceOnly  string `json:"race_only,omitempty"`
	Equipped  bool   `json:"equipped"`
}

// TurnState is what the current turn has seen so far.
type TurnState struct {
	Number int    `json:"number"`
	Player string `json:"player"`
	// Fought: a combat was recorded this turn (phase 2 is skipped, TURN-7).
	Fought bool `json:"fought"`
	// Caught lists runners a monster caught this turn: Bad Stuff may follow.
	Caught []string `json:"caught"`
}

// LevelChange is one movement of a pawn on the level track.
type LevelChange struct {
	Player string `json:"player"`
	Reason string `json:"reason"`
	Delta  int    `json:"delta"`
	From   int    `json:"from"`
	To     int    `json:"to"`
}

// TurnRow is the score row of one turn.
type TurnRow struct {
	Turn    int           `json:"turn"`
	Player  string        `json:"player"`
	Changes []LevelChange `json:"changes"`
	Combat  *CombatRecord `json:"combat,omitempty"`
	Sales   []SaleRecord  `json:"sales,omitempty"`
	Deaths  []DeathRecord `json:"deaths,omitempty"`
	Charity *Charity      `json:"charity,omitempty"`
	// Levels are every player's levels at the end of the turn; null in the
	// state for the turn in progress, which Scores fills with the levels now.
	Levels map[string]int `json:"levels"`
}

func (s *State) player(id string) (int, bool) {
	for i := range s.Players {
		if s.Players[i].ID == id {
			return i, true
		}
	}
	return 0, false
}

func (s *State) name(id string) string {
	if i, ok := s.player(id); ok {
		return s.Players[i].Name
	}
	return id
}

// inCombat reports whether a fight of this turn still has run-away rolls due
// (running away counts as combat, AMB-22).
func (s *State) inCombat() bool { return s.Combat != nil && s.Combat.Open }

// clone copies everything Apply may change: not the rows of past turns,
// which never change again.
func (s *State) clone() *State {
	c := *s
	c.Players = make([]PlayerState, len(s.Players))
	for i, p := range s.Players {
		p.Races = slices.Clone(p.Races)
		p.Classes = slices.Clone(p.Classes)
		p.Items = slices.Clone(p.Items)
		c.Players[i] = p
	}
	c.Turn.Caught = slices.Clone(s.Turn.Caught)
	c.Combat = s.Combat.clone()
	r := *s.Current
	r.Changes = slices.Clone(r.Changes)
	r.Sales = slices.Clone(r.Sales)
	r.Deaths = slices.Clone(r.Deaths)
	c.Current = &r
	c.Winners = slices.Clone(s.Winners)
	return &c
}

// setLevel moves a pawn and writes the row.
func (s *State) setLevel(i int, reason string, delta, to int) LevelChange {
	p := &s.Players[i]
	ch := LevelChange{Player: p.ID, Reason: reason, Delta: delta, From: p.Level, To: to}
	p.Level = to
	s.Current.Changes = append(s.Current.Changes, ch)
	return ch
}

func (s *State) levels() map[string]int {
	m := make(map[string]int, len(s.Players))
	for _, p := range s.Players {
		m[p.ID] = p.Level
	}
	return m
}

func (s *State) finish(winners []string) {
	s.Finished = true
	s.Winners = winners
	if s.Combat != nil {
		s.Combat.Open = false
	}
}

// Scores: totals are levels; rows are turns, the last one with the levels
// and the fight as they are now.
func (s *State) Scores() rules.Scores {
	last := *s.Current
	last.Levels = s.levels()
	last.Combat = s.Combat
	return rules.Scores{Totals: s.levels(), Rounds: turnRows{past: s.History, last: &last}}
}

// Result places the winners first, then everyone else by level (ties share).
func (s *State) Result() *rules.Result {
	if !s.Finished {
		return nil
	}
	ids := make([]string, len(s.Players))
	for i, p := range s.Players {
		ids[i] = p.ID
	}
	return rules.RankKeys(ids, func(id string) []int {
		i, _ := s.player(id)
		if slices.Contains(s.Winners, id) {
			return []int{0, 0}
		}
		return []int{1, -s.Players[i].Level}
	})
}

// Next says what the table records next.
func (s *State) Next() rules.Text {
	if s.Finished {
		return rules.Text{}
	}
	if s.inCombat() {
		for _, r := range s.Combat.RunAway {
			if !r.Rolled && !r.Skipped {
				n := s.name(r.Runner)
				return rules.T(
					n+" must roll to run away from "+r.Monster+" (5 or more escapes).",
					n+" باید برای فرار از «"+r.Monster+"» تاس بریزه (5 یا بیشتر یعنی فرار).")
			}
		}
	}
	n := s.name(s.Turn.Player)
	if i, ok := s.player(s.Turn.Player); ok && s.Players[i].RedrawDue {
		return rules.T(
			n+"'s turn: after dying, "+n+" first draws 4 Door and 4 Treasure cards, then kicks open the door; record the fight, sales and level changes, then the end of the turn.",
			"نوبتِ "+n+" است: چون مُرده بود، اول 4 کارت «در» و 4 کارت «گنج» می‌کشه و بعد با لگد می‌ره تو در؛ مبارزه، فروش و تغییر سطح‌ها رو ثبت کنین و آخرش پایانِ نوبت رو.")
	}
	return rules.T(
		n+"'s turn: kick open the door; record the fight, sales and level changes, then the end of the turn.",
		"نوبتِ "+n+" است: با لگد برین تو در؛ مبارزه، فروش و تغییر سطح‌ها رو ثبت کنین و آخرش پایانِ نوبت رو.")
}
