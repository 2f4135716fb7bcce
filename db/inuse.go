package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// A database in use by a server must not be replaced, migrated or copied
// under it: a server keeps writing into the file it opened, so events it
// acknowledged after a restore renamed that file away would be lost. A
// server therefore holds a lock on its database for as long as it runs, and
// the offline maintenance commands take the same lock exclusively before
// they touch anything, refusing when they cannot have it.
//
// SQLite: flock(2) on PATH.lock beside the database file, exclusive for a
// server and for maintenance alike (two servers on one file would each
// serve states from a cache the other's writes make stale). The kernel
// lets the lock go when its process ends, however it ends, so a crashed
// server never blocks a later start. The file holds the holder's pid and
// what it is, for the message that names it; it is never deleted, because
// deleting a lock file lets two processes lock two different files.
//
// PostgreSQL: a session-level advisory lock, keyed by the schema, on a
// connection of its own held open: shared for a server (several instances
// may serve one database), exclusive for maintenance. The session's
// application_name names the holder.

// InUseError: the database is held by a running server or by another
// maintenance command.
type InUseError struct {
	// Holder is what holds it: "server" or a command's name such as
	// "restore"; "" when not known.
	Holder string
	// Pid is the holder's process ID (0 when not known); Host is its host
	// on PostgreSQL, where it may be another machine.
	Pid  int
	Host string
}

func (e *InUseError) Error() string {
	who := "pid " + strconv.Itoa(e.Pid)
	if e.Pid == 0 {
		who = "pid unknown"
	}
	if e.Host != "" {
		who += " on " + e.Host
	}
	if e.Holder == "" || e.Holder == holderServer {
		return "the database is in use by a running Motamed server (" + who + "); stop it first: systemctl stop motamed, or Ctrl-C in the terminal it runs in"
	}
	return "the database is in use by motamed " + e.Holder + " (" + who + "); wait for it to finish"
}

const holderServer = "server"

// Hold is a lock on a database, held until Release.
type Hold struct {
	release func() error
}

// Release lets the lock go. It is safe to call more than once.
func (h *Hold) Release() error {
	if h == nil || h.release == nil {
		return nil
	}
	r := h.release
	h.release = nil
	return r()
}

// HoldForServing takes the lock a server holds on the database dsn for as
// long as it runs; an *InUseError when a maintenance command (or, on
// SQLite, another server) has it.
// On PostgreSQL the lock's session is watched, and log hears of it when
// it ends.
func HoldForServing(ctx context.Context, dsn string, log *slog.Logger) (*Hold, error) {
	return hold(ctx, dsn, holderServer, false, log)
}

// HoldForMaintenance takes the database dsn exclusively for the offline
// command named what ("restore", "migrate", "copy"); an *InUseError while
// any server or other such command holds it. Take it before touching
// anything, and release it when done.
func HoldForMaintenance(ctx context.Context, dsn, what string) (*Hold, error) {
	return hold(ctx, dsn, what, true, nil)
}

func hold(ctx context.Context, dsn, what string, exclusive bool, log *slog.Logger) (*Hold, error) {
	if isPostgresDSN(dsn) {
		if log == nil {
			log = slog.New(slog.DiscardHandler)
		}
		return holdPostgres(ctx, dsn, what, exclusive, log)
	}
	return holdFile(sqlitePath(dsn)+".lock", what)
}

// holdFile takes an exclusive flock on path (created if needed, with its
// directory) and writes "PID WHAT" into it.
func holdFile(path, what string) (*Hold, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("database lock %s: %w", path, err)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if errors.Is(err, os.ErrPermission) {
		// Another user's lock file (the server's, say): a read-only
		// descriptor locks as well; only the pid note is then not written.
		f, err = os.Open(path)
	}
	if err != nil {
		return nil, fmt.Errorf("database lock %s: %w", path, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		defer f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			raw, _ := os.ReadFile(path)
			e := &InUseError{}
			if fields := strings.Fields(string(raw)); len(fields) == 2 {
				e.Pid, _ = strconv.Atoi(fields[0])
				e.Holder = fields[1]
			}
			return nil, e
		}
		return nil, fmt.Errorf("database lock %s: %w", path, err)
	}
	if err := f.Truncate(0); err == nil {
		_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+" "+what+"\n"), 0)
	}
	return &Hold{release: f.Close}, nil // closing the file lets the flock go
}

// inUseKey is the first half of the advisory lock's key ("mota"); the
// second is the hash of the schema, so databases in different schemas of
// one PostgreSQL database do not block each other.
const inUseKey = 0x6d6f7461

