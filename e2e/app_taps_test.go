//go:build browser

package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// taps counts the taps a task costs on the phone, and checks on every
// screen it visits that nothing scrolls sideways.
type taps struct {
	p *tab
	n int
}

func (k *taps) tap(sel string) {
	k.p.b.t.Helper()
	k.p.click(sel)
	k.n++
	k.flat()
}

// flat fails the test when the page is wider than the phone.
func (k *taps) flat() {
	k.p.b.t.Helper()
	k.p.waitReady()
	if w := evalIn[[]int](k.p, `[document.scrollingElement.scrollWidth, innerWidth]`); w[0] > w[1] {
		k.p.shot("sideways")
		k.p.b.t.Errorf("%s: the screen scrolls sideways: %d px wide in a %d px phone", k.p.name, w[0], w[1])
	}
}

// inLang switches the app to lang (not counted: the phone keeps it).
func inLang(p *tab, lang string) {
	p.b.t.Helper()
	if lang == "fa" {
		p.click("#lang-toggle")
		waitFor(p, `document.documentElement.lang === 'fa'`)
	}
}

// apiWizardRounds records rounds first to last of a Wizard match through
// the API: everyone bids 0 and the first bidder takes every trick.
func apiWizardRounds(c *client, id string, ids []string, first, last int) {
	c.t.Helper()
	w := &wizardMatch{c: c, id: id, p: ids}
	for r := first; r <= last; r++ {
		w.event("round_started", map[string]any{"trump": "red"})
		won := map[string]any{}
		for k := 1; k <= len(ids); k++ {
			p := ids[(r-1+k)%len(ids)]
			w.event("bid", map[string]any{"player": p, "bid": 0})
			won[p] = 0
		}
		won[ids[r%len(ids)]] = r
		w.event("tricks", map[string]any{"won": won})
	}
}

// A Wizard round of four players costs at most 2 + 2×4 = 10 taps, in the
// last round (15 tricks) too: the trump deals, a bid is one tap, the tricks
// each player won one tap, then Record. Every bid button shows on the
// screen without scrolling.
func TestAppTapsWizardRound(t *testing.T) {
	b, c := appServer(t)
	p := b.tab("taps")
	signIn(p, c)
	for _, lang := range []string{"en", "fa"} {
		func() {
			inLang(p, lang)
			ids := c.players("Ali", "Sara", "Reza", "Kian")
			id := c.id("POST", "/v1/matches", map[string]any{"game": "wizard", "players": ids})
			for _, round := range []int{3, 15} {
				apiWizardRounds(c, id, ids, countRounds(c, id)+1, round-1)
				p.open(fmt.Sprintf("%s/?round=%d#/m/%s", c.base, round, id))
				waitFor(p, `!!document.querySelector('#wz-deal') && document.querySelector('#wz-deal').getClientRects().length > 0`)
				k := &taps{p: p}
				k.flat()
				if round == 15 {
					k.tap("#trump-none") // all 60 cards are dealt: no trump
				} else {
					k.tap("#trump-green")
				}
				p.waitText("#wz-bids", "")
				// bids from the dealer's left: the first bids all, the rest 0
				dealer := (round - 1) % 4
				won := map[string]int{}
				for j := 1; j <= 4; j++ {
					bid := 0
					if j == 1 {
						bid = round
					}
					won[ids[(dealer+j)%4]] = bid
					waitFor(p, fmt.Sprintf(`!!document.querySelector('#bid-%d')`, round))
					if off := evalIn[[]string](p, `[...document.querySelectorAll('#wz-bids .bid-entry button')].filter((b) => { const r = b.getBoundingClientRect(); return r.top < 0 || r.bottom > innerHeight; }).map((b) => b.innerText)`); len(off) > 0 {
						p.shot("wizard-bids-off-" + lang)
						t.Errorf("round %d: bid buttons %v are off the screen", round, off)
					}
					if round == 15 && j == 1 {
						p.shot(fmt.Sprintf("taps-wizard-bids-15-%s", lang))
					}
					before := evalIn[int](p, `[...document.querySelectorAll('.bid-value')].filter(e => e.innerText.trim() !== '').length`)
					k.tap(fmt.Sprintf("#bid-%d", bid))
					waitFor(p, fmt.Sprintf(`[...document.querySelectorAll('.bid-value')].filter(e => e.innerText.trim() !== '').length > %d`, before))
				}
				p.waitText("#wz-tricks", "")
				for _, pid := range ids {
					k.tap(fmt.Sprintf("#won-%s-%d", pid, won[pid]))
				}
				if round == 15 {
					p.shot("taps-wizard-tricks-15-" + lang)
				}
				k.tap("#record-tricks")
				waitFor(p, fmt.Sprintf(`document.querySelectorAll('#wz-sheet tbody tr').length === %d`, round))
				if round < 15 {
					waitFor(p, `!!document.querySelector('#wz-deal') && document.querySelector('#wz-deal').getClientRects().length > 0`)
				} else {
					p.waitText("#result-winners", "")
				}
				if k.n > 10 {
					t.Errorf("round %d cost %d taps, want at most 10", round, k.n)
				}
				t.Logf("Wizard round %d of four players (%s): %d taps", round, lang, k.n)
			}
		}()
	}
	b.clean()
}

