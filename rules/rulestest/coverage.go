package rulestest

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/motamed/motamed/rules"
)

// broken records every rule ID that a test saw rejected (WantViolation) or
// flagged (Broke), so the package's TestMain can report which checkable rules
// no test ever breaks.
var (
	brokenMu sync.Mutex
	broken   = map[string]bool{}
)

// Broke records that a test broke rule id (for rules checked through a
// referee answer or a flag rather than a rejected event).
func Broke(id string) {
	brokenMu.Lock()
	broken[id] = true
	brokenMu.Unlock()
}

func wasBroken(id string) bool {
	brokenMu.Lock()
	defer brokenMu.Unlock()
	return broken[id]
}

// Coverage reports, for the game's checkable rules (Check == rules.Checked),
// how many are cited by the code in dir and broken by at least one test. Call
// it from TestMain after m.Run:
//
//	func TestMain(m *testing.M) {
//		code := m.Run()
//		if report, ok := rulestest.Coverage(New(), "."); !ok && code == 0 {
//			fmt.Println(report)
//			code = 1
//		} else {
//			fmt.Println(report)
//		}
//		os.Exit(code)
//	}
//
// ok is false when a checkable rule is not cited or not broken by any test,
// or when the code cites an ID missing from the catalog. Run with a -run
// filter the report is partial; it is only enforced on full runs (see Full).
func Coverage(g rules.Game, dir string) (string, bool) {
	cited, unknown := citedIn(g, dir)
	var checkable, citedN, brokenN int
	var missing []string
	for _, e := range g.Catalog() {
		if e.Check != rules.Checked {
			continue
		}
		checkable++
		c, b := cited[e.ID], wasBroken(e.ID)
		if c {
			citedN++
		}
		if b {
			brokenN++
		}
		switch {
		case !c && !b:
			missing = append(missing, e.ID+" (not cited, not broken)")
		case !c:
			missing = append(missing, e.ID+" (not cited by any check)")
		case !b:
			missing = append(missing, e.ID+" (no test breaks it)")
		}
	}
	pct := func(n int) float64 {
		if checkable == 0 {
			return 100
		}
		return 100 * float64(n) / float64(checkable)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "coverage: %s: %d/%d checkable rules cited (%.0f%%), %d/%d broken by a test (%.0f%%)",
		g.Info().ID, citedN, checkable, pct(citedN), brokenN, checkable, pct(brokenN))
	for _, m := range missing {
		fmt.Fprintf(&b, "\n  missing: %s", m)
	}
	for _, u := range unknown {
		fmt.Fprintf(&b, "\n  cited but not in the catalog: %s", u)
	}
	return b.String(), len(missing) == 0 && len(unknown) == 0
}

// Full reports whether the test binary runs every test (no -run filter), so
// TestMain enforces coverage only then.
func Full() bool {
	for _, a := range os.Args[1:] {
		if strings.HasPrefix(a, "-test.run") || strings.HasPrefix(a, "-test.fuzz") && !strings.HasSuffix(a, "=") {
			return false
		}
	}
	return true
}

func citedIn(g rules.Game, dir string) (map[string]bool, []string) {
	inCatalog := map[string]bool{}
	for _, e := range g.Catalog() {
		inCatalog[e.ID] = true
	}
	prefix := strings.ToUpper(g.Info().ID) + "-"
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	cited := map[string]bool{}
	var unknown []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || strings.HasSuffix(f, "catalog.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for _, m := range idPattern.FindAllSubmatch(src, -1) {
			id := string(m[1])
			if !strings.HasPrefix(id, prefix) || cited[id] {
				continue
			}
			cited[id] = true
			if !inCatalog[id] {
				unknown = append(unknown, id)
			}
		}
	}
	sort.Strings(unknown)
	return cited, unknown
}

// Main is a game package's TestMain: it runs the tests, prints the game's
// catalog coverage, and fails a full run whose coverage is incomplete.
//
//	func TestMain(m *testing.M) { rulestest.Main(m, New()) }
func Main(m *testing.M, g rules.Game) {
	code := m.Run()
	report, ok := Coverage(g, ".")
	fmt.Println(report)
	if !ok && code == 0 && Full() {
		code = 1
	}
	os.Exit(code)
}
