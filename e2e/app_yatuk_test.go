//go:build browser

package e2e

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// ykRecordBattle taps "Record the battle" and waits until no battle is
// shown as due. Should the tap, made with the page at rest, still have
// missed (nothing sent and nothing refused once at rest again), it is
// repeated once.
func ykRecordBattle(p *tab) {
	p.b.t.Helper()
	p.click("#yk-record-battle")
	const done = `!document.querySelector('#yk-record-battle') || document.querySelector('#yk-record-battle').getClientRects().length === 0 || document.querySelector('#refusal')`
	p.waitReady()
	if evalIn[bool](p, `!!(`+done+`)`) {
		return
	}
	if evalIn[int](p, `JSON.parse(localStorage.getItem('motamed.queue') || '[]').length`) == 0 {
		p.click("#yk-record-battle")
	}
	waitFor(p, done)
}

// ykBurn burns a card from the current player's hand.
func ykBurn(p *tab, next string) {
	p.b.t.Helper()
	p.click("#yk-burn")
	p.waitText("#next", next)
}

// ykBattle declares a battle at land, reveals the armies and records it.
func ykBattle(p *tab, land, name string) {
	p.b.t.Helper()
	ykDeclare(p, land, name)
	ykRecordBattle(p)
	p.waitText("#next", "left: play a card")
}

// A Yatuk game recorded through the app: cards played to lands, a battle
// declared too early refused with its rule, the army builder showing the
// same chain as POST /v1/referee/yatuk/army for the column in battle, three
// battles won and the game over at three gems, and the land of an earlier
// card fixed from the event log. The Persian screen is right to left with
// Persian digits.
func TestAppYatukGame(t *testing.T) {
	b, c := appServer(t)
	p := b.tab("yatuk")
	signIn(p, c)
	id := newMatch(p, "yatuk", []string{"Ali", "Sara"}, map[string]string{
		"capacities": `{"vipas":2,"vitasta":1,"parushni":1,"sutudri":1,"gomati":1}`})
	ids := playerIDs(c, id)
	p.waitText("#yk-turn h2", "Ali")
	p.axe("yatuk")

	// Ali plays a red wizard; Sara declares a battle she cannot.
	ykPlayCard(p, "vipas", "wizard", []string{"red"}, "5", "Sara's turn: 2")
	p.choose("#yk-declare-land", "vipas")
	p.click("#yk-declare")
	refusedWithRule(p, "YATUK-")
	ykBurn(p, "Sara's turn: 1")
	ykBurn(p, "Ali's turn: 2")
	ykPlayCard(p, "vipas", "monster", []string{"red"}, "7", "Ali's turn: 1")
	ykPlayCard(p, "vitasta", "wizard", []string{"red"}, "4", "Sara's turn: 2")
	ykBurn(p, "Sara's turn: 1")
	ykBurn(p, "Ali's turn: 2")

	// Ali declares battle at Vipas; the army builder shows the referee's
	// chain for his column, the same as the API's, before it is recorded.
	p.choose("#yk-declare-land", "vipas")
	p.click("#yk-declare")
	p.waitText("#yk-battle", "Battle at Vipas")
	ykReveal(p)
	p.click("#yk-battle-army-" + ids[0])
	p.click("#yk-ask-chain")
	p.waitText("#yk-chain", "Strength")
	want := c.do("POST", "/v1/referee/yatuk/army", map[string]any{"cards": []map[string]any{
		{"kind": "wizard", "colors": []string{"red"}, "power": 5},
		{"kind": "monster", "colors": []string{"red"}, "power": 7},
	}, "gems": []string{}}, 200)
	var wantRows []string
	for _, x := range want["cards"].([]any) {
		x := x.(map[string]any)
		wantRows = append(wantRows, fmt.Sprintf("%v %v %v %v", x["kept"], x["rule"], x["strength"], x["explanation"]))
	}
	gotRows := evalIn[[]string](p, `[...document.querySelectorAll('#yk-chain li')].map(e => e.dataset.kept + ' ' + e.querySelector('.rule-id').innerText + ' ' + e.querySelector('.chain-strength').innerText + ' ' + e.querySelector('.chain-why').innerText)`)
	if g, w := strings.Join(gotRows, "\n"), strings.Join(wantRows, "\n"); g != w {
		t.Errorf("the builder's chain:\n%s\nthe referee's:\n%s", g, w)
	}
	if got, w := p.textOf("#yk-chain-total"), fmt.Sprintf("Strength %v", want["total"]); got != w {
		t.Errorf("the builder's strength %q, the referee's %q", got, w)
	}
	p.shotOf("#yk-builder", "yatuk-chain")
	ykRecordBattle(p)
	p.waitText("#yk-gems li[data-player='"+ids[0]+"']", "Green")
	ykPlayCard(p, "parushni", "wizard", []string{"red"}, "3", "Sara's turn: 2")
	ykBurn(p, "Sara's turn: 1")

	// The wizard went to Sutudri, not Parushni: fixed from the event log.
	fixLatest(p, "to Parushni", "land", "sutudri", "Wizard 3 to Sutudri")
	p.waitText("#yk-lands [data-land='sutudri']", "Wizard 3")

	ykBurn(p, "Ali's turn: 2")
	ykBattle(p, "vitasta", "Vitasta")
	ykPlayCard(p, "gomati", "wizard", []string{"red"}, "2", "Sara's turn: 2")
	ykBurn(p, "Sara's turn: 1")
	ykBurn(p, "Ali's turn: 2")
	p.choose("#yk-declare-land", "sutudri")
	p.click("#yk-declare")
	ykReveal(p)
	ykRecordBattle(p)
	p.waitText("#match h1", "Finished")
	wonAlone(c, id, ids[0])
	p.click("#tab-sheet")
	p.waitText("#yk-sheet", "Ali")
	p.waitText("#yk-end-rule", "YATUK-")
	p.click("#tab-play")
	persianScreen(p, "yatuk", "#yk-lands", "سرزمین")
	b.clean()
}

