//go:build browser

package e2e

import (
	"testing"
)

// Wazabi with four players on a 390×844 phone, in both languages: after
// each tap of a turn (the roll, the draw, the gift of a die, the card
// chosen and played, the end of the turn) the next step's control is on
// the screen where the finger is, and the screen's next step says it.
func TestAppWazabiNextStepInView(t *testing.T) {
	b, c := appServer(t)
	p := b.tab("wazabi-steps")
	signIn(p, c)
	for _, lang := range []string{"en", "fa"} {
		func() {
			inLang(p, lang)
			ids := c.players("Ali", "Sara", "Reza", "Mina")
			id := c.id("POST", "/v1/matches", map[string]any{"game": "wazabi", "players": ids, "options": map[string]any{"first_player": ids[0]}})
			p.open(c.base + "/#/m/" + id)
			p.waitText("#wb-seats", "Mina")
			step := func(what, sel, words string) {
				t.Helper()
				waitFor(p, `!!document.querySelector(`+jsString(sel)+`) && document.querySelector(`+jsString(sel)+`).getClientRects().length > 0`)
				p.waitText("#next", words)
				p.waitReady()
				if off := settledInView(p, []string{sel}); len(off) > 0 {
					p.shot("wazabi-step-off-" + lang)
					t.Errorf("%s: after %s the next step's control %s is off the screen", lang, what, sel)
				}
			}
			p.waitText("#next", "Ali")
			k := &taps{p: p}
			// Ali rolls two W, one card and one give symbol.
			p.typeIn("#wb-roll-w", "2")
			p.typeIn("#wb-roll-card", "1")
			p.typeIn("#wb-roll-give", "1")
			k.tap("#wb-record-roll")
			step("the roll", "#wb-draw", map[string]string{"en": "draws 1 card", "fa": "کارت بکشد"}[lang])
			k.tap("#wb-draw")
			step("the draw", "#wb-record-give", map[string]string{"en": "gives away 1 die", "fa": "تاس به دیگران بدهد"}[lang])
			p.shot("wazabi-step-give-" + lang)
			k.tap("#wb-record-give")
			step("the gift of a die", "#wb-card", map[string]string{"en": "may play one card", "fa": "کارت با ارزش"}[lang])
			p.choose("#wb-card", "steal_a_card") // one tap on the phone's list
			k.n++
			step("choosing a card", "#wb-play-card", map[string]string{"en": "may play one card", "fa": "کارت با ارزش"}[lang])
			k.tap("#wb-play-card")
			step("the card played", "#wb-end-turn", map[string]string{"en": "ends the turn", "fa": "نوبتش را تمام می"}[lang])
			k.tap("#wb-end-turn")
			step("the end of the turn", "#wb-record-roll", "Sara")
			p.shot("wazabi-step-next-" + lang)
			if k.n != 6 {
				t.Errorf("%s: a turn of a roll, a draw, a gift and a card cost %d taps, want 6", lang, k.n)
			}
			t.Logf("a Wazabi turn of a roll, a draw, a gift and a card (%s): %d taps and 3 numbers typed", lang, k.n)
			p.axe("wazabi next step " + lang)
		}()
	}
	b.clean()
}