// countRounds is the rounds a Wizard match has scored, from the API.
func countRounds(c *client, id string) int {
	m := c.do("GET", "/v1/matches/"+id, nil, 200)
	return int(m["state"].(map[string]any)["rounds_scored"].(float64))
}

// A finished match names its winner and places, and plays again with the
// same seats and options in two taps: Play again, then Start.
func TestAppTapsRematch(t *testing.T) {
	b, c := appServer(t)
	p := b.tab("taps")
	signIn(p, c)
	for _, lang := range []string{"en", "fa"} {
		func() {
			inLang(p, lang)
			ids := c.players("Ali", "Sara", "Reza")
			id := c.id("POST", "/v1/matches", map[string]any{"game": "wizard", "players": ids, "table": "Table 2",
				"options": map[string]any{"rounds": 2, "bid_total_rule": "dealer_must_break"}})
			w := &wizardMatch{c: c, id: id, p: ids}
			// Round 1 (Ali deals): everyone bids 0, Reza takes the trick:
			// Ali 20, Sara 20, Reza −10.
			w.event("round_started", map[string]any{"trump": "red"})
			w.event("bid", map[string]any{"player": ids[1], "bid": 0})
			w.event("bid", map[string]any{"player": ids[2], "bid": 0})
			w.event("bid", map[string]any{"player": ids[0], "bid": 0})
			w.event("tricks", map[string]any{"won": map[string]any{ids[0]: 0, ids[1]: 0, ids[2]: 1}})
			// Round 2 (Sara deals): Reza 0, Ali 0, Sara 1; Sara and Ali take
			// one each: Ali 10, Sara 50, Reza 10 (Ali and Reza share place 2).
			w.event("round_started", map[string]any{"trump": "blue"})
			w.event("bid", map[string]any{"player": ids[2], "bid": 0})
			w.event("bid", map[string]any{"player": ids[0], "bid": 0})
			w.event("bid", map[string]any{"player": ids[1], "bid": 1})
			w.event("tricks", map[string]any{"won": map[string]any{ids[0]: 1, ids[1]: 1, ids[2]: 0}})

			p.open(c.base + "/#/m/" + id)
			p.waitText("#result-winners", "Sara")
			places := evalIn[[]string](p, `[...document.querySelectorAll('#totals li')].map((li) => li.innerText.replace(/\s+/g, ' ').trim())`)
			two := map[string]string{"en": "2", "fa": "۲"}[lang]
			if len(places) != 3 || !strings.Contains(places[0], "Sara") || !strings.Contains(places[1], two) || !strings.Contains(places[2], two) {
				t.Errorf("the finished screen lists %q, want Sara first, Ali and Reza sharing place 2", places)
			}
			p.shot("taps-finished-" + lang)
			p.axe("finished " + lang)
			k := &taps{p: p}
			k.flat()
			k.tap("#play-again")
			p.waitText("#seats", "Reza")
			p.shot("taps-rematch-form-" + lang)
			k.tap("#start-match")
			waitFor(p, `location.hash.startsWith('#/m/') && location.hash.slice(4) !== `+jsString(id))
			again := evalIn[string](p, `location.hash.slice(4)`)
			p.waitText("#wz-deal", "")
			k.flat()
			if k.n != 2 {
				t.Errorf("the rematch cost %d taps, want 2", k.n)
			}
			m := c.do("GET", "/v1/matches/"+again, nil, 200)
			if got := strings.Join(playerIDs(c, again), " "); got != strings.Join(ids, " ") {
				t.Errorf("the rematch seats %s, want %s", got, strings.Join(ids, " "))
			}
			o := m["options"].(map[string]any)
			if o["rounds"] != float64(2) || o["bid_total_rule"] != "dealer_must_break" || m["table"] != "Table 2" {
				t.Errorf("the rematch's options %v, table %v", o, m["table"])
			}
		}()
	}
	b.clean()
}

