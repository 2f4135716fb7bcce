package main

import (
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestServeAndShutdown starts the real server on a free port with a fresh
// database, checks it migrates and answers, then cancels (as SIGINT does)
// and checks that in-flight work finishes and the database closes cleanly:
// SQLite removes the WAL file only when the last connection closes.
func TestServeAndShutdown(t *testing.T) {
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "motamed.db")
	addrs := make(chan string, 1)
	onListen = func(a string) { addrs <- a }
	defer func() { onListen = nil }()

	ctx, cancel := context.WithCancel(context.Background())
	var logs strings.Builder
	var mu sync.Mutex
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"--addr", "127.0.0.1:0", "--db", dbPath, "--log-format", "json", "--memprofile", filepath.Join(dir, "heap.prof")}, io.Discard, lockedWriter{&mu, &logs})
	}()
	var addr string
	select {
	case addr = <-addrs:
	case err := <-done:
		t.Fatalf("server stopped early: %v", err)
	case <-time.After(20 * time.Second):
		t.Fatal("server did not start")
	}
	resp, err := http.Get("http://" + addr + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), `"ok"`) {
		t.Fatalf("healthz: %d %s", resp.StatusCode, body)
	}
	// The first start made an admin token, in a file only its owner reads.
	secret := readAdminToken(t, dbPath)
	req, _ := http.NewRequest("POST", "http://"+addr+"/v1/players", strings.NewReader(`{"name":"سارا"}`))
	req.Header.Set("Authorization", "Bearer "+secret)
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 201 {
		t.Fatalf("create player: %d", resp.StatusCode)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("shutdown: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("shutdown hung")
	}
	if _, err := os.Stat(dbPath + "-wal"); !os.IsNotExist(err) {
		t.Errorf("WAL file still present after shutdown: the database was not closed cleanly (%v)", err)
	}
	if fi, err := os.Stat(filepath.Join(dir, "heap.prof")); err != nil || fi.Size() == 0 {
		t.Errorf("--memprofile wrote no heap profile at shutdown: %v", err)
	}
	mu.Lock()
	defer mu.Unlock()
	for _, want := range []string{`"msg":"request"`, `"status":201`, `"duration"`, `"request_id"`, `"stopped cleanly"`} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("logs lack %s:\n%s", want, logs.String())
		}
	}
}

func TestFlagsAndEnv(t *testing.T) {
	t.Setenv("MOTAMED_ADDR", "0.0.0.0:9999")
	t.Setenv("MOTAMED_LOG_LEVEL", "debug")
	t.Setenv("MOTAMED_CACHE_BYTES", "5000")
	t.Setenv("MOTAMED_MEMORY_LIMIT", "256MiB")
	cfg, err := parseFlags([]string{"--db", "x.db"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.addr != "0.0.0.0:9999" || cfg.dbPath != "x.db" || cfg.logLevel != "debug" || cfg.cacheBytes != 5000 || cfg.memoryLimit != "256MiB" {
		t.Fatalf("config: %+v", cfg)
	}
	if _, err := parseFlags([]string{"--nope"}, io.Discard); err == nil {
		t.Fatal("unknown flag accepted")
	}
	if _, err := newLogger(config{logLevel: "loud", logFormat: "text"}, io.Discard); err == nil {
		t.Fatal("bad log level accepted")
	}
}

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func TestBackupAndCheckCommands(t *testing.T) {
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "m.db")
	ctx := context.Background()
	var out strings.Builder
	if err := run(ctx, []string{"check", "--db", dbPath}, &out, io.Discard); err == nil {
		t.Fatal("check of a missing database succeeded")
	}
	if _, err := os.Stat(dbPath); !os.IsNotExist(err) {
		t.Fatal("check created a database")
	}
	// Make a database with a finished-free match by serving it once.
	addr, stop := serveForTest(t, io.Discard, "--addr", "127.0.0.1:0", "--db", dbPath)
	req, _ := http.NewRequest("POST", "http://"+addr+"/v1/players", strings.NewReader(`{"name":"x"}`))
	req.Header.Set("Authorization", "Bearer "+readAdminToken(t, dbPath))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 201 {
		t.Fatalf("create player: %d", resp.StatusCode)
	}
	// Back up while the server still runs.
	backup := filepath.Join(dir, "copy.db")
	if err := run(ctx, []string{"backup", "--db", dbPath, "--out", backup}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	stop()
	out.Reset()
	if err := run(ctx, []string{"check", "--db", backup}, &out, io.Discard); err != nil {
		t.Fatalf("check of the backup: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "integrity: ok") {
		t.Fatalf("check output: %s", out.String())
	}
	if err := run(ctx, []string{"backup", "--db", dbPath}, io.Discard, io.Discard); err == nil {
		t.Fatal("backup without --out succeeded")
	}
}

func readAdminToken(t *testing.T, dbPath string) string {
	t.Helper()
	file := adminTokenFile(dbPath)
	fi, err := os.Stat(file)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Fatalf("%s has mode %v, want 0600", file, fi.Mode().Perm())
	}
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(raw))
}

func TestAdminTokenFromEnvAndOnlyOnce(t *testing.T) {
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "e.db")
	t.Setenv("MOTAMED_ADMIN_TOKEN", "short")
	if err := run(context.Background(), []string{"--addr", "127.0.0.1:0", "--db", dbPath}, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "16 characters") {
		t.Fatalf("a short MOTAMED_ADMIN_TOKEN was accepted: %v", err)
	}
	t.Setenv("MOTAMED_ADMIN_TOKEN", "")
	// Two starts: the first prints a token, the second does not.
	for i, want := range []bool{true, false} {
		var out strings.Builder
		addrs := make(chan string, 1)
		onListen = func(a string) { addrs <- a }
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- run(ctx, []string{"--addr", "127.0.0.1:0", "--db", dbPath}, &out, io.Discard) }()
		<-addrs
		cancel()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(out.String(), "mtd_"); got != want {
			t.Fatalf("start %d printed a token: %v\n%s", i+1, got, out.String())
		}
	}
	onListen = nil
}
