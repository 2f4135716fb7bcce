//go:build browser

package e2e

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules/all"
)

// liveWithin is how long the page may take to show what the API accepted:
// a deadline for a condition, not a measure of speed (the stream's latency
// is measured by the benchmarks), so it is generous.
var liveWithin = within(10 * time.Second)

// slowFactor is $MOTAMED_TEST_SLOW (default 1): every deadline of the suite
// is multiplied by it, for a machine busier or slower than usual.
var slowFactor = func() float64 {
	if f, err := strconv.ParseFloat(os.Getenv("MOTAMED_TEST_SLOW"), 64); err == nil && f >= 1 {
		return f
	}
	return 1
}()

// cpuThrottle is $MOTAMED_TEST_CPU_THROTTLE (default 1): every tab runs
// its scripts that many times slower, which widens the windows in which a
// test that waits on the wrong condition fails, so such a test fails here
// rather than by chance in CI. Raise MOTAMED_TEST_SLOW with it.
var cpuThrottle = func() float64 {
	if f, err := strconv.ParseFloat(os.Getenv("MOTAMED_TEST_CPU_THROTTLE"), 64); err == nil && f >= 1 {
		return f
	}
	return 1
}()

// within is the deadline d scaled by slowFactor.
func within(d time.Duration) time.Duration { return time.Duration(float64(d) * slowFactor) }

// findChromium returns the browser to drive: $MOTAMED_CHROMIUM, else
// Debian's /usr/bin/chromium, else chromium on the PATH.
func findChromium() string {
	if p := os.Getenv("MOTAMED_CHROMIUM"); p != "" {
		return p
	}
	for _, p := range []string{"/usr/bin/chromium", "/usr/bin/chromium-browser"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

func artifactsDir(t *testing.T) string {
	dir := os.Getenv("MOTAMED_ARTIFACTS")
	if dir == "" {
		dir = filepath.Join("..", "artifacts", "browser")
	}
	dir, _ = filepath.Abs(dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

var (
	buildOnce sync.Once
	builtBin  string
	buildErr  error
)

// buildServer builds ./cmd/motamed once for all the tests of the package.
func buildServer(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "motamed-e2e-")
		if err != nil {
			buildErr = err
			return
		}
		builtBin = filepath.Join(dir, "motamed")
		build := exec.Command("go", "build", "-o", builtBin, "./cmd/motamed")
		build.Dir = ".."
		if out, err := build.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return builtBin
}

// shutdownTimeout is how long the server's shutdown may wait for requests
// in flight: a stop that waited for an open stream would take all of it.
var shutdownTimeout = within(60 * time.Second)

// server is the real motamed binary on a fresh database.
type server struct {
	cmd  *exec.Cmd
	base string
	done chan error
}

// startServer builds ./cmd/motamed, makes a fresh database holding an admin
// token, and serves it on a free port, with the flags extra adds.
func startServer(t *testing.T, dir, logFile string, extra ...string) (*server, string) {
	t.Helper()
	bin := buildServer(t)
	dbPath := filepath.Join(dir, "e2e.db")
	secret := db.NewSecret()
	store, err := db.Open(context.Background(), db.Config{Path: dbPath}, all.Registry())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.CreateToken(context.Background(), secret, db.RoleAdmin, "", "browser test", ""); err != nil {
		t.Fatal(err)
	}
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}

	logw, err := os.Create(logFile)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { logw.Close() })
	cmd := exec.Command(bin, append([]string{"--addr", "127.0.0.1:0", "--db", dbPath, "--log-format", "text", "--shutdown-timeout", shutdownTimeout.String()}, extra...)...)
	cmd.Dir = dir
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout = logw
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &server{cmd: cmd, done: make(chan error, 1)}
	addr := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`addr=(http://\S+)`)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			fmt.Fprintln(logw, sc.Text())
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				select {
				case addr <- m[1]:
				default:
				}
			}
		}
		s.done <- cmd.Wait()
	}()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
		}
	})
	select {
	case s.base = <-addr:
	case err := <-s.done:
		t.Fatalf("the server exited: %v (log: %s)", err, logFile)
	case <-time.After(within(60 * time.Second)):
		t.Fatalf("the server did not start (log: %s)", logFile)
	}
	return s, secret
}

// stop shuts the server down as SIGTERM does and says how long it took.
func (s *server) stop(t *testing.T) time.Duration {
	t.Helper()
	start := time.Now()
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-s.done:
		if err != nil {
			t.Errorf("the server exited with %v", err)
		}
	case <-time.After(2 * shutdownTimeout):
		t.Fatal("the server did not stop")
	}
	return time.Since(start)
}