const (
	pgTryHoldShared    = `SELECT pg_try_advisory_lock_shared($1, hashtext(current_schema()))`
	pgTryHoldExclusive = `SELECT pg_try_advisory_lock($1, hashtext(current_schema()))`
	// pgHolders names the other sessions holding the lock, by the
	// application_name each set.
	pgHolders = `SELECT COALESCE(a.application_name, '') FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
		WHERE l.locktype = 'advisory' AND l.granted AND l.pid <> pg_backend_pid()
		AND l.classid::bigint = $1 AND l.objsubid = 2
		AND l.objid::bigint = (hashtext(current_schema())::bigint & 4294967295)
		ORDER BY l.mode DESC`
)

// holdPostgres takes the advisory lock on a session of its own, named
// "motamed WHAT pid N on HOST" for the message of whoever is refused. A
// server's session is watched: should it end (PostgreSQL restarted, the
// session was terminated), the lock is taken again on a new one.
func holdPostgres(ctx context.Context, dsn, what string, exclusive bool, log *slog.Logger) (*Hold, error) {
	host, _ := os.Hostname()
	name := fmt.Sprintf("motamed %s pid %d on %s", what, os.Getpid(), host)
	s, err := takePostgres(ctx, dsn, name, exclusive)
	if err != nil {
		return nil, err
	}
	if exclusive {
		return &Hold{release: s.close}, nil
	}
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(pgHoldCheck)
		defer t.Stop()
		for {
			select {
			case <-stop:
				s.close() //nolint:errcheck // closing the session ends its lock
				return
			case <-t.C:
			}
			pctx, cancel := context.WithTimeout(context.Background(), pgHoldCheck)
			if s != nil && s.conn.PingContext(pctx) == nil {
				cancel()
				continue
			}
			if s != nil {
				s.close() //nolint:errcheck // the session is gone already
				s = nil
			}
			var err error
			if s, err = takePostgres(pctx, dsn, name, false); err != nil {
				log.Warn("the database lock's session ended and the lock cannot be taken again yet; a maintenance command could now run beside this server", "err", err)
			} else {
				log.Info("the database lock's session ended; the lock is held again on a new one")
			}
			cancel()
		}
	}()
	return &Hold{release: func() error {
		close(stop)
		<-done
		return nil
	}}, nil
}

// pgHoldCheck is how often a server's lock session is checked.
const pgHoldCheck = 5 * time.Second

// pgSession is a connection of its own holding the advisory lock.
type pgSession struct {
	pool *sql.DB
	conn *sql.Conn
}

func (s *pgSession) close() error {
	if s == nil {
		return nil
	}
	return errors.Join(s.conn.Close(), s.pool.Close())
}

// takePostgres opens a session named name and takes the lock on it.
func takePostgres(ctx context.Context, dsn, name string, exclusive bool) (*pgSession, error) {
	pool, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("database lock: open %s: %w", Redact(dsn), err)
	}
	pool.SetMaxOpenConns(1)
	conn, err := pool.Conn(ctx)
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("database lock: open %s: %w", Redact(dsn), err)
	}
	s := &pgSession{pool: pool, conn: conn}
	fail := func(err error) (*pgSession, error) {
		s.close() //nolint:errcheck // the error that matters is err
		return nil, err
	}
	if _, err := conn.ExecContext(ctx, `SELECT set_config('application_name', $1, false)`, name); err != nil {
		return fail(fmt.Errorf("database lock: %w", err))
	}
	q := pgTryHoldShared
	if exclusive {
		q = pgTryHoldExclusive
	}
	var ok bool
	if err := conn.QueryRowContext(ctx, q, int64(inUseKey)).Scan(&ok); err != nil {
		return fail(fmt.Errorf("database lock: %w", err))
	}
	if !ok {
		e := &InUseError{}
		var holder string
		if err := conn.QueryRowContext(ctx, pgHolders, int64(inUseKey)).Scan(&holder); err == nil {
			parseHolder(holder, e)
		}
		return fail(e)
	}
	return s, nil
}

// parseHolder reads "motamed WHAT pid N on HOST" into e.
func parseHolder(name string, e *InUseError) {
	var what, host string
	var pid int
	if n, _ := fmt.Sscanf(name, "motamed %s pid %d on %s", &what, &pid, &host); n >= 2 {
		e.Holder, e.Pid, e.Host = what, pid, host
	}
}
