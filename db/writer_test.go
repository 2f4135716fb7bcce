package db

import (
	"context"
	"database/sql"
	"errors"
	"runtime"
	"testing"
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

// A write to run alone (an import) is never batched with the writes queued
// around it: when it fails, it runs once, rolls back only itself, and the
// writes before and after it commit without being retried.
func TestWriteAloneIsItsOwnTransaction(t *testing.T) {
	s := openTest(t, "")
	ctx := context.Background()
	started, release := make(chan struct{}), make(chan struct{})
	busy := make(chan error, 1)
	go func() { // holds the writer while the others queue up
		busy <- s.w.do(ctx, func(ctx context.Context, tx *sql.Tx) error { close(started); <-release; return nil })
	}()
	<-started
	insert := func(id string, runs *int) writeFunc {
		return func(ctx context.Context, tx *sql.Tx) error {
			*runs++
			_, err := tx.ExecContext(ctx, `INSERT INTO players(id, name, created_at) VALUES (?, 'x', 'now')`, id)
			return err
		}
	}
	failing := errors.New("cut off")
	var before, alone, after int
	results := make([]chan error, 3)
	for i, submit := range []func() error{
		func() error { return s.w.do(ctx, insert("pl_before", &before)) },
		func() error {
			return s.w.doAlone(ctx, func(ctx context.Context, tx *sql.Tx) error {
				if err := insert("pl_alone", &alone)(ctx, tx); err != nil {
					return err
				}
				return failing
			})
		},
		func() error { return s.w.do(ctx, insert("pl_after", &after)) },
	} {
		queued := len(s.w.ops)
		results[i] = make(chan error, 1)
		go func() { results[i] <- submit() }()
		for len(s.w.ops) == queued { // in queue order
			runtime.Gosched()
		}
	}
	close(release)
	if err := <-busy; err != nil {
		t.Fatal(err)
	}
	if err := <-results[0]; err != nil || before != 1 {
		t.Fatalf("the write before: %v, run %d times", err, before)
	}
	if err := <-results[1]; !errors.Is(err, failing) || alone != 1 {
		t.Fatalf("the write alone: %v, run %d times", err, alone)
	}
	if err := <-results[2]; err != nil || after != 1 {
		t.Fatalf("the write after: %v, run %d times", err, after)
	}
	if n := countRows(t, s, "players"); n != 2 {
		t.Fatalf("%d players stored, want the two around the failed write", n)
	}
}
