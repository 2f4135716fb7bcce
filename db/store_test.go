package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/motamed/motamed/rules"
)

func add(player string, n int) rules.Event {
	return rules.Event{Type: "add", Data: json.RawMessage(fmt.Sprintf(`{"player":%q,"n":%d}`, player, n))}
}

func init() {
	register(
		conformanceCase{name: "MigrationsRecordedOnceEach", fn: testMigrationsRecordedOnceEach},
		conformanceCase{name: "AppendRejectedStoresNothing", fn: testAppendRejectedStoresNothing},
		conformanceCase{name: "IfMatchAndIdempotency", fn: testIfMatchAndIdempotency},
		conformanceCase{name: "UndoFinishAndReopen", fn: testUndoFinishAndReopen},
		conformanceCase{name: "UndoNothing", fn: testUndoNothing},
		conformanceCase{name: "CachedStateEqualsReplayAfterRestart", fn: testCachedStateEqualsReplayAfterRestart},
		conformanceCase{name: "ConcurrentAppendsHaveNoGaps", fn: testConcurrentAppendsHaveNoGaps},
		conformanceCase{name: "NotFound", fn: testNotFound},
	)
}

// SQLite's own machinery: pragmas, checkpoints.

func TestPragmasReachEveryConnection(t *testing.T) {
	s := openTest(t, "")
	ctx := context.Background()
	// Hold several reader connections at once so the check is not answered
	// by one connection alone.
	var conns []*sql.Conn
	for i := 0; i < 3; i++ {
		c, err := s.read.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	for i, c := range conns {
		var mode string
		var fk, busy int
		if err := c.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode); err != nil {
			t.Fatal(err)
		}
		if err := c.QueryRowContext(ctx, "PRAGMA foreign_keys").Scan(&fk); err != nil {
			t.Fatal(err)
		}
		if err := c.QueryRowContext(ctx, "PRAGMA busy_timeout").Scan(&busy); err != nil {
			t.Fatal(err)
		}
		if mode != "wal" || fk != 1 || busy != 5000 {
			t.Errorf("reader %d: journal_mode=%s foreign_keys=%d busy_timeout=%d", i, mode, fk, busy)
		}
		if _, err := c.ExecContext(ctx, "INSERT INTO players(id, name, created_at) VALUES ('x','x','x')"); err == nil {
			t.Errorf("reader %d accepted a write", i)
		}
		c.Close()
	}
	var sync int
	if err := s.write.QueryRow("PRAGMA synchronous").Scan(&sync); err != nil {
		t.Fatal(err)
	}
	if sync != 2 { // FULL
		t.Errorf("writer synchronous = %d, want 2 (FULL)", sync)
	}
}

func testMigrationsRecordedOnceEach(t *testing.T, e *testEngine) {
	dsn := e.fresh(t)
	s := openDSN(t, dsn)
	s.Close()
	s2 := openDSN(t, dsn) // reopening applies nothing new
	ms, _ := loadMigrations(e.name)
	if got := countRows(t, s2, "schema_migrations"); got != len(ms) {
		t.Fatalf("schema_migrations has %d rows, want %d", got, len(ms))
	}
}

