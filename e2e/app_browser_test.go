//go:build browser

package e2e

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

//go:embed testdata/axe-core-4.14.1.min.js
var axeSource string

// chrome is one headless Chromium driven by chromedp; every tab it opens
// reports its JavaScript errors and failed requests to the test.
type chrome struct {
	t      *testing.T
	ctx    context.Context
	cancel func()
	arts   string

	mu       sync.Mutex
	problems []string
	// absent are paths of routes the server does not serve yet (GET
	// /v1/leagues, /v1/matches, /v1/players lists): their 405 is known.
	absent []string
	// malformed is set by a test that types what the server answers as a
	// malformed request (400): that answer is then provoked, not a fault.
	malformed bool
	// merged is set by a test that sends a merged player's ID on purpose:
	// the server's 410 is then provoked, not a fault.
	merged bool
}

func newBrowser(t *testing.T, arts string) *chrome {
	t.Helper()
	chromium := findChromium()
	if chromium == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("Chromium is not installed; .ci/chrome-deps should have installed it")
		}
		t.Skip("Chromium is not installed (run .ci/chrome-deps); skipping outside CI")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium),
		chromedp.NoSandbox,
		chromedp.WindowSize(390, 844),
	)
	actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	if err := chromedp.Do(ctx); err != nil {
		acancel()
		t.Fatalf("start %s: %v", chromium, err)
	}
	b := &chrome{t: t, ctx: ctx, arts: arts, cancel: func() { cancel(); acancel() }}
	t.Cleanup(b.cancel)
	return b
}

// tab is one browser tab at phone size.
type tab struct {
	b    *chrome
	ctx  context.Context
	name string
	// blocking is set while the tab's requests to the API are failed at the
	// page level (offline, when network emulation does not take).
	blocking atomic.Bool
	// intercepting is whether the Fetch domain is enabled for that.
	intercepting bool
}

func (b *chrome) tab(name string) *tab {
	b.t.Helper()
	ctx, _ := chromedp.NewContext(b.ctx)
	p := &tab{b: b, ctx: ctx, name: name}
	if err := chromedp.Do(ctx); err != nil {
		b.t.Fatal(err)
	}
	err := chromedp.Listen(ctx, func(ev any) {
		switch e := ev.(type) {
		case *runtime.EventExceptionThrown:
			b.problem(name + ": JavaScript exception: " + e.ExceptionDetails.Text + " " + exceptionDescription(e))
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.ConsoleAPICalledTypeError {
				var parts []string
				for _, a := range e.Args {
					parts = append(parts, string(a.Value)+a.Description)
				}
				b.problem(name + ": console.error: " + strings.Join(parts, " "))
			}
		case *network.EventResponseReceived:
			if e.Response.Status >= 400 && !b.expectedFailure(e.Response.URL, int(e.Response.Status)) {
				b.problem(fmt.Sprintf("%s: %d %s", name, e.Response.Status, e.Response.URL))
			}
		case *fetch.EventRequestPaused:
			// Offline without network emulation: fail the request as a
			// disconnected network does (a listener may not block).
			id, fail := e.RequestID, p.blocking.Load()
			go func() {
				if fail {
					_, _ = chromedp.Call(ctx, fetch.FailRequest, fetch.FailRequestParams{RequestID: id, ErrorReason: network.ErrorReasonInternetDisconnected})
				} else {
					_, _ = chromedp.Call(ctx, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: id})
				}
			}()
		case *network.EventLoadingFailed:
			if !e.Canceled && !strings.Contains(e.ErrorText, "INTERNET_DISCONNECTED") && e.Type != network.ResourceTypeEventSource {
				b.problem(name + ": request failed: " + e.ErrorText)
			}
		}
	})
	if err != nil {
		b.t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		b.t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, runtime.Enable, cdp.Empty{}); err != nil {
		b.t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844)); err != nil {
		b.t.Fatal(err)
	}
	if cpuThrottle > 1 {
		if _, err := chromedp.Call(ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: cpuThrottle}); err != nil {
			b.t.Fatal(err)
		}
	}
	return p
}

func exceptionDescription(e *runtime.EventExceptionThrown) string {
	if e.ExceptionDetails.Exception != nil {
		return e.ExceptionDetails.Exception.Description
	}
	return ""
}

// expectedFailure is a refusal the test provokes on purpose: the referee's
// 422, the stale device's 412 and the duplicate name's 409 are answers,
// not failures.
func (b *chrome) expectedFailure(url string, status int) bool {
	if status == 405 {
		for _, a := range b.absent {
			if strings.Contains(url, a+"?") {
				return true
			}
		}
	}
	if status == 400 && b.malformed && strings.Contains(url, "/v1/") {
		return true
	}
	if status == 410 && b.merged && strings.Contains(url, "/v1/") {
		return true
	}
	return (status == 422 || status == 412 || status == 409) && strings.Contains(url, "/v1/")
}

