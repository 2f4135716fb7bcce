//go:build browser

package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// A fix made with the network gone: the phone's copy of the match checks
// it as the server does (the same refusal with its rule, the same totals
// before and after), the screen moves on at once, and the fix reaches the
// server once when the network is back; then the same in Persian.
func TestAppOfflineFixWizardCell(t *testing.T) {
	b, c := appServer(t)
	right, m := wizardToFix(c, 0, 1), wizardToFix(c, 1, 0)
	r, k := m.ids["Reza"], m.ids["Kian"]

	p := b.tab("offline-fix")
	signIn(p, c)
	p.open(c.base + "/#/m/" + m.id)
	p.waitText("#match h1", "In progress")
	offlineReady(p)

	p.offline(true)
	p.click("#tab-sheet")
	tapCell(p, "tricks", r, "1")
	fixOpened(p, "Round 1 · Reza · Tricks won: 1")
	p.typeIn("#edit-won-"+r, "0")
	p.click("#fx-check")
	p.waitText("#fx-error", "WIZARD-")
	p.typeIn("#edit-won-"+k, "1")
	p.click("#fx-check")
	p.waitText("#fx-preview", "Reza: -10 → 20")
	p.shot("offline-fix-preview")
	p.click("#fx-save")
	p.waitText("#toast", "Fixed")
	waitFor(p, `!document.querySelector('#fx')`)
	want := right.totals()
	p.waitText(fmt.Sprintf("#wz-sheet tfoot td[data-player='%s']", k), fmt.Sprint(want["Kian"]))
	if n := queued(p); n != 1 {
		t.Fatalf("%d changes wait on the phone, want the fix", n)
	}

	p.offline(false)
	waitFor(p, `JSON.parse(localStorage.getItem('motamed.queue') || '[]').length === 0`)
	if got := m.totals(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("totals on the server after the fix %v, want %v", got, want)
	}

	// A bid fixed the same way, in Persian, offline again.
	p.click("#lang-toggle")
	p.waitText("#match h1", "در جریان")
	offlineReady(p)
	p.offline(true)
	p.click("#tab-sheet")
	tapCell(p, "bid", k, "1")
	fixOpened(p, "Kian")
	p.waitText("#fx-title", "پیش‌بینی: ۱")
	p.click("#edit-bid-minus")
	p.click("#fx-check")
	p.waitText("#fx-preview", "Kian")
	p.shot("offline-fix-fa")
	p.click("#fx-save")
	p.waitText("#toast", "اصلاح شد")
	waitFor(p, `!document.querySelector('#fx')`)
	p.offline(false)
	waitFor(p, `JSON.parse(localStorage.getItem('motamed.queue') || '[]').length === 0`)
	bids := 0
	for _, e := range eventTypes(c, m.id) {
		if strings.HasPrefix(e, "bid ") && strings.Contains(e, `"bid":0`) && strings.Contains(e, k) {
			bids++
		}
	}
	if bids != 1 {
		t.Fatalf("Kian's fixed bid of 0 is on the server %d times, want once:\n%s", bids, strings.Join(eventTypes(c, m.id), "\n"))
	}
	b.clean()
}
