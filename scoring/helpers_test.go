package scoring

import "github.com/motamed/motamed/rules"

// ffa is a free-for-all result with players listed first to last.
func ffa(id string, players ...string) MatchResult {
	m := MatchResult{MatchID: id}
	for i, p := range players {
		m.Placements = append(m.Placements, rules.Placement{PlayerID: p, Place: i + 1})
	}
	return m
}

// placed is a result with explicit places.
func placed(id string, players []string, places []int) MatchResult {
	m := MatchResult{MatchID: id}
	for i, p := range players {
		m.Placements = append(m.Placements, rules.Placement{PlayerID: p, Place: places[i]})
	}
	return m
}
