package scoring

import (
	"math/rand/v2"
	"strconv"

	"github.com/motamed/motamed/rules"
)

// randomMatch draws a match among pool: 2-6 players (or teams of two for 4
// and 6 players with probability teamProb), places with frequent ties,
// and score totals.
func randomMatch(r *rand.Rand, id string, pool []string, teamProb float64) MatchResult {
	n := 2 + r.IntN(5)
	if n > len(pool) {
		n = len(pool)
	}
	ids := make([]string, 0, n)
	for _, i := range r.Perm(len(pool))[:n] {
		ids = append(ids, pool[i])
	}
	score := make(map[string]int, n)
	m := MatchResult{MatchID: id, Game: []string{"wizard", "silver", "yatuk"}[r.IntN(3)]}
	if (n == 4 || n == 6) && r.Float64() < teamProb {
		for i := 0; i < n; i += 2 {
			s := r.IntN(3)
			score[ids[i]], score[ids[i+1]] = s, s
			m.Teams = append(m.Teams, []string{ids[i], ids[i+1]})
		}
	} else {
		for _, id := range ids {
			score[id] = r.IntN(n + 1) // ties are common
		}
	}
	res := rules.Rank(ids, score, true)
	m.Placements = res.Placements
	m.Scores = score
	return m
}

func randomLeague(r *rand.Rand, players, matches int, teamProb float64) ([]MatchResult, []string) {
	pool := make([]string, players)
	for i := range pool {
		pool[i] = "p" + strconv.Itoa(i)
	}
	out := make([]MatchResult, matches)
	for i := range out {
		out[i] = randomMatch(r, "m"+strconv.Itoa(i), pool, teamProb)
	}
	return out, pool
}
