package wazabi

import (
	"strings"
	"testing"

	"github.com/motamed/motamed/rules/rulestest"
)

// Each catalogue card's effect on the counts, with its rule ID. 4 players
// p1..p4 (neighbour rule on), p1 to play with 4 W; hands p1 4, p2 5, p3 1,
// p4 2 and dice p1 4, p2 6, p3 2, p4 3 before the card.
func TestCardEffects(t *testing.T) {
	base := func(t *testing.T) *State {
		s := fresh(t, 4, map[string]any{"first_player": "p1", "starting_dice": 6})
		s = fixture(t, s, map[string]int{"p1": 4, "p2": 6, "p3": 2, "p4": 3}, map[string]int{"p1": 4, "p2": 5, "p3": 1, "p4": 2})
		s, _ = apply(t, s, "rolled", `{"player":"p1","w":4,"card":0,"give":0}`)
		return s
	}
	cases := []struct {
		data        string
		rule        string
		dice, cards [4]int
		played      int // cards added to the played pile
		check       func(t *testing.T, s *State)
	}{
		{`{"card":"miss_a_turn","target":"p3"}`, "WAZABI-SKIP-1", [4]int{4, 6, 2, 3}, [4]int{3, 5, 1, 2}, 0,
			func(t *testing.T, s *State) {
				if seat(t, s, "p3").Skips != 1 {
					t.Error("the card waits in front of p3 (WAZABI-SKIP-2)")
				}
			}},
		{`{"card":"reverse"}`, "WAZABI-REVERSE-1", [4]int{4, 6, 2, 3}, [4]int{3, 5, 1, 2}, 1,
			func(t *testing.T, s *State) {
				if s.Direction != "counterclockwise" || !s.Turn.PlayAgain {
					t.Errorf("direction %s play again %v", s.Direction, s.Turn.PlayAgain)
				}
			}},
		{`{"card":"draw_3"}`, "WAZABI-DRAW3-1", [4]int{4, 6, 2, 3}, [4]int{3, 5, 1, 2}, 1,
			func(t *testing.T, s *State) {
				if s.Turn.DrawsDue != 3 || s.Phase != "draw" {
					t.Errorf("draws due %d phase %s", s.Turn.DrawsDue, s.Phase)
				}
				s, _ = apply(t, s, "cards_drawn", `{"player":"p1","count":3}`)
				wantCards(t, s, map[string]int{"p1": 6})
				if s.Phase != "end" {
					t.Errorf("phase %s", s.Phase)
				}
			}},
		{`{"card":"hand_limit_1","target":"p2"}`, "WAZABI-KEEP1-1", [4]int{4, 6, 2, 3}, [4]int{3, 1, 1, 2}, 5, nil},
		{`{"card":"lose_a_die"}`, "WAZABI-LOSE1-1", [4]int{3, 6, 2, 3}, [4]int{3, 5, 1, 2}, 1,
			func(t *testing.T, s *State) {
				if s.DiceOutOfPlay != 24-15+1 {
					t.Errorf("dice out of play %d", s.DiceOutOfPlay)
				}
			}},
		{`{"card":"steal_a_card","target":"p2"}`, "WAZABI-STEAL-1", [4]int{4, 6, 2, 3}, [4]int{4, 4, 1, 2}, 1, nil},
		{`{"card":"exchange_hands","target":"p2"}`, "WAZABI-SWAPCARDS-1", [4]int{4, 6, 2, 3}, [4]int{5, 3, 1, 2}, 1, nil},
		{`{"card":"hand_limit_2"}`, "WAZABI-KEEP2-1", [4]int{4, 6, 2, 3}, [4]int{3, 2, 1, 2}, 4, nil},
		{`{"card":"pass_cards","direction":"left"}`, "WAZABI-PASSCARDS-1", [4]int{4, 6, 2, 3}, [4]int{2, 3, 5, 1}, 1, nil},
		{`{"card":"pass_cards","direction":"right"}`, "WAZABI-PASSCARDS-1", [4]int{4, 6, 2, 3}, [4]int{5, 1, 2, 3}, 1, nil},
		{`{"card":"pass_dice","direction":"left"}`, "WAZABI-PASSDICE-1", [4]int{3, 4, 6, 2}, [4]int{3, 5, 1, 2}, 1, nil},
		{`{"card":"pass_dice","direction":"right"}`, "WAZABI-PASSDICE-1", [4]int{6, 2, 3, 4}, [4]int{3, 5, 1, 2}, 1, nil},
		{`{"card":"exchange_dice","target":"p2"}`, "WAZABI-SWAPDICE-1", [4]int{6, 4, 2, 3}, [4]int{3, 5, 1, 2}, 1, nil},
		{`{"card":"lose_2_dice"}`, "WAZABI-LOSE2-1", [4]int{2, 6, 2, 3}, [4]int{3, 5, 1, 2}, 1, nil},
	}
	for _, c := range cases {
		t.Run(c.rule+" "+c.data, func(t *testing.T) {
			s := base(t)
			played := s.PlayedPile
			data := `{"player":"p1",` + strings.TrimPrefix(c.data, "{")
			s, notes := apply(t, s, "card_played", data)
			if !hasRule(notes, c.rule) {
				t.Errorf("notes %v lack %s", notes, c.rule)
			}
			for i, st := range s.Seats {
				if st.Dice != c.dice[i] || st.Cards != c.cards[i] {
					t.Errorf("%s: dice %d cards %d, want %d and %d", st.PlayerID, st.Dice, st.Cards, c.dice[i], c.cards[i])
				}
			}
			if s.PlayedPile-played != c.played {
				t.Errorf("played pile grew by %d, want %d", s.PlayedPile-played, c.played)
			}
			checkInvariants(t, s, c.data)
			if c.check != nil {
				c.check(t, s)
			}
		})
	}
}

