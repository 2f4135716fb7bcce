package db

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/sheet"
)

func init() {
	register(conformanceCase{name: "ImportIsAllOrNothing", fn: testImportAllOrNothing})
}

// cutOff is a context whose Err turns context.DeadlineExceeded once it has
// been asked n times (never when n is negative), and counts how often it
// was: an import whose deadline passes while it writes.
type cutOff struct {
	context.Context
	n, asked atomic.Int64
}

func newCutOff(n int64) *cutOff {
	c := &cutOff{Context: context.Background()}
	c.n.Store(n)
	return c
}

func (c *cutOff) Err() error {
	if asked := c.asked.Add(1); c.n.Load() >= 0 && asked > c.n.Load() {
		return context.DeadlineExceeded
	}
	return nil
}

// importAsks is how many times an import of imp asks its context whether
// it is cut off: imp is imported, uncut, into a fresh database of e.
func importAsks(t *testing.T, e *testEngine, plays int) int64 {
	t.Helper()
	s, l, sara := importFixture(t, e)
	c := newCutOff(-1)
	if _, err := s.Import(c, golfImport(l, sara, plays)); err != nil {
		t.Fatal(err)
	}
	return c.asked.Load()
}

// importFixture is a fresh database of e with a final-score sheet, a
// league of it and Sara.
func importFixture(t *testing.T, e *testEngine) (s *Store, league, sara string) {
	t.Helper()
	s = e.open(t)
	ctx := context.Background()
	if _, err := s.CreateSheetGame(ctx, sheet.Definition{ID: "golf", Name: "Golf", MinPlayers: 2, MaxPlayers: 4, Rounds: &sheet.Rounds{}}); err != nil {
		t.Fatal(err)
	}
	l, err := s.CreateLeague(ctx, "Cafe", "golf", nil, "public")
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.CreatePlayer(ctx, "Sara")
	if err != nil {
		t.Fatal(err)
	}
	return s, l.ID, p.ID
}

// golfImport is an import of plays plays of a final-score sheet into
// league: three new players, and Sara, who exists, in every play.
func golfImport(league, sara string, plays int) Import {
	imp := Import{LeagueID: league, Game: "golf", Players: []Player{NewImportPlayer("Kian"), NewImportPlayer("رضا"), NewImportPlayer("مینا")}}
	at := time.Date(2024, 1, 1, 18, 0, 0, 0, time.UTC)
	for i := 0; i < plays; i++ {
		a, b := imp.Players[i%3].ID, imp.Players[(i+1)%3].ID
		played := at.Add(time.Duration(i) * time.Hour)
		imp.Plays = append(imp.Plays, ImportPlay{SourceID: fmt.Sprintf("p-%04d", i), Seats: []string{sara, a, b},
			Final: rules.Event{Type: sheet.EvFinalRecorded, Data: []byte(fmt.Sprintf(`{"scores":{%q:%d,%q:%d,%q:%d}}`, sara, 40+i%5, a, 42, b, 38))},
			Meta:  MatchMeta{Location: "Cafe Dorna", PlayedAt: &played}})
	}
	return imp
}

