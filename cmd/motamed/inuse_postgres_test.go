package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
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
