package rules

import (
	"bytes"
	"encoding/json"
	"errors"
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

// ApplyStored applies an event of a match's log to s, the state the events
// in force before it left. An event today's rules refuse, but that was
// accepted under an older revision of them, is applied as that revision
// did and grandfathered: the rulings are today's refusal, nil for an event
// today's rules accept.
func ApplyStored(g Game, s State, ev Event) (next State, grandfathered []Ruling, err error) {
	next, err = applyRespelled(g, s, ev, g.Apply)
	var v *ViolationError
	if err == nil || !errors.As(err, &v) {
		return next, nil, err
	}
	r, ok := g.(Reviser)
	if !ok || ev.Revision <= 0 || ev.Revision >= r.Revision() {
		return nil, nil, err
	}
	next, errAt := applyRespelled(g, s, ev, func(s State, ev Event) (State, []Ruling, error) {
		return r.ApplyAt(s, ev, ev.Revision)
	})
	if errAt != nil {
		return nil, nil, fmt.Errorf("%w (and under revision %d of the rules: %v)", err, ev.Revision, errAt)
	}
	return next, v.Rulings, nil
}

// applyRespelled applies a stored event with apply. Names in event data were
// once matched to fields in any case, as encoding/json matches them, and are
// now matched exactly: data stored with a name in another case ("PLAYER") is
// read with its fields' own names, to the value it always gave.
func applyRespelled(g Game, s State, ev Event, apply func(State, Event) (State, []Ruling, error)) (State, error) {
	for range 8 { // one try per differently spelled object decoded
		next, _, err := apply(s, ev)
		var in *InputError
		if err == nil || !errors.As(err, &in) || in.respelled == nil || !bytes.Equal(in.from, ev.Data) {
			return next, err
		}
		ev.Data = in.respelled
	}
	return nil, fmt.Errorf("event data spelled in too many ways")
}