// The players of recent matches are offered first on the new-match
// screen, one tap each; "Use this one" seats the known player.
func TestAppTapsRecentPlayers(t *testing.T) {
	b, c := appServer(t)
	p := b.tab("taps-recent")
	signIn(p, c)
	var ids []string
	for _, n := range []string{"Ali", "Sara", "Reza"} {
		ids = append(ids, c.id("POST", "/v1/players", map[string]any{"name": n}))
	}
	c.id("POST", "/v1/matches", map[string]any{"game": "wizard", "players": ids})
	p.click("#new-match")
	p.waitText("#recent-players", "Reza")
	p.shot("taps-recent")
	k := &taps{p: p}
	for i := 0; i < 2; i++ {
		k.tap("#recent-players button")
	}
	p.waitText("#seats", "Sara")
	if k.n != 2 || evalIn[int](p, `document.querySelectorAll('#seats li').length`) != 2 {
		t.Errorf("two taps seated %d players", evalIn[int](p, `document.querySelectorAll('#seats li').length`))
	}
	// Typing a known name asks; "Use this one" seats Reza.
	p.typeIn("#nm-new", "reza")
	p.click("#add-player")
	p.waitText("#new .same", "Is this the player you mean?")
	p.click("#new .same button.choice")
	p.waitText("#seats", "Reza")
	if got := evalIn[string](p, `document.querySelector('#nm-new').value`); got != "" {
		t.Errorf("the new name field still holds %q", got)
	}
	p.axe("new match with recent players")
	b.clean()
}

// A number field selects what it holds when tapped: typing 3 into
// "Starting dice" (4) gives 3, not 43.
func TestAppNumberFieldsSelectOnTap(t *testing.T) {
	b, c := appServer(t)
	p := b.tab("number-fields")
	signIn(p, c)
	p.click("#new-match")
	p.choose("#nm-game", "wazabi")
	p.waitText("#nm-options", "")
	waitFor(p, `!!document.querySelector('#opt-starting_dice')`)
	p.click("#opt-starting_dice")
	p.do("type 3", chromedp.SendKeys(chromedp.CSS("#opt-starting_dice"), "3"))
	if got := evalIn[string](p, `document.querySelector('#opt-starting_dice').value`); got != "3" {
		t.Errorf("typing 3 into the starting dice gives %q", got)
	}
	b.clean()
}