func (b *chrome) problem(s string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.problems = append(b.problems, s)
}

// clean fails the test on any JavaScript error or failed request so far.
func (b *chrome) clean() {
	b.t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, p := range b.problems {
		b.t.Error(p)
	}
	b.problems = nil
}

func (p *tab) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	p.b.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, within(30*time.Second))
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		p.shot("failed")
		p.b.t.Fatalf("%s: %s: %v", p.name, what, err)
	}
}

func (p *tab) open(url string) {
	p.b.t.Helper()
	p.do("open "+url, chromedp.Navigate(url), chromedp.WaitReady(chromedp.CSS("body")))
}

// readyJS is true when the page is at rest: the table app says so on
// <body data-ready> once no request is in flight and its screen shows every
// answer; a page without the attribute (not the app) is always at rest.
const readyJS = `document.readyState === 'complete' && !!document.body && document.body.dataset.ready !== 'false'`

// waitReady waits until the page is at rest. Every tap and key waits for
// it: a tap aims at where its target is drawn, and an answer arriving
// between the aim and the tap redraws the screen under it (a panel closing
// moves the buttons below it up), so the tap would land elsewhere.
func (p *tab) waitReady() {
	p.b.t.Helper()
	waitFor(p, readyJS)
}

// click taps the element once the page is at rest and it is visible, as a
// person does: aimed at where it is drawn at that moment, and tapped again
// when the screen moved under the finger between the aim and the tap. The
// press and the release are two messages to the browser, and an answer, a
// timer or a redraw between them can move the element away; the tap then
// reaches no element, or another one, which a guard on the page keeps from
// acting (tapGuardJS).
func (p *tab) click(sel string) {
	p.b.t.Helper()
	for try := 1; ; try++ {
		p.waitReady()
		p.do("wait for "+sel, chromedp.WaitVisible(chromedp.CSS(sel)))
		at := evalIn[[]float64](p, `(`+tapGuardJS+`)(`+jsString(sel)+`)`)
		if len(at) != 2 {
			p.shot("failed")
			p.b.t.Fatalf("%s: %s cannot be tapped: it has no box", p.name, sel)
		}
		p.do("tap "+sel, chromedp.MouseClickXY(at[0], at[1]))
		ctx, cancel := context.WithTimeout(p.ctx, within(30*time.Second))
		hit, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(function(){const t=window.motamedTap;window.motamedTap=null;return t?(t.hit||'nothing'):'done'})()`))
		cancel()
		if hit == "done" || err != nil { // an error: the tap opened another page
			return
		}
		if try == 5 {
			p.shot("failed")
			p.b.t.Fatalf("%s: the tap on %s landed on %s five times", p.name, sel, hit)
		}
		p.b.t.Logf("%s: the tap on %s landed on %s (the screen moved); tapped again", p.name, sel, hit)
	}
}

// tapGuardJS aims a tap at the element sel: it brings it into view when
// it is not, returns the centre of its box, and makes sure the tap acts
// only there. A click on sel (or inside it) is let through and marks the
// tap done; a click anywhere else is stopped before the page sees it and
// named, so that click can tap again. A click on a disabled element never
// comes, so a disabled target counts as done, as it does for a person.
// A page that opens in between (a link) drops window.motamedTap: done.
const tapGuardJS = `function (sel) {
  const el = document.querySelector(sel);
  if (!el) return [];
  let r = el.getBoundingClientRect();
  if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) {
    el.scrollIntoView({ block: 'center', inline: 'center' });
    r = el.getBoundingClientRect();
  }
  if (!r.width || !r.height) return [];
  window.motamedTap = { sel: sel, hit: el.disabled ? 'done' : '' };
  if (!window.motamedTapGuard) {
    window.motamedTapGuard = true;
    document.addEventListener('click', (e) => {
      const t = window.motamedTap;
      if (!t || t.hit) return;
      const want = document.querySelector(t.sel);
      if (want && (want === e.target || want.contains(e.target))) { t.hit = 'done'; return; }
      const o = e.target;
      t.hit = o && o.tagName ? o.tagName.toLowerCase() + (o.id ? '#' + o.id : '') + ' "' + String(o.innerText || '').slice(0, 40) + '"' : 'the page';
      e.stopImmediatePropagation();
      e.preventDefault();
    }, true);
  }
  return [r.left + r.width / 2, r.top + r.height / 2];
}`

// typeIn replaces what a field holds with text, typed key by key.
func (p *tab) typeIn(sel, text string) {
	p.b.t.Helper()
	p.waitReady()
	p.do("type in "+sel, chromedp.WaitVisible(chromedp.CSS(sel)), chromedp.Focus(chromedp.CSS(sel)),
		chromedp.Evaluate[chromedp.Void](`document.querySelector(`+jsString(sel)+`).select()`),
		chromedp.SendKeys(chromedp.CSS(sel), text))
}

// choose picks an option of a select by its value, as the keyboard does:
// the value changes and the select says so.
func (p *tab) choose(sel, value string) {
	p.b.t.Helper()
	p.waitReady()
	p.do("choose "+value+" in "+sel, chromedp.WaitVisible(chromedp.CSS(sel)), chromedp.Focus(chromedp.CSS(sel)), chromedp.SetValue(chromedp.CSS(sel), value),
		chromedp.Evaluate[chromedp.Void](`document.querySelector(`+jsString(sel)+`).dispatchEvent(new Event('change', {bubbles: true}))`))
}

// waitText waits until the visible text of sel contains want, and returns it.
func (p *tab) waitText(sel, want string) string {
	p.b.t.Helper()
	return p.waitTextWithin(sel, want, 30*time.Second)
}

// waitTextWithin is waitText with a deadline of its own (scaled by
// slowFactor).
func (p *tab) waitTextWithin(sel, want string, d time.Duration) string {
	p.b.t.Helper()
	deadline := time.Now().Add(within(d))
	for {
		got, rest := p.restingTextOf(sel)
		if rest && strings.Contains(got, want) {
			return got
		}
		if time.Now().After(deadline) {
			p.shot("failed")
			if !rest {
				p.b.t.Fatalf("%s: the page never came to rest (a request stayed in flight); %s shows %q, want %q", p.name, sel, got, want)
			}
			p.b.t.Fatalf("%s: %s shows %q, want %q", p.name, sel, got, want)
		}
		time.Sleep(30 * time.Millisecond)
	}
}

// restingTextOf is the visible text of sel and whether the page was at
// rest when it was read. Only text read at rest counts: a tap that sends
// leaves the screen as it was until the answer is drawn, and a check of
// that screen would pass on what it showed before the tap.
func (p *tab) restingTextOf(sel string) (string, bool) {
	ctx, cancel := context.WithTimeout(p.ctx, within(10*time.Second))
	defer cancel()
	got, _ := chromedp.Run(ctx, chromedp.Evaluate[[]any](`(function(){const e=document.querySelector(`+jsString(sel)+`);return [e&&e.getClientRects().length?e.innerText:'', `+readyJS+`]})()`))
	if len(got) != 2 {
		return "", false
	}
	text, _ := got[0].(string)
	rest, _ := got[1].(bool)
	return text, rest
}

// textOf is the visible text of sel ("" when absent or hidden).
func (p *tab) textOf(sel string) string {
	ctx, cancel := context.WithTimeout(p.ctx, within(10*time.Second))
	defer cancel()
	got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(function(){const e=document.querySelector(`+jsString(sel)+`);return e&&e.getClientRects().length?e.innerText:''})()`))
	return got
}

