package wazabi

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

func TestDefaults(t *testing.T) {
	for n := 2; n <= 6; n++ {
		s, eff, err := New().Setup(rulestest.Players(n), nil)
		if err != nil {
			t.Fatal(err)
		}
		st := s.(*State)
		o := eff.(Options)
		if o.StartingDice != 4 || o.Hands != 1 || o.PlayToLast || o.Teams != nil || o.FirstPlayer != "" {
			t.Errorf("%d players: defaults %+v", n, o)
		}
		if o.NeighboursOnly != (n >= 4) {
			t.Errorf("%d players: neighbours_only %v (WAZABI-NEIGHBOUR-1: on with 4 to 6)", n, o.NeighboursOnly)
		}
		// WAZABI-SETUP-2/3/4 and the table of spec §2.1.
		if st.DrawPile != 36-3*n || st.PlayedPile != 0 || st.DiceInBox != 24-4*n {
			t.Errorf("%d players: draw %d played %d box %d", n, st.DrawPile, st.PlayedPile, st.DiceInBox)
		}
		for _, seat := range st.Seats {
			if seat.Dice != 4 || seat.Cards != 3 {
				t.Errorf("%d players: seat %+v", n, seat)
			}
		}
		if st.Current != "p1" || !st.OpeningOpen || st.Phase != "roll" || st.Direction != "clockwise" {
			t.Errorf("%d players: start %+v", n, st)
		}
		checkInvariants(t, st, "setup")
		if st.Result() != nil {
			t.Error("no result before the end")
		}
	}
}

// Setup accepts its own effective options again and gives the same state.
func TestEffectiveOptionsRoundTrip(t *testing.T) {
	cases := []string{
		``, `{}`, `{"starting_dice":6}`, `{"neighbours_only":false}`, `{"play_to_last":true}`,
		`{"hands":3,"first_player":"p2"}`, `{"teams":[["p1","p3"],["p2","p4"]],"hands":2}`,
	}
	for _, raw := range cases {
		s1, eff, err := New().Setup(rulestest.Players(4), json.RawMessage(raw))
		if err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		effRaw, _ := json.Marshal(eff)
		s2, eff2, err := New().Setup(rulestest.Players(4), effRaw)
		if err != nil {
			t.Fatalf("%s again as %s: %v", raw, effRaw, err)
		}
		a, _ := json.Marshal(s1)
		b, _ := json.Marshal(s2)
		if !bytes.Equal(a, b) || !reflect.DeepEqual(eff, eff2) {
			t.Errorf("%s: states differ\n%s\n%s", raw, a, b)
		}
	}
}

func TestBadOptions(t *testing.T) {
	p4, p5 := rulestest.Players(4), rulestest.Players(5)
	cases := []struct {
		players     []rules.Player
		opts        string
		rule, field string
	}{
		{rulestest.Players(1), `{}`, "WAZABI-SETUP-1", ""},
		{rulestest.Players(7), `{}`, "WAZABI-SETUP-1", ""},
		{p4, `{"starting_dice":7}`, "WAZABI-LENGTH-2", ""},
		{rulestest.Players(2), `{"starting_dice":13}`, "WAZABI-LENGTH-2", ""},
		{p5, `{"teams":[["p1","p2"],["p3","p4"]]}`, "WAZABI-TEAM-1", ""},
		{rulestest.Players(3), `{"teams":[["p1","p2"]]}`, "WAZABI-TEAM-1", ""},
		{p4, `{"starting_dice":0}`, "", "options.starting_dice"},
		{p4, `{"starting_dice":"four"}`, "", "options.starting_dice"},
		{p4, `{"hands":0}`, "", "options.hands"},
		{p4, `{"hands":101}`, "", "options.hands"},
		{p4, `{"first_player":"p9"}`, "", "options.first_player"},
		{p4, `{"first_player":""}`, "", "options.first_player"},
		{p4, `{"teams":[["p1","p2"]]}`, "", "options.teams"},
		{p4, `{"teams":[["p1","p2","p3"],["p4"]]}`, "", "options.teams[0]"},
		{p4, `{"teams":[["p1","p2"],["p2","p4"]]}`, "", "options.teams[1][0]"},
		{p4, `{"teams":[["p1","p2"],["p3","zz"]]}`, "", "options.teams[1][1]"},
		{p4, `{"teams":[["p1","p2"],["p3","p4"]],"play_to_last":true}`, "", "options.play_to_last"},
		{p4, `{"hands":2,"play_to_last":true}`, "", "options.play_to_last"},
		{p4, `{"rounds":3}`, "", "options.rounds"},
		{p4, `[1]`, "", "options"},
		{[]rules.Player{{ID: "a"}, {ID: "a"}}, `{}`, "", "players[1]"},
	}
	for _, c := range cases {
		t.Run(c.rule+c.field+" "+c.opts, func(t *testing.T) {
			wantSetupError(t, c.players, c.opts, c.rule, c.field)
		})
	}
}

// Everything allowed at the limits (WAZABI-LENGTH-2): 12 dice with 2
// players, 4 with 6, teams of 6.
func TestOptionLimits(t *testing.T) {
	s := setup(t, rulestest.Players(2), map[string]any{"starting_dice": 12})
	if s.DiceInBox != 0 || s.Seats[0].Dice != 12 {
		t.Errorf("2 x 12: %+v", s)
	}
	s = setup(t, rulestest.Players(6), map[string]any{"teams": [][]string{{"p1", "p4"}, {"p2", "p5"}, {"p3", "p6"}}})
	if s.Seats[3].Team != 1 || s.Seats[5].Team != 3 {
		t.Errorf("teams %+v", s.Seats)
	}
	s = setup(t, rulestest.Players(3), map[string]any{"neighbours_only": true})
	if !s.Options.NeighboursOnly {
		t.Error("neighbours_only can be switched on for 3 players")
	}
}
