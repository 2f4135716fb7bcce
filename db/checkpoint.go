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
type checkpointer struct {
	conn *sql.DB
	stop chan struct{}
	done chan struct{}
}

func startCheckpointer(cfg Config, every time.Duration) (*checkpointer, error) {
	conn, err := sql.Open("sqlite", dsn(cfg, false))
	if err != nil {
		return nil, err
	}
	conn.SetMaxOpenConns(1)
	c := &checkpointer{conn: conn, stop: make(chan struct{}), done: make(chan struct{})}
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
			_, _ = c.conn.ExecContext(context.Background(), `PRAGMA wal_checkpoint(PASSIVE)`)
		}
	}
}

// close runs a last full checkpoint (so a cleanly stopped server leaves no
// WAL behind once the other connections close) and closes the connection.
func (c *checkpointer) close() error {
	close(c.stop)
	<-c.done
	_, _ = c.conn.ExecContext(context.Background(), `PRAGMA wal_checkpoint(TRUNCATE)`)
	return c.conn.Close()
}
