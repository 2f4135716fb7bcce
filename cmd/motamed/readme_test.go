package main

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeCurlSession runs the README's first game with curl, as it is
// written, against a server on a new database, then once more on the same
// database: both runs must end successfully (the script stops at the first
// answer that is not a success).
func TestReadmeCurlSession(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: no README session")
	}
	for _, tool := range []string{"bash", "curl"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not found: %v", tool, err)
		}
	}
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	script := readmeSection(t, string(readme), "## A first game with curl")

	dir := t.TempDir()
	addrs := make(chan string, 1)
	onListen = func(a string) { addrs <- a }
	t.Cleanup(func() { onListen = nil })
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"--addr", "127.0.0.1:0", "--db", filepath.Join(dir, "motamed.db"), "--log-level", "warn"}, io.Discard, io.Discard)
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("server: %v", err)
		}
	})
	var addr string
	select {
	case addr = <-addrs:
	case err := <-done:
		done <- err
		t.Fatalf("server stopped before listening: %v", err)
	}
	// The README's server listens on the default address; this one on a
	// free port.
	script = strings.ReplaceAll(script, "127.0.0.1:8080", addr)

	var firstTotals string
	totals := regexp.MustCompile(`"totals":\{[^}]*\}`)
	for round := 1; round <= 2; round++ {
		cmd := exec.Command("bash", "-c", script)
		cmd.Dir = dir // where motamed.db.admin-token is, as the README says
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("run %d of the README's session: %v\n%s", round, err, out)
		}
		for _, want := range []string{`"totals":{`, ":20", ":30", ":-10", "WIZARD-", "Watch it: http://" + addr + "/matches/", `"winning_card":"green-5"`} {
			if !strings.Contains(string(out), want) {
				t.Errorf("run %d: the output lacks %q:\n%s", round, want, out)
			}
		}
		// The second run finds the first run's players.
		if got := totals.FindString(string(out)); round == 1 {
			firstTotals = got
		} else if got != firstTotals {
			t.Errorf("run 2 scored other players: %s, then %s", firstTotals, got)
		}
	}
}

var shBlock = regexp.MustCompile("(?s)```sh\n(.*?)```")

// readmeSection returns the shell blocks of the README's section that
// starts with heading, joined in order.
func readmeSection(t *testing.T, readme, heading string) string {
	t.Helper()
	i := strings.Index(readme, heading+"\n")
	if i < 0 {
		t.Fatalf("README has no %q", heading)
	}
	section := readme[i+len(heading):]
	if j := strings.Index(section, "\n## "); j >= 0 {
		section = section[:j]
	}
	var b strings.Builder
	for _, m := range shBlock.FindAllStringSubmatch(section, -1) {
		b.WriteString(m[1])
		b.WriteString("\n")
	}
	if b.Len() == 0 {
		t.Fatalf("README's %q has no shell block", heading)
	}
	return b.String()
}