// client calls the API.
type client struct {
	t     *testing.T
	base  string
	token string
}

func (c *client) do(method, path string, body any, want int) map[string]any {
	c.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, c.base+path, rd)
	req.Header.Set("Content-Type", "application/json")
	if c.token != "" && method != http.MethodGet {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != want {
		c.t.Fatalf("%s %s: %d, want %d: %s", method, path, resp.StatusCode, want, raw)
	}
	var out map[string]any
	_ = json.Unmarshal(raw, &out)
	return out
}

func (c *client) id(method, path string, body any) string {
	c.t.Helper()
	return c.do(method, path, body, 201)["id"].(string)
}

// players creates a player of each name (a name used before makes another
// player) and returns their IDs in that order.
func (c *client) players(names ...string) []string {
	c.t.Helper()
	ids := make([]string, len(names))
	for i, n := range names {
		ids[i] = c.id("POST", "/v1/players", map[string]any{"name": n, "allow_duplicate": true})
	}
	return ids
}

type wizardMatch struct {
	c  *client
	id string
	p  []string
}

// event records one event and returns the match after it.
func (w *wizardMatch) event(typ string, data map[string]any) map[string]any {
	w.c.t.Helper()
	return w.c.do("POST", "/v1/matches/"+w.id+"/events", map[string]any{"type": typ, "data": data}, 201)["match"].(map[string]any)
}

// shortMatch plays a one-round league match: winner bids 1 and takes the
// trick (+30), loser bids 1 and takes none (−10), the third bids 0 (+20).
func shortMatch(c *client, league string, p []string, winner, loser int) {
	c.t.Helper()
	w := &wizardMatch{c: c, p: p, id: c.id("POST", "/v1/matches", map[string]any{"game": "wizard", "players": p, "league_id": league, "options": map[string]any{"rounds": 1}})}
	w.event("round_started", map[string]any{"trump": "red", "trump_card": "red-7"})
	won := map[string]any{}
	for _, i := range []int{1, 2, 0} { // bids from the dealer's left
		bid := 0
		if i == winner || i == loser {
			bid = 1
		}
		w.event("bid", map[string]any{"player": p[i], "bid": bid})
		won[p[i]] = 0
	}
	won[p[winner]] = 1
	if m := w.event("tricks", map[string]any{"won": won}); m["status"] != "finished" {
		c.t.Fatalf("the short match did not finish: %v", m["status"])
	}
}