// wonAlone checks that the API names player the match's only winner.
func wonAlone(c *client, match, player string) {
	c.t.Helper()
	m := c.do("GET", "/v1/matches/"+match, nil, 200)
	if r, _ := json.Marshal(m["result"]); !strings.Contains(string(r), `"winners":["`+player+`"]`) {
		c.t.Errorf("the API's result: %s", r)
	}
}

// ykCard fills one card's fields (prefix "yk-play", "yk-rv1", "yk-b3"):
// its kind, exactly the colours given, and its power.
func ykCard(p *tab, prefix, kind string, colors []string, power string) {
	p.b.t.Helper()
	p.choose("#"+prefix+"-kind", kind)
	for _, c := range []string{"red", "green", "yellow", "blue"} {
		sel := "#" + prefix + "-color-" + c
		on := evalIn[string](p, `document.querySelector(`+jsString(sel)+`).getAttribute('aria-pressed')`) == "true"
		if on != slices.Contains(colors, c) {
			p.click(sel)
		}
	}
	p.typeIn("#"+prefix+"-power", power)
}

// ykPlayCard plays a card face up (or, with no kind, face down unshown).
func ykPlayCard(p *tab, land, kind string, colors []string, power, next string) {
	p.b.t.Helper()
	p.choose("#yk-play-land", land)
	if kind == "" {
		p.click("#yk-play-hidden")
	} else {
		ykCard(p, "yk-play", kind, colors, power)
	}
	p.click("#yk-play-card")
	p.waitText("#next", next)
}

// ykDeclare declares battle at land and reveals the armies.
func ykDeclare(p *tab, land, name string) {
	p.b.t.Helper()
	p.choose("#yk-declare-land", land)
	p.click("#yk-declare")
	p.waitText("#yk-battle", "Battle at "+name)
	ykReveal(p)
}

