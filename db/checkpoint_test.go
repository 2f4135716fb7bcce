package db

import (
	"context"
	"database/sql"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// openTicked opens a SQLite store whose background checkpoints run only when
// the test sends on the returned channel.
func openTicked(t *testing.T, restartFrames int64) (*Store, string, chan<- time.Time) {
	t.Helper()
	ticks := make(chan time.Time)
	path := filepath.Join(t.TempDir(), "wal.db")
	s, err := Open(context.Background(), Config{Path: path, Synchronous: "NORMAL", WALRestartFrames: restartFrames, checkpointTicks: ticks},
		rules.NewRegistry(rulestest.Counter()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, path, ticks
}

// insertPlayer commits one row through the writer.
func insertPlayer(t *testing.T, s *Store, i int) {
	t.Helper()
	if err := s.w.do(context.Background(), func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO players(id, name, created_at) VALUES (?, 'x', 'now')`, fmt.Sprintf("pl_%06d", i))
		return err
	}); err != nil {
		t.Fatal(err)
	}
}

// logRestarts is how many times SQLite started the log at path again from
// its beginning: the checkpoint sequence number in the log file's header,
// which each restart increments.
func logRestarts(t *testing.T, path string) uint32 {
	t.Helper()
	f, err := os.Open(path + "-wal")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	hdr := make([]byte, 16)
	if _, err := f.ReadAt(hdr, 0); err != nil {
		t.Fatal(err)
	}
	return binary.BigEndian.Uint32(hdr[12:16])
}

// Once it has asked the writer for a checkpoint, the background checkpointer
// runs none of its own until the writer's is done: SQLite runs one
// checkpoint at a time, and the writer's, the one that lets the log start
// again, must not find the log held and give up.
func TestCheckpointerWaitsForTheWritersCheckpoint(t *testing.T) {
	s, _, ticks := openTicked(t, 1)
	insertPlayer(t, s, 0)
	ticks <- time.Time{} // a checkpoint, which asks the writer for one
	for i := 0; i < 4; i++ {
		ticks <- time.Time{} // each received once the one before is handled
	}
	if runs, asks := s.ckpt.runs.Load(), s.ckpt.asks.Load(); runs != 1 || asks != 1 {
		t.Fatalf("before the writer's checkpoint: %d background checkpoints, %d asks; want 1 and 1", runs, asks)
	}
	turn := s.w.askCheckpoint() // the same request, still pending
	insertPlayer(t, s, 1)       // the writer checkpoints after this commit
	<-turn
	ticks <- time.Time{}
	ticks <- time.Time{}
	if runs := s.ckpt.runs.Load(); runs != 2 {
		t.Fatalf("after the writer's checkpoint: %d background checkpoints, want 2", runs)
	}
	if n, busy := s.w.checkpoints.Load(), s.w.checkpointsBusy.Load(); n != 1 || busy != 0 {
		t.Fatalf("writer: %d checkpoints, %d found the log held; want 1 and 0", n, busy)
	}
}

// Under steady writes, with a background checkpoint after every commit, the
// log keeps starting again from its beginning: each time it passes its
// restart threshold the writer, asked once each time, checkpoints it between
// two commits, reaches its end and never finds it held by the background
// checkpoint, and the next commit restarts it. What is counted is
// checkpoints and restarts, not time or bytes: it holds on any disk. (Before the writer took part in checkpoints, a checkpoint from another
// connection never caught up with the commits, and the log grew with every
// event.)
func TestLogRestartsUnderSteadyWrites(t *testing.T) {
	const restartFrames, want, maxCommits = 16, 5, 20000
	s, path, ticks := openTicked(t, restartFrames)
	commits := 0
	for ; commits < maxCommits; commits++ {
		// One commit at a time, each at least one page in the log; the
		// background checkpoint the tick starts runs during the next one.
		insertPlayer(t, s, commits)
		ticks <- time.Time{}
		if commits%32 == 0 && s.w.checkpoints.Load() >= want && logRestarts(t, path) >= 2*want {
			break
		}
	}
	restarts := logRestarts(t, path)
	asked, done, busy, short := s.ckpt.asks.Load(), s.w.checkpoints.Load(), s.w.checkpointsBusy.Load(), s.w.checkpointsShort.Load()
	t.Logf("%d commits: %d restarts of the log; the writer asked %d times, checkpointed %d (%d found the log held, %d fell short)",
		commits, restarts, asked, done, busy, short)
	if done < want || restarts < 2*want {
		t.Fatalf("in %d commits (threshold %d frames) the writer checkpointed %d times and the log started again %d times, want %d and %d",
			commits, restartFrames, done, restarts, want, 2*want)
	}
	if busy != 0 || short != 0 {
		t.Fatalf("of the writer's %d checkpoints, %d found the log held by another checkpoint and %d did not reach its end", done, busy, short)
	}
	if asked != done && asked != done+1 { // the last ask may wait for a commit still
		t.Fatalf("the writer was asked %d times and checkpointed %d", asked, done)
	}
}
