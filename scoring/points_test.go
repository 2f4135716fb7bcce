package scoring

import (
	"errors"
	"testing"

	"github.com/motamed/motamed/rules"
)

func TestPlacementTable(t *testing.T) {
	// The doc table of SchemePlacement: N - place for N = 2..6.
	want := map[int][]float64{
		2: {1, 0},
		3: {2, 1, 0},
		4: {3, 2, 1, 0},
		5: {4, 3, 2, 1, 0},
		6: {5, 4, 3, 2, 1, 0},
	}
	ids := []string{"a", "b", "c", "d", "e", "f"}
	for n, w := range want {
		got, err := SchemePlacement.Points(ffa("m", ids[:n]...))
		if err != nil {
			t.Fatal(err)
		}
		for i, id := range ids[:n] {
			if got[id] != w[i] {
				t.Errorf("%d players, place %d: %v points, want %v", n, i+1, got[id], w[i])
			}
		}
	}
}

func TestPointsTies(t *testing.T) {
	ids := []string{"a", "b", "c", "d", "e", "f"}
	cases := []struct {
		scheme Scheme
		places []int
		want   []float64
	}{
		{SchemePlacement, []int{1, 1, 3}, []float64{1.5, 1.5, 0}},
		{SchemePlacement, []int{1, 1, 2}, []float64{1.5, 1.5, 0}}, // dense places read the same
		{SchemePlacement, []int{1, 2, 2, 4}, []float64{3, 1.5, 1.5, 0}},
		{SchemePlacement, []int{1, 1, 1, 4}, []float64{2, 2, 2, 0}},
		{SchemePlacement, []int{1, 2, 3, 3, 3}, []float64{4, 3, 1, 1, 1}},
		{SchemePlacement, []int{1, 1, 3, 3, 5, 6}, []float64{4.5, 4.5, 2.5, 2.5, 1, 0}},
		{SchemePlacement, []int{1, 1}, []float64{0.5, 0.5}},
		{SchemePlacement, []int{3, 1, 2}, []float64{0, 2, 1}}, // listed in any order
		{SchemeWins, []int{1, 2, 3, 4}, []float64{1, 0, 0, 0}},
		{SchemeWins, []int{1, 1, 3}, []float64{0.5, 0.5, 0}},
		{SchemeWins, []int{1, 1, 1, 4}, []float64{1.0 / 3, 1.0 / 3, 1.0 / 3, 0}},
		{"", []int{1, 2}, []float64{1, 0}}, // "" is the default (placement)
	}
	for _, c := range cases {
		got, err := c.scheme.Points(placed("m", ids[:len(c.places)], c.places))
		if err != nil {
			t.Fatal(err)
		}
		for i, w := range c.want {
			if got[ids[i]] != w {
				t.Errorf("%s %v: %s has %v, want %v", c.scheme, c.places, ids[i], got[ids[i]], w)
			}
		}
	}
	if got := PlacePoints(4, 2, 2); got != 1.5 {
		t.Errorf("PlacePoints(4,2,2) = %v", got)
	}
}

func TestPointsTeams(t *testing.T) {
	// Two teams of two, placed 1,1,3,3 by player: first and second side.
	m := MatchResult{
		MatchID: "w",
		Placements: []rules.Placement{
			{PlayerID: "a", Place: 1}, {PlayerID: "b", Place: 3},
			{PlayerID: "c", Place: 1}, {PlayerID: "d", Place: 3},
		},
		Teams: [][]string{{"b", "d"}, {"c", "a"}},
	}
	for _, c := range []struct {
		s    Scheme
		want map[string]float64
	}{
		{SchemePlacement, map[string]float64{"a": 1, "c": 1, "b": 0, "d": 0}},
		{SchemeWins, map[string]float64{"a": 1, "c": 1, "b": 0, "d": 0}},
	} {
		got, err := c.s.Points(m)
		if err != nil {
			t.Fatal(err)
		}
		for id, w := range c.want {
			if got[id] != w {
				t.Errorf("%s: %s has %v, want %v", c.s, id, got[id], w)
			}
		}
	}
	// Three teams of two (Wazabi 6 players): 2, 1, 0.
	m = MatchResult{MatchID: "w6", Teams: [][]string{{"a", "b"}, {"c", "d"}, {"e", "f"}}}
	for i, id := range []string{"a", "b", "c", "d", "e", "f"} {
		m.Placements = append(m.Placements, rules.Placement{PlayerID: id, Place: 1 + 2*(i/2)})
	}
	got, err := SchemePlacement.Points(m)
	if err != nil {
		t.Fatal(err)
	}
	if got["a"] != 2 || got["d"] != 1 || got["f"] != 0 {
		t.Errorf("three teams: %v", got)
	}
}

