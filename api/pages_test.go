package api

import (
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/motamed/motamed/api/web"
	"github.com/motamed/motamed/rules/wizard"
)

// pageBody fetches a page and checks that it is HTML.
func pageBody(t *testing.T, ts *testServer, path string) string {
	t.Helper()
	r := ts.do(http.MethodGet, path, nil, "Authorization", "")
	if r.status != 200 {
		t.Fatalf("GET %s: %d %s", path, r.status, r.body)
	}
	if ct := r.header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
		t.Fatalf("GET %s: Content-Type %q", path, ct)
	}
	if r.header.Get("Content-Security-Policy") == "" {
		t.Errorf("GET %s: no Content-Security-Policy", path)
	}
	return string(r.body)
}

func mustContain(t *testing.T, page string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(page, w) {
			t.Errorf("page lacks %q", w)
		}
	}
}

// bootOf returns the JSON the page hands its script.
func bootOf(t *testing.T, page string) map[string]any {
	t.Helper()
	m := regexp.MustCompile(`(?s)<script id="boot" type="application/json">(.*?)</script>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("no boot JSON")
	}
	var v map[string]any
	if err := json.Unmarshal([]byte(m[1]), &v); err != nil {
		t.Fatalf("boot JSON: %v: %.300s", err, m[1])
	}
	return v
}

// wizardWithRuling plays rounds 1 and 2 of a 3-player Wizard match and, in
// round 3, a revoke proven by a later trick: an accepted event with a
// WIZARD-PLAY-7 note.
func wizardWithRuling(t *testing.T, ts *testServer, names ...string) (string, []string) {
	t.Helper()
	var p []string
	for _, n := range names {
		p = append(p, ts.player(t, n))
	}
	id := ts.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "wizard", "players": p})["id"].(string)
	post := func(typ string, data map[string]any) {
		ts.must(t, 201, "POST", "/v1/matches/"+id+"/events", map[string]any{"type": typ, "data": data})
	}
	for r := 1; r <= 2; r++ {
		evs, _ := wizardRound(p, r, 20)
		for _, ev := range evs {
			ts.must(t, 201, "POST", "/v1/matches/"+id+"/events", ev)
		}
	}
	post("round_started", map[string]any{"round": 3, "dealer": p[2], "trump": "none", "trump_card": "jester"})
	for _, i := range []int{0, 1, 2} {
		post("bid", map[string]any{"player": p[i], "bid": 1})
	}
	plays := func(cards ...string) map[string]any {
		var out []map[string]any
		for i := 0; i < len(cards); i += 2 {
			out = append(out, map[string]any{"player": p[cards[i][0]-'0'], "card": cards[i+1]})
		}
		return map[string]any{"plays": out}
	}
	post("trick", plays("0", "blue-5", "1", "red-3", "2", "blue-9"))
	post("trick", plays("2", "green-2", "0", "green-7", "1", "blue-1"))
	return id, p
}

func TestMatchPage(t *testing.T) {
	ts := newTestServer(t, wizard.New())
	id, p := wizardWithRuling(t, ts, "Sara", "رضا", `<b>Kian</b>`)
	match := ts.must(t, 200, "GET", "/v1/matches/"+id, nil)
	totals := match["scores"].(map[string]any)["totals"].(map[string]any)

	en := pageBody(t, ts, "/matches/"+id)
	mustContain(t, en, `<html lang="en" dir="ltr">`, "Scoreboard", "Score sheet", "Running totals", "Latest ruling",
		"WIZARD-PLAY-7", `data-player="`+p[0]+`"`, "رضا", "&lt;b&gt;Kian&lt;/b&gt;",
		html.EscapeString(match["next"].(string)), "/assets/app.css?v="+web.AssetVersion(), "/assets/match.js?v=")
	if strings.Contains(en, "<b>Kian</b>") {
		t.Error("a player's name went into the page unescaped")
	}
	// Each player's total is on its card and in the sheet's footer.
	for _, pid := range p {
		want := fmt.Sprintf(`data-player="%s">`, pid)
		i := strings.Index(en, want)
		if i < 0 {
			t.Fatalf("no card for %s", pid)
		}
		total := fmt.Sprint(totals[pid])
		if !strings.Contains(en[i:i+400], `">`+total+`</span>`) {
			t.Errorf("card of %s lacks total %s: %s", pid, total, en[i:i+400])
		}
	}
	boot := bootOf(t, en)
	// Two scored rounds: the script draws the sheet from the game's view.
	view := boot["match"].(map[string]any)["view"].(map[string]any)
	if rows := view["sheet"].(map[string]any)["rows"].([]any); len(rows) != 2 {
		t.Errorf("%d sheet rows, want 2", len(rows))
	}
	if boot["lang"] != "en" || boot["match"].(map[string]any)["version"] != match["version"] || boot["ruling"].(map[string]any)["rule"] != "WIZARD-PLAY-7" {
		t.Errorf("boot: lang %v version %v ruling %v", boot["lang"], boot["match"].(map[string]any)["version"], boot["ruling"])
	}
	if txt := boot["ruling"].(map[string]any)["text"]; txt == "" || txt == nil {
		t.Error("the ruling has no rule text")
	}

	fa := pageBody(t, ts, "/matches/"+id+"?lang=fa&big=1")
	mustContain(t, fa, `<html lang="fa" dir="rtl" class="big">`, "جدول امتیاز", "برگهٔ امتیاز", "آخرین رأی داور", "Sara", "رضا", "English")
	if bootOf(t, fa)["labels"].(map[string]any)["totals"] != "مجموع" {
		t.Error("Persian labels missing from the boot JSON")
	}
	// Persian digits for the numbers.
	if !regexp.MustCompile(`class="total num[^"]*">[−۰-۹]+</span>`).MatchString(fa) {
		t.Error("totals not in Persian digits")
	}
}

