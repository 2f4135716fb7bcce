package db

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/motamed/motamed/rules/fold"
)

// A database from before names were folded with presentation forms and the
// heh variants (schema 9) has its names folded anew when it is opened, so
// search and the duplicate check find the players stored before.
func TestOpeningFoldsStoredNamesAnew(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v9.db")
	name := "\ufeb3\ufe8e\ufead\ufe8d ہادی" // presentation forms and heh goal

	// A database at schema 9, made by its own migrations, with a player
	// stored as schema 9 stored it: folded by the fold of the time, which
	// kept presentation forms and heh goal as they were.
	raw, err := sql.Open("sqlite", dsn(Config{Path: path, Synchronous: "FULL", BusyTimeout: 5e9}, false))
	if err != nil {
		t.Fatal(err)
	}
	ms, err := loadMigrations(engineSQLite)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.ExecContext(ctx, schemaMigrations[engineSQLite]); err != nil {
		t.Fatal(err)
	}
	for _, m := range ms[:9] {
		if err := applyMigration(ctx, sqliteDialect, raw, m); err != nil {
			t.Fatal(err)
		}
	}
	const id = "pl_storedatschema9"
	if _, err := raw.Exec(`INSERT INTO players(id, name, folded, created_at) VALUES (?, ?, ?, ?)`,
		id, name, name, "2026-01-01T00:00:00Z"); err != nil {
		t.Fatal(err)
	}
	raw.Close()

	s := openTest(t, path)
	found, err := s.PlayersNamed(ctx, []string{"سارا هادی"})
	if err != nil {
		t.Fatal(err)
	}
	if found["سارا هادی"].ID != id {
		t.Fatalf("the player stored before is not found by its plain letters (%q): %v", fold.String(name), found)
	}
}
