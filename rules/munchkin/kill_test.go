package munchkin

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// refusesCiting applies an event that must be refused citing every one of
// ids, each with a message in both languages, and leave s as it was.
func refusesCiting(t *testing.T, s *State, typ, data string, ids ...string) {
	t.Helper()
	before, _ := json.Marshal(s)
	_, _, err := rulestest.ApplyPure(t, New(), s, rulestest.Ev(t, typ, json.RawMessage(data)))
	var v *rules.ViolationError
	if !errors.As(err, &v) {
		t.Fatalf("%s %s: want a violation of %v, got %v", typ, data, ids, err)
	}
	cited := map[string]bool{}
	for _, r := range v.Rulings {
		cited[r.Rule] = true
		if r.Message.EN == "" || r.Message.FA == "" {
			t.Errorf("%s: a message lacks a language: %+v", r.Rule, r.Message)
		}
	}
	for _, id := range ids {
		if !cited[id] {
			t.Errorf("%s %s: %s not cited in %v", typ, data, id, err)
		}
		rulestest.Broke(id)
	}
	if after, _ := json.Marshal(s); string(after) != string(before) {
		t.Fatal("a refused event changed the state")
	}
}

// Levels for a kill come only from a won combat, in the amounts it earned,
// and the winning level only by such a kill (LEVEL-6, REWARD-2, WIN-2,
// HELP-12). The combat event moves the pawns itself, so every level_changed
// that claims a kill or an Elf helper's gain beyond that is refused.
func TestKillLevelsOnlyFromAWonCombat(t *testing.T) {
	fresh := table(t, "", "Ali", "Bahar", "Cyrus")
	t.Run("three kills to 10 in the first turn", func(t *testing.T) {
		s := fresh
		for range 3 {
			refusesCiting(t, s, evLevelChanged, `{"player":"p1","delta":3,"reason":"kill"}`, "MUNCHKIN-LEVEL-6", "MUNCHKIN-REWARD-2")
		}
		wantLevel(t, s, "Ali", 1)
	})
	t.Run("one kill of +9", func(t *testing.T) {
		refusesCiting(t, fresh, evLevelChanged, `{"player":"p1","delta":9,"reason":"kill"}`, "MUNCHKIN-LEVEL-6", "MUNCHKIN-REWARD-2", "MUNCHKIN-WIN-2")
	})
	t.Run("a bare kill then an Elf helper's gain", func(t *testing.T) {
		s, _ := do(t, fresh, evCharacterUpdated, `{"player":"p2","races":["elf"]}`)
		refusesCiting(t, s, evLevelChanged, `{"player":"p1","delta":2,"reason":"kill"}`, "MUNCHKIN-LEVEL-6", "MUNCHKIN-REWARD-2")
		refusesCiting(t, s, evLevelChanged, `{"player":"p2","delta":2,"reason":"help"}`, "MUNCHKIN-LEVEL-6", "MUNCHKIN-HELP-12")
		s = s.with(func(s *State) { s.pl("Bahar").Level = 9 })
		refusesCiting(t, s, evLevelChanged, `{"player":"p2","delta":1,"reason":"help"}`, "MUNCHKIN-LEVEL-6", "MUNCHKIN-HELP-12", "MUNCHKIN-WIN-2")
	})
	t.Run("a kill of +9 in the turn after a combat", func(t *testing.T) {
		s, _ := do(t, fresh, evCombat, `{"player":"p1","bonus":10,"monsters":[`+troll+`]}`)
		s, _ = do(t, s, evTurnEnded, `{"player":"p1","hand_size":3}`)
		refusesCiting(t, s, evLevelChanged, `{"player":"p2","delta":9,"reason":"kill"}`, "MUNCHKIN-LEVEL-6", "MUNCHKIN-REWARD-2", "MUNCHKIN-WIN-2")
	})
	t.Run("the won combat's levels claimed again", func(t *testing.T) {
		s, _ := do(t, fresh, evCharacterUpdated, `{"player":"p2","races":["elf"]}`)
		s, _ = do(t, s, evCombat, `{"player":"p1","helper":"p2","bonus":10,"helper_bonus":0,"monsters":[`+troll+`]}`)
		refusesCiting(t, s, evLevelChanged, `{"player":"p1","delta":1,"reason":"kill"}`, "MUNCHKIN-REWARD-2")
		refusesCiting(t, s, evLevelChanged, `{"player":"p2","delta":1,"reason":"help"}`, "MUNCHKIN-HELP-12")
		refusesCiting(t, s.with(func(s *State) { s.pl("Ali").Level = 9 }), evLevelChanged, `{"player":"p1","delta":1,"reason":"kill"}`, "MUNCHKIN-REWARD-2", "MUNCHKIN-WIN-2")
	})
}

// A won combat earns what it always earned: the fighter the monsters'
// levels, an Elf helper one per monster, the winning level by the kill.
func TestWonCombatStillEarnsItsLevels(t *testing.T) {
	s := table(t, "", "Ali", "Bahar", "Cyrus")
	s, _ = do(t, s, evCharacterUpdated, `{"player":"p2","races":["elf"]}`)
	s, _ = do(t, s, evCombat, `{"player":"p1","helper":"p2","bonus":20,"helper_bonus":0,"monsters":[{"name":"Big","level":10,"treasures":2,"levels":2},{"name":"Orc","level":3,"treasures":1}]}`)
	wantLevel(t, s, "Ali", 4)
	wantLevel(t, s, "Bahar", 3)
	won, notes := do(t, s.with(func(s *State) { s.pl("Ali").Level = 8 }).with(func(s *State) { s.Turn.Fought = false; s.Combat = nil }),
		evCombat, `{"player":"p1","bonus":20,"monsters":[{"name":"Big","level":10,"treasures":2,"levels":2}]}`)
	wantLevel(t, won, "Ali", 10)
	note(t, notes, "MUNCHKIN-WIN-1")
}

// A sentence that starts with a player's name keeps the name as entered:
// a Persian name's first letter is not cut in half, an English one is not
// capitalised.
func TestSentenceStartKeepsNames(t *testing.T) {
	for name, want := range map[string]string{"رضا": "رضا", "sara": "sara", "Kian": "Kian"} {
		if got := playerWho(name).start(); got != want {
			t.Errorf("start of %q: %q", name, got)
		}
	}
	if got := fighterWho.start(); got != "The fighter" {
		t.Errorf("start of the fighter: %q", got)
	}
}
