package wizard

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

func TestMain(m *testing.M) { rulestest.Main(m, New()) }

func TestCatalog(t *testing.T) {
	rulestest.CheckCatalog(t, New())
	rulestest.CitedIDs(t, New(), ".")
	cat := New().Catalog()
	if len(cat) != 66 {
		t.Errorf("catalog has %d entries, the spec has 66 rule IDs", len(cat))
	}
	seed, err := os.ReadFile("../../../shared/seeds/" + seedFile)
	for _, e := range cat {
		if e.Source.Kind != kindDefault && e.Source.Section == "" {
			t.Errorf("%s: a %s rule needs the seed's section", e.ID, e.Source.Kind)
		}
		if err == nil && e.Source.Section != "" && !strings.Contains(string(seed), e.Source.Section) {
			t.Errorf("%s: section %q is not printed in the seed", e.ID, e.Source.Section)
		}
	}
}

// TestInfoExamples applies the documented examples in their documented
// order, so they cannot rot.
func TestInfoExamples(t *testing.T) {
	info := New().Info()
	if info.ID != "wizard" || info.MinPlayers != 3 || info.MaxPlayers != 6 || info.NameFA == "" {
		t.Fatalf("info: %+v", info)
	}
	ex := map[string]json.RawMessage{}
	for _, e := range info.Events {
		if e.Description == "" || len(e.Example) == 0 {
			t.Errorf("%s: description or example missing", e.Type)
		}
		ex[e.Type] = e.Example
	}
	for _, o := range info.Options {
		if o.Description == "" || o.Type == "" {
			t.Errorf("option %s: type or description missing", o.Name)
		}
	}
	s := setup(t, 3, "")
	s, _ = apply(t, s, evRoundStarted, ex[evRoundStarted])
	s, _ = apply(t, s, evHandDealt, ex[evHandDealt])
	s, _ = apply(t, s, evBid, ex[evBid])
	s, _ = apply(t, s, evBid, m{"player": "p3", "bid": 1})
	s, _ = apply(t, s, evBid, m{"player": "p1", "bid": 0})
	afterTrick, _ := apply(t, s, evTrick, ex[evTrick])
	afterTricks, _ := apply(t, s, evTricks, ex[evTricks])
	if mustJSON(t, afterTrick.Scores().Totals) != mustJSON(t, afterTricks.Scores().Totals) {
		t.Errorf("the trick and tricks examples should score alike: %v vs %v", afterTrick.Totals, afterTricks.Totals)
	}
	for _, r := range New().Referees() {
		if _, err := r.Ask(r.Example); err != nil {
			t.Errorf("referee %s example: %v", r.Question, err)
		}
	}
}

