package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
)

// writeFunc does one logical write inside the batch transaction.
type writeFunc func(ctx context.Context, tx *sql.Tx) error

type writeOp struct {
	fn   writeFunc
	done chan error // the batch's outcome, sent once
	// alone runs the write in a transaction of its own (see doAlone).
	alone bool
}

// writer owns the single write connection. It drains a queue of writes and
// commits whatever queued up while the previous commit was syncing in one
// transaction (group commit), so many appends share one fsync at
// synchronous=FULL. Each request is answered only after its batch commits.
//
// Every write was checked by the rules before it was queued, so a write
// failing inside a batch is rare (a constraint, a full disk). A batch
// therefore runs without per-write savepoints; if any write fails, the
// whole transaction is rolled back and each write of the batch is retried
// alone in its own transaction, so one failing write never takes its
// neighbours down with it.
//
// On PostgreSQL the writer is direct (startDirectWriter): each write runs in
// its own transaction on the pool, concurrently with the others. The server
// batches the fsyncs of concurrent commits itself, and several instances
// write the same database, so a queue in one of them would serialize only
// its own share of the writes.
type writer struct {
	conn     *sql.DB
	ops      chan *writeOp
	maxBatch int
	log      *slog.Logger
	stopOnce sync.Once
	stopped  chan struct{}
	direct   bool
	closed   atomic.Bool
	// checkpoint, when set, asks run to checkpoint the log from the write
	// connection between two commits (see checkpointer) and to close the
	// channel when done.
	checkpoint atomic.Pointer[chan struct{}]
	// checkpoints counts the checkpoints run from the write connection,
	// checkpointsBusy those that found another checkpoint holding the log
	// and did nothing, checkpointsShort those that could not copy the whole
	// log (a reader still needed its end).
	checkpoints, checkpointsBusy, checkpointsShort atomic.Int64
}

// askCheckpoint makes the writer checkpoint the log after its current
// commit; the channel it returns is closed once that checkpoint is done.
func (w *writer) askCheckpoint() <-chan struct{} {
	done := make(chan struct{})
	for {
		if w.checkpoint.CompareAndSwap(nil, &done) {
			return done
		}
		if asked := w.checkpoint.Load(); asked != nil {
			return *asked
		}
	}
}

// errStopped is returned for writes submitted after shutdown began.
var errStopped = errors.New("db: the store is closed")

// startDirectWriter returns a writer that runs each write at once in its
// own transaction (PostgreSQL).
func startDirectWriter(conn *sql.DB, log *slog.Logger) *writer {
	w := &writer{conn: conn, log: log, direct: true, stopped: make(chan struct{})}
	close(w.stopped)
	return w
}

func startWriter(conn *sql.DB, maxBatch int, log *slog.Logger) *writer {
	w := &writer{conn: conn, ops: make(chan *writeOp, maxBatch*4), maxBatch: maxBatch, log: log, stopped: make(chan struct{})}
	go w.run()
	return w
}

// do queues fn and waits until its batch is durable. It waits for the
// outcome even if ctx ends meanwhile: a write that was queued may commit, and
// the caller must know whether it did.
func (w *writer) do(ctx context.Context, fn writeFunc) (err error) {
	return w.submit(ctx, &writeOp{fn: fn, done: make(chan error, 1)})
}

// doAlone is do for a large write (an import of thousands of plays) that
// must be all or nothing: it is committed in a transaction of its own, not
// batched with the writes queued around it, so its failure (or its
// caller giving up inside fn) rolls back only it, and it is never run a
// second time the way a failed batch's writes are retried one by one.
func (w *writer) doAlone(ctx context.Context, fn writeFunc) error {
	return w.submit(ctx, &writeOp{fn: fn, done: make(chan error, 1), alone: true})
}

// submit queues op and waits for its outcome.
func (w *writer) submit(ctx context.Context, op *writeOp) (err error) {
	if w.direct {
		if w.closed.Load() {
			return errStopped
		}
		return w.runBatch([]*writeOp{op})
	}
	defer func() {
		// Sending on the closed queue after stop panics; report it as closed.
		if recover() != nil {
			err = errStopped
		}
	}()
	select {
	case w.ops <- op:
	default:
		// The queue is full: wait for room, or for the caller to give up.
		// (Done is asked for only here: a request's context makes its
		// timer when something first waits on it.)
		select {
		case w.ops <- op:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return <-op.done
}

func (w *writer) stop() {
	w.closed.Store(true)
	if w.direct {
		return
	}
	w.stopOnce.Do(func() { close(w.ops) })
	<-w.stopped
}

func (w *writer) run() {
	defer close(w.stopped)
	batch := make([]*writeOp, 0, w.maxBatch)
	var held *writeOp // a write to run alone, met while draining
	for {
		op := held
		if op == nil {
			var ok bool
			if op, ok = <-w.ops; !ok {
				return
			}
		}
		batch, held = append(batch[:0], op), nil
		if !op.alone {
			held = w.drain(&batch)
		}
		w.commit(batch)
		if done := w.checkpoint.Swap(nil); done != nil {
			w.checkpointLog()
			close(*done)
		}
	}
}

// checkpointLog checkpoints the log from the write connection, between two
// commits, so nothing is appended while it copies.
func (w *writer) checkpointLog() {
	w.checkpoints.Add(1)
	r, err := passiveCheckpoint(w.conn)
	switch {
	case err != nil:
		w.log.Warn("checkpoint from the writer failed", "err", err)
	case r.busy:
		w.checkpointsBusy.Add(1)
		w.log.Warn("checkpoint from the writer found another checkpoint holding the log")
	case r.copied < r.frames:
		w.checkpointsShort.Add(1)
	}
}

// drain adds the writes already queued to batch, up to maxBatch. A write
// to run alone ends the batch: it is returned, to be committed next.
func (w *writer) drain(batch *[]*writeOp) (alone *writeOp) {
	for len(*batch) < w.maxBatch {
		select {
		case next, ok := <-w.ops:
			if !ok {
				return nil
			}
			if next.alone {
				return next
			}
			*batch = append(*batch, next)
		default:
			return nil
		}
	}
	return nil
}

func (w *writer) commit(batch []*writeOp) {
	err := w.runBatch(batch)
	if err == nil {
		for _, op := range batch {
			op.done <- nil
		}
		return
	}
	if len(batch) == 1 {
		batch[0].done <- err
		return
	}
	// Something in the batch failed: give every write its own transaction.
	w.log.Warn("group commit failed; retrying its writes one by one", "writes", len(batch), "err", err)
	for _, op := range batch {
		op.done <- w.runBatch([]*writeOp{op})
	}
}

// runBatch runs ops in one transaction and commits it; on any error nothing
// of it is kept.
func (w *writer) runBatch(ops []*writeOp) (err error) {
	ctx := context.Background()
	tx, err := w.conn.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("db: begin: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("db: write panicked: %v", p)
		}
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	for _, op := range ops {
		if err := op.fn(ctx, tx); err != nil {
			return err
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("db: commit: %w", err)
	}
	return nil
}
