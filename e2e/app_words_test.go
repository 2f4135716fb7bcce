//go:build browser

package e2e

import (
	"encoding/json"
	"sort"
	"strings"
	"sync"

	"github.com/motamed/motamed/rules/all"
	"github.com/motamed/motamed/rules/sheet"
)

// What a player reads is words: every screen the browser tests check (tab.axe
// runs this on each) shows no internal name. The names come from the games
// themselves, so a new event type or option is covered as soon as it exists.

var (
	internalNamesOnce sync.Once
	internalNamesJSON string
)

// internalNames is, as a JSON object, the names a player must never read:
// "snake" the event types, option names and option values written in
// snake_case, "events" every event type and the correction records (no
// Persian screen shows one in ASCII).
func internalNames() string {
	internalNamesOnce.Do(func() {
		snake, events := map[string]bool{}, map[string]bool{"undo": true, "redo": true, "void": true}
		add := func(name string, event bool) {
			if strings.Contains(name, "_") {
				snake[name] = true
			}
			if event {
				events[name] = true
			}
		}
		for _, g := range all.Registry().All() {
			info := g.Info()
			for _, e := range info.Events {
				add(e.Type, true)
			}
			for _, o := range info.Options {
				add(o.Name, false)
				for _, v := range o.Enum {
					add(v, false)
				}
			}
		}
		for _, t := range []string{sheet.EvScoresRecorded, sheet.EvSheetFinished, sheet.EvFinalRecorded} {
			add(t, true)
		}
		b, _ := json.Marshal(map[string][]string{"snake": sorted(snake), "events": sorted(events)})
		internalNamesJSON = string(b)
	})
	return internalNamesJSON
}

func sorted(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// internalsJS lists what the visible screen shows that is not words: IDs of
// players and matches, snake_case event and option names, a match's version
// number, and on a Persian screen an event type in ASCII. It reads the text
// shown (not hidden panels, not closed dialogs), the values of the fields
// and the choices of the selects. %s is internalNames().
const internalsJS = `(function (names) {
  const shown = [];
  const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = w.nextNode(); n; n = w.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest('script, style, template, dialog:not([open])') || !el.getClientRects().length) continue;
    if (n.textContent.trim()) shown.push(n.textContent);
  }
  for (const el of document.querySelectorAll('input:not([type=hidden]):not([type=password]), textarea')) {
    if (el.getClientRects().length && el.value) shown.push(el.value);
  }
  const text = shown.join('\n');
  const out = [];
  const find = (re, what) => { const m = text.match(re); if (m) out.push(what + ': ' + JSON.stringify(context(m.index, m[0].length))); };
  const context = (i, l) => text.slice(Math.max(0, i - 40), i + l + 40);
  find(/\bpl_[a-z0-9]{6,}/, 'a player ID');
  find(/\bm_[a-z0-9]{6,}/, 'a match ID');
  find(/\bversion\s+\d+/i, 'a version');
  for (const name of names.snake) find(new RegExp('\\b' + name + '\\b'), 'the name ' + name);
  if (document.documentElement.lang === 'fa') {
    for (const name of names.events) find(new RegExp('(^|[^A-Za-z])' + name + '([^A-Za-z]|$)'), 'the event type ' + name);
    find(/نسخه[ٔی]?\s*[0-9۰-۹]/, 'a version');
  }
  return out;
})(%s)`

// words fails the test for every internal name the tab's screen shows.
func (p *tab) words(screen string) {
	p.b.t.Helper()
	for _, bad := range evalIn[[]string](p, strings.Replace(internalsJS, "%s", internalNames(), 1)) {
		p.b.t.Errorf("%s: %s shows %s", p.name, screen, bad)
	}
}
