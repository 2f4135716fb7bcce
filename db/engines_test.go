package db

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// The storage conformance suite: every case runs on SQLite (always) and on
// PostgreSQL when MOTAMED_TEST_POSTGRES holds a DSN (make test starts one
// with .ci/postgres). Each case gets a fresh, empty database: a new file, or
// a new schema on the PostgreSQL database (dropped afterwards).
//
//	go test ./db -run 'TestConformance/postgres'

// testEngine makes fresh databases of one engine.
type testEngine struct {
	name string
	// fresh returns the DSN of a new, empty database.
	fresh func(t *testing.T) string
}

// conformanceCase is one test of the suite. shared cases need a database
// several stores can share (PostgreSQL) and are skipped on SQLite.
type conformanceCase struct {
	name   string
	shared bool
	fn     func(t *testing.T, e *testEngine)
}

// conformance is filled by the test files' init functions.
var conformance []conformanceCase

func register(cases ...conformanceCase) { conformance = append(conformance, cases...) }

func TestConformance(t *testing.T) {
	for _, e := range testEngines() {
		t.Run(e.name, func(t *testing.T) {
			if e.fresh == nil {
				skipNoPostgres(t)
			}
			for _, c := range conformance {
				t.Run(c.name, func(t *testing.T) {
					if c.shared && e.name != enginePostgres {
						t.Skip("several stores on one database: PostgreSQL only")
					}
					c.fn(t, e)
				})
			}
		})
	}
}

func testEngines() []*testEngine {
	sqlite := &testEngine{name: engineSQLite, fresh: func(t *testing.T) string {
		return filepath.Join(t.TempDir(), "test.db")
	}}
	pg := &testEngine{name: enginePostgres}
	if dsn := os.Getenv("MOTAMED_TEST_POSTGRES"); dsn != "" {
		pg.fresh = func(t *testing.T) string { return freshPostgresSchema(t, dsn) }
	}
	return []*testEngine{sqlite, pg}
}

// skipNoPostgres skips, or fails when MOTAMED_TEST_POSTGRES_REQUIRED is set
// (CI sets it, so a missing server cannot pass unnoticed).
func skipNoPostgres(t *testing.T) {
	t.Helper()
	msg := "PostgreSQL tests skipped: set MOTAMED_TEST_POSTGRES to a DSN (make test does it with .ci/postgres)"
	if os.Getenv("MOTAMED_TEST_POSTGRES_REQUIRED") != "" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}

var (
	adminPoolOnce sync.Once
	adminPool     *sql.DB
	adminPoolErr  error
)

// freshPostgresSchema creates an empty schema on the test database and
// returns a DSN whose search_path is that schema; the schema is dropped
// when the test ends.
func freshPostgresSchema(t *testing.T, dsn string) string {
	t.Helper()
	adminPoolOnce.Do(func() {
		adminPool, adminPoolErr = sql.Open("pgx", dsn)
		if adminPoolErr == nil {
			adminPoolErr = adminPool.Ping()
		}
	})
	if adminPoolErr != nil {
		t.Fatalf("MOTAMED_TEST_POSTGRES: %v", adminPoolErr)
	}
	schema := newID("t_") // lower-case letters and digits: a plain identifier
	if _, err := adminPool.Exec(`CREATE SCHEMA ` + schema); err != nil {
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() {
		if _, err := adminPool.Exec(`DROP SCHEMA ` + schema + ` CASCADE`); err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
		}
	})
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// open opens a store on a fresh database of e.
func (e *testEngine) open(t *testing.T) *Store {
	t.Helper()
	return openDSN(t, e.fresh(t))
}

// openDSN opens a store on dsn with the Counter game, closed at the end.
func openDSN(t testing.TB, dsn string) *Store {
	t.Helper()
	s, err := Open(context.Background(), Config{DSN: dsn}, rules.NewRegistry(rulestest.Counter()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// openTest opens a SQLite store on path (a fresh file when empty), for the
// tests of SQLite's own machinery.
func openTest(t *testing.T, path string) *Store {
	t.Helper()
	if path == "" {
		path = filepath.Join(t.TempDir(), "test.db")
	}
	return openDSN(t, path)
}

func newCounterMatch(t *testing.T, s *Store, n int) *Match {
	t.Helper()
	return newCounterMatchWith(t, s, n, nil)
}

func newCounterMatchWith(t *testing.T, s *Store, n int, options []byte) *Match {
	t.Helper()
	ctx := context.Background()
	var ids []string
	for i := 0; i < n; i++ {
		p, err := s.CreatePlayer(ctx, fmt.Sprintf("پخش %d", i))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, p.ID)
	}
	m, err := s.CreateMatch(ctx, NewMatch{Game: "counter", Players: ids, Options: options})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func countRows(t *testing.T, s *Store, table string) int {
	t.Helper()
	var n int
	if err := s.read.QueryRow("SELECT COUNT(*) FROM " + table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// exec runs a statement written with ? placeholders on either engine.
func exec(t *testing.T, s *Store, query string, args ...any) {
	t.Helper()
	if _, err := s.write.Exec(s.d.rebind(query), args...); err != nil {
		t.Fatal(err)
	}
}
