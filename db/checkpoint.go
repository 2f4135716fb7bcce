package db

import (
	"context"
	"database/sql"
	"sync/atomic"
	"time"
)

// checkpointer moves the write-ahead log into the database file from its own
// connection, off the request path. The writer's connection has automatic
// checkpoints turned off (wal_autocheckpoint(0) in its DSN), so no commit
// ever pays for one; a PASSIVE checkpoint never blocks the writer or readers.
//
// SQLite starts the log again from its beginning only when a write begins
// after a checkpoint has copied all of it. Under steady writes a checkpoint
// from another connection never quite catches up (each commit appends while
// it copies), and the log would grow without end: gigabytes for a million
// events. So when the log passes restartFrames, the checkpointer asks the
// writer (restart) to run one more checkpoint itself between two commits:
// by then almost everything is copied, so it is short, it reaches the end
// (no commit can append meanwhile), and the next commit restarts the log,
// which journal_size_limit then trims.
//
// SQLite runs one checkpoint at a time on a log: a second one finds the
// first holding it and gives up at once (SQLITE_BUSY). So from the moment
// it asks until the writer's checkpoint is done, the checkpointer runs none
// of its own; otherwise, on a busy machine, its next tick could hold the log
// just when the writer's turn comes, and the log would never restart.
type checkpointer struct {
	conn          *sql.DB
	restartFrames int64
	restart       func() <-chan struct{}
	stop          chan struct{}
	done          chan struct{}
	// runs counts the checkpoints run from this connection, asks the times
	// the writer was asked for one (what tests observe).
	runs atomic.Int64
	asks atomic.Int64
}

// defaultRestartFrames is about 16 MB of log at 4 KB pages.
const defaultRestartFrames = 4096

// startCheckpointer checkpoints on every tick of ticks, or every cfg.CheckpointEvery
// when ticks is nil.
func startCheckpointer(cfg Config, ticks <-chan time.Time, restartFrames int64, restart func() <-chan struct{}) (*checkpointer, error) {
	conn, err := sql.Open("sqlite", dsn(cfg, false))
	if err != nil {
		return nil, err
	}
	conn.SetMaxOpenConns(1)
	c := &checkpointer{conn: conn, restartFrames: restartFrames, restart: restart, stop: make(chan struct{}), done: make(chan struct{})}
	var ticker *time.Ticker
	if ticks == nil {
		ticker = time.NewTicker(cfg.CheckpointEvery)
		ticks = ticker.C
	}
	go c.run(ticks, ticker)
	return c, nil
}

func (c *checkpointer) run(ticks <-chan time.Time, ticker *time.Ticker) {
	defer close(c.done)
	if ticker != nil {
		defer ticker.Stop()
	}
	var writerTurn <-chan struct{} // closed once the writer's checkpoint is done
	for {
		select {
		case <-c.stop:
			return
		case <-ticks:
			if writerTurn != nil {
				select {
				case <-writerTurn:
					writerTurn = nil
				default:
					continue // the writer's checkpoint is still to come
				}
			}
			c.runs.Add(1)
			if r, err := passiveCheckpoint(c.conn); err == nil && r.frames >= c.restartFrames {
				c.asks.Add(1)
				writerTurn = c.restart()
			}
		}
	}
}

// checkpointResult is what PRAGMA wal_checkpoint answers: busy when another
// checkpoint held the log (nothing was done, frames and copied are -1), the
// frames in the log, and how many of them are now in the database file.
type checkpointResult struct {
	busy           bool
	frames, copied int64
}

// passiveCheckpoint runs a PASSIVE checkpoint on conn.
func passiveCheckpoint(conn *sql.DB) (r checkpointResult, err error) {
	var busy int64
	err = conn.QueryRowContext(context.Background(), `PRAGMA wal_checkpoint(PASSIVE)`).Scan(&busy, &r.frames, &r.copied)
	r.busy = busy != 0
	return r, err
}

// close runs a last full checkpoint (so a cleanly stopped server leaves no
// WAL behind once the other connections close) and closes the connection.
func (c *checkpointer) close() error {
	close(c.stop)
	<-c.done
	_, _ = c.conn.ExecContext(context.Background(), `PRAGMA wal_checkpoint(TRUNCATE)`)
	return c.conn.Close()
}
