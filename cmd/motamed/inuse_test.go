package main

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/motamed/motamed/db"
)

// buildMotamed builds the real binary into dir.
func buildMotamed(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "motamed")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

// stopGracefully sends SIGTERM and waits for the server to end.
func (s *crashServer) stopGracefully() {
	s.t.Helper()
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	if err := s.cmd.Wait(); err != nil {
		s.t.Fatalf("server stopped with %v: %s", err, s.stderr.String())
	}
}

// version reads a match's version (its event count) through the API.
func (s *crashServer) version(id string) int64 {
	s.t.Helper()
	req, _ := http.NewRequest("GET", "http://"+s.addr+"/v1/matches/"+id, nil)
	req.Header.Set("Authorization", "Bearer "+s.token)
	resp, err := crashClient.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer resp.Body.Close()
	var m struct{ Version int64 }
	if err := json.NewDecoder(resp.Body).Decode(&m); err != nil || resp.StatusCode != 200 {
		s.t.Fatalf("match %s: %d %v", id, resp.StatusCode, err)
	}
	return m.Version
}

// record appends events n..m-1 of script to match id.
func (s *crashServer) record(id string, script []map[string]any, from, to int) {
	s.t.Helper()
	for i := from; i < to; i++ {
		if code, body, err := s.post("/v1/matches/"+id+"/events", "", script[i]); err != nil || code != 201 {
			s.t.Fatalf("event %d: %d %v %s", i, code, err, body)
		}
	}
}

func fileHash(t *testing.T, path string) [32]byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(b)
}