// Miss a turn skips the target once; two cards skip twice; the card then
// goes to the played pile (WAZABI-SKIP-1, WAZABI-SKIP-2).
func TestMissATurn(t *testing.T) {
	s := fresh(t, 3, map[string]any{"first_player": "p1"})
	s, _ = apply(t, s, "rolled", `{"player":"p1","w":4,"card":0,"give":0}`)
	s, _ = apply(t, s, "card_played", `{"player":"p1","card":"miss_a_turn","target":"p2"}`)
	s, notes := apply(t, s, "turn_ended", `{"player":"p1"}`)
	if s.Current != "p3" || !hasRule(notes, "WAZABI-SKIP-2") || seat(t, s, "p2").Skips != 0 || s.PlayedPile != 1 {
		t.Fatalf("after the skip: current %s skips %d played %d notes %v", s.Current, seat(t, s, "p2").Skips, s.PlayedPile, notes)
	}
	if len(s.LastSkipped) != 1 || s.LastSkipped[0] != "p2" {
		t.Errorf("last skipped %v", s.LastSkipped)
	}
	// p3 puts a card on p1: the turn passes over p1 to p2.
	s, _ = apply(t, s, "rolled", `{"player":"p3","w":4,"card":0,"give":0}`)
	s, _ = apply(t, s, "card_played", `{"player":"p3","card":"miss_a_turn","target":"p1"}`)
	s, _ = apply(t, s, "turn_ended", `{"player":"p3"}`)
	if s.Current != "p2" {
		t.Fatalf("p1 is skipped, p2 plays; got %s", s.Current)
	}
	checkInvariants(t, s, "after two skips")

	// Two players: two cards on p2 skip two of p2's turns.
	s2 := fresh(t, 2, map[string]any{"first_player": "p1"})
	s2 = fixture(t, s2, nil, nil)
	c := s2.clone()
	c.Seats[1].Skips, c.DrawPile = 2, c.DrawPile-2
	s2 = c
	s2, _ = apply(t, s2, "rolled", `{"player":"p1","w":4,"card":0,"give":0}`)
	s2, _ = apply(t, s2, "turn_ended", `{"player":"p1"}`)
	if s2.Current != "p1" || seat(t, s2, "p2").Skips != 1 {
		t.Fatalf("p2 skipped once: current %s skips %d", s2.Current, seat(t, s2, "p2").Skips)
	}
	s2, _ = apply(t, s2, "rolled", `{"player":"p1","w":4,"card":0,"give":0}`)
	s2, _ = apply(t, s2, "turn_ended", `{"player":"p1"}`)
	if s2.Current != "p1" || seat(t, s2, "p2").Skips != 0 {
		t.Fatalf("p2 skipped twice: current %s", s2.Current)
	}
	s2, _ = apply(t, s2, "rolled", `{"player":"p1","w":4,"card":0,"give":0}`)
	s2, _ = apply(t, s2, "turn_ended", `{"player":"p1"}`)
	if s2.Current != "p2" {
		t.Fatalf("then p2 plays: current %s", s2.Current)
	}
}

