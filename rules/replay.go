package rules

import (
	"encoding/json"
	"fmt"
)

// UndoType is the event type of an undo record. An undo voids the latest
// effective (not yet voided, not itself an undo) event; nothing is deleted.
const UndoType = "undo"

// Effective returns the events of log that are in force after applying its
// undo records, in order. A trailing undo with nothing left to void voids
// nothing.
func Effective(log []Event) []Event {
	out := make([]Event, 0, len(log))
	for _, ev := range log {
		if ev.Type == UndoType {
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
			continue
		}
		out = append(out, ev)
	}
	return out
}

// Replay folds a match's log from its setup. Every stored event was accepted
// once, under the rules of its revision (see ApplyStored), so an error here
// means the log or the options changed, or a game lost a revision's rules.
func Replay(g Game, players []Player, options json.RawMessage, log []Event) (State, error) {
	s, _, err := g.Setup(players, options)
	if err != nil {
		return nil, fmt.Errorf("setup: %w", err)
	}
	return Continue(g, s, log)
}

// Continue folds stored events onto s, the state the events before them
// left (a snapshot): their undo records void events among them only.
func Continue(g Game, s State, events []Event) (State, error) {
	var err error
	for i, ev := range Effective(events) {
		s, _, err = ApplyStored(g, s, ev)
		if err != nil {
			return nil, fmt.Errorf("effective event %d (%s): %w", i+1, ev.Type, err)
		}
	}
	return s, nil
}
