//go:build browser

package e2e

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A score-sheet game's match page: each row the API accepts shows live, its
// category as the row's label and a cell per player, the running totals
// on the players' cards; the Persian page writes the scores in Persian
// digits.
func TestSheetMatchPageInBrowser(t *testing.T) {
	chromium := findChromium()
	if chromium == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("Chromium is not installed; .ci/browser-deps should have installed it")
		}
		t.Skip("Chromium is not installed (run .ci/browser-deps); skipping outside CI")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	arts := artifactsDir(t)
	dir := t.TempDir()
	srv, token := startServer(t, dir, filepath.Join(arts, "server-sheet-page.log"))
	api := &client{t: t, base: srv.base, token: token}
	chromeLog, err := os.Create(filepath.Join(arts, "chromium-sheet-page.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer chromeLog.Close()
	b, err := startBrowser(chromium, filepath.Join(dir, "profile"), chromeLog)
	if err != nil {
		t.Fatalf("start %s: %v", chromium, err)
	}
	defer b.close()
	pg, err := b.newPage(ctx)
	if err != nil {
		t.Fatalf("DevTools: %v", err)
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}

	api.do("POST", "/v1/games", map[string]any{"name": "Wingspan", "name_fa": "بال‌گستر", "min_players": 1, "max_players": 5,
		"categories": []map[string]any{{"id": "birds", "name": "Birds"}, {"id": "eggs", "name": "Eggs"}}}, 201)
	p := []string{api.id("POST", "/v1/players", map[string]any{"name": "Sara"}), api.id("POST", "/v1/players", map[string]any{"name": "رضا"})}
	league := api.id("POST", "/v1/leagues", map[string]any{"name": "Birders", "game": "wingspan"})
	m := api.id("POST", "/v1/matches", map[string]any{"game": "wingspan", "players": p, "league_id": league})

	must(pg.viewport(ctx, 390, 844, true))
	must(pg.open(ctx, srv.base+"/matches/"+m))
	must(pg.waitFor(ctx, 5*time.Second, `document.getElementById("live").dataset.state === "live"`))
	row := func(category string, a, b int) {
		t.Helper()
		api.do("POST", "/v1/matches/"+m+"/events", map[string]any{"type": "scores_recorded", "data": map[string]any{"category": category, "scores": map[string]int{p[0]: a, p[1]: b}}}, 201)
	}
	lastRow := `(() => { const rows = document.querySelectorAll('#sheet tbody tr'); const r = rows[rows.length - 1];
		return r ? [r.querySelector('th').textContent, ...[...r.querySelectorAll('td')].map(td => td.textContent)].join('|') : ''; })()`
	row("birds", 40, 38)
	if err := pg.waitFor(ctx, liveWithin, lastRow+` === "birds|40|38"`); err != nil {
		var shown string
		_ = pg.eval(ctx, lastRow, &shown)
		t.Fatalf("the birds row is not shown live: %q", shown)
	}
	row("eggs", 5, 9)
	cond := lastRow + ` === "eggs|5|9" && document.querySelector('#players [data-player="` + p[1] + `"] .total').textContent === "47"`
	if err := pg.waitFor(ctx, liveWithin, cond); err != nil {
		var shown string
		_ = pg.eval(ctx, lastRow, &shown)
		t.Fatalf("the eggs row and the totals are not shown live: %q", shown)
	}
	must(pg.screenshot(ctx, filepath.Join(arts, "sheet-match-en.png")))

	must(pg.open(ctx, srv.base+"/matches/"+m+"?lang=fa"))
	must(pg.waitFor(ctx, 5*time.Second, `document.getElementById("live").dataset.state === "live"`))
	var first string
	must(pg.eval(ctx, `[...document.querySelectorAll('#sheet tbody tr')[0].querySelectorAll('td')].map(td => td.textContent).join('|')`, &first))
	if first != "۴۰|۳۸" {
		t.Errorf("the Persian sheet's first row: %q", first)
	}
	must(pg.screenshot(ctx, filepath.Join(arts, "sheet-match-fa.png")))
	srv.stop(t)
}