func TestScoreboardAndLeagueInBrowser(t *testing.T) {
	chromium := findChromium()
	if chromium == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("Chromium is not installed; .ci/browser-deps should have installed it")
		}
		t.Skip("Chromium is not installed (run .ci/browser-deps); skipping outside CI")
	}
	ctx, cancel := context.WithTimeout(context.Background(), within(300*time.Second))
	defer cancel()
	arts := artifactsDir(t)
	dir := t.TempDir()
	srv, token := startServer(t, dir, filepath.Join(arts, "server.log"))
	api := &client{t: t, base: srv.base, token: token}

	chromeLog, err := os.Create(filepath.Join(arts, "chromium.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer chromeLog.Close()
	b, err := startBrowser(chromium, filepath.Join(dir, "profile"), chromeLog)
	if err != nil {
		t.Fatalf("start %s: %v", chromium, err)
	}
	defer b.close()
	pg, err := b.newPage(ctx)
	if err != nil {
		t.Fatalf("DevTools: %v (see %s)", err, chromeLog.Name())
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	shoot := func(name string) {
		t.Helper()
		must(pg.waitFor(ctx, liveWithin, `document.getElementById("live").dataset.state === "live"`))
		must(pg.screenshot(ctx, filepath.Join(arts, name)))
		t.Logf("screenshot %s", filepath.Join(arts, name))
	}

	// A league with three finished one-round matches, and a Wizard match in it.
	p := []string{api.id("POST", "/v1/players", map[string]any{"name": "Sara"}),
		api.id("POST", "/v1/players", map[string]any{"name": "رضا"}),
		api.id("POST", "/v1/players", map[string]any{"name": "Kian"})}
	league := api.id("POST", "/v1/leagues", map[string]any{"name": "لیگ کافه فردوسی", "game": "wizard"})
	shortMatch(api, league, p, 0, 1)
	shortMatch(api, league, p, 1, 2)
	shortMatch(api, league, p, 0, 2)
	m := &wizardMatch{c: api, p: p, id: api.id("POST", "/v1/matches", map[string]any{"game": "wizard", "players": p, "league_id": league})}

	must(pg.viewport(ctx, 1280, 900, false))
	must(pg.open(ctx, srv.base+"/matches/"+m.id))
	must(pg.waitFor(ctx, liveWithin, `document.getElementById("live").dataset.state === "live"`))

	// Each event the API accepts shows on the page (within liveWithin): its
	// version, what is due next, every player's total.
	version := 0
	post := func(typ string, data map[string]any) map[string]any {
		t.Helper()
		match := m.event(typ, data)
		version++
		posted := time.Now()
		cond := fmt.Sprintf(`document.getElementById("version").textContent === "%d" && document.getElementById("next-text").textContent === %s`,
			version, jsString(match["next"].(string)))
		totals := match["totals"].(map[string]any)
		for _, id := range p {
			cond += fmt.Sprintf(` && document.querySelector('#players [data-player="%s"] .total').textContent === "%v"`, id, totals[id])
		}
		if err := pg.waitFor(ctx, liveWithin, cond); err != nil {
			var shown any
			_ = pg.eval(ctx, `[document.getElementById("version").textContent, [...document.querySelectorAll("#players .total")].map(e => e.textContent)]`, &shown)
			t.Fatalf("event %d (%s) not shown within %v: page shows %v, API says %v", version, typ, liveWithin, shown, totals)
		}
		if d := time.Since(posted); d > 500*time.Millisecond {
			t.Logf("event %d took %v to show", version, d)
		}
		return match
	}
	round := func(r, dealer int, bids map[int]int, won map[int]int) {
		post("round_started", map[string]any{"trump": "none", "trump_card": "jester"})
		for k := 1; k <= 3; k++ {
			i := (dealer + k) % 3
			post("bid", map[string]any{"player": p[i], "bid": bids[i]})
		}
		w := map[string]any{}
		for i, n := range won {
			w[p[i]] = n
		}
		post("tricks", map[string]any{"won": w})
	}
	round(1, 0, map[int]int{0: 0, 1: 1, 2: 0}, map[int]int{0: 0, 1: 1, 2: 0})
	round(2, 1, map[int]int{0: 1, 1: 1, 2: 1}, map[int]int{0: 1, 1: 0, 2: 1})
	// Round 3: رضا does not follow blue, then plays blue: a proven revoke,
	// accepted with a WIZARD-PLAY-7 note that the page shows as the ruling.
	post("round_started", map[string]any{"trump": "none", "trump_card": "jester"})
	for _, i := range []int{0, 1, 2} {
		post("bid", map[string]any{"player": p[i], "bid": 1})
	}
	trick := func(seats []int, cards ...string) map[string]any {
		var plays []map[string]any
		for k, i := range seats {
			plays = append(plays, map[string]any{"player": p[i], "card": cards[k]})
		}
		return map[string]any{"plays": plays}
	}
	post("trick", trick([]int{0, 1, 2}, "blue-5", "red-3", "blue-9"))
	post("trick", trick([]int{2, 0, 1}, "green-2", "green-7", "blue-1"))
	must(pg.waitFor(ctx, liveWithin, `document.querySelector("#ruling-body .rule-id")?.textContent === "WIZARD-PLAY-7"`))
	must(pg.waitFor(ctx, liveWithin, `document.querySelector("#ruling-body .rule-text")?.textContent.length > 0`))
	post("trick", trick([]int{0, 1, 2}, "yellow-1", "yellow-5", "yellow-3"))
	// Round 4, recorded wrongly, undone, and recorded again.
	post("round_started", map[string]any{"trump": "none", "trump_card": "jester"})
	for _, i := range []int{1, 2, 0} {
		post("bid", map[string]any{"player": p[i], "bid": map[int]int{1: 2, 2: 1, 0: 0}[i]})
	}
	post("tricks", map[string]any{"won": map[string]any{p[0]: 1, p[1]: 2, p[2]: 1}})
	api.do("POST", "/v1/matches/"+m.id+"/undo", nil, 200)
	version++
	must(pg.waitFor(ctx, liveWithin, fmt.Sprintf(`document.getElementById("version").textContent === "%d" && document.querySelectorAll("#sheet tbody tr").length === 3`, version)))
	final := post("tricks", map[string]any{"won": map[string]any{p[0]: 0, p[1]: 2, p[2]: 2}})

	// The sheet has four rounds and the totals; the chart a line of five
	// points (0 and four rounds) per player.
	var shape struct {
		Rows, Lines int
		Points      []int
		Foot        []string
	}
	must(pg.eval(ctx, `({rows: document.querySelectorAll("#sheet tbody tr").length,
		lines: document.querySelectorAll("#chart polyline").length,
		points: [...document.querySelectorAll("#chart polyline")].map(l => l.getAttribute("points").split(" ").length),
		foot: [...document.querySelectorAll("#sheet tfoot td.total")].map(td => td.textContent)})`, &shape))
	totals := final["totals"].(map[string]any)
	wantFoot := []string{fmt.Sprint(totals[p[0]]), fmt.Sprint(totals[p[1]]), fmt.Sprint(totals[p[2]])}
	if shape.Rows != 4 || shape.Lines != 3 || fmt.Sprint(shape.Points) != "[5 5 5]" || fmt.Sprint(shape.Foot) != fmt.Sprint(wantFoot) {
		t.Errorf("after four rounds: %+v, want 4 rows, 3 lines of 5 points, totals %v", shape, wantFoot)
	}
	// What the script drew is what the server renders on a reload.
	var drawn, served string
	must(pg.eval(ctx, `document.getElementById("sheet").innerHTML.replace(/\s+/g, "")`, &drawn))
	must(pg.open(ctx, srv.base+"/matches/"+m.id))
	must(pg.eval(ctx, `document.getElementById("sheet").innerHTML.replace(/\s+/g, "")`, &served))
	if drawn != served {
		t.Errorf("the live sheet differs from the served one:\nlive:   %.400s\nserved: %.400s", drawn, served)
	}
	shoot("scoreboard-en.png")

	must(pg.open(ctx, srv.base+"/matches/"+m.id+"?lang=fa"))
	var pageDir, name string
	must(pg.eval(ctx, `document.documentElement.dir`, &pageDir))
	must(pg.eval(ctx, `document.querySelector('#players [data-player="`+p[1]+`"] .name').textContent`, &name))
	if pageDir != "rtl" || name != "رضا" {
		t.Errorf("Persian page: dir %q, name %q", pageDir, name)
	}
	shoot("scoreboard-fa.png")
	must(pg.viewport(ctx, 390, 844, true))
	shoot("scoreboard-phone-fa.png")
	must(pg.viewport(ctx, 1920, 1080, false))
	must(pg.open(ctx, srv.base+"/matches/"+m.id+"?big=1"))
	shoot("scoreboard-tv-en.png")

	// Without JavaScript the page is the same score sheet, static.
	must(pg.call(ctx, "Emulation.setScriptExecutionDisabled", map[string]any{"value": true}, nil))
	must(pg.viewport(ctx, 1280, 900, false))
	must(pg.open(ctx, srv.base+"/matches/"+m.id))
	var static struct {
		Live  string
		Total string
	}
	must(pg.call(ctx, "Emulation.setScriptExecutionDisabled", map[string]any{"value": false}, nil))
	must(pg.eval(ctx, `({live: document.getElementById("live").dataset.state, total: document.querySelector('#players [data-player="`+p[0]+`"] .total').textContent})`, &static))
	if static.Live != "static" || static.Total != fmt.Sprint(totals[p[0]]) {
		t.Errorf("without JavaScript: %+v", static)
	}

	// The league page follows its stream: a finished match shows at once.
	must(pg.open(ctx, srv.base+"/leagues/"+league))
	must(pg.waitFor(ctx, liveWithin, `document.getElementById("live").dataset.state === "live"`))
	must(pg.waitFor(ctx, liveWithin, `document.getElementById("matches").textContent === "3" && document.querySelectorAll("#standings tbody tr").length === 3 && document.querySelectorAll("#chart polyline").length === 3`))
	shortMatch(api, league, p, 2, 0)
	must(pg.waitFor(ctx, liveWithin, `document.getElementById("matches").textContent === "4"`))
	must(pg.waitFor(ctx, liveWithin, `[...document.querySelectorAll("#chart polyline")].every(l => l.getAttribute("points").split(" ").length === 4)`))
	shoot("league-en.png")
	must(pg.open(ctx, srv.base+"/leagues/"+league+"?lang=fa"))
	var leagueName string
	must(pg.eval(ctx, `document.querySelector(".league-name").textContent`, &leagueName))
	if leagueName != "لیگ کافه فردوسی" {
		t.Errorf("league name %q", leagueName)
	}
	shoot("league-fa.png")
	must(pg.viewport(ctx, 390, 844, true))
	shoot("league-phone-fa.png")

	if problems := b.takeProblems(); len(problems) > 0 {
		t.Errorf("the pages reported errors:\n%s", strings.Join(problems, "\n"))
	}

	// A graceful stop does not wait for the open stream (which would make
	// it last the whole shutdown timeout).
	if d := srv.stop(t); d >= shutdownTimeout/2 {
		t.Errorf("the server took %v to stop with a stream open", d)
	}
}
