//go:build browser

package e2e

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// fixMatch is a match recorded through the API for the fix tests, with
// its players' IDs by name.
type fixMatch struct {
	c   *client
	id  string
	ids map[string]string
}

func newFixMatch(c *client, game string, names []string, options func(ids map[string]string) map[string]any) *fixMatch {
	c.t.Helper()
	m := &fixMatch{c: c, ids: map[string]string{}}
	seats := c.players(names...)
	for i, n := range names {
		m.ids[n] = seats[i]
	}
	opts := map[string]any{}
	if options != nil {
		opts = options(m.ids)
	}
	m.id = c.id("POST", "/v1/matches", map[string]any{"game": game, "players": seats, "options": opts})
	return m
}

func (m *fixMatch) event(typ string, data map[string]any) {
	m.c.t.Helper()
	m.c.do("POST", "/v1/matches/"+m.id+"/events", map[string]any{"type": typ, "data": data}, 201)
}

// totals is each player's total, by name.
func (m *fixMatch) totals() map[string]float64 {
	out := map[string]float64{}
	tot := m.c.do("GET", "/v1/matches/"+m.id, nil, 200)["scores"].(map[string]any)["totals"].(map[string]any)
	for name, id := range m.ids {
		v, _ := tot[id].(float64)
		out[name] = v
	}
	return out
}

// savedAsIf saves the fix open on p, waits for its toast (when toast is
// not empty) and for the editor to close, and checks that m's totals are
// those of right, the match recorded right.
func savedAsIf(p *tab, m, right *fixMatch, toast string) {
	p.b.t.Helper()
	p.click("#fx-save")
	if toast != "" {
		p.waitText("#toast", toast)
	}
	waitFor(p, `!document.querySelector('#fx')`)
	if got, want := m.totals(), right.totals(); fmt.Sprint(got) != fmt.Sprint(want) {
		p.b.t.Fatalf("totals after the fix %v, want %v", got, want)
	}
}

// fixOpened waits for the editor and checks that it is inside the
// phone's viewport, in words, with the focus in it.
func fixOpened(p *tab, title string) {
	p.b.t.Helper()
	waitFor(p, `!!document.querySelector('#fx')`)
	p.waitText("#fx-title", title)
	if !evalIn[bool](p, `(() => { const r = document.querySelector('#fx').getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight + 1 && r.left >= -1 && r.right <= innerWidth + 1; })()`) {
		p.shot("failed")
		p.b.t.Fatalf("the editor is not inside the viewport: %v", evalIn[string](p, `JSON.stringify(document.querySelector('#fx').getBoundingClientRect())`))
	}
	if !evalIn[bool](p, `document.querySelector('#fx').contains(document.activeElement)`) {
		p.b.t.Errorf("the focus is not in the editor: %s", evalIn[string](p, `document.activeElement.outerHTML.slice(0, 120)`))
	}
}

// tapCell taps a sheet's number: the cell of field for player in round.
func tapCell(p *tab, field, player, round string) {
	p.b.t.Helper()
	sel := fmt.Sprintf("button[data-field='%s'][data-player='%s']", field, player)
	if round != "" {
		sel += fmt.Sprintf("[data-round='%s']", round)
	}
	p.click(sel)
}

var snakeCase = regexp.MustCompile(`[a-z]+_[a-z_]+`)

// eventsInWords opens the Events list and checks it reads as sentences.
func eventsInWords(p *tab, want string) {
	p.b.t.Helper()
	p.click("#tab-events")
	text := p.waitText("#events", want)
	if s := snakeCase.FindString(text); s != "" {
		p.b.t.Errorf("the Events list shows %q: %s", s, text)
	}
}

// Wizard: the tricks won in round 1 went to Reza, not Kian. Tapping the
// number on the sheet opens its editor in view; one player's number alone
// breaks the round's sum (refused in the editor, with its rule); with both
// fixed the preview shows the totals before → after, and once saved the
// totals are those of the match recorded right.
// wizardToFix is a Wizard match of two rounds recorded through the API,
// Reza and Kian having won the first round's trick as given.
func wizardToFix(c *client, rezaWon, kianWon int) *fixMatch {
	m := newFixMatch(c, "wizard", []string{"Reza", "Sara", "Kian"}, func(map[string]string) map[string]any { return map[string]any{"rounds": 2} })
	r, s, k := m.ids["Reza"], m.ids["Sara"], m.ids["Kian"]
	m.event("round_started", map[string]any{"trump": "red"})
	m.event("bid", map[string]any{"player": s, "bid": 0})
	m.event("bid", map[string]any{"player": k, "bid": 1})
	m.event("bid", map[string]any{"player": r, "bid": 0})
	m.event("tricks", map[string]any{"won": map[string]any{r: rezaWon, s: 0, k: kianWon}})
	m.event("round_started", map[string]any{"trump": "blue"})
	m.event("bid", map[string]any{"player": k, "bid": 1})
	m.event("bid", map[string]any{"player": r, "bid": 1})
	return m
}

