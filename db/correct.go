package db

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/motamed/motamed/rules"
)

// ErrNothingToRedo: no undo to take back, or something came after it.
var ErrNothingToRedo = errors.New("nothing to redo")

// NotInForceError: a correction names an event that is not in force (it
// was voided or replaced already, or it is a record of the log's own).
type NotInForceError struct {
	Seq    int64
	Reason string
}

func (e *NotInForceError) Error() string { return fmt.Sprintf("event %d %s", e.Seq, e.Reason) }

// LaterEventError refuses a correction: with it, a later event in force is
// no longer legal. Seq and Type are that event's; Err is why (a rule
// violation, a malformed event, or the match finishing before it).
type LaterEventError struct {
	Seq  int64
	Type string
	Err  error
	// fresh: the event that breaks is one of the correction's own.
	fresh bool
}

func (e *LaterEventError) Error() string {
	return fmt.Sprintf("with this correction, event %d (%s) is no longer legal: %v", e.Seq, e.Type, e.Err)
}

func (e *LaterEventError) Unwrap() error { return e.Err }

// Replace corrects event seq: ev takes its place in the order of events in
// force, recorded as a new record (with its own seq) naming seq. Every
// later event in force is checked again, in order, against the corrected
// history; if one of them breaks, nothing is stored and the answer is a
// *LaterEventError naming the first.
func (s *Store) Replace(ctx context.Context, matchID string, seq int64, ev rules.Event, opt AppendOptions) (*Appended, error) {
	if !isGameEvent(ev.Type) {
		return nil, rules.Invalid("type", "must be an event of the game, not "+strconv.Quote(ev.Type))
	}
	return s.correct(ctx, matchID, opt, func(log []Event, cur *Match) (Event, error) {
		if err := inForce(log, seq); err != nil {
			return Event{}, err
		}
		return Event{Type: ev.Type, Data: canonicalData(ev.Data), Corrects: seq}, nil
	})
}

// Void takes event seq out of force, recorded as a void record; later
// events are checked again as for Replace.
func (s *Store) Void(ctx context.Context, matchID string, seq int64, opt AppendOptions) (*Appended, error) {
	return s.correct(ctx, matchID, opt, func(log []Event, cur *Match) (Event, error) {
		if err := inForce(log, seq); err != nil {
			return Event{}, err
		}
		data, _ := json.Marshal(map[string]int64{"voids": seq})
		return Event{Type: VoidType, Data: data, Corrects: seq}, nil
	})
}

// Redo brings back the event the latest undo voided, while nothing but
// undos and redos came after that undo (ErrNothingToRedo otherwise).
func (s *Store) Redo(ctx context.Context, matchID string, opt AppendOptions) (*Appended, error) {
	return s.correct(ctx, matchID, opt, func(log []Event, cur *Match) (Event, error) {
		_, redo := markLog(log)
		if redo < 0 {
			return Event{}, ErrNothingToRedo
		}
		seq := log[redo].Seq
		data, _ := json.Marshal(map[string]int64{"restores": seq})
		return Event{Type: RedoType, Data: data, Corrects: seq}, nil
	})
}

// inForce checks that seq names an event in force.
func inForce(log []Event, seq int64) error {
	if seq < 1 || seq > int64(len(log)) {
		return &NotFoundError{Kind: "event", ID: strconv.FormatInt(seq, 10)}
	}
	e := log[seq-1]
	switch {
	case !isGameEvent(e.Type):
		return &NotInForceError{Seq: seq, Reason: "is a " + e.Type + " record, not an event of the game"}
	case e.ReplacedBy > 0:
		return &NotInForceError{Seq: seq, Reason: fmt.Sprintf("was replaced by event %d: correct that one", e.ReplacedBy)}
	case e.Voided:
		return &NotInForceError{Seq: seq, Reason: fmt.Sprintf("was voided by record %d", e.VoidedBy)}
	}
	return nil
}

