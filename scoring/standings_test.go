package scoring

import (
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"testing"

	"github.com/motamed/motamed/rules"
)

func TestStandingsHandComputed(t *testing.T) {
	results := []MatchResult{
		ffa("m1", "a", "b", "c"),                              // a 2, b 1, c 0
		placed("m2", []string{"a", "b", "d"}, []int{1, 1, 3}), // a 1.5, b 1.5, d 0
		ffa("m3", "c", "a"),                                   // c 1, a 0
	}
	names := map[string]string{"a": "Sara", "b": "Ali", "c": "Zoë", "d": "Ali"}
	st, err := Compute(Config{}, results, names)
	if err != nil {
		t.Fatal(err)
	}
	type short struct {
		id       string
		played   int
		wins     float64
		points   float64
		avgPlace float64
		streak   string
	}
	want := []short{
		{"a", 3, 1.5, 3.5, 4.0 / 3, "L1"},
		{"b", 2, 0.5, 2.5, 1.5, "W1"},
		{"c", 2, 1, 1, 2, "W1"},
		{"d", 1, 0, 0, 3, "L1"},
	}
	if st.Ordering != OrderingRule || st.Scheme != SchemePlacement || st.Matches != 3 || len(st.Rows) != len(want) {
		t.Fatalf("standings header: %+v", st)
	}
	for i, w := range want {
		r := st.Rows[i]
		got := short{r.PlayerID, r.Played, r.Wins, r.Points, r.AvgPlace, r.StreakText}
		if got != w || r.Position != i+1 || r.Name != names[w.id] || !r.Provisional {
			t.Errorf("row %d = %+v, want %+v", i+1, r, w)
		}
		if r.WinRate != r.Wins/float64(r.Played) || r.Ordinal != r.Mu-3*r.Sigma {
			t.Errorf("row %d derived fields: %+v", i+1, r)
		}
	}

	// Ratings: the same as rating the matches by hand.
	m := DefaultPlackettLuce()
	a, b, c, d := m.NewRating(), m.NewRating(), m.NewRating(), m.NewRating()
	out, _ := m.Rate([][]Rating{{a}, {b}, {c}}, nil)
	a, b, c = out[0][0], out[1][0], out[2][0]
	out, _ = m.Rate([][]Rating{{a}, {b}, {d}}, []float64{1, 1, 3})
	a, b, d = out[0][0], out[1][0], out[2][0]
	out, _ = m.Rate([][]Rating{{c}, {a}}, nil)
	c, a = out[0][0], out[1][0]
	e := DefaultElo()
	ea, _ := e.Rate([][]float64{{1500}, {1500}, {1500}}, nil) // a 1516, b 1500, c 1484
	eb, _ := e.Rate([][]float64{{ea[0][0]}, {ea[1][0]}, {1500}}, []float64{1, 1, 3})
	ec, _ := e.Rate([][]float64{{ea[2][0]}, {eb[0][0]}}, nil)
	wantR := map[string]struct {
		r   Rating
		elo float64
	}{"a": {a, ec[1][0]}, "b": {b, eb[1][0]}, "c": {c, ec[0][0]}, "d": {d, eb[2][0]}}
	for _, r := range st.Rows {
		w := wantR[r.PlayerID]
		if math.Abs(r.Mu-w.r.Mu) > 1e-12 || math.Abs(r.Sigma-w.r.Sigma) > 1e-12 || math.Abs(r.Elo-w.elo) > 1e-9 {
			t.Errorf("%s: mu %v sigma %v elo %v, want %v %v", r.PlayerID, r.Mu, r.Sigma, r.Elo, w.r, w.elo)
		}
	}

	// The wins scheme on the same matches: 1, 1/2+1/2, 1.
	st, err = Compute(Config{Scheme: SchemeWins}, results, names)
	if err != nil {
		t.Fatal(err)
	}
	pts := map[string]float64{}
	for _, r := range st.Rows {
		pts[r.PlayerID] = r.Points
	}
	if pts["a"] != 1.5 || pts["b"] != 0.5 || pts["c"] != 1 || pts["d"] != 0 {
		t.Errorf("wins scheme points: %v", pts)
	}
}