func testAppendRejectedStoresNothing(t *testing.T, e *testEngine) {
	s := e.open(t)
	m := newCounterMatch(t, s, 2)
	ctx := context.Background()
	p0, p1 := m.Seats[0].PlayerID, m.Seats[1].PlayerID
	if _, err := s.Append(ctx, m.ID, add(p0, 2), AppendOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, ev := range []rules.Event{add(p0, 1), add(p1, 9), {Type: "nope"}, {Type: "add", Data: json.RawMessage(`{"player":1}`)}} {
		if _, err := s.Append(ctx, m.ID, ev, AppendOptions{}); err == nil {
			t.Fatalf("%s %s accepted", ev.Type, ev.Data)
		}
	}
	if n := countRows(t, s, "events"); n != 1 {
		t.Fatalf("events = %d after rejected appends, want 1", n)
	}
	got, _ := s.GetMatch(ctx, m.ID)
	if got.Version != 1 {
		t.Fatalf("version = %d, want 1", got.Version)
	}
}

func testIfMatchAndIdempotency(t *testing.T, e *testEngine) {
	s := e.open(t)
	m := newCounterMatch(t, s, 2)
	ctx := context.Background()
	p0 := m.Seats[0].PlayerID
	stale := int64(3)
	var ve *VersionError
	if _, err := s.Append(ctx, m.ID, add(p0, 1), AppendOptions{IfMatch: &stale}); !errors.As(err, &ve) || ve.Current != 0 {
		t.Fatalf("stale If-Match: %v", err)
	}
	opt := AppendOptions{IdempotencyKey: "k1", RequestHash: "h1"}
	first, err := s.Append(ctx, m.ID, add(p0, 1), opt)
	if err != nil {
		t.Fatal(err)
	}
	again, err := s.Append(ctx, m.ID, add(p0, 1), opt)
	if err != nil || !again.Replayed || again.Event.Seq != first.Event.Seq || again.Match.Version != 1 {
		t.Fatalf("retry: %+v %v", again, err)
	}
	if _, err := s.Append(ctx, m.ID, add(p0, 2), AppendOptions{IdempotencyKey: "k1", RequestHash: "other"}); !errors.Is(err, ErrKeyReused) {
		t.Fatalf("reused key: %v", err)
	}
	if n := countRows(t, s, "events"); n != 1 {
		t.Fatalf("events = %d, want 1", n)
	}
}

func testUndoFinishAndReopen(t *testing.T, e *testEngine) {
	s := e.open(t)
	ctx := context.Background()
	p1, _ := s.CreatePlayer(ctx, "Sara")
	p2, _ := s.CreatePlayer(ctx, "Reza")
	m, err := s.CreateMatch(ctx, NewMatch{Game: "counter", Players: []string{p1.ID, p2.ID}, Options: json.RawMessage(`{"target":3}`)})
	if err != nil {
		t.Fatal(err)
	}
	for _, ev := range []rules.Event{add(p1.ID, 2), add(p2.ID, 1), add(p1.ID, 1)} {
		if _, err := s.Append(ctx, m.ID, ev, AppendOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	got, _ := s.GetMatch(ctx, m.ID)
	if got.Status != StatusFinished || countRows(t, s, "match_results") != 1 || countRows(t, s, "result_placements") != 2 {
		t.Fatalf("not finished: %s", got.Status)
	}
	if _, err := s.Append(ctx, m.ID, add(p2.ID, 1), AppendOptions{}); !errors.Is(err, rules.ErrFinished) {
		t.Fatalf("event after finish: %v", err)
	}
	u, err := s.Undo(ctx, m.ID, AppendOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if u.Match.Status != StatusInProgress || u.Event.Voids != 3 || u.Match.Version != 4 {
		t.Fatalf("undo: status %s voids %d version %d", u.Match.Status, u.Event.Voids, u.Match.Version)
	}
	if countRows(t, s, "match_results") != 0 || countRows(t, s, "result_placements") != 0 {
		t.Fatal("result kept after the correction reopened the match")
	}
	// The correction: the right event after the undo.
	if _, err := s.Append(ctx, m.ID, add(p1.ID, 2), AppendOptions{}); err != nil {
		t.Fatal(err)
	}
	log, _ := s.Events(ctx, m.ID)
	if len(log) != 5 || !log[2].Voided || log[3].Voids != 3 {
		t.Fatalf("log: %+v", log)
	}
	// Undo twice more voids events 5 and 2, skipping the undo record.
	for i := 0; i < 2; i++ {
		if _, err := s.Undo(ctx, m.ID, AppendOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	log, _ = s.Events(ctx, m.ID)
	if eff := effectiveSeqs(log); len(eff) != 1 || eff[0] != 1 {
		t.Fatalf("effective after three undos: %v", eff)
	}
}

func testUndoNothing(t *testing.T, e *testEngine) {
	s := e.open(t)
	m := newCounterMatch(t, s, 2)
	if _, err := s.Undo(context.Background(), m.ID, AppendOptions{}); !errors.Is(err, ErrNothingToUndo) {
		t.Fatalf("undo on empty log: %v", err)
	}
}

func testCachedStateEqualsReplayAfterRestart(t *testing.T, e *testEngine) {
	dsn := e.fresh(t)
	s := openDSN(t, dsn)
	m := newCounterMatch(t, s, 3)
	ctx := context.Background()
	for i := 0; i < 9; i++ {
		if _, err := s.Append(ctx, m.ID, add(m.Seats[i%3].PlayerID, 1), AppendOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Undo(ctx, m.ID, AppendOptions{}); err != nil {
		t.Fatal(err)
	}
	cached, _ := s.GetMatch(ctx, m.ID)
	s.Close()
	s2 := openDSN(t, dsn)
	replayed, err := s2.GetMatch(ctx, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := rules.Fingerprint(cached.State)
	b, _ := rules.Fingerprint(replayed.State)
	if string(a) != string(b) || cached.Version != replayed.Version {
		t.Fatalf("cached %s v%d != replayed %s v%d", a, cached.Version, b, replayed.Version)
	}
}

func testConcurrentAppendsHaveNoGaps(t *testing.T, e *testEngine) {
	s := e.open(t)
	ctx := context.Background()
	const matches, perMatch = 8, 12
	var ms []*Match
	for i := 0; i < matches; i++ {
		ms = append(ms, newCounterMatch(t, s, 2))
	}
	var wg sync.WaitGroup
	for _, m := range ms {
		for w := 0; w < 2; w++ {
			wg.Add(1)
			go func(m *Match, seat int) {
				defer wg.Done()
				for done := 0; done < perMatch/2; {
					cur, err := s.GetMatch(ctx, m.ID)
					if err != nil {
						t.Error(err)
						return
					}
					if int(cur.Version)%2 != seat {
						continue
					}
					v := cur.Version
					_, err = s.Append(ctx, m.ID, add(m.Seats[seat].PlayerID, 0+1), AppendOptions{IfMatch: &v})
					var ve *VersionError
					if err != nil && !errors.As(err, &ve) && !errors.Is(err, rules.ErrFinished) {
						t.Error(err)
						return
					}
					if err == nil {
						done++
					}
					if errors.Is(err, rules.ErrFinished) {
						return
					}
				}
			}(m, w)
		}
	}
	wg.Wait()
	for _, m := range ms {
		log, err := s.Events(ctx, m.ID)
		if err != nil {
			t.Fatal(err) // readEvents fails on a gap
		}
		if len(log) != perMatch {
			t.Errorf("match %s has %d events, want %d", m.ID, len(log), perMatch)
		}
	}
}

func testNotFound(t *testing.T, e *testEngine) {
	s := e.open(t)
	ctx := context.Background()
	if _, err := s.GetMatch(ctx, "m_nope"); !errors.Is(err, ErrNotFound) {
		t.Fatal(err)
	}
	if _, err := s.CreateMatch(ctx, NewMatch{Game: "counter", Players: []string{"pl_nope", "pl_x"}}); !errors.Is(err, ErrNotFound) {
		t.Fatal(err)
	}
	if _, err := s.CreateMatch(ctx, NewMatch{Game: "chess"}); !errors.Is(err, ErrNotFound) {
		t.Fatal(err)
	}
	if n := countRows(t, s, "matches"); n != 0 {
		t.Fatalf("matches = %d", n)
	}
}

// The writer never checkpoints inside a commit; the background checkpointer
// keeps the WAL from growing without bound.
func TestCheckpointsOffTheWriter(t *testing.T) {
	s := openTest(t, "")
	var auto int
	if err := s.write.QueryRow("PRAGMA wal_autocheckpoint").Scan(&auto); err != nil {
		t.Fatal(err)
	}
	if auto != 0 {
		t.Fatalf("writer wal_autocheckpoint = %d, want 0", auto)
	}
	m := newCounterMatch(t, s, 2)
	for i := 0; i < 40; i++ {
		if _, err := s.Append(context.Background(), m.ID, add(m.Seats[i%2].PlayerID, 0+1), AppendOptions{}); err != nil && i < 18 {
			t.Fatal(err)
		}
	}
	var busy, logFrames, done int
	if err := s.ckpt.conn.QueryRow("PRAGMA wal_checkpoint(PASSIVE)").Scan(&busy, &logFrames, &done); err != nil {
		t.Fatal(err)
	}
	if busy != 0 || done != logFrames {
		t.Fatalf("checkpoint: busy %d, %d of %d frames", busy, done, logFrames)
	}
}

// Match IDs sort in creation order (the event log relies on it to keep the
// matches in progress together) and stay unguessable; other IDs are random.
func TestMatchIDsSortByCreation(t *testing.T) {
	t0 := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
	var prev string
	seen := map[string]bool{}
	for i := 0; i < 200; i++ {
		id := newMatchID(t0.Add(time.Duration(i/4) * time.Millisecond))
		if len(id) != len("m_")+26 || !strings.HasPrefix(id, "m_") {
			t.Fatalf("match ID %q: want m_ and 26 characters", id)
		}
		if seen[id] {
			t.Fatalf("match ID %q made twice", id)
		}
		seen[id] = true
		if i%4 == 0 && id <= prev {
			t.Fatalf("match ID %q made a millisecond after %q sorts before it", id, prev)
		}
		prev = id
	}
	// Within one millisecond only the random part differs: 80 bits of it.
	a, b := newMatchID(t0), newMatchID(t0)
	if a[:11] != b[:11] || a[11:] == b[11:] { // 9 characters hold 45 bits of the time
		t.Fatalf("two IDs of one millisecond: %q and %q", a, b)
	}
	if id := newID("pl_"); len(id) != len("pl_")+16 {
		t.Fatalf("player ID %q: want pl_ and 16 characters", id)
	}
}
