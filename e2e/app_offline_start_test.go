//go:build browser

package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// seatWizardOffline signs the phone in through net, opens the new-match
// screen once with the network (the phone reads the games and the recent
// players), opens the app again as a new page with the phone's referee
// loaded, then with no network seats Ali, Sara and Reza, the recent
// players, in a new Wizard match, not yet started.
func seatWizardOffline(p *tab, net *reachable, phone *client) {
	p.b.t.Helper()
	signIn(p, phone)
	waitFor(p, `document.body.dataset.shell === 'kept'`)
	p.click("#new-match")
	p.choose("#nm-game", "wizard")
	p.waitText("#recent-players", "Reza")
	p.waitText("#nm-options", "")
	p.open(net.srv.URL + "/?again#/") // a new page, not a move within this one
	p.waitText("#new-match", "")
	waitFor(p, `!!window.motamedRules`) // the phone's referee, loaded as the app opens

	net.network(p, false)
	p.click("#new-match")
	p.choose("#nm-game", "wizard")
	for _, n := range []string{"Ali", "Sara", "Reza"} {
		p.click("#recent-players .recent-player")
		p.waitText("#seats", n)
	}
}

// A Wizard match started with no network, of players the phone knows: it
// is played through the phone's referee (a forbidden bid refused at once),
// a reload with no network opens it again with its events, and when the
// network is back it reaches the server as one log, the phone then
// following the server's match, which holds exactly those events.
func TestAppStartsAMatchOffline(t *testing.T) {
	b, c := appServer(t)
	net := reachThrough(t, c.base)
	phone := &client{t: t, base: net.srv.URL, token: c.token}
	ids := c.players("Ali", "Sara", "Reza")
	c.id("POST", "/v1/matches", map[string]any{"game": "wizard", "players": ids}) // they played here before
	matches := len(c.do("GET", "/v1/matches?limit=50", nil, 200)["items"].([]any))

	p := b.tab("offline-start")
	seatWizardOffline(p, net, phone)
	p.typeIn("#opt-rounds", "3")
	p.choose("#opt-bid_total_rule", "dealer_must_break")
	p.click("#start-match")
	p.waitText("#here-mark", "Started on this phone")
	here := evalIn[string](p, `location.hash.slice(4)`)
	if !strings.HasPrefix(here, "here-") {
		t.Fatalf("the match started offline is at %q", here)
	}
	p.waitText("#next", "Round 1")
	p.click("#trump-red")
	p.click("#bid-1")
	p.waitText(".bid-value[data-player='"+ids[1]+"']", "1")
	p.click("#bid-0")
	p.waitText(".bid-value[data-player='"+ids[2]+"']", "0")
	// Sara 1 and Reza 0 leave Ali, the dealer, the one forbidden bid 0.
	p.click("#bid-0")
	p.waitText("#refusal", "WIZARD-AMB-7")
	p.click("#refusal button")
	p.click("#bid-1")
	p.waitText(".bid-value[data-player='"+ids[0]+"']", "1")
	for i, w := range []int{0, 1, 0} {
		p.click(fmt.Sprintf("#won-%s-%d", ids[i], w))
	}
	p.click("#record-tricks")
	p.waitText("#next", "Round 2")
	p.axe("a match started offline")
	p.shot("offline-start")
	if n := queued(p); n != 5 {
		t.Fatalf("%d events wait on the phone, want 5 (the refused bid is not queued)", n)
	}
	if n := len(c.do("GET", "/v1/matches?limit=50", nil, 200)["items"].([]any)); n != matches {
		t.Fatalf("the server has %d matches while the phone is offline, want %d", n, matches)
	}

	// A reload with no network opens the match again, where it was.
	p.open(net.srv.URL + "/?reload#/m/" + here)
	p.waitText("#here-mark", "Started on this phone")
	waitFor(p, `document.body.dataset.pocket === 'ready'`)
	p.waitText("#next", "Round 2")
	// Undo takes the tricks back out of the queue; they are recorded again.
	p.waitText("#undo .undo-what", "Tricks won")
	p.click("#undo")
	p.waitText("#next", "Round 1")
	waitFor(p, `JSON.parse(localStorage.getItem('motamed.queue') || '[]').length === 4`)
	p.waitText("#undo .undo-what", "Ali bid 1")
	for i, w := range []int{0, 1, 0} {
		p.click(fmt.Sprintf("#won-%s-%d", ids[i], w))
	}
	p.click("#record-tricks")
	p.waitText("#next", "Round 2")
	p.click("#tab-events")
	p.waitText("#events", "Sara bid 1")
	if n := waitingLines(p); n != 5 {
		t.Fatalf("the Events list shows %d events waiting, want 5", n)
	}
	p.click("#tab-play")

	// In Persian, the screen says where the match is, in words.
	p.click("#lang-toggle")
	p.waitText("#here-mark", "روی همین گوشی")
	p.persianWords("a match started offline", []string{"Ali", "Sara", "Reza"})
	p.shot("offline-start-fa")
	p.click("#lang-toggle")
	p.waitText("#here-mark", "Started on this phone")
	// The home screen lists it, and opens it again.
	p.click("a.brand")
	p.waitText("#started-here", "Started on this phone")
	p.click("#started-here a")
	p.waitText("#here-mark", "Started on this phone")
	p.waitText("#next", "Round 2")

	net.network(p, true)
	waitFor(p, `JSON.parse(localStorage.getItem('motamed.queue') || '[]').length === 0`)
	waitFor(p, `location.hash.startsWith('#/m/') && !location.hash.includes('here-')`)
	id := evalIn[string](p, `location.hash.slice(4)`)
	p.waitText("#match h1", "In progress")
	p.waitText("#next", "Round 2")
	if p.textOf("#here-mark") != "" {
		t.Fatalf("the server's match still says it waits on the phone")
	}
	got := eventTypes(c, id)
	want := []string{"round_started", "bid", "bid", "bid", "tricks"}
	if len(got) != len(want) {
		t.Fatalf("the server has %d events, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i, w := range want {
		if !strings.HasPrefix(got[i], w+" ") {
			t.Fatalf("event %d is %s, want %s:\n%s", i+1, got[i], w, strings.Join(got, "\n"))
		}
	}
	if n := len(c.do("GET", "/v1/matches?limit=50", nil, 200)["items"].([]any)); n != matches+1 {
		t.Fatalf("the server has %d matches, want %d: the match was sent once", n, matches+1)
	}
	b.clean()
}

// reachThroughRevised is reachThrough with a server whose rules of game are
// at another revision than the phone's module: the proxy raises the
// revision GET /v1/games gives for game.
func reachThroughRevised(t *testing.T, base, game string) *reachable {
	t.Helper()
	target, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(target)
	proxy.FlushInterval = -1
	direct := proxy.Director
	proxy.Director = func(r *http.Request) {
		direct(r)
		r.Header.Del("Accept-Encoding") // the answer is read here
	}
	proxy.ModifyResponse = func(res *http.Response) error {
		if res.Request.URL.Path != "/v1/games" || res.StatusCode != http.StatusOK {
			return nil
		}
		var body map[string]any
		if err := json.NewDecoder(res.Body).Decode(&body); err != nil {
			return err
		}
		res.Body.Close()
		for _, g := range body["games"].([]any) {
			if g := g.(map[string]any); g["id"] == game {
				g["revision"] = g["revision"].(float64) + 1
			}
		}
		b, _ := json.Marshal(body)
		res.Body = io.NopCloser(bytes.NewReader(b))
		res.ContentLength = int64(len(b))
		res.Header.Set("Content-Length", strconv.Itoa(len(b)))
		res.Header.Del("ETag")
		return nil
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

// When the server's rules of the game are at another revision than the
// phone's referee, a match of it does not start with no network: the phone
// says so in words, in English and in Persian, and starts nothing.
func TestAppCannotStartOfflineOnOtherRules(t *testing.T) {
	b, c := appServer(t)
	net := reachThroughRevised(t, c.base, "wizard")
	phone := &client{t: t, base: net.srv.URL, token: c.token}
	ids := c.players("Ali", "Sara", "Reza")
	c.id("POST", "/v1/matches", map[string]any{"game": "wizard", "players": ids})

	p := b.tab("offline-start-revision")
	seatWizardOffline(p, net, phone)
	p.click("#start-match")
	p.waitText("#toast", "other rules of this game than the server")
	p.waitText("#new .error", "other rules of this game than the server")
	if !inViewport(p, "#toast") {
		t.Errorf("the reason is not shown inside the screen")
	}
	p.axe("a match that cannot start offline")
	p.shot("offline-start-revision")
	p.click("#lang-toggle")
	p.click("#start-match")
	p.waitText("#toast", "بی‌شبکه شروع نمی‌شود")
	p.persianWords("a match that cannot start offline", []string{"Ali", "Sara", "Reza"})
	p.shot("offline-start-revision-fa")
	if h := evalIn[string](p, `location.hash`); h != "#/new" {
		t.Fatalf("a match started: %s", h)
	}
	if n := queued(p); n != 0 {
		t.Fatalf("%d events wait on the phone", n)
	}
	net.network(p, true)
	b.clean()
}

// A match started with no network that the server refuses as a whole (one
// of its players was merged into another meanwhile): the refusal says why,
// and Discard drops the whole match, which no fix of an event could let
// through; nothing reaches the server, and nothing stays waiting.
func TestAppOfflineMatchRefusedWhole(t *testing.T) {
	b, c := appServer(t)
	net := reachThrough(t, c.base)
	phone := &client{t: t, base: net.srv.URL, token: c.token}
	ids := c.players("Ali", "Sara", "Reza", "Reza R.")
	c.id("POST", "/v1/matches", map[string]any{"game": "wizard", "players": ids[:3]})
	matches := len(c.do("GET", "/v1/matches?limit=50", nil, 200)["items"].([]any))

	p := b.tab("offline-refused-whole")
	seatWizardOffline(p, net, phone)
	p.click("#start-match")
	p.waitText("#here-mark", "Started on this phone")
	p.click("#trump-red")
	p.click("#bid-1")
	p.waitText(".bid-value[data-player='"+ids[1]+"']", "1")

	// Meanwhile the desk merges Reza into Reza R.
	c.do("POST", "/v1/players/"+ids[2]+"/merge", map[string]any{"into": ids[3]}, 200)
	b.merged = true

	net.network(p, true)
	p.waitText("#queue", "Discard the match")
	p.waitText("#toast", "merged into another player since it started")
	p.words("a match refused as a whole")
	p.axe("a match refused as a whole")
	p.shot("offline-refused-whole")
	p.click("#queue button:last-child")
	waitFor(p, `JSON.parse(localStorage.getItem('motamed.queue') || '[]').length === 0`)
	waitFor(p, `!Object.keys(localStorage).some((k) => k.startsWith('motamed.here.'))`)
	waitFor(p, `location.hash === '#/' || location.hash === ''`)
	if n := len(c.do("GET", "/v1/matches?limit=50", nil, 200)["items"].([]any)); n != matches {
		t.Fatalf("the server has %d matches, want %d: the refused match reached it", n, matches)
	}
	b.clean()
}
