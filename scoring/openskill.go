package scoring

import (
	"errors"
	"fmt"
	"math"
)

// Rating is an OpenSkill (Weng-Lin) rating: a Gaussian belief about a
// player's skill with mean Mu and standard deviation Sigma.
type Rating struct {
	Mu    float64 `json:"mu"`
	Sigma float64 `json:"sigma"`
}

// Ordinal is the conservative skill estimate mu - 3 sigma (the skill the
// player very likely exceeds), used to rank players.
func (r Rating) Ordinal() float64 { return r.Mu - 3*r.Sigma }

// The OpenSkill defaults (openskill.py's PlackettLuce defaults, except Tau).
const (
	DefaultMu    = 25.0
	DefaultSigma = 25.0 / 3
	DefaultBeta  = 25.0 / 6
	DefaultKappa = 0.0001
	// DefaultTau is 0: no additive dynamics, as in Weng & Lin's
	// algorithm and openskill.py's early (v2) API. Current openskill.py
	// defaults tau to 25/300; set PlackettLuce.Tau to that to match it.
	DefaultTau = 0.0
)

// PlackettLuce is the Weng-Lin Bayesian approximation of the
// Plackett-Luce model (Weng & Lin 2011, "A Bayesian Approximation Method
// for Online Ranking", JMLR 12, Algorithm 4), with the conventions of
// openskill.py's PlackettLuce (models/weng_lin/plackett_luce.py):
//
// A match is a list of teams, each a list of player ratings. A team's
// mu_i is the sum of its players' mu and sigma2_i the sum of their sigma^2.
// With ranks r (lower is better, equal ranks tie):
//
//	c       = sqrt( sum_i (sigma2_i + beta^2) )
//	S_q     = sum_{s: r(s) >= r(q)} exp(mu_s / c)
//	A_q     = |{s: r(s) = r(q)}|
//	p_{i,q} = exp(mu_i / c) / S_q
//	Omega_i = sigma2_i/c   * sum_{q: r(q) <= r(i)} ( [q=i] - p_{i,q} ) / A_q
//	Delta_i = gamma_i * sigma2_i/c^2 * sum_{q: r(q) <= r(i)} p_{i,q} (1 - p_{i,q}) / A_q
//	gamma_i = sqrt(sigma2_i) / c
//
// and each player j of team i, with sigma_j first widened to
// sqrt(sigma_j^2 + tau^2), becomes
//
//	mu_j'    = mu_j + sigma_j^2/sigma2_i * Omega_i
//	sigma_j' = sigma_j * sqrt( max(1 - sigma_j^2/sigma2_i * Delta_i, kappa) )
//
// With LimitSigma, sigma_j' is capped at the player's sigma before the
// match. Use DefaultPlackettLuce for the defaults; the zero value is not a
// usable model.
//
// Ties are the paper's, as in openskill.py's published vectors up to its
// PlackettLuce rewrite with weights: [q=i] is 1 for the team itself only,
// so a draw between equally rated sides changes no mu. (The test data of
// later openskill.py versions give the 1 to every team tied with i, which
// raises every tied player's mu, even in a full draw; that variant is not
// followed.) Weights, balance and score margins of newer
// openskill.py releases are not implemented.
type PlackettLuce struct {
	Mu         float64 // a new player's mu (25)
	Sigma      float64 // a new player's sigma (25/3)
	Beta       float64 // performance noise (25/6)
	Kappa      float64 // floor of the variance shrink factor (0.0001)
	Tau        float64 // additive dynamics added to sigma before each match (0)
	LimitSigma bool    // never let a match raise a player's sigma
}

// DefaultPlackettLuce returns the model with the package defaults: mu 25,
// sigma 25/3, beta 25/6, kappa 0.0001, tau 0, no sigma limit.
func DefaultPlackettLuce() PlackettLuce {
	return PlackettLuce{Mu: DefaultMu, Sigma: DefaultSigma, Beta: DefaultBeta, Kappa: DefaultKappa, Tau: DefaultTau}
}

// NewRating is a new player's rating.
func (m PlackettLuce) NewRating() Rating { return Rating{Mu: m.Mu, Sigma: m.Sigma} }

// ErrInvalidModel is wrapped by errors about a model's parameters.
var ErrInvalidModel = errors.New("scoring: invalid rating model")

// Validate checks the parameters: finite, sigma, beta and kappa positive,
// tau not negative.
func (m PlackettLuce) Validate() error {
	for _, v := range []float64{m.Mu, m.Sigma, m.Beta, m.Kappa, m.Tau} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("%w: OpenSkill parameters must be finite", ErrInvalidModel)
		}
	}
	if m.Sigma <= 0 || m.Beta <= 0 || m.Kappa <= 0 || m.Tau < 0 {
		return fmt.Errorf("%w: OpenSkill needs sigma, beta and kappa > 0 and tau >= 0", ErrInvalidModel)
	}
	return nil
}

// ErrInvalidMatch is wrapped by errors about the teams and ranks given to
// a rating model.
var ErrInvalidMatch = errors.New("scoring: invalid match for rating")

