//go:build browser

package e2e

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestDocsPageShowsTheContract opens the docs page in Chromium: the viewer served
// by the binary renders openapi.yaml, every operation of it, with no error.
func TestDocsPageShowsTheContract(t *testing.T) {
	chromium := findChromium()
	if chromium == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("Chromium is not installed; .ci/browser-deps should have installed it")
		}
		t.Skip("Chromium is not installed (run .ci/browser-deps); skipping outside CI")
	}
	ctx, cancel := context.WithTimeout(context.Background(), within(300*time.Second))
	defer cancel()
	arts := artifactsDir(t)
	dir := t.TempDir()
	srv, _ := startServer(t, dir, filepath.Join(arts, "docs-server.log"))
	chromeLog, err := os.Create(filepath.Join(arts, "docs-chromium.log"))
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
		t.Fatalf("DevTools: %v (see %s)", err, chromeLog.Name())
	}
	if err := pg.viewport(ctx, 1280, 900, false); err != nil {
		t.Fatal(err)
	}
	if err := pg.open(ctx, srv.base+"/docs/index.html"); err != nil {
		t.Fatal(err)
	}
	shown := `document.querySelector(".info .title") !== null && document.querySelector(".info .title").textContent.includes("Motamed API") &&
		document.querySelectorAll(".opblock").length >= 40 && document.querySelector("[data-path='/v1/matches/{id}/events']") !== null`
	if err := pg.waitFor(ctx, within(30*time.Second), shown); err != nil {
		var got any
		_ = pg.eval(ctx, `[document.title, document.querySelectorAll(".opblock").length, document.body.innerText.slice(0, 300)]`, &got)
		t.Fatalf("/docs does not show the contract: %v", got)
	}
	if err := pg.screenshot(ctx, filepath.Join(arts, "docs.png")); err != nil {
		t.Fatal(err)
	}
	if problems := b.takeProblems(); len(problems) > 0 {
		t.Fatalf("the docs page had errors: %v", problems)
	}
	srv.stop(t)
}