// An import is stored all or nothing, on both engines: one whose last play
// fails to store (its source ID was imported meanwhile) and one cut off by
// its deadline half-way or just before it commits leave every table as it
// was; the whole import
// then stores each play as a finished match with its result, in the
// league's results.
func testImportAllOrNothing(t *testing.T, e *testEngine) {
	s, league, saraID := importFixture(t, e)
	ctx := context.Background()
	l, sara := &League{ID: league}, &Player{ID: saraID}
	tables := []string{"players", "matches", "match_players", "events", "match_results", "result_placements", "match_snapshots", "imported_plays"}
	counts := func() map[string]int {
		out := map[string]int{}
		for _, table := range tables {
			out[table] = countRows(t, s, table)
		}
		return out
	}
	before := counts()
	same := func(what string) {
		t.Helper()
		for table, n := range counts() {
			if n != before[table] {
				t.Errorf("%s: %s has %d rows, had %d", what, table, n, before[table])
			}
		}
	}

	// The last play's source ID is taken when the import commits.
	imp := golfImport(l.ID, sara.ID, 300)
	exec(t, s, `INSERT INTO matches(id, game, league_id, options, status, created_at, listed_at) VALUES ('m_old', 'golf', ?, '{}', 'in_progress', '2024-01-01T00:00:00Z', '2024-01-01T00:00:00Z')`, l.ID)
	exec(t, s, `INSERT INTO imported_plays(league_id, source_id, match_id, created_at) VALUES (?, 'p-0299', 'm_old', '2024-01-01T00:00:00Z')`, l.ID)
	before = counts()
	var conflict *ConflictError
	if _, err := s.Import(ctx, imp); !errors.As(err, &conflict) {
		t.Fatalf("a play imported meanwhile: %v", err)
	}
	same("failed at the last play")
	exec(t, s, `DELETE FROM imported_plays WHERE source_id = 'p-0299'`)
	exec(t, s, `DELETE FROM matches WHERE id = 'm_old'`)
	before = counts()

	// The deadline passes half-way through the writes, and once every row
	// is written, just before the commit.
	asks := importAsks(t, e, len(imp.Plays))
	for _, at := range []int64{asks / 2, asks - 1} {
		if _, err := s.Import(newCutOff(at), imp); !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("cut off after %d of %d asks: %v", at, asks, err)
		}
		same(fmt.Sprintf("cut off after %d of %d asks", at, asks))
	}

	ids, err := s.Import(ctx, imp)
	if err != nil || len(ids) != 300 {
		t.Fatalf("import: %d matches, %v", len(ids), err)
	}
	after := counts()
	for table, grew := range map[string]int{"players": 3, "matches": 300, "match_players": 900, "events": 300, "match_results": 300, "result_placements": 900, "imported_plays": 300} {
		if after[table]-before[table] != grew {
			t.Errorf("%s: %d rows more, want %d", table, after[table]-before[table], grew)
		}
	}
	results, names, err := s.LeagueResults(ctx, l.ID)
	if err != nil || len(results) != 300 || names[imp.Players[1].ID] != "رضا" {
		t.Fatalf("league results: %d, names %v, %v", len(results), names, err)
	}
	// In finish order as in played order, after every match finished before.
	for i, r := range results {
		if r.MatchID != ids[i] || r.FinishSeq <= 0 || i > 0 && r.FinishSeq != results[i-1].FinishSeq+1 || r.Scores[sara.ID] != 40+i%5 {
			t.Fatalf("result %d: %+v, want match %s", i, r, ids[i])
		}
	}
	// Every match replays from its log to the status, result and snapshot
	// stored for it, as a match started and finished at a table does.
	rep, err := s.Check(ctx)
	if err != nil || !rep.OK() || rep.Matches != 300 {
		t.Fatalf("check: %+v %v", rep, err)
	}
	m, err := s.GetMatch(ctx, ids[299])
	if err != nil || m.Status != StatusFinished || m.Meta.Location != "Cafe Dorna" || m.State.Result() == nil {
		t.Fatalf("the last match: %+v %v", m, err)
	}
	done, err := s.ImportedPlays(ctx, l.ID)
	if err != nil || done["p-0299"] != ids[299] {
		t.Fatalf("imported plays: %v %v", done["p-0299"], err)
	}
}

// BenchmarkImport10000 stores a history of 10,000 plays in one import on
// SQLite: the time the import takes, most of it holding the one writer.
//
//	go test ./db -run '^$' -bench Import10000 -benchtime 3x
func BenchmarkImport10000(b *testing.B) {
	ctx := context.Background()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		s := openDSN(b, filepath.Join(b.TempDir(), "bench.db"))
		if _, err := s.CreateSheetGame(ctx, sheet.Definition{ID: "golf", Name: "Golf", MinPlayers: 2, MaxPlayers: 4, Rounds: &sheet.Rounds{}}); err != nil {
			b.Fatal(err)
		}
		l, err := s.CreateLeague(ctx, "Cafe", "golf", nil, "public")
		if err != nil {
			b.Fatal(err)
		}
		sara, err := s.CreatePlayer(ctx, "Sara")
		if err != nil {
			b.Fatal(err)
		}
		imp := golfImport(l.ID, sara.ID, 10000)
		b.StartTimer()
		if ids, err := s.Import(ctx, imp); err != nil || len(ids) != 10000 {
			b.Fatalf("%d matches, %v", len(ids), err)
		}
	}
}
