package db

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Each engine has its own numbered migrations: migrations/sqlite/*.sql and
// migrations/postgres/*.sql describe the same schema in each one's types.
//
//go:embed migrations/sqlite/*.sql migrations/postgres/*.sql
var migrationFiles embed.FS

// migrationLockKey is the PostgreSQL advisory lock that serializes
// migrations when several instances start at once on one database.
const migrationLockKey = 0x6d6f74616d6564 // "motamed"

// migration is one numbered .sql file.
type migration struct {
	version int
	name    string
	sql     string
}

func loadMigrations(engine string) ([]migration, error) {
	dir := "migrations/" + engine
	entries, err := fs.ReadDir(migrationFiles, dir)
	if err != nil {
		return nil, err
	}
	var out []migration
	for _, e := range entries {
		name := e.Name()
		num, _, ok := strings.Cut(name, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v <= 0 {
			return nil, fmt.Errorf("migration %q: name must start with a positive number and '_'", name)
		}
		body, err := migrationFiles.ReadFile(dir + "/" + name)
		if err != nil {
			return nil, err
		}
		out = append(out, migration{version: v, name: name, sql: string(body)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].version < out[j].version })
	for i, m := range out {
		if m.version != i+1 {
			return nil, fmt.Errorf("migrations must be numbered 1, 2, 3 ... without gaps; found %s at position %d", m.name, i+1)
		}
	}
	return out, nil
}

// migrationConn is a *sql.DB or a *sql.Conn.
type migrationConn interface {
	querier
	BeginTx(ctx context.Context, opts *sql.TxOptions) (*sql.Tx, error)
}

// schemaMigrations is the table that records applied migrations.
var schemaMigrations = map[string]string{
	engineSQLite: `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    INTEGER PRIMARY KEY,
		name       TEXT NOT NULL,
		applied_at TEXT NOT NULL)`,
	enginePostgres: `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    integer PRIMARY KEY,
		name       text NOT NULL,
		applied_at timestamptz NOT NULL)`,
}

// migrate applies the migrations not yet recorded, each in its own
// transaction together with its record, so a failed migration leaves the
// database at the previous version. On PostgreSQL it holds an advisory lock
// meanwhile: a second instance starting at the same moment waits, then
// finds the schema current. With apply false a missing migration is
// ErrSchemaBehind instead.
func migrate(ctx context.Context, d *dialect, db *sql.DB, apply bool) (applied int, err error) {
	if d.engine != enginePostgres {
		return migrateOn(ctx, d, db, apply)
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		return 0, err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, int64(migrationLockKey)); err != nil {
		return 0, fmt.Errorf("migration lock: %w", err)
	}
	defer conn.ExecContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, int64(migrationLockKey)) //nolint:errcheck // the lock also ends with the session
	return migrateOn(ctx, d, conn, apply)
}

// ErrSchemaBehind: the database lacks migrations this binary has, and it
// was opened not to apply them.
var ErrSchemaBehind = errors.New("the database's schema is older than this motamed's")

func migrateOn(ctx context.Context, d *dialect, conn migrationConn, apply bool) (applied int, err error) {
	if _, err := conn.ExecContext(ctx, schemaMigrations[d.engine]); err != nil {
		return 0, fmt.Errorf("create schema_migrations: %w", err)
	}
	ms, err := loadMigrations(d.engine)
	if err != nil {
		return 0, err
	}
	var current int
	if err := conn.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&current); err != nil {
		return 0, fmt.Errorf("read schema version: %w", err)
	}
	if current > len(ms) {
		return 0, fmt.Errorf("database schema version %d is newer than this binary knows (%d)", current, len(ms))
	}
	if current < len(ms) && !apply {
		return 0, fmt.Errorf("%w (version %d, not %d)", ErrSchemaBehind, current, len(ms))
	}
	for _, m := range ms[current:] {
		if err := applyMigration(ctx, d, conn, m); err != nil {
			return applied, err
		}
		applied++
	}
	return applied, nil
}

func applyMigration(ctx context.Context, d *dialect, conn migrationConn, m migration) error {
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	if _, err := tx.ExecContext(ctx, m.sql); err != nil {
		return fmt.Errorf("migration %s: %w", m.name, err)
	}
	if _, err := tx.ExecContext(ctx, d.rebind(`INSERT INTO schema_migrations(version, name, applied_at) VALUES (?, ?, ?)`),
		m.version, m.name, time.Now().UTC().Format(time.RFC3339Nano)); err != nil {
		return fmt.Errorf("record migration %s: %w", m.name, err)
	}
	return tx.Commit()
}
