//go:build browser

package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// A Wazabi game of two dice each recorded through the app: the opening roll
// decides who starts, a card from the game's list is played on a roll of
// W, a roll that does not add up to the dice held is refused with its rule,
// the card played is fixed from the event log, and the last dice given
// away win the game. The Persian screen is right to left with Persian
// digits.
func TestAppWazabiGame(t *testing.T) {
	b, c := appServer(t)
	p := b.tab("wazabi")
	signIn(p, c)
	id := newMatch(p, "wazabi", []string{"Ali", "Sara"}, map[string]string{"starting_dice": "2"})
	ids := playerIDs(c, id)
	p.waitText("#wb-opening", "Opening roll")
	p.axe("wazabi")

	// The opening roll: Sara rolls more W and starts.
	p.typeIn("#wb-open-"+ids[0], "1")
	p.typeIn("#wb-open-"+ids[1], "2")
	p.click("#wb-record-opening")
	p.waitText("#wb-seats h2", "Sara")

	// Sara rolls two W and steals a card from Ali.
	p.typeIn("#wb-roll-w", "2")
	p.click("#wb-record-roll")
	p.choose("#wb-card", "steal_a_card")
	p.waitText("#wb-play", "Take one card at random")
	p.click("#wb-play-card")
	waitFor(p, `!document.querySelector('#wb-play')`)
	p.shot("wazabi")
	p.click("#wb-end-turn")
	p.waitText("#wb-seats h2", "Ali")
	p.waitText("#wb-seats li[data-player='"+ids[0]+"']", "2 cards")

	// It was Hand limit 1, not Steal a card: fixed from the event log.
	fixLatest(p, "card_played", "card", "hand_limit_1")
	p.waitText("#wb-seats li[data-player='"+ids[0]+"']", "1 cards")

	// Ali's roll of three faces with two dice is refused; then he rolls
	// two give symbols and gives both dice to Sara: he wins.
	p.typeIn("#wb-roll-w", "3")
	p.click("#wb-record-roll")
	refusedWithRule(p, "WAZABI-")
	p.typeIn("#wb-roll-w", "0")
	p.typeIn("#wb-roll-give", "2")
	p.click("#wb-record-roll")
	p.waitText("#wb-give", "Die 2")
	p.click("#wb-record-give")
	p.waitText("#match h1", "Finished")
	m := c.do("GET", "/v1/matches/"+id, nil, 200)
	if w := fmt.Sprint(m["result"]); !strings.Contains(w, ids[0]) {
		t.Errorf("the API's result: %s", w)
	}
	p.click("#wb-cards summary")
	p.waitText("#wb-cards", "Exchange dice")
	persianScreen(p, "wazabi", "#wb-cards", "کارت")
	b.clean()
}
