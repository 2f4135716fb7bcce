package main

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"sync"
	"time"

	_ "modernc.org/sqlite" // the database/sql driver "sqlite"
)

// schema is a log laid out as Motamed's is: a rowid table whose events go
// to its end, and the (match_id, seq) key beside it.
const schema = `CREATE TABLE IF NOT EXISTS events (
    match_id   TEXT NOT NULL,
    seq        INTEGER NOT NULL,
    type       TEXT NOT NULL,
    data       TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (match_id, seq)
)`

// maxBatch bounds one group commit.
const maxBatch = 256

// store writes events through one connection and reads them through a
// small pool.
type store struct {
	write, read *sql.DB
	insert      *sql.Stmt
	queue       chan *insertOp // nil when every request commits alone
	done        chan struct{}

	mu   sync.Mutex
	seqs map[string]int64 // each match's last seq handed out
}

type insertOp struct {
	matchID, typ, data, created string
	seq                         int64
	result                      chan error
}

func dsn(path, synchronous string, readOnly bool) string {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(5000)")
	q.Add("_pragma", "journal_mode(WAL)")
	if readOnly {
		q.Add("_pragma", "query_only(1)")
	} else {
		q.Add("_pragma", "synchronous("+synchronous+")")
		q.Set("_txlock", "immediate")
	}
	return "file:" + path + "?" + q.Encode()
}

func openStore(path, synchronous string, group bool) (*store, error) {
	write, err := sql.Open("sqlite", dsn(path, synchronous, false))
	if err != nil {
		return nil, err
	}
	write.SetMaxOpenConns(1)
	if _, err := write.Exec(schema); err != nil {
		write.Close()
		return nil, fmt.Errorf("creating the events table: %w", err)
	}
	read, err := sql.Open("sqlite", dsn(path, synchronous, true))
	if err != nil {
		write.Close()
		return nil, err
	}
	read.SetMaxOpenConns(4)
	insert, err := write.Prepare(`INSERT INTO events (match_id, seq, type, data, created_at) VALUES (?, ?, ?, ?, ?)`)
	if err != nil {
		write.Close()
		read.Close()
		return nil, err
	}
	st := &store{write: write, read: read, insert: insert, seqs: map[string]int64{}, done: make(chan struct{})}
	if group {
		st.queue = make(chan *insertOp, maxBatch*4)
		go st.writer()
	} else {
		close(st.done)
	}
	return st, nil
}

func (st *store) close() {
	if st.queue != nil {
		close(st.queue)
	}
	<-st.done
	st.insert.Close()
	st.write.Close()
	st.read.Close()
}

// nextSeq hands out match id's next seq, reading its last one from the
// database the first time the match is seen.
func (st *store) nextSeq(ctx context.Context, matchID string) (int64, error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	last, ok := st.seqs[matchID]
	if !ok {
		if err := st.read.QueryRowContext(ctx, `SELECT coalesce(max(seq), 0) FROM events WHERE match_id = ?`, matchID).Scan(&last); err != nil {
			return 0, err
		}
	}
	st.seqs[matchID] = last + 1
	return last + 1, nil
}

// appendEvent stores one event and returns once it is durable.
func (st *store) appendEvent(ctx context.Context, matchID, typ, data string) (int64, error) {
	seq, err := st.nextSeq(ctx, matchID)
	if err != nil {
		return 0, err
	}
	op := &insertOp{matchID: matchID, typ: typ, data: data, created: time.Now().UTC().Format(time.RFC3339Nano), seq: seq}
	if st.queue == nil {
		return seq, st.commit([]*insertOp{op})
	}
	op.result = make(chan error, 1)
	st.queue <- op
	return seq, <-op.result
}

// writer commits what queued up while the previous commit was syncing in
// one transaction.
func (st *store) writer() {
	defer close(st.done)
	batch := make([]*insertOp, 0, maxBatch)
	for op := range st.queue {
		batch = append(batch[:0], op)
	drain:
		for len(batch) < maxBatch {
			select {
			case next, ok := <-st.queue:
				if !ok {
					break drain
				}
				batch = append(batch, next)
			default:
				break drain
			}
		}
		err := st.commit(batch)
		for _, op := range batch {
			op.result <- err
		}
	}
}

func (st *store) commit(ops []*insertOp) error {
	tx, err := st.write.Begin()
	if err != nil {
		return err
	}
	ins := tx.Stmt(st.insert)
	for _, op := range ops {
		if _, err := ins.Exec(op.matchID, op.seq, op.typ, op.data, op.created); err != nil {
			_ = tx.Rollback()
			return err
		}
	}
	return tx.Commit()
}

// storedEvent is one row of a match's log.
type storedEvent struct {
	Seq       int64   `json:"seq"`
	Type      string  `json:"type"`
	Data      rawJSON `json:"data"`
	CreatedAt string  `json:"created_at"`
}

// rawJSON is stored JSON, written into an answer as it is.
type rawJSON string

func (r rawJSON) MarshalJSON() ([]byte, error) { return []byte(r), nil }

// events returns match id's log, oldest first.
func (st *store) events(ctx context.Context, matchID string) ([]storedEvent, error) {
	rows, err := st.read.QueryContext(ctx, `SELECT seq, type, data, created_at FROM events WHERE match_id = ? ORDER BY seq`, matchID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []storedEvent{}
	for rows.Next() {
		var e storedEvent
		var data string
		if err := rows.Scan(&e.Seq, &e.Type, &data, &e.CreatedAt); err != nil {
			return nil, err
		}
		e.Data = rawJSON(data)
		out = append(out, e)
	}
	return out, rows.Err()
}
