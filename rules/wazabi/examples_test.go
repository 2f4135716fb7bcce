package wazabi

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// W1 — the seed's own example (Sohrab, 5 dice): 2 card symbols, 1 give,
// 2 W.
func TestW1SeedExample(t *testing.T) {
	g := New()
	s := setup(t, named("S", "T", "U"), map[string]any{"first_player": "S"})
	s = fixture(t, s, map[string]int{"S": 5, "T": 3, "U": 4}, nil)

	// WAZABI-TURN-2: a roll of 4 symbols does not match S's 5 dice.
	rulestest.WantViolation(t, g, s, "rolled", `{"player":"S","w":2,"card":1,"give":1}`, "WAZABI-TURN-2")

	s, _ = apply(t, s, "rolled", `{"player":"S","w":2,"card":2,"give":1}`)
	s, _ = apply(t, s, "cards_drawn", `{"player":"S","count":2}`)
	wantCards(t, s, map[string]int{"S": 5})
	// 3 players: any opponent may receive the die (no neighbour rule).
	s, _ = apply(t, s, "dice_given", `{"player":"S","to":["U"]}`)
	wantDice(t, s, map[string]int{"S": 4, "T": 3, "U": 5})

	// WAZABI-PLAY-2: a value-3 card is refused with 2 W.
	rulestest.WantViolation(t, g, s, "card_played", `{"player":"S","card":"exchange_dice","target":"T"}`, "WAZABI-PLAY-2")
	s, _ = apply(t, s, "card_played", `{"player":"S","card":"pass_cards","direction":"left"}`)
	// WAZABI-PLAY-1: a second card is refused.
	rulestest.WantViolation(t, g, s, "card_played", `{"player":"S","card":"miss_a_turn","target":"T"}`, "WAZABI-PLAY-1")
	// pass_cards left: S's 4 cards (5 - the played one) go to T, T's 3 to U, U's 3 to S.
	wantCards(t, s, map[string]int{"S": 3, "T": 4, "U": 3})
	if s.PlayedPile != 1 {
		t.Errorf("played pile %d, want 1", s.PlayedPile)
	}
}

// W2 — the Lose-a-die restriction (WAZABI-LOSE1-2) and an immediate win
// (WAZABI-WIN-1, WAZABI-WIN-3).
func TestW2LoseADie(t *testing.T) {
	g := New()
	t.Run("a: 2 give symbols", func(t *testing.T) {
		s := setup(t, named("A", "B", "C"), map[string]any{"first_player": "A"})
		s = fixture(t, s, map[string]int{"A": 3}, nil)
		s, _ = apply(t, s, "rolled", `{"player":"A","w":1,"card":0,"give":2}`)
		s, _ = apply(t, s, "dice_given", `{"player":"A","to":["B","C"]}`)
		wantDice(t, s, map[string]int{"A": 1})
		rulestest.WantViolation(t, g, s, "card_played", `{"player":"A","card":"lose_a_die"}`, "WAZABI-LOSE1-2")
		s, _ = apply(t, s, "turn_ended", `{"player":"A"}`)
		wantDice(t, s, map[string]int{"A": 1})
		if s.Over {
			t.Fatal("A still has a die; the match goes on")
		}
	})
	t.Run("b: 1 give symbol, A wins", func(t *testing.T) {
		s := setup(t, named("A", "B", "C"), map[string]any{"first_player": "A"})
		s = fixture(t, s, map[string]int{"A": 2}, nil)
		s, _ = apply(t, s, "rolled", `{"player":"A","w":1,"card":0,"give":1}`)
		s, _ = apply(t, s, "dice_given", `{"player":"A","to":["B"]}`)
		s, notes := apply(t, s, "card_played", `{"player":"A","card":"lose_a_die"}`)
		wantDice(t, s, map[string]int{"A": 0})
		if !s.Over || s.Result().Winners[0] != "A" {
			t.Fatalf("A should win at once, got over=%v result=%+v", s.Over, s.Result())
		}
		if !hasRule(notes, "WAZABI-WIN-1") {
			t.Errorf("notes %v lack WAZABI-WIN-1", notes)
		}
		if _, _, err := g.Apply(s, rules.Event{Type: "turn_ended", Data: []byte(`{"player":"A"}`)}); err == nil {
			t.Error("an event after the win must be refused")
		}
	})
}