// correct appends the correction record that decide returns, after
// replaying the whole log with it: the replacement must be legal where it
// stands, and every later event in force after it.
func (s *Store) correct(ctx context.Context, matchID string, opt AppendOptions, decide func(log []Event, cur *Match) (Event, error)) (*Appended, error) {
	res, err := s.mutate(ctx, matchID, opt, func(ctx context.Context, q querier, cur *Match) (*Match, Event, error) {
		if cur.Abandoned {
			return nil, Event{}, ErrAbandoned
		}
		log, err := s.readEvents(ctx, q, matchID)
		if err != nil {
			return nil, Event{}, err
		}
		rec, err := decide(log, cur)
		if err != nil {
			return nil, Event{}, err
		}
		rec.Seq, rec.TokenID = cur.Version+1, opt.TokenID
		state, notes, err := s.recheck(cur, append(log, rec))
		if err != nil {
			var later *LaterEventError
			if !errors.As(err, &later) {
				err = s.mergedNamed(ctx, q, cur, rec.Data, err)
			}
			return nil, Event{}, err
		}
		next := s.advance(cur, state)
		next.Rewritten = rec.Type != RedoType
		rec.CreatedAt, rec.Notes = next.UpdatedAt, notes
		full := append(log, rec)
		markLog(full)
		return next, full[len(full)-1], nil
	})
	if err != nil {
		return nil, err
	}
	// A correction of a finished match may change its scores without
	// changing its places: standings are built again all the same.
	if res.Match.State.Result() != nil {
		res.ResultChanged = true
	}
	return res, nil
}

// recheck replays log (whose last record is a correction) from the setup,
// event by event in the effective order. An event that the rules refuse
// is reported as itself when it is the correction's new event, else as a
// *LaterEventError. It returns the state and the notes of the new event.
func (s *Store) recheck(m *Match, log []Event) (rules.State, []rules.Ruling, error) {
	last := log[len(log)-1].Seq
	state, notes, err := s.replayChecked(m, log, last)
	var later *LaterEventError
	if errors.As(err, &later) && later.fresh {
		return nil, nil, later.Err
	}
	return state, notes[last], err
}

// recheckFrom replays log, whose records from seq fresh on are a batch of
// corrections, as recheck does; an event that breaks, new or stored, is
// reported as a *LaterEventError naming it as the batch does (a new
// replacement under the seq it replaces). It returns the notes of each
// new record by its seq.
func (s *Store) recheckFrom(m *Match, log []Event, fresh int64) (rules.State, map[int64][]rules.Ruling, error) {
	state, notes, err := s.replayChecked(m, log, fresh)
	var later *LaterEventError
	if errors.As(err, &later) && later.fresh {
		later.Seq = log[later.Seq-1].Corrects
	}
	return state, notes, err
}

// replayChecked folds log from the setup in the effective order; records
// from seq fresh on are checked by today's rules and their notes kept,
// stored ones by the rules of their revision (grandfathered).
func (s *Store) replayChecked(m *Match, log []Event, fresh int64) (rules.State, map[int64][]rules.Ruling, error) {
	game, ok := s.games.Get(m.Game)
	if !ok {
		return nil, nil, notFound("game", m.Game)
	}
	state, _, err := game.Setup(m.Players(), m.Options)
	if err != nil {
		return nil, nil, fmt.Errorf("db: setup of match %s: %w", m.ID, err)
	}
	order, _ := markLog(log)
	notes := map[int64][]rules.Ruling{}
	for _, i := range order {
		e := log[i]
		var next rules.State
		var ns []rules.Ruling
		if e.Seq >= fresh {
			next, ns, err = game.Apply(state, rules.Event{Type: e.Type, Data: e.Data})
		} else {
			next, _, err = rules.ApplyStored(game, state, rules.Event{Type: e.Type, Data: e.Data, Revision: e.Revision})
		}
		if err != nil {
			return nil, nil, &LaterEventError{Seq: e.Seq, Type: e.Type, Err: err, fresh: e.Seq >= fresh}
		}
		if e.Seq >= fresh {
			notes[e.Seq] = ns
		}
		state = next
	}
	return state, notes, nil
}
