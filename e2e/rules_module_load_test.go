//go:build browser

package e2e

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/motamed/motamed/rules/bridge"
)

// loadSplitJS loads the module one phase at a time and resolves to the
// milliseconds of each: the download (the gzip body decompressed by the
// browser), the compile (of the whole buffer, not while it streams), the
// instantiation, the Go runtime's start until the calls are in place
// (package initialisation and main), then opening a match and applying its
// first event. Its URL is new to the browser, as on a first visit.
const loadSplitJS = `(async (url, req, ev) => {
  const exec = new Promise((ok, fail) => { const s = document.createElement('script'); s.src = '/wasm_exec.js'; s.onload = ok; s.onerror = fail; document.head.appendChild(s); });
  const t0 = performance.now();
  const bytes = await (await fetch(url)).arrayBuffer();
  const t1 = performance.now();
  const mod = await WebAssembly.compile(bytes);
  const t2 = performance.now();
  await exec;
  const go = new Go();
  const ready = new Promise((ok) => { window.motamedRulesReady = ok; });
  const t3 = performance.now();
  const inst = await WebAssembly.instantiate(mod, go.importObject);
  const t4 = performance.now();
  go.run(inst);
  await ready;
  const t5 = performance.now();
  const R = window.motamedRules;
  const o = JSON.parse(R.open(JSON.stringify(req), 'en'));
  const a = JSON.parse(R.apply(String(o.ok.handle), JSON.stringify({ type: ev.type, data: ev.data, seq: 1 }), 'en'));
  const t6 = performance.now();
  if (!a.ok) throw new Error('the first event was refused: ' + JSON.stringify(a));
  return [t1 - t0, t2 - t1, t4 - t3, t5 - t4, t6 - t5];
})`

// loadStreamingJS loads the module as the app does (compiled while it
// streams in) and resolves to the milliseconds until its calls are in
// place, then to open a match and apply its first event.
const loadStreamingJS = `(async (url, req, ev) => {
  const exec = new Promise((ok, fail) => { const s = document.createElement('script'); s.src = '/wasm_exec.js'; s.onload = ok; s.onerror = fail; document.head.appendChild(s); });
  const t0 = performance.now();
  const mod = await WebAssembly.compileStreaming(fetch(url));
  await exec;
  const go = new Go();
  const ready = new Promise((ok) => { window.motamedRulesReady = ok; });
  go.run(await WebAssembly.instantiate(mod, go.importObject));
  await ready;
  const t1 = performance.now();
  if (!ev) return [t1 - t0, 0];
  const R = window.motamedRules;
  const o = JSON.parse(R.open(JSON.stringify(req), 'en'));
  const a = JSON.parse(R.apply(String(o.ok.handle), JSON.stringify({ type: ev.type, data: ev.data, seq: 1 }), 'en'));
  const t2 = performance.now();
  if (!a.ok) throw new Error('the first event was refused: ' + JSON.stringify(a));
  return [t1 - t0, t2 - t1];
})`

// openLoggedJS opens a match from its log, as the app opens its copy of
// the match on screen, then applies the log's next event: the
// milliseconds of each.
const openLoggedJS = `((req, ev) => {
  const R = window.motamedRules;
  const t0 = performance.now();
  const o = JSON.parse(R.open(JSON.stringify(req), 'en'));
  const t1 = performance.now();
  if (!o.ok) throw new Error('the log was refused: ' + JSON.stringify(o));
  const a = JSON.parse(R.apply(String(o.ok.handle), JSON.stringify({ type: ev.type, data: ev.data, seq: req.events.length + 1 }), 'en'));
  const t2 = performance.now();
  if (!a.ok) throw new Error('the next event was refused: ' + JSON.stringify(a));
  return [t1 - t0, t2 - t1];
})`

// floorPrograms are Go programs that do next to nothing, built for the
// browser as the rules module is: the least any module compiled by Go
// takes to load and start. The second reads one event's JSON, which every
// module that checks events must.
var floorPrograms = []struct{ name, src string }{
	{"an empty Go program", `package main

import "syscall/js"

func main() {
	js.Global().Call("motamedRulesReady")
	select {}
}
`},
	{"a Go program that reads one event's JSON", `package main

import (
	"encoding/json"
	"syscall/js"
)

func main() {
	var ev struct {
		Type string          ` + "`json:\"type\"`" + `
		Data json.RawMessage ` + "`json:\"data\"`" + `
	}
	if json.Unmarshal([]byte(` + "`{\"type\":\"bid\",\"data\":{\"bid\":1}}`" + `), &ev) == nil {
		js.Global().Call("motamedRulesReady", ev.Type)
	}
	select {}
}
`},
}

// floorModule builds src as the rules module is built (GOOS=js GOARCH=wasm,
// stripped) and returns it gzip-compressed, as the server sends the module.
func floorModule(t *testing.T, name, src string) []byte {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "floor.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w", "-o", out, "main.go")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "GOFLAGS=", "GO111MODULE=off")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building %s for the browser: %v\n%s", name, err, b)
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(raw)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %d bytes, %d gzip-compressed", name, len(raw), gz.Len())
	return gz.Bytes()
}