// W3 — neighbour rule with 5 players (WAZABI-NEIGHBOUR-1).
func TestW3Neighbours(t *testing.T) {
	g := New()
	s := setup(t, named("A", "B", "C", "D", "E"), map[string]any{"first_player": "A"})
	if !s.Options.NeighboursOnly {
		t.Fatal("the neighbour rule is on by default with 5 players")
	}
	s = fixture(t, s, map[string]int{"A": 2}, nil)
	s, _ = apply(t, s, "rolled", `{"player":"A","w":0,"card":0,"give":2}`)
	rulestest.WantViolation(t, g, s, "dice_given", `{"player":"A","to":["B","C"]}`, "WAZABI-NEIGHBOUR-1")
	for _, ok := range []string{`["B","B"]`, `["E","E"]`} {
		apply(t, s, "dice_given", `{"player":"A","to":`+ok+`}`)
	}
	won, _ := apply(t, s, "dice_given", `{"player":"A","to":["B","E"]}`)
	wantDice(t, won, map[string]int{"A": 0, "B": 5, "C": 4, "D": 4, "E": 5})
	if res := won.Result(); res == nil || !reflect.DeepEqual(res.Winners, []string{"A"}) {
		t.Fatalf("A wins, got %+v", res)
	}

	// With 3 players any opponent may receive.
	s3 := setup(t, named("A", "B", "C"), map[string]any{"first_player": "A"})
	s3 = fixture(t, s3, map[string]int{"A": 2}, nil)
	s3, _ = apply(t, s3, "rolled", `{"player":"A","w":0,"card":0,"give":2}`)
	apply(t, s3, "dice_given", `{"player":"A","to":["C","C"]}`)
}

// W4 — Pass dice to the left, then Hand limit 2 (4 players).
func TestW4PassDiceThenKeep2(t *testing.T) {
	s := setup(t, named("A", "B", "C", "D"), map[string]any{"first_player": "A"})
	s = fixture(t, s, map[string]int{"A": 3, "B": 5, "C": 1, "D": 4}, map[string]int{"A": 4, "B": 5, "C": 2, "D": 1})
	s, _ = apply(t, s, "rolled", `{"player":"A","w":3,"card":0,"give":0}`)
	s, _ = apply(t, s, "card_played", `{"player":"A","card":"pass_dice","direction":"left"}`)
	wantDice(t, s, map[string]int{"A": 4, "B": 3, "C": 5, "D": 1})
	wantCards(t, s, map[string]int{"A": 3})
	if s.diceInPlay() != 13 {
		t.Errorf("dice in play %d, want 13", s.diceInPlay())
	}

	// A later turn: hands A 3, B 5, C 2, D 1.
	later := setup(t, named("A", "B", "C", "D"), map[string]any{"first_player": "A"})
	later = fixture(t, later, nil, map[string]int{"A": 3, "B": 5, "C": 2, "D": 1})
	later, _ = apply(t, later, "rolled", `{"player":"A","w":4,"card":0,"give":0}`)
	before := later.PlayedPile
	later, _ = apply(t, later, "card_played", `{"player":"A","card":"hand_limit_2"}`)
	wantCards(t, later, map[string]int{"A": 2, "B": 2, "C": 2, "D": 1})
	if later.PlayedPile != before+4 {
		t.Errorf("played pile %d, want %d (the card and 3 discards)", later.PlayedPile, before+4)
	}
}

// winHand makes the current player win the hand with the given dice left
// for everyone else: they hold 1 die, roll 1 W and play Lose a die.
func winHand(t *testing.T, s *State, winner string, others map[string]int) *State {
	t.Helper()
	dice := map[string]int{winner: 1}
	for id, n := range others {
		dice[id] = n
	}
	s = fixture(t, s, dice, nil)
	if s.Current != winner {
		t.Fatalf("it is %s's turn, not %s's", s.Current, winner)
	}
	s, _ = apply(t, s, "rolled", fmt.Sprintf(`{"player":%q,"w":1,"card":0,"give":0}`, winner))
	s, _ = apply(t, s, "card_played", fmt.Sprintf(`{"player":%q,"card":"lose_a_die"}`, winner))
	return s
}

