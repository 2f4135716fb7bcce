package db

import (
	"context"
	"database/sql"
	"time"
)

// TokenUseGranularity is how finely a token's last use is kept: the server
// writes it at most once per this interval and token, and a write that
// finds a use already stored within it changes nothing.
const TokenUseGranularity = time.Minute

// TouchToken records that a token was used at. It writes only when the
// stored last use is older than TokenUseGranularity, so several servers
// sharing a database do not each write on every use either.
func (s *Store) TouchToken(ctx context.Context, id string, at time.Time) error {
	return s.w.do(ctx, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.d.rebind(`UPDATE tokens SET last_used_at = ?
			WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)`),
			formatTime(at.Truncate(time.Second)), id, formatTime(at.Truncate(time.Second).Add(-TokenUseGranularity)))
		return err
	})
}

// RelabelToken changes a token's label (a table renamed, a screen moved);
// its secret, role and league stay.
func (s *Store) RelabelToken(ctx context.Context, id, label string) (*Token, error) {
	if err := s.updateOne(ctx, "token", id, `UPDATE tokens SET label = ? WHERE id = ?`, label, id); err != nil {
		return nil, err
	}
	return s.GetToken(ctx, id)
}