func evalIn[T any](p *tab, js string) T {
	p.b.t.Helper()
	// long enough for axe-core on a busy machine
	ctx, cancel := context.WithTimeout(p.ctx, within(60*time.Second))
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		p.b.t.Fatalf("%s: evaluate %s: %v", p.name, js, err)
	}
	return v
}

func (p *tab) shot(name string) {
	ctx, cancel := context.WithTimeout(p.ctx, within(30*time.Second))
	defer cancel()
	// what the phone's screen shows; a failure keeps the whole page
	shoot := chromedp.CaptureScreenshot()
	_, _ = chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
	if name == "failed" {
		shoot = chromedp.FullScreenshot(100)
	}
	if png, err := chromedp.Run(ctx, shoot); err == nil {
		_ = os.WriteFile(filepath.Join(p.b.arts, "app-"+name+".png"), png, 0o644)
	}
}

// axe runs axe-core in the tab and fails on a serious or critical
// violation, a tap target under 44 px, a screen wider than the phone, or
// an internal name shown (words).
func (p *tab) axe(screen string) {
	p.b.t.Helper()
	if !evalIn[bool](p, `typeof axe === 'object'`) {
		evalIn[chromedp.Void](p, axeSource)
	}
	res := evalIn[[]map[string]any](p, `axe.run(document, {resultTypes: ['violations']}).then(r => r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical').map(v => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))})))`)
	for _, v := range res {
		b, _ := json.Marshal(v)
		p.b.t.Errorf("%s: axe-core on %s: %s", p.name, screen, b)
	}
	if small := evalIn[[]string](p, smallTargets); len(small) > 0 {
		p.b.t.Errorf("%s: on %s, tap targets smaller than 44 px: %v", p.name, screen, small)
	}
	if w := evalIn[int](p, `document.documentElement.scrollWidth`); w > 390 {
		p.b.t.Errorf("%s: %s scrolls sideways: %d px wide", p.name, screen, w)
	}
	p.words(screen)
}

