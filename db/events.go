package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"

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
	ch := s.changeOf(cur, next, rec)
	res := ch.answer()
	if err := s.recordEvent(ch, opt)(ctx, tx); err != nil {
		s.cache.drop(matchID)
		return nil, err
	}
	if err := tx.Commit(); err != nil {
		s.cache.drop(matchID)
		return nil, fmt.Errorf("db: commit: %w", err)
	}
	res.FirstFinish = ch.firstFinish()
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

// change is one append: the match as the append found it (cur), the
// record that takes it on (rec) and the match after it (next), with the
// match's result before and after, each asked of its state once (a score
// sheet ranks its players every time it is asked), and the snapshot to
// store with it.
type change struct {
	cur, next     *Match
	rec           Event
	before, after *rules.Result
	snap          *snapshotWrite
	snapErr       error
}

// resultsOf is the change from cur to next by rec, without its snapshot.
func resultsOf(cur, next *Match, rec Event) change {
	return change{cur: cur, next: next, rec: rec, before: cur.State.Result(), after: next.State.Result()}
}

// changeOf prepares the write of the change from cur to next by rec on
// the request's goroutine: its results and, at a boundary, its snapshot
// (encoding a long match's state is not work for the writer every table
// waits for).
func (s *Store) changeOf(cur, next *Match, rec Event) change {
	ch := resultsOf(cur, next, rec)
	ch.snap, ch.snapErr = s.snapshotFor(cur, next, ch.finishes())
	return ch
}

// finishes reports whether the change takes the match from in progress to
// finished.
func (ch change) finishes() bool { return ch.after != nil && ch.before == nil }

// firstFinish reports whether the match is finished after the change and
// never was before it, so it takes the next place in the finish order.
func (ch change) firstFinish() bool { return ch.after != nil && ch.cur.FinishSeq == 0 }

// answer is the answer to the change.
func (ch change) answer() *Appended {
	return &Appended{Match: ch.next, Event: ch.rec, Before: ch.cur, ResultChanged: !sameResult(resultJSON(ch.before), ch.after)}
}

// commitAppend writes the event through the group-commit writer and, once
// it is durable, makes next the cached state. On failure the cached entry
// is dropped, so the next request rebuilds from what the database holds.
func (s *Store) commitAppend(ctx context.Context, cur, next *Match, rec Event, opt AppendOptions) (*Appended, error) {
	ch := s.changeOf(cur, next, rec)
	res := ch.answer()
	if err := s.w.do(ctx, s.recordEvent(ch, opt)); err != nil {
		s.cache.drop(next.ID)
		return nil, err
	}
	res.FirstFinish = ch.firstFinish()
	s.cache.put(next)
	return res, nil
}

// recordEvent is the write of one append: the event, the match row (guarded
// by its version so a stale writer can never add a second event at the same
// place), the result when the status changes, and the idempotency key.
//
// What needs no transaction (the notes' JSON, the time's text, and in
// changeOf the snapshot) is prepared on the request's goroutine: the write runs on the one writer, which
// every table waits for.
func (s *Store) recordEvent(ch change, opt AppendOptions) writeFunc {
	cur, next, rec := ch.cur, ch.next, ch.rec
	inserts := make([]writeFunc, 0, len(rec.earlier)+1)
	for _, e := range append(rec.earlier, rec) {
		inserts = append(inserts, s.insertEvent(cur, next, e))
	}
	created := formatTime(rec.CreatedAt)
	return func(ctx context.Context, tx *sql.Tx) error {
		if ch.snapErr != nil {
			return ch.snapErr
		}
		for _, insert := range inserts {
			if err := insert(ctx, tx); err != nil {
				return err
			}
		}
		if err := ch.snap.write(ctx, s, tx, next.ID); err != nil {
			return err
		}
		if (ch.before == nil) != (ch.after == nil) {
			if _, err := tx.StmtContext(ctx, s.stmts.updateStatus).ExecContext(ctx, statusOfResult(ch.after), nullTime(next.FinishedAt), next.ID); err != nil {
				return fmt.Errorf("db: update match: %w", err)
			}
		}
		if err := s.writeResult(ctx, tx, next, ch.before, ch.after); err != nil {
			return err
		}
		if rec.Type == MatchUpdateType {
			if err := s.writeMeta(ctx, tx, next); err != nil {
				return fmt.Errorf("db: update match: %w", err)
			}
		}
		if ch.firstFinish() {
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

// writeResult keeps match_results and result_placements equal to next's
// result (after; before is the result they hold now): written when a match
// finishes, removed when a correction reopens it, rewritten when a
// correction changes it.
func (s *Store) writeResult(ctx context.Context, tx *sql.Tx, next *Match, before, after *rules.Result) error {
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

// statusOfResult is the status of a match whose state has result r.
func statusOfResult(r *rules.Result) string {
	if r != nil {
		return StatusFinished
	}
	return StatusInProgress
}

// sameResult compares a stored result (decoded JSON) with a replayed one.
func sameResult(stored any, replayed *rules.Result) bool {
	if stored == nil || replayed == nil {
		return stored == nil && replayed == nil
	}
	raw, err := json.Marshal(replayed)
	if err != nil {
		return false
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return false
	}
	return reflect.DeepEqual(stored, v)
}

// resultJSON turns a result into what storedResult returns, so the two can
// be compared with sameResult.
func resultJSON(r *rules.Result) any {
	if r == nil {
		return nil
	}
	raw, err := json.Marshal(r)
	if err != nil {
		return nil
	}
	var v any
	_ = json.Unmarshal(raw, &v)
	return v
}
