package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"sync"
)

// writeFunc does one logical write inside the batch transaction. It runs
// inside its own savepoint: when it fails, its statements are rolled back and
// the rest of the batch commits without it.
type writeFunc func(ctx context.Context, tx *sql.Tx) error

type writeOp struct {
	fn   writeFunc
	done chan error
}

// writer owns the single write connection. It drains a queue of writes and
// commits whatever queued up while the previous commit was syncing in one
// transaction (group commit), so many appends share one fsync at
// synchronous=FULL. Each request is answered only after its batch commits.
type writer struct {
	conn     *sql.DB
	ops      chan *writeOp
	maxBatch int
	log      *slog.Logger
	stopOnce sync.Once
	stopped  chan struct{}
}

// errStopped is returned for writes submitted after shutdown began.
var errStopped = errors.New("db: the store is closed")

func startWriter(conn *sql.DB, maxBatch int, log *slog.Logger) *writer {
	w := &writer{conn: conn, ops: make(chan *writeOp, maxBatch*4), maxBatch: maxBatch, log: log, stopped: make(chan struct{})}
	go w.run()
	return w
}

// do queues fn and waits until its batch is durable. It waits for the
// outcome even if ctx ends meanwhile: a write that was queued may commit, and
// the caller must know whether it did.
func (w *writer) do(ctx context.Context, fn writeFunc) (err error) {
	op := &writeOp{fn: fn, done: make(chan error, 1)}
	defer func() {
		// Sending on the closed queue after stop panics; report it as closed.
		if recover() != nil {
			err = errStopped
		}
	}()
	select {
	case w.ops <- op:
	case <-ctx.Done():
		return ctx.Err()
	}
	return <-op.done
}

func (w *writer) stop() {
	w.stopOnce.Do(func() { close(w.ops) })
	<-w.stopped
}

func (w *writer) run() {
	defer close(w.stopped)
	batch := make([]*writeOp, 0, w.maxBatch)
	for op := range w.ops {
		batch = append(batch[:0], op)
	drain:
		for len(batch) < w.maxBatch {
			select {
			case next, ok := <-w.ops:
				if !ok {
					break drain
				}
				batch = append(batch, next)
			default:
				break drain
			}
		}
		w.commit(batch)
	}
}

func (w *writer) commit(batch []*writeOp) {
	ctx := context.Background()
	errs := make([]error, len(batch))
	tx, err := w.conn.BeginTx(ctx, nil)
	if err != nil {
		w.finish(batch, errs, fmt.Errorf("db: begin: %w", err))
		return
	}
	ok := 0
	for i, op := range batch {
		errs[i] = runInSavepoint(ctx, tx, op.fn)
		if errs[i] == nil {
			ok++
		}
	}
	if ok == 0 {
		_ = tx.Rollback()
		w.finish(batch, errs, nil)
		return
	}
	if err := tx.Commit(); err != nil {
		w.log.Error("group commit failed", "writes", len(batch), "err", err)
		w.finish(batch, errs, fmt.Errorf("db: commit: %w", err))
		return
	}
	w.finish(batch, errs, nil)
}

// finish answers every op: its own error if it failed, else the batch error
// (nil when the commit succeeded).
func (w *writer) finish(batch []*writeOp, errs []error, batchErr error) {
	for i, op := range batch {
		if errs[i] != nil {
			op.done <- errs[i]
		} else {
			op.done <- batchErr
		}
	}
}

func runInSavepoint(ctx context.Context, tx *sql.Tx, fn writeFunc) (err error) {
	if _, err := tx.ExecContext(ctx, "SAVEPOINT op"); err != nil {
		return fmt.Errorf("db: savepoint: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("db: write panicked: %v", p)
		}
		if err != nil {
			if _, rbErr := tx.ExecContext(ctx, "ROLLBACK TO op"); rbErr != nil {
				err = errors.Join(err, rbErr)
			}
		}
		if _, relErr := tx.ExecContext(ctx, "RELEASE op"); relErr != nil && err == nil {
			err = relErr
		}
	}()
	return fn(ctx, tx)
}
