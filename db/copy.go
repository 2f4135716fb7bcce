package db

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/motamed/motamed/rules"
)

// copyTables is every table of the schema that holds what was recorded,
// with its columns, in an order that respects the foreign keys. Columns
// marked time are converted between the engines' representations (SQLite's
// RFC 3339 text, PostgreSQL's timestamptz). A table left out of it must be
// in derivedTables: a test lists both engines' schemas and fails on a table
// or column that is in neither.
var copyTables = []copiedTable{
	{"sheet_games", "id", []string{"id", "definition", "created_at"}, nil},
	{"players", "id", []string{"id", "name", "created_at", "folded", "merged_into", "created_by"}, timeCols("created_at")},
	{"leagues", "id", []string{"id", "name", "game", "options", "visibility", "created_at", "archived_at"}, timeCols("created_at", "archived_at")},
	{"tokens", "id", []string{"id", "hash", "role", "league_id", "label", "created_by", "created_at", "revoked_at", "last_used_at"},
		timeCols("created_at", "revoked_at", "last_used_at")},
	{"matches", "id", []string{"id", "game", "league_id", "options", "status", "finish_seq", "created_by", "created_at",
		"table_label", "location", "notes", "played_at", "finished_at", "abandoned_at", "listed_at"},
		withListTime(timeCols("created_at", "played_at", "finished_at", "abandoned_at"), "listed_at")},
	{"match_players", "match_id, seat", []string{"match_id", "seat", "player_id"}, nil},
	{"events", "match_id, seq", []string{"match_id", "seq", "type", "data", "notes", "created_at", "corrects", "token_id", "revision"}, timeCols("created_at")},
	{"idempotency_keys", "match_id, key", []string{"match_id", "key", "request_hash", "seq", "created_at"}, timeCols("created_at")},
	{"match_results", "match_id", []string{"match_id", "result", "finished_at"}, timeCols("finished_at")},
	{"result_placements", "match_id, player_id", []string{"match_id", "player_id", "place", "score"}, nil},
	{"match_sources", "match_id", []string{"match_id", "source", "source_id", "play_date", "duration_min", "start_seat", "comments"}, nil},
	{"imported_plays", "league_id, source_id", []string{"league_id", "source_id", "match_id", "created_at"}, nil},
}

// copiedTable is one table Copy copies: its columns, the order it reads
// them in, and which of them are times.
type copiedTable struct {
	name, order string
	cols        []string
	times       map[string]timeForm
}

// derivedTables are the tables Copy leaves out, each with why: what they
// hold is made anew on the destination, or is not worth keeping.
var derivedTables = map[string]string{
	"schema_migrations": "the destination's own migrations write it",
	"match_snapshots":   "states a replay makes again; a match without them replays from its log",
	"write_limits":      "the write limits' buckets (PostgreSQL): losing them only refills them",
}

// timeForm is how a time column is written on SQLite.
type timeForm int

const (
	storedTime timeForm = iota + 1 // formatTime's RFC 3339
	listedTime                     // listTimeSQLite's fixed width, so text order is time order
)

func timeCols(names ...string) map[string]timeForm {
	m := map[string]timeForm{}
	for _, n := range names {
		m[n] = storedTime
	}
	return m
}

func withListTime(m map[string]timeForm, name string) map[string]timeForm {
	m[name] = listedTime
	return m
}

// CopyReport is what Copy did.
type CopyReport struct {
	Tables  []TableCount // rows copied, per table, in copy order
	Matches int          // matches replayed on both sides and found equal
	Check   *CheckReport // the destination's Check after the copy
}

// TableCount is one table's row count.
type TableCount struct {
	Table string
	Rows  int
}

