package db

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// Several stores on one database, as several Motamed instances behind a
// load balancer share one PostgreSQL: each store has its own cache and
// locks, so only the database can keep them honest.

func init() {
	register(
		conformanceCase{name: "SharedMigrateAtOnce", shared: true, fn: testSharedMigrateAtOnce},
		conformanceCase{name: "SharedCacheNeverStale", shared: true, fn: testSharedCacheNeverStale},
		conformanceCase{name: "SharedConcurrentWriters", shared: true, fn: testSharedConcurrentWriters},
		conformanceCase{name: "SharedIdempotency", shared: true, fn: testSharedIdempotency},
		conformanceCase{name: "SharedFinishOrder", shared: true, fn: testSharedFinishOrder},
		conformanceCase{name: "SharedAdminToken", shared: true, fn: testSharedAdminToken},
		conformanceCase{name: "SharedLeagueStamp", shared: true, fn: testSharedLeagueStamp},
	)
}

// openShared opens n stores on one fresh database at the same moment (so
// their migrations race).
func openShared(t *testing.T, e *testEngine, n int) []*Store {
	t.Helper()
	dsn := e.fresh(t)
	stores := make([]*Store, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range stores {
		wg.Go(func() {
			stores[i], errs[i] = Open(context.Background(), Config{DSN: dsn}, counterGames())
		})
	}
	wg.Wait()
	for i, s := range stores {
		if errs[i] != nil {
			t.Fatalf("store %d: %v", i, errs[i])
		}
		t.Cleanup(func() { s.Close() })
	}
	return stores
}

func testSharedMigrateAtOnce(t *testing.T, e *testEngine) {
	stores := openShared(t, e, 4)
	ms, _ := loadMigrations(e.name)
	if got := countRows(t, stores[0], "schema_migrations"); got != len(ms) {
		t.Fatalf("schema_migrations has %d rows, want %d", got, len(ms))
	}
}

// Appends alternate between two stores, each one legal only against the
// state the other just left (Counter's turn order): a store that validated
// against its own cached, older state would refuse it (COUNTER-TURN-1) or
// collide on the events primary key. Reads see every append at once.
func testSharedCacheNeverStale(t *testing.T, e *testEngine) {
	st := openShared(t, e, 2)
	a, b := st[0], st[1]
	ctx := context.Background()
	m := newCounterMatchWith(t, a, 2, []byte(`{"target":1000}`))
	for i := 0; i < 20; i++ {
		s := []*Store{a, b}[i%2]
		if _, err := s.GetMatch(ctx, m.ID); err != nil { // both caches hold the match
			t.Fatal(err)
		}
		res, err := s.Append(ctx, m.ID, add(m.Seats[i%2].PlayerID, 1), AppendOptions{})
		if err != nil {
			t.Fatalf("append %d through store %d: %v", i+1, i%2, err)
		}
		if res.Match.Version != int64(i+1) {
			t.Fatalf("append %d: version %d", i+1, res.Match.Version)
		}
		other := []*Store{b, a}[i%2]
		got, err := other.GetMatch(ctx, m.ID)
		if err != nil || got.Version != int64(i+1) {
			t.Fatalf("the other store reads version %d after append %d (%v)", got.Version, i+1, err)
		}
	}
	// An undo through one store, then the next move through the other.
	if _, err := a.Undo(ctx, m.ID, AppendOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Append(ctx, m.ID, add(m.Seats[1].PlayerID, 2), AppendOptions{}); err != nil {
		t.Fatalf("move after another store's undo: %v", err)
	}
	for _, s := range st {
		if err := s.VerifyCache(ctx); err != nil {
			t.Fatal(err)
		}
	}
}

// Writers on both stores race at the same matches with If-Match set to the
// version they read: each append either lands at that version + 1 or is
// refused as stale (*VersionError), never as a rule violation (the event is
// legal at the version it names). Afterwards each log runs 1..n without a
// gap and holds every acknowledged event exactly once.
func testSharedConcurrentWriters(t *testing.T, e *testEngine) {
	st := openShared(t, e, 2)
	ctx := context.Background()
	const matches, writers, perWriter = 4, 4, 15
	var ms []*Match
	for i := 0; i < matches; i++ {
		ms = append(ms, newCounterMatchWith(t, st[0], 2, []byte(`{"target":1000}`)))
	}
	type ack struct {
		seq  int64
		data string
	}
	var mu sync.Mutex
	acked := map[string][]ack{}
	var wg sync.WaitGroup
	for _, m := range ms {
		for w := 0; w < writers; w++ {
			s := st[w%2]
			wg.Go(func() {
				for done := 0; done < perWriter; {
					cur, err := s.GetMatch(ctx, m.ID)
					if err != nil {
						t.Error(err)
						return
					}
					v := cur.Version
					seat := int(v) % 2
					ev := add(m.Seats[seat].PlayerID, 1+w%3)
					res, err := s.Append(ctx, m.ID, ev, AppendOptions{IfMatch: &v})
					var ve *VersionError
					switch {
					case err == nil:
						if res.Event.Seq != v+1 {
							t.Errorf("acknowledged at seq %d, checked against version %d", res.Event.Seq, v)
						}
						mu.Lock()
						acked[m.ID] = append(acked[m.ID], ack{res.Event.Seq, string(ev.Data)})
						mu.Unlock()
						done++
					case errors.As(err, &ve):
					default:
						t.Errorf("writer %d: %v (a legal move at the version it named)", w, err)
						return
					}
				}
			})
		}
	}
	wg.Wait()
	for _, m := range ms {
		log, err := st[1].Events(ctx, m.ID)
		if err != nil {
			t.Fatal(err) // readEvents fails on a gap
		}
		got := acked[m.ID]
		sort.Slice(got, func(i, j int) bool { return got[i].seq < got[j].seq })
		if len(log) != writers*perWriter || len(got) != len(log) {
			t.Fatalf("match %s: %d events stored, %d acknowledged, want %d", m.ID, len(log), len(got), writers*perWriter)
		}
		for i, a := range got {
			if a.seq != int64(i+1) || string(log[i].Data) != a.data {
				t.Fatalf("match %s: acknowledged seq %d %s, stored seq %d %s", m.ID, a.seq, a.data, log[i].Seq, log[i].Data)
			}
		}
	}
	for _, s := range st {
		if err := s.VerifyCache(ctx); err != nil {
			t.Fatal(err)
		}
	}
}

// An Idempotency-Key holds across stores: a retry through the other store
// returns the first answer, and the same request sent through both at once
// records one event; every duplicate answers with that event.
func testSharedIdempotency(t *testing.T, e *testEngine) {
	st := openShared(t, e, 2)
	ctx := context.Background()
	m := newCounterMatch(t, st[0], 2)
	p0, p1 := m.Seats[0].PlayerID, m.Seats[1].PlayerID
	opt := AppendOptions{IdempotencyKey: "k1", RequestHash: "h1"}
	first, err := st[0].Append(ctx, m.ID, add(p0, 1), opt)
	if err != nil {
		t.Fatal(err)
	}
	again, err := st[1].Append(ctx, m.ID, add(p0, 1), opt)
	if err != nil || !again.Replayed || again.Event.Seq != first.Event.Seq || again.Match.Version != 1 {
		t.Fatalf("retry through the other store: %+v %v", again, err)
	}
	if _, err := st[1].Append(ctx, m.ID, add(p1, 1), AppendOptions{IdempotencyKey: "k1", RequestHash: "other"}); !errors.Is(err, ErrKeyReused) {
		t.Fatalf("reused key through the other store: %v", err)
	}

	const dup = 8
	var wg sync.WaitGroup
	results := make([]*Appended, dup)
	errs := make([]error, dup)
	opt2 := AppendOptions{IdempotencyKey: "k2", RequestHash: "h2"}
	for i := 0; i < dup; i++ {
		wg.Go(func() { results[i], errs[i] = st[i%2].Append(ctx, m.ID, add(p1, 2), opt2) })
	}
	wg.Wait()
	fresh := 0
	for i := 0; i < dup; i++ {
		if errs[i] != nil {
			t.Fatalf("duplicate %d: %v", i, errs[i])
		}
		if !results[i].Replayed {
			fresh++
		}
		if results[i].Event.Seq != 2 || results[i].Match.Version != 2 {
			t.Fatalf("duplicate %d answered seq %d version %d, want the first answer (2, 2)", i, results[i].Event.Seq, results[i].Match.Version)
		}
	}
	if fresh != 1 || countRows(t, st[0], "events") != 2 || countRows(t, st[0], "idempotency_keys") != 2 {
		t.Fatalf("%d recorded, %d events, %d keys; want 1, 2, 2", fresh, countRows(t, st[0], "events"), countRows(t, st[0], "idempotency_keys"))
	}
}

// Matches finishing at once through both stores take the finish order
// 1..n without a collision or a gap.
func testSharedFinishOrder(t *testing.T, e *testEngine) {
	st := openShared(t, e, 2)
	ctx := context.Background()
	const n = 12
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		m := newCounterMatchWith(t, st[0], 2, []byte(`{"target":2}`))
		if _, err := st[i%2].Append(ctx, m.ID, add(m.Seats[0].PlayerID, 1), AppendOptions{}); err != nil {
			t.Fatal(err)
		}
		wg.Go(func() {
			if _, err := st[(i+1)%2].Append(ctx, m.ID, add(m.Seats[1].PlayerID, 3), AppendOptions{}); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	rows, err := st[0].read.Query(`SELECT finish_seq FROM matches ORDER BY finish_seq`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var seqs []int64
	for rows.Next() {
		var v int64
		if err := rows.Scan(&v); err != nil {
			t.Fatal(err)
		}
		seqs = append(seqs, v)
	}
	if fmt.Sprint(seqs) != fmt.Sprint(func() []int64 {
		var w []int64
		for i := 1; i <= n; i++ {
			w = append(w, int64(i))
		}
		return w
	}()) {
		t.Fatalf("finish order %v, want 1..%d", seqs, n)
	}
	if rep, err := st[1].Check(ctx); err != nil || !rep.OK() || rep.Matches != n {
		t.Fatalf("check: %+v %v", rep, err)
	}
}

// Instances started at once with the same MOTAMED_ADMIN_TOKEN all start.
func testSharedAdminToken(t *testing.T, e *testEngine) {
	st := openShared(t, e, 3)
	ctx := context.Background()
	var wg sync.WaitGroup
	for _, s := range st {
		wg.Go(func() {
			if err := s.EnsureAdminToken(ctx, "a-long-enough-admin-secret"); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if n := countRows(t, st[0], "tokens"); n != 1 {
		t.Fatalf("%d tokens, want 1", n)
	}
}

func counterGames() *rules.Registry { return rules.NewRegistry(rulestest.Counter()) }

// A league's stamp moves when another store finishes, corrects or reopens
// one of its matches, so a standings cache can tell it is stale.
func testSharedLeagueStamp(t *testing.T, e *testEngine) {
	st := openShared(t, e, 2)
	ctx := context.Background()
	l, err := st[0].CreateLeague(ctx, "L", "counter", nil, Public)
	if err != nil {
		t.Fatal(err)
	}
	p1, _ := st[0].CreatePlayer(ctx, "a")
	p2, _ := st[0].CreatePlayer(ctx, "b")
	m, err := st[0].CreateMatch(ctx, NewMatch{Game: "counter", LeagueID: l.ID, Players: []string{p1.ID, p2.ID}, Options: []byte(`{"target":3}`)})
	if err != nil {
		t.Fatal(err)
	}
	var prev string
	stamp := func(what string) {
		t.Helper()
		s, err := st[0].LeagueStamp(ctx, l.ID)
		if err != nil {
			t.Fatal(err)
		}
		if s == prev {
			t.Fatalf("after %s the stamp stayed %q", what, s)
		}
		prev = s
	}
	stamp("nothing")
	if s, _ := openTest(t, "").LeagueStamp(ctx, l.ID); s != "" {
		t.Fatalf("SQLite stamp %q, want none", s)
	}
	for _, step := range []func() error{
		func() error { _, err := st[1].Append(ctx, m.ID, add(p1.ID, 3), AppendOptions{}); return err }, // finishes
		func() error { _, err := st[1].Undo(ctx, m.ID, AppendOptions{}); return err },                  // reopens
		func() error { _, err := st[1].Append(ctx, m.ID, add(p1.ID, 3), AppendOptions{}); return err }, // finishes again
	} {
		if err := step(); err != nil {
			t.Fatal(err)
		}
		stamp("a change through the other store")
	}
}
