//go:build browser

package e2e

import (
	"strings"
	"testing"
)

// visibleText is the text a person sees in sel (hidden parts left out).
func visibleText(p *tab, sel string) string {
	return evalIn[string](p, `(document.querySelector(`+jsString(sel)+`) || {}).innerText || ''`)
}

// A screen shows only what holds now. A Munchkin match is won, with the
// referee's ruling on the win; a Silver match started next shows none of
// it. There the swap verdict goes once the village asked about is edited
// and once the turn moves on, and the next turn starts without the swap's
// village or a census size; in a Yatuk match started after it, the card
// played is not typed in again for the next play, and the army's chain goes
// once a card of the army is edited.
func TestAppNothingStale(t *testing.T) {
	b, c := appServer(t)
	p := b.tab("stale")
	signIn(p, c)
	mk := newMatch(p, "munchkin", []string{"Ali", "Sara", "Reza"}, map[string]string{"max_level": "2"})
	mkIDs := playerIDs(c, mk)
	p.waitText("#mk-players", "Ali")
	fightMore(p)
	p.typeIn("#fight-bonus", "3")
	fight(p, "", "Goblin", "1", "The players win")
	p.waitText("#mk-winner", "Ali")
	p.waitText("#match .notes", "MUNCHKIN-WIN")

	// New match: Silver, with players of its own.
	p.click(".brand")
	p.waitText("#home", "")
	newMatch(p, "silver", []string{"Dara", "Nima"}, map[string]string{"rounds": "2"})
	p.waitText("#sv-turn-player", "Dara")
	for _, word := range append([]string{"MUNCHKIN", "Ali", "Sara", "Reza", "level"}, mkIDs...) {
		if s := visibleText(p, "#match"); strings.Contains(s, word) {
			t.Errorf("the new Silver match shows %q of the Munchkin match before it:\n%s", word, s)
		}
	}

	// The swap question: its verdict holds for the village asked about.
	p.click("#sv-swap summary")
	askSwap := func() {
		p.typeIn("#sv-swap-village", "3 ? 5")
		p.typeIn("#sv-swap-selected", "1 3")
		p.typeIn("#sv-swap-drawn", "4")
		p.click("#sv-ask-swap")
		p.waitText("#sv-swap-verdict", "SILVER-SWAP-2")
	}
	askSwap()
	p.typeIn("#sv-swap-village", "3 ? 6")
	waitFor(p, `!document.querySelector('#sv-swap-verdict')`)
	askSwap()
	p.click("#sv-size-4")
	p.click("#sv-draw")
	p.waitText("#sv-turn-player", "Nima")
	waitFor(p, `!document.querySelector('#sv-swap-verdict')`)
	// Nima's turn starts empty: no village of Dara's, no census size.
	if v := evalIn[string](p, `document.querySelector('#sv-swap-village').value + '|' + [...document.querySelectorAll('[id^="sv-size-"][aria-pressed="true"]')].map(e => e.id).join()`); v != "|" {
		t.Errorf("Nima's turn shows the swap village and census size of Dara's: %q", v)
	}
	p.click("#sv-census-call")
	p.waitText("#refusal", "Tap how many cards")
	p.click("#refusal button")

	// Yatuk: the chain holds for the cards it was asked about.
	p.click(".brand")
	p.waitText("#home", "")
	yk := newMatch(p, "yatuk", []string{"Bahar", "Kaveh"}, map[string]string{
		"capacities": `{"vipas":2,"vitasta":1,"parushni":1,"sutudri":1,"gomati":1}`})
	ykIDs := playerIDs(c, yk)
	p.waitText("#yk-turn h2", "Bahar")
	if s := visibleText(p, "#match"); strings.Contains(s, "SILVER") || strings.Contains(s, "Dara") {
		t.Errorf("the new Yatuk match shows the Silver match before it:\n%s", s)
	}
	ykPlayCard(p, "vipas", "wizard", []string{"red"}, "5", "Kaveh's turn: 2") // the first turn of two has one action (YATUK-TWO-7)
	waitFor(p, `document.querySelector('#yk-play-power').value === ''`)
	p.click("#yk-army-vipas-" + ykIDs[0])
	p.click("#yk-ask-chain")
	p.waitText("#yk-chain", "Strength 5")
	p.typeIn("#yk-b1-power", "6")
	waitFor(p, `!document.querySelector('#yk-chain')`)
	p.click("#yk-ask-chain")
	p.waitText("#yk-chain", "Strength 6")
	b.clean()
}