func TestAppFixWizardCell(t *testing.T) {
	b, c := appServer(t)
	right, m := wizardToFix(c, 0, 1), wizardToFix(c, 1, 0)
	r, k := m.ids["Reza"], m.ids["Kian"]

	p := b.tab("fix-wizard")
	signIn(p, c)
	p.open(c.base + "/#/m/" + m.id)
	p.waitText("#match h1", "In progress")
	p.click("#tab-sheet")
	tapCell(p, "tricks", r, "1")
	fixOpened(p, "Round 1 · Reza · Tricks won: 1")
	p.typeIn("#edit-won-"+r, "0")
	p.click("#fx-check")
	p.waitText("#fx-error", "WIZARD-")
	p.shot("fix-wizard-refused")
	p.typeIn("#edit-won-"+k, "1")
	p.click("#fx-check")
	p.waitText("#fx-preview", "Reza: -10 → 20")
	p.axe("wizard fix")
	p.shot("fix-wizard-preview")
	p.click("#fx-save")
	p.waitText("#toast", "Fixed")
	waitFor(p, `!document.querySelector('#fx')`)
	want := right.totals()
	p.waitText(fmt.Sprintf("#wz-sheet tfoot td[data-player='%s']", k), fmt.Sprint(want["Kian"]))
	if got := m.totals(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("totals after the fix %v, want %v", got, want)
	}

	// A bid fixed the same way, in Persian: the editor speaks Persian.
	p.click("#lang-toggle")
	p.waitText("#match h1", "در جریان")
	p.click("#tab-sheet")
	tapCell(p, "bid", k, "1")
	fixOpened(p, "Kian")
	p.waitText("#fx-title", "دورِ ۱")
	p.waitText("#fx-title", "پیش‌بینی: ۱")
	p.click("#edit-bid-minus")
	p.click("#fx-check")
	p.waitText("#fx-preview", "Kian")
	p.shot("fix-wizard-fa")
	p.click("#fx-save")
	p.waitText("#toast", "اصلاح شد")
	eventsInWords(p, "پیش‌بینی کرد")
	if text := p.textOf("#events"); !strings.Contains(text, "اصلاح شد در") {
		t.Errorf("the corrections are not shown where they apply: %s", text)
	}
	p.shot("fix-wizard-events-fa")
	b.clean()
}

// inViewport is true when sel is drawn wholly inside the phone's screen.
func inViewport(p *tab, sel string) bool {
	return evalIn[bool](p, `(() => { const e = document.querySelector(`+jsString(sel)+`); if (!e || !e.getClientRects().length) return false; const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight + 1; })()`)
}

