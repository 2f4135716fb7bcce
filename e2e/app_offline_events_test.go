//go:build browser

package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// waitingLines is the number of lines of the Events list marked as waiting
// to be sent.
func waitingLines(p *tab) int {
	return evalIn[int](p, `document.querySelectorAll('#events li.waiting').length`)
}

// editorOpened waits for the editor a line of the Events list opened, with
// its title and the focus in it, inside the viewport (the focus is given on
// the page's next turn: the list asks nothing of the network first).
func editorOpened(p *tab, title string) {
	p.b.t.Helper()
	p.waitText("#fx-title", title)
	waitFor(p, `document.querySelector('#fx').contains(document.activeElement)`)
	fixOpened(p, title) // in the viewport
}

// The Events list with the network gone: it tells the events in force as
// the phone's copy of the match has them, with what waits to be sent
// marked so; its Fix and Void check through the copy (a fix that breaks the
// round is refused at once with its rule), and once the network is back it
// is the server's list again, the server holding each change once. Then the
// same in Persian.
func TestAppOfflineEventsList(t *testing.T) {
	b, c := appServer(t)
	m := wizardToFix(c, 1, 0)
	r, s, k := m.ids["Reza"], m.ids["Sara"], m.ids["Kian"]

	p := b.tab("offline-events")
	signIn(p, c)
	p.open(c.base + "/#/m/" + m.id)
	p.waitText("#match h1", "In progress")
	offlineReady(p)

	p.offline(true)
	// Sara, the dealer of round 2, bids with the network gone.
	p.click("#bid-1")
	p.waitText(".bid-value[data-player='"+s+"']", "1")
	p.click("#tab-events")
	p.waitText("#events li.waiting", "Sara bid 1")
	p.waitText("#events li.waiting", "waiting to be sent")
	if text := p.textOf("#events"); !strings.Contains(text, "Tricks won:") || !strings.Contains(text, "Reza 1") || !strings.Contains(text, "Round 2") {
		t.Fatalf("the Events list offline does not tell the server's events: %s", text)
	}

	// Fix round 1's tricks from the list: Reza's alone breaks the round.
	p.click("#events li[data-seq='5'] .fix-event")
	editorOpened(p, "Tricks won")
	p.typeIn("#edit-won-"+r, "0")
	p.click("#fx-check")
	p.waitText("#fx-error", "WIZARD-")
	p.typeIn("#edit-won-"+k, "1")
	p.click("#fx-check")
	p.waitText("#fx-preview", "Reza: -10 → 20")
	p.click("#fx-save")
	p.waitText("#toast", "Fixed")
	waitFor(p, `!document.querySelector('#fx')`)
	p.waitText("#events li[data-seq='10']", "Fixed on this phone · waiting to be sent")
	p.waitText("#events li[data-seq='10']", "Reza 0")

	// Void Sara's bid, which only this phone has: struck, and waiting.
	p.click("#events li[data-seq='9'] .void-event")
	p.waitText("#fx-preview", "Sara")
	p.click("#fx-save")
	p.waitText("#toast", "Voided: Sara bid 1")
	waitFor(p, `!document.querySelector('#fx')`)
	p.waitText("#events li.struck[data-seq='9']", "Voided on this phone · waiting to be sent")
	p.axe("events offline")
	p.words("events offline")
	p.shotOf("#events", "offline-events")
	if n := queued(p); n != 3 {
		t.Fatalf("%d changes wait on the phone, want 3 (a bid, a fix, a void)", n)
	}

	p.offline(false)
	waitFor(p, `JSON.parse(localStorage.getItem('motamed.queue') || '[]').length === 0`)
	waitFor(p, `!document.querySelector('#events li.waiting') && document.querySelector('#events').innerText.includes('Corrected at')`)
	got := eventTypes(c, m.id)
	count := map[string]int{}
	tricks := ""
	for _, e := range got {
		typ, data, _ := strings.Cut(e, " ")
		if typ == "void" { // the log's own record of the void
			continue
		}
		count[typ]++
		if typ == "tricks" {
			tricks = data
		}
	}
	if fmt.Sprint(count) != "map[bid:5 round_started:2 tricks:1]" {
		t.Fatalf("the server has in force %v, want 2 rounds, 5 bids and the tricks:\n%s", count, strings.Join(got, "\n"))
	}
	if !strings.Contains(tricks, fmt.Sprintf(`"%s":1`, k)) || !strings.Contains(tricks, fmt.Sprintf(`"%s":0`, r)) {
		t.Fatalf("the fixed tricks on the server: %s", tricks)
	}

	// In Persian, offline again: a bid recorded, then fixed from the list.
	p.click("#lang-toggle")
	p.waitText("#match h1", "در جریان")
	offlineReady(p)
	p.offline(true)
	p.click("#tab-play")
	p.click("#bid-0")
	p.waitText(".bid-value[data-player='"+s+"']", "۰")
	p.click("#tab-events")
	p.waitText("#events li.waiting", "Sara ۰ پیش‌بینی کرد")
	p.waitText("#events li.waiting", "منتظرِ فرستادن")
	p.click("#events li.waiting .fix-event")
	editorOpened(p, "Sara")
	p.click("#edit-bid-plus")
	p.click("#fx-check")
	p.waitText("#fx-preview", "Sara")
	p.click("#fx-save")
	p.waitText("#toast", "اصلاح شد")
	waitFor(p, `!document.querySelector('#fx')`)
	p.waitText("#events li.waiting", "روی همین گوشی اصلاح شد")
	p.waitText("#events li.waiting", "Sara ۱ پیش‌بینی کرد")
	p.persianWords("events offline", []string{"Reza", "Sara", "Kian"})
	p.axe("events offline fa")
	p.shotOf("#events", "offline-events-fa")
	if n := waitingLines(p); n != 1 {
		t.Fatalf("%d lines wait to be sent, want the fixed bid", n)
	}

	p.offline(false)
	waitFor(p, `JSON.parse(localStorage.getItem('motamed.queue') || '[]').length === 0`)
	waitFor(p, `!document.querySelector('#events li.waiting')`)
	var saras []string
	for _, e := range eventTypes(c, m.id) {
		if strings.HasPrefix(e, "bid ") && strings.Contains(e, s) {
			saras = append(saras, e)
		}
	}
	// round 1's bid of 0, and round 2's, fixed to 1, once
	if len(saras) != 2 || !strings.Contains(saras[0]+saras[1], `"bid":1`) {
		t.Fatalf("Sara's bids in force on the server:\n%s", strings.Join(saras, "\n"))
	}
	b.clean()
}