// ykReveal reveals the armies of the battle due. They push the buttons
// below them down, so it waits until they are drawn: the next tap then
// lands on what it names, not on the button that was there a frame before.
func ykReveal(p *tab) {
	p.b.t.Helper()
	p.click("#yk-reveal")
	waitFor(p, `!!document.querySelector('[id^="yk-battle-army-"]') && document.querySelector('#yk-reveal').getClientRects().length === 0`)
	evalIn[bool](p, `new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`)
}

// A Yatuk game of three players in the advanced mode, recorded through the
// app: a spell of extra plays and a third card played face down unshown, a
// card burned, Night Raid turning a face-down card face up with its colour
// and power given, a battle declared too early refused with its rule, a
// forced battle where the white gem's colour decides (the referee's answer
// for red, then for green), the hand played to the fifth gem (no end at
// three in the advanced mode), a carrier picked among the winner's wizards
// and then fixed from the score sheet, and the tie on gems broken by the
// carriers' power.
func TestAppYatukAdvanced(t *testing.T) {
	b, c := appServer(t)
	p := b.tab("yatuk-advanced")
	signIn(p, c)
	id := newMatch(p, "yatuk", []string{"Ali", "Sara", "Reza"}, map[string]string{
		"mode": "advanced", "hands": "1",
		"capacities": `{"vipas":3,"vitasta":1,"parushni":1,"sutudri":1,"gomati":1}`})
	ids := playerIDs(c, id)
	ali, sara := ids[0], ids[1]
	p.waitText("#yk-turn h2", "Ali")

	// Ali fills Gomati; Sara plays three extra cards to Vipas by a spell,
	// the third face down and unshown; Reza burns a card.
	ykPlayCard(p, "gomati", "wizard", []string{"red"}, "4", "Sara's turn")
	p.click("#yk-spell summary")
	p.choose("#yk-spell-kind", "extra_plays")
	p.typeIn("#yk-spell-extra", "3")
	p.click("#yk-play-spell")
	p.waitText("#next", "3 more cards")
	p.waitText("#yk-turn", "3 extra plays left")
	ykPlayCard(p, "vipas", "wizard", []string{"green"}, "3", "2 more cards")
	ykPlayCard(p, "vipas", "monster", []string{"green"}, "9", "1 more card ")
	ykPlayCard(p, "vipas", "", nil, "", "Reza's turn")
	p.waitText("#yk-lands [data-land='vipas']", "1 face down")
	p.click("#yk-burn")
	p.waitText("#next", "Ali's turn")

	// Ali declares at Gomati and takes the white gem.
	ykDeclare(p, "gomati", "Gomati")
	ykRecordBattle(p)
	p.waitText("#yk-gems li[data-player='"+ali+"']", "White")

	// Sara cannot declare at Vitasta, where she has no army.
	p.choose("#yk-declare-land", "vitasta")
	p.click("#yk-declare")
	refusedWithRule(p, "YATUK-BATTLE-")
	ykPlayCard(p, "sutudri", "wizard", []string{"yellow"}, "2", "Reza's turn")

	// Reza's Night Raid burns Sara's two face-up cards at Vipas; the face-down
	// one moves up and is turned face up: a blue wizard of power 6.
	p.choose("#yk-spell-kind", "night_raid")
	p.choose("#yk-spell-target", sara)
	p.choose("#yk-spell-land", "vipas")
	p.waitText("#yk-spell", "1 face-down card moves up")
	ykCard(p, "yk-rv1", "wizard", []string{"blue"}, "6")
	p.click("#yk-play-spell")
	p.waitText("#next", "Ali's turn")
	p.waitText("#yk-lands [data-land='vipas']", "Blue Wizard 6")

	ykPlayCard(p, "vitasta", "wizard", []string{"green"}, "5", "Sara's turn")
	ykDeclare(p, "sutudri", "Sutudri")
	ykRecordBattle(p)
	p.waitText("#yk-gems li[data-player='"+sara+"']", "Red")
	ykPlayCard(p, "vitasta", "wizard", []string{"blue"}, "5", "Ali's turn")

	// At the start of Ali's turn both columns at Vitasta are full: a forced
	// battle. Ali holds the white gem: named red it adds nothing and the tie
	// goes against the current player; named green it wins him the battle.
	p.waitText("#yk-battle", "Battle at Vitasta · forced")
	ykReveal(p)
	p.choose("#yk-white-color", "red")
	p.click("#yk-ask-battle")
	p.waitText("#yk-battle-verdict", "Winner: Reza")
	p.waitText("#yk-battle-verdict", "YATUK-TIE-3")
	p.choose("#yk-white-color", "green")
	p.click("#yk-ask-battle")
	p.waitText("#yk-battle-verdict", "Winner: Ali · Strength 6")
	ykRecordBattle(p)
	p.waitText("#yk-gems li[data-player='"+ali+"']", "Yellow")
	ykBurn(p, "Sara's turn")

	ykPlayCard(p, "vipas", "wizard", []string{"yellow"}, "1", "Reza's turn")
	ykPlayCard(p, "parushni", "wizard", []string{"yellow"}, "7", "Ali's turn")
	ykBurn(p, "Sara's turn")
	ykPlayCard(p, "vipas", "", nil, "", "Reza's turn")
	ykDeclare(p, "parushni", "Parushni")
	ykRecordBattle(p)
	p.waitText("#next", "Ali's turn")
	ykBurn(p, "Sara's turn")

	// Sara declares at Vipas; her face-down card is shown in the army
	// builder: a blue monster of power 10. Of her two wizards the table
	// picks the stronger, not the referee's default, to carry the gem.
	ykDeclare(p, "vipas", "Vipas")
	p.click("#yk-battle-army-" + sara)
	ykCard(p, "yk-b3", "monster", []string{"blue"}, "10")
	p.click("#yk-ask-chain")
	p.waitText("#yk-chain-total", "Strength 17")
	p.click("#yk-ask-battle")
	p.waitText("#yk-battle-verdict", "Winner: Sara · Strength 17")
	p.choose("#yk-carrier", "1")
	ykRecordBattle(p)

	// Five gems taken: Ali and Sara hold two each; Sara's carriers (2 + 6)
	// are weaker than Ali's (4 + 5), so she wins.
	p.waitText("#match h1", "Finished")
	wonAlone(c, id, sara)
	p.click("#tab-sheet")
	p.waitText("#yk-tie", "YATUK-END-3")
	p.waitText("#yk-end-rule", "YATUK-ADV-2")
	p.waitText("#yk-battles", "Battle 3 at Vitasta (forced): Ali takes the Yellow gem")
	p.waitText("#yk-battles", "Battle 5 at Vipas (declared): Sara takes the Green gem · Sara 17 · carried by Blue Wizard 6")
	if got := evalIn[string](p, `[...document.querySelectorAll('#yk-sheet td.carriers')].map(e => e.innerText).join(' ')`); got != "9 8 7" {
		t.Errorf("the carriers' power on the sheet: %q, want 9 8 7", got)
	}

	// Fixed from the sheet: the weaker wizard carried the green gem after all.
	p.click("#yk-fix-battle-5")
	p.typeIn("#edit-carrier", "2")
	p.click("#fx-check")
	p.click("#fx-save")
	waitFor(p, `!document.querySelector('#fx')`)
	p.click("#tab-sheet")
	p.waitText("#yk-battles", "carried by Yellow Wizard 1")
	waitFor(p, `[...document.querySelectorAll('#yk-sheet td.carriers')].map(e => e.innerText).join(' ') === '9 3 7'`)
	wonAlone(c, id, sara)

	// Ali's yellow gem on the sheet opens the battle that gave it (Vitasta),
	// not the latest one.
	tapCell(p, "gems", ali, "vitasta")
	fixOpened(p, "Vitasta · Ali")
	if land := evalIn[string](p, `document.querySelector('#edit-land').value`); land != "vitasta" {
		t.Errorf("the yellow gem opened the battle at %q, want the one at Vitasta", land)
	}
	p.click("#fx-cancel")
	waitFor(p, `!document.querySelector('#fx')`)
	p.axe("yatuk advanced")
	persianScreen(p, "yatuk-advanced", "#yk-battles", "نبرد")
	b.clean()
}
