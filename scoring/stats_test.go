package scoring

import (
	"errors"
	"reflect"
	"testing"

	"github.com/motamed/motamed/rules"
)

func statsLeague() []MatchResult {
	withGame := func(m MatchResult, game string, scores map[string]int) MatchResult {
		m.Game, m.Scores = game, scores
		return m
	}
	team := MatchResult{
		MatchID: "m4", Game: "wazabi",
		Placements: []rules.Placement{
			{PlayerID: "a", Place: 1}, {PlayerID: "b", Place: 3}, {PlayerID: "c", Place: 1}, {PlayerID: "d", Place: 3},
		},
		Teams: [][]string{{"a", "c"}, {"b", "d"}},
	}
	return []MatchResult{
		withGame(ffa("m1", "a", "b", "c"), "wizard", map[string]int{"a": 50, "b": 40, "c": 10}),
		withGame(placed("m2", []string{"a", "b", "d"}, []int{1, 1, 3}), "wizard", map[string]int{"a": 30, "b": 30, "d": 5}),
		withGame(ffa("m3", "c", "a"), "silver", map[string]int{"c": 7, "a": 3}),
		team,
		withGame(ffa("m5", "b", "d"), "wizard", nil),
		withGame(ffa("m6", "a", "b"), "silver", map[string]int{"a": -2, "b": -9}),
		withGame(ffa("m7", "a", "d"), "wizard", nil),
	}
}

func ip(v int) *int { return &v }

func TestStatsHandComputed(t *testing.T) {
	got, err := Stats("a", statsLeague())
	if err != nil {
		t.Fatal(err)
	}
	// a: W, W (shared), L, W (team), -, W, W.
	want := PlayerStats{
		PlayerID: "a", Matches: 6, Wins: 5, WinShares: 4.5, WinRate: 0.75,
		AvgPlace: 7.0 / 6, BestScore: ip(50), WorstScore: ip(-2), ScoredMatches: 4,
		CurrentWinStreak: 3, LongestWinStreak: 3,
		HeadToHead: []HeadToHead{
			{OpponentID: "b", Played: 4, Won: 3, Tied: 1},          // m1, m2 tie, m4, m6
			{OpponentID: "c", Played: 2, Won: 1, Lost: 1},          // m1, m3 (m4: teammate)
			{OpponentID: "d", Played: 3, Won: 3, Lost: 0, Tied: 0}, // m2, m4, m7
		},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Stats(a)\n got %+v\nwant %+v", got, want)
	}

	byGame, err := StatsByGame("a", statsLeague())
	if err != nil {
		t.Fatal(err)
	}
	type short struct {
		game             string
		matches, wins    int
		shares           float64
		best, worst      *int
		current, longest int
	}
	var gotShort []short
	for _, s := range byGame {
		gotShort = append(gotShort, short{s.Game, s.Matches, s.Wins, s.WinShares, s.BestScore, s.WorstScore, s.CurrentWinStreak, s.LongestWinStreak})
	}
	wantShort := []short{
		{"silver", 2, 1, 1, ip(3), ip(-2), 1, 1},
		{"wazabi", 1, 1, 1, nil, nil, 1, 1},
		{"wizard", 3, 3, 2.5, ip(50), ip(30), 3, 3},
	}
	if !reflect.DeepEqual(gotShort, wantShort) {
		t.Errorf("StatsByGame(a)\n got %+v\nwant %+v", gotShort, wantShort)
	}
}

func TestStatsEdges(t *testing.T) {
	s, err := Stats("nobody", statsLeague())
	if err != nil {
		t.Fatal(err)
	}
	if s.Matches != 0 || s.WinRate != 0 || s.AvgPlace != 0 || s.BestScore != nil || len(s.HeadToHead) != 0 {
		t.Errorf("no matches: %+v", s)
	}
	if g, _ := StatsByGame("nobody", statsLeague()); len(g) != 0 {
		t.Errorf("no games: %+v", g)
	}
	// d never wins: no streak.
	d, _ := Stats("d", statsLeague())
	if d.CurrentWinStreak != 0 || d.LongestWinStreak != 0 || d.Matches != 4 {
		t.Errorf("d: %+v", d)
	}
	bad := append(statsLeague(), MatchResult{MatchID: "x"})
	if _, err := Stats("a", bad); !errors.Is(err, ErrInvalidResult) {
		t.Errorf("invalid result: %v", err)
	}
	if _, err := StatsByGame("a", bad); !errors.Is(err, ErrInvalidResult) {
		t.Errorf("invalid result by game: %v", err)
	}
}
