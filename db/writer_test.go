package db

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"path/filepath"
	"testing"
	"time"
)

// A write that fails inside a group commit costs only itself: the batch is
// retried one write per transaction and the others commit.
func TestBatchWithAFailingWrite(t *testing.T) {
	s := openTest(t, "")
	insert := func(id string) writeFunc {
		return func(ctx context.Context, tx *sql.Tx) error {
			_, err := tx.ExecContext(ctx, `INSERT INTO players(id, name, created_at) VALUES (?, 'x', 'now')`, id)
			return err
		}
	}
	failing := errors.New("boom")
	ops := []*writeOp{
		{fn: insert("pl_a"), done: make(chan error, 1)},
		{fn: func(ctx context.Context, tx *sql.Tx) error {
			if err := insert("pl_b")(ctx, tx); err != nil {
				return err
			}
			return failing // after writing: its row must not survive
		}, done: make(chan error, 1)},
		{fn: insert("pl_a"), done: make(chan error, 1)}, // duplicate key
		{fn: insert("pl_c"), done: make(chan error, 1)},
	}
	s.w.commit(ops)
	if err := <-ops[0].done; err != nil {
		t.Fatalf("first write: %v", err)
	}
	if err := <-ops[1].done; !errors.Is(err, failing) {
		t.Fatalf("failing write: %v", err)
	}
	if err := <-ops[2].done; err == nil {
		t.Fatal("duplicate key accepted")
	}
	if err := <-ops[3].done; err != nil {
		t.Fatalf("last write: %v", err)
	}
	var ids []string
	rows, _ := s.read.Query(`SELECT id FROM players ORDER BY id`)
	for rows.Next() {
		var id string
		_ = rows.Scan(&id)
		ids = append(ids, id)
	}
	rows.Close()
	if len(ids) != 2 || ids[0] != "pl_a" || ids[1] != "pl_c" {
		t.Fatalf("stored %v, want [pl_a pl_c]", ids)
	}
}

// A small batch right after a large one waits for more writes (here a
// linger of an hour, so only the writes arriving can end the wait), and a
// lone write after a lone write never waits.
func TestSmallBatchAfterALargeOneWaitsForCompany(t *testing.T) {
	conn, err := sql.Open("sqlite", filepath.Join(t.TempDir(), "writer.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetMaxOpenConns(1)
	w := &writer{conn: conn, ops: make(chan *writeOp, 64), maxBatch: 64, log: slog.Default(), stopped: make(chan struct{}), linger: time.Hour}
	done := make(chan struct{})
	go func() { w.run(); close(done) }()
	submit := func(n int) []chan error {
		var out []chan error
		for i := 0; i < n; i++ {
			op := &writeOp{fn: func(context.Context, *sql.Tx) error { return nil }, done: make(chan error, 1)}
			w.ops <- op
			out = append(out, op.done)
		}
		return out
	}
	wait := func(chs []chan error) {
		t.Helper()
		for _, ch := range chs {
			select {
			case err := <-ch:
				if err != nil {
					t.Fatal(err)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("a write was held back")
			}
		}
	}
	// Lone writes, one after another: none waits for company.
	for i := 0; i < 3; i++ {
		wait(submit(1))
	}
	// Ten writes queued while the writer is held inside a commit.
	release := make(chan struct{})
	blocker := &writeOp{fn: func(context.Context, *sql.Tx) error { <-release; return nil }, done: make(chan error, 1)}
	w.ops <- blocker
	ten := submit(10)
	close(release)
	wait([]chan error{blocker.done})
	wait(ten)
	// Then one write: with an hour's linger it waits for company.
	first := submit(1)
	select {
	case <-first[0]:
		t.Fatal("a lone write after a batch of ten did not wait for company")
	case <-time.After(50 * time.Millisecond):
	}
	// Company comes; at shutdown whatever still waits is committed.
	rest := submit(4)
	close(w.ops)
	wait(first)
	wait(rest)
	<-done
}

// The writer's wait ends at its linger without company.
func TestGatherEndsAtTheLinger(t *testing.T) {
	w := &writer{ops: make(chan *writeOp, 4), maxBatch: 64, linger: time.Millisecond}
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	batch := w.gather([]*writeOp{{}}, 8, timer)
	if len(batch) != 1 {
		t.Fatalf("batch of %d, want 1", len(batch))
	}
	w.ops <- &writeOp{}
	close(w.ops)
	if batch := w.gather([]*writeOp{{}}, 8, timer); len(batch) != 2 {
		t.Fatalf("after the queue closed: batch of %d, want 2", len(batch))
	}
}
