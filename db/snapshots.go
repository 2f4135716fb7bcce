package db

import (
	"context"
	"database/sql"
	"fmt"
	"slices"

	"github.com/motamed/motamed/rules"
)

// Snapshots: the state of a match is stored every SnapshotEvery events (less
// often for a very large state: snapshotSpacing) and when it finishes, in the transaction of the event that reaches it, so
// that a state not in the cache (after a restart, or evicted) is read from
// the latest snapshot and the few events after it, not folded from the
// whole log. The two latest boundaries are kept: an undo that voids an
// event before the latest snapshot folds from the one before.

// snapshotWrite is a snapshot to store with an append, prepared on the
// request's goroutine (encoding a long match's state is not work for the
// writer every table waits for).
type snapshotWrite struct {
	seq     int64
	version string
	state   []byte
	keep    int64 // older snapshots than this seq are deleted
}

// snapshotFor is the snapshot to store with the change that takes cur to
// next (finishing the match or not), or nil when next is not at a boundary.
func (s *Store) snapshotFor(cur, next *Match, finishes bool) (*snapshotWrite, error) {
	game, ok := s.games.Get(next.Game)
	if !ok {
		return nil, notFound("game", next.Game)
	}
	return s.snapshotOf(game, cur, next, finishes)
}

// snapshotOf is snapshotFor for a match of game (one an import defines
// and does not offer yet) that finishes or not as it goes from cur to next.
func (s *Store) snapshotOf(game rules.Game, cur, next *Match, finishes bool) (*snapshotWrite, error) {
	every := s.snapshotSpacing(cur)
	if every <= 0 || next.Version == 0 || next.Version%every != 0 && !finishes {
		return nil, nil
	}
	state, err := rules.EncodeState(next.State)
	if err != nil { // the match goes on without it: a snapshot only saves folding
		s.log.Warn("no snapshot", "match", next.ID, "seq", next.Version, "err", err)
		return nil, nil
	}
	next.size = heapPerSnapshotByte * int64(len(state))
	return &snapshotWrite{seq: next.Version, version: rules.SnapshotVersion(game, next.Players(), next.Options),
		state: state, keep: (next.Version/every - 1) * every}, nil
}

// snapshotSpacingBytes is how large a state may be, as a snapshot, and still
// be stored every SnapshotEvery events: 256 KB every 256 events is 1 KB of
// snapshot per event, a few times the event's own row. A larger state is
// stored half as often for each doubling, so that a state which grows with
// its match (Munchkin keeps a row per turn: 1.2 MB at 6,000 events) costs
// the same per event late in the match as early; a miss then folds at most
// as many events as the spacing (2,048 for that state, about 25 ms).
var snapshotSpacingBytes int64 = 256 << 10

// snapshotSpacing is how many events apart m's state is stored: SnapshotEvery
// times the power of two that keeps its size (as last estimated) within that
// many times snapshotSpacingBytes. Boundaries stay multiples of SnapshotEvery.
func (s *Store) snapshotSpacing(m *Match) int64 {
	every, limit := s.cfg.SnapshotEvery, snapshotSpacingBytes
	for every > 0 && m.size/heapPerSnapshotByte > limit && every < 1<<20 {
		every, limit = every*2, limit*2
	}
	return every
}

// write stores the snapshot in the append's transaction.
func (w *snapshotWrite) write(ctx context.Context, s *Store, tx *sql.Tx, matchID string) error {
	if w == nil {
		return nil
	}
	if _, err := tx.ExecContext(ctx, s.d.rebind(`DELETE FROM match_snapshots WHERE match_id = ? AND (seq >= ? OR seq < ?)`),
		matchID, w.seq, w.keep); err != nil {
		return fmt.Errorf("db: replace snapshots: %w", err)
	}
	if _, err := tx.ExecContext(ctx, s.d.rebind(`INSERT INTO match_snapshots (match_id, seq, version, state) VALUES (?, ?, ?, ?)`),
		matchID, w.seq, w.version, w.state); err != nil {
		return fmt.Errorf("db: insert snapshot: %w", err)
	}
	return nil
}

// DropSnapshotsFrom deletes the match's snapshots at seq and after, inside
// tx: a change to the event at seq (a correction) makes them wrong.
func (s *Store) DropSnapshotsFrom(ctx context.Context, tx *sql.Tx, matchID string, seq int64) error {
	_, err := tx.ExecContext(ctx, s.d.rebind(`DELETE FROM match_snapshots WHERE match_id = ? AND seq >= ?`), matchID, seq)
	return err
}

// CheckSnapshots compares every stored snapshot of the match with a replay
// of its log up to the snapshot's seq, and reports those that differ or
// cannot be read (a snapshot of another version is reported as such).
func (s *Store) checkSnapshots(ctx context.Context, m *Match, log []Event) ([]string, error) {
	game, ok := s.games.Get(m.Game)
	if !ok {
		return nil, nil
	}
	version := rules.SnapshotVersion(game, m.Players(), m.Options)
	rows, err := s.read.QueryContext(ctx, s.d.rebind(`SELECT seq, version, state FROM match_snapshots WHERE match_id = ? ORDER BY seq`), m.ID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var seq int64
		var v string
		var data []byte
		if err := rows.Scan(&seq, &v, &data); err != nil {
			return nil, err
		}
		switch {
		case v != version:
			continue // written by other rules: never read, rewritten at the next boundary
		case seq > int64(len(log)):
			problems = append(problems, fmt.Sprintf("snapshot at %d is past the log's end", seq))
			continue
		}
		snap, err := rules.DecodeState(game, m.Players(), m.Options, data)
		if err != nil {
			problems = append(problems, fmt.Sprintf("snapshot at %d: %v", seq, err))
			continue
		}
		replayed, err := rules.Replay(game, m.Players(), m.Options, effectiveEvents(slices.Clone(log[:seq])))
		if err != nil {
			return nil, err
		}
		a, errA := rules.Fingerprint(snap)
		b, errB := rules.Fingerprint(replayed)
		if errA != nil || errB != nil || string(a) != string(b) {
			problems = append(problems, fmt.Sprintf("snapshot at %d differs from the replay", seq))
		}
	}
	return problems, rows.Err()
}
