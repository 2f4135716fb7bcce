package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"
)

// MatchChange is a change to what is not play; nil fields stay as they
// are, an empty string clears a label. Status is "" (no change),
// StatusAbandoned, or the status the match had before it was abandoned
// (which restores it).
type MatchChange struct {
	Table    *string    `json:"table,omitempty"`
	Location *string    `json:"location,omitempty"`
	Notes    *string    `json:"notes,omitempty"`
	PlayedAt *time.Time `json:"played_at,omitempty"`
	Status   string     `json:"status,omitempty"`
}

// UpdateMatch records a change to what is not play as a record of the log
// (so the version moves, streams carry it, and the log says who changed
// what and when) and in the match's row. Abandoning takes the match out
// of play, standings and ratings; restoring brings it back as it was.
func (s *Store) UpdateMatch(ctx context.Context, matchID string, ch MatchChange, opt AppendOptions) (*Appended, error) {
	res, err := s.mutate(ctx, matchID, opt, func(ctx context.Context, q querier, cur *Match) (*Match, Event, error) {
		next := *cur
		if ch.Table != nil {
			next.Meta.Table = *ch.Table
		}
		if ch.Location != nil {
			next.Meta.Location = *ch.Location
		}
		if ch.Notes != nil {
			next.Meta.Notes = *ch.Notes
		}
		if ch.PlayedAt != nil {
			t := ch.PlayedAt.UTC()
			next.Meta.PlayedAt = &t
		}
		switch played := statusOf(cur.State); {
		case ch.Status == "":
		case ch.Status == StatusAbandoned:
			if cur.Abandoned {
				return nil, Event{}, &ConflictError{Reason: "the match is abandoned already"}
			}
			next.Abandoned = true
		case !cur.Abandoned && ch.Status == played:
		case !cur.Abandoned:
			return nil, Event{}, &ConflictError{Reason: fmt.Sprintf("a match's status follows its play: it is %s; only abandoning it, or restoring an abandoned match, can be asked for", played)}
		case ch.Status != played:
			return nil, Event{}, &ConflictError{Reason: fmt.Sprintf("the match was %s before it was abandoned: restore it to %s", played, played)}
		default:
			next.Abandoned = false
		}
		data, err := json.Marshal(ch)
		if err != nil {
			return nil, Event{}, err
		}
		n := s.advance(&next, cur.State)
		n.StartedAt = cur.StartedAt // not play: the match did not start with it
		n.Rewritten = false
		return n, Event{Seq: n.Version, Type: MatchUpdateType, Data: data, TokenID: opt.TokenID, CreatedAt: n.UpdatedAt}, nil
	})
	if err != nil {
		return nil, err
	}
	// Abandoning, restoring or moving a finished match in time changes its
	// league's standings.
	if res.Match.State.Result() != nil && (ch.Status != "" || ch.PlayedAt != nil) {
		res.ResultChanged = true
	}
	return res, nil
}

// writeMeta writes next's labels, times and abandonment (the time of the
// latest change while abandoned) to its row, for a match_updated record.
func (s *Store) writeMeta(ctx context.Context, tx *sql.Tx, next *Match) error {
	var abandoned any
	if next.Abandoned {
		abandoned = formatTime(next.UpdatedAt)
	}
	_, err := tx.ExecContext(ctx, s.d.rebind(`UPDATE matches SET table_label = ?, location = ?, notes = ?, played_at = ?, listed_at = ?,
		abandoned_at = ? WHERE id = ?`),
		nullable(next.Meta.Table), nullable(next.Meta.Location), nullable(next.Meta.Notes), nullTime(next.Meta.PlayedAt), s.listedAt(next),
		abandoned, next.ID)
	return err
}
