//go:build browser

package e2e

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/makiuchi-d/gozxing"
	zxqr "github.com/makiuchi-d/gozxing/qrcode"
)

// fitsScreen is read from the page's layout: what lies outside the
// viewport, and what is cut off inside a box that hides its overflow.
const fitsScreen = `(() => {
  const W = innerWidth, H = innerHeight, d = document.documentElement, out = [];
  if (d.scrollWidth > W + 1) out.push('the page is ' + d.scrollWidth + ' px wide');
  if (d.scrollHeight > H + 1) out.push('the page is ' + d.scrollHeight + ' px tall');
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.className && el.className.baseVal === undefined ? '.' + String(el.className).trim().replace(/\s+/g, '.') : '');
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('svg title, script, head') || el.tagName === 'SCRIPT') continue;
    const cs = getComputedStyle(el);
    if (cs.display === 'none' || cs.visibility === 'hidden' || el.closest('[hidden], .dropped, .older')) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (r.right > W + 1 || r.bottom > H + 1 || r.left < -1 || r.top < -1) out.push(name(el) + ' lies outside the screen (' + [r.left, r.top, r.right, r.bottom].map(Math.round) + ')');
    const clips = (v) => v === 'hidden' || v === 'clip' || v === 'auto' || v === 'scroll';
    if (cs.textOverflow !== 'ellipsis' && !(el instanceof SVGElement)) {
      if (clips(cs.overflowY) && el.scrollHeight > el.clientHeight + 1) out.push(name(el) + ' cuts its content off at the bottom');
      if (clips(cs.overflowX) && el.scrollWidth > el.clientWidth + 1) out.push(name(el) + ' cuts its content off at the side');
    }
  }
  return out.slice(0, 12);
})()`

var (
	// allowedLatin are the Latin words a Persian page may show: rule IDs,
	// the brand's Latin spelling, the links to English and to the JSON.
	allowedLatin = regexp.MustCompile(`[A-Z]+(-[A-Z0-9]+)+|\bMotamed\b|\bEnglish\b|\bJSON\b|\bQR\b|μ|σ`)
	latinInText  = regexp.MustCompile(`[A-Za-z]{2,}|[0-9]`)
)

// smallestChartText is the height in pixels of the smallest chart label.
const smallestChartText = `Math.min(...[...document.querySelectorAll('.chart text')].map(t => t.getBoundingClientRect().height).filter(h => h > 0))`

