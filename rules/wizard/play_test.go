package wizard

import (
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// fourA starts round 1 of a 4-player match in which A (p1) leads: the dealer
// is D (p4), so A, B, C, D play in that order. Everyone bids 0.
func fourA(t *testing.T, trump string) *State {
	t.Helper()
	return startRound(t, setup(t, 4, `{"first_dealer":"p4"}`), trump, 0, 0, 0, 0)
}

// TestTrickCases plays every trick of spec 9.2 (and the example of
// WIZARD-AMB-3) through Apply: the computed winner is recorded, a claim of
// the right winner is accepted and a wrong claim is rejected with the rule
// that decided it.
func TestTrickCases(t *testing.T) {
	g := New()
	for _, tc := range []struct {
		name   string
		trump  string
		cards  [4]string // A, B, C, D
		winner string
		rule   string
		wrong  string // a wrong claim
		also   string // a further rule the wrong claim breaks
	}{
		{"case 1: Wizard led", "red", [4]string{"wizard", "red-13", "wizard", "jester"}, "p1", "WIZARD-TRICK-1", "p3", ""},
		{"case 1: red 13 is not a Wizard", "red", [4]string{"wizard", "red-13", "wizard", "jester"}, "p1", "WIZARD-TRICK-1", "p2", ""},
		{"case 2: Jester led", "yellow", [4]string{"jester", "blue-7", "blue-12", "green-13"}, "p3", "WIZARD-TRICK-4", "p4", "WIZARD-TRICK-5"},
		{"case 2: a Jester never wins", "yellow", [4]string{"jester", "blue-7", "blue-12", "green-13"}, "p3", "WIZARD-TRICK-4", "p1", "WIZARD-TRICK-5"},
		{"variant 2b: two Jesters first", "red", [4]string{"jester", "jester", "green-4", "green-9"}, "p4", "WIZARD-TRICK-4", "p3", ""},
		{"variant 2c: Jester then Wizard", "red", [4]string{"jester", "wizard", "red-5", "blue-2"}, "p2", "WIZARD-TRICK-1", "p3", ""},
		{"case 3: all Jesters", "blue", [4]string{"jester", "jester", "jester", "jester"}, "p1", "WIZARD-TRICK-2", "p2", ""},
		{"case 4: trump beats the led colour", "green", [4]string{"blue-13", "green-2", "blue-10", "green-5"}, "p4", "WIZARD-TRICK-3", "p1", ""},
		{"case 4: lower trump", "green", [4]string{"blue-13", "green-2", "blue-10", "green-5"}, "p4", "WIZARD-TRICK-3", "p2", ""},
		{"case 5: a late Wizard", "red", [4]string{"red-3", "red-13", "wizard", "wizard"}, "p3", "WIZARD-TRICK-1", "p4", ""},
		{"case 6: trump led, Wizard played", "red", [4]string{"red-5", "blue-2", "wizard", "red-8"}, "p3", "WIZARD-TRICK-1", "p1", ""},
		{"AMB-3: led colour, not the last card's", "green", [4]string{"blue-8", "blue-11", "yellow-2", "yellow-9"}, "p2", "WIZARD-TRICK-4", "p4", "WIZARD-TRICK-5"},
		{"no trump round", "none", [4]string{"red-2", "blue-13", "red-9", "wizard"}, "p4", "WIZARD-TRICK-1", "p3", ""},
		{"no trump, led colour", "none", [4]string{"red-2", "blue-13", "red-9", "jester"}, "p3", "WIZARD-TRICK-4", "p2", "WIZARD-TRICK-5"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := fourA(t, tc.trump)
			data := playsOf("p1", tc.cards[0], "p2", tc.cards[1], "p3", tc.cards[2], "p4", tc.cards[3])
			next, _ := apply(t, s, evTrick, data)
			row := next.Rows[0]
			if row.Tricks[tc.winner] != 1 {
				t.Fatalf("winner: tricks %v, want %s", row.Tricks, tc.winner)
			}
			apply(t, s, evTrick, withWinner(playsOf("p1", tc.cards[0], "p2", tc.cards[1], "p3", tc.cards[2], "p4", tc.cards[3]), tc.winner))
			wrong := withWinner(playsOf("p1", tc.cards[0], "p2", tc.cards[1], "p3", tc.cards[2], "p4", tc.cards[3]), tc.wrong)
			rulestest.WantViolation(t, g, s, evTrick, wrong, tc.rule)
			if tc.also != "" {
				rulestest.WantViolation(t, g, s, evTrick, wrong, tc.also)
			}
		})
	}
}

