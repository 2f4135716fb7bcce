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
	fixLatest(p, "played Steal a card", "card", "hand_limit_1", "played Hand limit 1")
	p.waitText("#wb-seats li[data-player='"+ids[0]+"']", "1 card")

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

// A Wazabi tournament of two hands played in teams, one die each: the
// teams are picked seat by seat when the match starts, the neighbour rule
// limits the gifts, a roll that does not add up is refused with its rule,
// a card played in the first hand is fixed from the event log, each hand's
// winning team scores the dice the other team still holds, and the
// standing shows the tournament's points until the second team wins it.
// The card list is then shown in Persian.
func TestAppWazabiTeamTournament(t *testing.T) {
	b, c := appServer(t)
	p := b.tab("wazabi-teams")
	signIn(p, c)
	seatFour(p, "wazabi")
	p.typeIn("#opt-starting_dice", "1")
	p.typeIn("#opt-hands", "2")
	p.choose("#opt-teams", "pairs")
	p.waitText("#team-seats", "Mina")
	// Partners sit across the table until changed: Ali and Sara play
	// together, Reza and Mina.
	if got := evalIn[string](p, `document.querySelector(`+jsString(teamSelect(p, "Reza"))+`).value`); got != "1" {
		t.Errorf("Reza's team before a change: %q, want 1 (across from Ali)", got)
	}
	pickPairs(p, "wazabi teams")
	p.shotOf("#team-seats", "wazabi-teams-picked")
	id, ids := startPaired(p, c)
	p.waitText("#wb-standing", "Hand 1 of 2")
	p.waitText("#wb-standing li[data-side='team-1']", "Ali & Sara")
	p.waitText("#wb-modes", "neighbour only")
	seat := func(i int) string { return "#wb-seats li[data-player='" + ids[i] + "']" }

	// Ali starts. A roll of two faces with one die is refused.
	p.typeIn("#wb-roll-w", "2")
	p.click("#wb-record-roll")
	refusedWithRule(p, "WAZABI-")
	p.typeIn("#wb-roll-w", "1")
	p.click("#wb-record-roll")
	p.choose("#wb-card", "steal_a_card")
	p.choose("#wb-target", ids[2])
	p.click("#wb-play-card")
	waitFor(p, `!document.querySelector('#wb-play')`)
	p.click("#wb-end-turn")
	p.waitText("#wb-seats h2", "Sara")
	p.waitText(seat(2), "2 cards")

	// It was Hand limit 1 on Reza, not Steal a card: fixed from the log.
	fixLatest(p, "played Steal a card", "card", "hand_limit_1", "played Hand limit 1")
	p.waitText(seat(2), "1 card ")
	p.waitText(seat(0), "2 cards")

	// Sara gives her only die to a neighbour, her partner Ali: the team
	// wins the hand and scores Reza's and Mina's dice.
	if n := rollGives(p, 1); n != 2 {
		t.Errorf("a die may go to %d players, want the 2 neighbours", n)
	}
	p.choose("#wb-give-1", ids[0])
	p.click("#wb-record-give")
	p.waitText("#wb-standing", "Hand 2 of 2")
	p.waitText("#wb-standing li[data-side='team-1']", "2 points")
	p.waitText("#wb-standing li[data-side='team-2']", "0 points")

	// Hand 2: Sara starts and plays Draw 3; Reza gives his die to Sara and
	// wins the hand for his team with three dice against: 3 to 2.
	p.waitText("#wb-seats h2", "Sara")
	p.waitText("#wb-piles", "Draw pile 24 · played pile 0")
	p.typeIn("#wb-roll-w", "1")
	p.click("#wb-record-roll")
	p.choose("#wb-card", "draw_3")
	p.click("#wb-play-card")
	p.waitText("#wb-draw", "Draw 3")
	p.click("#wb-draw")
	p.waitText(seat(1), "5 cards")
	p.waitText("#wb-piles", "Draw pile 21 · played pile 1")
	p.click("#wb-end-turn")
	p.waitText("#wb-seats h2", "Reza")
	rollGives(p, 1)
	p.choose("#wb-give-1", ids[1])
	p.click("#wb-record-give")
	p.waitText("#match h1", "Finished")
	p.waitText("#wb-standing li[data-side='team-2']", "3 points")
	m := c.do("GET", "/v1/matches/"+id, nil, 200)
	if w := fmt.Sprint(m["result"].(map[string]any)["winners"]); w != fmt.Sprint([]any{ids[2], ids[3]}) {
		t.Errorf("winners %s, want Reza and Mina", w)
	}
	p.click("#tab-sheet")
	p.waitText("#wb-hands li[data-hand='2']", "Reza & Mina")
	p.waitText("#wb-hands li[data-hand='1']", "Ali & Sara")
	p.axe("wazabi tournament sheet")

	p.click("#tab-play")
	p.click("#wb-cards summary")
	p.waitText("#wb-cards", "Exchange dice")
	persianScreen(p, "wazabi-tournament", "#wb-cards", "عوض کردن تاس ها")
	p.waitText("#wb-cards", "هزینه ۳ W")
	p.shotOf("#wb-cards", "wazabi-cards-fa")
	p.waitText("#wb-standing", "دستِ ۲ از ۲")
	b.clean()
}

