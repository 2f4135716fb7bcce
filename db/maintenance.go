package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
)

// Backup writes a consistent copy of the live database to path with
// VACUUM INTO, from a read connection: writers go on meanwhile, and the copy
// is the database as of one transaction. path must not exist yet.
func (s *Store) Backup(ctx context.Context, path string) error {
	if s.d.engine != engineSQLite {
		return fmt.Errorf("%w: back a PostgreSQL database up with its own tools (pg_dump)", errUnsupported(s.d, "backup"))
	}
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("db: backup: %s already exists", path)
	} else if !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("db: backup: %w", err)
	}
	// VACUUM INTO reads this database in one read transaction (a WAL
	// snapshot) and writes the copy elsewhere, so it needs a connection that
	// is not query_only, yet must not hold the writer's single connection:
	// a connection of its own lets writes go on while the copy is made.
	conn, err := sql.Open("sqlite", dsn(s.cfg, false))
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `VACUUM INTO ?`, path); err != nil {
		return fmt.Errorf("db: backup: %w", err)
	}
	return nil
}

// CheckReport is what Check found.
type CheckReport struct {
	Integrity string   // "ok" or SQLite's findings
	Matches   int      // matches replayed
	Events    int      // events replayed
	Problems  []string // one line per inconsistency
}

// OK reports whether the database passed every check.
func (r *CheckReport) OK() bool { return r.Integrity == "ok" && len(r.Problems) == 0 }

// Check verifies the database: the engine's integrity check, then every
// match replays from its log to the version, status and result stored for
// it.
func (s *Store) Check(ctx context.Context) (*CheckReport, error) {
	rep := &CheckReport{}
	var err error
	if rep.Integrity, err = s.integrity(ctx); err != nil {
		return nil, err
	}
	ids, err := s.matchIDs(ctx)
	if err != nil {
		return nil, err
	}
	for _, id := range ids {
		rep.Matches++
		row, err := s.readMatchRow(ctx, s.read, id)
		if err != nil {
			rep.Problems = append(rep.Problems, fmt.Sprintf("match %s: %v", id, err))
			continue
		}
		m, log, err := s.loadMatch(ctx, nil, id, -1)
		if err != nil {
			rep.Problems = append(rep.Problems, fmt.Sprintf("match %s: %v", id, err))
			continue
		}
		rep.Events += len(log)
		snapProblems, err := s.checkSnapshots(ctx, m, log)
		if err != nil {
			return nil, err
		}
		for _, p := range snapProblems {
			rep.Problems = append(rep.Problems, fmt.Sprintf("match %s: %s", id, p))
		}
		if played := statusOf(m.State); played != row.Status {
			rep.Problems = append(rep.Problems, fmt.Sprintf("match %s: stored status %s, replay gives %s", id, row.Status, played))
		}
		stored, err := s.storedResult(ctx, id)
		if err != nil {
			rep.Problems = append(rep.Problems, fmt.Sprintf("match %s: result: %v", id, err))
			continue
		}
		if want := m.State.Result(); !sameResult(stored, want) {
			rep.Problems = append(rep.Problems, fmt.Sprintf("match %s: stored result differs from the replayed one", id))
		}
	}
	return rep, nil
}

// integrity is "ok" or what the engine found. SQLite: PRAGMA
// integrity_check over every page and index ("ok" when clean). PostgreSQL
// has no such command and enforces its constraints as it writes; the check
// there lists every match whose seqs do not run 1..n (no rows when clean).
// The replays in Check find the rest on both.
func (s *Store) integrity(ctx context.Context) (string, error) {
	query := `PRAGMA integrity_check`
	if s.d.engine == enginePostgres {
		query = `SELECT 'match ' || match_id || ': ' || COUNT(*) || ' events with seqs ' || MIN(seq) || '..' || MAX(seq)
			FROM events GROUP BY match_id HAVING COUNT(*) <> MAX(seq) OR MIN(seq) <> 1 ORDER BY match_id`
	}
	rows, err := s.read.QueryContext(ctx, query)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	var findings []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return "", err
		}
		if line != "ok" {
			findings = append(findings, line)
		}
	}
	if err := rows.Err(); err != nil {
		return "", err
	}
	if len(findings) == 0 {
		return "ok", nil
	}
	return fmt.Sprint(findings), nil
}

func (s *Store) matchIDs(ctx context.Context) ([]string, error) {
	return s.queryIDs(ctx, `SELECT id FROM matches ORDER BY created_at, id`)
}

// queryIDs runs a query on the read pool whose rows are one ID each.
func (s *Store) queryIDs(ctx context.Context, query string, args ...any) ([]string, error) {
	rows, err := s.read.QueryContext(ctx, s.d.rebind(query), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// storedResult returns the result stored for a match, or nil.
func (s *Store) storedResult(ctx context.Context, id string) (any, error) {
	var raw string
	err := s.read.QueryRowContext(ctx, s.d.rebind(`SELECT result FROM match_results WHERE match_id = ?`), id).Scan(&raw)
	if err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, nil
		}
		return nil, err
	}
	var v any
	if err := json.Unmarshal([]byte(raw), &v); err != nil {
		return nil, err
	}
	return v, nil
}