func TestTrickOrderAndCards(t *testing.T) {
	g := New()
	s0 := setup(t, 3, "")
	r1 := startRound(t, s0, "red", 0, 0, 0)                                                  // p1 deals, p2 leads
	r2 := startRound(t, skipRounds(t, s0, 1), "none", 0, 0, 0)                               // p2 deals, p3 leads
	r2a, _ := apply(t, r2, evTrick, playsOf("p3", "blue-2", "p1", "blue-9", "p2", "blue-5")) // p1 wins
	ind := startRound(t, skipRounds(t, s0, 1), "red", 0, 0, 0)
	ind = do(t, skipRounds(t, s0, 1), ev(evRoundStarted, m{"trump": "red", "trump_card": "red-7"}),
		ev(evBid, m{"player": "p3", "bid": 0}), ev(evBid, m{"player": "p1", "bid": 0}), ev(evBid, m{"player": "p2", "bid": 0}))
	wizInd := do(t, skipRounds(t, s0, 1), ev(evRoundStarted, m{"trump": "red", "trump_card": "wizard"}),
		ev(evBid, m{"player": "p3", "bid": 0}), ev(evBid, m{"player": "p1", "bid": 0}), ev(evBid, m{"player": "p2", "bid": 0}))
	wizInd, _ = apply(t, wizInd, evTrick, playsOf("p3", "wizard", "p1", "wizard", "p2", "red-1")) // p3 wins
	r2wiz := startRound(t, skipRounds(t, s0, 1), "none", 0, 0, 0)
	r2wiz, _ = apply(t, r2wiz, evTrick, playsOf("p3", "wizard", "p1", "wizard", "p2", "wizard"))

	for _, tc := range []struct {
		name string
		s    *State
		typ  string
		data any
		rule string
	}{
		{"dealer leads the first trick", r1, evTrick, playsOf("p1", "red-1", "p2", "red-2", "p3", "red-3"), "WIZARD-PLAY-1"},
		{"loser leads the second trick", r2a, evTrick, playsOf("p3", "red-1", "p1", "red-2", "p2", "red-3"), "WIZARD-PLAY-3"},
		{"anticlockwise", r1, evTrick, playsOf("p2", "red-1", "p1", "red-2", "p3", "red-3"), "WIZARD-PLAY-2"},
		{"a player missing", r1, evTrick, playsOf("p2", "red-1", "p3", "red-2"), "WIZARD-PLAY-2"},
		{"a player twice", r1, evTrick, playsOf("p2", "red-1", "p3", "red-2", "p2", "red-3"), "WIZARD-PLAY-2"},
		{"too many cards", r1, evTrick, playsOf("p2", "red-1", "p3", "red-2", "p1", "red-3", "p2", "red-4"), "WIZARD-PLAY-2"},
		{"card twice in a trick", r1, evTrick, playsOf("p2", "red-1", "p3", "red-1", "p1", "red-3"), "WIZARD-PLAY-13"},
		{"card twice in a round", r2a, evTrick, playsOf("p1", "blue-9", "p2", "red-1", "p3", "red-3"), "WIZARD-PLAY-13"},
		{"the trump card played", ind, evTrick, playsOf("p3", "red-7", "p1", "red-1", "p2", "red-3"), "WIZARD-TRUMP-5"},
		{"the fourth Wizard is the trump card", wizInd, evTrick, playsOf("p3", "wizard", "p1", "wizard", "p2", "red-3"), "WIZARD-TRUMP-5"},
		{"a fifth Wizard", r2wiz, evTrick, playsOf("p3", "wizard", "p1", "wizard", "p2", "red-3"), "WIZARD-COMP-2"},
		{"five Jesters in a trick", startRound(t, setup(t, 5, ""), "red", 0, 0, 0, 0, 0), evTrick,
			playsOf("p2", "jester", "p3", "jester", "p4", "jester", "p5", "jester", "p1", "jester"), "WIZARD-COMP-2"},
		{"a trick after the last one", skipRounds(t, s0, 1), evTrick, playsOf("p3", "red-1", "p1", "red-2", "p2", "red-3"), "WIZARD-PLAY-4"},
		{"tricks do not add up", r1, evTricks, m{"won": m{"p1": 1, "p2": 1, "p3": 0}}, "WIZARD-PLAY-4"},
		{"tricks too many for one", r1, evTricks, m{"won": m{"p1": 2, "p2": 0, "p3": 0}}, "WIZARD-PLAY-4"},
		{"tricks forget a recorded trick", r2a, evTricks, m{"won": m{"p1": 0, "p2": 2, "p3": 0}}, "WIZARD-TRICK-6"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rulestest.WantViolation(t, g, tc.s, tc.typ, tc.data, tc.rule)
		})
	}

	// The tricks event may close a round begun trick by trick; the counts are the round's.
	closed, _ := apply(t, r2a, evTricks, m{"won": m{"p1": 1, "p2": 1, "p3": 0}})
	if row := closed.Rows[len(closed.Rows)-1]; row.Entry != "totals" || row.Tricks["p1"] != 1 || row.Tricks["p2"] != 1 {
		t.Errorf("mixed round row: %+v", row)
	}
	// The next trick of round 2 is led by p1, the winner of trick 1.
	full, _ := apply(t, r2a, evTrick, playsOf("p1", "green-3", "p2", "green-4", "p3", "green-1"))
	if row := full.Rows[len(full.Rows)-1]; row.Entry != "tricks" || row.Tricks["p1"] != 1 || row.Tricks["p2"] != 1 {
		t.Errorf("round 2 row: %+v", row)
	}
}

