//go:build browser

package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// ykPlay plays a card to a land: its kind, the colours toggled from the
// last card's, and its power.
func ykPlay(p *tab, land, kind, power string, toggle []string, next string) {
	p.b.t.Helper()
	p.choose("#yk-play-land", land)
	p.choose("#yk-play-kind", kind)
	for _, c := range toggle {
		p.click("#yk-play-color-" + c)
	}
	p.typeIn("#yk-play-power", power)
	p.click("#yk-play-card")
	p.waitText("#next", next)
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
	p.choose("#yk-declare-land", land)
	p.click("#yk-declare")
	p.waitText("#yk-battle", "Battle at "+name)
	p.click("#yk-reveal")
	p.click("#yk-record-battle")
	p.waitText("#next", "action(s) left")
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
	ykPlay(p, "vipas", "wizard", "5", nil, "Sara's turn: 2")
	p.choose("#yk-declare-land", "vipas")
	p.click("#yk-declare")
	refusedWithRule(p, "YATUK-")
	ykBurn(p, "Sara's turn: 1")
	ykBurn(p, "Ali's turn: 2")
	ykPlay(p, "vipas", "monster", "7", nil, "Ali's turn: 1")
	ykPlay(p, "vitasta", "wizard", "4", nil, "Sara's turn: 2")
	ykBurn(p, "Sara's turn: 1")
	ykBurn(p, "Ali's turn: 2")

	// Ali declares battle at Vipas; the army builder shows the referee's
	// chain for his column, the same as the API's, before it is recorded.
	p.choose("#yk-declare-land", "vipas")
	p.click("#yk-declare")
	p.waitText("#yk-battle", "Battle at Vipas")
	p.click("#yk-reveal")
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
	p.click("#yk-record-battle")
	p.waitText("#yk-gems li[data-player='"+ids[0]+"']", "Green")
	ykPlay(p, "parushni", "wizard", "3", nil, "Sara's turn: 2")
	ykBurn(p, "Sara's turn: 1")

	// The wizard went to Sutudri, not Parushni: fixed from the event log.
	fixLatest(p, "card_played", "land", "sutudri")
	p.waitText("#yk-lands [data-land='sutudri']", "Wizard 3")

	ykBurn(p, "Ali's turn: 2")
	ykBattle(p, "vitasta", "Vitasta")
	ykPlay(p, "gomati", "wizard", "2", nil, "Sara's turn: 2")
	ykBurn(p, "Sara's turn: 1")
	ykBurn(p, "Ali's turn: 2")
	p.choose("#yk-declare-land", "sutudri")
	p.click("#yk-declare")
	p.click("#yk-reveal")
	p.click("#yk-record-battle")
	p.waitText("#match h1", "Finished")
	m := c.do("GET", "/v1/matches/"+id, nil, 200)
	if r, _ := json.Marshal(m["result"]); !strings.Contains(string(r), `"winners":["`+ids[0]+`"]`) {
		t.Errorf("the API's result: %s", r)
	}
	p.click("#tab-sheet")
	p.waitText("#yk-sheet", "Ali")
	p.waitText("#yk-end-rule", "YATUK-")
	p.click("#tab-play")
	persianScreen(p, "yatuk", "#yk-lands", "سرزمین")
	b.clean()
}