// The fields of a turn start empty each turn. Ali ends his turn with five
// cards in hand; on Sara's turn the hand size is empty, and so is the
// fight Ali had begun to type; her End turn with none typed asks for it
// and records nothing in her name.
func TestAppTurnFieldsStartEmpty(t *testing.T) {
	b, c := appServer(t)
	p := b.tab("turns")
	signIn(p, c)
	id := newMatch(p, "munchkin", []string{"Ali", "Sara", "Reza"}, nil)
	p.waitText("#next", "Ali")
	fightMore(p)
	p.typeIn("#mon-name-0", "Goblin")
	endTurn(p, "Sara")
	for _, sel := range []string{"#hand-size", "#mon-name-0"} {
		if v := evalIn[string](p, `document.querySelector(`+jsString(sel)+`).value`); v != "" {
			t.Errorf("on Sara's turn %s holds %q from Ali's", sel, v)
		}
	}
	p.click("#end-turn")
	p.waitText("#refusal", "Charity")
	p.click("#refusal button")
	for _, e := range c.do("GET", "/v1/matches/"+id+"/events", nil, 200)["events"].([]any) {
		if e := e.(map[string]any); e["type"] == "turn_ended" && e["data"].(map[string]any)["player"] != playerIDs(c, id)[0] {
			t.Errorf("an end of turn recorded that nobody typed: %v", e["data"])
		}
	}
	endTurn(p, "Reza")
	b.clean()
}

// A finished match's screen on the phone names the winner and each
// player's place, equal totals sharing one, the players listed by place.
func TestAppFinishedNamesPlaces(t *testing.T) {
	b, c := appServer(t)
	c.do("POST", "/v1/games", map[string]any{"name": "Tally", "min_players": 2, "max_players": 4,
		"categories": []map[string]any{{"id": "birds", "name": "Birds"}}}, 201)
	var ids []string
	for _, n := range []string{"Reza", "Sara", "Kian"} {
		ids = append(ids, c.do("POST", "/v1/players", map[string]any{"name": n}, 201)["id"].(string))
	}
	id := c.do("POST", "/v1/matches", map[string]any{"game": "tally", "players": ids}, 201)["id"].(string)
	c.do("POST", "/v1/matches/"+id+"/events", map[string]any{"type": "scores_recorded",
		"data": map[string]any{"category": "birds", "scores": map[string]int{ids[0]: 80, ids[1]: 81, ids[2]: 80}}}, 201)
	p := b.tab("finished")
	signIn(p, c)
	p.open(c.base + "/#/m/" + id)
	p.waitText("#match h1", "Finished")
	p.waitText("#result-winners", "Winner: Sara")
	got := evalIn[[]string](p, `[...document.querySelectorAll('#totals li')].map(e => e.innerText.replace(/\s+/g, ' ').trim())`)
	if want := []string{"Place 1 Sara 81", "Place 2 Reza 80", "Place 2 Kian 80"}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("the finished screen lists %q, want %q", got, want)
	}
	b.clean()
}

// Wizard: the trump picked for one deal is not picked for the next; the
// next deal starts with no trump chosen, and with no tricks counted.
func TestAppWizardNextDealStartsEmpty(t *testing.T) {
	b, c := appServer(t)
	p := b.tab("wizard")
	signIn(p, c)
	id := newMatch(p, "wizard", []string{"Ali", "Sara", "Reza"}, map[string]string{"rounds": "3"})
	ids := playerIDs(c, id)
	p.waitText("#next", "Round 1")
	playRoundByTotals(p, ids, "red", []int{0, 1, 0}, []int{0, 1, 0})
	p.waitText("#next", "Round 2")
	waitFor(p, `[...document.querySelectorAll('#wz-deal .chips button')].every((b) => b.getAttribute('aria-pressed') === 'false')`)
	b.clean()
}
