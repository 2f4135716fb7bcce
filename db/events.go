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
	return s.mutate(ctx, matchID, opt, func(ctx context.Context, q querier, cur *Match) (*Match, Event, error) {
		if cur.Abandoned {
			return nil, Event{}, ErrAbandoned
		}
		game, ok := s.game(ctx, cur.Game)
		if !ok {
			return nil, Event{}, notFound("game", cur.Game)
		}
		state, notes, err := game.Apply(cur.State, ev)
		if err != nil {
			return nil, Event{}, s.mergedNamed(ctx, q, cur, ev.Data, err)
		}
		next := s.advance(cur, state)
		return next, Event{Seq: next.Version, Type: ev.Type, Data: canonicalData(ev.Data), Notes: notes, TokenID: opt.TokenID, CreatedAt: next.UpdatedAt}, nil
	})
}

// Undo voids the latest effective event by appending an undo record; the
// state is the fold of the log without the voided event.
func (s *Store) Undo(ctx context.Context, matchID string, opt AppendOptions) (*Appended, error) {
	return s.mutate(ctx, matchID, opt, func(ctx context.Context, q querier, cur *Match) (*Match, Event, error) {
		if cur.Abandoned {
			return nil, Event{}, ErrAbandoned
		}
		log, err := s.readEvents(ctx, q, matchID)
		if err != nil {
			return nil, Event{}, err
		}
		order, _ := markLog(log)
		if len(order) == 0 {
			return nil, Event{}, ErrNothingToUndo
		}
		voids := log[order[len(order)-1]].Seq
		data, _ := json.Marshal(map[string]int64{"voids": voids})
		rec := Event{Seq: cur.Version + 1, Type: rules.UndoType, Data: data, TokenID: opt.TokenID}
		state, err := s.foldLatest(ctx, q, cur, rec)
		if err != nil {
			return nil, Event{}, fmt.Errorf("db: replay after undo: %w", err)
		}
		next := s.advance(cur, state)
		rec.CreatedAt, rec.Voids = next.UpdatedAt, voids
		return next, rec, nil
	})
}

// buildFunc decides one append: from the match as it is now (cur, and its
// log read through q when needed) it returns the match after the event and
// the event's record, or why the event is refused.
type buildFunc func(ctx context.Context, q querier, cur *Match) (next *Match, rec Event, err error)

// mutate runs one append or undo under the match's lock: the idempotency
// key and If-Match are checked against the current version, build decides
// the event, and the event is recorded.
//
// SQLite: this process is the only writer, so the cached state is current
// and the lock is a mutex stripe; the write goes through the group-commit
// queue. PostgreSQL: see mutateShared.
func (s *Store) mutate(ctx context.Context, matchID string, opt AppendOptions, build buildFunc) (*Appended, error) {
	mu := s.locks.of(matchID)
	mu.Lock()
	defer mu.Unlock()
	if s.d.shared {
		return s.mutateShared(ctx, matchID, opt, build)
	}

	cur, err := s.GetMatch(ctx, matchID)
	if err != nil {
		return nil, err
	}
	if err := opt.authorize(cur); err != nil {
		return nil, err
	}
	if done, err := s.replayIdempotent(ctx, nil, cur, opt); done != nil || err != nil {
		return done, err
	}
	if opt.IfMatch != nil && *opt.IfMatch != cur.Version {
		return nil, &VersionError{Expected: *opt.IfMatch, Current: cur.Version}
	}
	next, rec, err := build(ctx, s.read, cur)
	if err != nil {
		return nil, err
	}
	return s.commitAppend(ctx, cur, next, rec, opt)
}

