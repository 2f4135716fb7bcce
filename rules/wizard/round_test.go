package wizard

import (
	"testing"

	"github.com/motamed/motamed/rules/rulestest"
)

func TestRoundStarted(t *testing.T) {
	g := New()
	s0 := setup(t, 3, "")
	// Round and dealer are derived when omitted and checked when given.
	s1, _ := apply(t, s0, evRoundStarted, m{"round": 1, "dealer": "p1", "trump": "blue", "trump_card": "blue-9"})
	if s1.Round != 1 || s1.Dealer != "p1" || s1.Trump != "blue" || s1.TrumpCard != "blue-9" || s1.Turn != "p2" || s1.Phase != phaseBidding {
		t.Fatalf("round 1: %+v", s1)
	}
	after1 := skipRounds(t, s0, 1)
	if after1.Turn != "p2" {
		t.Errorf("WIZARD-DEAL-4: p2 deals round 2, Turn=%s", after1.Turn)
	}
	s2, _ := apply(t, after1, evRoundStarted, m{"trump": "none", "trump_card": "jester"})
	if s2.Round != 2 || s2.Dealer != "p2" || s2.Turn != "p3" {
		t.Fatalf("round 2: dealer %s, first bidder %s", s2.Dealer, s2.Turn)
	}
	// A Wizard turned up: the dealer names a colour.
	apply(t, s0, evRoundStarted, m{"trump": "yellow", "trump_card": "wizard"})
	allowNone := setup(t, 3, `{"wizard_indicator_allows_no_trump":true}`)
	apply(t, allowNone, evRoundStarted, m{"trump": "none", "trump_card": "wizard"})

	for _, tc := range []struct {
		name string
		s    *State
		data m
		rule string
	}{
		{"round out of order", s0, m{"round": 2, "trump": "red"}, "WIZARD-DEAL-2"},
		{"round repeated", after1, m{"round": 1, "trump": "red"}, "WIZARD-DEAL-2"},
		{"round beyond the game", s0, m{"round": 21, "trump": "red"}, "WIZARD-SETUP-3"},
		{"wrong dealer", s0, m{"dealer": "p2", "trump": "red"}, "WIZARD-DEAL-4"},
		{"dealer did not move", after1, m{"dealer": "p1", "trump": "red"}, "WIZARD-DEAL-4"},
		{"numbered card, other trump", s0, m{"trump": "blue", "trump_card": "red-7"}, "WIZARD-TRUMP-1"},
		{"numbered card, no trump", s0, m{"trump": "none", "trump_card": "green-13"}, "WIZARD-TRUMP-1"},
		{"Jester, a trump", s0, m{"trump": "red", "trump_card": "jester"}, "WIZARD-TRUMP-2"},
		{"Wizard, no trump", s0, m{"trump": "none", "trump_card": "wizard"}, "WIZARD-TRUMP-3"},
		{"round in progress", s1, m{"trump": "blue"}, "WIZARD-PLAY-4"},
		{"trump changed mid-round", s1, m{"trump": "red"}, "WIZARD-TRUMP-6"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rulestest.WantViolation(t, g, tc.s, evRoundStarted, tc.data, tc.rule)
		})
	}
}

// TestLastRoundNoTrump: the round that deals all 60 cards has no trump
// (WIZARD-TRUMP-4); with fewer rounds configured the last round still has one.
func TestLastRoundNoTrump(t *testing.T) {
	g := New()
	s := skipRounds(t, setup(t, 6, ""), 9)
	if s.nextRound() != 10 {
		t.Fatalf("round %d is next", s.nextRound())
	}
	rulestest.WantViolation(t, g, s, evRoundStarted, m{"trump": "red"}, "WIZARD-TRUMP-4")
	rulestest.WantViolation(t, g, s, evRoundStarted, m{"trump": "none", "trump_card": "jester"}, "WIZARD-TRUMP-4")
	last, _ := apply(t, s, evRoundStarted, m{"round": 10, "trump": "none"})
	if last.Trump != "none" || last.Phase != phaseBidding {
		t.Fatalf("last round: trump %q, phase %s", last.Trump, last.Phase)
	}
	if done := skipRounds(t, s, 1); done.Phase != phaseFinished || done.Result() == nil {
		t.Fatalf("WIZARD-END-1: the match ends after round 10 of 6 players")
	}
	short := skipRounds(t, setup(t, 3, `{"rounds":2}`), 1)
	apply(t, short, evRoundStarted, m{"round": 2, "trump": "red", "trump_card": "red-1"})
}

