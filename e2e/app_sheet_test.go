//go:build browser

package e2e

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// shEnter types one row's scores, in seat order, and records it.
func shEnter(p *tab, ids []string, vals ...int) {
	p.b.t.Helper()
	for i, v := range vals {
		p.typeIn("#sh-score-"+ids[i], strconv.Itoa(v))
	}
	p.click("#sh-record")
}

// queueEmpty: nothing waits on the device.
const queueEmpty = `JSON.parse(localStorage.getItem('motamed.queue') || '[]').length === 0`

// shRow is the selector of a row of the sheet: "c:birds", "r:3".
func shRow(key string) string { return "#sh-sheet tr[data-row='" + key + "']" }

// shCells reads a line of the sheet's foot ("total" or "place"), in seat order.
func shCells(p *tab, class string) []string {
	return evalIn[[]string](p, `[...document.querySelectorAll('#sh-sheet tfoot td.`+class+`')].map(e => e.innerText.trim())`)
}

// shFix taps a recorded row on the sheet, changes one player's score and
// saves the correction.
func shFix(p *tab, key, player, value string) {
	p.b.t.Helper()
	p.click(shRow(key) + " td[data-player='" + player + "'] button")
	fixOpened(p, "")
	p.typeIn("#edit-scores-"+player, value)
	p.click("#fx-check")
	p.click("#fx-save")
	waitFor(p, `!document.querySelector('#fx')`)
	p.waitText(shRow(key)+" td[data-player='"+player+"']", value)
}

// corrected counts the correction records in a match's event log.
func corrected(c *client, match string) int {
	n := 0
	for _, e := range c.do("GET", "/v1/matches/"+match+"/events", nil, 200)["events"].([]any) {
		if e.(map[string]any)["replaces"] != nil {
			n++
		}
	}
	return n
}