// TestHands: with hands recorded (spec 8.2) a card not held or a failure to
// follow is rejected as it happens.
func TestHands(t *testing.T) {
	g := New()
	s := skipRounds(t, setup(t, 3, ""), 1) // round 2: p2 deals, p3 leads
	s, _ = apply(t, s, evRoundStarted, m{"trump": "red", "trump_card": "red-4"})
	s, _ = apply(t, s, evHandDealt, m{"player": "p1", "cards": []string{"blue-9", "red-2"}})
	rulestest.WantViolation(t, g, s, evHandDealt, m{"player": "p1", "cards": []string{"blue-1", "red-3"}}, "WIZARD-DEAL-2")
	rulestest.WantViolation(t, g, s, evHandDealt, m{"player": "p2", "cards": []string{"blue-1"}}, "WIZARD-DEAL-2")
	rulestest.WantViolation(t, g, s, evHandDealt, m{"player": "p2", "cards": []string{"blue-9", "green-1"}}, "WIZARD-COMP-2")
	rulestest.WantViolation(t, g, s, evHandDealt, m{"player": "p2", "cards": []string{"red-4", "green-1"}}, "WIZARD-COMP-2")
	rulestest.WantViolation(t, g, s, evHandDealt, m{"player": "p2", "cards": []string{"green-1", "green-1"}}, "WIZARD-COMP-2")
	rulestest.WantViolation(t, g, setup(t, 3, ""), evHandDealt, m{"player": "p2", "cards": []string{"green-1"}}, "WIZARD-DEAL-2")
	s, _ = apply(t, s, evHandDealt, m{"player": "p2", "cards": []string{"wizard", "wizard"}})
	for _, b := range []int{0, 1, 1} {
		s, _ = apply(t, s, evBid, m{"player": s.Turn, "bid": b})
	}
	rulestest.WantViolation(t, g, s, evTrick, playsOf("p3", "blue-9", "p1", "red-2", "p2", "wizard"), "WIZARD-PLAY-13") // p1 holds blue 9
	rulestest.WantViolation(t, g, s, evTrick, playsOf("p3", "blue-4", "p1", "red-2", "p2", "wizard"), "WIZARD-PLAY-7")
	rulestest.WantViolation(t, g, s, evTrick, playsOf("p3", "blue-4", "p1", "blue-10", "p2", "wizard"), "WIZARD-PLAY-13")
	rulestest.WantViolation(t, g, s, evTrick, playsOf("p3", "blue-4", "p1", "blue-9", "p2", "jester"), "WIZARD-PLAY-13")
	s, _ = apply(t, s, evTrick, playsOf("p3", "blue-4", "p1", "blue-9", "p2", "wizard")) // p2 wins
	if got := s.Hands["p1"]; len(got) != 1 || got[0] != "red-2" {
		t.Fatalf("p1's hand after trick 1: %v", got)
	}
	rulestest.WantViolation(t, g, s, evHandDealt, m{"player": "p3", "cards": []string{"green-1", "green-2"}}, "WIZARD-DEAL-2")
	// Wizards played, held in recorded hands and turned up stay within 4.
	w := startRound(t, skipRounds(t, setup(t, 3, ""), 2), "red") // p3 deals, p1 leads
	w, _ = apply(t, w, evHandDealt, m{"player": "p1", "cards": []string{"wizard", "wizard", "wizard"}})
	w = do(t, w, ev(evBid, m{"player": "p1", "bid": 3}), ev(evBid, m{"player": "p2", "bid": 0}), ev(evBid, m{"player": "p3", "bid": 0}))
	rulestest.WantViolation(t, g, w, evTrick, playsOf("p1", "wizard", "p2", "wizard", "p3", "wizard"), "WIZARD-COMP-2")
	apply(t, w, evTrick, playsOf("p1", "wizard", "p2", "wizard", "p3", "jester"))
	rulestest.WantViolation(t, g, s, evTrick, playsOf("p2", "wizard", "p3", "green-1", "p1", "blue-9"), "WIZARD-PLAY-13")
	s, _ = apply(t, s, evTrick, playsOf("p2", "wizard", "p3", "green-1", "p1", "red-2"))
	if s.Round != 2 || s.Phase != phaseDeal || s.Rows[1].Tricks["p2"] != 2 {
		t.Fatalf("round 2 not scored: %+v", s.Rows)
	}
}

