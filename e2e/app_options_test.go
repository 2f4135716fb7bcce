//go:build browser

package e2e

import (
	"strings"
	"testing"
)

// optionLabelsFA is one Persian label per game that the new-match screen
// must show for the game's options.
var optionLabelsFA = map[string]string{
	"wizard":   "بیشترین پیش‌بینی",
	"silver":   "پایانِ بازی",
	"munchkin": "سطحِ برنده",
	"wazabi":   "تاسِ هر بازیکن",
	"yatuk":    "گنجایشِ سرزمین‌ها",
}

// The new-match screen names options in English words, and in Persian it
// names every option of the five games with a Persian label and
// explanation, never the option's raw name or the server's English
// description, and shows the choices of a list option in Persian too; at
// phone size, right to left, with Persian digits.
func TestAppOptionLabelsInPersian(t *testing.T) {
	b, c := appServer(t)
	p := b.tab("options")
	signIn(p, c)
	p.click("#new-match")
	p.choose("#nm-game", "munchkin")
	p.waitText("#nm-options", "Winning level")
	p.waitText("#nm-options", "Stop one level below")
	if raw := evalIn[int](p, `[...document.querySelectorAll('#nm-options .option > label > bdi')].filter(e => /_|^[a-z]+$/.test(e.innerText)).length`); raw > 0 {
		t.Errorf("%d English option labels are raw option names", raw)
	}
	p.click("#lang-toggle")
	for _, game := range []string{"wizard", "silver", "munchkin", "wazabi", "yatuk"} {
		p.choose("#nm-game", game)
		p.waitText("#nm-options", optionLabelsFA[game])
		info := c.do("GET", "/v1/games/"+game, nil, 200)
		var names []string
		for _, o := range info["options"].([]any) {
			names = append(names, o.(map[string]any)["name"].(string))
		}
		labels := evalIn[[]string](p, `[...document.querySelectorAll('#nm-options .option > label > bdi')].map(e => e.innerText)`)
		hints := evalIn[[]string](p, `[...document.querySelectorAll('#nm-options .option > .hint')].map(e => e.innerText)`)
		choices := evalIn[[]string](p, `[...document.querySelectorAll('#nm-options .option select option')].map(e => e.innerText)`)
		if len(labels) != len(names) || len(hints) != len(names) {
			t.Fatalf("%s: %d labels and %d explanations for the options %v", game, len(labels), len(hints), names)
		}
		for i, name := range names {
			if labels[i] == name || !persian(labels[i]) {
				t.Errorf("%s: option %s is labelled %q, not in Persian", game, name, labels[i])
			}
			if !persian(hints[i]) || strings.Contains(hints[i], game+"-") {
				t.Errorf("%s: option %s is explained as %q, not in Persian", game, name, hints[i])
			}
		}
		for _, ch := range choices {
			if !persian(ch) {
				t.Errorf("%s: an option's choice reads %q, not in Persian", game, ch)
			}
		}
		if nums := evalIn[string](p, `[...document.querySelectorAll('#nm-options input[inputmode=numeric]')].map(e => e.value).join(' ')`); strings.ContainsAny(nums, "0123456789") {
			t.Errorf("%s: the numbers filled in are not in Persian digits: %s", game, nums)
		}
		if ascii := evalIn[string](p, asciiDigits); ascii != "" {
			t.Errorf("%s: ASCII digits on the Persian new-match screen: %s", game, ascii)
		}
		if w := evalIn[int](p, `document.documentElement.scrollWidth`); w > 390 {
			t.Errorf("%s: the Persian new-match screen scrolls sideways: %d px wide", game, w)
		}
		p.axe(game + " options in Persian")
		if game == "wazabi" {
			p.shotOf("#nm-options", "options-wazabi-fa")
		}
	}

	// A match started in Persian reads the numbers in Persian digits: the
	// dice typed and the number of hands filled in.
	p.choose("#nm-game", "wazabi")
	p.waitText("#nm-options", optionLabelsFA["wazabi"])
	for _, n := range []string{"Ali", "Sara"} {
		p.typeIn("#nm-new", n)
		p.click("#add-player")
		p.waitText("#seats", n)
	}
	p.typeIn("#opt-starting_dice", "۲")
	p.click("#start-match")
	waitFor(p, `location.hash.startsWith('#/m/')`)
	m := c.do("GET", "/v1/matches/"+evalIn[string](p, `location.hash.slice(4)`), nil, 200)
	if o := m["options"].(map[string]any); o["starting_dice"] != 2.0 || o["hands"] != 1.0 {
		t.Errorf("the match's options: %v", o)
	}
	b.clean()
}

// persian reports whether s is written in Persian letters (it holds some
// and no Latin letter but the dice's W face).
func persian(s string) bool {
	fa := false
	for _, r := range s {
		switch {
		case r >= 0x0600 && r <= 0x06FF:
			fa = true
		case r != 'W' && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'):
			return false
		}
	}
	return fa
}
