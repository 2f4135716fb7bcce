package bridge

import (
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/sheet"
)

// Every rule of every catalog is found by its ID, from a fresh bridge
// (its catalogs read on demand) and from one that has read others first,
// and an ID no catalog has is not.
func TestRuleFindsEveryCatalogsRules(t *testing.T) {
	b := New()
	all := append([]rules.RuleEntry{}, sheet.Catalog()...)
	for _, g := range b.games.All() {
		all = append(all, g.Catalog()...)
	}
	seen := map[string]bool{}
	for _, want := range all {
		if seen[want.ID] {
			t.Errorf("%s is in two catalogs", want.ID)
		}
		seen[want.ID] = true
		for _, br := range []*Bridge{New(), b} {
			got, ok := br.rule(want.ID)
			if !ok || got.ID != want.ID || got.Title != want.Title || got.Source != want.Source {
				t.Errorf("rule(%s) = %+v, %v; want %+v", want.ID, got, ok, want)
			}
		}
	}
	if _, ok := New().rule("WIZARD-NONE-999"); ok {
		t.Error("a rule no catalog has was found")
	}
}