// TestRevoke: a failure to follow proven later in the round is accepted,
// returned as a note and recorded as a dispute (WIZARD-PLAY-7,
// WIZARD-AMB-11); the options decide what it costs.
func TestRevoke(t *testing.T) {
	play := func(t *testing.T, options string) (*State, []rules.Ruling) {
		s := skipRounds(t, setup(t, 3, options), 2) // round 3: p3 deals, p1 leads
		s = startRound(t, s, "none", 1, 1, 1)
		var notes []rules.Ruling
		s, notes = apply(t, s, evTrick, playsOf("p1", "blue-5", "p2", "red-3", "p3", "blue-9")) // p2 does not follow; p3 wins
		if len(notes) != 0 || len(s.Unfollowed) != 1 {
			t.Fatalf("trick 1: notes %v, unfollowed %v", notes, s.Unfollowed)
		}
		s, notes = apply(t, s, evTrick, playsOf("p3", "green-2", "p1", "green-7", "p2", "blue-1")) // p2 plays blue: proven; p1 wins
		if len(notes) != 1 || notes[0].Rule != "WIZARD-PLAY-7" || notes[0].Message.FA == "" {
			t.Fatalf("trick 2: want a WIZARD-PLAY-7 note, got %v", notes)
		}
		rulestest.Broke("WIZARD-PLAY-7")
		if len(s.Disputes) != 1 || s.Disputes[0].Trick != 1 || s.Disputes[0].ProvenBy != 2 || s.Disputes[0].Player != "p2" {
			t.Fatalf("disputes: %+v", s.Disputes)
		}
		s, _ = apply(t, s, evTrick, playsOf("p1", "yellow-1", "p2", "yellow-5", "p3", "yellow-3")) // p2 wins
		return s, notes
	}
	t.Run("flag_only", func(t *testing.T) {
		s, _ := play(t, "")
		row := s.Rows[2]
		if len(row.Disputes) != 1 || row.Voided || row.Points["p1"] != 30 || row.Points["p2"] != 30 || row.Points["p3"] != 30 {
			t.Fatalf("row: %+v", row)
		}
		if s.Totals["p2"] != -10+20+30 || s.nextRound() != 4 { // skipRounds: -10, +20
			t.Fatalf("totals %v, next round %d", s.Totals, s.nextRound())
		}
	})
	t.Run("fixed_points", func(t *testing.T) {
		s, _ := play(t, `{"revoke_penalty":"fixed_points","revoke_points":15}`)
		row := s.Rows[2]
		if row.Points["p2"] != 15 || row.Penalties["p2"] != 15 || row.Points["p1"] != 30 {
			t.Fatalf("row: %+v", row)
		}
		// The sheet shows the 30 won, the revoke's -15 marked, 15 counted.
		v := s.View()
		if err := v.Sheet.Check(s.Players); err != nil {
			t.Fatal(err)
		}
		if c := v.Sheet.Rows[2].Cells["p2"]; c.Value != 15 || c.Base == nil || *c.Base != 30 || len(c.Marks) != 1 || c.Marks[0].Kind != "penalty" {
			t.Errorf("p2's cell: %+v", c)
		}
	})
	t.Run("replay_round", func(t *testing.T) {
		s, _ := play(t, `{"revoke_penalty":"replay_round"}`)
		row := s.Rows[2]
		if !row.Voided || row.Points["p2"] != 0 || s.Totals["p2"] != 10 || s.nextRound() != 3 || s.Turn != "p3" {
			t.Fatalf("row %+v, totals %v, next round %d dealt by %s", row, s.Totals, s.nextRound(), s.Turn)
		}
		if v := s.View(); v.Sheet.Check(s.Players) != nil || !v.Sheet.Rows[2].Voided || v.Now == nil || v.Now.Title.EN != "Round 3 of 20" {
			t.Errorf("the replayed round's view: %+v, now %+v", v.Sheet.Rows[2], v.Now)
		}
		rulestest.WantViolation(t, New(), s, evRoundStarted, m{"round": 4, "trump": "red"}, "WIZARD-DEAL-2")
		apply(t, s, evRoundStarted, m{"round": 3, "dealer": "p3", "trump": "red"})
	})
	t.Run("Wizard or Jester proves nothing", func(t *testing.T) {
		s := skipRounds(t, setup(t, 3, ""), 2)
		s = startRound(t, s, "none", 1, 1, 1)
		s, _ = apply(t, s, evTrick, playsOf("p1", "blue-5", "p2", "jester", "p3", "blue-9")) // p3 wins
		s, notes := apply(t, s, evTrick, playsOf("p3", "green-2", "p1", "green-7", "p2", "blue-1"))
		if len(notes) != 0 || len(s.Disputes) != 0 {
			t.Fatalf("a Jester is always legal (WIZARD-PLAY-8): notes %v", notes)
		}
	})
}