// Copy copies the whole contents of src into dst (for example a SQLite
// database into PostgreSQL): score-sheet games, players, leagues, tokens,
// matches with their seats, events, idempotency keys, results, sources and
// imported plays (copyTables). dst must be migrated and hold none of them
// yet. src is read in one read transaction (a consistent
// snapshot, even while a server writes it), and everything is written in
// one transaction on dst, so a failed copy leaves dst empty.
//
// Then it verifies: every table holds as many rows in dst as in src, every
// match replays on dst to the same version and state as on src, and dst
// passes Check (every match replays to its stored status and result).
func Copy(ctx context.Context, src, dst *Store) (*CopyReport, error) {
	var opts *sql.TxOptions
	if src.d.engine == enginePostgres {
		opts = &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true}
	}
	snap, err := src.read.BeginTx(ctx, opts)
	if err != nil {
		return nil, fmt.Errorf("copy: read %s: %w", src.d.engine, err)
	}
	defer snap.Rollback() //nolint:errcheck // read only

	rep := &CopyReport{}
	err = dst.w.do(ctx, func(ctx context.Context, tx *sql.Tx) error {
		for _, t := range copyTables {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+t.name).Scan(&n); err != nil {
				return err
			}
			if n > 0 {
				return fmt.Errorf("the destination is not empty: its %s table has %d rows", t.name, n)
			}
		}
		rep.Tables = rep.Tables[:0]
		for _, t := range copyTables {
			n, err := copyTable(ctx, snap, tx, dst.d, t.name, t.order, t.cols, t.times)
			if err != nil {
				return fmt.Errorf("%s: %w", t.name, err)
			}
			rep.Tables = append(rep.Tables, TableCount{t.name, n})
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("copy: %w", err)
	}
	if err := snap.Commit(); err != nil {
		return nil, err
	}
	if err := verifyCopy(ctx, src, dst, rep); err != nil {
		return rep, fmt.Errorf("copy: verify: %w", err)
	}
	return rep, nil
}

const copyBatchRows = 250

// copyTable streams one table from src into tx in multi-row INSERTs.
func copyTable(ctx context.Context, src *sql.Tx, tx *sql.Tx, d *dialect, table, order string, cols []string, times map[string]timeForm) (int, error) {
	rows, err := src.QueryContext(ctx, `SELECT `+strings.Join(cols, ", ")+` FROM `+table+` ORDER BY `+order)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	row := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", ") + ")"
	prefix := `INSERT INTO ` + table + `(` + strings.Join(cols, ", ") + `) VALUES `
	var args []any
	n, batch := 0, 0
	flush := func() error {
		if batch == 0 {
			return nil
		}
		q := prefix + strings.TrimSuffix(strings.Repeat(row+", ", batch), ", ")
		if _, err := tx.ExecContext(ctx, d.rebind(q), args...); err != nil {
			return err
		}
		args, batch = args[:0], 0
		return nil
	}
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for rows.Next() {
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return n, err
		}
		for i, c := range cols {
			args = append(args, copyValue(vals[i], times[c], d))
		}
		n++
		if batch++; batch == copyBatchRows {
			if err := flush(); err != nil {
				return n, err
			}
		}
	}
	if err := rows.Err(); err != nil {
		return n, err
	}
	return n, flush()
}

// copyValue turns a value read from one engine into what dst stores:
// PostgreSQL's times as RFC 3339 text (which PostgreSQL parses too), a list
// time on SQLite in its fixed width, bytes as text.
func copyValue(v any, form timeForm, dst *dialect) any {
	switch x := v.(type) {
	case []byte:
		return string(x)
	case time.Time:
		if form == listedTime && dst.engine == engineSQLite {
			return listTimeSQLite(x)
		}
		if form != 0 {
			return formatTime(x)
		}
	}
	return v
}

// verifyCopy compares row counts and replays every match on both sides.
func verifyCopy(ctx context.Context, src, dst *Store, rep *CopyReport) error {
	for _, t := range rep.Tables {
		var n int
		if err := dst.read.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+t.Table).Scan(&n); err != nil {
			return err
		}
		if n != t.Rows {
			return fmt.Errorf("%s: %d rows copied, %d in the destination", t.Table, t.Rows, n)
		}
	}
	ids, err := src.matchIDs(ctx)
	if err != nil {
		return err
	}
	for _, id := range ids {
		a, _, err := src.loadMatch(ctx, nil, id, -1)
		if err != nil {
			return fmt.Errorf("match %s on the source: %w", id, err)
		}
		b, _, err := dst.loadMatch(ctx, nil, id, -1)
		if err != nil {
			return fmt.Errorf("match %s on the destination: %w", id, err)
		}
		sa, _ := rules.Fingerprint(a.State)
		sb, _ := rules.Fingerprint(b.State)
		if a.Version != b.Version || a.Status != b.Status || !bytes.Equal(sa, sb) {
			return fmt.Errorf("match %s replays differently: version %d/%d, status %s/%s", id, a.Version, b.Version, a.Status, b.Status)
		}
		rep.Matches++
	}
	if rep.Check, err = dst.Check(ctx); err != nil {
		return err
	}
	if !rep.Check.OK() {
		return fmt.Errorf("the destination fails its check: integrity %s, %d problem(s): %s", rep.Check.Integrity, len(rep.Check.Problems), strings.Join(rep.Check.Problems, "; "))
	}
	return nil
}
