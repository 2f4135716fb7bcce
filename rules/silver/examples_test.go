package silver

import (
	"reflect"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// The spec's worked examples S1 to S6 (§8), played through Apply. Where an
// example depends on an ambiguous rule, the default is tested.

// S1: a successful census that ties another player on village totals; the
// amulet follows round scores (AMB-5), so the caller gets it.
func TestExampleS1SuccessfulCensusTie(t *testing.T) {
	s := setup(t, seat("A", "B", "C"), "")
	// Round 1 leaves A 14, B 6, C 20, and B with the amulet.
	s = play(t, s, ended(`{"A":[7,7],"B":[6],"C":[10,10]}`, "deck_empty"))
	if s.AmuletHolder != "B" || lastRow(t, s).AmuletRule != "SILVER-AMULET-2" {
		t.Fatalf("round 1: holder %s by %s", s.AmuletHolder, lastRow(t, s).AmuletRule)
	}
	s = play(t, s,
		started(`{"round":2,"first_player":"B"}`),
		census("A", 3),
		ended(`{"A":[3,0,4],"B":[2,5,6],"C":[1,2,4]}`, "census"))
	row := lastRow(t, s)
	wantInts(t, "sums", row.Sums, map[string]int{"A": 7, "B": 13, "C": 7})
	wantInts(t, "points", row.Points, map[string]int{"A": 0, "B": 13, "C": 7})
	wantInts(t, "totals", s.Totals, map[string]int{"A": 14, "B": 19, "C": 27})
	if row.CensusBy != "A" || !row.CensusLowest {
		t.Errorf("census: %+v", row)
	}
	if s.AmuletHolder != "A" || row.AmuletRule != "SILVER-AMULET-1" || s.FirstPlayer != "A" {
		t.Errorf("amulet: holder %s by %s, next start %s; want A by SILVER-AMULET-1", s.AmuletHolder, row.AmuletRule, s.FirstPlayer)
	}
}

// S2: a failed census and an amulet tie in round 1; nobody holds it, so the
// walk starts at the start player C, counting C first (AMB-6, AMB-7).
func TestExampleS2FailedCensusRound1Tie(t *testing.T) {
	s := setup(t, seat("A", "B", "C", "D"), `{"first_player":"C"}`)
	s = play(t, s, census("D", 3),
		ended(`{"A":[4,4,1],"B":[8,3,0,7],"C":[2,7],"D":[1,6,3]}`, "census"))
	row := lastRow(t, s)
	wantInts(t, "points", row.Points, map[string]int{"A": 9, "B": 18, "C": 9, "D": 20})
	if row.CensusLowest {
		t.Error("D's census should fail")
	}
	if s.AmuletHolder != "C" || row.AmuletRule != "SILVER-AMULET-4" || s.FirstPlayer != "C" {
		t.Errorf("amulet: %s by %s, want C by SILVER-AMULET-4", s.AmuletHolder, row.AmuletRule)
	}
}

// S3: a census with 7 cards is rejected; the deck runs out; both Villagers
// revealed only at scoring trigger nothing. (The failed swap itself is in
// TestSwapReferee.)
func TestExampleS3RejectedCensusDeckRunsOut(t *testing.T) {
	s := setup(t, seat("A", "B"), "")
	rulestest.WantViolation(t, New(), s, EventCensusCalled, `{"player":"A","village_size":7}`, "SILVER-CENSUS-1")
	s = play(t, s, ended(`{"A":[10,10,7,3,13,4,0],"B":[6,2,1,0]}`, "deck_empty"))
	row := lastRow(t, s)
	wantInts(t, "points", row.Points, map[string]int{"A": 47, "B": 9})
	if s.AmuletHolder != "B" {
		t.Errorf("amulet: %s, want B", s.AmuletHolder)
	}
}

// S4: points model, the score jump and the end of the game. Rounds 1 to 3
// bring the totals to A 88, B 95, C 60 with C's jump used.
func TestExampleS4ScoreJumpAndEnd(t *testing.T) {
	s := setup(t, seat("A", "B", "C"), `{"end":"points"}`)
	s = play(t, s,
		ended(`{"A":[12,12,12,12],"B":[11,11,11,11],"C":[10,10,10,10,9,1]}`, "deck_empty"),
		started(`{"round":2}`),
		ended(`{"A":[13,13,12,2],"B":[12,12,12,9,6],"C":[11,11,11,11,6]}`, "deck_empty"))
	if lastRow(t, s).ScoreJumps[0] != "C" || !s.ScoreJumpUsed["C"] {
		t.Fatalf("C's 100 should become 50: %+v", lastRow(t, s))
	}
	s = play(t, s, started(`{"round":3}`), ended(`{"A":[0],"B":[0],"C":[10]}`, "deck_empty"))
	wantInts(t, "totals before", s.Totals, map[string]int{"A": 88, "B": 95, "C": 60})

	s = play(t, s, started(`{"round":4}`), census("B", 1),
		ended(`{"A":[12],"B":[3],"C":[13,13,10,5]}`, "census"))
	row := lastRow(t, s)
	wantInts(t, "points", row.Points, map[string]int{"A": 12, "B": 0, "C": 41})
	wantInts(t, "totals", s.Totals, map[string]int{"A": 50, "B": 95, "C": 101})
	if !reflect.DeepEqual(row.ScoreJumps, []string{"A"}) {
		t.Errorf("jumps = %v, want A", row.ScoreJumps)
	}
	want := &rules.Result{
		Placements: []rules.Placement{{PlayerID: "A", Place: 1}, {PlayerID: "B", Place: 2}, {PlayerID: "C", Place: 3}},
		Winners:    []string{"A"},
	}
	if s.Phase != phaseFinished || !reflect.DeepEqual(s.Result(), want) {
		t.Errorf("result = %+v, want %+v", s.Result(), want)
	}
	if s.Next() != (rules.Text{}) {
		t.Errorf("next after the end = %+v", s.Next())
	}
}

// S5: Kamikaze overrides census scoring (AMB-22), the score jump follows
// (AMB-23), and the Kamikaze player takes the amulet.
func TestExampleS5Kamikaze(t *testing.T) {
	s := setup(t, seat("A", "B", "C"), `{"end":"points"}`)
	s = play(t, s, ended(`{"A":[12,12,12,12,11,11],"B":[11,11,10,10,8],"C":[10,10,9,1]}`, "deck_empty"))
	wantInts(t, "totals before", s.Totals, map[string]int{"A": 70, "B": 50, "C": 30})
	s = play(t, s, census("B", 3), ended(`{"A":[12,13,12,13],"B":[1,1,2],"C":[9]}`, "census"))
	row := lastRow(t, s)
	if row.Kamikaze != "A" {
		t.Errorf("kamikaze = %q, want A", row.Kamikaze)
	}
	wantInts(t, "points", row.Points, map[string]int{"A": 0, "B": 50, "C": 50})
	wantInts(t, "totals", s.Totals, map[string]int{"A": 70, "B": 50, "C": 80})
	if s.Phase == phaseFinished {
		t.Error("nobody is at 100: the game goes on")
	}
	if s.AmuletHolder != "A" || row.AmuletRule != "SILVER-AMULET-2" {
		t.Errorf("amulet: %s by %s, want A", s.AmuletHolder, row.AmuletRule)
	}
	// Kamikaze is off in a rounds game by default (SILVER-POINTS-9).
	r := setup(t, seat("A", "B", "C"), "")
	r = play(t, r, ended(`{"A":[12,13,12,13],"B":[1,1,2],"C":[9]}`, "deck_empty"))
	if lastRow(t, r).Kamikaze != "" || lastRow(t, r).Points["A"] != 50 {
		t.Errorf("Kamikaze applied in a rounds game: %+v", lastRow(t, r))
	}
}

// S6: a fixed 4-round game ends with B and D tied; C holds the amulet after
// round 4, so the first tied player clockwise from C, D, wins (AMB-6, AMB-25).
func TestExampleS6FixedRoundsTie(t *testing.T) {
	s := setup(t, seat("A", "B", "C", "D"), "")
	s = play(t, s,
		ended(`{"A":[12,12],"B":[10,10],"C":[13,13,11],"D":[9,9,2]}`, "deck_empty"))
	if s.AmuletHolder != "B" || lastRow(t, s).AmuletRule != "SILVER-AMULET-4" {
		t.Fatalf("round 1: %s by %s, want B by SILVER-AMULET-4", s.AmuletHolder, lastRow(t, s).AmuletRule)
	}
	s = play(t, s, started(`{}`), ended(`{"A":[6,5],"B":[5,4],"C":[4,5],"D":[3,6]}`, "deck_empty"))
	if s.AmuletHolder != "B" || lastRow(t, s).AmuletRule != "SILVER-AMULET-3" {
		t.Fatalf("round 2: %s by %s, want B keeping it", s.AmuletHolder, lastRow(t, s).AmuletRule)
	}
	s = play(t, s, started(`{}`), ended(`{"A":[1],"B":[1],"C":[1],"D":[1]}`, "deck_empty"))
	s = play(t, s, started(`{"round":4,"first_player":"B"}`), census("C", 1),
		ended(`{"A":[5],"B":[3],"C":[1],"D":[3]}`, "census"))
	wantInts(t, "totals", s.Totals, map[string]int{"A": 41, "B": 33, "C": 47, "D": 33})
	if s.AmuletHolder != "C" {
		t.Fatalf("holder after round 4 = %s, want C", s.AmuletHolder)
	}
	want := &rules.Result{
		Placements: []rules.Placement{{PlayerID: "D", Place: 1}, {PlayerID: "B", Place: 2}, {PlayerID: "A", Place: 3}, {PlayerID: "C", Place: 4}},
		Winners:    []string{"D"},
	}
	if s.Phase != phaseFinished || !reflect.DeepEqual(s.Result(), want) {
		t.Errorf("result = %+v, want %+v", s.Result(), want)
	}
}
