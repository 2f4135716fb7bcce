package scoring

import (
	"fmt"
	"math"
)

// The Elo defaults.
const (
	// DefaultEloRating is a new player's Elo rating.
	DefaultEloRating = 1500.0
	// DefaultEloK is the K factor: the most a rating can move in a
	// two-player match.
	DefaultEloK = 32.0
)

// Elo is a pairwise Elo view of multiplayer matches, reported beside
// OpenSkill. Each match is split into every pair of players on different
// sides (teammates are not paired). Against opponent j, player i expects
//
//	E_ij = 1 / (1 + 10^((R_j - R_i)/400))
//
// and scores S_ij = 1 if i's side placed better, 1/2 if the sides tied, 0
// if worse. With n_i opponents in the match, i's rating moves by
//
//	R_i' = R_i + K/n_i * sum_j (S_ij - E_ij)
//
// all from the ratings before the match, so a two-player game is classic
// Elo with factor K and a free-for-all of N players uses K/(N-1) per pair
// (a player can move at most K per match whatever the table size).
type Elo struct {
	Initial float64 // a new player's rating (1500)
	K       float64 // K factor (32)
}

// DefaultElo returns Elo with Initial 1500 and K 32.
func DefaultElo() Elo { return Elo{Initial: DefaultEloRating, K: DefaultEloK} }

// Validate checks that Initial is finite and K positive and finite.
func (e Elo) Validate() error {
	if math.IsNaN(e.Initial) || math.IsInf(e.Initial, 0) || !(e.K > 0) || math.IsInf(e.K, 0) {
		return fmt.Errorf("%w: Elo needs a finite initial rating and a finite K > 0", ErrInvalidModel)
	}
	return nil
}

// EloExpected is the expected score of a player rated a against one rated b.
func EloExpected(a, b float64) float64 {
	return 1 / (1 + math.Pow(10, (b-a)/400))
}

// Rate returns the teams' ratings after a match; ranks as in
// PlackettLuce.Rate (lower is better, equal values tie, nil = listed
// order). teams is not modified.
func (e Elo) Rate(teams [][]float64, ranks []float64) ([][]float64, error) {
	if err := e.Validate(); err != nil {
		return nil, err
	}
	if err := checkTeams(len(teams), func(i int) int { return len(teams[i]) }, ranks); err != nil {
		return nil, err
	}
	for _, t := range teams {
		for _, r := range t {
			if math.IsNaN(r) || math.IsInf(r, 0) {
				return nil, fmt.Errorf("%w: an Elo rating is not finite", ErrInvalidMatch)
			}
		}
	}
	if ranks == nil {
		ranks = make([]float64, len(teams))
		for i := range ranks {
			ranks[i] = float64(i)
		}
	}
	out := make([][]float64, len(teams))
	for i, t := range teams {
		out[i] = make([]float64, len(t))
	}
	e.rate(teams, ranks, out)
	return out, nil
}

// rate writes the new ratings of teams (valid input) into out, which has
// the same shape; teams and out may not alias. Each pair is evaluated
// once: what one player gains against the other, the other loses.
func (e Elo) rate(teams [][]float64, ranks []float64, out [][]float64) {
	total := 0
	for i, t := range teams {
		total += len(t)
		for a := range t {
			out[i][a] = 0 // the running sum of S - E
		}
	}
	for i, ti := range teams {
		for j := i + 1; j < len(teams); j++ {
			s := 0.5
			if ranks[i] < ranks[j] {
				s = 1
			} else if ranks[i] > ranks[j] {
				s = 0
			}
			for a, ra := range ti {
				for b, rb := range teams[j] {
					d := s - EloExpected(ra, rb)
					out[i][a] += d
					out[j][b] -= d
				}
			}
		}
	}
	for i, t := range teams {
		k := e.K / float64(total-len(t))
		for a, r := range t {
			out[i][a] = r + k*out[i][a]
		}
	}
}
