package scoring

import (
	"testing"

	"github.com/motamed/motamed/rules"
)

// The Crew as BG Stats shows it: every player has a play and a win per
// won game, no places between them, and ratings do not move.
func TestCooperativeMatchesCountPlaysAndWins(t *testing.T) {
	coop := func(id string, won bool, players ...string) MatchResult {
		m := MatchResult{MatchID: id, Cooperative: true, Won: won}
		for _, p := range players {
			m.Placements = append(m.Placements, rules.Placement{PlayerID: p, Place: 1})
		}
		return m
	}
	results := []MatchResult{
		coop("m1", true, "a", "b", "c", "d"),
		coop("m2", true, "a", "b", "c", "d"),
		coop("m3", false, "a", "b", "c", "d"),
	}
	for _, scheme := range []Scheme{SchemeWins, SchemePlacement} {
		st, err := Compute(Config{Scheme: scheme}, results, nil)
		if err != nil {
			t.Fatal(err)
		}
		fresh, _ := Compute(Config{}, nil, nil)
		_ = fresh
		for _, r := range st.Rows {
			if r.Played != 3 || r.Wins != 2 || r.WinRate != 2.0/3 || r.AvgPlace != 0 || r.Streak != -1 {
				t.Fatalf("%s: %+v", scheme, r)
			}
			if r.Mu != DefaultPlackettLuce().NewRating().Mu || r.Elo != DefaultElo().Initial {
				t.Fatalf("%s: a cooperative match moves no rating: %+v", scheme, r)
			}
			if r.Points != 2 {
				t.Fatalf("%s: a won game against the game is worth a win: %v", scheme, r.Points)
			}
		}
	}
	ps, err := Stats("a", results)
	if err != nil || ps.Matches != 3 || ps.Wins != 2 || ps.AvgPlace != 0 || len(ps.HeadToHead) != 0 {
		t.Fatalf("%+v %v", ps, err)
	}
	// League agrees with Compute, and a competitive match after counts
	// its place alone in the average.
	l, _ := NewLeague(Config{})
	for _, m := range results {
		if err := l.Add(m); err != nil {
			t.Fatal(err)
		}
	}
	if err := l.Add(MatchResult{MatchID: "m4", Placements: []rules.Placement{{PlayerID: "a", Place: 2}, {PlayerID: "b", Place: 1}}}); err != nil {
		t.Fatal(err)
	}
	if r, _ := l.Player("a", "A"); r.AvgPlace != 2 || r.Played != 4 {
		t.Fatalf("%+v", r)
	}
}