func TestMatchPageBeforeAnyEventAndGenericRounds(t *testing.T) {
	ts := newTestServer(t)
	id, p := streamMatch(t, ts)
	page := pageBody(t, ts, "/matches/"+id)
	mustContain(t, page, "No rulings so far", `"no_rounds":"No rounds scored yet."`)
	for k := 1; k <= 3; k++ {
		addMove(t, ts, id, p, k)
	}
	// A game that describes no view of its own: its totals, no sheet.
	page = pageBody(t, ts, "/matches/"+id)
	if _, ok := bootOf(t, page)["match"].(map[string]any)["view"]; ok {
		t.Error("a game without a view got one")
	}
}

func TestLeaguePage(t *testing.T) {
	ts := newTestServer(t)
	lg := ts.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "Café <Ferdowsi>", "game": "counter"})["id"].(string)
	p := []string{ts.player(t, "Sara"), ts.player(t, "رضا"), ts.player(t, "Kian")}
	empty := pageBody(t, ts, "/leagues/"+lg)
	mustContain(t, empty, "No finished matches yet.", "Café &lt;Ferdowsi&gt;")
	for i := 0; i < 4; i++ {
		a, b := p[i%3], p[(i+1)%3]
		m := ts.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "counter", "players": []string{a, b}, "league_id": lg, "options": map[string]any{"target": 2}})["id"].(string)
		ts.must(t, 201, "POST", "/v1/matches/"+m+"/events", map[string]any{"type": "add", "data": map[string]any{"player": a, "n": 2}})
	}
	en := pageBody(t, ts, "/leagues/"+lg)
	mustContain(t, en, "Standings", "Rating over time", `data-player="`+p[0]+`"`, "Elo", "provisional")
	boot := bootOf(t, en)
	if boot["league_id"] != lg || boot["standings"].(map[string]any)["matches"].(float64) != 4 || len(boot["history"].(map[string]any)) != 3 {
		t.Errorf("boot: %v", boot)
	}
	fa := pageBody(t, ts, "/leagues/"+lg+"?lang=fa")
	mustContain(t, fa, `dir="rtl"`, "جدول رده‌بندی", "درجه در گذر زمان", "رضا")
}

func TestPagesUnknownAndAssets(t *testing.T) {
	ts := newTestServer(t)
	for _, path := range []string{"/matches/nope", "/leagues/nope", "/assets/nope.js", "/assets/../pages.go", "/assets/"} {
		if r := ts.do(http.MethodGet, path, nil); r.status != 404 {
			t.Errorf("GET %s: %d", path, r.status)
		}
	}
	for name, ct := range map[string]string{"app.css": "text/css", "common.js": "javascript", "match.js": "javascript", "league.js": "javascript"} {
		r := ts.do(http.MethodGet, "/assets/"+name+"?v="+web.AssetVersion(), nil)
		if r.status != 200 || !strings.Contains(r.header.Get("Content-Type"), ct) || !strings.Contains(r.header.Get("Cache-Control"), "immutable") {
			t.Errorf("%s: %d %q %q", name, r.status, r.header.Get("Content-Type"), r.header.Get("Cache-Control"))
		}
	}
	if r := ts.do(http.MethodGet, "/assets/app.css", nil); r.header.Get("Cache-Control") != "no-cache" {
		t.Errorf("an unversioned asset is cached: %q", r.header.Get("Cache-Control"))
	}
}
