package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
)

// The store runs on two engines, chosen by the DSN. Everything that differs
// between them is in this narrow seam; the SQL itself stays in the open,
// written once where both engines accept it (with ? placeholders, which
// rebind turns into $1, $2 ... for PostgreSQL) and once per engine where
// they differ (migrations, the match row lock, the finish order, checks).
const (
	// SQLite: one process owns the file. Writes go through one connection
	// fed by the group-commit queue, and the state cache is the truth.
	engineSQLite = "sqlite"
	// PostgreSQL: several Motamed instances may share the database. An
	// append locks the match's row for its transaction, and a cached state
	// is used only after checking that the database is still at its version.
	enginePostgres = "postgres"
)

// dialect is what the store needs to know about its engine.
type dialect struct {
	engine string
	// shared says other processes may write the same database, so no
	// in-memory state can be trusted without asking the database first.
	shared bool
}

var (
	sqliteDialect   = &dialect{engine: engineSQLite}
	postgresDialect = &dialect{engine: enginePostgres, shared: true}
)

// rebind turns the ? placeholders of q into PostgreSQL's $1, $2 ...; for
// SQLite it returns q unchanged. The store's SQL has no ? inside string
// literals, so a plain scan is enough.
func (d *dialect) rebind(q string) string {
	if d.engine != enginePostgres || !strings.Contains(q, "?") {
		return q
	}
	var b strings.Builder
	b.Grow(len(q) + 16)
	n := 0
	for i := 0; i < len(q); i++ {
		if q[i] == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteByte(q[i])
	}
	return b.String()
}

// isConstraint recognises a unique or primary-key violation: the events
// primary key refusing a second append at the same seq, a duplicate key.
func (d *dialect) isConstraint(err error) bool {
	if d.engine == enginePostgres {
		var pe *pgconn.PgError
		return errors.As(err, &pe) && strings.HasPrefix(pe.Code, "23") // integrity_constraint_violation class
	}
	var coder interface{ Code() int }
	return errors.As(err, &coder) && coder.Code()&0xff == 19 // SQLITE_CONSTRAINT
}

// querier is what a *sql.DB, *sql.Conn and *sql.Tx have in common, so the
// same read runs on the pool or inside a transaction.
type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Engine tells which engine a DSN selects: "postgres" for a postgres:// or
// postgresql:// URL, else "sqlite" (a file path, or sqlite:PATH).
func Engine(dsn string) string {
	if isPostgresDSN(dsn) {
		return enginePostgres
	}
	return engineSQLite
}

func isPostgresDSN(dsn string) bool {
	l := strings.ToLower(dsn)
	return strings.HasPrefix(l, "postgres://") || strings.HasPrefix(l, "postgresql://")
}

// sqlitePath returns the file a SQLite DSN names: the DSN itself, or what
// follows "sqlite:" (and an optional "//").
func sqlitePath(dsn string) string {
	if rest, ok := strings.CutPrefix(dsn, "sqlite:"); ok {
		return strings.TrimPrefix(rest, "//")
	}
	return dsn
}

// Redact returns dsn fit for a log line: a PostgreSQL URL's password is
// replaced by "xxxxx"; a SQLite path is returned as it is.
func Redact(dsn string) string {
	if !isPostgresDSN(dsn) {
		return dsn
	}
	u, err := url.Parse(dsn)
	if err != nil {
		return "postgres://(unparsable DSN)"
	}
	if q := u.Query(); q.Has("password") {
		q.Set("password", "xxxxx")
		u.RawQuery = q.Encode()
	}
	return u.Redacted()
}

// DatabaseName is a short name for the database a DSN selects: the SQLite
// file, or the PostgreSQL database's name (for file names and messages).
func DatabaseName(dsn string) string {
	if !isPostgresDSN(dsn) {
		return sqlitePath(dsn)
	}
	u, err := url.Parse(dsn)
	if err != nil {
		return "postgres"
	}
	if name := strings.Trim(u.Path, "/"); name != "" {
		return name
	}
	return "postgres"
}

func errUnsupported(d *dialect, what string) error {
	return fmt.Errorf("db: %s is not available on %s", what, d.engine)
}
