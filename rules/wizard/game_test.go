package wizard

import (
	"errors"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// TestSeedExample is the seed's scoring example (spec 9.1): Thomas, Ute and
// Kevin over the first two rounds. Kevin deals round 1 so that the bids run
// Thomas, Ute, Kevin; round 1 is entered as trick counts, round 2 trick by
// trick. The match is cut to 2 rounds to see a result.
func TestSeedExample(t *testing.T) {
	players := []rules.Player{{ID: "t", Name: "توماس"}, {ID: "u", Name: "اوته"}, {ID: "k", Name: "کوین"}}
	st, _, err := New().Setup(players, []byte(`{"first_dealer":"k","rounds":2}`))
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	s = do(t, s,
		ev(evRoundStarted, m{"round": 1, "dealer": "k", "trump": "red", "trump_card": "red-3"}),
		ev(evBid, m{"player": "t", "bid": 0}),
		ev(evBid, m{"player": "u", "bid": 1}),
		ev(evBid, m{"player": "k", "bid": 1}), // bids total 2 for 1 trick: legal (WIZARD-BID-5)
		ev(evTricks, m{"won": m{"t": 0, "u": 0, "k": 1}}),
	)
	wantRow(t, s.Rows[0], map[string][3]int{"t": {20, 20}, "u": {-10, -10}, "k": {30, 30}})
	s = do(t, s,
		ev(evRoundStarted, m{"round": 2, "dealer": "t", "trump": "red"}),
		ev(evBid, m{"player": "u", "bid": 0}),
		ev(evBid, m{"player": "k", "bid": 0}),
		ev(evBid, m{"player": "t", "bid": 2}),
		ev(evTrick, m{"plays": []m{{"player": "u", "card": "blue-3"}, {"player": "k", "card": "blue-10"}, {"player": "t", "card": "blue-5"}}, "winner": "k"}),
		ev(evTrick, m{"plays": []m{{"player": "k", "card": "green-2"}, {"player": "t", "card": "green-9"}, {"player": "u", "card": "green-4"}}, "winner": "t"}),
	)
	wantRow(t, s.Rows[1], map[string][3]int{"t": {-10, 10}, "u": {20, 10}, "k": {-10, 20}})
	res := s.Result()
	if res == nil {
		t.Fatal("the 2-round match should be finished")
	}
	want := []rules.Placement{{PlayerID: "k", Place: 1}, {PlayerID: "t", Place: 2}, {PlayerID: "u", Place: 2}}
	if mustJSON(t, res.Placements) != mustJSON(t, want) || len(res.Winners) != 1 || res.Winners[0] != "k" {
		t.Fatalf("result %+v", res)
	}
	if row := s.Rows[1]; row.Dealer != "t" || row.Trump != "red" || row.Bids["t"] != 2 || row.Tricks["k"] != 1 || len(row.Disputes) != 0 {
		t.Errorf("row 2: %+v", row)
	}
}

// wantRow checks a score row: per player {points, total}.
func wantRow(t *testing.T, row RoundRow, want map[string][3]int) {
	t.Helper()
	for id, w := range want {
		if row.Points[id] != w[0] || row.Totals[id] != w[1] {
			t.Errorf("round %d, %s: points %d total %d, want %d and %d (WIZARD-SCORE-1, -2, -3)",
				row.Round, id, row.Points[id], row.Totals[id], w[0], w[1])
		}
	}
}

func TestRoundPoints(t *testing.T) {
	for _, tc := range []struct{ bid, won, want int }{
		{0, 0, 20}, {1, 1, 30}, {5, 5, 70}, // WIZARD-SCORE-1
		{1, 0, -10}, {0, 1, -10}, {2, 5, -30}, {6, 1, -50}, // WIZARD-SCORE-2
	} {
		if got := roundPoints(tc.bid, tc.won); got != tc.want {
			t.Errorf("bid %d won %d: %d, want %d", tc.bid, tc.won, got, tc.want)
		}
	}
}

// TestFullGame plays a whole 3-player match of 20 rounds through Apply,
// trick by trick (hands recorded in every other round), and checks the
// totals against points computed by the simulation.
func TestFullGame(t *testing.T) {
	players := rulestest.Players(3)
	events, totals := fullMatch(players)
	st, _, err := New().Setup(players, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for i, e := range events {
		if s.Result() != nil {
			t.Fatalf("finished before event %d", i)
		}
		if s.Next().EN == "" || s.Next().FA == "" {
			t.Fatalf("no Next before event %d", i)
		}
		next, notes, err := rulestest.ApplyPure(t, New(), s, e)
		if err != nil {
			t.Fatalf("event %d %s %s: %v", i, e.Type, e.Data, err)
		}
		if len(notes) != 0 {
			t.Fatalf("event %d: a legal simulation raised %v", i, notes)
		}
		s = next.(*State)
	}
	sc := s.Scores()
	rows := sc.Rounds.([]RoundRow)
	if len(rows) != 20 || rows[19].Trump != "none" || rows[19].TrumpCard != "" {
		t.Fatalf("%d rows; last %+v", len(rows), rows[len(rows)-1])
	}
	for _, row := range rows {
		sum := 0
		for _, n := range row.Tricks {
			sum += n
		}
		if sum != row.Round {
			t.Errorf("round %d: tricks add up to %d", row.Round, sum)
		}
	}
	if mustJSON(t, sc.Totals) != mustJSON(t, totals) {
		t.Fatalf("totals %v, want %v", sc.Totals, totals)
	}
	res := s.Result()
	if res == nil || len(res.Placements) != 3 || len(res.Winners) == 0 || s.Next() != (rules.Text{}) || s.Phase != phaseFinished {
		t.Fatalf("result %+v", res)
	}
	best := sc.Totals[res.Winners[0]]
	for _, p := range res.Placements {
		if sc.Totals[p.PlayerID] > best {
			t.Errorf("WIZARD-END-2: %s has %d, more than the winner's %d", p.PlayerID, sc.Totals[p.PlayerID], best)
		}
	}
	if _, _, err := New().Apply(s, ev(evRoundStarted, m{"trump": "none"})); !errors.Is(err, rules.ErrFinished) {
		t.Fatalf("after the end: %v", err)
	}
	// Replay gives the same state.
	replayed, err := rules.Replay(New(), players, nil, events)
	if err != nil || mustJSON(t, replayed) != mustJSON(t, s) {
		t.Fatalf("replay differs: %v", err)
	}
}

// TestFinalTie: tied leaders share first place (WIZARD-END-3); with
// final_tie "unresolved" the result names no winner (WIZARD-AMB-9).
func TestFinalTie(t *testing.T) {
	for _, tc := range []struct {
		options string
		winners int
	}{{`{"rounds":1,"first_dealer":"p3"}`, 2}, {`{"rounds":1,"first_dealer":"p3","final_tie":"unresolved"}`, 0}} {
		s := startRound(t, setup(t, 3, tc.options), "red", 0, 0, 0)
		s, _ = apply(t, s, evTricks, m{"won": m{"p1": 0, "p2": 0, "p3": 1}}) // p1 20, p2 20, p3 -10
		res := s.Result()
		if res == nil || len(res.Winners) != tc.winners || res.Placements[0].Place != 1 || res.Placements[1].Place != 1 || res.Placements[2].Place != 3 {
			t.Fatalf("%s: result %+v (totals %v)", tc.options, res, s.Totals)
		}
	}
}
