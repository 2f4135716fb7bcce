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
	path := filepath.Join(t.TempDir(), "v8.db")
	s := openTest(t, path)
	name := "\ufeb3\ufe8e\ufead\ufe8d ہادی" // presentation forms and heh goal
	p, err := s.CreatePlayer(ctx, name)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()

	raw, err := sql.Open("sqlite", dsn(Config{Path: path, Synchronous: "FULL", BusyTimeout: 5e9}, false))
	if err != nil {
		t.Fatal(err)
	}
	// As schema 9 stored it: folded by the fold of the time, which kept
	// presentation forms and heh goal as they were, and without what the
	// later migrations add.
	if _, err := raw.Exec(`DELETE FROM schema_migrations WHERE version >= 10;
		ALTER TABLE players DROP COLUMN created_by;
		ALTER TABLE tokens DROP COLUMN last_used_at;
		DROP TABLE match_sources;
		UPDATE players SET folded = ?`, name); err != nil {
		t.Fatal(err)
	}
	raw.Close()

	s = openTest(t, path)
	found, err := s.PlayersNamed(ctx, []string{"سارا هادی"})
	if err != nil {
		t.Fatal(err)
	}
	if found["سارا هادی"].ID != p.ID {
		t.Fatalf("the player stored before is not found by its plain letters (%q): %v", fold.String(name), found)
	}
}
