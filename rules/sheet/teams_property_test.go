package sheet

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/motamed/motamed/rules/rulestest"
)

// For any split into teams and any scores, scored per player or per team,
// highest or lowest winning: every player is placed once, teammates share
// a place, a team with a better total has a better place and equal totals
// share one, and the result lists every team once.
func TestTeamRankingProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 2))
	for trial := 0; trial < 500; trial++ {
		n := 2 + r.IntN(8) // rulestest.Players names p1 to p9
		teams := make([][]string, 2+r.IntN(n-1))
		for i, p := range r.Perm(n) {
			t := i % len(teams)
			if i >= len(teams) {
				t = r.IntN(len(teams))
			}
			teams[t] = append(teams[t], fmt.Sprintf("p%d", p+1))
		}
		by := []string{ScoresByPlayer, ScoresByTeam}[r.IntN(2)]
		def := Definition{ID: "any", Name: "Any", MinPlayers: 2, MaxPlayers: 10, Negative: true, LowestWins: r.IntN(2) == 0,
			Rounds: &Rounds{Count: 1 + r.IntN(3)}, Teams: &Teams{Scores: by}}
		g := New(def)
		st, _, err := g.Setup(rulestest.Players(n), rulestest.Ev(t, "", map[string]any{"teams": teams}).Data)
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		for round := 1; round <= def.Rounds.Count; round++ {
			scores := map[string]int{}
			if by == ScoresByTeam {
				for i := range teams {
					scores[TeamKey(i)] = r.IntN(7) - 3
				}
			} else {
				for i := 1; i <= n; i++ {
					scores[fmt.Sprintf("p%d", i)] = r.IntN(7) - 3
				}
			}
			st, _ = rulestest.MustApply(t, g, st, EvScoresRecorded, map[string]any{"round": round, "scores": scores})
		}
		s := st.(*State)
		res := s.Result()
		place := map[string]int{}
		for _, p := range res.Placements {
			if _, twice := place[p.PlayerID]; twice {
				t.Fatalf("trial %d: %s placed twice", trial, p.PlayerID)
			}
			place[p.PlayerID] = p.Place
		}
		if len(place) != n || len(res.Teams) != len(teams) {
			t.Fatalf("trial %d: %d placed, %d teams listed", trial, len(place), len(res.Teams))
		}
		better := func(a, b int) bool { return a > b != def.LowestWins && a != b }
		for i, a := range teams {
			for _, m := range a {
				if place[m] != place[a[0]] {
					t.Fatalf("trial %d: team %d's players placed %d and %d", trial, i+1, place[a[0]], place[m])
				}
			}
			for j, b := range teams {
				ta, tb := s.TeamTotals[TeamKey(i)], s.TeamTotals[TeamKey(j)]
				if better(ta, tb) && place[a[0]] >= place[b[0]] || ta == tb && place[a[0]] != place[b[0]] {
					t.Fatalf("trial %d: team totals %d and %d placed %d and %d", trial, ta, tb, place[a[0]], place[b[0]])
				}
			}
		}
	}
}