// mutateShared is an append on a database that other instances write too
// (PostgreSQL). One transaction, on one connection, holds the match's row
// lock (SELECT ... FOR UPDATE) from before the current version is read
// until the event commits, so appends to one match from any instance run
// one after the other: each sees the log the previous one committed, the
// cached state is used only when it is at that version (else the log is
// replayed inside the transaction), the idempotency key is looked up after
// any earlier request with the same key committed, and the event is checked
// against the state it will follow. The events primary key stays as the
// last guard: an append at a seq already taken fails as a *VersionError.
func (s *Store) mutateShared(ctx context.Context, matchID string, opt AppendOptions, build buildFunc) (*Appended, error) {
	tx, err := s.write.BeginTx(ctx, nil) // READ COMMITTED: each statement sees what committed before it
	if err != nil {
		return nil, fmt.Errorf("db: begin: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	var status string
	if err := tx.QueryRowContext(ctx, pgLockMatch, matchID).Scan(&status); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, notFound("match", matchID)
		}
		return nil, fmt.Errorf("db: lock match: %w", err)
	}
	cur, err := s.freshMatch(ctx, tx, matchID)
	if err != nil {
		return nil, err
	}
	if err := opt.authorize(cur); err != nil {
		return nil, err
	}
	if done, err := s.replayIdempotent(ctx, tx, cur, opt); done != nil || err != nil {
		return done, err
	}
	if opt.IfMatch != nil && *opt.IfMatch != cur.Version {
		return nil, &VersionError{Expected: *opt.IfMatch, Current: cur.Version}
	}
	next, rec, err := build(ctx, tx, cur)
	if err != nil {
		return nil, err
	}
	res := appended(cur, next, rec)
	if err := s.recordEvent(cur, next, rec, opt)(ctx, tx); err != nil {
		s.cache.drop(matchID)
		return nil, err
	}
	if err := tx.Commit(); err != nil {
		s.cache.drop(matchID)
		return nil, fmt.Errorf("db: commit: %w", err)
	}
	res.FirstFinish = next.State.Result() != nil && cur.FinishSeq == 0
	s.cache.put(next)
	return res, nil
}

// authorize asks opt.Authorize, when set, about cur.
func (opt AppendOptions) authorize(cur *Match) error {
	if opt.Authorize == nil {
		return nil
	}
	return opt.Authorize(cur)
}

// appended is the answer to an append of rec that took cur to next.
func appended(cur, next *Match, rec Event) *Appended {
	before, after := cur.State.Result(), next.State.Result()
	return &Appended{Match: next, Event: rec, Before: cur, ResultChanged: !sameResult(resultJSON(before), after)}
}

// commitAppend writes the event through the group-commit writer and, once
// it is durable, makes next the cached state. On failure the cached entry
// is dropped, so the next request rebuilds from what the database holds.
func (s *Store) commitAppend(ctx context.Context, cur, next *Match, rec Event, opt AppendOptions) (*Appended, error) {
	res := appended(cur, next, rec)
	if err := s.w.do(ctx, s.recordEvent(cur, next, rec, opt)); err != nil {
		s.cache.drop(next.ID)
		return nil, err
	}
	res.FirstFinish = next.State.Result() != nil && cur.FinishSeq == 0
	s.cache.put(next)
	return res, nil
}

// advance returns a copy of cur at the next version with state.
func (s *Store) advance(cur *Match, state rules.State) *Match {
	next := *cur
	next.State = state
	if cur.size > 0 { // a state grows by about its average event's size
		next.size = cur.size + cur.size/max(cur.Version, 1)
	}
	next.Version = cur.Version + 1
	next.Rewritten = false
	next.Status = next.statusWith(state)
	next.UpdatedAt = s.now()
	if next.StartedAt == nil {
		next.StartedAt = &next.UpdatedAt
	}
	if next.FinishedAt == nil && statusOf(state) == StatusFinished {
		next.FinishedAt = &next.UpdatedAt
	}
	return &next
}

