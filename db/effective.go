package db

import (
	"database/sql"

	"github.com/motamed/motamed/rules"
)

// The log's own record types besides the games' events. A correction
// record names the seq it corrects in Event.Corrects; nothing is ever
// deleted or rewritten.
const (
	// VoidType voids one effective event, anywhere in the log.
	VoidType = "void"
	// RedoType brings back the event the latest undo voided, while nothing
	// but undos and redos came after that undo.
	RedoType = "redo"
	// MatchUpdateType records a change to what is not play (the table,
	// notes, played_at, abandoning and restoring); the games never see it.
	MatchUpdateType = "match_updated"
)

// isGameEvent reports whether a record is a game's event (an original or
// a replacement) rather than one of the log's own records.
func isGameEvent(typ string) bool {
	switch typ {
	case rules.UndoType, VoidType, RedoType, MatchUpdateType:
		return false
	}
	return true
}

// markLog walks a log in order and works out which events are in force
// and in what order, marking each event voided or replaced and each
// correction record with what it did. It returns the indexes (into log) of
// the effective events in their effective order: a replacement stands where
// the event it replaced stood. It also returns what a redo would bring
// back (-1 when nothing).
//
// Records that do not apply (an undo with nothing to undo, a correction
// naming an event no longer in force: never written, since every
// correction is checked first) change nothing.
func markLog(log []Event) (order []int, redoable int) {
	for i := range log {
		e := &log[i]
		e.Voided, e.VoidedBy, e.ReplacedBy, e.Voids, e.Replaces, e.Restores = false, 0, 0, 0, 0, 0
	}
	order = make([]int, 0, len(log))
	var undone []int // what each undo since the last other change voided
	at := func(seq int64) int {
		for p, i := range order {
			if log[i].Seq == seq {
				return p
			}
		}
		return -1
	}
	for i := range log {
		e := &log[i]
		switch {
		case e.Type == rules.UndoType:
			if len(order) == 0 {
				continue
			}
			v := order[len(order)-1]
			order = order[:len(order)-1]
			log[v].Voided, log[v].VoidedBy = true, e.Seq
			e.Voids = log[v].Seq
			undone = append(undone, v)
		case e.Type == RedoType:
			if n := len(undone); n > 0 && log[undone[n-1]].Seq == e.Corrects {
				v := undone[n-1]
				undone = undone[:n-1]
				order = append(order, v)
				log[v].Voided, log[v].VoidedBy = false, 0
				e.Restores = log[v].Seq
			}
		case e.Type == VoidType:
			if p := at(e.Corrects); p >= 0 {
				v := order[p]
				order = append(order[:p], order[p+1:]...)
				log[v].Voided, log[v].VoidedBy = true, e.Seq
				e.Voids = log[v].Seq
			}
			undone = nil
		case e.Type == MatchUpdateType:
		case e.Corrects > 0:
			if p := at(e.Corrects); p >= 0 {
				v := order[p]
				order[p] = i
				log[v].Voided, log[v].ReplacedBy = true, e.Seq
				e.Replaces = log[v].Seq
			}
			undone = nil
		default:
			order = append(order, i)
			undone = nil
		}
	}
	redoable = -1
	if n := len(undone); n > 0 {
		redoable = undone[n-1]
	}
	return order, redoable
}

// effectiveEvents are the events in force, in order, as the games replay
// them.
func effectiveEvents(log []Event) []rules.Event {
	order, _ := markLog(log)
	out := make([]rules.Event, len(order))
	for n, i := range order {
		out[n] = rules.Event{Type: log[i].Type, Data: log[i].Data, Revision: log[i].Revision}
	}
	return out
}

// revisionOf is a stored record's rules revision: the first for one stored
// before records kept it (NULL).
func revisionOf(v sql.NullInt64) int {
	if !v.Valid || v.Int64 < rules.FirstRevision {
		return rules.FirstRevision
	}
	return int(v.Int64)
}
