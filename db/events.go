package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/motamed/motamed/rules"
)

// Append checks ev against the match's current state with the game's rules
// and, if they accept it, records it as the next event. The check and the
// write happen under the match's lock, so concurrent appends to one match are
// applied one after the other, each against the state the previous one left.
// The event, the match's new version and status, its result and the
// idempotency key commit in one transaction.
func (s *Store) Append(ctx context.Context, matchID string, ev rules.Event, opt AppendOptions) (*Appended, error) {
	if ev.Type == rules.UndoType {
		return s.Undo(ctx, matchID, opt)
	}
	mu := s.locks.of(matchID)
	mu.Lock()
	defer mu.Unlock()

	cur, err := s.GetMatch(ctx, matchID)
	if err != nil {
		return nil, err
	}
	if done, err := s.replayIdempotent(ctx, cur, opt); done != nil || err != nil {
		return done, err
	}
	if opt.IfMatch != nil && *opt.IfMatch != cur.Version {
		return nil, &VersionError{Expected: *opt.IfMatch, Current: cur.Version}
	}
	game, ok := s.games.Get(cur.Game)
	if !ok {
		return nil, notFound("game", cur.Game)
	}
	state, notes, err := game.Apply(cur.State, ev)
	if err != nil {
		return nil, err
	}
	next := s.advance(cur, state)
	rec := Event{Seq: next.Version, Type: ev.Type, Data: canonicalData(ev.Data), Notes: notes, CreatedAt: next.UpdatedAt}
	return s.commitAppend(ctx, cur, next, rec, opt)
}

// Undo voids the latest effective event by appending an undo record; the
// state is the fold of the log without the voided event.
func (s *Store) Undo(ctx context.Context, matchID string, opt AppendOptions) (*Appended, error) {
	mu := s.locks.of(matchID)
	mu.Lock()
	defer mu.Unlock()

	cur, err := s.GetMatch(ctx, matchID)
	if err != nil {
		return nil, err
	}
	if done, err := s.replayIdempotent(ctx, cur, opt); done != nil || err != nil {
		return done, err
	}
	if opt.IfMatch != nil && *opt.IfMatch != cur.Version {
		return nil, &VersionError{Expected: *opt.IfMatch, Current: cur.Version}
	}
	log, err := s.readEvents(ctx, matchID)
	if err != nil {
		return nil, err
	}
	eff := effectiveSeqs(log)
	if len(eff) == 0 {
		return nil, ErrNothingToUndo
	}
	voids := eff[len(eff)-1]
	data, _ := json.Marshal(map[string]int64{"voids": voids})
	undo := rules.Event{Type: rules.UndoType, Data: data}
	game, ok := s.games.Get(cur.Game)
	if !ok {
		return nil, notFound("game", cur.Game)
	}
	state, err := rules.Replay(game, cur.Players(), cur.Options, append(toRulesEvents(log), undo))
	if err != nil {
		return nil, fmt.Errorf("db: replay after undo: %w", err)
	}
	next := s.advance(cur, state)
	rec := Event{Seq: next.Version, Type: rules.UndoType, Data: data, Voids: voids, CreatedAt: next.UpdatedAt}
	return s.commitAppend(ctx, cur, next, rec, opt)
}

// commitAppend writes the event through the group-commit writer and, once
// it is durable, makes next the cached state. On failure the cached entry
// is dropped, so the next request rebuilds from what the database holds.
func (s *Store) commitAppend(ctx context.Context, cur, next *Match, rec Event, opt AppendOptions) (*Appended, error) {
	before, after := cur.State.Result(), next.State.Result()
	res := &Appended{Match: next, Event: rec, ResultChanged: !sameResult(resultJSON(before), after)}
	if err := s.w.do(ctx, s.recordEvent(cur, next, rec, opt)); err != nil {
		s.cache.drop(next.ID)
		return nil, err
	}
	res.FirstFinish = after != nil && cur.FinishSeq == 0
	s.cache.put(next)
	return res, nil
}

// advance returns a copy of cur at the next version with state.
func (s *Store) advance(cur *Match, state rules.State) *Match {
	next := *cur
	next.State = state
	next.Version = cur.Version + 1
	next.Status = statusOf(state)
	next.UpdatedAt = s.now()
	return &next
}

// recordEvent is the write of one append: the event, the match row (guarded
// by its version so a stale writer can never add a second event at the same
// place), the result when the status changes, and the idempotency key.
func (s *Store) recordEvent(cur, next *Match, rec Event, opt AppendOptions) writeFunc {
	return func(ctx context.Context, tx *sql.Tx) error {
		var notes any
		if len(rec.Notes) > 0 {
			b, err := json.Marshal(rec.Notes)
			if err != nil {
				return err
			}
			notes = string(b)
		}
		if _, err := tx.StmtContext(ctx, s.stmts.insertEvent).ExecContext(ctx,
			next.ID, rec.Seq, rec.Type, string(rec.Data), notes, formatTime(rec.CreatedAt)); err != nil {
			if isConstraint(err) {
				// Another append was checked against the same version and
				// committed first (possible only with several writers on one
				// database): this one is stale.
				return &VersionError{Expected: cur.Version, Current: -1}
			}
			return fmt.Errorf("db: insert event: %w", err)
		}
		if next.Status != cur.Status {
			if _, err := tx.StmtContext(ctx, s.stmts.updateStatus).ExecContext(ctx, next.Status, next.ID); err != nil {
				return fmt.Errorf("db: update match: %w", err)
			}
		}
		if err := writeResult(ctx, tx, cur, next); err != nil {
			return err
		}
		if next.State.Result() != nil && cur.FinishSeq == 0 {
			// The first finish: take the next place in the finish order.
			// The writer commits one batch at a time, so MAX+1 is unique.
			if err := tx.QueryRowContext(ctx, `UPDATE matches SET finish_seq = (SELECT COALESCE(MAX(finish_seq), 0) + 1 FROM matches)
				WHERE id = ? RETURNING finish_seq`, next.ID).Scan(&next.FinishSeq); err != nil {
				return fmt.Errorf("db: finish order: %w", err)
			}
		}
		if opt.IdempotencyKey != "" {
			if _, err := tx.StmtContext(ctx, s.stmts.insertKey).ExecContext(ctx,
				next.ID, opt.IdempotencyKey, opt.RequestHash, rec.Seq, formatTime(rec.CreatedAt)); err != nil {
				return fmt.Errorf("db: insert idempotency key: %w", err)
			}
		}
		return nil
	}
}

