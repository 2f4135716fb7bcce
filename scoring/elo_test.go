package scoring

import (
	"errors"
	"math"
	"testing"
)

// Hand-computed vectors for the pairwise Elo view (K 32). With
// E = 1/(1+10^(-200/400)) = 0.7597469266479578 for a 200-point favourite:
func TestEloVectors(t *testing.T) {
	e := DefaultElo()
	cases := []struct {
		name  string
		teams [][]float64
		ranks []float64
		want  [][]float64
	}{
		// Equal players: E = 1/2, winner +32*(1-1/2) = +16.
		{"equal, first wins", [][]float64{{1500}, {1500}}, nil, [][]float64{{1516}, {1484}}},
		// Favourite wins: +32*(1-E) = +7.6880983472654.
		{"favourite wins", [][]float64{{1600}, {1400}}, nil,
			[][]float64{{1607.6880983472654}, {1392.3119016527346}}},
		// Upset: the underdog gains 32*E = 24.3119016527346.
		{"upset", [][]float64{{1600}, {1400}}, []float64{2, 1},
			[][]float64{{1575.6880983472654}, {1424.3119016527346}}},
		// Draw counts as half a point: 32*(1/2-E) = -8.3119016527346.
		{"draw", [][]float64{{1600}, {1400}}, []float64{1, 1},
			[][]float64{{1591.6880983472654}, {1408.3119016527346}}},
		// 3 equal players 1,2,3: K/2 per pair; first +16*(1/2+1/2).
		{"3 ffa", [][]float64{{1500}, {1500}, {1500}}, nil,
			[][]float64{{1516}, {1500}, {1484}}},
		// Tie for first of three: each winner +16*(0 + 1/2) = +8.
		{"3 ffa tie for first", [][]float64{{1500}, {1500}, {1500}}, []float64{1, 1, 3},
			[][]float64{{1508}, {1508}, {1484}}},
		// 2v2, teammates not paired: 2 opponents each, +16*(1/2+1/2).
		{"2v2", [][]float64{{1500, 1500}, {1500, 1500}}, nil,
			[][]float64{{1516, 1516}, {1484, 1484}}},
		// 4-player FFA 1600,1500,1500,1400 placed 2,1,4,3, K/3 per pair.
		// The 1500 winner: scores 3, expects 0.2402530733520422 + 0.5 +
		// 0.7597469266479578 = 1.5, so +32/3*1.5 = +16; the 1500 last
		// loses 16 the same way. The 1600 second: expects 0.6400649998028851
		// against each 1500 and 0.7597469266479578 against the 1400, scores
		// 2, so 32/3*(2-2.0398769262537280) = -0.4253538800397.
		{"4 ffa", [][]float64{{1600}, {1500}, {1500}, {1400}}, []float64{2, 1, 4, 3},
			[][]float64{{1599.5746461199603}, {1516}, {1484}, {1400.4253538800397}}},
	}
	for _, c := range cases {
		got, err := e.Rate(c.teams, c.ranks)
		if err != nil {
			t.Fatal(err)
		}
		for i := range c.want {
			for j, w := range c.want[i] {
				if math.Abs(got[i][j]-w) > 1e-9 {
					t.Errorf("%s: team %d player %d = %.10f, want %.10f", c.name, i+1, j+1, got[i][j], w)
				}
			}
		}
	}
	if e.Initial != 1500 || e.K != 32 {
		t.Errorf("defaults: %+v", e)
	}
}

func TestEloErrors(t *testing.T) {
	e := DefaultElo()
	if _, err := e.Rate([][]float64{{1500}}, nil); !errors.Is(err, ErrInvalidMatch) {
		t.Errorf("one team: %v", err)
	}
	if _, err := e.Rate([][]float64{{1500}, {math.NaN()}}, nil); !errors.Is(err, ErrInvalidMatch) {
		t.Errorf("NaN rating: %v", err)
	}
	if _, err := (Elo{Initial: 1500}).Rate([][]float64{{1500}, {1500}}, nil); !errors.Is(err, ErrInvalidModel) {
		t.Errorf("K 0: %v", err)
	}
	// In a free-for-all every pair's changes cancel: the total is kept.
	got, _ := e.Rate([][]float64{{1700}, {1450}, {1500}, {1320}, {1600}}, []float64{2, 1, 2, 5, 4})
	sum := 0.0
	for _, t := range got {
		sum += t[0]
	}
	if want := 1700.0 + 1450 + 1500 + 1320 + 1600; math.Abs(sum-want) > 1e-9 {
		t.Errorf("ratings total %v, want %v", sum, want)
	}
}