// Wazabi: Reza's two dice went to Kian, not to Sara and Kian. Fixed from
// Reza's dice on the sheet, the gift makes Sara's roll one die too many,
// then Kian's one too few: the app names each in words with its rule, and
// each is fixed in the same batch, saved only once the whole log holds.
func TestAppFixWazabiCascade(t *testing.T) {
	b, c := appServer(t)
	m := newFixMatch(c, "wazabi", []string{"Reza", "Sara", "Kian"}, func(ids map[string]string) map[string]any { return map[string]any{"first_player": ids["Reza"]} })
	r, s, k := m.ids["Reza"], m.ids["Sara"], m.ids["Kian"]
	roll := func(who string, w, give int) map[string]any {
		return map[string]any{"player": who, "w": w, "card": 0, "give": give}
	}
	m.event("rolled", roll(r, 2, 2))
	m.event("dice_given", map[string]any{"player": r, "to": []string{s, k}})
	m.event("turn_ended", map[string]any{"player": r})
	m.event("rolled", roll(s, 5, 0))
	m.event("turn_ended", map[string]any{"player": s})
	m.event("rolled", roll(k, 5, 0))

	p := b.tab("fix-wazabi")
	signIn(p, c)
	p.open(c.base + "/#/m/" + m.id)
	p.waitText("#match h1", "In progress")
	p.click("#tab-sheet")
	tapCell(p, "dice", r, "")
	fixOpened(p, "Reza · Dice: 2")
	p.waitText("#fx", "Reza gave dice to Sara and Kian")
	p.choose("#edit-to-0", k)
	p.click("#fx-check")
	p.waitText("#fx-breaks", "Sara rolled 5 W")
	p.waitText("#fx-breaks", "WAZABI-TURN-2")
	if !inViewport(p, "#fx-fix-next") {
		t.Error("the offer to fix the next event is not in view")
	}
	p.shot("fix-wazabi-breaks")
	p.click("#fx-fix-next")
	p.waitText("#fx-title", "Sara rolled 5 W")
	p.typeIn("#edit-w", "4")
	p.click("#fx-check")
	p.waitText("#fx-breaks", "Kian rolled 5 W")
	p.click("#fx-fix-next")
	p.typeIn("#edit-w", "6")
	p.click("#fx-check")
	p.waitText("#fx-batch", "Sara rolled 4 W")
	p.waitText("#fx-preview", "Reza")
	p.axe("wazabi cascade")
	p.shot("fix-wazabi-preview")
	p.click("#fx-save")
	p.waitText("#toast", "Fixed")
	p.waitText("#wb-sheet", "6")

	log := c.do("GET", "/v1/matches/"+m.id+"/events", nil, 200)["events"].([]any)
	if len(log) != 9 {
		t.Fatalf("%d records after the batch, want 9", len(log))
	}
	for _, x := range c.do("GET", "/v1/matches/"+m.id, nil, 200)["state"].(map[string]any)["seats"].([]any) {
		seat := x.(map[string]any)
		if want := map[string]float64{r: 2, s: 4, k: 6}[seat["player_id"].(string)]; seat["dice"] != want {
			t.Errorf("%v holds %v dice, want %v", seat["name"], seat["dice"], want)
		}
	}
	eventsInWords(p, "Reza gave dice to Kian and Kian")
	persianScreen(p, "fix-wazabi-events", "#events", "تاس داد")
	if s := snakeCase.FindString(p.textOf("#events")); s != "" {
		t.Errorf("the Persian Events list shows %q", s)
	}
	b.clean()
}

// Munchkin: Sara lost her fight and must roll to run away, so ending her
// turn is refused; the tap is at the bottom of a long screen and the
// refusal shows inside the viewport, with its rule, announced.
func TestAppFixMunchkinRefusalInView(t *testing.T) {
	b, c := appServer(t)
	m := newFixMatch(c, "munchkin", []string{"Sara", "Reza", "Kian"}, nil)
	m.event("combat", map[string]any{"player": m.ids["Sara"], "bonus": 0, "monsters": []any{map[string]any{"name": "Troll", "level": 20, "treasures": 1}}})

	p := b.tab("fix-munchkin")
	signIn(p, c)
	p.open(c.base + "/#/m/" + m.id)
	p.waitText("#mk-run", "Troll")
	p.typeIn("#hand-size", "5")
	p.click("#end-turn")
	p.waitText("#toast", "MUNCHKIN-")
	if !inViewport(p, "#toast p") || !inViewport(p, "#end-turn") {
		t.Errorf("the refusal is not shown where the finger is: toast %v, button %v", inViewport(p, "#toast p"), inViewport(p, "#end-turn"))
	}
	if live := evalIn[string](p, `document.querySelector('#toast').getAttribute('aria-live')`); live != "polite" {
		t.Errorf("the toast is not announced: aria-live %q", live)
	}
	p.shot("fix-munchkin-refusal")
	b.clean()
}

// Munchkin: Sara went up two levels with a card, recorded as one. Her
// level in turn 1 on the sheet opens its event in the editor; once fixed,
// the totals are those of the match recorded right, in Persian too.
func TestAppFixMunchkinLevelCell(t *testing.T) {
	b, c := appServer(t)
	record := func(delta int) *fixMatch {
		m := newFixMatch(c, "munchkin", []string{"Sara", "Reza", "Kian"}, nil)
		m.event("level_changed", map[string]any{"player": m.ids["Sara"], "reason": "card", "delta": delta})
		return m
	}
	right, m := record(2), record(1)
	sara := m.ids["Sara"]

	p := b.tab("fix-munchkin-level")
	signIn(p, c)
	p.open(c.base + "/#/m/" + m.id)
	p.waitText("#match h1", "In progress")
	p.click("#lang-toggle")
	p.waitText("#match h1", "در جریان")
	p.click("#tab-sheet")
	tapCell(p, "level", sara, "1")
	fixOpened(p, "Sara")
	p.waitText("#fx-title", "نوبت ۱")
	p.waitText("#fx-title", "سطح: ۲")
	p.typeIn("#edit-delta", "2")
	p.click("#fx-check")
	p.waitText("#fx-preview", "Sara: ۲ ← ۳")
	p.axe("munchkin level fix in Persian")
	p.shot("fix-munchkin-level-fa")
	savedAsIf(p, m, right, "اصلاح شد")
	eventsInWords(p, "سطح بالا")
	b.clean()
}

