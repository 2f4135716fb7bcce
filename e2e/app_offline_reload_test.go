//go:build browser

package e2e

import (
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
)

// reachable is the server as the phone reaches it: a proxy whose network
// can be cut. Chromium's network emulation cuts a page's requests but not
// its service worker's; a cut here fails both, as a phone that lost its
// Wi-Fi does: every request is closed unanswered (the page's emulation
// fails the page's own, among them its live stream).
type reachable struct {
	srv *httptest.Server
	cut atomic.Bool
}

func reachThrough(t *testing.T, base string) *reachable {
	t.Helper()
	target, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(target)
	proxy.FlushInterval = -1 // the live stream as it comes
	proxy.ErrorHandler = func(w http.ResponseWriter, r *http.Request, err error) {
		w.WriteHeader(http.StatusBadGateway)
	}
	r := &reachable{}
	r.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if r.cut.Load() {
			if hj, ok := w.(http.Hijacker); ok {
				if conn, _, err := hj.Hijack(); err == nil {
					conn.Close()
				}
			}
			return
		}
		proxy.ServeHTTP(w, req)
	}))
	t.Cleanup(func() { r.srv.CloseClientConnections(); r.srv.Close() })
	return r
}

// network cuts the phone's network (off) or gives it back, for the page
// and its service worker alike.
func (r *reachable) network(p *tab, on bool) {
	p.b.t.Helper()
	if on {
		r.cut.Store(false)
		p.offline(false)
		return
	}
	p.offline(true)
	r.cut.Store(true)
}

// A phone loses the network in the middle of a Wizard round, records on,
// and reloads: the app opens with no network at the match, with its queue
// and the screen the queued events lead to; the game goes on, a redo and a
// fix say why they wait for the network, and when it is back the events
// reach the server once each, in order.
func TestAppReloadsOffline(t *testing.T) {
	b, c := appServer(t)
	net := reachThrough(t, c.base)
	phone := &client{t: t, base: net.srv.URL, token: c.token}
	p := b.tab("offline-reload")
	signIn(p, phone)
	id := newMatch(p, "wizard", []string{"Ali", "Sara", "Reza"}, map[string]string{"rounds": "5"})
	ids := playerIDs(c, id)
	p.waitText("#next", "Round 1")
	playRoundByTotals(p, ids, "red", []int{1, 0, 1}, []int{0, 1, 0})
	p.waitText("#next", "Round 2")
	offlineReady(p)
	waitFor(p, `document.body.dataset.shell === 'kept'`)
	before := len(eventTypes(c, id))

	net.network(p, false)
	p.click("#trump-green")
	p.click("#bid-1")
	waitFor(p, `JSON.parse(localStorage.getItem('motamed.queue') || '[]').length === 2`)
	next := p.textOf("#next")
	if !strings.Contains(next, "bids") {
		t.Fatalf("after a bid offline the next step is %q", next)
	}

	// a new page (the same address would only move within this one)
	p.open(net.srv.URL + "/?reload#/m/" + id)
	p.waitText("#match h1", "In progress")
	waitFor(p, `document.body.dataset.pocket === 'ready'`)
	p.waitText("#next", next)
	if n := queued(p); n != 2 {
		t.Fatalf("%d changes wait on the phone after the reload, want 2", n)
	}
	p.shot("offline-reload")
	// Undo names the bid it would take back, not the event before it.
	p.waitText("#undo .undo-what", "bid 1")

	// Redo and a fix are checked by the phone too: nothing was undone to
	// bring back, and a tapped cell opens the editor.
	p.click("#redo")
	p.waitText("#refusal", "no undo to take back")
	p.click("#refusal button")
	p.click("#tab-sheet")
	tapCell(p, "tricks", ids[1], "1")
	waitFor(p, `!!document.querySelector('#fx')`)
	p.shot("offline-reload-fix")
	p.click("#fx-cancel")
	waitFor(p, `!document.querySelector('#fx')`)
	p.click("#tab-play")

	// The game goes on from the reloaded screen.
	p.click("#bid-0")
	waitFor(p, `JSON.parse(localStorage.getItem('motamed.queue') || '[]').length === 3`)
	if p.textOf("#next") == next {
		t.Fatalf("the screen did not move on after a bid offline: %q", next)
	}
	if n := len(eventTypes(c, id)); n != before {
		t.Fatalf("the server has %d events while the phone is offline, want %d", n, before)
	}

	net.network(p, true)
	waitFor(p, `JSON.parse(localStorage.getItem('motamed.queue') || '[]').length === 0`)
	got := eventTypes(c, id)
	if len(got) != before+3 {
		t.Fatalf("the server has %d events, want %d:\n%s", len(got), before+3, strings.Join(got, "\n"))
	}
	for i, w := range []string{"round_started", "bid", "bid"} {
		if !strings.HasPrefix(got[before+i], w+" ") {
			t.Fatalf("event %d is %s, want %s:\n%s", before+i+1, got[before+i], w, strings.Join(got, "\n"))
		}
	}
	b.clean()
}

// Asking the referee with no network: the phone's module answers, in the
// phone's language, as the server would.
func TestAppOfflineAskIsAnswered(t *testing.T) {
	b, c := appServer(t)
	p := b.tab("offline-ask")
	signIn(p, c)
	newMatch(p, "munchkin", []string{"Ali", "Sara", "Reza"}, map[string]string{"max_level": "4"})
	inLang(p, "fa")
	offlineReady(p)
	p.offline(true)
	fightMore(p)
	p.typeIn("#mon-name-0", "Troll")
	p.typeIn("#mon-level-0", "3")
	p.click("#ask-combat")
	p.waitText("#combat-verdict", "MUNCHKIN-COMBAT-")
	if ascii := evalIn[string](p, `(() => { const s = document.querySelector('#combat-verdict').innerText.replace(/MUNCHKIN-[A-Z]+-\d+/g, ''); return (s.match(/[0-9]/g) || []).join(''); })()`); ascii != "" {
		t.Errorf("ASCII digits in the Persian verdict: %s", ascii)
	}
	p.axe("ask offline")
	p.shot("offline-ask-fa")
	p.offline(false)
	b.clean()
}
