//go:build browser

package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// offlineReady waits until the phone can play on with no network: its
// service worker keeps the app, and its referee holds the open match.
func offlineReady(p *tab) {
	p.b.t.Helper()
	waitFor(p, `navigator.serviceWorker && navigator.serviceWorker.controller && document.body.dataset.pocket === 'ready'`)
}

// offlineMatch starts a match on the phone, waits until its screen shows
// it (sel holds text) and the phone can play it on with no network, and
// returns it, its players' IDs in seat order and how many events the
// server held then.
func offlineMatch(p *tab, c *client, game string, names []string, options map[string]string, sel, text string) (id string, ids []string, before int) {
	p.b.t.Helper()
	id = newMatch(p, game, names, options)
	ids = playerIDs(c, id)
	p.waitText(sel, text)
	offlineReady(p)
	return id, ids, len(eventTypes(c, id))
}

// queued is the number of changes waiting on the phone.
func queued(p *tab) int {
	return evalIn[int](p, `JSON.parse(localStorage.getItem('motamed.queue') || '[]').length`)
}

// eventTypes lists the types of the match's events in force, in order.
func eventTypes(c *client, id string) []string {
	var out []string
	for _, e := range c.do("GET", "/v1/matches/"+id+"/events", nil, 200)["events"].([]any) {
		e := e.(map[string]any)
		if e["voided"] == false {
			d, _ := json.Marshal(e["data"])
			out = append(out, fmt.Sprintf("%s %s", e["type"], d))
		}
	}
	return out
}

// A Wizard round recorded with the network gone: every tap moves the
// screen on, the bid the dealer may not make is refused at once with its
// rule, the next round's bids are taken, and the rounds reach the server
// once, in order, when the network is back.
func TestAppOfflineWizardRound(t *testing.T) {
	b, c := appServer(t)
	p := b.tab("offline-wizard")
	signIn(p, c)
	id, ids, before := offlineMatch(p, c, "wizard", []string{"Ali", "Sara", "Reza"}, map[string]string{"rounds": "5", "bid_total_rule": "dealer_must_break"}, "#next", "Round 1")
	// The phone has played the module's sample Wizard match in the
	// background (so that an event's first kind is quick offline), leaving
	// this match as it was.
	waitFor(p, `(document.body.dataset.warmed || '').split(' ').includes('wizard')`)
	p.waitText("#next", "Round 1")

	p.offline(true)
	p.click("#trump-red")
	p.waitText("#wz-bids", "")
	p.click("#bid-1")
	p.waitText(".bid-value[data-player='"+ids[1]+"']", "1")
	p.click("#bid-0")
	p.waitText(".bid-value[data-player='"+ids[2]+"']", "0")
	// Sara 1 and Reza 0 leave Ali, the dealer, the one forbidden bid 0.
	p.click("#bid-0")
	p.waitText("#refusal", "WIZARD-AMB-7")
	p.shot("offline-wizard-refused")
	if n := queued(p); n != 3 {
		t.Fatalf("%d changes wait on the phone, want 3 (the refused bid is not queued)", n)
	}
	p.waitText("#toast", "WIZARD-AMB-7")
	p.click("#refusal button")
	// Closed, the refusal leaves no word of it on screen (its toast would
	// otherwise stay for 12 s, over the round that goes on).
	waitFor(p, `!document.querySelector('#refusal').getClientRects().length`)
	if toast := p.textOf("#toast"); strings.Contains(toast, "WIZARD-AMB-7") {
		t.Errorf("the closed refusal still shows: %q", toast)
	}
	p.click("#bid-1")
	p.waitText(".bid-value[data-player='"+ids[0]+"']", "1")
	for i, w := range []int{0, 1, 0} {
		p.click(fmt.Sprintf("#won-%s-%d", ids[i], w))
	}
	p.click("#record-tricks")
	p.waitText("#next", "Round 2")
	// Round 2 goes on: the bids of round 1 still waiting are not this round's.
	p.click("#trump-blue")
	p.click("#bid-1")
	p.waitText(".bid-value[data-player='"+ids[2]+"']", "1")
	p.shot("offline-wizard-round-2")
	if n := queued(p); n != 7 {
		t.Fatalf("%d changes wait on the phone, want 7", n)
	}

	if n := len(eventTypes(c, id)); n != before {
		t.Fatalf("the server has %d events while the phone is offline, want %d", n, before)
	}

	p.offline(false)
	waitFor(p, `JSON.parse(localStorage.getItem('motamed.queue') || '[]').length === 0`)
	got := eventTypes(c, id)
	if len(got) != before+7 {
		t.Fatalf("the server has %d events, want %d:\n%s", len(got), before+7, strings.Join(got, "\n"))
	}
	want := []string{"round_started", "bid", "bid", "bid", "tricks", "round_started", "bid"}
	for i, w := range want {
		if !strings.HasPrefix(got[before+i], w+" ") {
			t.Fatalf("event %d is %s, want %s:\n%s", before+i+1, got[before+i], w, strings.Join(got, "\n"))
		}
	}
	if m := c.do("GET", "/v1/matches/"+id, nil, 200); !strings.Contains(fmt.Sprint(m["next"]), "Round 2") {
		t.Fatalf("the server's next: %v", m["next"])
	}
	p.waitText("#next", "Round 2")
	b.clean()
}

