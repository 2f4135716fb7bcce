package api

import (
	"regexp"
	"strings"
	"testing"

	"github.com/motamed/motamed/rules/all"
)

// Two players with equal points share a place on the league page (1, 2,
// 2), in both languages, as their match's places do in the API.
func TestLeaguePageSharesPlaces(t *testing.T) {
	s := newTestServer(t, all.Registry().All()...)
	s.must(t, 201, "POST", "/v1/games", wingspanSheet)
	lg := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "Birders", "game": "wingspan"})["id"].(string)
	p := []string{s.player(t, "Sara"), s.player(t, "Reza"), s.player(t, "Kian")}
	m := s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "wingspan", "players": p, "league_id": lg})["id"].(string)
	row := map[string]int{p[0]: 9, p[1]: 5, p[2]: 5}
	for _, c := range []string{"birds", "bonus", "goals", "eggs"} {
		s.must(t, 201, "POST", "/v1/matches/"+m+"/events", scoresEvent("category", c, row))
	}
	places := map[string]float64{}
	for _, pl := range s.must(t, 200, "GET", "/v1/matches/"+m, nil)["result"].(map[string]any)["placements"].([]any) {
		pl := pl.(map[string]any)
		places[pl["player_id"].(string)] = pl["place"].(float64)
	}
	if places[p[1]] != 2 || places[p[2]] != 2 {
		t.Fatalf("the API's places %v, want Reza and Kian both 2", places)
	}
	pos := regexp.MustCompile(`<td class="num pos">([^<]*)</td>`)
	for lang, want := range map[string]string{"en": "1 2 2", "fa": "۱ ۲ ۲"} {
		var got []string
		for _, m := range pos.FindAllStringSubmatch(string(s.do("GET", "/leagues/"+lg+"?lang="+lang, nil).body), -1) {
			got = append(got, m[1])
		}
		if strings.Join(got, " ") != want {
			t.Errorf("the %s league page's places %q, want %q", lang, strings.Join(got, " "), want)
		}
	}
}
