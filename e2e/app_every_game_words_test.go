//go:build browser

package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/play"
)

// persianWordsJS lists what a Persian screen shows that is not Persian: a
// Latin digit, or a word in Latin letters, in the visible text and the
// fields' values. Names as entered (%s, the players' and the games'), rule
// IDs and what is marked as another language or left to right (links,
// the language switch) are left out.
const persianWordsJS = `(function (names) {
  const out = [];
  const skip = (el) => !el || el.closest('script, style, template, dialog:not([open]), bdi, .rule-id, [dir=ltr], [lang]:not(html):not([lang=fa])') || !el.getClientRects().length;
  const strip = (s) => names.reduce((t, n) => t.split(n).join(' '), s);
  const check = (el, s) => {
    const t = strip(s);
    const d = t.match(/[0-9]+/), w = t.match(/[A-Za-z]{2,}/);
    if (d) out.push('a Latin digit in ' + el.tagName + (el.id ? '#' + el.id : '') + ': ' + JSON.stringify(s.trim().slice(0, 120)));
    else if (w) out.push('an untranslated word in ' + el.tagName + (el.id ? '#' + el.id : '') + ': ' + JSON.stringify(s.trim().slice(0, 120)));
  };
  const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = w.nextNode(); n; n = w.nextNode()) if (n.textContent.trim() && !skip(n.parentElement)) check(n.parentElement, n.textContent);
  for (const el of document.querySelectorAll('input:not([type=hidden]):not([type=password]), textarea')) if (el.value && !skip(el)) check(el, el.value);
  for (const el of document.querySelectorAll('select')) if (!skip(el) && el.selectedOptions.length) check(el, el.selectedOptions[0].textContent);
  return [...new Set(out)];
})(%s)`

// persianWords fails the test for every Latin digit or untranslated word
// the tab's Persian screen shows; names are the names shown as entered.
func (p *tab) persianWords(screen string, names []string) {
	p.b.t.Helper()
	b, _ := json.Marshal(names)
	for _, bad := range evalIn[[]string](p, strings.Replace(persianWordsJS, "%s", string(b), 1)) {
		p.b.t.Errorf("%s: %s shows %s", p.name, screen, bad)
	}
}

// everyGame is a match of each game, recorded up to well into it: the
// generated match of the five refereed games, and a score sheet of named
// categories defined for the test.
type wordsMatch struct {
	game, id string
}

// playEveryGame records a match of every game through the API, each up to
// about 30 events into it (still in progress), and returns them with the
// names the events carry as typed at the table (a monster's name).
func playEveryGame(t *testing.T, c *client, ids []string) ([]wordsMatch, []string) {
	t.Helper()
	var out []wordsMatch
	typed := map[string]bool{}
	for _, spec := range play.Games() {
		seq, _, err := play.Generate(spec, 7, 0)
		if err != nil {
			t.Fatal(err)
		}
		m, _ := recordGenerated(t, c, ids, spec, seq, func(total int) int { return min(total-1, 30) }, func(ev rules.Event) {
			var data any
			_ = json.Unmarshal(ev.Data, &data)
			typedNames(data, typed)
		})
		out = append(out, wordsMatch{spec.ID, m})
	}
	c.do("POST", "/v1/games", map[string]any{"name": "Harvest", "name_fa": "برداشت", "min_players": 2, "max_players": 4,
		"categories": []map[string]any{{"id": "fields", "name": "Fields", "name_fa": "کشتزارها"}, {"id": "animals", "name": "Animals", "name_fa": "دام‌ها", "max": 20},
			{"id": "debts", "name": "Debts", "name_fa": "بدهی‌ها", "min": -30, "max": 0}},
		"negative": true, "tie_break": "animals"}, 201)
	seats := ids[:3]
	m := c.id("POST", "/v1/matches", map[string]any{"game": "harvest", "players": seats})
	for _, row := range []map[string]any{
		{"category": "fields", "scores": map[string]any{seats[0]: 12, seats[1]: 9, seats[2]: 15}},
		{"category": "debts", "scores": map[string]any{seats[0]: -3, seats[1]: 0, seats[2]: -12}},
	} {
		c.do("POST", "/v1/matches/"+m+"/events", map[string]any{"type": "scores_recorded", "data": row}, 201)
	}
	return append(out, wordsMatch{"harvest", m}), sorted(typed)
}

// typedNames adds the names an event's data carries (any "name" field).
func typedNames(v any, out map[string]bool) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if s, ok := x.(string); ok && k == "name" {
				out[s] = true
			}
			typedNames(x, out)
		}
	case []any:
		for _, x := range v {
			typedNames(x, out)
		}
	}
}

