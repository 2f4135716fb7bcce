//go:build browser

package e2e

import (
	"testing"
	"time"
)

// A score-sheet game's match page: each row the API accepts shows live, its
// category as the row's label and a cell per player, the totals on the
// players' cards; the Persian page writes the scores in Persian digits;
// no JavaScript error or failed request on the way.
func TestSheetMatchPageInBrowser(t *testing.T) {
	b, api := appServer(t)
	api.do("POST", "/v1/games", map[string]any{"name": "Wingspan", "name_fa": "بال‌گستر", "min_players": 1, "max_players": 5,
		"categories": []map[string]any{{"id": "birds", "name": "Birds", "name_fa": "پرنده‌ها"}, {"id": "eggs", "name": "Eggs"}}}, 201)
	p := []string{api.id("POST", "/v1/players", map[string]any{"name": "Sara"}), api.id("POST", "/v1/players", map[string]any{"name": "رضا"})}
	league := api.id("POST", "/v1/leagues", map[string]any{"name": "Birders", "game": "wingspan"})
	m := api.id("POST", "/v1/matches", map[string]any{"game": "wingspan", "players": p, "league_id": league})
	row := func(category string, a, b int) {
		t.Helper()
		api.do("POST", "/v1/matches/"+m+"/events", map[string]any{"type": "scores_recorded", "data": map[string]any{"category": category, "scores": map[string]int{p[0]: a, p[1]: b}}}, 201)
	}
	lastRow := `(() => { const rows = document.querySelectorAll('#sheet tbody tr'); const r = rows[rows.length - 1];
		return r ? [r.querySelector('th').textContent, ...[...r.querySelectorAll('td')].map(td => td.textContent)].join('|') : ''; })()`
	waitFor := func(p *tab, js string) {
		t.Helper()
		for deadline := time.Now().Add(liveWithin); !evalIn[bool](p, js); time.Sleep(30 * time.Millisecond) {
			if time.Now().After(deadline) {
				p.shot("sheet-failed")
				t.Fatalf("not shown: %s; the last row is %q", js, evalIn[string](p, lastRow))
			}
		}
	}

	en := b.tab("sheet page")
	en.open(api.base + "/matches/" + m)
	waitFor(en, `document.getElementById("live").dataset.state === "live"`)
	row("birds", 40, 38)
	waitFor(en, lastRow+` === "Birds|40|38"`)
	row("eggs", 5, 9)
	waitFor(en, lastRow+` === "Eggs|5|9" && document.querySelector('#players [data-player="`+p[1]+`"] .total').textContent === "47"`)
	en.shot("sheet-match-en")

	// The Persian page: the finished match as served, then a new match's
	// row drawn live, each category by its Persian name.
	fa := b.tab("sheet page fa")
	fa.open(api.base + "/matches/" + m + "?lang=fa")
	waitFor(fa, `document.getElementById("live").dataset.state === "live"`)
	if first := evalIn[string](fa, lastRow); first != "Eggs|۵|۹" {
		t.Errorf("the Persian sheet's last row: %q", first)
	}
	m = api.id("POST", "/v1/matches", map[string]any{"game": "wingspan", "players": p, "league_id": league})
	fa.open(api.base + "/matches/" + m + "?lang=fa")
	waitFor(fa, `document.getElementById("live").dataset.state === "live"`)
	row("birds", 40, 38)
	waitFor(fa, lastRow+` === "پرنده‌ها|۴۰|۳۸"`)
	fa.shot("sheet-match-fa")
	b.clean()
}