// Reverse: the same player plays again, then play goes the other way.
func TestReverse(t *testing.T) {
	s := fresh(t, 4, map[string]any{"first_player": "p2"})
	s, _ = apply(t, s, "rolled", `{"player":"p2","w":4,"card":0,"give":0}`)
	s, _ = apply(t, s, "card_played", `{"player":"p2","card":"reverse"}`)
	s, notes := apply(t, s, "turn_ended", `{"player":"p2"}`)
	if s.Current != "p2" || !hasRule(notes, "WAZABI-REVERSE-1") || s.Turn.Rolled {
		t.Fatalf("p2 plays again: %s %v", s.Current, notes)
	}
	s, _ = apply(t, s, "rolled", `{"player":"p2","w":4,"card":0,"give":0}`)
	s, _ = apply(t, s, "turn_ended", `{"player":"p2"}`)
	if s.Current != "p1" {
		t.Fatalf("counterclockwise after p2 comes p1, got %s", s.Current)
	}
	s, _ = apply(t, s, "rolled", `{"player":"p1","w":4,"card":0,"give":0}`)
	s, _ = apply(t, s, "turn_ended", `{"player":"p1"}`)
	if s.Current != "p4" {
		t.Fatalf("then p4, got %s", s.Current)
	}
}

// The draw pile runs out: the played pile is reshuffled (WAZABI-PILE-2);
// then cards come from opponents (WAZABI-PILE-3); and when nothing is left
// anywhere the draw stops.
func TestDrawingWhenPilesRunOut(t *testing.T) {
	s := fresh(t, 3, map[string]any{"first_player": "p1"})
	// 1 card in the draw pile, 2 in the played pile, the rest in hands.
	c := s.clone()
	c.Seats[0].Cards, c.Seats[1].Cards, c.Seats[2].Cards = 0, 30, 3
	c.DrawPile, c.PlayedPile = 1, 2
	s = c
	checkInvariants(t, s, "fixture")
	r, _ := apply(t, s, "rolled", `{"player":"p1","w":0,"card":4,"give":0}`)

	// 1 from the pile, 2 after the reshuffle, 1 from p3.
	s2, notes := apply(t, r, "cards_drawn", `{"player":"p1","count":4,"from":["p3"]}`)
	if !hasRule(notes, "WAZABI-PILE-2") || s2.DrawPile != 0 || s2.PlayedPile != 0 {
		t.Errorf("reshuffle: notes %v draw %d played %d", notes, s2.DrawPile, s2.PlayedPile)
	}
	wantCards(t, s2, map[string]int{"p1": 4, "p2": 30, "p3": 2})
	checkInvariants(t, s2, "after drawing")

	// Nothing left anywhere: 2 players, all cards in p1's hand.
	e := fresh(t, 2, map[string]any{"first_player": "p1"})
	e = fixture(t, e, nil, map[string]int{"p1": 36, "p2": 0})
	e, _ = apply(t, e, "rolled", `{"player":"p1","w":0,"card":2,"give":2}`)
	rulestest.WantViolation(t, New(), e, "cards_drawn", `{"player":"p1","count":2}`, "WAZABI-TURN-3")
	e, notes = apply(t, e, "cards_drawn", `{"player":"p1","count":0}`)
	if !hasRule(notes, "WAZABI-PILE-3") || e.Phase != "give" {
		t.Errorf("no card anywhere: notes %v phase %s", notes, e.Phase)
	}
}

