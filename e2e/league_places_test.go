//go:build browser

package e2e

import (
	"strings"
	"testing"
	"time"
)

// The league page, following its stream, shows players with equal points
// in one place: a match that ties Reza and Kian for second appears live as
// places 1, 2, 2.
func TestLeaguePlacesShared(t *testing.T) {
	b, c := appServer(t)
	c.do("POST", "/v1/games", map[string]any{"name": "Tally", "min_players": 2, "max_players": 4,
		"categories": []map[string]any{{"id": "birds", "name": "Birds"}}}, 201)
	lg := c.do("POST", "/v1/leagues", map[string]any{"name": "Birders", "game": "tally"}, 201)["id"].(string)
	var p []string
	for _, n := range []string{"Sara", "Reza", "Kian"} {
		p = append(p, c.do("POST", "/v1/players", map[string]any{"name": n}, 201)["id"].(string))
	}
	pg := b.tab("league")
	pg.open(c.base + "/leagues/" + lg)
	waitFor(pg, `document.getElementById('live').dataset.state === 'live'`)
	m := c.do("POST", "/v1/matches", map[string]any{"game": "tally", "players": p, "league_id": lg}, 201)["id"].(string)
	start := time.Now()
	c.do("POST", "/v1/matches/"+m+"/events", map[string]any{"type": "scores_recorded",
		"data": map[string]any{"category": "birds", "scores": map[string]int{p[0]: 9, p[1]: 5, p[2]: 5}}}, 201)
	pg.waitTextWithin("#standings", "Kian", liveWithin+time.Since(start))
	got := evalIn[[]string](pg, `[...document.querySelectorAll('#standings td.pos')].map(e => e.innerText.trim())`)
	if strings.Join(got, " ") != "1 2 2" {
		t.Errorf("the league page's places %v, want 1 2 2", got)
	}
	b.clean()
}
