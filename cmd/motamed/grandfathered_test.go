package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// copyBareKill copies the database written before Munchkin refused a bare
// kill (see api/testdata/README.md) into a temporary directory.
func copyBareKill(t *testing.T) string {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "..", "api", "testdata", "munchkin-bare-kill.db"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "old.db")
	if err := os.WriteFile(path, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// motamed check passes a database whose events stand by grandfathering and
// lists each with the rules that now refuse it.
func TestCheckListsGrandfathered(t *testing.T) {
	path := copyBareKill(t)
	var out strings.Builder
	if err := run(context.Background(), []string{"check", "--db", path}, &out, io.Discard); err != nil {
		t.Fatalf("check: %v\n%s", err, out.String())
	}
	lines := strings.Count(out.String(), "grandfathered:")
	if lines != 1 || !strings.Contains(out.String(), "match m_06h28t8gc1z8ea2f92kvyw3fz8 event 2 (level_changed)") ||
		!strings.Contains(out.String(), "MUNCHKIN-LEVEL-6") {
		t.Fatalf("check's report:\n%s", out.String())
	}
}

// Serving such a database logs one warning for the match, naming it.
func TestStartWarnsOfGrandfathered(t *testing.T) {
	path := copyBareKill(t)
	var mu sync.Mutex
	var logs strings.Builder
	_, stop := serveForTest(t, lockedWriter{&mu, &logs}, "--addr", "127.0.0.1:0", "--db", path)
	read := func() string { mu.Lock(); defer mu.Unlock(); return logs.String() }
	for deadline := time.Now().Add(20 * time.Second); !strings.Contains(read(), "grandfathering") && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	var warnings []string
	for _, l := range strings.Split(read(), "\n") {
		if strings.Contains(l, "grandfathering") {
			warnings = append(warnings, l)
		}
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "m_06h28t8gc1z8ea2f92kvyw3fz8") || !strings.Contains(warnings[0], "MUNCHKIN-LEVEL-6") {
		t.Fatalf("warnings %q\nlog:\n%s", warnings, read())
	}
}