// recordEvent is the write of one append: the event, the match row (guarded
// by its version so a stale writer can never add a second event at the same
// place), the result when the status changes, and the idempotency key.
//
// What needs no transaction (the notes' JSON, the time's text) is prepared
// here, on the request's goroutine: the write runs on the one writer, which
// every table waits for.
func (s *Store) recordEvent(cur, next *Match, rec Event, opt AppendOptions) writeFunc {
	inserts := make([]writeFunc, 0, len(rec.earlier)+1)
	for _, e := range append(rec.earlier, rec) {
		inserts = append(inserts, s.insertEvent(cur, next, e))
	}
	created := formatTime(rec.CreatedAt)
	snap, snapErr := s.snapshotFor(cur, next)
	return func(ctx context.Context, tx *sql.Tx) error {
		if snapErr != nil {
			return snapErr
		}
		for _, insert := range inserts {
			if err := insert(ctx, tx); err != nil {
				return err
			}
		}
		if err := snap.write(ctx, s, tx, next.ID); err != nil {
			return err
		}
		if status := statusOf(next.State); status != statusOf(cur.State) {
			if _, err := tx.StmtContext(ctx, s.stmts.updateStatus).ExecContext(ctx, status, nullTime(next.FinishedAt), next.ID); err != nil {
				return fmt.Errorf("db: update match: %w", err)
			}
		}
		if err := s.writeResult(ctx, tx, cur, next); err != nil {
			return err
		}
		if rec.Type == MatchUpdateType {
			if err := s.writeMeta(ctx, tx, next); err != nil {
				return fmt.Errorf("db: update match: %w", err)
			}
		}
		if next.State.Result() != nil && cur.FinishSeq == 0 {
			// The first finish: take the next place in the finish order.
			// On SQLite the writer commits one batch at a time, so MAX+1 is
			// unique; on PostgreSQL an advisory lock held until commit makes
			// it so across instances.
			if s.d.engine == enginePostgres {
				if _, err := tx.ExecContext(ctx, pgFinishLock); err != nil {
					return fmt.Errorf("db: finish order lock: %w", err)
				}
			}
			if err := tx.StmtContext(ctx, s.stmts.finishOrder).QueryRowContext(ctx, next.ID).Scan(&next.FinishSeq); err != nil {
				return fmt.Errorf("db: finish order: %w", err)
			}
		}
		if opt.IdempotencyKey != "" {
			if _, err := tx.StmtContext(ctx, s.stmts.insertKey).ExecContext(ctx,
				next.ID, opt.IdempotencyKey, opt.RequestHash, rec.Seq, created); err != nil {
				return fmt.Errorf("db: insert idempotency key: %w", err)
			}
		}
		return nil
	}
}

// insertEvent is the write of one record of an append: the snapshots it
// makes stale are dropped (a correction's) and its row inserted.
func (s *Store) insertEvent(cur, next *Match, rec Event) writeFunc {
	var notes any
	var notesErr error
	if len(rec.Notes) > 0 {
		var b []byte
		b, notesErr = json.Marshal(rec.Notes)
		notes = string(b)
	}
	data, created := string(rec.Data), formatTime(rec.CreatedAt)
	if rec.Revision == 0 { // accepted now, by today's rules
		rec.Revision = rules.FirstRevision
		if g, ok := s.games.Get(next.Game); ok {
			rec.Revision = rules.RevisionOf(g)
		}
	}
	return func(ctx context.Context, tx *sql.Tx) error {
		if notesErr != nil {
			return notesErr
		}
		var corrects any
		if rec.Corrects > 0 {
			corrects = rec.Corrects
			// The snapshots from the corrected event on hold what it was.
			if err := s.DropSnapshotsFrom(ctx, tx, next.ID, rec.Corrects); err != nil {
				return err
			}
		}
		if _, err := tx.StmtContext(ctx, s.stmts.insertEvent).ExecContext(ctx,
			next.ID, rec.Seq, rec.Type, data, notes, created, corrects, nullable(rec.TokenID), rec.Revision); err != nil {
			if s.d.isConstraint(err) {
				// Another append was checked against the same version and
				// committed first (possible only with several writers on one
				// database): this one is stale.
				return &VersionError{Expected: cur.Version, Current: -1}
			}
			return fmt.Errorf("db: insert event: %w", err)
		}
		return nil
	}
}