// Munchkin, in both languages: a level up is one tap and a level down two
// (−, then why); gear declared once from taps alone counts in a combat
// built and recorded with no typing.
func TestAppTapsMunchkin(t *testing.T) {
	b, c := appServer(t)
	p := b.tab("taps-munchkin")
	signIn(p, c)
	for _, lang := range []string{"en", "fa"} {
		func() {
			inLang(p, lang)
			ids := c.players("Ali", "Sara", "Reza")
			id := c.id("POST", "/v1/matches", map[string]any{"game": "munchkin", "players": ids})
			p.open(fmt.Sprintf("%s/?lang=%s#/m/%s", c.base, lang, id))
			p.waitText("#mk-players", "Sara")
			lv := func(i int) string { return "#mk-players li[data-player='" + ids[i] + "'] .lv" }
			k := &taps{p: p}
			k.flat()
			k.tap("#lv-up-" + ids[1])
			p.waitText(lv(1), map[string]string{"en": "2", "fa": "۲"}[lang])
			if k.n != 1 {
				t.Errorf("a level up cost %d taps", k.n)
			}
			k.n = 0
			k.tap("#lv-down-" + ids[1])
			p.shot("taps-munchkin-down-" + lang)
			k.tap("#lv-why-curse")
			p.waitText(lv(1), map[string]string{"en": "1", "fa": "۱"}[lang])
			if k.n != 2 {
				t.Errorf("a level down cost %d taps", k.n)
			}
			// Ali declares a +3 Item and becomes an Elf Warrior: taps only.
			p.click("#gear-" + ids[0])
			p.click("#add-item")
			p.click("#item-bonus-plus-0")
			p.click("#item-bonus-plus-0")
			p.choose("#gear-class-"+ids[0], "warrior")
			p.click("#save-gear")
			waitFor(p, `!document.querySelector('#gear-form-`+ids[0]+`')`)
			p.waitText("#mk-players li[data-player='"+ids[0]+"'] .str", map[string]string{"en": "Strength 4", "fa": "۴"}[lang])
			// A level 4 monster against Ali's 1 + 3: a tie a Warrior wins.
			for range 3 {
				p.click("#mon-level-plus-0")
			}
			p.click("#ask-combat")
			p.waitText("#combat-verdict", map[string]string{"en": "The players win", "fa": "بازیکن‌ها می‌بَرند"}[lang])
			p.shot("taps-munchkin-combat-" + lang)
			p.click("#record-combat")
			p.waitText(lv(0), map[string]string{"en": "2", "fa": "۲"}[lang])
			k.flat()
			p.axe("munchkin counters " + lang)
			evs := c.do("GET", "/v1/matches/"+id+"/events", nil, 200)["events"].([]any)
			var combat map[string]any
			for _, e := range evs {
				if e := e.(map[string]any); e["type"] == "combat" {
					combat = e["data"].(map[string]any)
				}
			}
			if combat == nil || combat["bonus"] != float64(3) {
				t.Errorf("the combat recorded %v, want Ali's gear bonus 3", combat)
			}
			if h := evalIn[int](p, `document.documentElement.scrollHeight`); h > 3*844 {
				t.Errorf("the Munchkin screen is %d px tall, more than 3 screens", h)
			} else {
				t.Logf("the Munchkin screen (%s) is %d px tall", lang, h)
			}
		}()
	}
	b.clean()
}

// tapCapacities picks Yatuk's land capacities, given as JSON, by tapping
// each land's number.
func tapCapacities(p *tab, capacities string) {
	p.b.t.Helper()
	var caps map[string]int
	if err := json.Unmarshal([]byte(capacities), &caps); err != nil {
		p.b.t.Fatalf("capacities %s: %v", capacities, err)
	}
	for _, land := range []string{"vipas", "vitasta", "parushni", "sutudri", "gomati"} {
		if v, ok := caps[land]; ok {
			p.click(fmt.Sprintf("#cap-%s-%d", land, v))
		}
	}
}

