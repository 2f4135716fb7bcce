package api

import (
	"html"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
	"github.com/motamed/motamed/rules/wizard"
)

var (
	scriptsAndStyles = regexp.MustCompile(`(?s)<script.*?</script>|<style.*?</style>|<title>.*?</title>`)
	tags             = regexp.MustCompile(`(?s)<[^>]*>`)
	// allowedLatin are the Latin words a Persian page or problem may show:
	// rule IDs, the brand's Latin spelling, the link to the other language
	// and to the JSON, header and token syntax quoted to a developer, and
	// the IDs a problem quotes, the body limit as configured (64K), and the
	// server's --public-url flag, quoted to whoever starts it.
	allowedLatin = regexp.MustCompile(`\(\d+[KMG]\)|[A-Z]+(-[A-Z0-9]+)+|\bMotamed\b|\bEnglish\b|\bJSON\b|\bQR\b|Authorization: Bearer <token>|Idempotency-Key|--public-url|"[^"]*"|μ|σ`)
	latinWord    = regexp.MustCompile(`[A-Za-z]{2,}|[0-9]`)
)

// visibleText is what a page shows: no scripts (their JSON is data), no
// tags, entities decoded.
func visibleText(page string) string {
	return html.UnescapeString(tags.ReplaceAllString(scriptsAndStyles.ReplaceAllString(page, " "), " "))
}

// notPersian lists what in text is an English word or a Latin digit, once
// the players' names and the allowed words are taken out.
func notPersian(text string, names []string) []string {
	for _, n := range names {
		text = strings.ReplaceAll(text, n, " ")
	}
	text = allowedLatin.ReplaceAllString(text, " ")
	var out []string
	for _, m := range latinWord.FindAllStringIndex(text, -1) {
		lo, hi := max(0, m[0]-25), min(len(text), m[1]+25)
		out = append(out, strings.Join(strings.Fields(text[lo:hi]), " "))
	}
	return out
}

