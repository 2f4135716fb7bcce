package db

import (
	"context"
	"database/sql"
)

// updateOne runs an UPDATE of one row, the kind's id, through the writer
// (query written with ? placeholders): a *NotFoundError when it changed
// none.
func (s *Store) updateOne(ctx context.Context, kind, id, query string, args ...any) error {
	return s.w.do(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.d.rebind(query), args...)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return notFound(kind, id)
		}
		return nil
	})
}
