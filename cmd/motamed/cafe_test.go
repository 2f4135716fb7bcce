package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules/all"
)

// TestTLSStartOnSelfSignedCert makes a certificate with motamed cert, serves
// with --tls-cert/--tls-key, and reads /healthz over HTTPS trusting only
// that certificate.
func TestTLSStartOnSelfSignedCert(t *testing.T) {
	dir := t.TempDir()
	cert, key := filepath.Join(dir, "c.pem"), filepath.Join(dir, "k.pem")
	ctx := context.Background()
	var out strings.Builder
	if err := run(ctx, []string{"cert", "--host", "127.0.0.1,motamed.lan", "--cert", cert, "--key", key}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(key); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("key file: %v %v", fi, err)
	}
	if err := run(ctx, []string{"cert", "--host", "127.0.0.1", "--cert", cert, "--key", key + "2"}, io.Discard, io.Discard); err == nil {
		t.Fatal("cert overwrote an existing certificate")
	}
	if err := run(ctx, []string{"cert", "--cert", filepath.Join(dir, "x"), "--key", filepath.Join(dir, "y")}, io.Discard, io.Discard); err == nil {
		t.Fatal("cert without --host succeeded")
	}
	if _, err := parseFlags([]string{"--tls-cert", cert}, io.Discard); err == nil {
		t.Fatal("--tls-cert without --tls-key accepted")
	}

	var logs strings.Builder
	addr, stop := serveForTest(t, &logs, "--addr", "127.0.0.1:0", "--db", filepath.Join(dir, "t.db"), "--tls-cert", cert, "--tls-key", key)
	pem, _ := os.ReadFile(cert)
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(pem) {
		t.Fatal("the certificate does not parse")
	}
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}}
	resp, err := client.Get("https://" + addr + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), `"ok"`) || resp.TLS == nil {
		t.Fatalf("healthz over HTTPS: %d %s", resp.StatusCode, body)
	}
	// Plain HTTP to the TLS port is not served.
	if resp, err := (&http.Client{Timeout: 5 * time.Second}).Get("http://" + addr + "/healthz"); err == nil {
		resp.Body.Close()
		if resp.StatusCode == 200 {
			t.Fatal("plain HTTP answered on the TLS port")
		}
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(logs.String(), "https://127.0.0.1:") {
		t.Errorf("the start log does not give the https address:\n%s", logs.String())
	}
}

// TestRestoreFromBackup backs a database up, changes it, restores the
// backup and finds the database as it was at the backup; a file that is
// not a database changes nothing.
func TestRestoreFromBackup(t *testing.T) {
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "m.db")
	ctx := context.Background()
	store, err := db.Open(ctx, db.Config{DSN: dbPath}, all.Registry())
	if err != nil {
		t.Fatal(err)
	}
	before, err := store.CreatePlayer(ctx, "Sara")
	if err != nil {
		t.Fatal(err)
	}
	backup := filepath.Join(dir, "backup.db")
	if err := store.Backup(ctx, backup); err != nil {
		t.Fatal(err)
	}
	after, err := store.CreatePlayer(ctx, "Reza")
	if err != nil {
		t.Fatal(err)
	}
	store.Close()

	junk := filepath.Join(dir, "junk.db")
	os.WriteFile(junk, []byte("not a database, just some text that is long enough to look like one"), 0o600)
	if err := run(ctx, []string{"restore", "--db", dbPath, "--from", junk}, io.Discard, io.Discard); err == nil {
		t.Fatal("restore from a file that is not a database succeeded")
	}
	if err := run(ctx, []string{"restore", "--db", dbPath, "--from", filepath.Join(dir, "missing.db")}, io.Discard, io.Discard); err == nil {
		t.Fatal("restore from a missing file succeeded")
	}
	if err := run(ctx, []string{"restore", "--db", "postgres://x@localhost/y", "--from", backup}, io.Discard, io.Discard); err == nil {
		t.Fatal("restore into PostgreSQL succeeded")
	}
	assertPlayers(t, dbPath, map[string]bool{before.ID: true, after.ID: true})

	var out strings.Builder
	if err := run(ctx, []string{"restore", "--db", dbPath, "--from", backup}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "restored") || !strings.Contains(out.String(), "before-restore") {
		t.Fatalf("restore output: %s", out.String())
	}
	assertPlayers(t, dbPath, map[string]bool{before.ID: true, after.ID: false})
	if _, err := os.Stat(backup); err != nil {
		t.Fatal("restore consumed the backup file")
	}
	kept, _ := filepath.Glob(dbPath + ".before-restore-*")
	if len(kept) == 0 {
		t.Fatal("the replaced database was not kept")
	}
	assertPlayers(t, kept[0], map[string]bool{before.ID: true, after.ID: true})
	if left, _ := filepath.Glob(dbPath + ".restoring*"); len(left) > 0 {
		t.Fatalf("staging files left behind: %v", left)
	}
}

func assertPlayers(t *testing.T, path string, want map[string]bool) {
	t.Helper()
	store, err := openExisting(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	for id, present := range want {
		_, err := store.GetPlayer(context.Background(), id)
		if (err == nil) != present {
			t.Errorf("%s: player %s present=%v, want %v (%v)", path, id, err == nil, present, err)
		}
	}
}

// serveForTest runs the server with args until stop is called; stderr gets
// its logs.
func serveForTest(t *testing.T, stderr io.Writer, args ...string) (addr string, stop func() error) {
	t.Helper()
	addrs := make(chan string, 1)
	onListen = func(a string) { addrs <- a }
	t.Cleanup(func() { onListen = nil })
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, args, io.Discard, stderr) }()
	select {
	case addr = <-addrs:
	case err := <-done:
		cancel()
		t.Fatalf("server stopped early: %v", err)
	case <-time.After(20 * time.Second):
		cancel()
		t.Fatal("server did not start")
	}
	return addr, func() error { cancel(); return <-done }
}
