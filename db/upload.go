package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// LogEventError refuses a match created with its log: event Index of the
// log (counted from 1), of type Type, is not legal where it stands. Err is
// why, as that event alone would have been answered.
type LogEventError struct {
	Index int
	Type  string
	Err   error
}

func (e *LogEventError) Error() string {
	return fmt.Sprintf("event %d of the log (%s) is not legal: %v", e.Index, e.Type, e.Err)
}

func (e *LogEventError) Unwrap() error { return e.Err }

// createKeyPrefix marks the idempotency key of a match's creation, so that
// it never answers an event's retry, nor an event's key a creation's.
const createKeyPrefix = "create:"

// CreateMatchWithLog creates a match with its log, all or nothing: the
// game is set up as CreateMatch sets it up, and each event of nm.Events is
// checked by today's rules against the state the ones before it left, as
// appending them one by one would. The first event refused refuses the
// whole match (a *LogEventError) and nothing is stored. Otherwise the
// match, its events (seq 1, 2, ...), its result when the log finishes it
// and the creation's idempotency key commit in one transaction.
//
// With a key, a retry by the same token with the same request (hash)
// answers the match created the first time, replayed true; with another
// request it is ErrKeyReused.
func (s *Store) CreateMatchWithLog(ctx context.Context, nm NewMatch, key, hash string) (*Match, bool, error) {
	if key != "" {
		mu := s.locks.of(createKeyPrefix + key)
		mu.Lock()
		defer mu.Unlock()
		id, first, err := s.createdWithKey(ctx, nm.CreatedBy, key)
		if err != nil {
			return nil, false, err
		}
		if id != "" {
			if first != hash {
				return nil, false, ErrKeyReused
			}
			m, err := s.GetMatch(ctx, id)
			return m, true, err
		}
	}
	game, ok := s.game(ctx, nm.Game)
	if !ok {
		return nil, false, notFound("game", nm.Game)
	}
	m, err := s.newMatch(ctx, nm)
	if err != nil {
		return nil, false, err
	}
	cur := m
	changes := make([]change, 0, len(nm.Events))
	for i, ev := range nm.Events {
		state, notes, err := game.Apply(cur.State, ev)
		if err != nil {
			return nil, false, &LogEventError{Index: i + 1, Type: ev.Type, Err: err}
		}
		next := s.advance(cur, state)
		rec := Event{Seq: next.Version, Type: ev.Type, Data: canonicalData(ev.Data), Notes: notes, TokenID: nm.CreatedBy, CreatedAt: next.UpdatedAt}
		changes = append(changes, s.changeOf(cur, next, rec))
		cur = next
	}
	opts := make([]AppendOptions, len(changes))
	if key != "" && len(changes) > 0 {
		opts[len(opts)-1] = AppendOptions{IdempotencyKey: createKeyPrefix + key, RequestHash: hash}
	}
	err = s.w.do(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if err := s.insertMatchRows(ctx, tx, m); err != nil {
			return err
		}
		for i, ch := range changes {
			if err := s.recordEvent(ch, opts[i])(ctx, tx); err != nil {
				return err
			}
		}
		if key != "" && len(changes) == 0 {
			if _, err := tx.StmtContext(ctx, s.stmts.insertKey).ExecContext(ctx, m.ID, createKeyPrefix+key, hash, 0, formatTime(m.CreatedAt)); err != nil {
				return fmt.Errorf("db: insert idempotency key: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		s.cache.drop(m.ID)
		return nil, false, err
	}
	s.cache.put(cur)
	return cur, false, nil
}

// createdWithKey is the match the token created with key, and the hash of
// the request it was created by ("" when there is none).
func (s *Store) createdWithKey(ctx context.Context, token, key string) (id, hash string, err error) {
	err = s.read.QueryRowContext(ctx, s.d.rebind(`SELECT k.match_id, k.request_hash FROM idempotency_keys k JOIN matches m ON m.id = k.match_id
		WHERE k.key = ? AND COALESCE(m.created_by, '') = ?`), createKeyPrefix+key, token).Scan(&id, &hash)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", nil
	}
	return id, hash, err
}
