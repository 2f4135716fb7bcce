// Package rulestest holds checks every game package runs in its tests: the
// catalog is well formed, every cited rule ID exists, Apply is pure and never
// panics. It is imported only from _test.go files.
package rulestest

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/motamed/motamed/rules"
)

var idPattern = regexp.MustCompile(`"([A-Z]+-[A-Z0-9]+-[0-9]+[a-z]?)"`)

// CheckCatalog fails t when the game's catalog has duplicate IDs, IDs of
// another game, empty titles or texts (English or Persian), no seed, or an
// unknown checkability.
func CheckCatalog(t testing.TB, g rules.Game) {
	t.Helper()
	prefix := strings.ToUpper(g.Info().ID) + "-"
	seen := map[string]bool{}
	for _, e := range g.Catalog() {
		if !strings.HasPrefix(e.ID, prefix) {
			t.Errorf("catalog entry %q does not start with %q", e.ID, prefix)
		}
		if seen[e.ID] {
			t.Errorf("catalog entry %q listed twice", e.ID)
		}
		seen[e.ID] = true
		if e.Title.EN == "" || e.Text.EN == "" {
			t.Errorf("%s: English title or text missing", e.ID)
		}
		if e.Title.FA == "" || e.Text.FA == "" {
			t.Errorf("%s: Persian title or text missing", e.ID)
		}
		if e.Source.Seed == "" {
			t.Errorf("%s: source seed missing", e.ID)
		}
		switch e.Check {
		case rules.Checked, rules.Computed, rules.Unchecked:
		default:
			t.Errorf("%s: unknown checkability %q", e.ID, e.Check)
		}
	}
}

// CitedIDs returns the rule IDs written as string literals in the non-test Go
// files of dir (the game package's directory, usually ".") and fails t for
// any that the catalog lacks.
func CitedIDs(t testing.TB, g rules.Game, dir string) []string {
	t.Helper()
	inCatalog := map[string]bool{}
	for _, e := range g.Catalog() {
		inCatalog[e.ID] = true
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	cited := map[string]bool{}
	prefix := strings.ToUpper(g.Info().ID) + "-"
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || strings.HasSuffix(f, "catalog.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range idPattern.FindAllSubmatch(src, -1) {
			id := string(m[1])
			if !strings.HasPrefix(id, prefix) {
				continue
			}
			cited[id] = true
			if !inCatalog[id] {
				t.Errorf("%s cites %s, which is not in the catalog", filepath.Base(f), id)
			}
		}
	}
	out := make([]string, 0, len(cited))
	for id := range cited {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// MustApply applies ev and fails t on an error; it also checks that Apply did
// not modify its input state.
func MustApply(t testing.TB, g rules.Game, s rules.State, typ string, data any) (rules.State, []rules.Ruling) {
	t.Helper()
	next, notes, err := ApplyPure(t, g, s, Ev(t, typ, data))
	if err != nil {
		t.Fatalf("%s %s: unexpected error: %v", typ, mustJSON(t, data), err)
	}
	return next, notes
}

// ApplyPure applies ev and fails t if Apply panicked or changed s, or if
// the new state's own JSON differs from json.Marshal's (CheckStateJSON).
func ApplyPure(t testing.TB, g rules.Game, s rules.State, ev rules.Event) (next rules.State, notes []rules.Ruling, err error) {
	t.Helper()
	before := mustJSON(t, s)
	func() {
		defer func() {
			if p := recover(); p != nil {
				t.Fatalf("Apply panicked on %s %s: %v", ev.Type, ev.Data, p)
			}
		}()
		next, notes, err = g.Apply(s, ev)
	}()
	if after := mustJSON(t, s); !bytes.Equal(before, after) {
		t.Fatalf("Apply modified its input state on %s %s", ev.Type, ev.Data)
	}
	if err == nil && next == nil {
		t.Fatalf("Apply returned a nil state and no error on %s %s", ev.Type, ev.Data)
	}
	if err == nil {
		CheckStateJSON(t, next, "after "+ev.Type)
	}
	return next, notes, err
}

// WantViolation applies ev and fails t unless it is rejected with a
// *ViolationError citing rule. The input state must be unchanged.
func WantViolation(t testing.TB, g rules.Game, s rules.State, typ string, data any, rule string) {
	t.Helper()
	_, _, err := ApplyPure(t, g, s, Ev(t, typ, data))
	var v *rules.ViolationError
	if !errors.As(err, &v) {
		t.Fatalf("%s %s: want a violation of %s, got %v", typ, mustJSON(t, data), rule, err)
	}
	for _, r := range v.Rulings {
		if r.Rule == rule {
			Broke(rule)
			if r.Message.EN == "" {
				t.Errorf("%s: ruling without an English message", rule)
			}
			return
		}
	}
	t.Fatalf("%s %s: want a violation of %s, got %v", typ, mustJSON(t, data), rule, err)
}

// WantInputError applies ev and fails t unless it is rejected as malformed
// with a field error naming field.
func WantInputError(t testing.TB, g rules.Game, s rules.State, typ string, data any, field string) {
	t.Helper()
	_, _, err := ApplyPure(t, g, s, Ev(t, typ, data))
	var in *rules.InputError
	if !errors.As(err, &in) {
		t.Fatalf("%s %s: want an input error on %s, got %v", typ, mustJSON(t, data), field, err)
	}
	for _, f := range in.Fields {
		if f.Field == field {
			return
		}
	}
	t.Fatalf("%s %s: want an input error on %s, got %v", typ, mustJSON(t, data), field, err)
}

// Ev builds an event; data may be a json.RawMessage, a string of JSON, or any
// value to marshal.
func Ev(t testing.TB, typ string, data any) rules.Event {
	t.Helper()
	return rules.Event{Type: typ, Data: mustJSON(t, data)}
}

// Players returns n players with IDs p1..pn and names P1..Pn.
func Players(n int) []rules.Player {
	out := make([]rules.Player, n)
	for i := range out {
		id := string(rune('1' + i))
		out[i] = rules.Player{ID: "p" + id, Name: "P" + id}
	}
	return out
}

func mustJSON(t testing.TB, v any) []byte {
	t.Helper()
	switch d := v.(type) {
	case json.RawMessage:
		return d
	case string:
		return []byte(d)
	case nil:
		return []byte("{}")
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("marshal: %v", err)
	}
	return b
}
