//go:build browser

package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// fightMore opens the rest of the fight (who fights, helpers, bonuses,
// named monsters) when it is closed.
func fightMore(p *tab) {
	p.b.t.Helper()
	if !evalIn[bool](p, `document.querySelector('#mk-fight-more').open`) {
		p.click("#mk-fight-more-open")
	}
}

// fight builds a combat on the screen, asks the referee, waits for the
// verdict and records it.
func fight(p *tab, helper, monster, level, verdict string) {
	p.b.t.Helper()
	fightMore(p)
	if helper != "" {
		p.choose("#fight-helper", helper)
		p.typeIn("#fight-helper-bonus", "2")
	}
	p.typeIn("#mon-name-0", monster)
	p.typeIn("#mon-level-0", level)
	p.click("#ask-combat")
	p.waitText("#combat-verdict", verdict)
	p.click("#record-combat")
	waitFor(p, `!document.querySelector('#combat-verdict')`)
}

// endTurn ends the turn with five cards in hand.
func endTurn(p *tab, next string) {
	p.b.t.Helper()
	p.typeIn("#hand-size", "5")
	p.click("#end-turn")
	p.waitText("#next", next)
}

// A Munchkin game recorded through the app: a won combat with a helper, a
// failed run-away, a sale and the win by a kill. On the way the network
// goes off for three events, which wait on the device and are recorded
// once each, in order, when it comes back; a second phone on the same match
// sees an event live; the Persian screen is right to left with
// Persian digits.
func TestAppMunchkinGame(t *testing.T) {
	b, c := appServer(t)
	p := b.tab("munchkin")
	signIn(p, c)
	id := newMatch(p, "munchkin", []string{"Ali", "Sara", "Reza"}, map[string]string{"max_level": "4"})
	ids := playerIDs(c, id)
	p.waitText("#mk-players", "Ali")
	p.axe("munchkin")

	// Ali fights a Goblin with Sara's help and wins: level 2.
	fight(p, ids[1], "Goblin", "1", "The players win")
	p.waitText("#mk-players li[data-player='"+ids[0]+"'] .lv", "2")
	p.shot("munchkin")
	endTurn(p, "Sara")

	// Sara flees a Troll and fails: the referee leaves one roll due.
	fight(p, "", "Troll", "20", "The monsters win")
	p.waitText("#mk-run", "Troll")
	p.click("#roll-2")
	p.waitText("#main", "MUNCHKIN-BADSTUFF-1")
	endTurn(p, "Reza")

	// The network goes off: three level changes wait on the device.
	p.offline(true)
	p.click("#lv-up-" + ids[1])
	p.click("#lv-up-" + ids[2])
	p.click("#lv-down-" + ids[2])
	p.click("#lv-why-curse")
	p.waitText("#queue", "Offline")
	if n := evalIn[int](p, `document.querySelectorAll('#queue li').length`); n != 3 {
		t.Fatalf("%d events wait on the device, want 3", n)
	}
	p.shot("munchkin-offline")
	p.offline(false)
	waitFor(p, `JSON.parse(localStorage.getItem('motamed.queue') || '[]').length === 0`)
	evs := c.do("GET", "/v1/matches/"+id+"/events", nil, 200)["events"].([]any)
	var got []string
	for _, e := range evs {
		e := e.(map[string]any)
		if e["type"] == "level_changed" {
			d := e["data"].(map[string]any)
			got = append(got, d["player"].(string)+" "+d["reason"].(string))
		}
	}
	if want := []string{ids[1] + " card", ids[2] + " card", ids[2] + " curse"}; strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("recorded level changes %v, want %v", got, want)
	}

	evCount := len(evs)
	// A second phone on the same match sees the end of Reza's turn.
	q := b.tab("second phone")
	q.open(c.base + "/#/m/" + id)
	q.waitText("#next", "Reza")
	waitFor(q, streamOpen)
	p.typeIn("#hand-size", "5")
	p.click("#end-turn")
	q.waitTextWithin("#remote", "Another device", liveWithin)
	q.shot("second-phone")
	// The stale phone records anyway: If-Match refuses it, nothing is
	// overwritten, and the refresh is offered again.
	q.click("#lv-up-" + ids[2])
	q.waitText("#refusal", "")
	q.waitText("#remote", "")
	if n := len(c.do("GET", "/v1/matches/"+id+"/events", nil, 200)["events"].([]any)); n != evCount+1 {
		t.Fatalf("%d events after the stale phone's attempt, want %d", n, evCount+1)
	}
	q.click("#refresh")
	q.waitText("#next", "Ali")

	// Ali sells 1000 gold (level 3) and kills a Gnome: level 4 wins.
	p.waitText("#next", "Ali")
	p.click("#mk-sell-open")
	p.typeIn("#sell-gold", "400 600")
	p.click("#ask-sale")
	p.waitText("#sale-verdict", "level 2 to 3")
	p.click("#record-sale")
	p.waitText("#mk-players li[data-player='"+ids[0]+"'] .lv", "3")
	fight(p, "", "Gnome", "1", "The players win")
	p.waitText("#mk-winner", "Ali")
	m := c.do("GET", "/v1/matches/"+id, nil, 200)
	if m["status"] != "finished" || !strings.Contains(fmt.Sprint(m["result"]), ids[0]) {
		t.Fatalf("the API's match: %v %v", m["status"], m["result"])
	}
	p.click("#tab-sheet")
	p.waitText("#mk-sheet", "Ali")
	p.axe("munchkin sheet")
	// Every event in force is listed, the latest first, each with a fix.
	p.click("#tab-events")
	p.waitText("#events", "fought")
	p.waitText("#events", "Gnome")
	p.axe("munchkin events")
	seqOf := func(match func(typ string, d map[string]any) bool) string {
		for _, e := range c.do("GET", "/v1/matches/"+id+"/events", nil, 200)["events"].([]any) {
			e := e.(map[string]any)
			if d, ok := e["data"].(map[string]any); ok && e["voided"] == false && match(e["type"].(string), d) {
				return fmt.Sprint(e["seq"])
			}
		}
		t.Fatal("no such event")
		return ""
	}
	// Voiding Sara's lost fight would leave her run-away roll without a
	// fight: refused, naming the rule, nothing changed.
	troll := seqOf(func(typ string, d map[string]any) bool {
		return typ == "combat" && strings.Contains(fmt.Sprint(d["monsters"]), "Troll")
	})
	p.click("#events li[data-seq='" + troll + "'] .void-event")
	p.waitText("#fx-breaks", "MUNCHKIN-")
	p.shot("munchkin-correction-refused")
	p.click("#fx-cancel")
	// Sara's level change fixed from +1 to +2.
	saraUp := seqOf(func(typ string, d map[string]any) bool { return typ == "level_changed" && d["player"] == ids[1] })
	p.click("#events li[data-seq='" + saraUp + "'] .fix-event")
	p.typeIn("#edit-delta", "2")
	p.click("#fx-check")
	p.click("#fx-save")
	p.waitText("#events", "· +2")
	if lv := playerLevel(c, id, ids[1]); lv != 3 {
		t.Fatalf("Sara's level after the fix is %d, want 3", lv)
	}

	// Persian at phone size: right to left, Persian digits, names as entered.
	p.click("#tab-play")
	p.click("#lang-toggle")
	p.waitText("#mk-players", "سطح")
	if dir := evalIn[string](p, `document.documentElement.dir`); dir != "rtl" {
		t.Errorf("Persian page dir %q", dir)
	}
	lv := p.textOf("#mk-players li[data-player='" + ids[0] + "'] .lv")
	if lv != "۴" {
		t.Errorf("Ali's level in Persian is %q, want ۴", lv)
	}
	if ascii := evalIn[string](p, asciiDigits); ascii != "" {
		t.Errorf("ASCII digits on the Persian screen: %s", ascii)
	}
	if w := evalIn[int](p, `document.documentElement.scrollWidth`); w > 390 {
		t.Errorf("the Persian screen scrolls sideways: %d px wide", w)
	}
	p.axe("munchkin in Persian")
	p.shot("munchkin-fa")
	b.clean()
}

// asciiDigits lists the ASCII digits in the visible text of the page, but
// for rule IDs and names (shown as entered).
const asciiDigits = `(function () {
  const out = [];
  const w = document.createTreeWalker(document.querySelector('#main'), NodeFilter.SHOW_TEXT);
  for (let n = w.nextNode(); n; n = w.nextNode()) {
    const el = n.parentElement;
    if (!el || !el.getClientRects().length || el.closest('.rule-id, bdi')) continue;
    const m = n.textContent.match(/[0-9]+/g);
    if (m) out.push(el.tagName + ':' + m.join(','));
  }
  return out.join(' ');
})()`

// playerLevel is a Munchkin player's level as the API has it.
func playerLevel(c *client, match, player string) int {
	m := c.do("GET", "/v1/matches/"+match, nil, 200)
	for _, p := range m["state"].(map[string]any)["players"].([]any) {
		p := p.(map[string]any)
		if p["id"] == player {
			return int(p["level"].(float64))
		}
	}
	return 0
}
