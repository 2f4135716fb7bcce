package scoring

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// benchLeague is 10,000 finished matches among 200 players (2-6 players a
// match, a quarter of the 4- and 6-player matches in teams of two).
func benchLeague() ([]MatchResult, []string, map[string]string) {
	r := rand.New(rand.NewPCG(10000, 200))
	results, pool := randomLeague(r, 200, 10000, 0.25)
	names := make(map[string]string, len(pool))
	for i, id := range pool {
		names[id] = "Player " + strconv.Itoa(i)
	}
	return results, pool, names
}

// Standings from scratch: validate, rate and rank 10,000 matches.
func BenchmarkComputeStandings10k(b *testing.B) {
	results, _, names := benchLeague()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Compute(Config{}, results, names); err != nil {
			b.Fatal(err)
		}
	}
}

// Standings of a materialized 10,000-match league (what a GET serves).
func BenchmarkLeagueStandings10k(b *testing.B) {
	results, _, names := benchLeague()
	l, _ := NewLeague(Config{})
	for _, m := range results {
		if err := l.Add(m); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = l.Standings(names)
	}
}

// One finished match added to a league of 10,000 (and growing).
func BenchmarkLeagueAdd10k(b *testing.B) {
	results, pool, _ := benchLeague()
	l, _ := NewLeague(Config{})
	for _, m := range results {
		if err := l.Add(m); err != nil {
			b.Fatal(err)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	extra := make([]MatchResult, 1024)
	for i := range extra {
		extra[i] = randomMatch(r, "", pool, 0.25)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		m := extra[i%len(extra)]
		m.MatchID = "x" + strconv.Itoa(i)
		i++
		if err := l.Add(m); err != nil {
			b.Fatal(err)
		}
	}
}

// Correcting the first of 10,000 matches (everything is re-derived).
func BenchmarkLeagueReplaceFirst10k(b *testing.B) {
	results, _, _ := benchLeague()
	l, _ := NewLeague(Config{})
	for _, m := range results {
		if err := l.Add(m); err != nil {
			b.Fatal(err)
		}
	}
	a, c := results[0], results[1]
	c.MatchID = a.MatchID
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		m := a
		if i%2 == 0 {
			m = c
		}
		i++
		if err := l.Replace(m); err != nil {
			b.Fatal(err)
		}
	}
}