func TestStandingsOrdering(t *testing.T) {
	// a beats b and c beats d in separate identical matches: a and c tie
	// on points, rating and wins, so the name decides; b and d also tie
	// and have the same name, so the ID decides.
	results := []MatchResult{ffa("m1", "a", "b"), ffa("m2", "c", "d")}
	names := map[string]string{"a": "Zahra", "c": "Amir", "b": "رضا", "d": "رضا"}
	st, err := Compute(Config{}, results, names)
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, r := range st.Rows {
		order = append(order, r.PlayerID)
	}
	if want := []string{"c", "a", "b", "d"}; !reflect.DeepEqual(order, want) {
		t.Errorf("order %v, want %v", order, want)
	}
	// Equal points: the higher rating (ordinal) first. x wins a 3-player
	// match (2 points); w wins two 2-player matches (2 points) and has the
	// higher ordinal (two wins, lower sigma).
	results = []MatchResult{
		ffa("n1", "x", "y", "z"), // x 2 points
		ffa("n2", "w", "v"),      // w 1 point
		ffa("n3", "w", "u"),      // w 2 points, two matches: lower sigma, higher ordinal
	}
	st, _ = Compute(Config{}, results, nil)
	if st.Rows[0].PlayerID != "w" || st.Rows[1].PlayerID != "x" || st.Rows[0].Points != 2 || st.Rows[1].Points != 2 || st.Rows[0].Ordinal <= st.Rows[1].Ordinal {
		t.Errorf("equal points not ordered by rating: %+v", st.Rows[:2])
	}
	// Equal points and rating: more wins first (exact equal ratings with
	// different wins do not arise from real matches, so test the rule).
	r1 := Row{PlayerID: "1", Points: 1, Ordinal: 0, Wins: 2}
	r2 := Row{PlayerID: "2", Points: 1, Ordinal: 0, Wins: 1}
	if !rowLess(&r1, &r2) || rowLess(&r2, &r1) {
		t.Error("more wins should rank first on equal points and rating")
	}
}

func TestProvisionalAndStreaks(t *testing.T) {
	var results []MatchResult
	// a: W W L L L W, against b.
	for i, aWins := range []bool{true, true, false, false, false, true} {
		id := "m" + strconv.Itoa(i)
		if aWins {
			results = append(results, ffa(id, "a", "b"))
		} else {
			results = append(results, ffa(id, "b", "a"))
		}
		st, _ := Compute(Config{}, results, nil)
		for _, r := range st.Rows {
			if r.Provisional != (r.Played < 5) {
				t.Errorf("after %d matches %s provisional = %v", i+1, r.PlayerID, r.Provisional)
			}
		}
	}
	l, _ := NewLeague(Config{ProvisionalMatches: 7})
	for _, m := range results {
		if err := l.Add(m); err != nil {
			t.Fatal(err)
		}
	}
	ra, _ := l.Player("a", "")
	rb, _ := l.Player("b", "")
	if ra.Streak != 1 || ra.StreakText != "W1" || rb.Streak != -1 || rb.StreakText != "L1" || !ra.Provisional {
		t.Errorf("a %+v, b %+v", ra, rb)
	}
	_ = l.Add(ffa("m6", "b", "a"))
	_ = l.Add(ffa("m7", "b", "a"))
	ra, _ = l.Player("a", "")
	rb, _ = l.Player("b", "")
	if ra.StreakText != "L2" || rb.StreakText != "W2" || ra.Provisional {
		t.Errorf("a %+v, b %+v", ra, rb)
	}
	if StreakText(0) != "" {
		t.Error("StreakText(0)")
	}
	if _, ok := l.Player("nobody", ""); ok {
		t.Error("unknown player found")
	}
}

// sameAsScratch checks that l agrees exactly (bit for bit) with a
// from-scratch recomputation of results: standings and every history.
func sameAsScratch(t *testing.T, l *League, cfg Config, results []MatchResult, pool []string, names map[string]string) {
	t.Helper()
	want, err := Compute(cfg, results, names)
	if err != nil {
		t.Fatal(err)
	}
	got := l.Standings(names)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("after %d matches incremental standings differ from scratch:\n got %+v\nwant %+v", len(results), got, want)
	}
	if l.Len() != len(results) {
		t.Fatalf("Len %d, want %d", l.Len(), len(results))
	}
	for _, id := range pool {
		wantH, err := ComputeHistory(cfg, results, id)
		if err != nil {
			t.Fatal(err)
		}
		if gotH := l.History(id); !reflect.DeepEqual(gotH, wantH) {
			t.Fatalf("after %d matches history of %s differs:\n got %+v\nwant %+v", len(results), id, gotH, wantH)
		}
	}
}