// TestPersianWalk opens every page and causes every kind of problem in
// Persian, and fails on an English word or a Latin digit outside the JSON
// the pages carry for their scripts, player names and IDs.
func TestPersianWalk(t *testing.T) {
	ts := newTestServer(t, wizard.New(), rulestest.Counter())
	names := []string{"Sara", "Reza", "Kian"}
	match, p := wizardWithRuling(t, ts, names...)
	league := ts.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "لیگ کافه", "game": "wizard"})["id"].(string)
	finished := ts.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "wizard", "players": p, "league_id": league, "options": map[string]any{"rounds": 1}})["id"].(string)
	ts.must(t, 201, "POST", "/v1/matches/"+finished+"/events", map[string]any{"type": "round_started", "data": map[string]any{"trump": "red", "trump_card": "red-7"}})
	for _, i := range []int{1, 2, 0} {
		ts.must(t, 201, "POST", "/v1/matches/"+finished+"/events", map[string]any{"type": "bid", "data": map[string]any{"player": p[i], "bid": 0}})
	}
	ts.must(t, 201, "POST", "/v1/matches/"+finished+"/events", map[string]any{"type": "tricks", "data": map[string]any{"won": map[string]any{p[0]: 1, p[1]: 0, p[2]: 0}}})
	live := ts.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "wizard", "players": p, "league_id": league})["id"].(string)
	ts.must(t, 201, "POST", "/v1/matches/"+live+"/events", map[string]any{"type": "round_started", "data": map[string]any{"trump": "blue", "trump_card": "blue-12"}})
	// A bid recorded and undone: marked where it stands, with the undo's time.
	ts.must(t, 201, "POST", "/v1/matches/"+live+"/events", map[string]any{"type": "bid", "data": map[string]any{"player": p[1], "bid": 1}})
	ts.must(t, 200, "POST", "/v1/matches/"+live+"/undo", nil)
	page := visibleText(string(ts.do("GET", "/matches/"+live+"?lang=fa", nil).body))
	if !regexp.MustCompile(`اصلاح‌ها\s+رویداد\s+۲\s*،\s+پیش‌بینی\s+\(\s*Reza\s*\)\s*،\s+باطل شد، ساعت\s+[۰-۹]{2}:[۰-۹]{2}`).MatchString(page) {
		t.Errorf("the undone bid is not marked with its correction's time, its parts joined by \"، \" (a dot beside Persian digits reads as a zero):\n%s", strings.Join(strings.Fields(page), " "))
	}
	private := ts.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "خصوصی", "game": "wizard", "visibility": "private"})["id"].(string)

	for _, path := range []string{"/matches/" + match, "/matches/" + match + "?big=1", "/matches/" + finished, "/matches/" + live + "?big=1",
		"/leagues/" + league, "/leagues/" + league + "?big=1", "/leagues/" + private, "/matches/m_nope",
		"/leagues/" + league + "/tables", "/leagues/" + league + "/rotation"} {
		r := ts.do("GET", path, nil, "Accept-Language", "fa", "Authorization", "")
		if r.status != 200 && r.status != 404 {
			t.Fatalf("%s: %d", path, r.status)
		}
		if bad := notPersian(visibleText(string(r.body)), names); len(bad) > 0 {
			t.Errorf("%s in Persian shows:\n  %s", path, strings.Join(bad, "\n  "))
		}
	}

	viewer := db.NewSecret()
	if _, err := ts.store.CreateToken(t.Context(), viewer, db.RoleViewer, league, "", ""); err != nil {
		t.Fatal(err)
	}
	fresh := ts.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "wizard", "players": p})["id"].(string)
	merged := ts.player(t, "Kian Two")
	ts.must(t, 200, "POST", "/v1/players/"+merged+"/merge", map[string]any{"into": p[2]})
	keyed := ts.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "wizard", "players": p})["id"].(string)
	ts.must(t, 201, "POST", "/v1/matches/"+keyed+"/events", map[string]any{"type": "round_started", "data": map[string]any{"trump": "red"}}, "Idempotency-Key", "k-1")
	problems := []struct {
		method, path string
		body         any
		headers      []string
	}{
		{"POST", "/v1/players", map[string]any{"name": "x"}, []string{"Authorization", ""}},                                                                                         // unauthorized
		{"POST", "/v1/matches/" + live + "/events", map[string]any{"type": "bid", "data": map[string]any{"player": p[1], "bid": 0}}, []string{"Authorization", "Bearer " + viewer}}, // forbidden
		{"GET", "/v1/matches/m_nope", nil, nil}, // not found
		{"GET", "/v1/nothing-here", nil, nil},   // no such route
		{"POST", "/v1/matches/" + live + "/events", map[string]any{"type": "bid", "data": map[string]any{"player": p[0], "bid": 0}}, nil},                         // a rule
		{"POST", "/v1/matches/" + finished + "/events", map[string]any{"type": "round_started", "data": map[string]any{"trump": "red"}}, nil},                     // finished
		{"POST", "/v1/matches/" + live + "/events", map[string]any{"type": "bid", "data": map[string]any{"player": p[1], "bid": 0}}, []string{"If-Match", `"0"`}}, // version
		{"POST", "/v1/qr", strings.Repeat("x", 70<<10), nil},             // too large
		{"POST", "/v1/players", map[string]any{}, nil},                   // malformed
		{"POST", "/v1/players", map[string]any{"name": 5, "zz": 1}, nil}, // malformed, two fields
		{"POST", "/v1/matches/" + fresh + "/undo", nil, nil},             // nothing to undo
		{"POST", "/v1/matches/" + keyed + "/events", map[string]any{"type": "round_started", "data": map[string]any{"trump": "blue"}}, []string{"Idempotency-Key", "k-1"}}, // key reused
		{"POST", "/v1/matches", map[string]any{"game": "counter", "players": p, "league_id": league}, nil},                                                                 // another game's league
		{"GET", "/v1/players/" + merged, nil, nil}, // merged
		{"POST", "/v1/matches/" + live + "/events", map[string]any{"type": "nope", "data": map[string]any{}}, nil},  // unknown event
		{"POST", "/v1/players", map[string]any{"name": "sara"}, nil},                                                // a known name
		{"POST", "/v1/matches/" + live + "/events/2/void", nil, nil},                                                // already voided
		{"PUT", "/v1/matches/" + live + "/events/99", map[string]any{"type": "bid", "data": map[string]any{}}, nil}, // no such event
	}
	for _, pr := range problems {
		h := append([]string{"Accept-Language", "fa"}, pr.headers...)
		r := ts.do(pr.method, pr.path, pr.body, h...)
		if r.status < 400 {
			t.Fatalf("%s %s: %d, want a problem", pr.method, pr.path, r.status)
		}
		m := r.json(t)
		text := []string{m["title"].(string)}
		if d, ok := m["detail"].(string); ok {
			text = append(text, d)
		}
		if vs, ok := m["violations"].([]any); ok {
			for _, v := range vs {
				text = append(text, v.(map[string]any)["message"].(string), v.(map[string]any)["title"].(string))
			}
		}
		ids := append(names, "m_nope", live, finished, merged, p[0], p[1], p[2])
		if fs, ok := m["fields"].([]any); ok {
			for _, f := range fs {
				ids = append(ids, f.(map[string]any)["field"].(string)) // the request's own names
			}
		}
		if bad := notPersian(strings.Join(text, " · "), ids); len(bad) > 0 {
			t.Errorf("%s %s (%d) in Persian says:\n  %s", pr.method, pr.path, r.status, strings.Join(bad, "\n  "))
		}
	}
}

// TestPersianTooManyWrites: the rate limit's problem in Persian.
func TestPersianTooManyWrites(t *testing.T) {
	base := newTestServer(t)
	e, _ := newServer(t, Config{WritesPerSecond: 1}, base.store, rules.NewRegistry(rulestest.Counter()))
	var last response
	for i := 0; i < 4; i++ {
		req := httptest.NewRequest("POST", "/v1/qr", strings.NewReader(`{"text":"x"}`))
		req.Header.Set("Accept-Language", "fa")
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		last = response{status: rec.Code, body: rec.Body.Bytes()}
	}
	if last.status != 429 {
		t.Fatalf("status %d", last.status)
	}
	m := last.json(t)
	if bad := notPersian(m["title"].(string)+" · "+m["detail"].(string), nil); len(bad) > 0 {
		t.Errorf("429 in Persian says %v", bad)
	}
}