func TestBids(t *testing.T) {
	g := New()
	s0 := setup(t, 3, "")
	r1 := startRound(t, s0, "red")
	r1b, _ := apply(t, r1, evBid, m{"player": "p2", "bid": 1})
	// WIZARD-BID-5: any total is fine by default (the seed's round 1: 0+1+1 for 1 trick).
	over := startRound(t, s0, "red", 1, 1, 1)
	if over.Phase != phasePlaying || over.Turn != "p2" {
		t.Fatalf("after the bids: phase %s, leader %s", over.Phase, over.Turn)
	}
	r3 := skipRounds(t, s0, 2)
	r3, _ = apply(t, r3, evRoundStarted, m{"trump": "green"}) // dealer p3, bids p1, p2, p3
	r3, _ = apply(t, r3, evBid, m{"player": "p1", "bid": 1})
	r3, _ = apply(t, r3, evBid, m{"player": "p2", "bid": 1})
	apply(t, r3, evBid, m{"player": "p3", "bid": 1}) // sums to 3 = r: fine by default
	breakRule := skipRounds(t, setup(t, 3, `{"bid_total_rule":"dealer_must_break"}`), 2)
	breakRule = startRound(t, breakRule, "green", 1, 1)
	apply(t, breakRule, evBid, m{"player": "p3", "bid": 0})
	apply(t, breakRule, evBid, m{"player": "p3", "bid": 2})
	unbounded := startRound(t, setup(t, 3, `{"bid_upper_bound":"none"}`), "red")
	apply(t, unbounded, evBid, m{"player": "p2", "bid": 5})

	for _, tc := range []struct {
		name string
		s    *State
		data m
		rule string
	}{
		{"bid before the deal", s0, m{"player": "p2", "bid": 0}, "WIZARD-BID-1"},
		{"bid twice", r1b, m{"player": "p2", "bid": 0}, "WIZARD-BID-1"},
		{"bid changed", r1b, m{"player": "p2", "bid": 0}, "WIZARD-BID-4"},
		{"bid after all bids", over, m{"player": "p1", "bid": 0}, "WIZARD-BID-4"},
		{"dealer bids first", r1, m{"player": "p1", "bid": 0}, "WIZARD-BID-2"},
		{"skips a player", r1b, m{"player": "p1", "bid": 0}, "WIZARD-BID-2"},
		{"above the round", r1, m{"player": "p2", "bid": 2}, "WIZARD-BID-3"},
		{"dealer makes the sum", breakRule, m{"player": "p3", "bid": 1}, "WIZARD-AMB-7"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rulestest.WantViolation(t, g, tc.s, evBid, tc.data, tc.rule)
		})
	}
	t.Run("trick before the bids", func(t *testing.T) {
		rulestest.WantViolation(t, g, r1b, evTrick, playsOf("p2", "red-1", "p3", "red-2", "p1", "red-3"), "WIZARD-BID-1")
		rulestest.WantViolation(t, g, s0, evTrick, playsOf("p2", "red-1", "p3", "red-2", "p1", "red-3"), "WIZARD-BID-1")
		rulestest.WantViolation(t, g, r1, evTricks, m{"won": m{"p1": 1, "p2": 0, "p3": 0}}, "WIZARD-BID-1")
	})
}
