//go:build browser

package e2e

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