// TestEveryGameInWords plays every game (the five refereed games and a
// score sheet) and reads each on a phone (390x844: its play, sheet and
// events tabs) and on a TV (its match page at 1280x720 and 1920x1080), in
// English and in Persian: no screen shows an ID, a snake_case event or
// option name, a JSON path or a version number (words), and no Persian
// screen shows a Latin digit or an untranslated word outside the names
// as entered. The screenshots are kept.
func TestEveryGameInWords(t *testing.T) {
	b, c := appServer(t)
	names := []string{"Sara", "رضا", "Kian", "Mina", "Darius", "نگار"}
	var ids []string
	for _, n := range names {
		ids = append(ids, c.id("POST", "/v1/players", map[string]any{"name": n}))
	}
	matches, typed := playEveryGame(t, c, ids)
	shown := append(append(append([]string{}, names...), typed...), "Harvest")

	phone := b.tab("phone")
	signIn(phone, c)
	tv := b.tab("tv")
	lang := "en"
	for _, m := range matches {
		phone.open("about:blank")
		phone.open(c.base + "/#/m/" + m.id)
		phone.waitText("#match h1", map[string]string{"en": "In progress", "fa": "در جریان"}[lang])
		waitFor(phone, streamOpen)
		for _, l := range []string{lang, map[string]string{"en": "fa", "fa": "en"}[lang]} {
			if l != lang {
				phone.click("#lang-toggle")
				waitFor(phone, `document.documentElement.lang === `+jsString(l))
				lang = l
			}
			for _, tabName := range []string{"sheet", "events", "play"} {
				phone.click("#tab-" + tabName)
				phone.waitReady()
				screen := fmt.Sprintf("%s's %s tab in %s", m.game, tabName, l)
				if tabName == "play" {
					phone.axe(screen)
				} else {
					phone.words(screen)
				}
				if l == "fa" {
					phone.persianWords(screen, shown)
				}
				phone.shot(fmt.Sprintf("words-%s-%s-%s", m.game, tabName, l))
			}
		}

		for _, size := range [][2]int64{{1280, 720}, {1920, 1080}} {
			tv.do("size", chromedp.EmulateViewport(size[0], size[1]))
			for _, l := range []string{"en", "fa"} {
				screen := fmt.Sprintf("%s's TV page at %dx%d in %s", m.game, size[0], size[1], l)
				tv.open(c.base + "/matches/" + m.id + "?big=1&lang=" + l)
				waitFor(tv, `document.getElementById("live").dataset.state === "live"`)
				tv.words(screen)
				if l == "fa" {
					tv.persianWords(screen, shown)
				}
				tv.shot(fmt.Sprintf("tv-words-%s-%dx%d-%s", m.game, size[0], size[1], l))
			}
		}
		b.clean()
	}

	// Defining a sheet in Persian: every number field shows Persian digits,
	// whichever digits were typed, and the sheet keeps what was meant.
	phone.open(c.base + "/#/")
	if lang != "fa" {
		phone.click("#lang-toggle")
		waitFor(phone, `document.documentElement.lang === 'fa'`)
	}
	phone.click("#define-sheet")
	phone.typeIn("#df-name", "Orchard")
	phone.typeIn("#df-name-fa", "باغ")
	phone.typeIn("#df-count", "۸")
	phone.typeIn("#df-rmin", "-5")
	phone.typeIn("#df-rmax", "۴۰")
	phone.choose("#df-negative", "true")
	phone.axe("defining a sheet in Persian")
	phone.persianWords("defining a sheet in Persian", append(shown, "Orchard"))
	if got := evalIn[string](phone, `['#df-min', '#df-max', '#df-count', '#df-rmin', '#df-rmax'].map((s) => document.querySelector(s).value.replace(/\u200e/g, '')).join(' ')`); got != "۲ ۵ ۸ −۵ ۴۰" {
		t.Errorf("the sheet's numbers read %q in Persian", got)
	}
	phone.shotOf("#define", "words-define-fa")
	phone.click("#df-define")
	waitFor(phone, `document.querySelector('#nm-game') && document.querySelector('#nm-game').value === 'orchard'`)
	def := c.do("GET", "/v1/games/orchard", nil, 200)["sheet"].(map[string]any)
	if got := fmt.Sprint(def["rounds"]); got != "map[count:8 max:40 min:-5]" {
		t.Errorf("the sheet defined in Persian has rounds %s", got)
	}
	b.clean()
}
