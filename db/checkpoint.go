package db

import (
	"context"
	"database/sql"
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
type checkpointer struct {
	conn          *sql.DB
	restartFrames int64
	restart       func()
	stop          chan struct{}
	done          chan struct{}
}

// defaultRestartFrames is about 16 MB of log at 4 KB pages.
const defaultRestartFrames = 4096

func startCheckpointer(cfg Config, every time.Duration, restartFrames int64, restart func()) (*checkpointer, error) {
	conn, err := sql.Open("sqlite", dsn(cfg, false))
	if err != nil {
		return nil, err
	}
	conn.SetMaxOpenConns(1)
	c := &checkpointer{conn: conn, restartFrames: restartFrames, restart: restart, stop: make(chan struct{}), done: make(chan struct{})}
	go c.run(every)
	return c, nil
}

func (c *checkpointer) run(every time.Duration) {
	defer close(c.done)
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-c.stop:
			return
		case <-t.C:
			if frames, err := passiveCheckpoint(c.conn); err == nil && frames >= c.restartFrames {
				c.restart()
			}
		}
	}
}

// passiveCheckpoint runs a PASSIVE checkpoint on conn and returns the
// number of frames in the log.
func passiveCheckpoint(conn *sql.DB) (frames int64, err error) {
	var busy, copied int64
	err = conn.QueryRowContext(context.Background(), `PRAGMA wal_checkpoint(PASSIVE)`).Scan(&busy, &frames, &copied)
	return frames, err
}

// close runs a last full checkpoint (so a cleanly stopped server leaves no
// WAL behind once the other connections close) and closes the connection.
func (c *checkpointer) close() error {
	close(c.stop)
	<-c.done
	_, _ = c.conn.ExecContext(context.Background(), `PRAGMA wal_checkpoint(TRUNCATE)`)
	return c.conn.Close()
}
