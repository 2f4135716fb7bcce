//go:build browser

package e2e

import (
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// appServer starts the real server (with flags added to its command line)
// and a browser for the table app tests.
func appServer(t *testing.T, flags ...string) (*chrome, *client) {
	t.Helper()
	arts := artifactsDir(t)
	dir := t.TempDir()
	srv, token := startServer(t, dir, filepath.Join(arts, "server-"+t.Name()+".log"), flags...)
	b, c := newBrowser(t, arts), &client{t: t, base: srv.base, token: token}
	for _, list := range []string{"/v1/leagues", "/v1/matches", "/v1/players"} {
		resp, err := http.Get(c.base + list + "?limit=1")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusMethodNotAllowed {
			t.Logf("the server does not list %s yet: the app shows that list as unavailable", list)
			b.absent = append(b.absent, list)
		}
	}
	return b, c
}

// routeServed reports whether the server's openapi.yaml lists path: a
// step that needs a route the server does not have yet is left out.
func routeServed(c *client, path string) bool {
	resp, err := http.Get(c.base + "/openapi.yaml")
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return strings.Contains(string(b), "\n  "+path+":")
}

// signIn opens the app with the token in the URL fragment.
func signIn(p *tab, c *client) {
	p.b.t.Helper()
	p.open(c.base + "/#token=" + c.token)
	p.waitText("#who", "Admin")
	if u := evalIn[string](p, `location.href`); strings.Contains(u, "token") {
		p.b.t.Fatalf("the token stayed in the address bar: %s", u)
	}
}

// newMatch starts a match through the new-match screen and returns its ID.
func newMatch(p *tab, game string, names []string, options map[string]string) string {
	p.b.t.Helper()
	p.click("#new-match")
	p.choose("#nm-game", game)
	return startMatch(p, names, options)
}

// startMatch seats new players on the new-match screen, sets the options
// and starts the match.
func startMatch(p *tab, names []string, options map[string]string) string {
	p.b.t.Helper()
	for _, n := range names {
		p.typeIn("#nm-new", n)
		p.click("#add-player")
		p.waitText("#seats", n)
	}
	for k, v := range options {
		if k == "capacities" {
			tapCapacities(p, v)
			continue
		}
		sel := "#opt-" + k
		if evalIn[string](p, `document.querySelector(`+jsString(sel)+`).tagName`) == "SELECT" {
			p.choose(sel, v)
		} else {
			p.typeIn(sel, v)
		}
	}
	p.click("#start-match")
	p.waitText("#match", "")
	waitFor(p, `location.hash.startsWith('#/m/')`)
	id := evalIn[string](p, `location.hash.slice(4)`)
	p.waitText("#match h1", "In progress")
	return id
}

// wizardIDs is the seated players' IDs in seat order, from the API.
func playerIDs(c *client, match string) []string {
	m := c.do("GET", "/v1/matches/"+match, nil, 200)
	var ids []string
	for _, p := range m["players"].([]any) {
		ids = append(ids, p.(map[string]any)["id"].(string))
	}
	return ids
}

// playRoundByTotals records a round through the app: the trump, the bids
// (in turn, by tapping), then the tricks won with the steppers.
func playRoundByTotals(p *tab, ids []string, trump string, bids []int, won []int) {
	p.b.t.Helper()
	p.click("#trump-" + trump)
	bidAll(p, bids)
	p.click("#mode-total")
	for i, w := range won {
		p.click(fmt.Sprintf("#won-%s-%d", ids[i], w))
	}
	p.click("#record-tricks")
	waitFor(p, `!document.querySelector('#wz-tricks') || document.querySelector('#wz-tricks').getClientRects().length === 0`)
}

// playCard taps a card of a trick as its colour, then its number (a
// Wizard or a Jester in one tap).
func playCard(p *tab, card string) {
	p.b.t.Helper()
	suit, rank, numbered := strings.Cut(card, "-")
	p.click("#suit-" + suit)
	if numbered {
		p.click("#rank-" + rank)
	}
}

// bidAll taps the bids in turn, each once the one before it shows.
func bidAll(p *tab, bids []int) {
	p.b.t.Helper()
	p.waitText("#wz-bids", "")
	for _, b := range bids {
		before := evalIn[int](p, `[...document.querySelectorAll('.bid-value')].filter(e => e.innerText.trim() !== '').length`)
		p.click(fmt.Sprintf("#bid-%d", b))
		waitFor(p, fmt.Sprintf(`[...document.querySelectorAll('.bid-value')].filter(e => e.innerText.trim() !== '').length > %d`, before))
	}
}

// waitFor waits until the page's expression is true.
func waitFor(p *tab, js string) {
	p.b.t.Helper()
	deadline := time.Now().Add(within(30 * time.Second))
	for !evalIn[bool](p, `!!(`+js+`)`) {
		if time.Now().After(deadline) {
			p.shot("failed")
			p.b.t.Fatalf("%s: still not true: %s", p.name, js)
		}
		time.Sleep(30 * time.Millisecond)
	}
}

// sheetTotals reads the totals row of the score sheet, in seat order.
func sheetTotals(p *tab) []string {
	return evalIn[[]string](p, `[...document.querySelectorAll('#wz-sheet tfoot td')].map(e => e.innerText.trim())`)
}

func apiTotals(c *client, match string, ids []string) []string {
	m := c.do("GET", "/v1/matches/"+match, nil, 200)
	tot := m["scores"].(map[string]any)["totals"].(map[string]any)
	var out []string
	for _, id := range ids {
		out = append(out, strconv.Itoa(int(tot[id].(float64))))
	}
	return out
}

// A Wizard match of five rounds recorded through the app alone: a bid the
// dealer may not make is refused with its rule, a wrong trick total is
// refused, a round is played trick by trick with the referee naming each
// winner, an undo, a redo and a fix of a bid two rounds back; the totals
// the app shows are the API's.
func TestAppWizardMatch(t *testing.T) {
	b, c := appServer(t)
	p := b.tab("wizard")
	signIn(p, c)
	start := time.Now()
	defer func() { t.Logf("the Wizard match took %s in the browser", time.Since(start).Round(time.Millisecond)) }()
	p.axe("home")
	t.Logf("axe on home: %s", time.Since(start))
	p.shot("home")
	p.click("#new-match")
	p.waitText("#new", "")
	p.axe("new match")
	p.open(c.base + "/#/")
	id := newMatch(p, "wizard", []string{"Ali", "Sara", "Reza"}, map[string]string{"rounds": "5", "bid_total_rule": "dealer_must_break"})
	ids := playerIDs(c, id)
	p.axe("wizard deal")
	// The home lists the match being played, with its screen and the app.
	p.click(".brand")
	p.waitText("#home", "Ali, Sara, Reza")
	p.shot("home-playing")
	p.axe("home with a match")
	p.click("#home .list a[href^='#/m/']")
	p.waitText("#next", "Round 1")

	// Round 1: Ali deals; Sara, Reza, then Ali bid. Sara 1 and Reza 0 leave
	// Ali the one forbidden bid 0: shown, tapped, refused with its rule.
	p.click("#trump-red")
	p.click("#bid-1")
	p.waitText(".bid-value[data-player='"+ids[1]+"']", "1")
	p.click("#bid-0")
	p.waitText(".bid-value[data-player='"+ids[2]+"']", "0")
	p.waitText("#bid-range", "The dealer may not bid 0")
	p.axe("wizard bids")
	p.shot("wizard-bids")
	p.click("#bid-0")
	p.waitText("#refusal", "WIZARD-AMB-7")
	p.shot("wizard-refused")
	p.click("#refusal a.rule-id")
	p.waitText("#rule-dialog", "The dealer must break it")
	p.axe("rule")
	p.click("#rule-dialog button")
	p.click("#bid-1")
	p.waitText(".bid-value[data-player='"+ids[0]+"']", "1")
	// A trick total that does not add up is refused; the counts stay typed.
	p.click("#won-" + ids[1] + "-1")
	p.click("#won-" + ids[2] + "-1")
	p.waitText("#won-sum", "must add up to 1")
	p.click("#record-tricks")
	p.waitText("#refusal", "WIZARD-PLAY-4")
	waitFor(p, `document.querySelector('#won-`+ids[2]+`-1').getAttribute('aria-pressed') === 'true'`)
	p.click("#won-" + ids[2] + "-0")
	p.waitText("#won-sum", "adds up")
	p.click("#record-tricks")
	p.waitText("#next", "Round 2")

	// Round 2, trick by trick: Sara deals, Reza leads.
	p.click("#trump-blue")
	bidAll(p, []int{1, 0, 0})
	p.waitText("#next", "trick 1")
	p.click("#mode-trick")
	// The cards are tapped in play order, from the trick's leader.
	play := func(order []int, cards map[int]string, winner string) {
		for _, seat := range order {
			if cards[seat] != "" {
				playCard(p, cards[seat])
			}
		}
		p.waitText("#trick-verdict", winner)
		p.click("#record-trick")
	}
	// Reza leads (left of the dealer Sara).
	play([]int{2, 0, 1}, map[int]string{2: "blue-3", 0: "blue-9", 1: "red-13"}, "Ali")
	p.axe("wizard trick")
	p.waitText("#next", "trick 2")
	// Ali won, so Ali leads the second trick: the order on screen follows.
	play([]int{0, 1, 2}, map[int]string{0: "wizard", 1: "jester", 2: "green-2"}, "Ali")
	p.waitText("#next", "Round 3")

	// Round 3, then an undo of a bid and a redo.
	playRoundByTotals(p, ids, "green", []int{1, 1, 0}, []int{1, 1, 1})
	p.waitText("#next", "Round 4")
	p.click("#trump-yellow")
	p.click("#bid-2")
	p.waitText(".bid-value[data-player='"+ids[1]+"']", "2")
	p.click("#undo")
	waitFor(p, `document.querySelector(".bid-value[data-player='`+ids[1]+`']").innerText.trim() === ''`)
	if routeServed(c, "/v1/matches/{id}/redo") {
		p.click("#redo")
		p.waitText(".bid-value[data-player='"+ids[1]+"']", "2")
	} else {
		t.Log("redo: the server has no /v1/matches/{id}/redo yet; the step is left out")
		p.click("#bid-2")
		p.waitText(".bid-value[data-player='"+ids[1]+"']", "2")
	}
	bidAll(p, []int{1, 0})
	for i, w := range []int{2, 1, 1} {
		p.click(fmt.Sprintf("#won-%s-%d", ids[i], w))
	}
	p.click("#record-tricks")
	p.waitText("#next", "Round 5")

	// A fix of round 3's bid (two rounds back) from the score sheet.
	p.click("#tab-sheet")
	p.waitText("#wz-sheet", "Ali")
	p.axe("wizard sheet")
	if routeServed(c, "/v1/matches/{id}/events/{seq}") {
		p.click("#wz-sheet tbody tr:nth-of-type(3) td:nth-of-type(1) button.cell-bid")
		fixOpened(p, "Round 3 · Ali · Bid")
		p.typeIn("#edit-bid", "0")
		p.click("#fx-check")
		p.waitText("#fx-preview", "Ali")
		p.click("#fx-save")
		waitFor(p, `!document.querySelector('#fx')`)
		// Ali's bid of round 3 is now 0 with 1 trick won: 30 became −10.
		p.waitText("#wz-sheet tbody tr:nth-of-type(3) td:nth-of-type(1) .cell-bid", "0")
		p.waitText("#wz-sheet tbody tr:nth-of-type(3) td:nth-of-type(1) .cell-tricks", "1")
	} else {
		t.Log("fix: the server has no PUT /v1/matches/{id}/events/{seq} yet; the step is left out")
	}
	p.click("#tab-play")
	playRoundByTotals(p, ids, "none", []int{0, 0, 1}, []int{3, 1, 1})
	p.waitText("#match", "Finished")
	p.click("#tab-sheet")
	p.shot("wizard-sheet")
	if got, want := sheetTotals(p), apiTotals(c, id, ids); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("the app's totals %v, the API's %v", got, want)
	}
	b.clean()
}