func TestParseScheme(t *testing.T) {
	for _, name := range []string{"", "placement", "wins"} {
		if _, err := ParseScheme(name); err != nil {
			t.Errorf("%q: %v", name, err)
		}
	}
	for _, name := range []string{"Placement", "elo", "points", " wins"} {
		_, err := ParseScheme(name)
		if !errors.Is(err, ErrUnknownScheme) {
			t.Errorf("%q: err = %v, want ErrUnknownScheme", name, err)
		}
	}
	if _, err := Scheme("nope").Points(ffa("m", "a", "b")); !errors.Is(err, ErrUnknownScheme) {
		t.Errorf("Points with an unknown scheme: %v", err)
	}
	if _, err := NewLeague(Config{Scheme: "nope"}); !errors.Is(err, ErrUnknownScheme) {
		t.Errorf("NewLeague with an unknown scheme: %v", err)
	}
	if _, err := Compute(Config{Scheme: "nope"}, nil, nil); !errors.Is(err, ErrUnknownScheme) {
		t.Errorf("Compute with an unknown scheme: %v", err)
	}
	if s := Schemes(); len(s) != 2 || s[0] != DefaultScheme {
		t.Errorf("Schemes() = %v", s)
	}
}

func TestValidateResult(t *testing.T) {
	p := func(id string, place int) rules.Placement { return rules.Placement{PlayerID: id, Place: place} }
	bad := map[string]MatchResult{
		"no placements":     {MatchID: "m"},
		"empty player":      {MatchID: "m", Placements: []rules.Placement{p("", 1), p("b", 2)}},
		"place 0":           {MatchID: "m", Placements: []rules.Placement{p("a", 0), p("b", 2)}},
		"placed twice":      {MatchID: "m", Placements: []rules.Placement{p("a", 1), p("a", 2)}},
		"one player":        {MatchID: "m", Placements: []rules.Placement{p("a", 1)}},
		"one team":          {MatchID: "m", Placements: []rules.Placement{p("a", 1), p("b", 1)}, Teams: [][]string{{"a", "b"}}},
		"empty team":        {MatchID: "m", Placements: []rules.Placement{p("a", 1), p("b", 2)}, Teams: [][]string{{}}},
		"unplaced member":   {MatchID: "m", Placements: []rules.Placement{p("a", 1), p("b", 2)}, Teams: [][]string{{"a", "z"}}},
		"two teams":         {MatchID: "m", Placements: []rules.Placement{p("a", 1), p("b", 2), p("c", 2)}, Teams: [][]string{{"a"}, {"a", "b"}}},
		"team places split": {MatchID: "m", Placements: []rules.Placement{p("a", 1), p("b", 2), p("c", 3)}, Teams: [][]string{{"a", "b"}}},
	}
	for name, m := range bad {
		if err := m.Validate(); !errors.Is(err, ErrInvalidResult) {
			t.Errorf("%s: err = %v, want ErrInvalidResult", name, err)
		}
	}
	good := FromResult("m", "wizard", rules.Result{Placements: []rules.Placement{p("a", 2), p("b", 1)}, Winners: []string{"b"}}, nil)
	if err := good.Validate(); err != nil {
		t.Error(err)
	}
	// All tied is a valid (drawn) match.
	if err := placed("m", []string{"a", "b", "c"}, []int{1, 1, 1}).Validate(); err != nil {
		t.Error(err)
	}
}