// A Wingspan-like sheet of categories, defined through the API, played to
// the end from the app: the game picker names it, each category is entered
// for every player with its range shown, a goal score above the row's
// maximum is refused with its SHEET rule, a slip in the bonus cards is
// fixed by tapping the row, and the eggs break the tie for second place;
// the totals and places are the API's. The Persian screen is right to
// left with Persian digits and the sheet's Persian names.
func TestAppSheetCategories(t *testing.T) {
	b, c := appServer(t)
	c.do("POST", "/v1/games", map[string]any{"name": "Wingspan", "name_fa": "بال‌گستر", "min_players": 1, "max_players": 5,
		"categories": []map[string]any{{"id": "birds", "name": "Birds", "name_fa": "پرنده‌ها"}, {"id": "bonus", "name": "Bonus cards", "name_fa": "کارت‌های پاداش"},
			{"id": "goals", "name": "End-of-round goals", "name_fa": "هدف‌های پایان دور", "max": 28}, {"id": "eggs", "name": "Eggs", "name_fa": "تخم‌ها"}},
		"tie_break": "eggs"}, 201)
	p := b.tab("wingspan")
	signIn(p, c)
	p.click("#new-match")
	p.waitText("#nm-game", "Wingspan")
	if got := evalIn[string](p, `document.querySelector('#nm-game option[value="wingspan"]').innerText`); got != "Wingspan" {
		t.Errorf("the game picker names the sheet %q", got)
	}
	p.choose("#nm-game", "wingspan")
	id := startMatch(p, []string{"Sara", "Reza", "Kian"}, nil)
	ids := playerIDs(c, id)
	p.waitText("#sh-entry", "Record the row")
	p.waitText("#sh-tie", "Ties: broken by Eggs")
	p.waitText("#sh-wins", "The highest total wins")
	p.waitText(shRow("c:eggs"), "tie-break")
	p.waitText(shRow("c:goals"), "at most 28")
	p.axe("a sheet of categories")

	shEnter(p, ids, 40, 38, 30)
	p.waitText(shRow("c:birds"), "38")

	// A goal score of 30 on a row of at most 28: refused, nothing stored,
	// what was typed kept.
	p.choose("#sh-row", "c:goals")
	p.waitText("#sh-range", "at most 28")
	shEnter(p, ids, 30, 10, 12)
	p.waitText("#refusal", "SHEET-VALUE-1")
	p.waitText("#refusal", "A value within its row's range")
	p.waitText("#refusal", "Sara's score in End-of-round goals is 30")
	p.shot("sheet-refusal")
	refusedWithRule(p, "SHEET-VALUE-1")
	if n := len(c.do("GET", "/v1/matches/"+id+"/events", nil, 200)["events"].([]any)); n != 1 {
		t.Fatalf("%d events after the refusal, want 1", n)
	}
	if v := evalIn[string](p, `document.querySelector('#sh-score-`+ids[1]+`').value`); v != "10" {
		t.Errorf("the refused row's typed value is gone: %q", v)
	}
	p.typeIn("#sh-score-"+ids[0], "10")
	p.click("#sh-record")
	p.waitText(shRow("c:goals"), "12")

	// The bonus cards with a slip (1 for 7), fixed by tapping the row.
	p.waitText("#sh-range", "0 or more")
	shEnter(p, ids, 1, 9, 12)
	p.waitText(shRow("c:bonus"), "9")
	shFix(p, "c:bonus", ids[0], "7")
	if n := corrected(c, id); n != 1 {
		t.Errorf("%d corrections in the event log, want 1", n)
	}

	// The eggs, the last row: 62, 64, 62 — Kian's 8 eggs beat Sara's 5.
	p.waitText("#sh-range", "tie-break")
	shEnter(p, ids, 5, 7, 8)
	p.waitText("#match h1", "Finished")
	if got, want := strings.Join(shCells(p, "total"), " "), strings.Join(apiTotals(c, id, ids), " "); got != want || got != "62 64 62" {
		t.Errorf("the sheet's totals %q, the API's %q (want 62 64 62)", got, want)
	}
	if got := strings.Join(shCells(p, "place"), " "); got != "3 1 2" {
		t.Errorf("places %q, want 3 1 2", got)
	}
	m := c.do("GET", "/v1/matches/"+id, nil, 200)
	if r := fmt.Sprint(m["result"]); !strings.Contains(r, "winners:["+ids[1]+"]") {
		t.Errorf("the API's result: %s", r)
	}
	p.axe("a finished sheet")
	persianScreen(p, "sheet-wingspan", "#sh-sheet", "تخم‌ها")
	p.waitText("#match h1", "بال‌گستر")
	p.waitText("#sh-sheet tfoot", "۶۴")
	b.clean()
}

