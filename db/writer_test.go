package db

import (
	"context"
	"database/sql"
	"errors"
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
