package db

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
)

// ErrMergeIntoItself: a player cannot be merged into itself.
var ErrMergeIntoItself = errors.New("a player cannot be merged into itself")

// MetError: two records of one person cannot be joined when they sat in
// the same match (it would seat one person twice).
type MetError struct{ Matches []string }

func (e *MetError) Error() string {
	return fmt.Sprintf("the two players sat in the same match (%s)", e.Matches[0])
}

// MergePlayer joins two records of one person: every seat of from becomes
// into's, the logs and the matches' options (a first dealer, a team, any
// option of any game that names a player) name into where they named
// from, and each match's state,
// result and placements are derived again from its log, so standings,
// ratings and statistics count those matches for into. from then answers
// with where it went (a *MergedError). Refused with a *MetError when the two
// sat in one match.
func (s *Store) MergePlayer(ctx context.Context, from, into string) (Played, error) {
	if from == into {
		return Played{}, ErrMergeIntoItself
	}
	if _, err := s.GetPlayer(ctx, from); err != nil {
		return Played{}, err
	}
	target, err := s.GetPlayer(ctx, into)
	if err != nil {
		return Played{}, err
	}
	played, err := s.PlayedBy(ctx, from)
	if err != nil {
		return Played{}, err
	}
	unlock := s.locks.ofAll(played.Matches)
	defer unlock()
	if met, err := s.metIn(ctx, from, into); err != nil || len(met) > 0 {
		if err == nil {
			err = &MetError{Matches: met}
		}
		return Played{}, err
	}
	// Each match as it will be: its log naming into, replayed.
	type moved struct {
		cur, next *Match
		events    map[int64]json.RawMessage // the rewritten records' data
	}
	var all []moved
	oldID, newID := quoteID(from), quoteID(into)
	for _, id := range played.Matches {
		cur, log, err := s.loadMatch(ctx, nil, id, -1)
		if err != nil {
			return Played{}, err
		}
		next := *cur
		next.Seats = append([]Seat(nil), cur.Seats...)
		for i := range next.Seats {
			if next.Seats[i].PlayerID == from {
				next.Seats[i] = Seat{PlayerID: into, Name: target.Name, Seat: next.Seats[i].Seat}
			}
		}
		// Options name only seated players, by their IDs as JSON strings.
		next.Options = bytes.ReplaceAll(cur.Options, oldID, newID)
		events := map[int64]json.RawMessage{}
		for i := range log {
			if bytes.Contains(log[i].Data, oldID) {
				log[i].Data = bytes.ReplaceAll(log[i].Data, oldID, newID)
				events[log[i].Seq] = log[i].Data
			}
		}
		if next.State, err = s.replayLog(&next, log); err != nil {
			return Played{}, fmt.Errorf("db: match %s after the merge: %w", id, err)
		}
		next.UpdatedAt = s.now()
		all = append(all, moved{cur, &next, events})
	}
	err = s.w.do(ctx, func(ctx context.Context, tx *sql.Tx) error {
		for _, m := range all {
			if s.d.shared {
				if err := s.stillAt(ctx, tx, m.cur); err != nil {
					return err
				}
			}
			for seq, data := range m.events {
				if _, err := tx.ExecContext(ctx, s.d.rebind(`UPDATE events SET data = ? WHERE match_id = ? AND seq = ?`), string(data), m.cur.ID, seq); err != nil {
					return err
				}
			}
			if _, err := tx.ExecContext(ctx, s.d.rebind(`UPDATE match_players SET player_id = ? WHERE match_id = ? AND player_id = ?`), into, m.cur.ID, from); err != nil {
				return err
			}
			if !bytes.Equal(m.next.Options, m.cur.Options) {
				if _, err := tx.ExecContext(ctx, s.d.rebind(`UPDATE matches SET options = ? WHERE id = ?`), string(m.next.Options), m.cur.ID); err != nil {
					return err
				}
			}
			if err := s.DropSnapshotsFrom(ctx, tx, m.cur.ID, 0); err != nil { // they hold the old player's ID
				return err
			}
			if err := s.rewriteResult(ctx, tx, m.cur, m.next); err != nil {
				return err
			}
			// Stored snapshots hold states that name the merged player.
			if err := s.DropSnapshotsFrom(ctx, tx, m.cur.ID, 0); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, s.d.rebind(`UPDATE players SET merged_into = ? WHERE id = ? OR merged_into = ?`), into, from, from); err != nil {
			return err
		}
		return nil
	})
	for _, m := range all {
		s.cache.drop(m.cur.ID)
	}
	s.peers.rederived(ctx, played.Matches)
	return played, err
}

// metIn lists the matches both players sat in.
func (s *Store) metIn(ctx context.Context, a, b string) ([]string, error) {
	rows, err := s.read.QueryContext(ctx, s.d.rebind(`SELECT match_id FROM match_players WHERE player_id = ?
		AND match_id IN (SELECT match_id FROM match_players WHERE player_id = ?) ORDER BY match_id`), a, b)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// rewriteResult writes next's result in place of cur's (both may be nil):
// the result's row and its placements are written again.
func (s *Store) rewriteResult(ctx context.Context, tx *sql.Tx, cur, next *Match) error {
	if cur.State.Result() != nil {
		// A merge changes the IDs in it, so it is deleted here and
		// written again whole.
		if _, err := tx.ExecContext(ctx, s.d.rebind(`DELETE FROM result_placements WHERE match_id = ?`), cur.ID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.d.rebind(`DELETE FROM match_results WHERE match_id = ?`), cur.ID); err != nil {
			return err
		}
	}
	return s.writeResult(ctx, tx, next, nil, next.State.Result())
}

// stillAt fails when another instance appended to m since it was read.
func (s *Store) stillAt(ctx context.Context, tx *sql.Tx, m *Match) error {
	var status string
	if err := tx.QueryRowContext(ctx, pgLockMatch, m.ID).Scan(&status); err != nil {
		return err
	}
	v, err := s.currentVersion(ctx, tx, m.ID)
	if err != nil {
		return err
	}
	if v != m.Version {
		return &VersionError{Expected: m.Version, Current: v}
	}
	return nil
}

func quoteID(id string) []byte {
	b, _ := json.Marshal(id)
	return b
}

// ofAll locks the stripes of every match in ids, in one order (so two
// callers never wait on each other), and returns the unlock.
func (l *matchLocks) ofAll(ids []string) func() {
	seen := map[int]bool{}
	var stripes []int
	for _, id := range ids {
		if i := l.stripe(id); !seen[i] {
			seen[i] = true
			stripes = append(stripes, i)
		}
	}
	sort.Ints(stripes)
	for _, i := range stripes {
		l[i].Lock()
	}
	return func() {
		for _, i := range stripes {
			l[i].Unlock()
		}
	}
}
