package db

import (
	"context"
	"encoding/json"
	"strconv"

	"github.com/motamed/motamed/rules"
)

// Correction is one item of a batch of corrections: the replacement of
// event Seq by Event, or, when Void is set, its void.
type Correction struct {
	Seq   int64
	Void  bool
	Event rules.Event
}

// CorrectAll applies several corrections at once, in the order given: each
// is recorded as a record of its own (one version step each, as Replace
// and Void record them), but the log is checked only as if all were
// applied together, so a mistake whose fix makes a later event illegal can
// be fixed with that later event in the same batch. Either every record is
// stored, in one transaction, or none: the refusal names the first event
// that still breaks, as a *LaterEventError whose Seq is the event as the
// batch names it (a replacement that is itself illegal is reported under
// the seq it replaces). The answer is that of the batch's last record.
func (s *Store) CorrectAll(ctx context.Context, matchID string, items []Correction, opt AppendOptions) (*Appended, error) {
	if err := checkBatch(items); err != nil {
		return nil, err
	}
	res, err := s.mutate(ctx, matchID, opt, s.batchOf(matchID, items, opt))
	if err != nil {
		return nil, err
	}
	if res.Match.State.Result() != nil {
		res.ResultChanged = true
	}
	return res, nil
}

// PreviewCorrections answers as CorrectAll would, and stores nothing.
func (s *Store) PreviewCorrections(ctx context.Context, matchID string, items []Correction) (*Appended, error) {
	if err := checkBatch(items); err != nil {
		return nil, err
	}
	cur, err := s.GetMatch(ctx, matchID)
	if err != nil {
		return nil, err
	}
	next, rec, err := s.batchOf(matchID, items, AppendOptions{})(ctx, s.read, cur)
	if err != nil {
		return nil, err
	}
	return resultsOf(cur, next, rec).answer(), nil
}

func checkBatch(items []Correction) error {
	if len(items) == 0 {
		return rules.Invalid("corrections", "must hold at least one correction")
	}
	for i, it := range items {
		if !it.Void && !isGameEvent(it.Event.Type) {
			return rules.Invalid(fieldOf(i, "type"), "must be an event of the game")
		}
	}
	return nil
}

// batchOf decides a batch: its records, one per item, and the match as
// the whole log with them in force leaves it.
func (s *Store) batchOf(matchID string, items []Correction, opt AppendOptions) buildFunc {
	return func(ctx context.Context, q querier, cur *Match) (*Match, Event, error) {
		if cur.Abandoned {
			return nil, Event{}, ErrAbandoned
		}
		log, err := s.readEvents(ctx, q, matchID)
		if err != nil {
			return nil, Event{}, err
		}
		first := cur.Version + 1
		for i, it := range items {
			if err := inForce(log, it.Seq); err != nil {
				return nil, Event{}, err
			}
			rec := Event{Seq: cur.Version + 1 + int64(i), Type: it.Event.Type, Data: canonicalData(it.Event.Data), Corrects: it.Seq, TokenID: opt.TokenID}
			if it.Void {
				rec.Type = VoidType
				rec.Data, _ = json.Marshal(map[string]int64{"voids": it.Seq})
			}
			log = append(log, rec)
			markLog(log)
		}
		state, notes, err := s.recheckFrom(cur, log, first)
		if err != nil {
			return nil, Event{}, err
		}
		next := s.advance(cur, state)
		next.Version = cur.Version + int64(len(items))
		next.Rewritten = true
		batch := log[first-1:]
		for i := range batch {
			batch[i].CreatedAt = next.UpdatedAt
			batch[i].Notes = notes[batch[i].Seq]
		}
		last := batch[len(batch)-1]
		last.earlier = append([]Event(nil), batch[:len(batch)-1]...)
		return next, last, nil
	}
}

// fieldOf names field of the batch's item i, for a refusal.
func fieldOf(i int, field string) string {
	return "corrections[" + strconv.Itoa(i) + "]." + field
}
