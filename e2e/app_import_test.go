//go:build browser

package e2e

import (
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// An admin brings a BG Stats history in from the app: the file is chosen,
// the plan shows each game with where its plays go and the players, one
// game is left unticked, and the import brings the others' plays in once;
// the desk's play log marks them imported, with day and place; with two
// leagues of a game, the plays go into the one chosen on the plan.
// Both languages, phone size, axe-core clean.
func TestBGStatsImportFromTheApp(t *testing.T) {
	b, c := appServer(t)
	p := b.tab("import")
	signIn(p, c)
	p.click("#open-import")
	file, err := filepath.Abs("testdata/bgstats-history.json")
	if err != nil {
		t.Fatal(err)
	}
	p.do("choose the file", chromedp.SetUploadFiles(chromedp.CSS("#im-file"), []string{file}))
	p.waitText(`#im-plan li[data-game="The Crew"]`, "played together against the game")
	p.waitText(`#im-plan li[data-game="Werewolf"]`, "a winner, no scores")
	p.waitText(`#im-plan li[data-game="Root"]`, "New game and league: Root")
	p.waitText("#im-plan", "Jay")
	p.waitReady()
	p.axe("import plan")
	p.shot("import-plan")
	if w := evalIn[int](p, `document.documentElement.scrollWidth`); w > 390 {
		t.Errorf("the plan scrolls sideways: %d px wide", w)
	}
	p.click("#im-tick-12")
	p.click("#im-confirm")
	p.waitText("#im-msg", "3 plays came in.")
	if n := len(c.do("GET", "/v1/matches?limit=50", nil, 200)["items"].([]any)); n != 3 {
		t.Errorf("%d matches, want 3", n)
	}
	p.open(c.base + "/")
	p.waitText("#home", "Imported from BG Stats, not refereed")

	// The desk's play log marks the imported plays, with day and place.
	var root, rootGame string
	for _, l := range c.do("GET", "/v1/leagues?limit=50", nil, 200)["items"].([]any) {
		if l := l.(map[string]any); l["name"] == "Root" {
			root, rootGame = l["id"].(string), l["game"].(string)
		}
	}
	p.click("#open-desk")
	p.choose("#dk-league", root)
	p.click("#dk-tab-log")
	p.waitText("#dk-log-list", "Imported from BG Stats, not refereed")
	p.waitText("#dk-log-list", "16 Jan 2021")
	p.waitText("#dk-log-list", "Arium")
	p.shot("desk-log-imported")

	// With two leagues of a game, the plan lets the owner choose which
	// one its plays go into.
	other := c.do("POST", "/v1/leagues", map[string]any{"name": "Root Thursdays", "game": rootGame}, 201)["id"].(string)
	p.open(c.base + "/")
	p.click("#open-import")
	p.do("choose the file again", chromedp.SetUploadFiles(chromedp.CSS("#im-file"), []string{file}))
	p.waitText(`#im-plan li[data-game="Root"]`, "Into the league Root")
	p.choose("#im-into-10", other)
	p.waitText(`#im-plan li[data-game="Root"] .im-target`, "Into the league Root Thursdays")
	p.waitText(`#im-plan li[data-game="Root"]`, "To bring in: 2")
	if h := evalIn[float64](p, `document.querySelector('#im-into-10').getBoundingClientRect().height`); h < 44 {
		t.Errorf("the league choice is %.0f px high", h)
	}
	p.axe("import plan with a league chosen")
	persianScreen(p, "import-plan", "#im-plan", "به لیگِ")
	p.click("#im-confirm")
	p.waitText("#im-msg", "وارد شد")
	if n := len(c.do("GET", "/v1/matches?limit=50&league_id="+other, nil, 200)["items"].([]any)); n != 2 {
		t.Errorf("%d matches in the league chosen, want 2", n)
	}
	if n := len(c.do("GET", "/v1/matches?limit=50&league_id="+root, nil, 200)["items"].([]any)); n != 2 {
		t.Errorf("%d matches in the first league, want still 2", n)
	}
	b.clean()
}