// A Wazabi game played to the last player, gifts to anyone: whoever has
// no dice leaves the turn order with their place, the others play on, a
// die given to the wrong player is fixed from the event log, and the
// finishing order is the result.
func TestAppWazabiToTheLast(t *testing.T) {
	b, c := appServer(t)
	p := b.tab("wazabi-last")
	signIn(p, c)
	id := newMatch(p, "wazabi", []string{"Ali", "Sara", "Reza", "Mina"}, map[string]string{"starting_dice": "1", "play_to_last": "true", "neighbours_only": "false"})
	ids := playerIDs(c, id)
	p.waitText("#wb-modes", "any other player")
	p.waitText("#wb-modes", "last player")
	seat := func(i int) string { return "#wb-seats li[data-player='" + ids[i] + "']" }
	// Ali's die goes across the table to Reza, not a neighbour.
	if n := rollGives(p, 1); n != 3 {
		t.Errorf("a die may go to %d players, want any of the 3 others", n)
	}
	p.choose("#wb-give-1", ids[2])
	p.click("#wb-record-give")
	p.waitText(seat(0), "place 1")
	p.waitText(seat(1), "still playing")
	p.waitText(seat(2), "2 dice")
	p.waitText("#wb-seats h2", "Sara")

	// The die went to Mina, not Reza: fixed from the event log.
	p.click("#tab-events")
	p.waitText("#events", "gave dice to Reza")
	seq := evalIn[int](p, `+[...document.querySelectorAll('#events li')].find(e => e.innerText.includes('gave dice')).dataset.seq`)
	p.click(fmt.Sprintf("#events li[data-seq='%d'] .fix-event", seq))
	p.choose("#edit-to-0", ids[3])
	p.click("#fx-check")
	p.click("#fx-save")
	p.waitText("#events", "gave dice to Mina")
	p.click("#tab-play")
	p.waitText(seat(3), "2 dice")
	p.waitText(seat(2), "1 die")

	rollGives(p, 1)
	p.choose("#wb-give-1", ids[3])
	p.click("#wb-record-give")
	p.waitText(seat(1), "place 2")
	p.waitText("#wb-seats h2", "Reza")
	if n := rollGives(p, 1); n != 1 {
		t.Errorf("a die may go to %d players, want only Mina still in", n)
	}
	p.click("#wb-record-give")
	p.waitText("#match h1", "Finished")
	p.waitText(seat(3), "place 4")
	m := c.do("GET", "/v1/matches/"+id, nil, 200)
	places := map[string]float64{}
	for _, x := range m["result"].(map[string]any)["placements"].([]any) {
		pl := x.(map[string]any)
		places[pl["player_id"].(string)] = pl["place"].(float64)
	}
	for i, want := range []float64{1, 2, 3, 4} {
		if places[ids[i]] != want {
			t.Errorf("place of player %d: %v, want %v", i, places[ids[i]], want)
		}
	}
	p.axe("wazabi played to the last")
	b.clean()
}

// When both piles are empty a player draws from an opponent's hand: two
// players with twelve dice each draw the whole deck in three rolls, and
// the third draw names the opponent for each card the piles lack.
func TestAppWazabiEmptyPiles(t *testing.T) {
	b, c := appServer(t)
	p := b.tab("wazabi-piles")
	signIn(p, c)
	id := newMatch(p, "wazabi", []string{"Ali", "Sara"}, map[string]string{"starting_dice": "12"})
	ids := playerIDs(c, id)
	rollCards := func(who string) {
		p.waitText("#wb-seats h2", who)
		p.typeIn("#wb-roll-w", "0")
		p.typeIn("#wb-roll-card", "12")
		p.click("#wb-record-roll")
		p.waitText("#wb-draw", "Draw 12")
	}
	for _, who := range []string{"Ali", "Sara"} {
		rollCards(who)
		if p.textOf("#wb-draw-from") != "" {
			t.Error("the app asks whose hand to draw from while the draw pile holds cards")
		}
		p.click("#wb-draw")
		p.click("#wb-end-turn")
	}
	rollCards("Ali")
	// Six cards are left in the draw pile: the other six come from Sara.
	p.waitText("#wb-draw-from", "Card 6 from")
	p.click("#wb-draw")
	p.waitText("#wb-seats li[data-player='"+ids[0]+"']", "27 cards")
	p.waitText("#wb-seats li[data-player='"+ids[1]+"']", "9 cards")
	p.waitText("#wb-piles", "Draw pile 0 · played pile 0")
	m := c.do("GET", "/v1/matches/"+id+"/events", nil, 200)
	items := m["events"].([]any)
	if last := fmt.Sprint(items[len(items)-1].(map[string]any)["data"]); !strings.Contains(last, "from:["+strings.Repeat(ids[1]+" ", 5)+ids[1]+"]") {
		t.Errorf("the last draw: %s", last)
	}
	p.axe("wazabi empty piles")
	b.clean()
}

// rollGives records a roll of n give symbols and nothing else, and returns
// how many players the first die may go to.
func rollGives(p *tab, n int) int {
	p.b.t.Helper()
	p.typeIn("#wb-roll-w", "0")
	p.typeIn("#wb-roll-give", fmt.Sprint(n))
	p.click("#wb-record-roll")
	p.waitText("#wb-give", fmt.Sprintf("Die %d", n))
	return evalIn[int](p, `document.querySelectorAll('#wb-give-1 option').length`)
}