func TestSetupOptions(t *testing.T) {
	players := rulestest.Players(4)
	for _, tc := range []struct {
		name, options, field string
	}{
		{"defaults", ``, ""},
		{"empty object", `{}`, ""},
		{"all set", `{"rounds":5,"bid_total_rule":"dealer_must_break","first_dealer":"p3","bid_upper_bound":"none",` +
			`"wizard_indicator_allows_no_trump":true,"final_tie":"unresolved","revoke_penalty":"fixed_points","revoke_points":25}`, ""},
		{"rounds zero", `{"rounds":0}`, "options.rounds"},
		{"rounds above 60/n", `{"rounds":16}`, "options.rounds"},
		{"rounds not a number", `{"rounds":"ten"}`, "options.rounds"},
		{"bid total rule", `{"bid_total_rule":"forbid"}`, "options.bid_total_rule"},
		{"first dealer unknown", `{"first_dealer":"p9"}`, "options.first_dealer"},
		{"bid upper bound", `{"bid_upper_bound":"13"}`, "options.bid_upper_bound"},
		{"final tie", `{"final_tie":"dealer"}`, "options.final_tie"},
		{"revoke penalty", `{"revoke_penalty":"fixed_points(10)"}`, "options.revoke_penalty"},
		{"revoke points", `{"revoke_points":-1}`, "options.revoke_points"},
		{"unknown option", `{"forbid_bid_sum_equal_r":true}`, "options.forbid_bid_sum_equal_r"},
		{"not an object", `[1]`, "options"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, eff, err := New().Setup(players, json.RawMessage(tc.options))
			if tc.field != "" {
				var in *rules.InputError
				if !errors.As(err, &in) || in.Fields[0].Field != tc.field {
					t.Fatalf("want an input error on %s, got %v", tc.field, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			// The effective options give the same state again.
			raw, _ := json.Marshal(eff)
			s2, eff2, err := New().Setup(players, raw)
			if err != nil {
				t.Fatalf("setup with effective options %s: %v", raw, err)
			}
			if mustJSON(t, s) != mustJSON(t, s2) || mustJSON(t, eff) != mustJSON(t, eff2) {
				t.Errorf("effective options do not reproduce the state")
			}
		})
	}
	s := setup(t, 4, "")
	o := s.Options
	if o.Rounds != 15 || o.FirstDealer != "p1" || o.BidTotalRule != "none" || o.BidUpperBound != "r" ||
		o.WizardIndicatorAllowsNoTrump || o.FinalTie != "shared" || o.RevokePenalty != "flag_only" || o.RevokePoints != 10 {
		t.Errorf("defaults: %+v", o)
	}
	for n, want := range map[int]int{3: 20, 4: 15, 5: 12, 6: 10} {
		if got := setup(t, n, "").Options.Rounds; got != want {
			t.Errorf("WIZARD-SETUP-3: %d players: %d rounds, want %d", n, got, want)
		}
	}
}

func TestSetupPlayers(t *testing.T) {
	for _, n := range []int{0, 2, 7} {
		_, _, err := New().Setup(rulestest.Players(n), nil)
		var v *rules.ViolationError
		if !errors.As(err, &v) || v.Rulings[0].Rule != "WIZARD-COMP-1" {
			t.Fatalf("%d players: want WIZARD-COMP-1, got %v", n, err)
		}
		rulestest.Broke("WIZARD-COMP-1")
	}
	dup := []rules.Player{{ID: "a", Name: "A"}, {ID: "b", Name: "B"}, {ID: "a", Name: "C"}}
	_, _, err := New().Setup(dup, nil)
	var in *rules.InputError
	if !errors.As(err, &in) || in.Fields[0].Field != "players[2].id" {
		t.Fatalf("duplicate player: %v", err)
	}
}

func TestApplyErrors(t *testing.T) {
	g := New()
	s := setup(t, 3, "")
	if _, _, err := g.Apply(s, rules.Event{Type: "score"}); !errors.Is(err, rules.ErrUnknownEvent) {
		t.Errorf("unknown event: %v", err)
	}
	if _, _, err := g.Apply(nil, rules.Event{Type: evBid}); err == nil {
		t.Errorf("nil state accepted")
	}
	if _, _, err := g.Apply((*State)(nil), rules.Event{Type: evBid}); err == nil {
		t.Errorf("typed nil state accepted")
	}
	fin := setup(t, 3, `{"rounds":1}`)
	fin = skipRounds(t, fin, 1)
	if fin.Result() == nil || fin.Next() != (rules.Text{}) {
		t.Fatalf("a 1-round match should be finished")
	}
	for _, typ := range []string{evRoundStarted, evBid, "nonsense"} {
		if _, _, err := g.Apply(fin, rules.Event{Type: typ, Data: json.RawMessage(`{}`)}); !errors.Is(err, rules.ErrFinished) {
			t.Errorf("%s after the end: %v", typ, err)
		}
	}
}

func TestInputErrors(t *testing.T) {
	g := New()
	s0 := setup(t, 3, "")
	bidding := startRound(t, s0, "red")
	playing := startRound(t, s0, "red", 0, 0, 0)
	for _, tc := range []struct {
		name  string
		s     *State
		typ   string
		data  string
		field string
	}{
		{"trump missing", s0, evRoundStarted, `{}`, "data.trump"},
		{"trump unknown", s0, evRoundStarted, `{"trump":"purple"}`, "data.trump"},
		{"trump card bad", s0, evRoundStarted, `{"trump":"red","trump_card":"red-14"}`, "data.trump_card"},
		{"trump card capitals", s0, evRoundStarted, `{"trump":"red","trump_card":"Red-4"}`, "data.trump_card"},
		{"trump card leading zero", s0, evRoundStarted, `{"trump":"red","trump_card":"red-04"}`, "data.trump_card"},
		{"round zero", s0, evRoundStarted, `{"trump":"red","round":0}`, "data.round"},
		{"dealer unknown", s0, evRoundStarted, `{"trump":"red","dealer":"p9"}`, "data.dealer"},
		{"unknown field", s0, evRoundStarted, `{"trump":"red","colour":"red"}`, "data.colour"},
		{"not JSON", s0, evRoundStarted, `{"trump":`, "data"},
		{"bid player missing", bidding, evBid, `{"bid":1}`, "data.player"},
		{"bid player unknown", bidding, evBid, `{"player":"p7","bid":1}`, "data.player"},
		{"bid missing", bidding, evBid, `{"player":"p2"}`, "data.bid"},
		{"bid negative", bidding, evBid, `{"player":"p2","bid":-1}`, "data.bid"},
		{"bid huge", bidding, evBid, `{"player":"p2","bid":1000000}`, "data.bid"},
		{"bid fraction", bidding, evBid, `{"player":"p2","bid":0.5}`, "data.bid"},
		{"plays missing", playing, evTrick, `{}`, "data.plays"},
		{"plays empty", playing, evTrick, `{"plays":[]}`, "data.plays"},
		{"play card unknown", playing, evTrick, `{"plays":[{"player":"p2","card":"purple-3"}]}`, "data.plays[0].card"},
		{"play card missing", playing, evTrick, `{"plays":[{"player":"p2"}]}`, "data.plays[0].card"},
		{"play player unknown", playing, evTrick, `{"plays":[{"player":"p2","card":"red-3"},{"player":"x","card":"red-4"}]}`, "data.plays[1].player"},
		{"winner unknown", playing, evTrick, `{"plays":[{"player":"p2","card":"red-3"}],"winner":"x"}`, "data.winner"},
		{"won missing", playing, evTricks, `{}`, "data.won"},
		{"won player missing", playing, evTricks, `{"won":{"p1":1,"p2":0}}`, "data.won.p3"},
		{"won player unknown", playing, evTricks, `{"won":{"p1":1,"p2":0,"p3":0,"p4":0}}`, "data.won.p4"},
		{"won negative", playing, evTricks, `{"won":{"p1":2,"p2":-1,"p3":0}}`, "data.won.p2"},
		{"won null", playing, evTricks, `{"won":{"p1":1,"p2":null,"p3":0}}`, "data.won.p2"},
		{"hand player missing", bidding, evHandDealt, `{"cards":["red-3"]}`, "data.player"},
		{"hand cards missing", bidding, evHandDealt, `{"player":"p1"}`, "data.cards"},
		{"hand card bad", bidding, evHandDealt, `{"player":"p1","cards":["joker"]}`, "data.cards[0]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rulestest.WantInputError(t, g, tc.s, tc.typ, tc.data, tc.field)
		})
	}
}