func TestScreensFitTVs(t *testing.T) {
	chromium := findChromium()
	if chromium == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("Chromium is not installed; .ci/browser-deps should have installed it")
		}
		t.Skip("Chromium is not installed (run .ci/browser-deps); skipping outside CI")
	}
	arts := artifactsDir(t)
	dir := t.TempDir()
	srv, token := startServer(t, dir, filepath.Join(arts, "screens-server.log"))
	api := &client{t: t, base: srv.base, token: token}

	// A league of 12 players, each with finished matches, and a Wizard
	// match of three of them at round 20, bids made and two tricks taken.
	names := []string{"Sara", "رضا", "Kian", "Mina", "Darius", "نگار", "Omid", "Leila", "Babak", "Shirin", "Arash", "Parisa"}
	var p []string
	for _, n := range names {
		p = append(p, api.id("POST", "/v1/players", map[string]any{"name": n}))
	}
	league := api.id("POST", "/v1/leagues", map[string]any{"name": "لیگ کافه فردوسی", "game": "wizard"})
	for k := 0; k < 8; k++ {
		i := (k * 3) % 12
		shortMatch(api, league, []string{p[i], p[(i+1)%12], p[(i+2)%12]}, k%3, (k+1)%3)
	}
	three := p[:3]
	m := &wizardMatch{c: api, p: three, id: api.id("POST", "/v1/matches", map[string]any{"game": "wizard", "players": three, "league_id": league})}
	for r := 1; r <= 20; r++ {
		if r < 20 {
			m.event("round_started", map[string]any{"trump": "red", "trump_card": "red-7"})
		} else {
			m.event("round_started", map[string]any{"trump": "none"})
		}
		dealer := (r - 1) % 3
		won := map[string]any{}
		for k := 1; k <= 3; k++ {
			i := (dealer + k) % 3
			bid := 0
			if i == r%3 {
				bid = r
			}
			m.event("bid", map[string]any{"player": three[i], "bid": bid})
			won[three[i]] = 0
		}
		if r < 20 {
			won[three[r%3]] = r
			m.event("tricks", map[string]any{"won": won})
		}
	}
	var finished string // a league match reopened for a correction
	{
		w := &wizardMatch{c: api, p: p[3:6], id: api.id("POST", "/v1/matches", map[string]any{"game": "wizard", "players": p[3:6], "league_id": league, "options": map[string]any{"rounds": 1}})}
		w.event("round_started", map[string]any{"trump": "red", "trump_card": "red-7"})
		for _, i := range []int{1, 2, 0} {
			w.event("bid", map[string]any{"player": w.p[i], "bid": 0})
		}
		w.event("tricks", map[string]any{"won": map[string]any{w.p[0]: 1, w.p[1]: 0, w.p[2]: 0}})
		api.do("POST", "/v1/matches/"+w.id+"/undo", nil, 200)
		finished = w.id
	}

	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(chromium), chromedp.NoSandbox,
		chromedp.Flag("hide-scrollbars", true), chromedp.Flag("disable-dev-shm-usage", true))
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelA()
	bctx, cancelB := chromedp.NewContext(actx)
	defer cancelB()
	ctx, cancel := context.WithTimeout(bctx, within(300*time.Second))
	defer cancel()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	eval := func(js string, out any) {
		t.Helper()
		raw, err := chromedp.Run(ctx, chromedp.Evaluate[json.RawMessage](js))
		must(err)
		must(json.Unmarshal(raw, out))
	}
	waitFor := func(js string) {
		t.Helper()
		deadline := time.Now().Add(within(30 * time.Second))
		for {
			if ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js)); err == nil && ok {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("not true within %v: %s", within(30*time.Second), js)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	shoot := func(file string) {
		t.Helper()
		buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		must(err)
		must(os.WriteFile(filepath.Join(arts, file), buf, 0o644))
		t.Logf("screenshot %s", filepath.Join(arts, file))
	}
	checkFits := func(what string) {
		t.Helper()
		var problems []string
		eval(fitsScreen, &problems)
		if len(problems) > 0 {
			t.Errorf("%s does not fit the screen:\n  %s", what, strings.Join(problems, "\n  "))
		}
	}

	// checkPersian fails on an English word or a Latin digit in what a
	// Persian page shows once its script has drawn it, names and the
	// allowed words aside.
	checkPersian := func(what string, names []string) {
		t.Helper()
		var lang, text string
		eval(`document.documentElement.lang`, &lang)
		if lang != "fa" {
			return
		}
		eval(`document.body.innerText`, &text)
		for _, n := range names {
			text = strings.ReplaceAll(text, n, " ")
		}
		text = allowedLatin.ReplaceAllString(text, " ")
		if bad := latinInText.FindAllString(text, 5); len(bad) > 0 {
			t.Errorf("%s in Persian shows %q", what, bad)
		}
	}

	// checkWords fails on an internal name the page shows (see words).
	checkWords := func(what string) {
		t.Helper()
		var bad []string
		eval(strings.Replace(internalsJS, "%s", internalNames(), 1), &bad)
		for _, b := range bad {
			t.Errorf("%s shows %s", what, b)
		}
	}

	for _, size := range [][2]int{{1280, 720}, {1920, 1080}} {
		w, h := size[0], size[1]
		must(chromedp.Do(ctx, chromedp.EmulateViewport(int64(w), int64(h))))
		for _, lang := range []string{"en", "fa"} {
			tag := fmt.Sprintf("%dx%d-%s", w, h, lang)

			// The match: the round being played first, the latest rounds
			// and the totals, a chart readable across the room.
			must(chromedp.Do(ctx, chromedp.Navigate(srv.base+"/matches/"+m.id+"?big=1&lang="+lang)))
			waitFor(`document.getElementById("live").dataset.state === "live"`)
			var now struct {
				Shown, Above bool
				Text         string
				LastRow      string
				Foot         int
				Bids         int
			}
			eval(`(() => { const n = document.getElementById('now'), pl = document.getElementById('players');
				const rows = [...document.querySelectorAll('#sheet tbody tr')].filter(r => getComputedStyle(r).display !== 'none');
				return {shown: !n.hidden && n.getBoundingClientRect().height > 0, above: n.getBoundingClientRect().bottom <= pl.getBoundingClientRect().top + 1,
					text: n.textContent.replace(/\s+/g, ' '), lastRow: rows.length ? rows[rows.length - 1].querySelector('th').textContent : '',
					foot: document.querySelectorAll('#sheet tfoot td.total').length, bids: document.querySelectorAll('#players .seat-now .num').length}; })()`, &now)
			wantRound, wantLast := "20", "19"
			if lang == "fa" {
				wantRound, wantLast = "۲۰", "۱۹"
			}
			if !now.Shown || !now.Above || !strings.Contains(now.Text, wantRound) || !strings.Contains(now.Text, "رضا") || now.LastRow != wantLast || now.Foot != 3 || now.Bids != 6 {
				t.Errorf("%s match: the round being played, the latest round and the totals: %+v", tag, now)
			}
			var smallest float64
			eval(smallestChartText, &smallest)
			if smallest < 15 {
				t.Errorf("%s match: chart labels %.1f px tall, too small to read across a room", tag, smallest)
			}
			checkPersian(tag+" match", names)
			checkWords(tag + " match")
			checkFits(tag + " match")
			shoot("screen-match-" + tag + ".png")

			// The league: all 12 players, the chart beside them.
			must(chromedp.Do(ctx, chromedp.Navigate(srv.base+"/leagues/"+league+"?big=1&lang="+lang)))
			waitFor(`document.getElementById("live").dataset.state === "live"`)
			var rows int
			eval(`[...document.querySelectorAll('#standings tbody tr')].filter(r => getComputedStyle(r).display !== 'none').length`, &rows)
			if rows != 12 {
				t.Errorf("%s league: %d of 12 players shown", tag, rows)
			}
			var correcting string
			eval(`document.getElementById('correcting')?.textContent || ''`, &correcting)
			if !strings.Contains(correcting, "Mina") {
				t.Errorf("%s league: the match being corrected is not named: %q", tag, correcting)
			}
			eval(smallestChartText, &smallest)
			if smallest < 15 {
				t.Errorf("%s league: chart labels %.1f px tall", tag, smallest)
			}
			checkPersian(tag+" league", names)
			checkWords(tag + " league")
			checkFits(tag + " league")
			shoot("screen-league-" + tag + ".png")

			// The rotation: the standings, then the live match and the one
			// being corrected, every 5 seconds.
			must(chromedp.Do(ctx, chromedp.Navigate(srv.base+"/leagues/"+league+"/rotation?every=5&lang="+lang)))
			var stops int
			eval(`document.querySelectorAll('#stops li').length`, &stops)
			if stops != 3 {
				t.Errorf("%s rotation: %d stops, want the standings and two matches", tag, stops)
			}
			waitFor(`document.getElementById('frame-a').contentDocument?.getElementById('live')?.dataset.state === 'live'`)
			checkFits(tag + " rotation")
			shoot("screen-rotation-" + tag + ".png")
			if w == 1280 && lang == "en" {
				waitFor(`document.querySelectorAll('#stops li')[1].classList.contains('current')`) // after 5 s
				waitFor(`!document.getElementById('frame-b').hidden && document.getElementById('frame-b').contentDocument?.getElementById('now') !== null`)
			}
		}
	}
	_ = finished

	// The tables' QR codes: an owner makes them; each decodes to a link that
	// opens the table app signed in with a scorer token of this league.
	owner := api.do("POST", "/v1/tokens", map[string]any{"role": "owner", "league_id": league, "label": "owner"}, 201)["token"].(string)
	must(chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900), chromedp.Navigate(srv.base+"/leagues/"+league+"/tables#token="+owner)))
	// With the token the page draws the codes it already has (here the
	// screen's alone) and then offers to make the tables.
	waitFor(`document.getElementById('token-field').hidden && location.hash === '' && document.querySelectorAll('#codes figure').length === 1 && !document.getElementById('count-field').hidden && !document.getElementById('go').disabled`)
	var clicked bool
	eval(`document.getElementById('count').value = '3', document.getElementById('go').click(), true`, &clicked)
	waitFor(`document.querySelectorAll('#codes figure img').length === 4 && [...document.querySelectorAll('#codes figure img')].every(i => i.complete && i.naturalWidth > 0)`)
	shoot("tables-en.png")
	// The server listens on a loopback address only: the codes encode it,
	// under a warning that no phone reaches it.
	var warned bool
	eval(`!document.getElementById('loopback').hidden && document.getElementById('address').value === location.origin`, &warned)
	if !warned {
		t.Error("codes for a loopback address are shown without the warning")
	}
	var codes []struct{ Link, Src string }
	eval(`[...document.querySelectorAll('#codes figure')].map(f => ({link: f.dataset.link, src: (() => { const c = document.createElement('canvas'), i = f.querySelector('img'); c.width = i.naturalWidth; c.height = i.naturalHeight; c.getContext('2d').drawImage(i, 0, 0); return c.toDataURL('image/png'); })()}))`, &codes)
	if len(codes) != 4 {
		t.Fatalf("%d codes", len(codes))
	}
	for k, c := range codes {
		got := decodeDataURL(t, c.Src)
		if got != c.Link {
			t.Errorf("code %d holds %q, want %q", k, got, c.Link)
		}
		if k == 0 && got != srv.base+"/leagues/"+league+"?big=1" {
			t.Errorf("the screen's code holds %q", got)
		}
		if k > 0 {
			secret := strings.TrimPrefix(got, srv.base+"/#token=")
			if secret == got {
				t.Fatalf("table code %d holds %q, not a table-app link", k, got)
			}
			// The table's token scores in its league.
			api.withToken(secret).id("POST", "/v1/matches", map[string]any{"game": "wizard", "players": p[6:9], "league_id": league})
		}
	}
	var labels []string
	eval(`[...document.querySelectorAll('#codes figcaption strong')].map(s => s.textContent)`, &labels)
	if fmt.Sprint(labels) != "[Screen Table 1 Table 2 Table 3]" {
		t.Errorf("labels %v", labels)
	}
	// A private league's screen opens with a viewer token in the fragment.
	private := api.id("POST", "/v1/leagues", map[string]any{"name": "Private Cafe", "game": "wizard", "visibility": "private"})
	shortMatch(api, private, p[:3], 0, 1)
	viewer := api.do("POST", "/v1/tokens", map[string]any{"role": "viewer", "league_id": private}, 201)["token"].(string)
	must(chromedp.Do(ctx, chromedp.Navigate(srv.base+"/leagues/"+private+"?big=1#token="+viewer)))
	waitFor(`document.querySelector('.league-name').textContent === 'Private Cafe' && document.querySelectorAll('#standings tbody tr').length === 3 && document.getElementById('live').dataset.state === 'live'`)
	shoot("screen-private-league.png")
	must(chromedp.Do(ctx, chromedp.Navigate(srv.base+"/leagues/"+private+"?big=1")))
	waitFor(`document.getElementById('locked') !== null`)
	// Its rotation learns its matches with the token.
	api.id("POST", "/v1/matches", map[string]any{"game": "wizard", "players": p[3:6], "league_id": private})
	must(chromedp.Do(ctx, chromedp.Navigate(srv.base+"/leagues/"+private+"/rotation?every=5#token="+viewer)))
	waitFor(`document.querySelectorAll('#stops li').length === 2 && document.getElementById('frame-a').contentDocument?.querySelector('.league-name')?.textContent === 'Private Cafe'`)
	srv.stop(t)
}

// decodeDataURL reads a QR code from a data: URL of a PNG.
func decodeDataURL(t *testing.T, src string) string {
	t.Helper()
	raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(src, "data:image/png;base64,"))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(strings.NewReader(string(raw)))
	if err != nil {
		t.Fatal(err)
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	res, err := zxqr.NewQRCodeReader().Decode(bmp, nil)
	if err != nil {
		t.Fatalf("no QR code: %v", err)
	}
	return res.GetText()
}

// withToken is the client with another token.
func (c *client) withToken(token string) *client { return &client{t: c.t, base: c.base, token: token} }
