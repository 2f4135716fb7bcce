//go:build browser

package e2e

import (
	"strings"
	"testing"
)

// Ask the referee with the network gone: the phone's module answers, in
// the server's words, in English and in Persian, and the bids recorded
// meanwhile reach the server once each when the network is back.
func TestAppOfflineRefereeAnswers(t *testing.T) {
	b, c := appServer(t)
	p := b.tab("offline-referee")
	signIn(p, c)
	id, ids, before := offlineMatch(p, c, "wizard", []string{"Ali", "Sara", "Reza"}, map[string]string{"rounds": "5"}, "#next", "Round 1")

	p.offline(true)
	// Round 1, one card each: Sara leads (left of the dealer Ali).
	p.click("#trump-red")
	bidAll(p, []int{0, 0, 1})
	p.waitText("#next", "trick 1")
	p.click("#mode-trick")
	for _, card := range []string{"blue-3", "blue-9", "red-2"} {
		playCard(p, card)
	}
	p.waitText("#trick-verdict", "Ali")
	p.waitText("#trick-verdict", "WIZARD-TRICK-3")
	p.waitText("#trick-verdict", "highest trump")
	p.shot("offline-referee-en")
	if n := len(eventTypes(c, id)); n != before {
		t.Fatalf("the server has %d events while the phone is offline, want %d", n, before)
	}

	// Back online, the trump and the bids reach the server once each.
	p.offline(false)
	waitFor(p, `JSON.parse(localStorage.getItem('motamed.queue') || '[]').length === 0`)
	if got := eventTypes(c, id); len(got) != before+4 {
		t.Fatalf("the server has %d events, want %d:\n%s", len(got), before+4, strings.Join(got, "\n"))
	}

	// The same question in Persian, offline again: Ali's card taken back
	// and played again asks the module anew.
	p.click("#lang-toggle")
	waitFor(p, `document.documentElement.dir === 'rtl'`)
	p.waitReady()
	offlineReady(p)
	p.offline(true)
	if evalIn[bool](p, `!document.querySelector('#card-`+ids[0]+`') || document.querySelector('#card-`+ids[0]+`').getClientRects().length === 0`) {
		p.click("#mode-trick")
		for _, card := range []string{"blue-3", "blue-9"} {
			playCard(p, card)
		}
	} else {
		p.click("#card-" + ids[0])
	}
	playCard(p, "red-2")
	p.waitText("#trick-verdict", "WIZARD-TRICK-3")
	p.waitText("#trick-verdict", "بالاترین کارتِ خال حکم")
	if ascii := evalIn[string](p, `(() => { const s = document.querySelector('#trick-verdict').innerText.replace(/WIZARD-TRICK-\d+/g, ''); return (s.match(/[0-9]/g) || []).join(''); })()`); ascii != "" {
		t.Errorf("ASCII digits in the Persian verdict: %s", ascii)
	}
	p.shot("offline-referee-fa")
	p.offline(false)
	b.clean()
}
