package api

import (
	"fmt"
	"strings"
	"testing"

	"github.com/motamed/motamed/rules/all"
)

// rulingSection is the "Latest ruling" card of a match page.
func rulingSection(page string) string {
	i := strings.Index(page, `id="ruling-body"`)
	if i < 0 {
		return ""
	}
	page = page[i:]
	if j := strings.Index(page, `id="corrections"`); j >= 0 {
		page = page[:j]
	}
	return page
}

// A finished score sheet whose earlier row is corrected so that another
// player wins: the rulings shown as current are those of the corrected
// history. The last event's notes in GET /events name the new winner, and
// the match page in both languages shows that ruling as the latest, not the
// ruling on the old winner or the notes of a replaced event.
func TestCorrectionRulesAgain(t *testing.T) {
	s := newTestServer(t, all.Registry().All()...)
	s.must(t, 201, "POST", "/v1/games", map[string]any{"name": "Tally", "min_players": 2, "max_players": 4,
		"categories": []map[string]any{{"id": "birds", "name": "Birds"}, {"id": "eggs", "name": "Eggs"}}})
	sara, reza := s.player(t, "Sara"), s.player(t, "Reza")
	id := s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "tally", "players": []string{sara, reza}})["id"].(string)
	row := func(a, b int) map[string]int { return map[string]int{sara: a, reza: b} }
	s.must(t, 201, "POST", "/v1/matches/"+id+"/events", scoresEvent("category", "birds", row(40, 40)))
	s.must(t, 201, "POST", "/v1/matches/"+id+"/events", scoresEvent("category", "eggs", row(41, 40)))
	lastNote := func() string {
		evs := s.must(t, 200, "GET", "/v1/matches/"+id+"/events", nil)["events"].([]any)
		var last string
		for _, e := range evs {
			e := e.(map[string]any)
			if e["voided"] == true {
				continue
			}
			if ns := e["notes"].([]any); len(ns) > 0 && e["seq"] == 2.0 {
				n := ns[len(ns)-1].(map[string]any)
				last = fmt.Sprint(n["rule"], " ", n["message"])
			}
		}
		return last
	}
	if got := lastNote(); !strings.Contains(got, "SHEET-RANK-1") || !strings.Contains(got, "Sara wins") {
		t.Fatalf("before the correction the last event's ruling is %q, want Sara's win", got)
	}

	// Reza's birds were 44: Reza 84, Sara 81.
	s.must(t, 200, "PUT", "/v1/matches/"+id+"/events/1", scoresEvent("category", "birds", row(40, 44)))
	m := s.must(t, 200, "GET", "/v1/matches/"+id, nil)
	if w := m["result"].(map[string]any)["winners"].([]any); len(w) != 1 || w[0] != reza {
		t.Fatalf("winners after the correction %v, want Reza", w)
	}
	if got := lastNote(); !strings.Contains(got, "Reza wins") || strings.Contains(got, "Sara") {
		t.Errorf("after the correction the last event's ruling is %q, want Reza's win", got)
	}
	// The replaced row is listed among the corrections with the time of
	// its replacement.
	page := string(s.do("GET", "/matches/"+id, nil).body)
	list := page[strings.Index(page, `<ol class="corrections">`):]
	list = list[:strings.Index(list, "</ol>")]
	if !strings.Contains(list, `<span class="num">1</span> · `) || !strings.Contains(list, "voided at") {
		t.Errorf("the page's corrections do not list event 1 with its time:\n%s", list)
	}
	for lang, want := range map[string]string{"en": "Reza wins", "fa": "Reza برنده است"} {
		card := rulingSection(string(s.do("GET", "/matches/"+id+"?lang="+lang, nil).body))
		if !strings.Contains(card, "SHEET-RANK-1") || !strings.Contains(card, want) || strings.Contains(card, "Sara") {
			t.Errorf("the %s page's latest ruling, want %q:\n%s", lang, want, card)
		}
	}

	// Voiding the corrected row leaves the sheet incomplete: no ruling
	// names a winner any more.
	s.must(t, 200, "POST", "/v1/matches/"+id+"/events/3/void", nil)
	if card := rulingSection(string(s.do("GET", "/matches/"+id, nil).body)); strings.Contains(card, "wins") {
		t.Errorf("after the void the page still shows a win:\n%s", card)
	}
}
