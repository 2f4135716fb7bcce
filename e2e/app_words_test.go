//go:build browser

package e2e

import (
	"encoding/json"
	"sort"
	"strings"
	"sync"
	"testing"

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

// refusalText is the refusal shown on the screen, as read.
func refusalText(p *tab) string { return visibleText(p, "#refusal") }

// The messages a table provokes are words in both languages: a mistyped
// option, a refused event (with its rule and a plural that agrees), the same
// refusal in Persian with Persian digits, and an event queued offline on one
// phone while a second phone records first, refused when the first comes
// back online, without a version number or a field's path.
func TestAppMessagesInWords(t *testing.T) {
	b, c := appServer(t)
	b.malformed = true
	p := b.tab("words")
	signIn(p, c)

	// A mistyped option: said about the option, by its label.
	p.click("#new-match")
	p.choose("#nm-game", "wizard")
	for _, n := range []string{"Ali", "Sara", "Reza"} {
		p.typeIn("#nm-new", n)
		p.click("#add-player")
		p.waitText("#seats", n)
	}
	p.typeIn("#opt-rounds", "many")
	p.click("#start-match")
	p.waitText("#refusal", "Check what was typed")
	if s := refusalText(p); !strings.Contains(s, "Rounds") || strings.Contains(s, "options") {
		t.Errorf("a mistyped option is refused as %q", s)
	}
	p.axe("a mistyped option")
	p.shot("words-option")
	p.click("#refusal button")
	p.typeIn("#opt-rounds", "3")
	p.click("#start-match")
	p.waitText("#match h1", "In progress")
	id := evalIn[string](p, `location.hash.slice(4)`)
	ids := playerIDs(c, id)

	// Round 1: two tricks won in a round of one are refused, in words.
	p.click("#trump-red")
	bidAll(p, []int{0, 0, 0})
	p.click("#won-" + ids[1] + "-1")
	p.click("#won-" + ids[2] + "-1")
	p.waitText("#won-sum", "must add up to 1")
	p.click("#record-tricks")
	p.waitText("#refusal", "WIZARD-PLAY-4")
	if s := refusalText(p); !strings.Contains(s, "exactly 1 trick,") {
		t.Errorf("the refusal does not agree with its number: %q", s)
	}
	p.axe("a refused event")
	p.shot("words-refused")
	p.click("#refusal button")

	// The same refusal in Persian: Persian digits, no English event name.
	p.click("#lang-toggle")
	waitFor(p, `document.documentElement.dir === 'rtl'`)
	p.waitReady()
	p.click("#record-tricks")
	p.waitText("#refusal", "WIZARD-PLAY-4")
	if ascii := evalIn[string](p, asciiDigits); ascii != "" {
		t.Errorf("ASCII digits on the Persian refusal: %s", ascii)
	}
	p.axe("a refused event in Persian")
	p.shot("words-refused-fa")
	p.click("#refusal button")
	p.click("#lang-toggle")
	waitFor(p, `document.documentElement.dir === 'ltr'`)
	p.click("#won-" + ids[2] + "-0")
	p.waitText("#won-sum", "adds up")
	p.click("#record-tricks")
	p.waitText("#next", "Round 2")

	// Offline, this phone queues the deal of round 2; a second phone deals
	// it first. Back online, the queued deal is refused in words.
	q := b.tab("second phone")
	q.open(c.base + "/#/m/" + id)
	q.waitText("#next", "Round 2")
	p.offline(true)
	p.click("#trump-blue")
	p.waitText("#queue", "")
	p.axe("an event queued offline")
	p.shot("words-queued")
	q.click("#trump-green")
	q.waitText("#next", "bids")
	p.offline(false)
	p.waitText("#refusal", "Someone else was first")
	if s := refusalText(p); strings.Contains(strings.ToLower(s), "version") {
		t.Errorf("the stale phone is told %q", s)
	}
	p.axe("a stale phone")
	p.shot("words-stale")
	p.click("#lang-toggle")
	waitFor(p, `document.documentElement.dir === 'rtl'`)
	p.waitReady()
	p.axe("a stale phone in Persian")
	p.shot("words-stale-fa")
	b.clean()
}