// smallTargets lists the visible controls (buttons, fields, links that
// stand alone) less than 44 px high or wide.
const smallTargets = `[...document.querySelectorAll('button, select, input, a.button, .list a, .bar a')]
  .filter(e => e.getClientRects().length && !e.closest('dialog:not([open])'))
  .filter(e => { const r = e.getBoundingClientRect(); return r.height < 44 || r.width < 44; })
  .map(e => e.tagName + (e.id ? '#' + e.id : '') + ' ' + Math.round(e.getBoundingClientRect().width) + 'x' + Math.round(e.getBoundingClientRect().height))`

// streamOpen is true once the app's match screen follows the match's
// stream: an event recorded from then on reaches it.
const streamOpen = `document.body.dataset.stream === 'open'`

// probeJS asks the server for something small from the page, as the app
// would: true when the network carried it.
const probeJS = `fetch('/v1/games', {cache: 'no-store'}).then(() => true, () => false)`

// offline switches the tab's network off or on, as DevTools does, once the
// page is at rest (no request straddles the switch). It does not return
// before a request from the page is known to fail (off) or to reach the
// server (on): network emulation is applied in the browser's network
// service after its command is answered, and a build may not apply it at
// all. When a request still goes through once emulation is on, the tab's
// requests to the API are failed at the page level instead (the Fetch
// domain), as a disconnected network fails them.
func (p *tab) offline(off bool) {
	p.b.t.Helper()
	p.waitReady()
	if off {
		res, err := chromedp.Call(p.ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
			MatchedNetworkConditions: []*network.Conditions{{Offline: true, Latency: 0, DownloadThroughput: -1, UploadThroughput: -1}},
		})
		if err == nil && len(res.RuleIDs) != 1 {
			err = fmt.Errorf("network emulation answered %d rules for 1", len(res.RuleIDs))
		}
		if err != nil {
			p.b.t.Logf("%s: network emulation refused (%v): requests are failed by the page instead", p.name, err)
		}
	} else {
		p.blocking.Store(false)
		if p.intercepting {
			if _, err := chromedp.Call(p.ctx, fetch.Disable, cdp.Empty{}); err != nil {
				p.b.t.Fatal(err)
			}
			p.intercepting = false
		}
		if _, err := chromedp.Call(p.ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
			MatchedNetworkConditions: []*network.Conditions{},
		}); err != nil {
			p.b.t.Fatal(err)
		}
	}
	// navigator.onLine and the page's online and offline events.
	if _, err := chromedp.Call(p.ctx, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: off, DownloadThroughput: -1, UploadThroughput: -1}); err != nil {
		p.b.t.Fatal(err)
	}
	if !off {
		p.waitProbe(true)
		return
	}
	// Emulation takes within moments when it takes at all.
	start := time.Now()
	deadline := start.Add(within(3 * time.Second))
	carried := 0
	defer func() {
		if carried > 0 && !p.intercepting {
			p.b.t.Logf("%s: network emulation took %v after its answer (%d requests carried meanwhile)", p.name, time.Since(start), carried)
		}
	}()
	for evalIn[bool](p, probeJS) {
		carried++
		if time.Now().After(deadline) {
			p.b.t.Logf("%s: network emulation did not take: requests are failed by the page instead", p.name)
			p.blocking.Store(true)
			if _, err := chromedp.Call(p.ctx, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*/v1/*"}}}); err != nil {
				p.b.t.Fatal(err)
			}
			p.intercepting = true
			p.waitProbe(false)
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// waitProbe waits until a request from the page goes through (carried) or
// fails (not carried).
func (p *tab) waitProbe(carried bool) {
	p.b.t.Helper()
	deadline := time.Now().Add(within(30 * time.Second))
	for evalIn[bool](p, probeJS) != carried {
		if time.Now().After(deadline) {
			p.shot("failed")
			p.b.t.Fatalf("%s: the network is still %s", p.name, map[bool]string{true: "off", false: "on"}[carried])
		}
		time.Sleep(50 * time.Millisecond)
	}
}
