//go:build browser

package e2e

import (
	"strings"
	"testing"
	"time"
)

// A finished score sheet (Sara 81, Reza 80) on two screens, the TV in
// English and the match page in Persian. An earlier row is corrected so
// that Reza has 84: within a second each screen names Reza the winner in
// its latest ruling, shows him first, and lists the replaced row among the
// corrections, without a reload and with nothing left of Sara's win. A void
// is listed as live.
func TestTVCorrectionRulesAgain(t *testing.T) {
	b, c := appServer(t)
	c.do("POST", "/v1/games", map[string]any{"name": "Tally", "min_players": 2, "max_players": 4,
		"categories": []map[string]any{{"id": "birds", "name": "Birds"}, {"id": "eggs", "name": "Eggs"}, {"id": "nests", "name": "Nests"}}}, 201)
	sara := c.do("POST", "/v1/players", map[string]any{"name": "Sara"}, 201)["id"].(string)
	reza := c.do("POST", "/v1/players", map[string]any{"name": "Reza"}, 201)["id"].(string)
	id := c.do("POST", "/v1/matches", map[string]any{"game": "tally", "players": []string{sara, reza}}, 201)["id"].(string)
	row := func(key string, a, b int) map[string]any {
		return map[string]any{"type": "scores_recorded", "data": map[string]any{"category": key, "scores": map[string]int{sara: a, reza: b}}}
	}
	c.do("POST", "/v1/matches/"+id+"/events", row("birds", 40, 40), 201)
	c.do("POST", "/v1/matches/"+id+"/events", row("eggs", 1, 0), 201)
	c.do("POST", "/v1/matches/"+id+"/events", row("nests", 40, 40), 201)

	tv, fa := b.tab("tv"), b.tab("match page in Persian")
	screens := map[*tab]string{tv: "Reza wins", fa: "Reza برنده است"}
	tv.open(c.base + "/matches/" + id + "?big=1")
	fa.open(c.base + "/matches/" + id + "?lang=fa")
	for p := range screens {
		p.waitText("#ruling-body", "Sara")
		waitFor(p, `document.getElementById('live').dataset.state === 'live'`)
	}

	// Reza's birds were 44.
	start := time.Now()
	c.do("PUT", "/v1/matches/"+id+"/events/1", row("birds", 40, 44), 200)
	for p, want := range screens {
		p.waitTextWithin("#ruling-body", want, liveWithin+time.Since(start))
		p.waitTextWithin("#players [data-player='"+reza+"'] .place", "★", liveWithin+time.Since(start))
		p.waitTextWithin("#corrections li", "", liveWithin+time.Since(start))
		if s := p.textOf("#ruling-body"); strings.Contains(s, "Sara") {
			t.Errorf("%s: the latest ruling still names Sara: %q", p.name, s)
		}
	}
	if s := tv.textOf("#corrections"); !strings.Contains(s, "Event 1") {
		t.Errorf("the TV's corrections list %q, want event 1", s)
	}

	// Event 2 voided: the sheet is incomplete, no winner ruled, and the void
	// listed too.
	start = time.Now()
	c.do("POST", "/v1/matches/"+id+"/events/2/void", nil, 200)
	waitTV := func(js string) {
		deadline := start.Add(liveWithin + time.Second)
		for !evalIn[bool](tv, js) {
			if time.Now().After(deadline) {
				tv.shot("failed")
				t.Fatalf("the TV: still not true after %v: %s", time.Since(start), js)
			}
			time.Sleep(30 * time.Millisecond)
		}
	}
	waitTV(`document.querySelectorAll('#corrections li').length === 2`)
	waitTV(`!document.getElementById('ruling-body').innerText.includes('wins')`)
	b.clean()
}
