//go:build browser

package e2e

import (
	"encoding/json"
	"testing"
	"time"
)

// phoneFits fails the test when the screen shown scrolls sideways or has a
// visible control less than 44 px high or wide.
func phoneFits(p *tab, screen string) {
	p.b.t.Helper()
	p.waitReady()
	if w := evalIn[[]int](p, `[document.scrollingElement.scrollWidth, innerWidth]`); w[0] > w[1] {
		p.shot("wide-" + screen)
		p.b.t.Errorf("%s: %s scrolls sideways: %d px wide in a %d px phone", p.name, screen, w[0], w[1])
	}
	if wide := evalIn[[]string](p, sidewaysBoxes); len(wide) > 0 {
		p.shot("wide-" + screen)
		p.b.t.Errorf("%s: on %s, boxes scroll sideways: %v", p.name, screen, wide)
	}
	if small := evalIn[[]string](p, smallTargets); len(small) > 0 {
		p.shot("small-" + screen)
		p.b.t.Errorf("%s: on %s, tap targets smaller than 44 px: %v", p.name, screen, small)
	}
}

// sidewaysBoxes lists the visible boxes whose content is wider than they
// are (a score sheet in a box of its own that scrolls sideways).
const sidewaysBoxes = `[...document.querySelectorAll('body *')]
  .filter(e => e.getClientRects().length && e.scrollWidth > e.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX))
  .map(e => e.tagName + (e.id ? '#' + e.id : '') + (e.closest('[id]') ? ' in #' + e.closest('[id]').id : '') + ' ' + e.scrollWidth + '>' + e.clientWidth)`

// offScreen lists the elements of sels (CSS selectors) that are missing or
// not wholly inside the phone's first screen (the page scrolled to its
// top).
func offScreen(p *tab, sels []string) []string {
	p.b.t.Helper()
	p.waitReady()
	evalIn[bool](p, `document.fonts.ready.then(() => { scrollTo(0, 0); return true; })`)
	return inView(p, sels)
}

// inView lists the elements of sels that are missing or not wholly inside
// the viewport where the page is scrolled now.
func inView(p *tab, sels []string) []string {
	p.b.t.Helper()
	b, _ := json.Marshal(sels)
	return evalIn[[]string](p, string(b)+`.filter((s) => {
  const e = document.querySelector(s); if (!e || !e.getClientRects().length) return true;
  const r = e.getBoundingClientRect(); return r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth; })`)
}

// settledInView waits, within a few seconds, until every element of sels
// is wholly inside the viewport, and lists those that never are (a part
// just opened is scrolled into view once the page has drawn it).
func settledInView(p *tab, sels []string) []string {
	p.b.t.Helper()
	deadline := time.Now().Add(within(5 * time.Second))
	for {
		off := inView(p, sels)
		if len(off) == 0 || time.Now().After(deadline) {
			return off
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Munchkin with four players on a 390×844 phone, in both languages: a
// turn's usual work is on the first screen without scrolling (each
// player's level counter, the fight against a monster and the end of the
// turn), a level up is one tap and keeps it so, and the rarely used parts
// (gear, selling, death) open beside the finger.
func TestAppMunchkinOneScreen(t *testing.T) {
	b, c := appServer(t)
	p := b.tab("munchkin-screen")
	signIn(p, c)
	for _, lang := range []string{"en", "fa"} {
		func() {
			inLang(p, lang)
			ids := c.players("Ali", "Sara", "Reza", "Mina")
			id := c.id("POST", "/v1/matches", map[string]any{"game": "munchkin", "players": ids})
			p.open(c.base + "/#/m/" + id)
			p.waitText("#mk-players", "Mina")
			turn := []string{"#mon-level-plus-0", "#ask-combat", "#record-combat", "#hand-size", "#end-turn"}
			for _, pid := range ids {
				turn = append(turn, "#lv-up-"+pid, "#lv-down-"+pid, "#mk-players li[data-player='"+pid+"'] .lv")
			}
			p.shot("munchkin-screen-" + lang)
			if off := offScreen(p, turn); len(off) > 0 {
				t.Errorf("%s: off the first screen: %v (the page is %d px tall)", lang, off, evalIn[int](p, `document.documentElement.scrollHeight`))
			}
			k := &taps{p: p}
			k.tap("#lv-up-" + ids[2])
			p.waitText("#mk-players li[data-player='"+ids[2]+"'] .lv", map[string]string{"en": "2", "fa": "۲"}[lang])
			if k.n != 1 {
				t.Errorf("a level up cost %d taps", k.n)
			}
			p.shot("munchkin-screen-up-" + lang)
			if off := offScreen(p, turn); len(off) > 0 {
				t.Errorf("%s: after a level up, off the first screen: %v", lang, off)
			}
			phoneFits(p, "munchkin "+lang)
			p.axe("munchkin one screen " + lang)
			// The rarely used parts open beside the finger.
			p.click("#gear-" + ids[3])
			if off := offScreen(p, []string{"#gear-form-" + ids[3] + " h3", "#gear-race-" + ids[3]}); len(off) > 0 {
				t.Errorf("%s: Mina's gear opens off the screen: %v", lang, off)
			}
			p.click("#gear-" + ids[3])
			waitFor(p, `!document.querySelector('#gear-form-`+ids[3]+`')`)
			p.click("#mk-sell-open")
			if off := settledInView(p, []string{"#sell-gold", "#record-sale"}); len(off) > 0 {
				t.Errorf("%s: selling opens off the screen: %v", lang, off)
			}
			p.click("#mk-sell-open")
			offScreen(p, []string{})
			t.Logf("the Munchkin screen of four (%s) is %d px tall; End the turn ends %d px down an %d px screen", lang,
				evalIn[int](p, `document.documentElement.scrollHeight`), evalIn[int](p, `Math.round(document.querySelector('#end-turn').getBoundingClientRect().bottom)`), evalIn[int](p, `innerHeight`))
		}()
	}
	b.clean()
}
