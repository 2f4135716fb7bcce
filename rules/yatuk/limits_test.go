package yatuk

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// limitCase is one table at a land, asked about through the battle question
// and played out in a match: both must refuse it citing the same rules, or
// both accept it.
type limitCase struct {
	name     string
	seats    int
	land     Land
	capacity int   // the land's capacity in the match
	given    bool  // the question states it (Gomati's 6 is printed)
	columns  []int // cards per seat at the land, p1 first; it is p1's turn
	declared bool  // p1 declares battle; otherwise a forced battle
	rules    []string
}

var limitCases = []limitCase{
	{"seven cards at Gomati", 2, Gomati, 6, false, []int{7, 2}, false, []string{"YATUK-ARMY-5"}},
	{"a given capacity exceeded", 2, Vipas, 2, true, []int{3, 1}, false, []string{"YATUK-ARMY-5"}},
	{"thirteen cards where no capacity is printed", 2, Vipas, 12, false, []int{13, 2}, false, []string{"YATUK-ARMY-5"}},
	{"declared with a short column", 2, Gomati, 6, false, []int{3, 6}, true, []string{"YATUK-BATTLE-1", "YATUK-BATTLE-2"}},
	{"forced without the current player's full column", 2, Gomati, 6, false, []int{3, 6}, false, []string{"YATUK-BATTLE-4"}},
	{"forced with no other full column", 3, Gomati, 6, false, []int{6, 3, 2}, false, []string{"YATUK-BATTLE-4"}},
	{"five seats", 5, Gomati, 6, false, []int{2, 2}, false, []string{"YATUK-SETUP-10"}},
	{"forced with two full columns", 2, Gomati, 6, false, []int{6, 6}, false, nil},
	{"declared with a full column", 3, Vipas, 2, true, []int{2, 1, 0}, true, nil},
}

// limitCards is a column of n cards: the face-up two, then weapons.
func limitCards(t testing.TB, n int) []Card {
	specs := []string{"W red 4", "X red 2"}
	for len(specs) < n {
		specs = append(specs, "X red 1")
	}
	return army(t, strings.Join(specs[:n], "; "))
}

func TestLimitsAgreeBetweenQuestionAndMatch(t *testing.T) {
	for _, c := range limitCases {
		t.Run(c.name, func(t *testing.T) {
			t.Run("question", func(t *testing.T) { wantOutcome(t, askLimitCase(t, c), c.rules) })
			t.Run("match", func(t *testing.T) { wantOutcome(t, playLimitCase(t, c), c.rules) })
		})
	}
}

func wantOutcome(t *testing.T, err error, ids []string) {
	t.Helper()
	if len(ids) == 0 {
		if err != nil {
			t.Fatalf("want it accepted, got %v", err)
		}
		return
	}
	var v *rules.ViolationError
	if !errors.As(err, &v) {
		t.Fatalf("want a violation of %v, got %v", ids, err)
	}
	for _, id := range ids {
		if !slices.ContainsFunc(v.Rulings, func(r rules.Ruling) bool { return r.Rule == id && r.Message.FA != "" }) {
			t.Errorf("%s not cited (in both languages) in %v", id, err)
		}
		rulestest.Broke(id)
	}
}

func askLimitCase(t *testing.T, c limitCase) error {
	armies := map[string]any{}
	var seats []string
	for i := range c.seats {
		seats = append(seats, fmt.Sprintf("p%d", i+1))
	}
	for i, n := range c.columns {
		if n > 0 {
			armies[seats[i]] = cardsJSON(limitCards(t, n))
		}
	}
	body := map[string]any{"land": c.land, "armies": armies, "current_player": "p1", "players": seats}
	if c.given {
		body["capacity"] = c.capacity
	}
	if c.declared {
		body["declared_by"] = "p1"
	}
	raw, _ := json.Marshal(body)
	_, err := referee(t, "battle").Ask(raw)
	return err
}

