package db

import (
	"context"
	"database/sql"
	"time"
)

// DefaultKeyTTL is how long an Idempotency-Key is remembered. A retry is for
// a request whose answer was lost moments ago; after a day the same key is a
// new request.
const DefaultKeyTTL = 24 * time.Hour

// PruneIdempotencyKeys forgets the idempotency keys recorded before cutoff
// and returns how many it deleted.
func (s *Store) PruneIdempotencyKeys(ctx context.Context, cutoff time.Time) (int64, error) {
	var n int64
	err := s.w.do(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.d.rebind(`DELETE FROM idempotency_keys WHERE created_at < ?`), formatTime(cutoff))
		if err != nil {
			return err
		}
		n, _ = res.RowsAffected()
		return nil
	})
	return n, err
}

// janitor prunes expired idempotency keys at start and then every interval.
type janitor struct {
	stop chan struct{}
	done chan struct{}
}

func startJanitor(s *Store, ttl, every time.Duration) *janitor {
	j := &janitor{stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(j.done)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			if n, err := s.PruneIdempotencyKeys(context.Background(), s.now().Add(-ttl)); err != nil {
				s.log.Warn("pruning idempotency keys failed", "err", err)
			} else if n > 0 {
				s.log.Info("pruned idempotency keys", "deleted", n, "older_than", ttl)
			}
			select {
			case <-j.stop:
				return
			case <-t.C:
			}
		}
	}()
	return j
}

func (j *janitor) close() {
	close(j.stop)
	<-j.done
}
