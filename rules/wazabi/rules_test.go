package wazabi

import (
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// Fixture states for the violation table. Players p1..pN are named P1..PN.
func fresh(t *testing.T, n int, opts any) *State {
	return setup(t, rulestest.Players(n), opts)
}

// rolled returns a state where p1 (first player) has rolled.
func rolled(t *testing.T, n int, opts any, roll string) *State {
	s := fresh(t, n, opts)
	s, _ = apply(t, s, "rolled", roll)
	return s
}

func TestViolations(t *testing.T) {
	first := map[string]any{"first_player": "p1"}
	afterRoll := func(t *testing.T) *State { // 3 players, p1 rolled 2 W, 1 card, 1 give
		return rolled(t, 3, first, `{"player":"p1","w":2,"card":1,"give":1}`)
	}
	readyToPlay := func(t *testing.T) *State {
		s := afterRoll(t)
		s, _ = apply(t, s, "cards_drawn", `{"player":"p1","count":1}`)
		s, _ = apply(t, s, "dice_given", `{"player":"p1","to":["p2"]}`)
		return s
	}
	rich := func(t *testing.T) *State { // p1 rolled 4 W with 4 dice: every card affordable
		return rolled(t, 3, first, `{"player":"p1","w":4,"card":0,"give":0}`)
	}
	cases := []struct {
		rule  string
		state func(t *testing.T) *State
		typ   string
		data  string
	}{
		{"WAZABI-SETUP-5", func(t *testing.T) *State { return fresh(t, 3, nil) },
			"opening_roll", `{"w":{"p1":2,"p2":1}}`}, // p3 did not roll
		{"WAZABI-SETUP-5", func(t *testing.T) *State { return fresh(t, 3, nil) },
			"opening_roll", `{"w":{"p1":5,"p2":1,"p3":0}}`}, // 5 W from 4 dice
		{"WAZABI-SETUP-5", func(t *testing.T) *State { return fresh(t, 3, first) },
			"opening_roll", `{"w":{"p1":2,"p2":1,"p3":0}}`}, // first player set in options
		{"WAZABI-SETUP-5", afterRoll, "opening_roll", `{"w":{"p1":2,"p2":1,"p3":0}}`}, // hand already begun
		{"WAZABI-SETUP-6", func(t *testing.T) *State {
			s, _ := apply(t, fresh(t, 3, nil), "opening_roll", `{"w":{"p1":2,"p2":2,"p3":0}}`)
			return s
		}, "opening_roll", `{"w":{"p1":1,"p2":0,"p3":3}}`}, // p3 did not tie
		{"WAZABI-SETUP-6", func(t *testing.T) *State {
			s, _ := apply(t, fresh(t, 3, nil), "opening_roll", `{"w":{"p1":2,"p2":2,"p3":0}}`)
			return s
		}, "rolled", `{"player":"p1","w":4,"card":0,"give":0}`}, // tie not rolled off
		{"WAZABI-TURN-1", func(t *testing.T) *State { return fresh(t, 3, first) },
			"rolled", `{"player":"p2","w":4,"card":0,"give":0}`},
		{"WAZABI-TURN-1", readyToPlay, "turn_ended", `{"player":"p3"}`},
		{"WAZABI-TURN-2", func(t *testing.T) *State { return fresh(t, 3, first) },
			"rolled", `{"player":"p1","w":1,"card":1,"give":1}`}, // 3 symbols, 4 dice
		{"WAZABI-TURN-2", afterRoll, "rolled", `{"player":"p1","w":2,"card":1,"give":1}`}, // second roll
		{"WAZABI-TURN-2", func(t *testing.T) *State { return fresh(t, 3, first) },
			"turn_ended", `{"player":"p1"}`}, // no roll yet
		{"WAZABI-TURN-3", afterRoll, "cards_drawn", `{"player":"p1","count":2}`},
		{"WAZABI-TURN-3", afterRoll, "turn_ended", `{"player":"p1"}`},
		{"WAZABI-TURN-3", readyToPlay, "cards_drawn", `{"player":"p1","count":1}`}, // nothing due
		{"WAZABI-TURN-4", func(t *testing.T) *State {
			s, _ := apply(t, afterRoll(t), "cards_drawn", `{"player":"p1","count":1}`)
			return s
		}, "dice_given", `{"player":"p1","to":["p2","p3"]}`}, // 2 targets for 1 give
		{"WAZABI-TURN-4", func(t *testing.T) *State {
			s, _ := apply(t, afterRoll(t), "cards_drawn", `{"player":"p1","count":1}`)
			return s
		}, "dice_given", `{"player":"p1","to":["p1"]}`}, // to oneself
		{"WAZABI-TURN-4", func(t *testing.T) *State {
			s, _ := apply(t, afterRoll(t), "cards_drawn", `{"player":"p1","count":1}`)
			return s
		}, "turn_ended", `{"player":"p1"}`}, // die not given
		{"WAZABI-TURN-4", readyToPlay, "dice_given", `{"player":"p1","to":["p3"]}`}, // given twice
		{"WAZABI-TURN-5", func(t *testing.T) *State {
			s := fixture(t, fresh(t, 3, first), nil, map[string]int{"p1": 0})
			s, _ = apply(t, s, "rolled", `{"player":"p1","w":4,"card":0,"give":0}`)
			return s
		}, "card_played", `{"player":"p1","card":"reverse"}`}, // empty hand
		{"WAZABI-TURN-6", afterRoll, "dice_given", `{"player":"p1","to":["p2"]}`}, // give before draw
		{"WAZABI-TURN-6", afterRoll, "card_played", `{"player":"p1","card":"reverse"}`},
		{"WAZABI-PLAY-1", func(t *testing.T) *State {
			s, _ := apply(t, rich(t), "card_played", `{"player":"p1","card":"hand_limit_2"}`)
			return s
		}, "card_played", `{"player":"p1","card":"reverse"}`},
		{"WAZABI-PLAY-2", readyToPlay, "card_played", `{"player":"p1","card":"lose_2_dice"}`},
		{"WAZABI-NEIGHBOUR-1", func(t *testing.T) *State {
			return rolled(t, 4, first, `{"player":"p1","w":2,"card":0,"give":2}`)
		}, "dice_given", `{"player":"p1","to":["p2","p3"]}`}, // p3 sits opposite
		{"WAZABI-PILE-3", func(t *testing.T) *State { // piles not empty: no drawing from opponents
			return afterRoll(t)
		}, "cards_drawn", `{"player":"p1","count":1,"from":["p2"]}`},
		{"WAZABI-PILE-3", emptyPiles, "cards_drawn", `{"player":"p1","count":2}`},                    // from missing
		{"WAZABI-PILE-3", emptyPiles, "cards_drawn", `{"player":"p1","count":2,"from":["p3","p3"]}`}, // p3 has 1 card
		{"WAZABI-PILE-3", emptyPiles, "cards_drawn", `{"player":"p1","count":2,"from":["p1","p2"]}`}, // own hand
		{"WAZABI-LOSE1-2", func(t *testing.T) *State {
			s := rolled(t, 3, first, `{"player":"p1","w":2,"card":0,"give":2}`)
			s, _ = apply(t, s, "dice_given", `{"player":"p1","to":["p2","p3"]}`)
			return s
		}, "card_played", `{"player":"p1","card":"lose_a_die"}`},
		{"WAZABI-DRAW3-1", func(t *testing.T) *State {
			s, _ := apply(t, rich(t), "card_played", `{"player":"p1","card":"draw_3"}`)
			return s
		}, "turn_ended", `{"player":"p1"}`},
		{"WAZABI-DRAW3-1", func(t *testing.T) *State {
			s, _ := apply(t, rich(t), "card_played", `{"player":"p1","card":"draw_3"}`)
			return s
		}, "cards_drawn", `{"player":"p1","count":1}`},
		{"WAZABI-SKIP-1", rich, "card_played", `{"player":"p1","card":"miss_a_turn","target":"p1"}`},
		{"WAZABI-SKIP-1", func(t *testing.T) *State { // p2 was skipped and tries to roll
			s, _ := apply(t, rich(t), "card_played", `{"player":"p1","card":"miss_a_turn","target":"p2"}`)
			s, _ = apply(t, s, "turn_ended", `{"player":"p1"}`)
			return s
		}, "rolled", `{"player":"p2","w":4,"card":0,"give":0}`},
		{"WAZABI-SWAPDICE-1", rich, "card_played", `{"player":"p1","card":"exchange_dice","target":"p1"}`},
		{"WAZABI-SWAPCARDS-1", rich, "card_played", `{"player":"p1","card":"exchange_hands","target":"p1"}`},
		{"WAZABI-KEEP1-1", rich, "card_played", `{"player":"p1","card":"hand_limit_1","target":"p1"}`},
		{"WAZABI-STEAL-1", rich, "card_played", `{"player":"p1","card":"steal_a_card","target":"p1"}`},
		{"WAZABI-WIN-2", outP2, "dice_given", `{"player":"p3","to":["p2"]}`},
		{"WAZABI-WIN-2", func(t *testing.T) *State {
			s := outP2(t)
			s, _ = apply(t, s, "dice_given", `{"player":"p3","to":["p4"]}`)
			return s
		}, "card_played", `{"player":"p3","card":"exchange_hands","target":"p2"}`},
	}
	for _, c := range cases {
		t.Run(c.rule+"/"+c.typ, func(t *testing.T) {
			rulestest.WantViolation(t, New(), c.state(t), c.typ, c.data, c.rule)
		})
	}
}

// emptyPiles: 3 players, both piles empty (p1 holds 32 cards, p2 3, p3 1);
// p1 rolls 2 card symbols, so both cards come from opponents' hands.
func emptyPiles(t *testing.T) *State {
	s := fresh(t, 3, map[string]any{"first_player": "p1"})
	s = fixture(t, s, nil, map[string]int{"p1": 32, "p2": 3, "p3": 1})
	if s.DrawPile != 0 || s.PlayedPile != 0 {
		t.Fatalf("piles %d/%d", s.DrawPile, s.PlayedPile)
	}
	s, _ = apply(t, s, "rolled", `{"player":"p1","w":2,"card":2,"give":0}`)
	return s
}

// outP2: 4 players, play to the last; p2 has given away their last die and
// is out; it is p3's turn, who rolled 1 give (p2 is p3's right neighbour,
// but out, so p3's neighbours are p4 and p1).
func outP2(t *testing.T) *State {
	s := fresh(t, 4, map[string]any{"play_to_last": true, "first_player": "p2"})
	s = fixture(t, s, map[string]int{"p2": 1}, nil)
	s, _ = apply(t, s, "rolled", `{"player":"p2","w":0,"card":0,"give":1}`)
	s, notes := apply(t, s, "dice_given", `{"player":"p2","to":["p3"]}`)
	if !seat(t, s, "p2").Out || s.Current != "p3" || !hasRule(notes, "WAZABI-WIN-2") {
		t.Fatalf("p2 should be out and p3 to play: %+v %v", s.Seats, notes)
	}
	s, _ = apply(t, s, "rolled", `{"player":"p3","w":4,"card":0,"give":1}`)
	return s
}

func TestInputErrors(t *testing.T) {
	first := map[string]any{"first_player": "p1"}
	rich := func(t *testing.T) *State {
		return rolled(t, 3, first, `{"player":"p1","w":4,"card":0,"give":0}`)
	}
	start := func(t *testing.T) *State { return fresh(t, 3, first) }
	cases := []struct {
		state       func(t *testing.T) *State
		typ, data   string
		field       string
		description string
	}{
		{start, "rolled", `{"player":"p1","w":2,"card":2}`, "data.give", "give missing"},
		{start, "rolled", `{"player":"p1","w":-1,"card":3,"give":2}`, "data.w", "negative"},
		{start, "rolled", `{"player":"p1","w":4611686018427387904,"card":4611686018427387904,"give":-9223372036854775804}`, "data.w", "overflowing sum"},
		{start, "rolled", `{"player":"zz","w":4,"card":0,"give":0}`, "data.player", "unknown player"},
		{start, "rolled", `{"w":4,"card":0,"give":0}`, "data.player", "player missing"},
		{start, "rolled", `{"player":"p1","w":"two","card":0,"give":0}`, "data.w", "wrong type"},
		{start, "rolled", `{"player":"p1","w":4,"card":0,"give":0,"extra":1}`, "data.extra", "unknown field"},
		{start, "opening_roll", `{}`, "data.w", "w missing"},
		{start, "opening_roll", `{"w":{"p1":1,"ghost":2}}`, "data.w.ghost", "unknown player"},
		{start, "opening_roll", `{"w":{"p1":-1}}`, "data.w.p1", "negative"},
		{rich, "card_played", `{"player":"p1","card":"wild_card"}`, "data.card", "not in the catalogue"},
		{rich, "card_played", `{"player":"p1"}`, "data.card", "card missing"},
		{rich, "card_played", `{"player":"p1","card":"miss_a_turn"}`, "data.target", "target missing"},
		{rich, "card_played", `{"player":"p1","card":"reverse","target":"p2"}`, "data.target", "target not used"},
		{rich, "card_played", `{"player":"p1","card":"pass_dice"}`, "data.direction", "direction missing"},
		{rich, "card_played", `{"player":"p1","card":"pass_dice","direction":"up"}`, "data.direction", "bad direction"},
		{rich, "card_played", `{"player":"p1","card":"draw_3","direction":"left"}`, "data.direction", "direction not used"},
		{rich, "card_played", `{"player":"p1","card":"steal_a_card","target":"p9"}`, "data.target", "unknown target"},
		{rich, "dice_given", `{"player":"p1"}`, "data.to", "to missing"},
		{rich, "dice_given", `{"player":"p1","to":["p2","nobody"]}`, "data.to[1]", "unknown target"},
		{rich, "cards_drawn", `{"player":"p1"}`, "data.count", "count missing"},
		{rich, "cards_drawn", `{"player":"p1","count":-2}`, "data.count", "negative"},
		{rich, "cards_drawn", `{"player":"p1","count":1,"from":["x"]}`, "data.from[0]", "unknown opponent"},
		{rich, "turn_ended", `[]`, "data", "not an object"},
		{rich, "turn_ended", `{"player":"p1"} {}`, "data", "trailing data"},
	}
	for _, c := range cases {
		t.Run(c.typ+"/"+c.description, func(t *testing.T) {
			rulestest.WantInputError(t, New(), c.state(t), c.typ, c.data, c.field)
		})
	}
}

func TestUnknownEventFinishedAndForeignState(t *testing.T) {
	g := New()
	s := fresh(t, 2, nil)
	if _, _, err := g.Apply(s, rules.Event{Type: "shuffled"}); err == nil || !isErr(err, rules.ErrUnknownEvent) {
		t.Errorf("unknown event: %v", err)
	}
	if _, _, err := g.Apply(nil, rules.Event{Type: "rolled"}); err == nil {
		t.Error("a nil state must be refused")
	}
	if _, _, err := g.Apply((*State)(nil), rules.Event{Type: "rolled"}); err == nil {
		t.Error("a nil *State must be refused")
	}
	over := s.clone()
	over.Over = true
	if _, _, err := g.Apply(over, rules.Event{Type: "rolled", Data: []byte(`{}`)}); !isErr(err, rules.ErrFinished) {
		t.Errorf("after the end: %v", err)
	}
}
