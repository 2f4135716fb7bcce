package munchkin

import (
	"sync/atomic"

	"github.com/motamed/motamed/rules"
)

// fileRow adds r, the row of the turn that just ended, to the rows of past
// turns. The states of a match share the array behind History, so a long
// match does not copy its past on every event: the state whose rows end
// where the array's filled slots end claims the next slot and writes it in
// place; any other state (the second of two states applied to the same
// one, a replay from an earlier state, a state read from a snapshot)
// copies the rows into an array of its own. A slot, once claimed, is
// written once, and no state sees slots past its own rows, so states read
// by other goroutines never see a write.
func (s *State) fileRow(r *TurnRow) {
	n := len(s.History)
	if s.filed != nil && n < cap(s.History) && s.filed.CompareAndSwap(int64(n), int64(n+1)) {
		s.History = append(s.History, r)
		return
	}
	s.History = append(s.History[:n:n], r)
	s.filed = new(atomic.Int64)
	s.filed.Store(int64(n + 1))
}

// turnRows are the score rows Scores serves: the rows of past turns,
// shared, and the row of the turn in progress.
type turnRows struct {
	past []*TurnRow
	last *TurnRow
}

func (r turnRows) Len() int { return len(r.past) + 1 }

func (r turnRows) Slice(i, j int) any {
	rows := make([]*TurnRow, 0, j-i)
	rows = append(rows, r.past[min(i, len(r.past)):min(j, len(r.past))]...)
	if j > len(r.past) {
		rows = append(rows, r.last)
	}
	return rows
}

// AppendJSON appends the rows as one JSON array.
func (r turnRows) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, '[')
	var err error
	for _, row := range r.past {
		if b, err = row.AppendJSON(b); err != nil {
			return b, err
		}
		b = append(b, ',')
	}
	b, err = r.last.AppendJSON(b)
	return append(b, ']'), err
}

func (r turnRows) MarshalJSON() ([]byte, error) { return r.AppendJSON(nil) }

var (
	_ rules.Rows         = turnRows{}
	_ rules.JSONAppender = turnRows{}
)
