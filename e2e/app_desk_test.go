//go:build browser

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// publicURL is the address the server is told phones reach it at: the
// table codes must carry it, not the address the browser opened.
const publicURL = "http://192.168.50.7:8080"

// An owner runs a cafe night from the desk, clicks and typing only: a
// league, six players (one a duplicate, merged with its preview), tables
// whose printed codes carry --public-url and come back the same after a
// reload, a loopback address only under a warning, a table's phone that
// starts the table's match, is revoked and says so within 2 s, and a
// finished match in the play log with its date and winner. A scorer sees
// no desk. Both languages, laptop and phone sizes, axe-core clean.
func TestOwnersDesk(t *testing.T) {
	b, c := appServer(t, "--public-url", publicURL)
	desk := b.tab("desk")
	desk.do("laptop size", chromedp.EmulateViewport(1280, 800))
	signIn(desk, c)
	desk.click("#open-desk")

	// A league.
	desk.typeIn("#dk-nl-name", "Cafe Night")
	desk.choose("#dk-nl-game", "wizard")
	desk.choose("#dk-nl-vis", "private")
	desk.click("#dk-nl-create")
	desk.waitText("#dk-league-card", "Cafe Night")
	league := evalIn[string](desk, `document.querySelector('#dk-link-screen').getAttribute('href').split('/')[2].split('?')[0]`)

	// Six players, one a duplicate.
	desk.click("#dk-tab-players")
	for _, n := range []string{"Sara", "Reza", "Kian", "Mina", "Ali"} {
		desk.typeIn("#dk-pl-name", n)
		desk.click("#dk-pl-add")
		desk.waitText("#dk-players", n)
	}
	desk.typeIn("#dk-pl-name", "sara")
	desk.click("#dk-pl-add")
	desk.waitText("#dk-pl-same", "Sara")
	desk.click("#dk-pl-anyway")
	waitFor(desk, `document.querySelector('#dk-players li[data-name="sara"]')`)
	// The duplicate played a match before anyone noticed: the merge preview
	// shows what the player kept will have.
	players := c.do("GET", "/v1/players?limit=20", nil, 200)["items"].([]any)
	byName := map[string]string{}
	for _, p := range players {
		m := p.(map[string]any)
		byName[m["name"].(string)] = m["id"].(string)
	}
	shortMatch(c, league, []string{byName["sara"], byName["Reza"], byName["Kian"]}, 0, 1)
	desk.click(`#dk-players li[data-name="sara"] .dk-merge`)
	desk.choose("#dk-into-"+byName["sara"], byName["Sara"])
	desk.waitText(".dk-preview-matches", "Matches that move: 1")
	desk.waitText(".dk-preview-played", "Played: 0 → 1")
	desk.waitText(".dk-preview-wins", "Wins: 0 → 1")
	desk.shot("desk-merge-preview")
	desk.click(".dk-merge-do")
	desk.waitText("#dk-msg", "sara is now part of Sara")
	waitFor(desk, `!document.querySelector('#dk-players li[data-name="sara"]')`)
	// Sara's page: her matches, wins, places and rating in the league.
	desk.click(`#dk-players li[data-name="Sara"] .dk-open`)
	desk.waitText(`#dk-players li[data-name="Sara"] .dk-stats`, "Place 1")
	desk.waitText(`#dk-players li[data-name="Sara"] .dk-rating`, "Rating in Cafe Night:")

	// Tables: made once, printed with the public address, the same after a
	// reload.
	desk.click("#dk-tab-tables")
	desk.typeIn("#dk-tb-count", "3")
	desk.click("#dk-tb-add")
	desk.waitText("#dk-tables", "Table 3")
	desk.click("#dk-print")
	waitFor(desk, `document.querySelectorAll('#codes figure.table img').length === 3 && [...document.querySelectorAll('#codes img')].every(i => i.complete && i.naturalWidth > 0)`)
	first := tableCodes(t, desk)
	if len(first) != 3 {
		t.Fatalf("printed %d table codes, want 3", len(first))
	}
	for label, link := range first {
		if !strings.HasPrefix(link, publicURL+"/#token=mtd_") {
			t.Errorf("%s's code opens %s, want %s/#token=...", label, link, publicURL)
		}
	}
	if desk.textOf("#loopback") != "" {
		t.Error("the loopback warning shows for the public address")
	}
	desk.shot("desk-table-codes")
	desk.open(c.base + "/leagues/" + league + "/tables")
	waitFor(desk, `document.querySelectorAll('#codes figure.table img').length === 3 && [...document.querySelectorAll('#codes img')].every(i => i.complete && i.naturalWidth > 0)`)
	again := tableCodes(t, desk)
	for label, link := range first {
		if again[label] != link {
			t.Errorf("after a reload %s's code is %q, was %q", label, again[label], link)
		}
	}
	// The server's own (loopback) address prints only under a warning.
	loop := evalIn[string](desk, `[...document.querySelectorAll('#address option')].map(o => o.value).find(v => v.includes('127.0.0.1')) || ''`)
	if loop == "" {
		t.Fatal("the server's own address is not offered")
	}
	desk.choose("#address", loop)
	desk.waitText("#loopback", "works only on this computer")
	desk.shot("desk-loopback-warning")

	// A table's phone starts the table's match, and sees no desk.
	phone := b.tab("phone")
	table1 := strings.TrimPrefix(first["Table 1"], publicURL)
	phone.open(c.base + table1)
	phone.waitText("#who", "Scorer of Cafe Night")
	if phone.textOf("#open-desk") != "" {
		t.Error("a scorer sees the desk")
	}
	phone.click("#new-match")
	waitFor(phone, `document.querySelector('#nm-table') && document.querySelector('#nm-table').value === 'Table 1'`)
	if games := evalIn[[]string](phone, `[...document.querySelectorAll('#nm-game option')].map(o => o.value)`); len(games) != 1 || games[0] != "wizard" {
		t.Errorf("a table of a Wizard league is offered %v", games)
	}
	phone.open(c.base + "/#/desk")
	phone.waitText("#who", "Scorer")
	if phone.textOf("#desk") != "" {
		t.Error("a scorer opened the desk")
	}
	waitFor(phone, `document.body.dataset.watch === 'open'`)

	// Revoking the table signs its phone out within 2 s.
	// (The tabs share one browser's storage: the desk signs in again.)
	signIn(desk, c)
	desk.click("#open-desk")
	desk.click("#dk-tab-tables")
	desk.waitText("#dk-tables", "Table 1")
	desk.click(`#dk-tables li[data-label="Table 1"] .dk-revoke`)
	desk.waitText("#dk-msg", "Table 1 was revoked")
	phone.waitTextWithin("#signed-out", "This device is no longer signed in", 2*time.Second)
	phone.axe("signed out")
	phone.shot("signed-out")

	// The play log: the finished match with its date and winner.
	desk.click("#dk-tab-log")
	row := desk.waitText(`#dk-log-list li[data-status="finished"]`, "Winner: Sara")
	if !strings.Contains(row, time.Now().Format("2006")) || !strings.Contains(row, "Table") && !strings.Contains(row, "1. Sara") {
		t.Errorf("the play log's row: %q", row)
	}
	desk.shot("desk-play-log")

	// The league made public from the desk: its TV screen shows a code
	// that follows it at the public address, and still fits 1280×720.
	desk.click("#dk-tab-league")
	desk.choose("#dk-league-vis", "public")
	desk.typeIn("#dk-league-name", "Cafe Night Open")
	desk.click("#dk-league-save")
	desk.waitText("#dk-league-card", "Cafe Night Open")
	tv := b.tab("tv")
	tv.do("TV size", chromedp.EmulateViewport(1280, 720))
	tv.open(c.base + "/leagues/" + league + "?big=1")
	waitFor(tv, `document.querySelector('#follow img') && document.querySelector('#follow img').complete`)
	if got := decodeDataURL(t, evalIn[string](tv, `document.querySelector('#follow img').src`)); got != publicURL+"/leagues/"+league {
		t.Errorf("the TV's code follows %q", got)
	}
	if h := evalIn[int](tv, `document.documentElement.scrollHeight`); h > 720 {
		t.Errorf("the TV screen with its code is %d px tall", h)
	}
	tv.shot("tv-follow-code")

	// Phone size, both languages: every tab of the desk.
	owner := b.tab("owner phone")
	ownerToken := c.do("POST", "/v1/tokens", map[string]any{"role": "owner", "league_id": league, "label": "owner"}, 201)["token"].(string)
	owner.open(c.base + "/#token=" + ownerToken)
	owner.waitText("#who", "Owner of Cafe Night Open")
	owner.click("#open-desk")
	for _, tab := range []string{"league", "players", "tables", "log"} {
		owner.click("#dk-tab-" + tab)
		owner.waitReady()
		owner.axe("desk " + tab)
		owner.shot("desk-" + tab)
	}
	if owner.textOf("#dk-new-league") != "" {
		t.Error("an owner is offered a new league")
	}
	owner.click("#dk-tab-log")
	owner.waitText(`#dk-log-list li[data-status="finished"]`, "Sara")
	persianScreen(owner, "desk-log", "#dk-log-list", "برنده")
	owner.click("#dk-tab-players")
	owner.waitText("#dk-add-player", "افزودنِ بازیکن")
	owner.axe("desk players in Persian")
	owner.shot("desk-players-fa")
	b.clean()
}

// tableCodes decodes the QR images of the printed tables, by table label.
func tableCodes(t *testing.T, p *tab) map[string]string {
	t.Helper()
	shots := evalIn[[]map[string]string](p, `[...document.querySelectorAll('#codes figure.table')].map(f => {
		const img = f.querySelector('img'), c = document.createElement('canvas');
		c.width = img.naturalWidth; c.height = img.naturalHeight;
		c.getContext('2d').drawImage(img, 0, 0);
		return {label: f.querySelector('strong').innerText, src: c.toDataURL('image/png')};
	})`)
	out := map[string]string{}
	for _, s := range shots {
		out[s["label"]] = decodeDataURL(t, s["src"])
	}
	return out
}