// playLimitCase builds the columns in a match, then records the event the
// question is about: the card past the capacity, the declaration, or the
// forced battle's result.
func playLimitCase(t *testing.T, c limitCase) error {
	caps := map[string]int{}
	for _, l := range landOrder {
		caps[string(l)] = 6
	}
	caps[string(c.land)] = c.capacity
	opts, _ := json.Marshal(map[string]any{"capacities": caps})
	g := New()
	s0, _, err := g.Setup(rulestest.Players(c.seats), opts)
	if err != nil {
		return err
	}
	tb := &table{t: t, g: g, s: s0}
	id := func(i int) string { return fmt.Sprintf("p%d", i+1) }
	size := func(i int) int { return len(tb.column(c.land, id(i)).slots) }
	play := func(i int) map[string]any {
		data := map[string]any{"player": id(i), "land": string(c.land)}
		if n := size(i); n < 2 {
			data["card"] = cardsJSON(limitCards(t, n+1))[n]
		}
		return data
	}
	for range 1000 {
		s := tb.st()
		if s.Phase == PhaseForced {
			break
		}
		next := -1
		for i, n := range c.columns {
			if size(i) < min(n, c.capacity) {
				next = i
				break
			}
		}
		if next < 0 {
			break
		}
		if s.Current == id(next) {
			tb.do("card_played", play(next))
		} else {
			tb.burn(s.Current)
		}
	}
	for i, n := range c.columns {
		if n > c.capacity {
			tb.passTo(id(i))
			_, _, err := rulestest.ApplyPure(t, g, tb.s, rulestest.Ev(t, "card_played", play(i)))
			return err
		}
	}
	if c.declared {
		tb.passTo("p1")
		_, _, err := rulestest.ApplyPure(t, g, tb.s, rulestest.Ev(t, "battle_declared", map[string]any{"player": "p1", "land": string(c.land)}))
		return err
	}
	if tb.st().Phase != PhaseForced {
		tb.passTo("p1")
	}
	armies := map[string]any{}
	for i, n := range c.columns {
		if n > 0 {
			armies[id(i)] = cardsJSON(limitCards(t, n))
		}
	}
	_, _, err = rulestest.ApplyPure(t, g, tb.s, rulestest.Ev(t, "battle_resolved", map[string]any{"land": string(c.land), "armies": armies}))
	return err
}

// Where the rulebook prints no capacity and the question gives none, the
// answer says the columns were not checked against it.
func TestBattleQuestionSaysWhenNoCapacityIsPrinted(t *testing.T) {
	raw, _ := json.Marshal(map[string]any{"land": "vipas", "current_player": "p1", "players": []string{"p1", "p2"},
		"armies": map[string]any{"p1": cardsJSON(limitCards(t, 2)), "p2": cardsJSON(limitCards(t, 3))}})
	ans, err := referee(t, "battle").Ask(raw)
	if err != nil {
		t.Fatal(err)
	}
	cp := ans.(BattleAnswer).Capacity
	if cp.Value != nil || cp.Rule != "YATUK-AMB-1" || !strings.Contains(cp.Explanation.EN, "does not print Vipas's capacity") || cp.Explanation.FA == "" {
		t.Fatalf("capacity %+v", cp)
	}
	for _, bad := range []int{0, maxCapacity + 1} {
		raw, _ := json.Marshal(map[string]any{"land": "vipas", "capacity": bad, "current_player": "p1",
			"armies": map[string]any{"p1": cardsJSON(limitCards(t, 2))}})
		_, err := referee(t, "battle").Ask(raw)
		var in *rules.InputError
		if !errors.As(err, &in) || in.Fields[0].Field != "capacity" {
			t.Fatalf("capacity %d: want an input error on capacity, got %v", bad, err)
		}
	}
}

// The army question refuses an army no land could hold.
func TestArmyQuestionRefusesAnArmyNoLandHolds(t *testing.T) {
	raw, _ := json.Marshal(map[string]any{"cards": cardsJSON(limitCards(t, maxCapacity+1))})
	_, err := referee(t, "army").Ask(raw)
	wantOutcome(t, err, []string{"YATUK-ARMY-5"})
	raw, _ = json.Marshal(map[string]any{"cards": cardsJSON(limitCards(t, maxCapacity))})
	if _, err := referee(t, "army").Ask(raw); err != nil {
		t.Fatal(err)
	}
}
