// Package db is Motamed's storage, on one of two engines chosen by the DSN:
// SQLite through modernc.org/sqlite (the embedded default: one writer
// connection fed by a group-commit queue and a pool of read-only
// connections), or PostgreSQL through pgx (a connection pool shared by
// several Motamed instances, each append in its own transaction holding the
// match's row lock). Both have embedded numbered migrations per engine and a
// bounded cache of match states so an append does not replay the log. SQL
// lives only here; dialect.go is the seam between the engines.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"sync"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
	_ "modernc.org/sqlite"             // the "sqlite" database/sql driver

	"github.com/motamed/motamed/rules"
)

// Config tunes a Store. Zero values mean the defaults.
type Config struct {
	// DSN names the database and so the engine: a file path or sqlite:PATH
	// for SQLite (the file is created on first open), a postgres:// or
	// postgresql:// URL for PostgreSQL (the database must exist). Either is
	// migrated on open.
	DSN string
	// Path is a SQLite file, used when DSN is empty.
	Path string
	// Readers is the size of SQLite's read-only pool (default 4).
	Readers int
	// Conns is the size of PostgreSQL's connection pool (default 16).
	Conns int
	// CacheSize bounds how many match states stay in memory (default 16384),
	// and CacheBytes the memory they take in all (default 128 MiB, as
	// estimated: see weight): a state grows with its match.
	CacheSize  int
	CacheBytes int64
	// SnapshotEvery is how many events apart a match's state is stored
	// (default 256; further apart for a state over 256 KB, see snapshots.go):
	// what a state not in memory costs.
	SnapshotEvery int64
	// MaxBatch bounds how many writes one group commit carries (default 256).
	MaxBatch int
	// BusyTimeout is how long a connection waits on a lock (default 5s).
	BusyTimeout time.Duration
	// Synchronous is SQLite's synchronous pragma for the writer: "FULL"
	// (default: an acknowledged commit survives power loss) or "NORMAL".
	// PostgreSQL keeps its own synchronous_commit setting.
	Synchronous string
	// KeyTTL is how long idempotency keys are remembered (default
	// DefaultKeyTTL); a negative value keeps them forever.
	KeyTTL time.Duration
	// CheckpointEvery is how often SQLite's log is checkpointed in the
	// background (default 200ms: the less a checkpoint has to copy at once,
	// the less it disturbs the commits' own fsyncs); WALRestartFrames is
	// the log size, in pages, past which the writer checkpoints too so the
	// log starts again from its beginning (default 4096, about 16 MB). See
	// checkpointer.
	CheckpointEvery  time.Duration
	WALRestartFrames int64
	// NoMigrate opens a database only if it lacks no migration, and
	// otherwise fails with ErrSchemaBehind: for reading a database that a
	// running server, perhaps of an older version, owns.
	NoMigrate bool
	Logger    *slog.Logger
	// checkpointTicks, when set, replaces CheckpointEvery's ticker: a test
	// then decides when the background checkpoints run.
	checkpointTicks <-chan time.Time
}

// Store is the database. On SQLite all writes go through one connection
// owned by a writer goroutine and reads use a separate read-only pool; on
// PostgreSQL reads and writes share one pool (read and write are the same
// *sql.DB).
type Store struct {
	cfg   Config
	d     *dialect
	games *rules.Registry
	write *sql.DB
	read  *sql.DB
	w     *writer
	cache *stateCache
	locks matchLocks
	log   *slog.Logger
	clock func() time.Time
	stmts hotStatements
	ckpt  *checkpointer
	// janitor deletes expired idempotency keys.
	janitor *janitor
	// migrated is how many migrations this Open applied.
	migrated int
	// peers exchanges change notices with the other instances (PostgreSQL).
	peers *Peers
	// unreplayable holds the IDs of the matches whose failed replay was
	// logged (see replayFailed).
	unreplayable sync.Map

	closeOnce sync.Once
	closeErr  error
}

// hotStatements are the writes of appends, prepared once on the single
// write connection instead of parsed for each event: every event's insert,
// the writes of a match that starts or finishes (thousands a minute at a
// busy tournament, each parsed inside the one writer while every table
// waited), and the lookups of a match that starts, on the readers.
type hotStatements struct {
	insertEvent, updateStatus, insertKey       *sql.Stmt
	finishOrder, insertResult, insertPlacement *sql.Stmt
	deleteResult, deletePlacements             *sql.Stmt
	insertMatch, insertMatchPlayer             *sql.Stmt
	getLeague, getPlayer                       *sql.Stmt // on the readers
}

// all lists the statements, for Close.
func (h *hotStatements) all() []*sql.Stmt {
	return []*sql.Stmt{h.insertEvent, h.updateStatus, h.insertKey, h.finishOrder, h.insertResult, h.insertPlacement,
		h.deleteResult, h.deletePlacements, h.insertMatch, h.insertMatchPlayer, h.getLeague, h.getPlayer}
}