// writeResult keeps match_results and result_placements equal to the
// state's result: written when a match finishes, removed when a correction
// reopens it, rewritten when a correction changes it.
func writeResult(ctx context.Context, tx *sql.Tx, cur, next *Match) error {
	before, after := cur.State.Result(), next.State.Result()
	if before == nil && after == nil {
		return nil
	}
	if before != nil {
		if _, err := tx.ExecContext(ctx, `DELETE FROM result_placements WHERE match_id = ?`, next.ID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM match_results WHERE match_id = ?`, next.ID); err != nil {
			return err
		}
	}
	if after == nil {
		return nil
	}
	b, err := json.Marshal(after)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO match_results(match_id, result, finished_at) VALUES (?, ?, ?)`,
		next.ID, string(b), formatTime(next.UpdatedAt)); err != nil {
		return fmt.Errorf("db: insert result: %w", err)
	}
	totals := next.State.Scores().Totals
	for _, p := range after.Placements {
		var score any
		if v, ok := totals[p.PlayerID]; ok {
			score = v
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO result_placements(match_id, player_id, place, score) VALUES (?, ?, ?, ?)`,
			next.ID, p.PlayerID, p.Place, score); err != nil {
			return fmt.Errorf("db: insert placement: %w", err)
		}
	}
	return nil
}

// replayIdempotent answers a retried request: when the key was used before
// with the same body it returns the first answer (the event and the match as
// that event left it); with another body it returns ErrKeyReused.
func (s *Store) replayIdempotent(ctx context.Context, cur *Match, opt AppendOptions) (*Appended, error) {
	if opt.IdempotencyKey == "" {
		return nil, nil
	}
	var hash string
	var seq int64
	err := s.read.QueryRowContext(ctx, `SELECT request_hash, seq FROM idempotency_keys WHERE match_id = ? AND key = ?`,
		cur.ID, opt.IdempotencyKey).Scan(&hash, &seq)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if hash != opt.RequestHash {
		return nil, ErrKeyReused
	}
	m, log, err := s.loadMatch(ctx, cur.ID, seq)
	if err != nil {
		return nil, err
	}
	return &Appended{Match: m, Event: log[seq-1], Replayed: true}, nil
}

// Events returns a match's whole log, marking voided events.
func (s *Store) Events(ctx context.Context, matchID string) ([]Event, error) {
	if _, err := s.readMatchRow(ctx, matchID); err != nil {
		return nil, err
	}
	return s.readEvents(ctx, matchID)
}

func (s *Store) readEvents(ctx context.Context, matchID string) ([]Event, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT seq, type, data, notes, created_at FROM events WHERE match_id = ? ORDER BY seq`, matchID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var log []Event
	for rows.Next() {
		var e Event
		var data, created string
		var notes sql.NullString
		if err := rows.Scan(&e.Seq, &e.Type, &data, &notes, &created); err != nil {
			return nil, err
		}
		e.Data = json.RawMessage(data)
		e.CreatedAt = parseTime(created)
		if notes.Valid {
			if err := json.Unmarshal([]byte(notes.String), &e.Notes); err != nil {
				return nil, fmt.Errorf("db: event %d notes: %w", e.Seq, err)
			}
		}
		if int64(len(log))+1 != e.Seq {
			return nil, fmt.Errorf("db: match %s log has a gap before event %d", matchID, e.Seq)
		}
		log = append(log, e)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	markVoided(log)
	return log, nil
}

// effectiveSeqs returns the seqs in force in a log read by readEvents (which
// marked the voided events): neither voided nor undo records.
func effectiveSeqs(log []Event) []int64 {
	var eff []int64
	for _, e := range log {
		if e.Type != rules.UndoType && !e.Voided {
			eff = append(eff, e.Seq)
		}
	}
	return eff
}

// markVoided applies the undo records of log the way rules.Effective does,
// marking each voided event and the seq each undo voids.
func markVoided(log []Event) {
	var eff []int64
	for i := range log {
		if log[i].Type == rules.UndoType {
			if len(eff) > 0 {
				v := eff[len(eff)-1]
				eff = eff[:len(eff)-1]
				log[i].Voids = v
				log[v-1].Voided = true
			}
			continue
		}
		eff = append(eff, log[i].Seq)
	}
}

func toRulesEvents(log []Event) []rules.Event {
	out := make([]rules.Event, len(log))
	for i, e := range log {
		out[i] = rules.Event{Type: e.Type, Data: e.Data}
	}
	return out
}

// canonicalData stores an omitted data object as {}.
func canonicalData(d json.RawMessage) json.RawMessage {
	if len(d) == 0 {
		return json.RawMessage("{}")
	}
	return d
}

// isConstraint recognises SQLite's constraint errors (primary key, unique).
func isConstraint(err error) bool {
	var coder interface{ Code() int }
	return errors.As(err, &coder) && coder.Code()&0xff == 19 // SQLITE_CONSTRAINT
}
