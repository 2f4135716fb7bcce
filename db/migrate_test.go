package db

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/motamed/motamed/rules"
)

// eventsV3 takes a database back to schema version 3: the log as migration
// 1 created it (WITHOUT ROWID), taken from that migration itself, with the
// events copied into it.
func eventsV3(t *testing.T) string {
	t.Helper()
	ms, err := loadMigrations(engineSQLite)
	if err != nil {
		t.Fatal(err)
	}
	const from, to = "CREATE TABLE events (", ") WITHOUT ROWID;"
	first := ms[0].sql
	i := strings.Index(first, from)
	j := strings.Index(first[i+1:], to)
	if i < 0 || j < 0 {
		t.Fatalf("migration 1 has no WITHOUT ROWID events table")
	}
	table := "CREATE TABLE events_v3 (" + first[i+len(from):i+1+j+len(to)]
	return table + `
INSERT INTO events_v3 SELECT match_id, seq, type, data, notes, created_at FROM events;
DROP TABLE events;
ALTER TABLE events_v3 RENAME TO events;
DELETE FROM schema_migrations WHERE version >= 4;` + undoAfter4
}

// undoAfter4 takes back what the migrations after 4 added outside the log,
// so that the database is as version 3 shipped.
const undoAfter4 = `
DROP TABLE match_sources;
DROP TABLE imported_plays;
DROP TABLE sheet_games;
DROP TABLE match_snapshots;
DROP INDEX players_folded;
DROP INDEX matches_listed;
DROP INDEX matches_league_listed;
DROP INDEX matches_status_listed;
DROP INDEX matches_game_listed;
DROP INDEX leagues_created;
DROP INDEX idempotency_keys_key;
ALTER TABLE players DROP COLUMN folded;
ALTER TABLE players DROP COLUMN merged_into;
ALTER TABLE players DROP COLUMN created_by;
ALTER TABLE tokens DROP COLUMN last_used_at;
ALTER TABLE leagues DROP COLUMN archived_at;
ALTER TABLE matches DROP COLUMN table_label;
ALTER TABLE matches DROP COLUMN location;
ALTER TABLE matches DROP COLUMN notes;
ALTER TABLE matches DROP COLUMN played_at;
ALTER TABLE matches DROP COLUMN finished_at;
ALTER TABLE matches DROP COLUMN abandoned_at;
ALTER TABLE matches DROP COLUMN listed_at;`

// TestEventsRowidMigrationKeepsTheLog takes a database with two played
// matches back to schema version 3, then opens it: migration 4 moves the log
// into a rowid table, and every event, each match's state and the log's
// constraints come through, and appends go on from where they were.
func TestEventsRowidMigrationKeepsTheLog(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v3.db")
	s := openTest(t, path)
	a, b := newCounterMatch(t, s, 3), newCounterMatch(t, s, 2)
	// Interleaved, as tables play at once, with an undo in one of them.
	for i := 0; i < 6; i++ {
		if _, err := s.Append(ctx, a.ID, add(a.Seats[i%3].PlayerID, 1), AppendOptions{}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Append(ctx, b.ID, add(b.Seats[i%2].PlayerID, 1), AppendOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Undo(ctx, b.ID, AppendOptions{}); err != nil {
		t.Fatal(err)
	}
	before := map[string][]Event{}
	for _, id := range []string{a.ID, b.ID} {
		log, err := s.Events(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		before[id] = log
	}
	s.Close()

	raw, err := sql.Open("sqlite", dsn(Config{Path: path, Synchronous: "FULL", BusyTimeout: 5e9}, false))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(eventsV3(t)); err != nil {
		t.Fatal(err)
	}
	if schema := eventsSchema(t, raw); !strings.Contains(schema, "WITHOUT ROWID") {
		t.Fatalf("the test did not build a version 3 log: %s", schema)
	}
	raw.Close()

	s = openTest(t, path)
	if _, schema := s.Migrations(); s.migrated != schema-3 {
		t.Fatalf("opening a version 3 database applied %d migrations, want %d", s.migrated, schema-3)
	}
	if schema := eventsSchema(t, s.read); strings.Contains(schema, "WITHOUT ROWID") {
		t.Fatalf("events is still WITHOUT ROWID: %s", schema)
	}
	for id, want := range before {
		got, err := s.Events(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("match %s: %d events after the migration, %d before", id, len(got), len(want))
		}
		for i := range want {
			g, w := got[i], want[i]
			if g.Seq != w.Seq || g.Type != w.Type || string(g.Data) != string(w.Data) || g.Voided != w.Voided ||
				g.Voids != w.Voids || !g.CreatedAt.Equal(w.CreatedAt) {
				t.Fatalf("match %s event %d: %+v after the migration, %+v before", id, i+1, g, w)
			}
		}
	}
	rep, err := s.Check(ctx)
	if err != nil || !rep.OK() || rep.Matches != 2 || rep.Events != len(before[a.ID])+len(before[b.ID]) {
		t.Fatalf("check after the migration: %+v %v", rep, err)
	}

	// The primary key, the seq check and the foreign key still hold.
	for _, bad := range []struct {
		name     string
		matchID  string
		seq      int
		wantText string
	}{
		{"a seq taken", a.ID, 1, "UNIQUE"},
		{"seq 0", a.ID, 0, "CHECK"},
		{"no such match", "m_none", 1, "FOREIGN KEY"},
	} {
		_, err := s.write.Exec(`INSERT INTO events(match_id, seq, type, data, created_at) VALUES (?, ?, 'add', '{}', 'x')`, bad.matchID, bad.seq)
		if err == nil || !strings.Contains(err.Error(), bad.wantText) {
			t.Errorf("%s: insert gave %v, want a %s constraint error", bad.name, err, bad.wantText)
		}
	}

	// Appends go on at the next seq, checked against the replayed state.
	m, err := s.GetMatch(ctx, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.Append(ctx, a.ID, add(a.Seats[0].PlayerID, 2), AppendOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Event.Seq != m.Version+1 {
		t.Fatalf("append after the migration got seq %d, want %d", res.Event.Seq, m.Version+1)
	}
	var v *rules.ViolationError
	if _, err := s.Append(ctx, a.ID, add(a.Seats[0].PlayerID, 1), AppendOptions{}); !errors.As(err, &v) {
		t.Fatalf("an append out of turn after the migration gave %v, want a rule violation", err)
	}
}

func eventsSchema(t *testing.T, q querier) string {
	t.Helper()
	var schema string
	if err := q.QueryRowContext(context.Background(), `SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'events'`).Scan(&schema); err != nil {
		t.Fatal(err)
	}
	return schema
}

// Each engine's migrations are numbered 1, 2, 3 ... once each, so that a
// database of either engine opens (the PostgreSQL ones are checked here
// even where no PostgreSQL runs).
func TestMigrationsNumberedOnceEach(t *testing.T) {
	for _, engine := range []string{engineSQLite, enginePostgres} {
		if _, err := loadMigrations(engine); err != nil {
			t.Errorf("%s: %v", engine, err)
		}
	}
}
