//go:build browser

package e2e

import (
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// streamRequests records the live-stream requests a tab sends: their URLs
// and whether they carried the token in the Authorization header.
type streamRequests struct {
	mu   sync.Mutex
	urls []string
	auth []string
}

func watchStreams(t *testing.T, p *tab) *streamRequests {
	t.Helper()
	r := &streamRequests{}
	err := chromedp.Listen(p.ctx, func(ev any) {
		e, ok := ev.(*network.EventRequestWillBeSent)
		if !ok {
			return
		}
		if u, err := url.Parse(e.Request.URL); err == nil && strings.HasSuffix(u.Path, "/stream") {
			auth, _ := e.Request.Headers["Authorization"].(string)
			r.mu.Lock()
			r.urls = append(r.urls, e.Request.URL)
			r.auth = append(r.auth, auth)
			r.mu.Unlock()
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// check fails unless at least one stream was requested, every one with the
// token in its header, and none with a token in its URL.
func (r *streamRequests) check(t *testing.T, who, token string) {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.urls) == 0 {
		t.Fatalf("%s: no stream was requested", who)
	}
	for i, u := range r.urls {
		if strings.Contains(u, "access_token") || strings.Contains(u, token) {
			t.Errorf("%s: a token in the stream's URL: %s", who, u)
		}
		if r.auth[i] != "Bearer "+token {
			t.Errorf("%s: the stream %s went without the token in its header (%q)", who, u, r.auth[i])
		}
	}
}

// The table app and a private league's screen follow their live streams
// with the token in the Authorization header, never in the URL (where
// proxies and logs would keep the admin's or a scorer's token), and live
// updates still arrive.
func TestStreamsKeepTokensOutOfURLs(t *testing.T) {
	b, c := appServer(t)
	p := b.tab("phone")
	signIn(p, c)
	id := newMatch(p, "munchkin", []string{"Ali", "Sara", "Reza"}, map[string]string{"max_level": "4"})
	p.waitText("#next", "Ali")

	// A second phone on the same match (signed in as the admin) sees the
	// first phone's event through its stream.
	q := b.tab("second phone")
	qs := watchStreams(t, q)
	q.open(c.base + "/#/m/" + id)
	q.waitText("#next", "Ali")
	time.Sleep(300 * time.Millisecond) // the stream is open
	start := time.Now()
	endTurn(p, "Sara")
	q.waitTextWithin("#remote", "Another device", liveWithin+time.Since(start))
	qs.check(t, "table app", c.token)

	// A private league's match on a screen, opened with a viewer token in
	// the fragment, follows its stream with that token in the header.
	league := c.id("POST", "/v1/leagues", map[string]any{"name": "Private", "game": "wizard", "visibility": "private"})
	viewer := c.do("POST", "/v1/tokens", map[string]any{"role": "viewer", "league_id": league}, 201)["token"].(string)
	players := c.players("Mina", "Kian", "Dara")
	match := c.id("POST", "/v1/matches", map[string]any{"game": "wizard", "players": players, "league_id": league})
	tv := b.tab("screen")
	ts := watchStreams(t, tv)
	tv.open(c.base + "/matches/" + match + "#token=" + viewer)
	waitFor(tv, `document.getElementById('live') && document.getElementById('live').dataset.state === 'live'`)
	before := tv.textOf("#next-text")
	c.do("POST", "/v1/matches/"+match+"/events", map[string]any{"type": "round_started", "data": map[string]any{"round": 1, "dealer": players[0], "trump": "none", "trump_card": "jester"}}, 201)
	waitFor(tv, `document.getElementById('next-text').textContent !== `+jsString(before))
	ts.check(t, "screen", viewer)
	// The locked page's own 404 (a private match without a token in the
	// request) is the page working as designed; anything else is a fault.
	b.mu.Lock()
	for _, pr := range b.problems {
		if !strings.Contains(pr, "404 "+c.base+"/matches/"+match) {
			t.Error(pr)
		}
	}
	b.problems = nil
	b.mu.Unlock()
}