// writeResult keeps match_results and result_placements equal to the
// state's result: written when a match finishes, removed when a correction
// reopens it, rewritten when a correction changes it.
func (s *Store) writeResult(ctx context.Context, tx *sql.Tx, cur, next *Match) error {
	before, after := cur.State.Result(), next.State.Result()
	if before == nil && after == nil {
		return nil
	}
	if before != nil {
		if _, err := tx.StmtContext(ctx, s.stmts.deletePlacements).ExecContext(ctx, next.ID); err != nil {
			return err
		}
		if _, err := tx.StmtContext(ctx, s.stmts.deleteResult).ExecContext(ctx, next.ID); err != nil {
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
	if _, err := tx.StmtContext(ctx, s.stmts.insertResult).ExecContext(ctx, next.ID, string(b), formatTime(next.UpdatedAt)); err != nil {
		return fmt.Errorf("db: insert result: %w", err)
	}
	totals := next.State.Scores().Totals
	insert := tx.StmtContext(ctx, s.stmts.insertPlacement)
	for _, p := range after.Placements {
		var score any
		if v, ok := totals[p.PlayerID]; ok {
			score = v
		}
		if _, err := insert.ExecContext(ctx, next.ID, p.PlayerID, p.Place, score); err != nil {
			return fmt.Errorf("db: insert placement: %w", err)
		}
	}
	return nil
}

// replayIdempotent answers a retried request: when the key was used before
// with the same body it returns the first answer (the event and the match as
// that event left it); with another body it returns ErrKeyReused.
//
// tx, when not nil, is the append's transaction (PostgreSQL), read through
// so the answer is consistent with the row lock it holds.
func (s *Store) replayIdempotent(ctx context.Context, tx *sql.Tx, cur *Match, opt AppendOptions) (*Appended, error) {
	if opt.IdempotencyKey == "" {
		return nil, nil
	}
	var q querier = s.read
	if tx != nil {
		q = tx
	}
	var hash string
	var seq int64
	err := q.QueryRowContext(ctx, s.d.rebind(`SELECT request_hash, seq FROM idempotency_keys WHERE match_id = ? AND key = ?`),
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
	m, log, err := s.loadMatch(ctx, tx, cur.ID, seq)
	if err != nil {
		return nil, err
	}
	return &Appended{Match: m, Event: log[seq-1], Replayed: true}, nil
}

// Events returns a match's whole log, marking voided events and those in
// force only by grandfathering; the notes of the events in force are the
// rulings on the log in force (ruleInForce). A log that does not replay is
// returned all the same, unmarked, so that it can be read and corrected.
func (s *Store) Events(ctx context.Context, matchID string) ([]Event, error) {
	m, err := s.readMatchRow(ctx, s.read, matchID)
	if err != nil {
		return nil, err
	}
	log, err := s.readEvents(ctx, s.read, matchID)
	if err != nil {
		return nil, err
	}
	if err := s.markGrandfathered(ctx, m, log); err != nil {
		_ = s.replayFailed(matchID, err) // logged once
	}
	s.ruleInForce(m, log)
	return log, nil
}

func (s *Store) readEvents(ctx context.Context, q querier, matchID string) ([]Event, error) {
	rows, err := q.QueryContext(ctx, s.d.rebind(`SELECT seq, type, data, notes, created_at, corrects, token_id, revision FROM events WHERE match_id = ? ORDER BY seq`), matchID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var log []Event
	for rows.Next() {
		var e Event
		var data, created string
		var notes, token sql.NullString
		var corrects, revision sql.NullInt64
		if err := rows.Scan(&e.Seq, &e.Type, &data, &notes, &created, &corrects, &token, &revision); err != nil {
			return nil, err
		}
		e.Revision = revisionOf(revision)
		e.Corrects, e.TokenID = corrects.Int64, token.String
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
	markLog(log)
	return log, nil
}

// replayLog folds m's log (as readEvents returned it) from m's setup.
func (s *Store) replayLog(m *Match, log []Event) (rules.State, error) {
	game, ok := s.games.Get(m.Game)
	if !ok {
		return nil, fmt.Errorf("db: match %s is of game %q, which this server does not offer", m.ID, m.Game)
	}
	return rules.Replay(game, m.Players(), m.Options, effectiveEvents(log))
}

// canonicalData stores an omitted data object as {}.
func canonicalData(d json.RawMessage) json.RawMessage {
	if len(d) == 0 {
		return json.RawMessage("{}")
	}
	return d
}