func storedEvents(t *testing.T, path, matchID string) int {
	t.Helper()
	store, err := openExisting(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	evs, err := store.Events(context.Background(), matchID)
	if err != nil {
		t.Fatal(err)
	}
	return len(evs)
}

// TestRestoreRefusedWhileServing runs the real server on a SQLite file,
// records events, and tries every offline maintenance command on the
// file: each is refused naming the server's pid and how to stop it, the
// database file is the same file, no staging or kept copy appears, no
// event is lost, and the server goes on recording into it. backup and
// check work beside it. Once the server is stopped, restore works.
func TestRestoreRefusedWhileServing(t *testing.T) {
	dir := t.TempDir()
	bin := buildMotamed(t, dir)
	dbPath := filepath.Join(dir, "live.db")
	srv := &crashServer{t: t, bin: bin, db: dbPath, addr: freeAddr(t), token: "in-use-test-admin-token-0123456789"}
	srv.start()
	defer func() {
		if srv.cmd.ProcessState == nil {
			srv.kill()
		}
	}()
	players := srv.addPlayers("Sara", "Reza", "Kian")
	code, body, err := srv.post("/v1/matches", "", map[string]any{"game": "wizard", "players": players})
	if err != nil || code != 201 {
		t.Fatalf("match: %d %v %s", code, err, body)
	}
	var m struct{ ID string }
	_ = json.Unmarshal(body, &m)
	script := wizardLog(players)
	srv.record(m.ID, script, 0, 10)

	// A backup and a check run beside the server.
	ctx := context.Background()
	backup := filepath.Join(dir, "backup.db")
	if err := run(ctx, []string{"backup", "--db", dbPath, "--out", backup}, io.Discard, io.Discard); err != nil {
		t.Fatalf("backup beside the server: %v", err)
	}
	var out strings.Builder
	if err := run(ctx, []string{"check", "--db", dbPath}, &out, io.Discard); err != nil {
		t.Fatalf("check beside the server: %v\n%s", err, out.String())
	}
	srv.record(m.ID, script, 10, 20) // acknowledged after the backup
	backupHash := fileHash(t, backup)
	before, err := os.Stat(dbPath)
	if err != nil {
		t.Fatal(err)
	}

	pid := strconv.Itoa(srv.cmd.Process.Pid)
	for _, args := range [][]string{
		{"restore", "--db", dbPath, "--from", backup},
		{"migrate", "--db", dbPath},
		{"copy", "--from", "sqlite:" + dbPath, "--to", "sqlite:" + filepath.Join(dir, "copy.db")},
		{"copy", "--from", "sqlite:" + backup, "--to", "sqlite:" + dbPath},
	} {
		var out strings.Builder
		err := run(ctx, args, &out, io.Discard)
		if err == nil {
			t.Fatalf("%v while the server runs succeeded: %s", args, out.String())
		}
		msg := err.Error()
		if !strings.Contains(msg, "in use by a running Motamed server (pid "+pid+")") || !strings.Contains(msg, "systemctl stop motamed") || !strings.Contains(msg, "Ctrl-C") {
			t.Errorf("%v: the refusal does not say who holds the database and how to stop it: %v", args, err)
		}
	}
	after, err := os.Stat(dbPath)
	if err != nil || !os.SameFile(before, after) {
		t.Fatalf("the database file was replaced under the server: %v", err)
	}
	for _, pattern := range []string{".before-restore-*", ".restoring*"} {
		if left, _ := filepath.Glob(dbPath + pattern); len(left) > 0 {
			t.Fatalf("a refused restore left %v", left)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "copy.db")); err == nil {
		t.Fatal("a refused copy created its destination")
	}
	if fileHash(t, backup) != backupHash {
		t.Fatal("a refused restore changed the backup")
	}
	if v := srv.version(m.ID); v != 20 {
		t.Fatalf("after the refusals the match has %d events, want 20", v)
	}
	srv.record(m.ID, script, 20, 25) // the server still records into the same file
	srv.stopGracefully()
	if n := storedEvents(t, dbPath, m.ID); n != 25 {
		t.Fatalf("the stopped server's database holds %d events, want every acknowledged one (25)", n)
	}

	out.Reset()
	if err := run(ctx, []string{"restore", "--db", dbPath, "--from", backup}, &out, io.Discard); err != nil {
		t.Fatalf("restore once the server stopped: %v", err)
	}
	if n := storedEvents(t, dbPath, m.ID); n != 10 {
		t.Fatalf("the restored database holds %d events, want the backup's 10", n)
	}
}

// TestServerRefusedWhileMaintained: a server does not start on a database
// a maintenance command holds, nor on a SQLite file another server serves,
// and says why; it starts once the command is done.
func TestServerRefusedWhileMaintained(t *testing.T) {
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "m.db")
	ctx := context.Background()
	h, err := db.HoldForMaintenance(ctx, dbPath, "restore")
	if err != nil {
		t.Fatal(err)
	}
	err = refusedStart(t, "--addr", "127.0.0.1:0", "--db", dbPath)
	if err == nil || !strings.Contains(err.Error(), "in use by motamed restore (pid "+strconv.Itoa(os.Getpid())+")") {
		t.Fatalf("a server started on a database being restored: %v", err)
	}
	if _, err := os.Stat(dbPath); err == nil {
		t.Fatal("the refused server created the database")
	}
	if err := h.Release(); err != nil {
		t.Fatal(err)
	}
	_, stop := serveForTest(t, io.Discard, "--addr", "127.0.0.1:0", "--db", dbPath)
	err = refusedStart(t, "--addr", "127.0.0.1:0", "--db", "sqlite:"+dbPath)
	if err == nil || !strings.Contains(err.Error(), "in use by a running Motamed server") {
		t.Fatalf("a second server started on the same SQLite file: %v", err)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if err := run(ctx, []string{"migrate", "--db", dbPath}, io.Discard, io.Discard); err != nil {
		t.Fatalf("migrate after the server stopped: %v", err)
	}
}

// refusedStart runs the server with args and returns why it did not
// start; one that starts is stopped at once and fails the test.
func refusedStart(t *testing.T, args ...string) error {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	started := false
	onListen = func(string) { started = true; cancel() }
	defer func() { onListen = nil }()
	err := run(ctx, args, io.Discard, io.Discard)
	if started {
		t.Fatalf("the server started with %v", args)
	}
	return err
}

// TestBackupBesideOlderServerDoesNotMigrate: a backup or check run beside
// a server whose database lacks a migration of this binary (the server is
// older) refuses rather than migrate the schema under it, and says what
// to run instead.
func TestBackupBesideOlderServerDoesNotMigrate(t *testing.T) {
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "old.db")
	ctx := context.Background()
	if err := run(ctx, []string{"migrate", "--db", dbPath}, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	raw, err := sql.Open("sqlite", dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	version := func() (v int) {
		if err := raw.QueryRow(`SELECT MAX(version) FROM schema_migrations`).Scan(&v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	if _, err := raw.Exec(`DELETE FROM schema_migrations WHERE version = (SELECT MAX(version) FROM schema_migrations)`); err != nil {
		t.Fatal(err)
	}
	older := version()
	h, err := db.HoldForServing(ctx, dbPath, nil) // the older server
	if err != nil {
		t.Fatal(err)
	}
	defer h.Release() //nolint:errcheck // the test ends
	for _, args := range [][]string{
		{"backup", "--db", dbPath, "--out", filepath.Join(dir, "b.db")},
		{"check", "--db", dbPath},
	} {
		err := run(ctx, args, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), "older than this motamed's") || !strings.Contains(err.Error(), "run that version's motamed "+args[0]) {
			t.Errorf("%s beside an older server: %v", args[0], err)
		}
	}
	if v := version(); v != older {
		t.Fatalf("the schema moved from version %d to %d under the server", older, v)
	}
}