func (h *hotStatements) prepare(ctx context.Context, d *dialect, write, read *sql.DB) error {
	var err error
	conn := write
	prep := func(q string) *sql.Stmt {
		if err != nil {
			return nil
		}
		var st *sql.Stmt
		st, err = conn.PrepareContext(ctx, d.rebind(q))
		return st
	}
	h.insertEvent = prep(`INSERT INTO events(match_id, seq, type, data, notes, created_at, corrects, token_id, revision) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
	h.updateStatus = prep(`UPDATE matches SET status = ?, finished_at = COALESCE(finished_at, ?) WHERE id = ?`)
	h.insertKey = prep(`INSERT INTO idempotency_keys(match_id, key, request_hash, seq, created_at) VALUES (?, ?, ?, ?, ?)`)
	h.finishOrder = prep(`UPDATE matches SET finish_seq = (SELECT COALESCE(MAX(finish_seq), 0) + 1 FROM matches) WHERE id = ? RETURNING finish_seq`)
	h.insertResult = prep(`INSERT INTO match_results(match_id, result, finished_at) VALUES (?, ?, ?)`)
	h.insertPlacement = prep(`INSERT INTO result_placements(match_id, player_id, place, score) VALUES (?, ?, ?, ?)`)
	h.deleteResult = prep(`DELETE FROM match_results WHERE match_id = ?`)
	h.deletePlacements = prep(`DELETE FROM result_placements WHERE match_id = ?`)
	h.insertMatch = prep(`INSERT INTO matches(id, game, league_id, options, status, created_by, created_at, listed_at, table_label, location, notes, played_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
	h.insertMatchPlayer = prep(`INSERT INTO match_players(match_id, seat, player_id) VALUES (?, ?, ?)`)
	conn = read
	h.getLeague = prep(`SELECT id, name, game, options, visibility, created_at, archived_at FROM leagues WHERE id = ?`)
	h.getPlayer = prep(`SELECT id, name, created_at, merged_into, created_by FROM players WHERE id = ?`)
	return err
}

// Open opens (creating and migrating if needed) the database cfg.DSN names.
func Open(ctx context.Context, cfg Config, games *rules.Registry) (*Store, error) {
	if cfg.DSN == "" {
		cfg.DSN = cfg.Path
	}
	if cfg.DSN == "" {
		return nil, errors.New("db: a database (a SQLite file or a postgres:// URL) is required")
	}
	if cfg.Readers <= 0 {
		cfg.Readers = 4
	}
	if cfg.Conns <= 0 {
		cfg.Conns = 16
	}
	if cfg.CacheSize <= 0 {
		cfg.CacheSize = 16384
	}
	if cfg.CacheBytes <= 0 {
		cfg.CacheBytes = 128 << 20
	}
	if cfg.SnapshotEvery <= 0 {
		cfg.SnapshotEvery = 256
	}
	if cfg.MaxBatch <= 0 {
		cfg.MaxBatch = 256
	}
	if cfg.BusyTimeout <= 0 {
		cfg.BusyTimeout = 5 * time.Second
	}
	if cfg.CheckpointEvery <= 0 {
		cfg.CheckpointEvery = 200 * time.Millisecond
	}
	if cfg.WALRestartFrames <= 0 {
		cfg.WALRestartFrames = defaultRestartFrames
	}
	switch cfg.Synchronous {
	case "":
		cfg.Synchronous = "FULL"
	case "FULL", "NORMAL":
	default:
		return nil, fmt.Errorf("db: synchronous must be FULL or NORMAL, not %q", cfg.Synchronous)
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.KeyTTL == 0 {
		cfg.KeyTTL = DefaultKeyTTL
	}
	var s *Store
	var err error
	if isPostgresDSN(cfg.DSN) {
		s, err = openPostgres(ctx, cfg, games)
	} else {
		cfg.Path = sqlitePath(cfg.DSN)
		s, err = openSQLite(ctx, cfg, games)
	}
	if err != nil {
		return nil, err
	}
	if err := s.foldOldNames(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("db: fold player names: %w", err)
	}
	if err := s.loadSheetGames(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("db: score-sheet games: %w", err)
	}
	if cfg.KeyTTL > 0 {
		s.janitor = startJanitor(s, cfg.KeyTTL, time.Hour)
	}
	return s, nil
}

func openSQLite(ctx context.Context, cfg Config, games *rules.Registry) (*Store, error) {
	write, err := sql.Open("sqlite", dsn(cfg, false))
	if err != nil {
		return nil, fmt.Errorf("db: open writer: %w", err)
	}
	// One writer connection: SQLite has one writer anyway, and pragmas in
	// the DSN then hold for every statement we run.
	write.SetMaxOpenConns(1)
	write.SetMaxIdleConns(1)
	write.SetConnMaxLifetime(0)
	write.SetConnMaxIdleTime(0)
	if err := write.PingContext(ctx); err != nil {
		write.Close()
		return nil, fmt.Errorf("db: open %s: %w", cfg.Path, err)
	}
	migrated, err := migrate(ctx, sqliteDialect, write, !cfg.NoMigrate)
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("db: migrate: %w", err)
	} else if migrated > 0 {
		cfg.Logger.Info("database migrated", "path", cfg.Path, "applied", migrated)
	}

	read, err := sql.Open("sqlite", dsn(cfg, true))
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("db: open readers: %w", err)
	}
	read.SetMaxOpenConns(cfg.Readers)
	read.SetMaxIdleConns(cfg.Readers)
	read.SetConnMaxLifetime(0)
	read.SetConnMaxIdleTime(0)

	s := newStore(cfg, sqliteDialect, games, write, read)
	s.migrated = migrated
	if err := s.stmts.prepare(ctx, s.d, write, read); err != nil {
		write.Close()
		read.Close()
		return nil, fmt.Errorf("db: prepare: %w", err)
	}
	s.w = startWriter(write, cfg.MaxBatch, cfg.Logger)
	if s.ckpt, err = startCheckpointer(cfg, cfg.checkpointTicks, cfg.WALRestartFrames, s.w.askCheckpoint); err != nil {
		s.w.stop()
		write.Close()
		read.Close()
		return nil, fmt.Errorf("db: checkpointer: %w", err)
	}
	return s, nil
}

func newStore(cfg Config, d *dialect, games *rules.Registry, write, read *sql.DB) *Store {
	clock := func() time.Time { return time.Now().UTC() }
	if d.engine == enginePostgres {
		// timestamptz keeps microseconds: a cached state then carries the
		// same times a replay reads back.
		clock = func() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }
	}
	return &Store{
		cfg:   cfg,
		d:     d,
		games: games,
		write: write,
		read:  read,
		cache: newStateCache(cfg.CacheSize, cfg.CacheBytes),
		log:   cfg.Logger,
		clock: clock,
	}
}