// A golf-like sheet of nine rounds, the lowest total winning, and an open
// sheet of rounds with negative scores, both played to the end from the
// app: a round of 11 strokes is refused with its SHEET rule, two rounds
// entered offline wait on the phone and are sent in order, a second phone
// sees a round arrive, an earlier round is fixed by tapping it, and the
// open sheet is ended by the table. The totals and places are the API's;
// the Persian screen is right to left with Persian digits.
func TestAppSheetRounds(t *testing.T) {
	b, c := appServer(t)
	c.do("POST", "/v1/games", map[string]any{"id": "mini-golf", "name": "Mini golf", "name_fa": "گلف کوچک",
		"rounds": map[string]any{"count": 9, "min": 1, "max": 10}, "lowest_wins": true}, 201)
	p := b.tab("golf")
	signIn(p, c)
	id := newMatch(p, "mini-golf", []string{"Ali", "Sara"}, nil)
	ids := playerIDs(c, id)
	p.waitText("#sh-entry", "Round 1 of 9")
	p.waitText("#sh-wins", "The lowest total wins")
	p.waitText("#sh-range", "1 to 10")
	if n := evalIn[int](p, `document.querySelectorAll('#sh-sheet tbody tr').length`); n != 9 {
		t.Errorf("the sheet shows %d rounds, want 9", n)
	}
	p.axe("a sheet of rounds")

	shEnter(p, ids, 3, 4)
	p.waitText("#sh-entry", "Round 2 of 9")
	shEnter(p, ids, 5, 2)
	p.waitText("#sh-entry", "Round 3 of 9")
	shEnter(p, ids, 11, 4)
	refusedWithRule(p, "SHEET-VALUE-1")
	p.typeIn("#sh-score-"+ids[0], "4")
	p.click("#sh-record")
	p.waitText("#sh-entry", "Round 4 of 9")
	shEnter(p, ids, 2, 3)
	p.waitText("#sh-entry", "Round 5 of 9")
	waitFor(p, queueEmpty)

	// Offline: rounds 5 and 6 wait on the phone, shown on the sheet, and
	// are sent in order once the network is back.
	p.offline(true)
	shEnter(p, ids, 3, 3)
	p.waitText("#sh-entry", "Round 6 of 9")
	shEnter(p, ids, 4, 2)
	p.waitText("#sh-entry", "Round 7 of 9")
	p.waitText("#queue", "Offline")
	p.waitText(shRow("r:6"), "2")
	if n := evalIn[int](p, `document.querySelectorAll('#queue li').length`); n != 2 {
		t.Fatalf("%d rows wait on the device, want 2", n)
	}
	p.offline(false)
	waitFor(p, queueEmpty)
	if rows := c.do("GET", "/v1/matches/"+id, nil, 200)["scores"].(map[string]any)["rounds"].([]any); len(rows) != 6 {
		t.Fatalf("%d rounds recorded after the network came back, want 6", len(rows))
	}

	// A second phone on the match sees round 7 arrive.
	q := b.tab("second phone")
	q.open(c.base + "/#/m/" + id)
	q.waitText("#sh-entry", "Round 7 of 9")
	waitFor(q, streamOpen)
	shEnter(p, ids, 2, 2)
	p.waitText("#sh-entry", "Round 8 of 9")
	q.waitText("#remote", "Another device")
	q.click("#refresh")
	q.waitText("#sh-entry", "Round 8 of 9")

	// Round 2 was 5 and 3, not 5 and 2: fixed by tapping it.
	shFix(p, "r:2", ids[1], "3")
	if n := corrected(c, id); n != 1 {
		t.Errorf("%d corrections in the event log, want 1", n)
	}
	shEnter(p, ids, 3, 4)
	p.waitText("#sh-entry", "Round 9 of 9")
	shEnter(p, ids, 2, 5)
	p.waitText("#match h1", "Finished")
	// Ali 3+5+4+2+3+4+2+3+2 = 28, Sara 4+3+4+3+3+2+2+4+5 = 30: Ali wins.
	if got, want := strings.Join(shCells(p, "total"), " "), strings.Join(apiTotals(c, id, ids), " "); got != want || got != "28 30" {
		t.Errorf("the sheet's totals %q, the API's %q (want 28 30)", got, want)
	}
	if got := strings.Join(shCells(p, "place"), " "); got != "1 2" {
		t.Errorf("places %q, want 1 2", got)
	}
	persianScreen(p, "sheet-golf", "#sh-sheet", "کمترین مجموع")
	p.waitText("#match h1", "گلف کوچک")
	p.click("#lang-toggle")
	p.waitText("#sh-wins", "lowest")

	// An open sheet of rounds with negative scores, ended by the table.
	c.do("POST", "/v1/games", map[string]any{"name": "Skull King", "rounds": map[string]any{"count": 0}, "negative": true}, 201)
	p.open(c.base + "/#/")
	id = newMatch(p, "skull-king", []string{"Mina", "Omid"}, nil)
	ids = playerIDs(c, id)
	p.waitText("#sh-entry", "open rounds")
	if p.textOf("#sh-finish") != "" {
		t.Error("an empty sheet offers to end it")
	}
	p.typeIn("#sh-score-"+ids[0], "20")
	p.typeIn("#sh-score-"+ids[1], "30")
	p.click("#sh-score-sign-" + ids[1])
	p.click("#sh-record")
	p.waitText(shRow("r:1"), "-30")
	shEnter(p, ids, -10, 40)
	p.waitText(shRow("r:2"), "40")
	// Ending the sheet is asked once: "Keep playing" leaves it open.
	p.click("#sh-finish")
	p.waitText("#sh-finish-ask", "End the sheet now?")
	p.click("#sh-finish-no")
	p.waitText("#sh-finish", "End the sheet")
	p.click("#sh-finish")
	p.click("#sh-finish-yes")
	p.waitText("#match h1", "Finished")
	if got, want := strings.Join(shCells(p, "total"), " "), strings.Join(apiTotals(c, id, ids), " "); got != want || got != "10 10" {
		t.Errorf("the open sheet's totals %q, the API's %q (want 10 10)", got, want)
	}
	if got := strings.Join(shCells(p, "place"), " "); got != "1 1" {
		t.Errorf("places %q, want 1 1 (a tie)", got)
	}
	b.clean()
}