// A Yatuk match is set up with taps alone, in both languages: Gomati's
// printed 6 is chosen already, one tap for each other land, then Start.
func TestAppTapsYatukSetup(t *testing.T) {
	b, c := appServer(t)
	p := b.tab("taps-yatuk")
	signIn(p, c)
	ids := c.players("Ali", "Sara")
	c.id("POST", "/v1/matches", map[string]any{"game": "wizard", "players": append(ids, c.id("POST", "/v1/players", map[string]any{"name": "Reza"}))})
	for _, lang := range []string{"en", "fa"} {
		func() {
			inLang(p, lang)
			p.open(fmt.Sprintf("%s/?lang=%s#/", c.base, lang))
			k := &taps{p: p}
			k.tap("#new-match")
			p.choose("#nm-game", "yatuk") // one tap on the phone; a league's token starts on its game
			k.n++
			waitFor(p, `!!document.querySelector('#cap-gomati-6')`)
			if evalIn[string](p, `document.querySelector('#cap-gomati-6').getAttribute('aria-pressed')`) != "true" {
				t.Errorf("Gomati's printed capacity 6 is not chosen")
			}
			p.waitText("#recent-players", "Sara")
			k.tap("#recent-players button")
			k.tap("#recent-players button")
			for _, l := range []string{"vipas", "vitasta", "parushni", "sutudri"} {
				k.tap("#cap-" + l + "-4")
			}
			p.shot("taps-yatuk-setup-" + lang)
			p.axe("yatuk setup " + lang)
			k.tap("#start-match")
			waitFor(p, `location.hash.startsWith('#/m/')`)
			id := evalIn[string](p, `location.hash.slice(4)`)
			m := c.do("GET", "/v1/matches/"+id, nil, 200)
			caps := m["options"].(map[string]any)["capacities"].(map[string]any)
			if caps["vipas"] != float64(4) || caps["gomati"] != float64(6) {
				t.Errorf("capacities %v", caps)
			}
			k.flat()
			if k.n > 9 {
				t.Errorf("setting up a Yatuk match of two cost %d taps, want at most 9", k.n)
			}
			t.Logf("a Yatuk match set up in %d taps (%s), no typing", k.n, lang)
		}()
	}
	b.clean()
}

// Silver, in both languages: after Ali's recorded turn, Reza (two seats on)
// calls a census in two taps (the village's size, then "Reza calls a
// census"): Sara's turn is implied, not entered.
func TestAppTapsSilverCensus(t *testing.T) {
	b, c := appServer(t)
	p := b.tab("taps-silver")
	signIn(p, c)
	for _, lang := range []string{"en", "fa"} {
		func() {
			inLang(p, lang)
			ids := c.players("Ali", "Sara", "Reza")
			id := c.id("POST", "/v1/matches", map[string]any{"game": "silver", "players": ids})
			c.do("POST", "/v1/matches/"+id+"/events", map[string]any{"type": "turn_taken", "data": map[string]any{"player": ids[0], "action": "draw"}}, 201)
			p.open(fmt.Sprintf("%s/?lang=%s#/m/%s", c.base, lang, id))
			p.waitText("#sv-turn-player", "Sara")
			k := &taps{p: p}
			k.flat()
			k.tap("#sv-size-3")
			k.tap("#sv-census-by-" + ids[2])
			p.waitText("#sv-census", "Reza")
			p.shot("taps-silver-census-" + lang)
			if k.n != 2 {
				t.Errorf("the census cost %d taps", k.n)
			}
			m := c.do("GET", "/v1/matches/"+id, nil, 200)
			census := m["state"].(map[string]any)["census"].(map[string]any)
			if census["caller"] != ids[2] || fmt.Sprint(census["owed_turns"]) != fmt.Sprint([]any{ids[0], ids[1]}) {
				t.Errorf("the census %v", census)
			}
			p.axe("silver census " + lang)
		}()
	}
	b.clean()
}
