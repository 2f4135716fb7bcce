package bridge

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/motamed/motamed/rules"
)

// Correction is one item of a batch of corrections, as POST
// /v1/matches/{id}/corrections takes it: the replacement of event Seq by
// the event {Type, Data}, or, when Void is set, its void.
type Correction struct {
	Seq  int64           `json:"seq"`
	Void bool            `json:"void,omitempty"`
	Type string          `json:"type,omitempty"`
	Data json.RawMessage `json:"data,omitempty"`
}

// The refusal of a correction that breaks a later event, as the server
// words it.
var kindLaterBreaks = rules.T("The correction makes a later event illegal", "این اصلاح رویداد بعدی را نادرست می‌کند")

// Correct checks a batch of corrections of an open match as the server
// checks it: every item names an event in force, and the match's events
// in force, with the replacements where the events they replace stood and
// without the voided ones, are replayed from the setup, the new events by
// today's rules and the stored ones by the rules they were accepted under.
// The first event that breaks refuses the batch (a new event under the seq
// it replaces). Unless dry, the match takes the batch. The answer is the
// view the batch leads to. first is the seq the server will give the
// batch's first record (0 when not known), each new event taking its
// record's.
func (b *Bridge) Correct(handle int, items []Correction, first int64, lang string, dry bool) (*View, error) {
	m, ok := b.matches[handle]
	if !ok {
		return nil, errNoMatch
	}
	if len(items) == 0 {
		return nil, b.problem(rules.Invalid("corrections", "must hold at least one correction"), lang)
	}
	for i, it := range items {
		if !it.Void && !gameEvent(it.Type) {
			return nil, b.problem(rules.Invalid("corrections["+strconv.Itoa(i)+"].type", "must be an event of the game"), lang)
		}
	}
	// the events in force with the batch, each marked new (fresh) or stored
	type placed struct {
		ev     StoredEvent
		fresh  bool
		record int64 // a new event's own seq
	}
	order := make([]placed, len(m.events))
	for i, e := range m.events {
		order[i] = placed{ev: e}
	}
	for i, it := range items {
		at := -1
		for p, x := range order {
			if it.Seq > 0 && x.ev.Seq == it.Seq {
				at = p
			}
		}
		if at < 0 {
			return nil, &Problem{Type: "/problems/conflict", Title: kindConflict.In(lang), Status: 409, Detail: fmt.Sprintf("Event %d cannot be corrected: it is not in force.", it.Seq)}
		}
		if it.Void {
			order = append(order[:at], order[at+1:]...)
			continue
		}
		// a new event answers for the seq it replaces
		order[at] = placed{ev: StoredEvent{Seq: it.Seq, Type: it.Type, Data: it.Data}, fresh: true, record: recordSeq(first, i)}
	}
	s := m.states[0]
	states := make([]rules.State, 1, len(order)+1)
	states[0] = s
	var notes []Violation
	for _, x := range order {
		var (
			next rules.State
			ns   []rules.Ruling
			err  error
		)
		if x.fresh {
			next, ns, err = m.game.Apply(s, rules.Event{Type: x.ev.Type, Data: x.ev.Data})
		} else {
			next, ns, err = rules.ApplyStored(m.game, s, rules.Event{Type: x.ev.Type, Data: x.ev.Data, Revision: x.ev.Revision})
		}
		if err != nil {
			return nil, b.breaks(x.ev, err, lang)
		}
		if x.fresh {
			for _, r := range ns {
				notes = append(notes, b.violation(r, lang))
			}
		}
		s = next
		states = append(states, s)
	}
	if dry {
		return (&match{game: m.game, states: states}).view(lang, notes), nil
	}
	m.states = states
	m.events = m.events[:0]
	for _, x := range order {
		e := x.ev
		if x.fresh {
			e.Seq = x.record
		}
		m.events = append(m.events, e)
	}
	m.undone = nil
	return m.full(lang, notes), nil
}

// Events are an open match's events in force, in order, each with its seq
// (0 for one checked here whose seq is not known).
func (b *Bridge) Events(handle int) ([]StoredEvent, error) {
	m, ok := b.matches[handle]
	if !ok {
		return nil, errNoMatch
	}
	return m.events, nil
}

// Redo brings back the event the latest undo took back, while nothing
// else was recorded after it, as the server's redo does.
func (b *Bridge) Redo(handle int, lang string) (*View, error) {
	m, ok := b.matches[handle]
	if !ok {
		return nil, errNoMatch
	}
	if len(m.undone) == 0 {
		return nil, &Problem{Type: "/problems/conflict", Title: kindConflict.In(lang), Status: 409, Detail: "There is no undo to take back: redo follows an undo, before anything else is recorded."}
	}
	ev := m.undone[len(m.undone)-1]
	next, _, err := rules.ApplyStored(m.game, m.states[len(m.states)-1], rules.Event{Type: ev.Type, Data: ev.Data, Revision: ev.Revision})
	if err != nil {
		return nil, b.breaks(ev, err, lang)
	}
	m.undone = m.undone[:len(m.undone)-1]
	m.states = append(m.states, next)
	m.events = append(m.events, ev)
	return m.changed(lang, nil), nil
}

// breaks words the refusal of a change that makes event ev illegal, as the
// server does: the event's seq and type, and why, as the event itself
// would have been answered.
func (b *Bridge) breaks(ev StoredEvent, err error, lang string) error {
	inner, ok := b.problem(err, lang).(*Problem)
	if !ok {
		return err
	}
	seq := ev.Seq
	p := &Problem{Type: "/problems/correction-breaks-later-event", Title: kindLaterBreaks.In(lang), Status: 422,
		Violations: inner.Violations, Fields: inner.Fields, BreaksAt: &seq}
	p.Detail = fmt.Sprintf("Nothing was stored: with this correction, event %d (%s) would no longer be legal: %s", ev.Seq, ev.Type, inner.Detail)
	if lang == "fa" {
		p.Detail = fmt.Sprintf("چیزی ثبت نشد: با این اصلاح، رویداد %d (%s) دیگر درست نیست: %s", ev.Seq, ev.Type, inner.Detail)
	}
	return p
}

// gameEvent: typ is an event of a game, not one of the log's own records.
func gameEvent(typ string) bool {
	switch typ {
	case rules.UndoType, "void", "redo", "match_updated":
		return false
	}
	return true
}

// recordSeq is the seq of a batch's record i when its first is first.
func recordSeq(first int64, i int) int64 {
	if first <= 0 {
		return 0
	}
	return first + int64(i)
}