// Munchkin: Sara went up two levels with a card in her turn, recorded as
// one. Her level in Reza's turn, which did not change it, opens the event
// that set it; once fixed, the totals are those of the match recorded
// right, and the Events list says each level before and after.
func TestAppFixMunchkinHeldLevel(t *testing.T) {
	b, c := appServer(t)
	record := func(delta int) *fixMatch {
		m := newFixMatch(c, "munchkin", []string{"Sara", "Reza", "Kian"}, nil)
		m.event("level_changed", map[string]any{"player": m.ids["Sara"], "reason": "card", "delta": delta})
		m.event("turn_ended", map[string]any{"player": m.ids["Sara"], "hand_size": 5})
		m.event("level_changed", map[string]any{"player": m.ids["Reza"], "reason": "card", "delta": 1})
		return m
	}
	right, m := record(2), record(1)
	sara := m.ids["Sara"]

	p := b.tab("fix-munchkin-held")
	signIn(p, c)
	p.open(c.base + "/#/m/" + m.id)
	p.waitText("#match h1", "In progress")
	eventsInWords(p, "Sara's turn · Level up (Card) · 1 → 2")
	p.click("#tab-sheet")
	tapCell(p, "level", sara, "2")
	fixOpened(p, "Sara")
	if v := evalIn[string](p, `document.querySelector('#edit-delta').value`); v != "1" {
		t.Fatalf("the editor opened an event whose level change is %q, want Sara's +1 of turn 1", v)
	}
	p.typeIn("#edit-delta", "2")
	p.click("#fx-check")
	p.waitText("#fx-preview", "Sara: 2 → 3")
	savedAsIf(p, m, right, "")
	eventsInWords(p, "Sara's turn · Level up (Card) · 1 → 3")
	eventsInWords(p, "Reza's turn · Level up (Card) · 1 → 2")
	p.shot("fix-munchkin-held")
	b.clean()
}

// A score sheet in Persian: Sara's eggs were written as 3, not 5. Her cell
// opens its editor in view, in Persian; once saved the totals are those of
// the match recorded right.
func TestAppFixSheetCellPersian(t *testing.T) {
	b, c := appServer(t)
	c.do("POST", "/v1/games", map[string]any{"name": "Wingspan", "name_fa": "بال‌گستر", "min_players": 1, "max_players": 5,
		"categories": []map[string]any{{"id": "birds", "name": "Birds", "name_fa": "پرنده‌ها"}, {"id": "eggs", "name": "Eggs", "name_fa": "تخم‌ها"}}}, 201)
	record := func(eggs int) *fixMatch {
		m := newFixMatch(c, "wingspan", []string{"Sara", "Reza"}, nil)
		m.event("scores_recorded", map[string]any{"category": "birds", "scores": map[string]int{m.ids["Sara"]: 20, m.ids["Reza"]: 18}})
		m.event("scores_recorded", map[string]any{"category": "eggs", "scores": map[string]int{m.ids["Sara"]: eggs, m.ids["Reza"]: 4}})
		return m
	}
	right, m := record(5), record(3)
	sara := m.ids["Sara"]

	p := b.tab("fix-sheet-fa")
	signIn(p, c)
	p.open(c.base + "/#/m/" + m.id)
	p.waitText("#match h1", "Finished")
	p.click("#lang-toggle")
	p.waitText("#match h1", "تمام شد")
	p.click("#tab-sheet")
	tapCell(p, "value", sara, "eggs")
	fixOpened(p, "Sara")
	p.waitText("#fx-title", "تخم‌ها")
	p.waitText("#fx-title", "۳")
	p.typeIn("#edit-scores-"+sara, "5")
	p.click("#fx-check")
	p.waitText("#fx-preview", "Sara")
	savedAsIf(p, m, right, "اصلاح شد")
	p.shot("fix-sheet-fa")
	b.clean()
}