// TestLeagueAgreesWithCompute is the property test: random leagues (fixed
// seed) built incrementally with Add, Replace and Remove agree exactly with
// Compute and ComputeHistory at every checkpoint.
func TestLeagueAgreesWithCompute(t *testing.T) {
	r := rand.New(rand.NewPCG(20240607, 7))
	configs := []Config{
		{},
		{Scheme: SchemeWins},
		{OpenSkill: PlackettLuce{Mu: 25, Sigma: 25.0 / 3, Beta: 25.0 / 6, Kappa: 0.0001, Tau: 25.0 / 300, LimitSigma: true}, Elo: Elo{Initial: 1000, K: 16}},
	}
	for trial, cfg := range configs {
		results, pool := randomLeague(r, 10+8*trial, 150, 0.25)
		names := map[string]string{}
		for i, id := range pool {
			names[id] = []string{"Sara", "Ali", "Reza", "Mina"}[i%4]
		}
		l, err := NewLeague(cfg)
		if err != nil {
			t.Fatal(err)
		}
		var cur []MatchResult
		next := 1000
		for i, m := range results {
			if err := l.Add(m); err != nil {
				t.Fatal(err)
			}
			cur = append(cur, m)
			switch k := r.IntN(12); {
			case k == 0 && len(cur) > 2: // correction of an earlier match
				j := r.IntN(len(cur))
				fixed := randomMatch(r, cur[j].MatchID, pool, 0.25)
				if err := l.Replace(fixed); err != nil {
					t.Fatal(err)
				}
				cur[j] = fixed
			case k == 1 && len(cur) > 2: // a match stops counting
				j := r.IntN(len(cur))
				if err := l.Remove(cur[j].MatchID); err != nil {
					t.Fatal(err)
				}
				cur = append(cur[:j:j], cur[j+1:]...)
			case k == 2: // an invalid result changes nothing
				bad := randomMatch(r, "bad"+strconv.Itoa(next), pool, 0)
				next++
				bad.Placements = append(bad.Placements, bad.Placements[0])
				if err := l.Add(bad); !errors.Is(err, ErrInvalidResult) {
					t.Fatalf("invalid Add: %v", err)
				}
				if err := l.Add(cur[r.IntN(len(cur))]); !errors.Is(err, ErrDuplicateMatch) {
					t.Fatalf("duplicate Add: %v", err)
				}
			}
			if i%15 == 0 || i == len(results)-1 {
				sameAsScratch(t, l, cfg, cur, pool, names)
			}
		}
	}
}

