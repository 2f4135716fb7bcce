package main

import (
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestNegativeCorrectionGraceRefused: a negative --correction-grace (or
// MOTAMED_CORRECTION_GRACE) stops the start with a message that says what
// to use instead, before the database is touched; 0 means no grace.
func TestNegativeCorrectionGraceRefused(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "g.db")
	err := refusedStart(t, "--addr", "127.0.0.1:0", "--db", dbPath, "--correction-grace", "-5m")
	if err == nil || !strings.Contains(err.Error(), "--correction-grace -5m0s: it cannot be negative; use 0 for no grace") {
		t.Fatalf("a negative --correction-grace: %v", err)
	}
	t.Setenv("MOTAMED_CORRECTION_GRACE", "-1s")
	if _, err := parseFlags(nil, io.Discard); err == nil {
		t.Fatal("a negative MOTAMED_CORRECTION_GRACE accepted")
	}
	cfg, err := parseFlags([]string{"--correction-grace", "0"}, io.Discard)
	if err != nil || grace(cfg.correctionGrace) >= 0 {
		t.Fatalf("--correction-grace 0 is not no grace: %v %v", grace(cfg.correctionGrace), err)
	}
	if g := grace(15 * time.Minute); g != 15*time.Minute {
		t.Fatalf("grace(15m) = %v", g)
	}
}

// TestTrustedProxiesFlag: addresses and CIDR ranges are read, anything
// else stops the start.
func TestTrustedProxiesFlag(t *testing.T) {
	cfg, err := parseFlags([]string{"--trusted-proxies", "127.0.0.1, 10.1.0.0/16,::1"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, n := range cfg.trustedProxies {
		got = append(got, n.String())
	}
	if strings.Join(got, " ") != "127.0.0.1/32 10.1.0.0/16 ::1/128" {
		t.Fatalf("trusted proxies %v", got)
	}
	t.Setenv("MOTAMED_TRUSTED_PROXIES", "proxy.lan")
	if _, err := parseFlags(nil, io.Discard); err == nil || !strings.Contains(err.Error(), "neither an address nor a CIDR range") {
		t.Fatalf("a host name accepted as a trusted proxy: %v", err)
	}
}
