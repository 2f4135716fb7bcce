package rulestest

import (
	"encoding/json"
	"fmt"

	"github.com/motamed/motamed/rules"
)

// Counter is a tiny game for testing the machinery around games (storage,
// HTTP) without depending on a real game's rules: players take turns in seat
// order adding 1 to 3 points; the first to reach the target wins.
func Counter() rules.Game { return counter{} }

type counter struct{}

// CounterState is the Counter game's state.
type CounterState struct {
	Players []rules.Player `json:"players"`
	Target  int            `json:"target"`
	Totals  map[string]int `json:"totals"`
	Turn    int            `json:"turn"`
	Moves   []int          `json:"moves"`
	Winner  string         `json:"winner,omitempty"`
}

type counterOptions struct {
	Target *int `json:"target,omitempty"`
}

func (counter) Info() rules.Info {
	return rules.Info{ID: "counter", Name: "Counter", NameFA: "شمارنده", MinPlayers: 2, MaxPlayers: 4,
		Options: []rules.OptionDoc{{Name: "target", Type: "integer", Default: 10, Description: "points to win"}},
		Events:  []rules.EventDoc{{Type: "add", Description: "the player whose turn it is adds 1 to 3", Example: json.RawMessage(`{"player":"p1","n":2}`)}},
	}
}

func (counter) Catalog() []rules.RuleEntry {
	src := rules.Source{Seed: "none", Kind: "default"}
	return []rules.RuleEntry{
		{ID: "COUNTER-COMP-1", Title: rules.T("Players", "بازیکنان"), Text: rules.T("2 to 4 players.", "۲ تا ۴ بازیکن."), Source: src, Check: rules.Checked},
		{ID: "COUNTER-TURN-1", Title: rules.T("Turn order", "نوبت"), Text: rules.T("Players add in seat order.", "بازیکنان به ترتیب صندلی می‌افزایند."), Source: src, Check: rules.Checked},
		{ID: "COUNTER-ADD-1", Title: rules.T("Add 1 to 3", "افزودن ۱ تا ۳"), Text: rules.T("A move adds 1, 2 or 3.", "هر حرکت ۱، ۲ یا ۳ می‌افزاید."), Source: src, Check: rules.Checked},
	}
}

func (counter) Setup(players []rules.Player, raw json.RawMessage) (rules.State, any, error) {
	var o counterOptions
	if err := rules.Decode(raw, "options", &o); err != nil {
		return nil, nil, err
	}
	if len(players) < 2 || len(players) > 4 {
		return nil, nil, rules.Violate("COUNTER-COMP-1", fmt.Sprintf("Counter needs 2 to 4 players, not %d.", len(players)), "")
	}
	target := 10
	if o.Target != nil {
		if *o.Target < 1 || *o.Target > 1000 {
			return nil, nil, rules.Invalid("options.target", "must be from 1 to 1000")
		}
		target = *o.Target
	}
	s := &CounterState{Players: players, Target: target, Totals: map[string]int{}, Moves: []int{}}
	for _, p := range players {
		s.Totals[p.ID] = 0
	}
	return s, counterOptions{Target: &target}, nil
}

func (counter) Apply(st rules.State, ev rules.Event) (rules.State, []rules.Ruling, error) {
	s, ok := st.(*CounterState)
	if !ok {
		return nil, nil, fmt.Errorf("counter: foreign state %T", st)
	}
	if s.Winner != "" {
		return nil, nil, rules.ErrFinished
	}
	if ev.Type != "add" {
		return nil, nil, fmt.Errorf("%w: %q", rules.ErrUnknownEvent, ev.Type)
	}
	var d struct {
		Player string `json:"player"`
		N      int    `json:"n"`
	}
	if err := rules.Decode(ev.Data, "data", &d); err != nil {
		return nil, nil, err
	}
	seat := -1
	for i, p := range s.Players {
		if p.ID == d.Player {
			seat = i
		}
	}
	if seat < 0 {
		return nil, nil, rules.Invalid("data.player", "is not a player of this match")
	}
	var rs []rules.Ruling
	if seat != s.Turn {
		rs = append(rs, rules.Rule("COUNTER-TURN-1", fmt.Sprintf("It is %s's turn, not %s's.", s.Players[s.Turn].Name, s.Players[seat].Name), ""))
	}
	if d.N < 1 || d.N > 3 {
		rs = append(rs, rules.Rule("COUNTER-ADD-1", fmt.Sprintf("A move adds 1 to 3, not %d.", d.N), ""))
	}
	if err := rules.Violations(rs); err != nil {
		return nil, nil, err
	}
	next := &CounterState{Players: s.Players, Target: s.Target, Totals: make(map[string]int, len(s.Totals)),
		Turn: (s.Turn + 1) % len(s.Players), Moves: append(append([]int{}, s.Moves...), d.N)}
	for k, v := range s.Totals {
		next.Totals[k] = v
	}
	next.Totals[d.Player] += d.N
	if next.Totals[d.Player] >= s.Target {
		next.Winner = d.Player
	}
	return next, nil, nil
}

func (counter) Referees() []rules.Referee {
	return []rules.Referee{{
		Question: "sum",
		Summary:  "adds numbers",
		Example:  json.RawMessage(`{"numbers":[1,2]}`),
		Ask: func(body json.RawMessage) (any, error) {
			var q struct {
				Numbers []int `json:"numbers"`
			}
			if err := rules.Decode(body, "", &q); err != nil {
				return nil, err
			}
			sum := 0
			for _, n := range q.Numbers {
				sum += n
			}
			return map[string]any{"sum": sum, "rule": "COUNTER-ADD-1"}, nil
		},
	}}
}

// Scores implements rules.State.
func (s *CounterState) Scores() rules.Scores {
	return rules.Scores{Totals: s.Totals, Rounds: s.Moves}
}

// Result implements rules.State.
func (s *CounterState) Result() *rules.Result {
	if s.Winner == "" {
		return nil
	}
	ids := make([]string, len(s.Players))
	for i, p := range s.Players {
		ids[i] = p.ID
	}
	return rules.Rank(ids, s.Totals, true)
}

// Next implements rules.State.
func (s *CounterState) Next() rules.Text {
	if s.Winner != "" {
		return rules.Text{}
	}
	return rules.T(s.Players[s.Turn].Name+" adds next.", "نوبت "+s.Players[s.Turn].Name+" است.")
}
