package db

import (
	"github.com/motamed/motamed/rules"
)

// The referee's notes on an event are written when it is recorded. A
// correction (a replacement or a void) rewrites the history an event
// follows, so the notes stored on the events in force after it may no
// longer hold: a corrected score sheet has another winner than the one its
// last event was ruled on. Reading such a log replays it and gives each
// event in force the notes the referee rules on it where it now stands;
// what was voided or replaced keeps the notes it had.

// rewritten reports whether a correction ever rewrote log's history: only
// then may the notes stored differ from the rulings of the log in force
// (an undo takes the last event back, and a redo brings it back where it
// stood, so neither changes what came before).
func rewritten(log []Event) bool {
	for _, e := range log {
		if e.Corrects > 0 && e.Type != RedoType {
			return true
		}
	}
	return false
}

// ruleInForce sets the notes of every event in force in log (as
// readEvents returned it) to the referee's rulings when the log in force is
// replayed from m's setup. When a replay is not possible (a game this server
// no longer offers, an event its rules now refuse) the stored notes stay.
func (s *Store) ruleInForce(m *Match, log []Event) {
	if !rewritten(log) {
		return
	}
	game, ok := s.games.Get(m.Game)
	if !ok {
		return
	}
	state, _, err := game.Setup(m.Players(), m.Options)
	if err != nil {
		return
	}
	order, _ := markLog(log)
	notes := make(map[int][]rules.Ruling, len(order))
	for _, i := range order {
		next, ns, err := game.Apply(state, rules.Event{Type: log[i].Type, Data: log[i].Data})
		if err != nil {
			return
		}
		notes[i], state = ns, next
	}
	for i, ns := range notes {
		log[i].Notes = ns
	}
}

// InForce is the events of log (as Events returned it) that are in force,
// in their effective order: a replacement where the event it replaced
// stood.
func InForce(log []Event) []Event {
	order, _ := markLog(log)
	out := make([]Event, len(order))
	for n, i := range order {
		out[n] = log[i]
	}
	return out
}