// W5 — a 3-hand individual tournament (WAZABI-TOURN-2, WAZABI-TOURN-3).
func TestW5Tournament(t *testing.T) {
	s := setup(t, named("A", "B", "C"), map[string]any{"hands": 3, "first_player": "A"})
	s = winHand(t, s, "A", map[string]int{"B": 3, "C": 5})
	if s.Hand != 2 || s.Over {
		t.Fatalf("hand 2 should be dealt, got hand %d over %v", s.Hand, s.Over)
	}
	checkInvariants(t, s, "hand 2 dealt")
	wantDice(t, s, map[string]int{"A": 4, "B": 4, "C": 4})
	wantCards(t, s, map[string]int{"A": 3, "B": 3, "C": 3})
	s, _ = apply(t, s, "opening_roll", `{"w":{"A":1,"B":0,"C":3}}`)
	s = winHand(t, s, "C", map[string]int{"A": 2, "B": 4})
	s, _ = apply(t, s, "opening_roll", `{"w":{"A":2,"B":0,"C":1}}`)
	s = winHand(t, s, "A", map[string]int{"B": 1, "C": 2})
	if !s.Over {
		t.Fatal("the tournament ends after 3 hands")
	}
	if got, want := s.Scores().Totals, map[string]int{"A": 11, "B": 0, "C": 6}; !reflect.DeepEqual(got, want) {
		t.Errorf("totals %v, want %v", got, want)
	}
	wantPlacements(t, s.Result(), map[string]int{"A": 1, "C": 2, "B": 3})
	rows := s.Scores().Rounds.([]HandRow)
	if len(rows) != 3 || rows[0].Points != 8 || rows[1].Points != 6 || rows[2].Points != 3 {
		t.Errorf("hand rows %+v", rows)
	}
}

// W6 — a 2-hand team tournament (WAZABI-TEAM-2, WAZABI-TOURN-2).
func TestW6TeamTournament(t *testing.T) {
	s := setup(t, named("A", "B", "C", "D"), map[string]any{
		"hands": 2, "teams": [][]string{{"A", "C"}, {"B", "D"}}})
	s, _ = apply(t, s, "opening_roll", `{"w":{"A":0,"B":1,"C":4,"D":2}}`)
	s = winHand(t, s, "C", map[string]int{"A": 1, "B": 2, "D": 3})
	s, _ = apply(t, s, "opening_roll", `{"w":{"A":0,"B":1,"C":0,"D":2}}`)
	s = winHand(t, s, "D", map[string]int{"A": 4, "B": 3, "C": 2})
	if got, want := s.Scores().Totals, map[string]int{"A": 5, "C": 5, "B": 6, "D": 6}; !reflect.DeepEqual(got, want) {
		t.Errorf("totals %v, want %v", got, want)
	}
	res := s.Result()
	wantPlacements(t, res, map[string]int{"B": 1, "D": 1, "A": 3, "C": 3})
	if !reflect.DeepEqual(res.Teams, [][]string{{"B", "D"}, {"A", "C"}}) {
		t.Errorf("teams %v", res.Teams)
	}
	rows := s.Scores().Rounds.([]HandRow)
	if !reflect.DeepEqual(rows[0].WinningTeam, []string{"A", "C"}) || rows[0].Points != 5 || rows[1].Points != 6 {
		t.Errorf("rows %+v", rows)
	}
}

func wantPlacements(t *testing.T, res *rules.Result, want map[string]int) {
	t.Helper()
	if res == nil {
		t.Fatal("no result")
	}
	got := map[string]int{}
	for _, p := range res.Placements {
		got[p.PlayerID] = p.Place
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("placements %v, want %v", got, want)
	}
}

func hasRule(rs []rules.Ruling, id string) bool {
	for _, r := range rs {
		if r.Rule == id {
			return true
		}
	}
	return false
}

// The seed's card-anatomy example: a card whose minimum badge shows 1 W may
// be played when the dice show at least 1 W (WAZABI-COMP-4, WAZABI-PLAY-2).
func TestSeedMinimumBadgeExample(t *testing.T) {
	s := setup(t, named("A", "B"), map[string]any{"first_player": "A"})
	none, _ := apply(t, s, "rolled", `{"player":"A","w":0,"card":0,"give":4}`)
	none, _ = apply(t, none, "dice_given", `{"player":"A","to":["B","B","B","B"]}`)
	if !none.Over {
		t.Fatal("A gave away every die and wins")
	}
	one, _ := apply(t, s, "rolled", `{"player":"A","w":1,"card":0,"give":3}`)
	one, _ = apply(t, one, "dice_given", `{"player":"A","to":["B","B","B"]}`)
	apply(t, one, "card_played", `{"player":"A","card":"draw_3"}`)
	zero, _ := apply(t, s, "rolled", `{"player":"A","w":0,"card":1,"give":3}`)
	zero, _ = apply(t, zero, "cards_drawn", `{"player":"A","count":1}`)
	zero, _ = apply(t, zero, "dice_given", `{"player":"A","to":["B","B","B"]}`)
	rulestest.WantViolation(t, New(), zero, "card_played", `{"player":"A","card":"draw_3"}`, "WAZABI-PLAY-2")
}
