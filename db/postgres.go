package db

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/motamed/motamed/rules"
)

// openPostgres opens a pool on the PostgreSQL database cfg.DSN names and
// migrates it. Reads and writes share the pool; each write is its own
// transaction (see writer.go for why there is no group commit here).
func openPostgres(ctx context.Context, cfg Config, games *rules.Registry) (*Store, error) {
	pool, err := sql.Open("pgx", cfg.DSN)
	if err != nil {
		return nil, fmt.Errorf("db: open %s: %w", Redact(cfg.DSN), err)
	}
	pool.SetMaxOpenConns(cfg.Conns)
	pool.SetMaxIdleConns(cfg.Conns)
	pool.SetConnMaxIdleTime(5 * time.Minute)
	if err := pool.PingContext(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("db: open %s: %w", Redact(cfg.DSN), err)
	}
	migrated, err := migrate(ctx, postgresDialect, pool, !cfg.NoMigrate)
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("db: migrate: %w", err)
	} else if migrated > 0 {
		cfg.Logger.Info("database migrated", "db", Redact(cfg.DSN), "applied", migrated)
	}
	s := newStore(cfg, postgresDialect, games, pool, pool)
	s.migrated = migrated
	if err := s.stmts.prepare(ctx, s.d, pool, pool); err != nil {
		pool.Close()
		return nil, fmt.Errorf("db: prepare: %w", err)
	}
	s.w = startDirectWriter(pool, cfg.Logger)
	if s.peers, err = openPeers(ctx, s); err != nil {
		s.w.stop()
		pool.Close()
		return nil, fmt.Errorf("db: notices: %w", err)
	}
	return s, nil
}

// The PostgreSQL-only SQL of an append (see appendShared in events.go).
const (
	// pgLockMatch takes the match's row lock until the transaction ends:
	// appends to one match, from any instance, run one after the other.
	pgLockMatch = `SELECT status FROM matches WHERE id = $1 FOR UPDATE`
	// pgFinishLock serializes the first finishes of matches across
	// instances, so MAX(finish_seq)+1 is unique and follows commit order.
	pgFinishLock = `SELECT pg_advisory_xact_lock(7236836145440294244)`
)
