//go:build browser

package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// A two-round Silver match recorded through the app: a census of five
// cards refused with its rule, the round's end scored by the referee before
// it is recorded, a fix of the census from the events list, the totals the
// API's, and the Persian screen.
func TestAppSilverMatch(t *testing.T) {
	t.Parallel()
	b, c := appServer(t)
	p := b.tab("silver")
	signIn(p, c)
	id := newMatch(p, "silver", []string{"Ali", "Sara", "Reza"}, map[string]string{"rounds": "2"})
	ids := playerIDs(c, id)
	p.waitText("#sv-round", "Ali")
	p.axe("silver")

	p.choose("#sv-census-player", ids[1])
	p.typeIn("#sv-census-size", "5")
	p.click("#sv-call")
	p.waitText("#refusal", "SILVER-CENSUS-1")
	p.typeIn("#sv-census-size", "4")
	p.click("#sv-call")
	p.waitText("#sv-round", "Sara")

	villages := func(v ...string) {
		for i, s := range v {
			p.typeIn("#village-"+ids[i], s)
		}
	}
	villages("3 0 4 5", "1 2 3 0", "6 7 8 9")
	p.click("#sv-ask")
	p.waitText("#sv-verdict", "SILVER-AMULET")
	p.shot("silver-round-end")
	p.axe("silver round end")
	p.click("#sv-record-end")
	p.waitText("#next", "Round 2")

	p.click("#sv-start")
	p.waitText("#sv-end", "")
	p.choose("#sv-reason", "deck_empty")
	villages("1 1", "9 9 9", "2 2 2 2")
	p.click("#sv-record-end")
	p.waitText("#match h1", "Finished")

	// The census was of three cards, not four: fixed from the events list.
	p.click("#tab-events")
	p.waitText("#events", "census_called")
	var census string
	for _, e := range c.do("GET", "/v1/matches/"+id+"/events", nil, 200)["events"].([]any) {
		if e := e.(map[string]any); e["type"] == "census_called" {
			census = fmt.Sprint(e["seq"])
		}
	}
	p.click("#events li[data-seq='" + census + "'] .fix-event")
	p.typeIn("#edit-village_size", "3")
	p.click("#edit-save")
	p.waitText("#events", "village_size 3")

	p.click("#tab-sheet")
	if got, want := evalIn[[]string](p, `[...document.querySelectorAll('#sv-sheet tfoot td')].map(e => e.innerText.trim())`), apiTotals(c, id, ids); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("the app's totals %v, the API's %v", got, want)
	}
	p.axe("silver sheet")
	p.click("#lang-toggle")
	p.waitText("#sv-sheet", "جمع")
	if ascii := evalIn[string](p, asciiDigits); ascii != "" {
		t.Errorf("ASCII digits on the Persian screen: %s", ascii)
	}
	p.shot("silver-fa")
	p.axe("silver in Persian")
	b.clean()
}