// TestCorrectionOfEarlyMatch changes the winner of match 3 of a 30-match
// league and checks every later rating equals a from-scratch
// recomputation (issue 7).
func TestCorrectionOfEarlyMatch(t *testing.T) {
	r := rand.New(rand.NewPCG(30, 3))
	pool := []string{"p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7"}
	results := make([]MatchResult, 30)
	for i := range results {
		ids := make([]string, 4)
		for j, k := range r.Perm(len(pool))[:4] {
			ids[j] = pool[k]
		}
		results[i] = ffa("m"+strconv.Itoa(i+1), ids...)
	}
	l, err := NewLeague(Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range results {
		if err := l.Add(m); err != nil {
			t.Fatal(err)
		}
	}
	before := map[string][]HistoryPoint{}
	for _, id := range pool {
		before[id] = l.History(id)
	}

	// Match 3: the last player is recorded as the winner instead.
	old := results[2]
	ids := make([]string, 4)
	for _, p := range old.Placements {
		ids[p.Place-1] = p.PlayerID
	}
	fixed := ffa(old.MatchID, ids[3], ids[1], ids[2], ids[0])
	corrected := append([]MatchResult(nil), results...)
	corrected[2] = fixed
	if err := l.Replace(fixed); err != nil {
		t.Fatal(err)
	}

	sameAsScratch(t, l, Config{}, corrected, pool, nil)
	changed := 0
	for _, id := range pool {
		after := l.History(id)
		if len(after) != len(before[id]) {
			t.Fatalf("%s: %d history points, had %d", id, len(after), len(before[id]))
		}
		for k, hp := range after {
			switch {
			case hp.Seq < 3 && hp != before[id][k]:
				t.Errorf("%s: match %d before the correction changed", id, hp.Seq)
			case hp.Seq >= 3 && hp != before[id][k]:
				changed++
			}
		}
	}
	if changed == 0 {
		t.Fatal("the correction changed no later rating: the test proves nothing")
	}
	// And the correction undone restores the original exactly.
	if err := l.Replace(old); err != nil {
		t.Fatal(err)
	}
	for _, id := range pool {
		if !reflect.DeepEqual(l.History(id), before[id]) {
			t.Errorf("%s: history not restored", id)
		}
	}
}

func TestLeagueRemoveAndErrors(t *testing.T) {
	l, _ := NewLeague(Config{})
	_ = l.Add(ffa("m1", "a", "b"))
	_ = l.Add(ffa("m2", "c", "a"))
	if err := l.Remove("m2"); err != nil {
		t.Fatal(err)
	}
	if _, ok := l.Player("c", ""); ok || l.History("c") != nil || l.Len() != 1 {
		t.Error("a player whose only match was removed is still there")
	}
	if h := l.History("a"); len(h) != 1 || h[0].Seq != 1 || h[0].MatchID != "m1" || h[0].Place != 1 {
		t.Errorf("history of a: %+v", h)
	}
	if err := l.Remove("m2"); !errors.Is(err, ErrUnknownMatch) {
		t.Errorf("Remove twice: %v", err)
	}
	if err := l.Replace(ffa("zz", "a", "b")); !errors.Is(err, ErrUnknownMatch) {
		t.Errorf("Replace unknown: %v", err)
	}
	if err := l.Replace(MatchResult{MatchID: "m1"}); !errors.Is(err, ErrInvalidResult) {
		t.Errorf("Replace with an invalid result: %v", err)
	}
	if err := l.Add(ffa("", "a", "b")); !errors.Is(err, ErrInvalidResult) {
		t.Errorf("empty match id: %v", err)
	}
	if _, err := Compute(Config{}, []MatchResult{ffa("x", "a", "b"), ffa("x", "a", "b")}, nil); !errors.Is(err, ErrDuplicateMatch) {
		t.Errorf("Compute duplicate: %v", err)
	}
	if _, err := NewLeague(Config{OpenSkill: PlackettLuce{Mu: 25}}); !errors.Is(err, ErrInvalidModel) {
		t.Errorf("bad model: %v", err)
	}
	if _, err := NewLeague(Config{ProvisionalMatches: -1}); !errors.Is(err, ErrInvalidModel) {
		t.Errorf("negative provisional: %v", err)
	}
	if cfg := l.Config(); cfg.Scheme != SchemePlacement || cfg.OpenSkill != DefaultPlackettLuce() || cfg.Elo != DefaultElo() || cfg.ProvisionalMatches != 5 {
		t.Errorf("defaults: %+v", cfg)
	}
	// Empty league.
	e, _ := NewLeague(Config{})
	if st := e.Standings(nil); len(st.Rows) != 0 || st.Matches != 0 || st.Ordering != OrderingRule {
		t.Errorf("empty standings: %+v", st)
	}
}

func TestLeagueKeepsNoReferenceToInput(t *testing.T) {
	m := MatchResult{
		MatchID:    "m1",
		Placements: []rules.Placement{{PlayerID: "a", Place: 1}, {PlayerID: "b", Place: 2}, {PlayerID: "c", Place: 2}},
		Teams:      [][]string{{"b", "c"}},
	}
	l, _ := NewLeague(Config{})
	if err := l.Add(m); err != nil {
		t.Fatal(err)
	}
	want := l.Standings(nil)
	m.Placements[0].Place, m.Placements[1].Place = 2, 1
	m.Teams[0][0] = "a"
	_ = l.Add(ffa("m2", "a", "b"))
	_ = l.Remove("m2") // replays nothing before m2, but rewinds
	if got := l.Standings(nil); !reflect.DeepEqual(got, want) {
		t.Errorf("mutating the input changed the league: %+v", got)
	}
}

func TestSameResultAnyOrder(t *testing.T) {
	// The same result listed in another order rates exactly the same.
	a := placed("m", []string{"a", "b", "c", "d"}, []int{2, 1, 2, 4})
	b := placed("m", []string{"d", "c", "b", "a"}, []int{4, 2, 1, 2})
	sa, _ := Compute(Config{}, []MatchResult{a}, nil)
	sb, _ := Compute(Config{}, []MatchResult{b}, nil)
	if !reflect.DeepEqual(sa, sb) {
		t.Errorf("order matters:\n%+v\n%+v", sa, sb)
	}
}

func TestStandingsRecords(t *testing.T) {
	st, err := Compute(Config{}, []MatchResult{placed("m1", []string{"a", "b", "c"}, []int{1, 1, 3})},
		map[string]string{"a": "سارا", "b": "Ali, Jr.", "c": "C"})
	if err != nil {
		t.Fatal(err)
	}
	rec := st.Records()
	if len(rec) != 4 || rec[0][0] != "position" || len(rec[0]) != len(rec[1]) {
		t.Fatalf("records: %v", rec)
	}
	// a and b tie on everything but the name: "Ali, Jr." < "سارا".
	want := []string{"1", "b", "Ali, Jr.", "1", "0.5", "1.5", "1.0000", "0.5000", "W1"}
	if !reflect.DeepEqual(rec[1][:len(want)], want) || rec[1][13] != "true" {
		t.Errorf("row 1: %v", rec[1])
	}
	if rec[3][1] != "c" || rec[3][5] != "0" || rec[3][8] != "L1" {
		t.Errorf("row 3: %v", rec[3])
	}
}