// A whole 20-round Wizard match of three, as fast as taps go.
func TestAppWizardFullMatch(t *testing.T) {
	b, c := appServer(t)
	p := b.tab("wizard-20")
	signIn(p, c)
	// Sara is known already: typing her name again asks whether she is
	// meant, and the search finds her too.
	sara := c.id("POST", "/v1/players", map[string]any{"name": "Sara"})
	p.click("#new-match")
	p.choose("#nm-game", "wizard")
	p.typeIn("#nm-new", "sara")
	p.click("#add-player")
	p.waitText("#new .same", "Is this the player you mean?")
	p.click("#new .same button.choice")
	p.waitText("#seats", "Sara")
	if evalIn[int](p, `document.querySelectorAll('#seats li').length`) != 1 {
		t.Fatal("Sara was seated twice or not at all")
	}
	c.id("POST", "/v1/players", map[string]any{"name": "Nima"})
	p.typeIn("#nm-search", "nim")
	p.waitText("#search-results", "Nima")
	p.click("#search-results button")
	p.waitText("#seats", "Nima")
	p.typeIn("#nm-table", "Table 3")
	id := startMatch(p, []string{"Dara"}, nil)
	if got := playerIDs(c, id)[0]; got != sara {
		t.Fatalf("the first seat is %s, not the Sara who was there already (%s)", got, sara)
	}
	if m := c.do("GET", "/v1/matches/"+id, nil, 200); m["table"] != "Table 3" {
		t.Fatalf("the match's table label is %v", m["table"])
	}
	ids := playerIDs(c, id)
	for r := 1; r <= 20; r++ {
		// everyone bids 0 but the last bidder, who bids r and takes all
		won := []int{0, 0, 0}
		won[(r-1)%3] = r
		if r == 20 {
			p.waitText("#next", "Round 20")
		}
		trump := "red"
		if r == 20 {
			trump = "none"
		}
		playRoundByTotals(p, ids, trump, []int{0, 0, 0}, won)
	}
	p.waitText("#match", "Finished")
	p.click("#tab-sheet")
	if got, want := sheetTotals(p), apiTotals(c, id, ids); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("the app's totals %v, the API's %v", got, want)
	}
	// Each tap's answer is the compact one, and the sheet follows from its
	// rows: the whole match is loaded when it opens and when it finishes,
	// not after each of the 80 events.
	loads := evalIn[int](p, `performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/v1/matches/`+id+`')).length`)
	if loads > 3 {
		t.Errorf("the app loaded the whole match %d times", loads)
	}
	b.clean()
}
