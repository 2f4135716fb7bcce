//go:build browser

package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/bridge"
	"github.com/motamed/motamed/rules/play"
)

// The rules module against the server's rules: the same matches, the same
// events legal and illegal, through the Go rules (rules/bridge, as the
// server runs them) and through the module in headless Chromium, with the
// same verdicts (accepted or refused, rule IDs, the sentences) and the same
// states, score sheets, views and what comes next after every event.
//
// $MOTAMED_DIFF_MATCHES generated matches per game are played (default 2,
// the browser stage's sample; `make diff-rules` plays many more); before
// each event of a match an illegal variant of it is tried, and undone in
// both when the rules took it after all.

// rulesPage serves a bare page with the module, as the server sends it:
// gzip, and cached for good (its URL carries the version in the app).
func rulesPage(t *testing.T) *httptest.Server {
	gz, err := os.ReadFile(filepath.Join(assetsDir(), "rules.wasm.gz"))
	if err != nil {
		t.Fatal(err)
	}
	return modulePage(t, gz)
}

// assetsDir is the folder of the assets the server embeds.
func assetsDir() string {
	_, here, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(filepath.Dir(here)), "api/web/assets")
}

// modulePage serves a bare page with the gzip-compressed WebAssembly module
// gz at /rules.wasm, as rulesPage serves the rules.
func modulePage(t *testing.T, gz []byte) *httptest.Server {
	execJS, err := os.ReadFile(filepath.Join(assetsDir(), "wasm_exec.js"))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			io.WriteString(w, `<!doctype html><html lang="en"><head><title>rules</title><link rel="icon" href="data:,"></head><body><main><h1>rules</h1></main></body></html>`)
		case "/wasm_exec.js":
			w.Header().Set("Content-Type", "text/javascript")
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			w.Write(execJS)
		case "/rules.wasm":
			w.Header().Set("Content-Type", "application/wasm")
			w.Header().Set("Content-Encoding", "gzip")
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			w.Write(gz)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

// loadModuleJS loads the module into the page as the app does (compiled
// while it streams in) and resolves to the milliseconds it took, from the
// script's request to the module's calls being in place.
const loadModuleJS = `(async () => {
  const t0 = performance.now();
  const exec = new Promise((ok, fail) => { const s = document.createElement('script'); s.src = '/wasm_exec.js'; s.onload = ok; s.onerror = fail; document.head.appendChild(s); });
  const compiled = WebAssembly.compileStreaming(fetch('/rules.wasm'));
  await exec;
  const go = new Go();
  const ready = new Promise((ok) => { window.motamedRulesReady = ok; });
  const instance = await WebAssembly.instantiate(await compiled, go.importObject);
  go.run(instance);
  await ready;
  return performance.now() - t0;
})()`

// loadPhasesJS loads the module as loadModuleJS does and resolves to the
// milliseconds of its phases: fetched and compiled, then the Go runtime
// started and the calls in place.
const loadPhasesJS = `(async () => {
  const t0 = performance.now();
  const exec = new Promise((ok, fail) => { const s = document.createElement('script'); s.src = '/wasm_exec.js'; s.onload = ok; s.onerror = fail; document.head.appendChild(s); });
  const mod = await WebAssembly.compileStreaming(fetch('/rules.wasm'));
  await exec;
  const t1 = performance.now();
  const go = new Go();
  const ready = new Promise((ok) => { window.motamedRulesReady = ok; });
  go.run(await WebAssembly.instantiate(mod, go.importObject));
  await ready;
  return [t1 - t0, performance.now() - t1];
})()`

// step is one call of a match's script: apply an event, or (after an
// illegal variant the rules took) undo it.
type step struct {
	Ev     *rules.Event `json:"ev,omitempty"`
	UndoOK bool         `json:"undo_ok,omitempty"` // undo when the apply before was accepted
	// Fix is a batch of fixes checked, not kept (a dry run). The events
	// applied take seqs 1, 2, ... in order, an undo one too, as on the server.
	Fix []bridge.Correction `json:"fix,omitempty"`
}

// runScriptJS runs a match's script in the module: its answers in order
// and each event's milliseconds. With tidy, the module collects its garbage
// after each event, untimed, as the app has it do when the page is idle.
const runScriptJS = `((req, steps, lang, tidy) => {
  const R = window.motamedRules, out = [], times = [];
  const o = JSON.parse(R.open(JSON.stringify(req), lang));
  out.push(JSON.stringify(o.ok ? o.ok.view : o));
  const h = String(o.ok ? o.ok.handle : -1);
  let last = null, seq = 0;
  for (const s of steps) {
    if (s.fix) {
      out.push(R.correct(h, JSON.stringify(s.fix), '0', lang, 'dry'));
      continue;
    }
    if (s.undo_ok) {
      if (last && last.ok) { out.push(R.undo(h, lang)); seq++; }
      last = null;
      continue;
    }
    const t = performance.now();
    const a = R.apply(h, JSON.stringify({ type: s.ev.type, data: s.ev.data, seq: seq + 1 }), lang);
    times.push(performance.now() - t);
    out.push(a);
    last = JSON.parse(a);
    if (last.ok) seq++;
    if (tidy) R.tidy();
  }
  R.close(h);
  return JSON.stringify({ out, times });
})`

// goAnswers runs a match's script through the Go rules: the answers the
// module must give, in order (the opening first), how many events were
// applied and how many of them refused, and the opening's error if any.
func goAnswers(native *bridge.Bridge, req bridge.OpenRequest, steps []step, lang string) (want []string, applied, refused int, openErr error) {
	h, v, err := native.Open(req, lang)
	want = []string{goAnswer(v, err)}
	if err == nil {
		want[0] = mustMarshal(v)
	}
	lastOK := false
	var seq int64
	for _, s := range steps {
		if s.Fix != nil {
			want = append(want, goAnswer(native.Correct(h, s.Fix, 0, lang, true)))
			continue
		}
		if s.UndoOK {
			if lastOK {
				want = append(want, goAnswer(native.Undo(h, lang)))
				seq++
			}
			lastOK = false
			continue
		}
		v, err := native.Apply(h, *s.Ev, seq+1, lang)
		lastOK = err == nil
		if lastOK {
			seq++
		}
		applied++
		if err != nil {
			refused++
		}
		want = append(want, goAnswer(v, err))
	}
	native.Close(h)
	return want, applied, refused, err
}

// goAnswer is the module's answer, worked out by the Go rules.
func goAnswer(v any, err error) string {
	var out any
	if err != nil {
		p, ok := err.(*bridge.Problem)
		if !ok {
			p = &bridge.Problem{Type: "/problems/malformed-request", Title: "The request is malformed", Status: 400, Detail: err.Error()}
		}
		out = map[string]any{"problem": p}
	} else {
		out = map[string]any{"ok": v}
	}
	b, _ := json.Marshal(out)
	return string(b)
}

// canonical is a JSON text with its objects' keys sorted.
func canonical(s string) string {
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		return "not JSON: " + s
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// illegal is a variant of ev that the rules should mostly refuse: another
// player, a number off, a field gone, an unknown type.
func illegal(r *rand.Rand, ev rules.Event, seats int) rules.Event {
	var data map[string]any
	if json.Unmarshal(ev.Data, &data) != nil || len(data) == 0 || r.IntN(8) == 0 {
		return rules.Event{Type: ev.Type + "_x", Data: ev.Data}
	}
	keys := make([]string, 0, len(data))
	for k := range data {
		keys = append(keys, k)
	}
	k := keys[r.IntN(len(keys))]
	switch v := data[k].(type) {
	case float64:
		data[k] = v + float64(r.IntN(5)-2) + 0.0
		if data[k] == v {
			data[k] = v + 7
		}
	case string:
		if strings.HasPrefix(v, play.SeatPrefix) {
			data[k] = play.SeatID(r.IntN(seats))
		} else {
			data[k] = v + "?"
		}
	default:
		delete(data, k)
	}
	b, _ := json.Marshal(data)
	return rules.Event{Type: ev.Type, Data: b}
}

func TestRulesModuleAgreesWithTheServer(t *testing.T) {
	perGame := 2
	if s := os.Getenv("MOTAMED_DIFF_MATCHES"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("MOTAMED_DIFF_MATCHES=%q is not a count", s)
		}
		perGame = n
	}
	srv := rulesPage(t)
	b := newBrowser(t, artifactsDir(t))
	p := b.tab("rules")
	p.open(srv.URL + "/")
	evalIn[float64](p, loadModuleJS)
	native := bridge.New()
	var total, refused, diffs int
	var times []float64
	for _, spec := range play.Games() {
		for i := range perGame {
			seq, _, err := play.Generate(spec, 20261129, i)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(uint64(i), 7))
			lang := []string{"en", "fa"}[i%2]
			req := bridge.OpenRequest{Game: spec.ID, Players: play.SeatPlayers(seq.Seats), Options: json.RawMessage(orEmpty(seq.Options))}
			var steps []step
			for _, ev := range seq.Events(play.SeatIDs(seq.Seats)) {
				bad := illegal(r, ev, seq.Seats)
				steps = append(steps, step{Ev: &bad}, step{UndoOK: true}, step{Ev: &ev})
			}
			// the Go rules
			want, applied, refusals, _ := goAnswers(native, req, steps, lang)
			total += applied
			refused += refusals
			// the module
			reqJSON, stepsJSON := mustMarshal(req), mustMarshal(steps)
			var got struct {
				Out   []string  `json:"out"`
				Times []float64 `json:"times"`
			}
			raw := evalIn[string](p, runScriptJS+"("+reqJSON+","+stepsJSON+","+jsString(lang)+")")
			if err := json.Unmarshal([]byte(raw), &got); err != nil {
				t.Fatal(err)
			}
			times = append(times, got.Times...)
			if len(got.Out) != len(want) {
				t.Errorf("%s match %d: the module gave %d answers, the Go rules %d", spec.ID, i, len(got.Out), len(want))
				diffs++
				continue
			}
			for k := range want {
				if g, w := canonical(got.Out[k]), canonical(want[k]); g != w {
					diffs++
					if diffs <= 5 {
						t.Errorf("%s match %d, answer %d:\nmodule %.600s\nGo     %.600s", spec.ID, i, k, g, w)
					}
				}
			}
		}
	}
	t.Logf("%d events (%d refused) in %d matches per game: %d differences; module %.2f ms per event on average", total, refused, perGame, diffs, avg(times))
	if diffs > 0 {
		t.Fatalf("%d differences between the module and the Go rules", diffs)
	}
	b.clean()
}

