package main

import (
	"context"
	"database/sql"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestPostgresMaintenanceRefusedWhileServing: servers on a PostgreSQL
// database hold it shared, so two of them serve it together, while
// migrate and a copy into it are refused, naming a server's pid and host;
// once both servers stopped, migrate runs.
func TestPostgresMaintenanceRefusedWhileServing(t *testing.T) {
	dsn := postgresDSN(t)
	ctx := context.Background()
	t.Setenv("MOTAMED_ADMIN_TOKEN", twoInstanceToken)
	_, stopA := serveForTest(t, io.Discard, "--addr", "127.0.0.1:0", "--db", dsn)
	_, stopB := serveForTest(t, io.Discard, "--addr", "127.0.0.1:0", "--db", dsn)

	host, _ := os.Hostname()
	src := filepath.Join(t.TempDir(), "site.db")
	if err := run(ctx, []string{"migrate", "--db", "sqlite:" + src}, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"migrate", "--db", dsn},
		{"copy", "--from", "sqlite:" + src, "--to", dsn},
	} {
		err := run(ctx, args, io.Discard, io.Discard)
		want := "in use by a running Motamed server (pid " + strconv.Itoa(os.Getpid()) + " on " + host + ")"
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "stop it first") {
			t.Errorf("%s while two servers run: %v", args[0], err)
		}
	}
	if err := stopA(); err != nil {
		t.Fatal(err)
	}
	if err := run(ctx, []string{"migrate", "--db", dsn}, io.Discard, io.Discard); err == nil {
		t.Fatal("migrate ran while one server still serves")
	}
	if err := stopB(); err != nil {
		t.Fatal(err)
	}
	if err := run(ctx, []string{"migrate", "--db", dsn}, io.Discard, io.Discard); err != nil {
		t.Fatalf("migrate once the servers stopped: %v", err)
	}
}

// TestPostgresServerTakesItsLockAgain: when the session holding a
// server's lock ends (PostgreSQL restarted, or the session terminated),
// the server takes the lock again on a new session, and maintenance is
// refused again.
func TestPostgresServerTakesItsLockAgain(t *testing.T) {
	dsn := postgresDSN(t)
	ctx := context.Background()
	t.Setenv("MOTAMED_ADMIN_TOKEN", twoInstanceToken)
	_, stop := serveForTest(t, io.Discard, "--addr", "127.0.0.1:0", "--db", dsn)
	defer stop() //nolint:errcheck // the test's result does not depend on it

	admin, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	name := "motamed server pid " + strconv.Itoa(os.Getpid()) + " on %"
	holders := func() (pids []int) {
		rows, err := admin.Query(`SELECT a.pid FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
			WHERE l.locktype = 'advisory' AND l.granted AND a.application_name LIKE $1
			AND l.objid::bigint = (hashtext(current_schema())::bigint & 4294967295)`, name)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var pid int
			_ = rows.Scan(&pid)
			pids = append(pids, pid)
		}
		return pids
	}
	first := holders()
	if len(first) != 1 {
		t.Fatalf("sessions holding the server's lock: %v, want one", first)
	}
	if _, err := admin.Exec(`SELECT pg_terminate_backend($1)`, first[0]); err != nil {
		t.Fatal(err)
	}
	within(t, 30*time.Second, "the server to take its lock again", func() bool {
		now := holders()
		return len(now) == 1 && now[0] != first[0]
	})
	if err := run(ctx, []string{"migrate", "--db", dsn}, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "in use by a running Motamed server") {
		t.Fatalf("migrate after the server's lock session ended: %v", err)
	}
}
