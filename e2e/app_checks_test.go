//go:build browser

package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
)

// The checks every game's screen shares.

// persianScreen switches the app to Persian and checks the screen at phone
// size: right to left, Persian digits but for rule IDs and names, no
// sideways scrolling, no serious accessibility violation; the screenshot is
// kept as app-<name>-fa.png.
func persianScreen(p *tab, name, sel, word string) {
	p.b.t.Helper()
	p.click("#lang-toggle")
	p.waitText(sel, word)
	if dir := evalIn[string](p, `document.documentElement.dir`); dir != "rtl" {
		p.b.t.Errorf("Persian page dir %q", dir)
	}
	if ascii := evalIn[string](p, asciiDigits); ascii != "" {
		p.b.t.Errorf("ASCII digits on the Persian screen: %s", ascii)
	}
	if w := evalIn[int](p, `document.documentElement.scrollWidth`); w > 390 {
		p.b.t.Errorf("the Persian screen scrolls sideways: %d px wide", w)
	}
	p.axe(name + " in Persian")
	p.shot(name + "-fa")
}

// refusedWithRule waits for the refusal of the last event and checks that
// it cites a rule of the game (prefix "YATUK-") with a link to its text,
// then closes it.
func refusedWithRule(p *tab, prefix string) {
	p.b.t.Helper()
	p.waitText("#refusal", prefix)
	if href := evalIn[string](p, `document.querySelector('#refusal a.rule-id').getAttribute('href')`); !strings.Contains(href, "/v1/rules/"+prefix) {
		p.b.t.Errorf("the refusal links %q, not its rule's text", href)
	}
	p.click("#refusal button")
}

// fixLatest corrects a field of the latest event whose line in the Events
// list reads find: the field is chosen (a list of the game's choices) or
// typed, the fix checked and saved; it waits until the list reads after.
func fixLatest(p *tab, find, field, value, after string) {
	p.b.t.Helper()
	p.click("#tab-events")
	p.waitText("#events", find)
	seq := evalIn[int](p, `+[...document.querySelectorAll('#events li')].filter(e => e.innerText.includes(`+jsString(find)+`)).pop().dataset.seq`)
	p.click(fmt.Sprintf("#events li[data-seq='%d'] .fix-event", seq))
	fixField(p, field, value)
	p.click("#fx-check")
	p.click("#fx-save")
	p.waitText("#events", after)
	p.click("#tab-play")
}

// fixField sets a field of the open editor: chosen or typed.
func fixField(p *tab, field, value string) {
	p.b.t.Helper()
	sel := "#edit-" + field
	p.waitText("#fx", "")
	if evalIn[string](p, `document.querySelector(`+jsString(sel)+`).tagName`) == "SELECT" {
		p.choose(sel, value)
	} else {
		p.typeIn(sel, value)
	}
}

// shotOf keeps a screenshot of one element (a panel taller than the
// screen) as app-<name>.png.
func (p *tab) shotOf(sel, name string) {
	ctx, cancel := context.WithTimeout(p.ctx, within(30*time.Second))
	defer cancel()
	if png, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(sel))); err == nil {
		_ = os.WriteFile(filepath.Join(p.b.arts, "app-"+name+".png"), png, 0o644)
	} else {
		p.b.t.Errorf("screenshot of %s: %v", sel, err)
	}
}

// seatFour opens the new-match screen of game and seats Ali, Sara, Reza
// and Mina, new players, in that order.
func seatFour(p *tab, game string) {
	p.b.t.Helper()
	p.click("#new-match")
	p.choose("#nm-game", game)
	for _, n := range []string{"Ali", "Sara", "Reza", "Mina"} {
		p.typeIn("#nm-new", n)
		p.click("#add-player")
		p.waitText("#seats", n)
	}
}

// teamSelect is the id of the team picker of a seated player on the
// new-match screen.
func teamSelect(p *tab, name string) string {
	return evalIn[string](p, `'#' + [...document.querySelectorAll('#team-seats li')].find(l => l.innerText.includes(`+jsString(name)+`)).querySelector('select').id`)
}

// pickPairs puts Ali and Sara in team 1 and Reza and Mina in team 2
// (seated in that order) on the new-match screen, and checks the screen.
func pickPairs(p *tab, screen string) {
	p.b.t.Helper()
	p.choose(teamSelect(p, "Sara"), "1")
	p.choose(teamSelect(p, "Reza"), "2")
	p.axe(screen)
}

// startPaired starts the match of pickPairs and checks the teams the API
// stored; it returns the match and its players' IDs.
func startPaired(p *tab, c *client) (string, []string) {
	p.b.t.Helper()
	id := startMatch(p, nil, nil)
	ids := playerIDs(c, id)
	m := c.do("GET", "/v1/matches/"+id, nil, 200)
	if teams := fmt.Sprint(m["options"].(map[string]any)["teams"]); teams != fmt.Sprint([]any{[]any{ids[0], ids[1]}, []any{ids[2], ids[3]}}) {
		p.b.t.Fatalf("teams %s", teams)
	}
	return id, ids
}
