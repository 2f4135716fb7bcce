//go:build browser

package e2e

import (
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// An admin brings a BG Stats history in from the app: the file is chosen,
// the plan shows each game with where its plays go and the players, one
// game is left unticked, and the import brings the others' plays in once.
// Both languages, phone size, axe-core clean.
func TestBGStatsImportFromTheApp(t *testing.T) {
	arts := artifactsDir(t)
	srv, token := startServer(t, t.TempDir(), filepath.Join(arts, "server-"+t.Name()+".log"))
	b, c := newBrowser(t, arts), &client{t: t, base: srv.base, token: token}
	p := b.tab("import")
	p.do("phone size", chromedp.EmulateViewport(390, 844))
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
	p.open(srv.base + "/")
	p.waitText("#home", "Imported from BG Stats, not refereed")
	p.click("#open-import")
	p.do("choose the file again", chromedp.SetUploadFiles(chromedp.CSS("#im-file"), []string{file}))
	p.waitText(`#im-plan li[data-game="Root"]`, "Into the league Root")
	persianScreen(p, "import-plan", "#im-plan", "به لیگِ")
	b.clean()
}
