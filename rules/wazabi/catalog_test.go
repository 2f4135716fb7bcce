package wazabi

import (
	"fmt"
	"os"
	"regexp"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

func TestMain(m *testing.M) { rulestest.Main(m, New()) }

func TestCatalog(t *testing.T) {
	rulestest.CheckCatalog(t, New())
	cited := rulestest.CitedIDs(t, New(), ".")
	if len(cited) == 0 {
		t.Fatal("the code cites no rule")
	}
	for _, e := range New().Catalog() {
		if e.Source.Kind != "seed" && e.Source.Kind != "seed-derived" && e.Source.Kind != "default" {
			t.Errorf("%s: kind %q", e.ID, e.Source.Kind)
		}
		if e.Source.SectionEN == "" {
			t.Errorf("%s: no English section", e.ID)
		}
	}
}

// The catalog holds every rule of the spec in the spec's order; the three
// card areas the spec lacks (REVERSE, KEEP1, STEAL) come after the other
// card effects.
func TestCatalogFollowsSpec(t *testing.T) {
	spec, err := os.ReadFile("../../../shared/rules/wazabi.md")
	if err != nil {
		t.Skip("spec not beside the checkout:", err)
	}
	var want []string
	for _, m := range regexp.MustCompile(`(?m)^\*\*(WAZABI-[A-Z0-9]+-[0-9]+)\*\*`).FindAllSubmatch(spec, -1) {
		want = append(want, string(m[1]))
	}
	var got []string
	extra := map[string]bool{"WAZABI-REVERSE-1": true, "WAZABI-KEEP1-1": true, "WAZABI-STEAL-1": true}
	for _, e := range New().Catalog() {
		if !extra[e.ID] {
			got = append(got, e.ID)
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("catalog order\n got %v\nwant %v", got, want)
	}
	for _, c := range catalogue {
		found := false
		for _, e := range New().Catalog() {
			found = found || e.ID == c.Rule
		}
		if !found {
			t.Errorf("card %s cites %s, not in the catalog", c.ID, c.Rule)
		}
	}
}

// Every checked rule has a check in the code; computed and unchecked rules
// are listed for reference only.
func TestCheckability(t *testing.T) {
	n := map[rules.Checkability]int{}
	for _, e := range New().Catalog() {
		n[e.Check]++
	}
	if n[rules.Checked] < 20 || n[rules.Unchecked] != 1 {
		t.Errorf("checkability counts %v", n)
	}
}