// Steal a card from an empty hand takes nothing (a note, not a refusal).
func TestStealFromEmptyHand(t *testing.T) {
	s := fresh(t, 3, map[string]any{"first_player": "p1"})
	s = fixture(t, s, nil, map[string]int{"p2": 0})
	s, _ = apply(t, s, "rolled", `{"player":"p1","w":4,"card":0,"give":0}`)
	s, notes := apply(t, s, "card_played", `{"player":"p1","card":"steal_a_card","target":"p2"}`)
	wantCards(t, s, map[string]int{"p1": 2, "p2": 0})
	if !hasRule(notes, "WAZABI-STEAL-1") {
		t.Errorf("notes %v", notes)
	}
}

// Playing to the last ranks everyone by finishing order (WAZABI-WIN-2).
func TestPlayToLast(t *testing.T) {
	s := fresh(t, 3, map[string]any{"first_player": "p1", "play_to_last": true})
	s = fixture(t, s, map[string]int{"p1": 1, "p2": 1, "p3": 3}, nil)
	s, _ = apply(t, s, "rolled", `{"player":"p1","w":0,"card":0,"give":1}`)
	s, _ = apply(t, s, "dice_given", `{"player":"p1","to":["p3"]}`)
	if s.Over || s.Current != "p2" || !seat(t, s, "p1").Out {
		t.Fatalf("p1 out, p2 to play: over %v current %s", s.Over, s.Current)
	}
	// p1 is out: p2's only possible receiver is p3.
	s, _ = apply(t, s, "rolled", `{"player":"p2","w":1,"card":0,"give":0}`)
	s, _ = apply(t, s, "card_played", `{"player":"p2","card":"lose_a_die"}`)
	if !s.Over {
		t.Fatal("only p3 has dice: the hand is over")
	}
	wantPlacements(t, s.Result(), map[string]int{"p1": 1, "p2": 2, "p3": 3})
	row := s.Scores().Rounds.([]HandRow)[0]
	if strings.Join(row.FinishOrder, ",") != "p1,p2,p3" {
		t.Errorf("finish order %v", row.FinishOrder)
	}
	if s.Next().EN != "" {
		t.Errorf("next after the end: %q", s.Next().EN)
	}
}

// The phase and Next() follow the turn, in both languages.
func TestNext(t *testing.T) {
	s := fresh(t, 3, nil)
	steps := []struct {
		typ, data, phase, next string
	}{
		{"", "", "roll", "opening roll"},
		{"opening_roll", `{"w":{"p1":1,"p2":3,"p3":3}}`, "reroll", "roll again"},
		{"opening_roll", `{"w":{"p2":1,"p3":2}}`, "roll", "P3 rolls all 4 dice"},
		{"rolled", `{"player":"p3","w":1,"card":2,"give":1}`, "draw", "draws 2"},
		{"cards_drawn", `{"player":"p3","count":2}`, "give", "gives away 1"},
		{"dice_given", `{"player":"p3","to":["p1"]}`, "play", "up to 1 W"},
		{"card_played", `{"player":"p3","card":"reverse"}`, "end", "ends the turn"},
	}
	for _, st := range steps {
		if st.typ != "" {
			s, _ = apply(t, s, st.typ, st.data)
		}
		n := s.Next()
		if s.Phase != st.phase || !strings.Contains(n.EN, st.next) || n.FA == "" {
			t.Errorf("after %s: phase %s next %q / %q", st.typ, s.Phase, n.EN, n.FA)
		}
	}
}