// warmUpJS plays the module's sample Wizard match as the app's warmUp does
// once a match is open (all at once: nothing else runs on the page), and
// resolves to its milliseconds.
const warmUpJS = `(() => {
  const R = window.motamedRules, t = performance.now();
  const s = JSON.parse(R.sample('wizard')).ok;
  const h = String(JSON.parse(R.open(JSON.stringify(s.match), 'en')).ok.handle);
  s.events.forEach((e, i) => {
    const a = JSON.parse(R.apply(h, JSON.stringify({ type: e.type, data: e.data, seq: i + 1 }), 'en'));
    if (!a.ok) throw new Error('the sample was refused: ' + JSON.stringify(a));
  });
  R.undo(h, 'en'); R.redo(h, 'en'); R.close(h);
  return performance.now() - t;
})()`

// countOver is how many of xs are over limit.
func countOver(xs []float64, limit float64) int {
	n := 0
	for _, x := range xs {
		if x > limit {
			n++
		}
	}
	return n
}

// TestRulesModuleLoadsFast measures, with the CPU throttled 4x as a
// mid-range phone, how long loading the module and applying the first
// event take, on the first open (nothing cached) and on later opens (the
// module in the browser's cache, its compiled code kept by the browser),
// and each later event, also after the warm-up the app runs (warmUpJS). It logs the figures; the bounds it checks are far
// above them, for a busy machine.
func TestRulesModuleLoadsFast(t *testing.T) {
	srv := rulesPage(t)
	b := newBrowser(t, artifactsDir(t))
	req, events := generatedWizard(t, 1)
	var steps []step
	for _, ev := range events {
		steps = append(steps, step{Ev: &ev})
	}
	// A whole match of many rounds too, whose score sheet grows long.
	longReq, longEvents := generatedWizard(t, 20261129)
	var longSteps []step
	for _, ev := range longEvents {
		longSteps = append(longSteps, step{Ev: &ev})
	}
	for i, open := range []string{"first open", "later open", "later open"} {
		p := b.tab(fmt.Sprintf("rules-throttled-%d", i))
		if _, err := chromedp.Call(p.ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: 4}); err != nil {
			t.Fatal(err)
		}
		p.open(srv.URL + "/")
		start := time.Now()
		phases := evalIn[[]float64](p, loadPhasesJS)
		load := phases[0] + phases[1]
		raw := evalIn[string](p, runScriptJS+"("+mustMarshal(req)+","+mustMarshal(steps)+",'en')")
		var got struct {
			Out   []string  `json:"out"`
			Times []float64 `json:"times"`
		}
		if err := json.Unmarshal([]byte(raw), &got); err != nil {
			t.Fatal(err)
		}
		var later float64
		for _, x := range got.Times[1:] {
			later = max(later, x)
		}
		t.Logf("4x CPU throttling, %s: module loaded in %.0f ms (fetched and compiled %.0f, started %.0f), first event %.1f ms (load and first event %.0f ms); %d later events %.2f ms on average, %.2f ms median, %.1f ms at most (wall %s)",
			open, load, phases[0], phases[1], got.Times[0], load+got.Times[0], len(got.Times)-1, avg(got.Times[1:]), median(got.Times[1:]), later, time.Since(start).Round(time.Millisecond))
		// A whole match: on the first open as the module is then; later as
		// the app has it, after its warm-up once a match is open and with
		// the garbage collected when the page is idle between two taps.
		after, tidy := "", "false"
		if i > 0 {
			after, tidy = fmt.Sprintf(", after the app's warm-up (%.0f ms), collected between events", evalIn[float64](p, warmUpJS)), "true"
		}
		{
			var whole struct {
				Times []float64 `json:"times"`
			}
			if err := json.Unmarshal([]byte(evalIn[string](p, runScriptJS+"("+mustMarshal(longReq)+","+mustMarshal(longSteps)+",'en',"+tidy+")")), &whole); err != nil {
				t.Fatal(err)
			}
			t.Logf("4x CPU throttling, a whole Wizard match of %d events%s: %.2f ms an event on average, %.2f ms median, %.1f ms at most; %d over 20 ms",
				len(whole.Times), after, avg(whole.Times), median(whole.Times), slices.Max(whole.Times), countOver(whole.Times, 20))
		}
		if load+got.Times[0] > within(10000*time.Millisecond).Seconds()*1000 || later > within(2000*time.Millisecond).Seconds()*1000 {
			t.Errorf("the module is far slower than its targets (300 ms to load and apply, 20 ms an event)")
		}
		// Leaving the page lets the browser keep the compiled code.
		p.open("about:blank")
	}
	b.clean()
}

func mustSpec(t *testing.T, id string) play.Spec {
	s, ok := play.ByID(id)
	if !ok {
		t.Fatalf("no generator for %s", id)
	}
	return s
}

func orEmpty(s string) string {
	if s == "" {
		return "{}"
	}
	return s
}

func mustMarshal(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func avg(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	var s float64
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// generatedWizard is the Wizard match the load tool's generator plays from
// seed, as the module opens it and with its events in order.
func generatedWizard(t *testing.T, seed uint64) (bridge.OpenRequest, []rules.Event) {
	t.Helper()
	seq, _, err := play.Generate(mustSpec(t, "wizard"), seed, 0)
	if err != nil {
		t.Fatal(err)
	}
	req := bridge.OpenRequest{Game: "wizard", Players: play.SeatPlayers(seq.Seats), Options: json.RawMessage(orEmpty(seq.Options))}
	return req, seq.Events(play.SeatIDs(seq.Seats))
}
