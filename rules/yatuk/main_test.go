package yatuk

import (
	"os"
	"regexp"
	"testing"

	"github.com/motamed/motamed/rules/rulestest"
)

func TestMain(m *testing.M) { rulestest.Main(m, New()) }

func TestCatalog(t *testing.T) {
	rulestest.CheckCatalog(t, New())
	rulestest.CitedIDs(t, New(), ".")
	cat := New().Catalog()
	if n := len(cat); n != 139 {
		t.Errorf("catalog has %d entries, the spec has 139 rule IDs", n)
	}
	// Same IDs in the same order as the spec, when the spec is beside the
	// project (../shared).
	spec, err := os.ReadFile("../../../shared/rules/yatuk.md")
	if err != nil {
		t.Skipf("spec not found: %v", err)
	}
	ids := regexp.MustCompile(`(?m)^\*\*(YATUK-[A-Z]+-[0-9]+)`).FindAllSubmatch(spec, -1)
	if len(ids) != len(cat) {
		t.Fatalf("spec has %d rule IDs, catalog %d", len(ids), len(cat))
	}
	for i, m := range ids {
		if string(m[1]) != cat[i].ID {
			t.Fatalf("entry %d: catalog %s, spec %s", i, cat[i].ID, m[1])
		}
	}
	for _, e := range cat {
		if e.Source.Kind != "default" && e.Source.Section == "" {
			t.Errorf("%s: seed section missing", e.ID)
		}
	}
}