// TestRulesModuleLoadPhases measures, with the CPU throttled 4x as a
// mid-range phone, where loading the module and applying the first event
// spend their time: on a first visit phase by phase, and as the app loads
// it on a first visit and on a returning one (the same URL, from the
// browser's cache, with the compiled code the browser may have kept), and
// beside them the floor: Go programs that do next to nothing (floorPrograms)
// loaded and started the same way, which no module Go compiles goes under. It
// logs the median of a few runs and the machine's load; it checks nothing
// but that every load works, so it is a measurement: it runs when
// MOTAMED_MEASURE is set (`make diff-rules` sets it), not in every test run.
func TestRulesModuleLoadPhases(t *testing.T) {
	if os.Getenv("MOTAMED_MEASURE") == "" {
		t.Skip("a measurement of the module's load: `make diff-rules` runs it (MOTAMED_MEASURE=1)")
	}
	srv := rulesPage(t)
	floors := make([]string, len(floorPrograms))
	for k, f := range floorPrograms {
		floors[k] = modulePage(t, floorModule(t, f.name, f.src)).URL
	}
	b := newBrowser(t, artifactsDir(t))
	req, events := generatedWizard(t, 1)
	first := events[0]
	// A match with a log: its first half, then the next event.
	logged := req
	for i, ev := range events[:len(events)/2] {
		logged.Events = append(logged.Events, bridge.StoredEvent{Seq: int64(i + 1), Type: ev.Type, Data: ev.Data})
	}
	next := events[len(events)/2]
	args := func(url string) string {
		return "(" + mustMarshal(url) + "," + mustMarshal(req) + "," + mustMarshal(first) + ")"
	}
	const runs = 3
	var split [5][]float64
	var fresh, back, withLog [2][]float64
	floor := make([][]float64, len(floorPrograms))
	for i := range runs {
		p := b.tab(fmt.Sprintf("rules-phases-%d", i))
		if _, err := chromedp.Call(p.ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: 4}); err != nil {
			t.Fatal(err)
		}
		p.open(srv.URL + "/")
		for k, x := range evalIn[[]float64](p, loadSplitJS+args(fmt.Sprintf("/rules.wasm?split=%d", i))) {
			split[k] = append(split[k], x)
		}
		url := fmt.Sprintf("/rules.wasm?visit=%d", i)
		for k, x := range evalIn[[]float64](p, loadStreamingJS+args(url)) {
			fresh[k] = append(fresh[k], x)
		}
		// A returning visit: a new page, the module from the browser's cache.
		p.open("about:blank")
		p.open(srv.URL + "/")
		for k, x := range evalIn[[]float64](p, loadStreamingJS+args(url)) {
			back[k] = append(back[k], x)
		}
		// A returning visit to a match with a log: the copy opened from
		// the log compiles what the next event calls.
		p.open("about:blank")
		p.open(srv.URL + "/")
		evalIn[[]float64](p, loadStreamingJS+"("+mustMarshal(url)+",null,null)")
		for k, x := range evalIn[[]float64](p, openLoggedJS+"("+mustMarshal(logged)+","+mustMarshal(next)+")") {
			withLog[k] = append(withLog[k], x)
		}
		// The floor: programs that do next to nothing, loaded as the app
		// loads the rules.
		for k, url := range floors {
			p.open("about:blank")
			p.open(url + "/")
			floor[k] = append(floor[k], evalIn[[]float64](p, loadStreamingJS+fmt.Sprintf("(%q,null,null)", fmt.Sprintf("/rules.wasm?floor=%d", i)))[0])
		}
		p.open("about:blank")
	}
	load, _ := os.ReadFile("/proc/loadavg")
	t.Logf("4x CPU throttling, median of %d, load average %s", runs, strings.Join(strings.Fields(string(load))[:3], " "))
	t.Logf("first visit, phase by phase: download %.0f ms, compile %.0f ms, instantiate %.0f ms, Go runtime start to calls ready %.0f ms, open and first event %.1f ms",
		median(split[0]), median(split[1]), median(split[2]), median(split[3]), median(split[4]))
	t.Logf("first visit, as the app loads it: calls ready in %.0f ms, then open and first event %.1f ms (total %.0f ms)",
		median(fresh[0]), median(fresh[1]), median(fresh[0])+median(fresh[1]))
	t.Logf("returning visit: calls ready in %.0f ms, then open and first event %.1f ms (total %.0f ms)",
		median(back[0]), median(back[1]), median(back[0])+median(back[1]))
	t.Logf("a match with %d events, the module loaded: its copy opened from the log in %.0f ms, then the next event %.1f ms",
		len(logged.Events), median(withLog[0]), median(withLog[1]))
	for k, f := range floorPrograms {
		t.Logf("the floor, %s loaded as the app loads the rules: started in %.0f ms", f.name, median(floor[k]))
	}
	b.clean()
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	return s[len(s)/2]
}
