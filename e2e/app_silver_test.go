//go:build browser

package e2e

import (
	"strings"
	"testing"
)

// revealVillages enters why a round ended and every village revealed.
func revealVillages(p *tab, reason string, villages map[string]string) {
	p.b.t.Helper()
	p.choose("#sv-reason", reason)
	for id, v := range villages {
		p.typeIn("#sv-village-"+id, v)
	}
}

// endRound reveals the villages at a round's end and records them.
func endRound(p *tab, reason string, villages map[string]string) {
	p.b.t.Helper()
	revealVillages(p, reason, villages)
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
		fixOpened(p, "Round 1 · Ali · Village")
		p.typeIn("#edit-villages-"+ids[0], "3 4 5 7")
		p.click("#fx-check")
		p.waitText("#fx-preview", "Ali")
		p.click("#fx-save")
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

// askAndRecord reveals the villages at a round's end, asks the referee and
// waits for the ruling naming rule before the round is recorded.
func askAndRecord(p *tab, reason string, villages map[string]string, rule string) {
	p.b.t.Helper()
	revealVillages(p, reason, villages)
	p.click("#sv-ask-round")
	p.waitText("#sv-round-verdict", rule)
	p.click("#sv-record-round")
}

// A Silver match with the points end model, recorded through the app: a
// Kamikaze round (0 for Ali, 50 for Sara), a round that takes Sara to
// exactly 100 and so back to 50 with a tie for the amulet that the holder
// keeps, a census whose caller is not lowest (her sum and 10), and a round
// that leaves Ali past 100 and ends the game;
// the sheet shows each round's villages, the Kamikaze and the score jump,
// and the amulet with the rule that gave it each round.
func TestAppSilverPoints(t *testing.T) {
	b, c := appServer(t)
	p := b.tab("silver-points")
	signIn(p, c)
	id := newMatch(p, "silver", []string{"Ali", "Sara"}, map[string]string{"end": "points"})
	ids := playerIDs(c, id)
	p.waitText("#sv-round", "until someone reaches 100")

	// Round 1: Ali's village is two 12s and two 13s.
	askAndRecord(p, "deck_empty", map[string]string{ids[0]: "12 13 12 13", ids[1]: "1 2 3 4"}, "SILVER-POINTS-7")
	p.waitText("#sv-amulet", "Ali")
	p.waitText("#sv-amulet-rule", "SILVER-AMULET-2")
	p.click("#sv-start-round")

	// Round 2: both score 50; Sara's 100 becomes 50, Ali keeps the amulet.
	askAndRecord(p, "deck_empty", map[string]string{ids[0]: "10 10 12 12 6", ids[1]: "12 12 13 13 0"}, "SILVER-POINTS-5")
	p.waitText("#sv-amulet-rule", "SILVER-AMULET-3")
	p.waitText("#sv-round", "Round 3")
	p.click("#sv-start-round")

	// Round 3: Sara calls a census with 3 cards but is not lowest: her sum
	// and 10.
	p.waitText("#sv-turn-player", "Ali")
	p.click("#sv-draw")
	p.waitText("#sv-turn-player", "Sara")
	p.click("#sv-size-3")
	p.click("#sv-census-call")
	p.waitText("#sv-census", "Sara called a census with 3 cards")
	p.click("#sv-draw")
	p.waitText("#sv-census", "Every player has had the last turn")
	askAndRecord(p, "census", map[string]string{ids[0]: "1 2 3 4", ids[1]: "4 5 6"}, "SILVER-SCORE-4")
	p.waitText("#sv-amulet-rule", "Round 3")
	p.click("#sv-start-round")

	// Round 4: the deck runs out and Ali passes 100: the game ends.
	askAndRecord(p, "deck_empty", map[string]string{ids[0]: "10 10 10 10 11 11 11 11", ids[1]: "1 2 3"}, "SILVER-POINTS-2")
	p.waitText("#match h1", "Finished")
	p.waitText("#sv-result", "Winner: Sara")
	p.waitText("#sv-result", "SILVER-POINTS-3")

	want := []string{"144", "81"}
	if got := apiTotals(c, id, ids); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("the API's totals: %v, want %v", got, want)
	}
	p.click("#tab-sheet")
	p.waitText("#sv-sheet", "12 13 12 13")
	p.waitText("#sv-sheet", "Kamikaze")
	p.waitText("#sv-sheet", "100 → 50")
	p.waitText("#sv-amulets li:nth-of-type(2)", "Round 2: the amulet goes to Ali")
	p.waitText("#sv-amulets li:nth-of-type(2)", "SILVER-AMULET-3")
	p.waitText("#sv-amulets li:nth-of-type(2)", "a tie for lowest: the holder keeps it")
	waitFor(p, `[...document.querySelectorAll('#sv-sheet tfoot td')].map(e => e.innerText.trim()).join(' ') === `+jsString(strings.Join(want, " ")))
	p.axe("silver points")
	persianScreen(p, "silver-points", "#sv-sheet", "کامیکازه")
	b.clean()
}

// A one-round Silver game of three where Sara and Reza tie: nobody held the
// amulet, so it goes to the tied player nearest the start player's left
// (Sara), and the tie on totals goes to its holder.
func TestAppSilverTies(t *testing.T) {
	b, c := appServer(t)
	p := b.tab("silver-ties")
	signIn(p, c)
	id := newMatch(p, "silver", []string{"Ali", "Sara", "Reza"}, map[string]string{"rounds": "1"})
	ids := playerIDs(c, id)
	askAndRecord(p, "deck_empty", map[string]string{ids[0]: "4 6", ids[1]: "2 3", ids[2]: "1 4"}, "SILVER-AMULET-4")
	p.waitText("#match h1", "Finished")
	p.waitText("#sv-amulet-rule", "SILVER-AMULET-4")
	p.waitText("#sv-result", "Winner: Sara")
	p.waitText("#sv-result", "SILVER-END-3")
	wonAlone(c, id, ids[1])
	b.clean()
}