// A Munchkin turn recorded with the network gone moves the screen on after
// every tap, and reaches the server once, in order, when it is back.
func TestAppOfflineMunchkinTurn(t *testing.T) {
	b, c := appServer(t)
	p := b.tab("offline-munchkin")
	signIn(p, c)
	id, ids, before := offlineMatch(p, c, "munchkin", []string{"Ali", "Sara", "Reza"}, map[string]string{"max_level": "4"}, "#mk-players", "Ali")

	p.offline(true)
	p.click("#lv-up-" + ids[0])
	p.waitText("#mk-players li[data-player='"+ids[0]+"'] .lv", "2")
	p.click("#lv-up-" + ids[0])
	p.waitText("#mk-players li[data-player='"+ids[0]+"'] .lv", "3")
	endTurn(p, "Sara")
	p.shot("offline-munchkin")
	if n := queued(p); n != 3 {
		t.Fatalf("%d changes wait on the phone, want 3", n)
	}
	p.offline(false)
	waitFor(p, `JSON.parse(localStorage.getItem('motamed.queue') || '[]').length === 0`)
	if got := eventTypes(c, id); len(got) != before+3 {
		t.Fatalf("the server has %d events, want %d:\n%s", len(got), before+3, strings.Join(got, "\n"))
	}
	p.waitText("#next", "Sara")
	b.clean()
}

// Undo and redo with the network gone: the phone's copy takes the level
// back and brings it back, a second redo is refused at once, and the
// server records the level, its undo and its redo once each.
func TestAppOfflineUndoRedo(t *testing.T) {
	b, c := appServer(t)
	p := b.tab("offline-redo")
	signIn(p, c)
	id, ids, before := offlineMatch(p, c, "munchkin", []string{"Ali", "Sara", "Reza"}, map[string]string{"max_level": "4"}, "#mk-players", "Ali")

	p.offline(true)
	lv := "#mk-players li[data-player='" + ids[0] + "'] .lv"
	p.click("#lv-up-" + ids[0])
	p.waitText(lv, "2")
	p.click("#undo")
	p.waitText(lv, "1")
	p.click("#redo")
	p.waitText(lv, "2")
	p.click("#redo")
	p.waitText("#refusal", "no undo to take back")
	p.shot("offline-redo")
	p.click("#refusal button")
	if n := queued(p); n != 3 {
		t.Fatalf("%d changes wait on the phone, want 3 (the refused redo is not queued)", n)
	}
	p.offline(false)
	waitFor(p, `JSON.parse(localStorage.getItem('motamed.queue') || '[]').length === 0`)
	got := eventTypes(c, id)
	if len(got) != before+3 {
		t.Fatalf("the server has %d records, want %d:\n%s", len(got), before+3, strings.Join(got, "\n"))
	}
	for i, w := range []string{"level_changed", "undo", "redo"} {
		if !strings.HasPrefix(got[before+i], w+" ") {
			t.Fatalf("record %d is %s, want %s:\n%s", before+i+1, got[before+i], w, strings.Join(got, "\n"))
		}
	}
	p.waitText(lv, "2")
	b.clean()
}
