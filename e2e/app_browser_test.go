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
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
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
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
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

// click taps the element once it is visible.
func (p *tab) click(sel string) {
	p.b.t.Helper()
	p.do("click "+sel, chromedp.WaitVisible(chromedp.CSS(sel)), chromedp.Click(chromedp.CSS(sel)))
}

// typeIn replaces what a field holds with text, typed key by key.
func (p *tab) typeIn(sel, text string) {
	p.b.t.Helper()
	p.do("type in "+sel, chromedp.WaitVisible(chromedp.CSS(sel)), chromedp.Focus(chromedp.CSS(sel)),
		chromedp.Evaluate[chromedp.Void](`document.querySelector(`+jsString(sel)+`).select()`),
		chromedp.SendKeys(chromedp.CSS(sel), text))
}

// choose picks an option of a select by its value, as the keyboard does:
// the value changes and the select says so.
func (p *tab) choose(sel, value string) {
	p.b.t.Helper()
	p.do("choose "+value+" in "+sel, chromedp.WaitVisible(chromedp.CSS(sel)), chromedp.Focus(chromedp.CSS(sel)), chromedp.SetValue(chromedp.CSS(sel), value),
		chromedp.Evaluate[chromedp.Void](`document.querySelector(`+jsString(sel)+`).dispatchEvent(new Event('change', {bubbles: true}))`))
}

// waitText waits until the visible text of sel contains want, and returns it.
func (p *tab) waitText(sel, want string) string {
	p.b.t.Helper()
	return p.waitTextWithin(sel, want, 15*time.Second)
}

func (p *tab) waitTextWithin(sel, want string, within time.Duration) string {
	p.b.t.Helper()
	deadline := time.Now().Add(within)
	for {
		got := p.textOf(sel)
		if strings.Contains(got, want) {
			return got
		}
		if time.Now().After(deadline) {
			p.shot("failed")
			p.b.t.Fatalf("%s: %s shows %q, want %q", p.name, sel, got, want)
		}
		time.Sleep(30 * time.Millisecond)
	}
}

// textOf is the visible text of sel ("" when absent or hidden).
func (p *tab) textOf(sel string) string {
	ctx, cancel := context.WithTimeout(p.ctx, 2*time.Second)
	defer cancel()
	got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(function(){const e=document.querySelector(`+jsString(sel)+`);return e&&e.getClientRects().length?e.innerText:''})()`))
	return got
}

func evalIn[T any](p *tab, js string) T {
	p.b.t.Helper()
	// long enough for axe-core on a busy machine
	ctx, cancel := context.WithTimeout(p.ctx, 60*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		p.b.t.Fatalf("%s: evaluate %s: %v", p.name, js, err)
	}
	return v
}

func (p *tab) shot(name string) {
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
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
// violation.
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
}

// smallTargets lists the visible controls (buttons, fields, links that
// stand alone) less than 44 px high or wide.
const smallTargets = `[...document.querySelectorAll('button, select, input, a.button, .list a, .bar a')]
  .filter(e => e.getClientRects().length && !e.closest('dialog:not([open])'))
  .filter(e => { const r = e.getBoundingClientRect(); return r.height < 44 || r.width < 44; })
  .map(e => e.tagName + (e.id ? '#' + e.id : '') + ' ' + Math.round(e.getBoundingClientRect().width) + 'x' + Math.round(e.getBoundingClientRect().height))`

// offline switches the tab's network off or on, as DevTools does.
func (p *tab) offline(off bool) {
	p.b.t.Helper()
	if _, err := chromedp.Call(p.ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
		MatchedNetworkConditions: []*network.Conditions{{Offline: off, Latency: 0, DownloadThroughput: -1, UploadThroughput: -1}},
	}); err != nil {
		p.b.t.Fatal(err)
	}
	if _, err := chromedp.Call(p.ctx, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: off, DownloadThroughput: -1, UploadThroughput: -1}); err != nil {
		p.b.t.Fatal(err)
	}
}