// A sheet played in two teams of two and scored by team, its teams picked
// seat by seat when the match starts from the app: the sheet has a column
// and a score a row for each team, a negative team score is entered, and
// the team totals and places are the API's.
func TestAppSheetTeams(t *testing.T) {
	b, c := appServer(t)
	c.do("POST", "/v1/games", map[string]any{"name": "Tichu", "name_fa": "تیچو", "min_players": 4, "max_players": 4,
		"rounds": map[string]any{"count": 2}, "negative": true, "teams": map[string]any{"count": 2, "size": 2, "scores": "team"}}, 201)
	p := b.tab("tichu")
	signIn(p, c)
	seatFour(p, "tichu")
	p.waitText("#team-seats", "Mina")
	pickPairs(p, "a sheet's teams")
	id, _ := startPaired(p, c)
	p.waitText("#sh-teams", "Ali, Sara")
	p.waitText("#sh-entry", "Team 2")
	shEnter(p, []string{"team1", "team2"}, 100, 0)
	p.waitText(shRow("r:1"), "100")
	p.typeIn("#sh-score-team1", "25")
	p.click("#sh-score-sign-team1")
	p.typeIn("#sh-score-team2", "125")
	p.click("#sh-record")
	p.waitText("#match h1", "Finished")
	tt := c.do("GET", "/v1/matches/"+id, nil, 200)["state"].(map[string]any)["team_totals"].(map[string]any)
	want := fmt.Sprintf("%v %v", tt["team1"], tt["team2"])
	if got := strings.Join(shCells(p, "total"), " "); got != want || got != "75 125" {
		t.Errorf("the sheet's team totals %q, the API's %q (want 75 125)", got, want)
	}
	if got := strings.Join(shCells(p, "place"), " "); got != "2 1" {
		t.Errorf("places %q, want 2 1", got)
	}
	p.waitText("#sh-teams li[data-team='team2']", "125")
	persianScreen(p, "sheet-teams", "#sh-teams", "تیمِ")
	b.clean()
}

// A sheet of categories defined from the app by the admin: its names, a
// category with a maximum, a second one breaking ties; the new sheet is
// then chosen for a new match and its screen shows what was defined.
func TestAppSheetDefine(t *testing.T) {
	b, c := appServer(t)
	p := b.tab("define")
	signIn(p, c)
	p.click("#define-sheet")
	p.typeIn("#df-name", "Birdhouse")
	p.typeIn("#df-name-fa", "لانه")
	p.choose("#df-kind", "categories")
	p.typeIn("#df-c-name-1", "Birds")
	p.typeIn("#df-c-max-1", "50")
	p.click("#df-add-category")
	p.typeIn("#df-c-name-2", "Eggs")
	p.choose("#df-tie", "2")
	p.axe("defining a sheet")
	p.shotOf("#define", "sheet-define")
	p.click("#df-define")
	p.waitText("#new", "New match")
	waitFor(p, `document.querySelector('#nm-game').value === 'birdhouse'`)
	def := c.do("GET", "/v1/games/birdhouse", nil, 200)["sheet"].(map[string]any)
	if got := fmt.Sprint(def["name_fa"], " ", def["tie_break"], " ", len(def["categories"].([]any))); got != "لانه c2 2" {
		t.Errorf("the sheet defined: %v", def)
	}
	startMatch(p, []string{"Ali", "Sara"}, nil)
	p.waitText("#sh-tie", "Ties: broken by Eggs")
	p.waitText("#sh-range", "at most 50")
	b.clean()
}