// Rate returns the teams' ratings after a match. ranks gives each team's
// rank (lower is better; equal values tie, as openskill.py's ranks);
// nil means the teams are listed from first to last. teams is not modified.
func (m PlackettLuce) Rate(teams [][]Rating, ranks []float64) ([][]Rating, error) {
	if err := m.Validate(); err != nil {
		return nil, err
	}
	if err := checkTeams(len(teams), func(i int) int { return len(teams[i]) }, ranks); err != nil {
		return nil, err
	}
	for _, t := range teams {
		for _, r := range t {
			if math.IsNaN(r.Mu) || math.IsInf(r.Mu, 0) || !(r.Sigma > 0) || math.IsInf(r.Sigma, 0) {
				return nil, fmt.Errorf("%w: a rating needs a finite mu and a finite sigma > 0", ErrInvalidMatch)
			}
		}
	}
	if ranks == nil {
		ranks = make([]float64, len(teams))
		for i := range ranks {
			ranks[i] = float64(i)
		}
	}
	out := make([][]Rating, len(teams))
	for i, t := range teams {
		out[i] = append([]Rating(nil), t...)
	}
	m.rate(out, ranks)
	return out, nil
}

// RateScores is Rate with scores instead of ranks: a higher score is
// better and equal scores tie (openskill.py's scores = ranks of -score).
func (m PlackettLuce) RateScores(teams [][]Rating, scores []float64) ([][]Rating, error) {
	if len(scores) != len(teams) {
		return nil, fmt.Errorf("%w: %d scores for %d teams", ErrInvalidMatch, len(scores), len(teams))
	}
	ranks := make([]float64, len(scores))
	for i, s := range scores {
		ranks[i] = -s
	}
	return m.Rate(teams, ranks)
}

func checkTeams(n int, size func(int) int, ranks []float64) error {
	if n < 2 {
		return fmt.Errorf("%w: need at least 2 teams, got %d", ErrInvalidMatch, n)
	}
	for i := 0; i < n; i++ {
		if size(i) == 0 {
			return fmt.Errorf("%w: team %d is empty", ErrInvalidMatch, i+1)
		}
	}
	if ranks != nil {
		if len(ranks) != n {
			return fmt.Errorf("%w: %d ranks for %d teams", ErrInvalidMatch, len(ranks), n)
		}
		for _, r := range ranks {
			if math.IsNaN(r) {
				return fmt.Errorf("%w: a rank is NaN", ErrInvalidMatch)
			}
		}
	}
	return nil
}

// rate updates teams in place; inputs are valid and ranks has one entry
// per team.
func (m PlackettLuce) rate(teams [][]Rating, ranks []float64) {
	k := len(teams)
	var small [40]float64
	buf := small[:0]
	if 5*k > len(small) {
		buf = make([]float64, 0, 5*k)
	}
	buf = buf[:5*k]
	mu, sig2, maxQ, sumQ, a := buf[0:k], buf[k:2*k], buf[2*k:3*k], buf[3*k:4*k], buf[4*k:5*k]
	var before [][]float64
	if m.LimitSigma {
		before = make([][]float64, k)
		for i, t := range teams {
			before[i] = make([]float64, len(t))
			for j := range t {
				before[i][j] = t[j].Sigma
			}
		}
	}
	tau2 := m.Tau * m.Tau
	beta2 := m.Beta * m.Beta
	c2 := 0.0
	for i, t := range teams {
		mu[i], sig2[i] = 0, 0
		for j := range t {
			if tau2 > 0 {
				t[j].Sigma = math.Sqrt(t[j].Sigma*t[j].Sigma + tau2)
			}
			mu[i] += t[j].Mu
			sig2[i] += t[j].Sigma * t[j].Sigma
		}
		c2 += sig2[i] + beta2
	}
	c := math.Sqrt(c2)
	// S_q is kept as exp(maxQ[q]/c) * sumQ[q], maxQ[q] the largest mu in C_q,
	// so every exponent is <= 0 and sumQ[q] >= 1: no overflow, no 0/0.
	for q := range teams {
		maxQ[q], sumQ[q], a[q] = math.Inf(-1), 0, 0
		for s := range teams {
			if ranks[s] >= ranks[q] {
				maxQ[q] = math.Max(maxQ[q], mu[s])
			}
			if ranks[s] == ranks[q] {
				a[q]++
			}
		}
		for s := range teams {
			if ranks[s] >= ranks[q] {
				sumQ[q] += math.Exp((mu[s] - maxQ[q]) / c)
			}
		}
	}
	for i, t := range teams {
		omega, delta := 0.0, 0.0
		for q := range teams {
			if ranks[q] > ranks[i] {
				continue
			}
			p := math.Exp((mu[i]-maxQ[q])/c) / sumQ[q]
			delta += p * (1 - p) / a[q]
			if q == i {
				omega += (1 - p) / a[q]
			} else {
				omega -= p / a[q]
			}
		}
		omega *= sig2[i] / c
		delta *= sig2[i] / c2
		delta *= math.Sqrt(sig2[i]) / c // gamma_i
		for j := range t {
			s2 := t[j].Sigma * t[j].Sigma
			t[j].Mu += s2 / sig2[i] * omega
			t[j].Sigma *= math.Sqrt(math.Max(1-s2/sig2[i]*delta, m.Kappa))
			if m.LimitSigma {
				t[j].Sigma = math.Min(t[j].Sigma, before[i][j])
			}
		}
	}
}
