package rulestest

import (
	"github.com/motamed/motamed/rules"
)

// Tightened is Counter after a rules fix: revision 2 of its rules refuses a
// move of 3, which revision 1 (Counter) accepted. It stands for any future
// fix that makes a game refuse events it once accepted: a match recorded
// with Counter and read with Tightened replays with its moves of 3
// grandfathered.
func Tightened() rules.Game { return tightened{} }

type tightened struct{ counter }

// Revision is 2: moves of 3 are refused.
func (tightened) Revision() int { return 2 }

func (t tightened) Apply(st rules.State, ev rules.Event) (rules.State, []rules.Ruling, error) {
	next, notes, err := t.counter.Apply(st, ev)
	if err != nil {
		return nil, nil, err
	}
	if m := next.(*CounterState).Moves; m[len(m)-1] == 3 {
		return nil, nil, rules.Violate("COUNTER-ADD-1", "A move adds 1 or 2, not 3.", "")
	}
	return next, notes, nil
}

// ApplyAt applies ev as revision 1 (Counter) did.
func (t tightened) ApplyAt(st rules.State, ev rules.Event, rev int) (rules.State, []rules.Ruling, error) {
	if rev >= 2 {
		return t.Apply(st, ev)
	}
	return t.counter.Apply(st, ev)
}
