package scoring

import (
	"errors"
	"math"
	"testing"
)

const vecTol = 1e-4

// near reports whether got is within vecTol of want, relative for values
// above 1 in magnitude (as pytest.approx(want, 1e-4) in openskill.py).
func near(got, want float64) bool {
	return math.Abs(got-want) <= vecTol*math.Max(1, math.Abs(want))
}

func checkRatings(t *testing.T, name string, got [][]Rating, want [][][2]float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d teams, want %d", name, len(got), len(want))
	}
	for i := range want {
		if len(got[i]) != len(want[i]) {
			t.Fatalf("%s: team %d has %d players, want %d", name, i+1, len(got[i]), len(want[i]))
		}
		for j, w := range want[i] {
			g := got[i][j]
			if !near(g.Mu, w[0]) || !near(g.Sigma, w[1]) {
				t.Errorf("%s: team %d player %d = (%.12f, %.12f), want (%.12f, %.12f)",
					name, i+1, j+1, g.Mu, g.Sigma, w[0], w[1])
			}
		}
	}
}

func teamsOf(r Rating, sizes ...int) [][]Rating {
	out := make([][]Rating, len(sizes))
	for i, n := range sizes {
		for range n {
			out[i] = append(out[i], r)
		}
	}
	return out
}

// Vectors with tau = 0 (Weng-Lin without additive dynamics), published by
// openskill.py when Plackett-Luce was its default model and had no tau:
//   - README.md of github.com/vivekjoshy/openskill.py (v2, "Usage": a1, a2
//     beat b1, b2),
//   - tests/models/test_plackett_luce.py (2-5 player free-for-alls and
//     three teams of different sizes),
//   - tests/models/test_plackett_luce_series.py (three matches in a row,
//     with ties given as equal scores).
func TestPlackettLuceOpenskillV2Vectors(t *testing.T) {
	m := DefaultPlackettLuce()
	rate := func(teams [][]Rating, ranks []float64) [][]Rating {
		t.Helper()
		out, err := m.Rate(teams, ranks)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}

	got := rate([][]Rating{
		{{25, 25.0 / 3}, {32.444, 5.123}},
		{{43.381, 2.421}, {25.188, 6.211}},
	}, nil)
	checkRatings(t, "README a1,a2 beat b1,b2", got, [][][2]float64{
		{{28.669648436582808, 8.071520788025197}, {33.83086971107981, 5.062772998705765}},
		{{43.071274808241974, 2.4166900452721256}, {23.149503312339064, 6.1378606973362135}},
	})

	r := m.NewRating()
	checkRatings(t, "2P FFA", rate(teamsOf(r, 1, 1), nil), [][][2]float64{
		{{27.63523138347365, 8.065506316323548}},
		{{22.36476861652635, 8.065506316323548}},
	})
	checkRatings(t, "3P FFA", rate(teamsOf(r, 1, 1, 1), nil), [][][2]float64{
		{{27.868876552746237, 8.204837030780652}},
		{{25.717219138186557, 8.057829747583874}},
		{{21.413904309067206, 8.057829747583874}},
	})
	checkRatings(t, "4P FFA", rate(teamsOf(r, 1, 1, 1, 1), nil), [][][2]float64{
		{{27.795084971874736, 8.263160757613477}},
		{{26.552824984374855, 8.179213704945203}},
		{{24.68943500312503, 8.083731307186588}},
		{{20.96265504062538, 8.083731307186588}},
	})
	checkRatings(t, "5P FFA", rate(teamsOf(r, 1, 1, 1, 1, 1), nil), [][][2]float64{
		{{27.666666666666668, 8.290556877154474}},
		{{26.833333333333332, 8.240145629781066}},
		{{25.72222222222222, 8.179996679645559}},
		{{24.055555555555557, 8.111796013701358}},
		{{20.72222222222222, 8.111796013701358}},
	})
	t3 := [3]float64{25.939870821784513, 8.247641552260456}
	t1 := [2]float64{27.21366020491262, 8.274321317985242}
	t2 := [2]float64{21.84646897330287, 8.213058173195341}
	checkRatings(t, "teams of 3, 1, 2", rate(teamsOf(r, 3, 1, 2), nil), [][][2]float64{
		{{t3[0], t3[1]}, {t3[0], t3[1]}, {t3[0], t3[1]}},
		{t1},
		{t2, t2},
	})

	// Series with ties (scores: higher is better, equal scores tie).
	scores := func(teams [][]Rating, s ...float64) [][]Rating {
		t.Helper()
		out, err := m.RateScores(teams, s)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	res := scores(teamsOf(r, 1, 1, 1, 1, 1), 9, 7, 7, 5, 5)
	p01, p11, p21, p31, p41 := res[0][0], res[1][0], res[2][0], res[3][0], res[4][0]
	res = scores([][]Rating{{p41}, {p21}, {p11}}, 9, 5, 5)
	p42, p22, p12 := res[0][0], res[1][0], res[2][0]
	res = scores([][]Rating{{p31}, {p12}, {p22}, {p01}}, 9, 9, 7, 7)
	checkRatings(t, "series with ties", [][]Rating{{res[3][0]}, {res[1][0]}, {res[2][0]}, {res[0][0]}, {p42}},
		[][][2]float64{
			{{26.353761103, 8.11102706}},  // p03
			{{24.618479789, 7.90533551}},  // p13
			{{23.065819512, 7.822005595}}, // p23
			{{24.476332403, 8.106111471}}, // p33
			{{26.385499685, 8.054090809}}, // p43
		})
}

// Vectors with tau = 25/300 (openskill.py 5's default) and a random prior,
// from openskill.py's tests/models/data/plackettluce.json (commit
// 061f71f61e20313435b02c14abce215bcfc054ae, read by
// tests/models/weng_lin/test_plackett_luce.py::test_rate with
// PlackettLuce(mu, sigma) and the other parameters at their defaults).
func TestPlackettLuceOpenskillV5Vectors(t *testing.T) {
	m := DefaultPlackettLuce()
	m.Mu, m.Sigma = 31.321989232514305, 11.379964801443018
	m.Tau = 25.0 / 300
	r := m.NewRating()
	rate := func(m PlackettLuce, teams [][]Rating, ranks []float64) [][]Rating {
		t.Helper()
		out, err := m.Rate(teams, ranks)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	w := [2]float64{36.48967347401391, 11.237778601372977}
	l := [2]float64{26.154304991014694, 11.17822477763209}
	checkRatings(t, "normal", rate(m, teamsOf(r, 1, 2), nil), [][][2]float64{{w}, {l, l}})

	a := [2]float64{30.19454401757094, 11.237778601372977}
	b := [2]float64{32.44943444745767, 11.17822477763209}
	checkRatings(t, "ranks 2,1", rate(m, teamsOf(r, 1, 2), []float64{2, 1}), [][][2]float64{{a}, {b, b}})
	got, err := m.RateScores(teamsOf(r, 1, 2), []float64{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	checkRatings(t, "scores 1,2", got, [][][2]float64{{a}, {b, b}})

	lim := m
	lim.LimitSigma = true
	x := [2]float64{35.008962716922355, 11.322612945836939}
	y := [2]float64{34.774820565754936, 11.291328826858104}
	z := [2]float64{24.182184414865624, 11.192736898569162}
	checkRatings(t, "limit_sigma ranks 2,1,3", rate(lim, teamsOf(r, 1, 2, 3), []float64{2, 1, 3}),
		[][][2]float64{{x}, {y, y}, {z, z, z}})

	x = [2]float64{33.21874815457553, 11.354896725884002}
	y = [2]float64{30.27713112192334, 11.291328826858104}
	z = [2]float64{30.470088421044046, 11.249240904583088}
	checkRatings(t, "ties ranks 1,2,1", rate(m, teamsOf(r, 1, 2, 3), []float64{1, 2, 1}),
		[][][2]float64{{x}, {y, y}, {z, z, z}})
}

func TestPlackettLuceProperties(t *testing.T) {
	m := DefaultPlackettLuce()
	r := m.NewRating()
	in := teamsOf(r, 1, 1, 1)
	out, err := m.Rate(in, []float64{2, 1, 3})
	if err != nil {
		t.Fatal(err)
	}
	if in[0][0] != r || in[1][0] != r {
		t.Error("Rate modified its input")
	}
	// Rank 1 (team 2) gains most, rank 3 loses.
	if !(out[1][0].Mu > out[0][0].Mu && out[0][0].Mu > out[2][0].Mu) {
		t.Errorf("order of mu does not follow ranks: %v", out)
	}
	// Everyone tied: equal ratings stay equal in mu, sigma shrinks.
	out, _ = m.Rate(teamsOf(r, 1, 1, 1, 1), []float64{1, 1, 1, 1})
	for _, tm := range out {
		if !near(tm[0].Mu, 25) || tm[0].Sigma >= r.Sigma {
			t.Errorf("all tied: %v", tm[0])
		}
	}
	// Huge mu does not overflow exp.
	out, _ = m.Rate([][]Rating{{{1e6, 1}}, {{-1e6, 1}}}, nil)
	for _, tm := range out {
		if math.IsNaN(tm[0].Mu) || math.IsNaN(tm[0].Sigma) || math.IsInf(tm[0].Mu, 0) {
			t.Errorf("overflow: %v", out)
		}
	}
	if got := (Rating{Mu: 25, Sigma: 25.0 / 3}).Ordinal(); !near(got, 0) {
		t.Errorf("ordinal of a new player = %v, want 0", got)
	}
}

func TestPlackettLuceErrors(t *testing.T) {
	m := DefaultPlackettLuce()
	r := m.NewRating()
	cases := map[string]struct {
		m     PlackettLuce
		teams [][]Rating
		ranks []float64
		want  error
	}{
		"one team":      {m, teamsOf(r, 2), nil, ErrInvalidMatch},
		"empty team":    {m, [][]Rating{{r}, {}}, nil, ErrInvalidMatch},
		"ranks length":  {m, teamsOf(r, 1, 1), []float64{1}, ErrInvalidMatch},
		"NaN rank":      {m, teamsOf(r, 1, 1), []float64{1, math.NaN()}, ErrInvalidMatch},
		"zero sigma":    {m, [][]Rating{{r}, {{25, 0}}}, nil, ErrInvalidMatch},
		"zero model":    {PlackettLuce{}, teamsOf(r, 1, 1), nil, ErrInvalidModel},
		"negative tau":  {PlackettLuce{Mu: 25, Sigma: 1, Beta: 1, Kappa: 1, Tau: -1}, teamsOf(r, 1, 1), nil, ErrInvalidModel},
		"infinite beta": {PlackettLuce{Mu: 25, Sigma: 1, Beta: math.Inf(1), Kappa: 1}, teamsOf(r, 1, 1), nil, ErrInvalidModel},
	}
	for name, c := range cases {
		if _, err := c.m.Rate(c.teams, c.ranks); !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", name, err, c.want)
		}
	}
	if _, err := m.RateScores(teamsOf(r, 1, 1), []float64{1}); !errors.Is(err, ErrInvalidMatch) {
		t.Errorf("scores length: err = %v", err)
	}
}