// Engine is the store's engine: "sqlite" or "postgres".
func (s *Store) Engine() string { return s.d.engine }

// Migrations reports how many migrations Open applied and how many this
// binary has for the engine (the schema's version after Open).
func (s *Store) Migrations() (applied, schema int) {
	ms, _ := loadMigrations(s.d.engine)
	return s.migrated, len(ms)
}

// dsn builds the modernc DSN with every pragma in it, so each connection the
// pool opens gets them (a pragma run with Exec reaches only one connection).
func dsn(cfg Config, readOnly bool) string {
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", cfg.BusyTimeout.Milliseconds()))
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "foreign_keys(ON)")
	if readOnly {
		q.Add("_pragma", "query_only(1)")
	} else {
		q.Add("_pragma", "synchronous("+cfg.Synchronous+")")
		// Checkpoints run in the background (checkpoint.go), never inside
		// a commit that a request waits for.
		q.Add("_pragma", "wal_autocheckpoint(0)")
		// When the log starts again from its beginning, its file is cut
		// back to this size instead of staying as large as it ever was.
		q.Add("_pragma", "journal_size_limit(67108864)")
		// Writes take the lock when they begin, so a write never fails
		// half-way with SQLITE_BUSY on lock upgrade.
		q.Set("_txlock", "immediate")
	}
	return "file:" + cfg.Path + "?" + q.Encode()
}

// Close stops the writer after it commits what is queued, then closes the
// pools. Call it after the HTTP server stopped taking requests.
func (s *Store) Close() error {
	s.closeOnce.Do(func() { s.closeErr = s.close() })
	return s.closeErr
}

func (s *Store) close() error {
	s.peers.close()
	if s.janitor != nil {
		s.janitor.close()
	}
	s.w.stop()
	for _, st := range s.stmts.all() {
		if st != nil {
			st.Close()
		}
	}
	var errR, errC error
	if s.read != s.write {
		errR = s.read.Close()
	}
	if s.ckpt != nil {
		errC = s.ckpt.close()
	}
	errW := s.write.Close()
	return errors.Join(errW, errR, errC)
}

// Ping checks that a reader can reach the database.
func (s *Store) Ping(ctx context.Context) error { return s.read.PingContext(ctx) }

func (s *Store) now() time.Time { return s.clock() }

func formatTime(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

// parseTime reads a time as stored: RFC 3339 text on SQLite, a timestamptz
// that database/sql formatted as RFC 3339 on PostgreSQL. Always UTC.
func parseTime(v string) time.Time {
	t, err := time.Parse(time.RFC3339Nano, v)
	if err != nil {
		return time.Time{}
	}
	return t.UTC()
}
