package munchkin

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/motamed/motamed/rules/rulestest"
)

// The spec's worked examples (§10), Example 1 being the seed's own fight.

const troll = `{"name":"Stupid Troll","level":10,"treasures":3}`
const savageTroll = `{"name":"Stupid Troll","level":10,"treasures":3,"modifiers":[{"name":"Savage","strength":5,"treasures":1}]}`

// Example 1, step by step through the combat referee (COMBAT-2, COMBAT-4,
// COMBAT-5, COMBAT-6, ENH-1 to ENH-3, HELP-12).
func TestExample1SeedRezaVersusTrollSteps(t *testing.T) {
	steps := []struct {
		name        string
		body        string
		player, mon int
		outcome     string
		rule        string
	}{
		{"step 0: 4+3 against 10 (COMBAT-5)", `{"player_level":4,"bonus":3,"player_is_warrior":true,"monsters":[` + troll + `]}`, 7, 10, "lost", "MUNCHKIN-COMBAT-5"},
		{"step 1: Magic Missile +5", `{"player_level":4,"bonus":3,"player_is_warrior":true,"one_shot_bonus":5,"monsters":[` + troll + `]}`, 12, 10, "won", "MUNCHKIN-COMBAT-5"},
		{"step 2: Savage +5 on the Troll (ENH-1)", `{"player_level":4,"bonus":3,"player_is_warrior":true,"one_shot_bonus":5,"monsters":[` + savageTroll + `]}`, 12, 15, "lost", "MUNCHKIN-COMBAT-5"},
		{"step 3: Morteza offers to help", `{"player_level":4,"bonus":3,"player_is_warrior":true,"one_shot_bonus":5,"helper_level":2,"helper_bonus":2,"helper_is_elf":true,"monsters":[` + savageTroll + `]}`, 16, 15, "won", "MUNCHKIN-COMBAT-5"},
		{"step 4: Berserking +3, tie won by the Warrior (COMBAT-6)", `{"player_level":4,"bonus":6,"player_is_warrior":true,"one_shot_bonus":5,"monsters":[` + savageTroll + `]}`, 15, 15, "won", "MUNCHKIN-COMBAT-6"},
		{"check: a non-Warrior loses the tie", `{"player_level":4,"bonus":6,"one_shot_bonus":5,"monsters":[` + savageTroll + `]}`, 15, 15, "lost", "MUNCHKIN-COMBAT-5"},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			var out CombatOutcome
			if err := ask(t, "combat", st.body, &out); err != nil {
				t.Fatal(err)
			}
			if out.PlayerSide != st.player || out.MonsterSide != st.mon || out.Outcome != st.outcome || out.Rule != st.rule {
				t.Fatalf("got %d vs %d %s (%s), want %d vs %d %s (%s)", out.PlayerSide, out.MonsterSide, out.Outcome, out.Rule, st.player, st.mon, st.outcome, st.rule)
			}
		})
	}
	// Step 3: an Elf helper would go up a level, which is why Reza refuses (HELP-12).
	var out CombatOutcome
	if err := ask(t, "combat", steps[3].body, &out); err != nil {
		t.Fatal(err)
	}
	if out.Helper == nil || out.Helper.LevelsGained != 1 || out.Helper.LevelAfter != 3 {
		t.Fatalf("Morteza (Elf helper) should gain 1 level: %+v", out.Helper)
	}
}

// Example 1 as match events: Reza 4 -> 5 (kill), 4 Treasures face down,
// Morteza unchanged; the non-Warrior check leaves a run-away roll due.
func TestExample1SeedFightAsEvents(t *testing.T) {
	s := table(t, "", "Reza", "Morteza", "Sara").with(func(s *State) {
		s.pl("Reza").Level = 4
		s.pl("Morteza").Level = 2
	})
	s, _ = do(t, s, evCharacterUpdated, `{"player":"p1","gender":"male","classes":["warrior"]}`)
	s, _ = do(t, s, evCharacterUpdated, `{"player":"p2","races":["elf"]}`)
	won, notes := do(t, s, evCombat, `{"player":"p1","bonus":6,"one_shot_bonus":5,"monsters":[`+savageTroll+`]}`)
	wantLevel(t, won, "Reza", 5)
	wantLevel(t, won, "Morteza", 2)
	note(t, notes, "MUNCHKIN-COMBAT-6")
	c := won.Combat
	if c.Treasures.Count != 4 || c.Treasures.FaceUp || c.Open || c.Outcome != outcomeWon {
		t.Fatalf("combat record: %+v", c.CombatOutcome)
	}
	if ch := won.Current.Changes; len(ch) != 1 || ch[0] != (LevelChange{Player: "p1", Reason: reasonKill, Delta: 1, From: 4, To: 5}) {
		t.Fatalf("level changes: %+v", ch)
	}
	// Check: without the Warrior card the same numbers lose (COMBAT-5).
	lost, _ := do(t, s, evCombat, `{"player":"p1","bonus":6,"one_shot_bonus":5,"player_is_warrior":false,"monsters":[`+savageTroll+`]}`)
	wantLevel(t, lost, "Reza", 4)
	if !lost.Combat.Open || len(lost.Combat.RunAway) != 1 || lost.Combat.Treasures.Count != 0 {
		t.Fatalf("a lost fight leaves one roll due and no Treasure: %+v", lost.Combat)
	}
}

// Example 2: Warrior ties.
func TestExample2WarriorTies(t *testing.T) {
	base := table(t, "", "Ali", "Bahar", "Cyrus")
	monster := `{"name":"Ten","level":10,"treasures":2}`
	t.Run("2a Wizard ties and loses (COMBAT-5)", func(t *testing.T) {
		s := base.with(func(s *State) { s.pl("Ali").Level = 6 })
		s, _ = do(t, s, evCharacterUpdated, `{"player":"p1","classes":["wizard"]}`)
		s, _ = do(t, s, evCombat, `{"player":"p1","bonus":4,"monsters":[`+monster+`]}`)
		wantLevel(t, s, "Ali", 6)
		if s.Combat.Outcome != outcomeLost || !s.Combat.Open {
			t.Fatalf("want a loss with a roll due: %+v", s.Combat)
		}
	})
	t.Run("2b Warrior ties and wins (COMBAT-6)", func(t *testing.T) {
		s := base.with(func(s *State) { s.pl("Ali").Level = 6 })
		s, _ = do(t, s, evCharacterUpdated, `{"player":"p1","classes":["warrior"]}`)
		s, _ = do(t, s, evCombat, `{"player":"p1","bonus":4,"monsters":[`+monster+`]}`)
		wantLevel(t, s, "Ali", 7)
		if s.Combat.Treasures != (TreasureResult{Count: 2, FaceUp: false, Rule: "MUNCHKIN-REWARD-4"}) {
			t.Fatalf("treasures: %+v", s.Combat.Treasures)
		}
	})
	t.Run("2c a helping Warrior wins the tie (HELP-6); Bahar gains nothing (HELP-12)", func(t *testing.T) {
		s := base.with(func(s *State) { s.pl("Ali").Level = 5; s.pl("Bahar").Level = 3 })
		s, _ = do(t, s, evCharacterUpdated, `{"player":"p1","classes":["wizard"]}`)
		s, _ = do(t, s, evCharacterUpdated, `{"player":"p2","classes":["warrior"]}`)
		s, _ = do(t, s, evCombat, `{"player":"p1","helper":"p2","bonus":2,"helper_bonus":0,"monsters":[`+monster+`]}`)
		wantLevel(t, s, "Ali", 6)
		wantLevel(t, s, "Bahar", 3)
		if s.Combat.Rule != "MUNCHKIN-COMBAT-6" || !s.Combat.Treasures.FaceUp || s.Combat.Treasures.Count != 2 {
			t.Fatalf("combat: %+v", s.Combat.CombatOutcome)
		}
		rejects(t, s, evLevelChanged, `{"player":"p2","delta":1,"reason":"help"}`, "MUNCHKIN-HELP-12")
	})
	t.Run("2d a Curse takes the Warrior card before resolution: loss", func(t *testing.T) {
		s := base.with(func(s *State) { s.pl("Ali").Level = 6 })
		s, _ = do(t, s, evCharacterUpdated, `{"player":"p1","classes":["warrior"]}`)
		s, _ = do(t, s, evCharacterUpdated, `{"player":"p1","classes":[]}`)
		s, _ = do(t, s, evCombat, `{"player":"p1","bonus":4,"monsters":[`+monster+`]}`)
		wantLevel(t, s, "Ali", 6)
		if s.Combat.Outcome != outcomeLost {
			t.Fatal("without the Warrior card 10 = 10 loses")
		}
	})
}

// Example 3: an Elf helper gains a level per monster (HELP-12, REWARD-2).
func TestExample3ElfHelper(t *testing.T) {
	monsters := func(aLevels int) string {
		return fmt.Sprintf(`[{"name":"Monster A","level":8,"treasures":2,"levels":%d},{"name":"Monster B","level":6,"treasures":1}]`, aLevels)
	}
	start := func(opts string, navid int) *State {
		s := table(t, opts, "Sara", "Navid", "Omid").with(func(s *State) { s.pl("Sara").Level = 5; s.pl("Navid").Level = navid })
		s, _ = do(t, s, evCharacterUpdated, `{"player":"p1","classes":["cleric"]}`)
		s, _ = do(t, s, evCharacterUpdated, `{"player":"p2","races":["elf"]}`)
		return s
	}
	t.Run("3 Sara 5 -> 7, Navid 7 -> 9, 3 Treasures face up", func(t *testing.T) {
		s, _ := do(t, start("", 7), evCombat, `{"player":"p1","helper":"p2","bonus":5,"helper_bonus":3,"monsters":`+monsters(1)+`}`)
		wantLevel(t, s, "Sara", 7)
		wantLevel(t, s, "Navid", 9)
		if s.Combat.PlayerSide != 20 || s.Combat.MonsterSide != 14 || s.Combat.Rule != "MUNCHKIN-MULTI-2" {
			t.Fatalf("sides: %+v", s.Combat.CombatOutcome)
		}
		if s.Combat.Treasures.Count != 3 || !s.Combat.Treasures.FaceUp {
			t.Fatalf("treasures: %+v", s.Combat.Treasures)
		}
		if ch := s.Current.Changes; len(ch) != 2 || ch[1].Reason != reasonHelp || ch[1].Delta != 2 {
			t.Fatalf("changes: %+v", ch)
		}
	})
	t.Run("3b default: Navid at 9 stays at 9 (WIN-2, AMB-9)", func(t *testing.T) {
		s, notes := do(t, start("", 9), evCombat, `{"player":"p1","helper":"p2","bonus":5,"helper_bonus":3,"monsters":`+monsters(1)+`}`)
		wantLevel(t, s, "Navid", 9)
		wantLevel(t, s, "Sara", 7)
		note(t, notes, "MUNCHKIN-WIN-2")
		if s.Finished {
			t.Fatal("nobody wins")
		}
	})
	t.Run("3b elf_helper_can_win: Navid reaches 10 and wins, Sara does not", func(t *testing.T) {
		s, notes := do(t, start(`{"elf_helper_can_win":true}`, 9), evCombat, `{"player":"p1","helper":"p2","bonus":5,"helper_bonus":3,"monsters":`+monsters(1)+`}`)
		wantLevel(t, s, "Navid", 10)
		note(t, notes, "MUNCHKIN-WIN-1")
		if !reflect.DeepEqual(s.Winners, []string{"p2"}) || s.Result().Winners[0] != "p2" {
			t.Fatalf("winners: %v", s.Winners)
		}
	})
	t.Run("3c Monster A gives 2 levels: Sara 5 -> 8, Navid still +2", func(t *testing.T) {
		s, _ := do(t, start("", 7), evCombat, `{"player":"p1","helper":"p2","bonus":5,"helper_bonus":3,"monsters":`+monsters(2)+`}`)
		wantLevel(t, s, "Sara", 8)
		wantLevel(t, s, "Navid", 9)
	})
}

// Example 4: selling 2300 gold (SELL-2, SELL-3, WIN-4, AMB-11).
func TestExample4Selling(t *testing.T) {
	items := `[400,500,600,800]`
	cases := []struct {
		level            int
		overflow, gold   string
		wantTo, wantLost int
		rule             string
		better           []int
	}{
		{7, "cap", items, 9, 300, "MUNCHKIN-SELL-3", nil},
		{8, "cap", items, 9, 1300, "MUNCHKIN-WIN-4", []int{400, 600}},
		{8, "reject", items, 0, 0, "MUNCHKIN-WIN-4", nil},
		{9, "cap", items, 0, 0, "MUNCHKIN-WIN-4", nil},
		{9, "reject", items, 0, 0, "MUNCHKIN-WIN-4", nil},
		{8, "cap", `[500,600]`, 9, 100, "MUNCHKIN-SELL-3", nil},
		{8, "cap", `[400,500]`, 0, 0, "MUNCHKIN-SELL-2", nil},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("level %d %s %s (%s)", c.level, c.overflow, c.gold, c.rule), func(t *testing.T) {
			s := table(t, `{"sell_overflow":"`+c.overflow+`"}`, "Dana", "Ehsan", "Fati").with(func(s *State) { s.pl("Dana").Level = c.level })
			ev := `{"player":"p1","gold":` + c.gold + `}`
			var ans SaleResult
			err := ask(t, "sell", fmt.Sprintf(`{"level":%d,"gold":%s,"sell_overflow":%q}`, c.level, c.gold, c.overflow), &ans)
			if c.wantTo == 0 {
				rejects(t, s, evItemsSold, ev, c.rule)
				violates(t, err, c.rule)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			next, notes := do(t, s, evItemsSold, ev)
			wantLevel(t, next, "Dana", c.wantTo)
			note(t, notes, c.rule)
			if ans.LevelAfter != c.wantTo || ans.GoldLost != c.wantLost || ans.Rule != c.rule || !reflect.DeepEqual(ans.Better, c.better) {
				t.Fatalf("sale: %+v", ans)
			}
			if r := next.Current.Sales; len(r) != 1 || r[0].GoldLost != c.wantLost {
				t.Fatalf("sales row: %+v", r)
			}
		})
	}
	t.Run("selling in combat or running away is refused (SELL-1)", func(t *testing.T) {
		s := table(t, "", "Dana", "Ehsan", "Fati").with(func(s *State) { s.pl("Dana").Level = 8 })
		s, _ = do(t, s, evCombat, `{"player":"p1","bonus":0,"monsters":[`+troll+`]}`)
		rejects(t, s, evItemsSold, `{"player":"p1","gold":[500,600]}`, "MUNCHKIN-SELL-1")
		violates(t, ask(t, "sell", `{"level":8,"gold":[500,600],"in_combat":true}`, &SaleResult{}), "MUNCHKIN-SELL-1")
	})
}

// Example 5: Go Up a Level near the win (WIN-3, TREASURE-6, TREASURE-7).
func TestExample5GoUpALevel(t *testing.T) {
	base := table(t, "", "Dana", "Ehsan", "Fati")
	at := func(l int) *State { return base.with(func(s *State) { s.pl("Dana").Level = l }) }
	rejects(t, at(9), evLevelChanged, `{"player":"p1","delta":1,"reason":"card"}`, "MUNCHKIN-WIN-3")                                               // 5a
	rejects(t, at(9).with(func(s *State) { s.Turn.Player = "p2" }), evLevelChanged, `{"player":"p1","delta":1,"reason":"card"}`, "MUNCHKIN-WIN-3") // 5b
	s, _ := do(t, at(8), evLevelChanged, `{"player":"p1","delta":1,"reason":"card"}`)                                                              // 5c
	wantLevel(t, s, "Dana", 9)
	inFight, _ := do(t, at(8), evCombat, `{"player":"p1","bonus":0,"monsters":[`+troll+`]}`) // 5d
	rejects(t, inFight, evLevelChanged, `{"player":"p1","delta":1,"reason":"card"}`, "MUNCHKIN-TREASURE-7")
	rejects(t, inFight, evLevelChanged, `{"player":"p1","delta":1,"reason":"card"}`, "MUNCHKIN-TIMING-4")
	won, notes := do(t, at(9), evCombat, `{"player":"p1","bonus":2,"monsters":[`+troll+`]}`) // 5f
	wantLevel(t, won, "Dana", 10)
	note(t, notes, "MUNCHKIN-WIN-1")
	if !won.Finished || won.Result().Winners[0] != "p1" {
		t.Fatal("a kill from 9 wins")
	}
}

// Example 6: losing to two monsters with a helper, then running away
// (MULTI-2, RUN-2, RUN-4, RUN-5, RUN-6, BADSTUFF-1, LEVEL-2).
func TestExample6RunningAway(t *testing.T) {
	s := table(t, "", "Farhad", "Gita", "Hamid").with(func(s *State) { s.pl("Farhad").Level = 4; s.pl("Gita").Level = 2 })
	s, notes := do(t, s, evCombat, `{"player":"p1","helper":"p2","bonus":2,"helper_bonus":2,"monsters":[{"name":"X","level":7,"treasures":1},{"name":"Y","level":5,"treasures":1}]}`)
	note(t, notes, "MUNCHKIN-MULTI-2")
	if s.Combat.PlayerSide != 10 || s.Combat.MonsterSide != 12 || len(s.Combat.RunAway) != 4 {
		t.Fatalf("combat: %+v", s.Combat.CombatOutcome)
	}
	malformed(t, s, evRunAway, `{"player":"p1","monster":"Y","roll":7,"modifier":1}`, "data.roll")
	rejects(t, s, evTurnEnded, `{"player":"p1","hand_size":3}`, "MUNCHKIN-RUN-5") // fewer than 4 rolls

	s, notes = do(t, s, evRunAway, `{"player":"p1","monster":"Y","roll":4,"modifier":1}`)
	note(t, notes, "MUNCHKIN-RUN-2")
	rejects(t, s, evRunAway, `{"player":"p1","monster":"Y","roll":6}`, "MUNCHKIN-RUN-4") // one roll per monster
	s, notes = do(t, s, evRunAway, `{"player":"p1","monster":"X","roll":3,"modifier":1}`)
	note(t, notes, "MUNCHKIN-BADSTUFF-1")
	s, _ = do(t, s, evLevelChanged, `{"player":"p1","delta":-1,"reason":"bad_stuff"}`)
	wantLevel(t, s, "Farhad", 3)
	s, _ = do(t, s, evRunAway, `{"player":"p2","monster":"X","roll":5}`)
	s, notes = do(t, s, evRunAway, `{"player":"p2","monster":"Y","roll":2}`)
	note(t, notes, "MUNCHKIN-RUN-6")
	if s.Combat.Open {
		t.Fatal("the combat ends after the last roll")
	}
	s, notes = do(t, s, evLevelChanged, `{"player":"p2","delta":-2,"reason":"bad_stuff"}`)
	note(t, notes, "MUNCHKIN-LEVEL-2")
	rulestest.Broke("MUNCHKIN-LEVEL-2")
	wantLevel(t, s, "Gita", 1)
	rejects(t, s, evRunAway, `{"player":"p2","monster":"Y","roll":6}`, "MUNCHKIN-RUN-1")           // a fifth roll
	rejects(t, s, evLevelChanged, `{"player":"p1","delta":1,"reason":"kill"}`, "MUNCHKIN-LEVEL-6") // a lost fight earns nothing
	if s.Combat.Treasures.Count != 0 {
		t.Fatal("no Treasure after running away (RUN-1)")
	}
	s, _ = do(t, s, evTurnEnded, `{"player":"p1","hand_size":4}`)
	if s.Turn.Player != "p2" || s.History[0].Combat == nil || s.History[0].Levels["p2"] != 1 {
		t.Fatalf("turn row: %+v", s.History[0])
	}
}

// Example 7: death and looting (DEATH-1 to DEATH-7).
func TestExample7DeathAndLooting(t *testing.T) {
	s := table(t, "", "Arash", "Bijan", "Kaveh", "Dara").with(func(s *State) {
		s.pl("Arash").Level = 6
		s.pl("Bijan").Level = 8
		s.pl("Kaveh").Level = 4
		s.pl("Dara").Level = 4
	})
	s, _ = do(t, s, evCharacterUpdated, `{"player":"p1","races":["elf"],"classes":["wizard"]}`)
	s, _ = do(t, s, evLoadoutDeclared, `{"player":"p1","items":[{"name":"Helmet","slot":"headgear","bonus":1,"gold":200},{"name":"Sword","slot":"one_hand","bonus":2,"gold":400},{"name":"Boots","slot":"footgear","bonus":1,"gold":300},{"name":"Ladder","slot":"other","big":true,"gold":400}],"hirelings":1}`)
	s, _ = do(t, s, evCombat, `{"player":"p1","bonus":4,"monsters":[{"name":"Plutonium Dragon","level":20,"treasures":5,"levels":2}]}`)
	s, _ = do(t, s, evRunAway, `{"player":"p1","monster":"Plutonium Dragon","roll":2}`)
	rejects(t, s, evLevelChanged, `{"player":"p1","delta":-1,"reason":"death"}`, "MUNCHKIN-DEATH-1")
	s, _ = do(t, s, evLevelChanged, `{"player":"p1","delta":0,"reason":"death"}`)
	s, notes := do(t, s, evDied, `{"player":"p1","body_cards":8}`)
	a := s.pl("Arash")
	if a.Level != 6 || !reflect.DeepEqual(a.Races, []string{"elf"}) || !reflect.DeepEqual(a.Classes, []string{"wizard"}) || len(a.Items) != 0 || a.Hirelings != 0 || !a.Dead {
		t.Fatalf("after death: %+v", a)
	}
	note(t, notes, "MUNCHKIN-DEATH-1")
	d := s.Current.Deaths[0]
	if !reflect.DeepEqual(d.LootOrder, [][]string{{"p2"}, {"p3", "p4"}}) || d.Picks != 3 || d.Discarded != 5 {
		t.Fatalf("looting: %+v", d)
	}
	if n := note(t, notes, "MUNCHKIN-DEATH-3"); n.Message.EN != "Looting the body, one card each, in this order: Bijan (8), then Kaveh and Dara (tied at 4: roll the die, higher first)." {
		t.Fatalf("looting note: %s", n.Message.EN)
	}
	note(t, notes, "MUNCHKIN-DEATH-4")
	rejects(t, s, evLevelChanged, `{"player":"p1","delta":1,"reason":"card"}`, "MUNCHKIN-DEATH-5")
	rejects(t, s, evDied, `{"player":"p1"}`, "MUNCHKIN-DEATH-6")
	s, notes = do(t, s, evTurnEnded, `{"player":"p1","hand_size":0}`)
	note(t, notes, "MUNCHKIN-DEATH-6")
	noNote(t, notes, "MUNCHKIN-CHARITY-3")
	if s.pl("Arash").Dead || !s.pl("Arash").RedrawDue {
		t.Fatal("Arash is alive in Bijan's turn and redraws at his own")
	}
	// Bijan's turn: Arash helps as an Elf and gains a level.
	s, _ = do(t, s, evCombat, `{"player":"p2","helper":"p1","bonus":2,"helper_bonus":0,"monsters":[{"name":"Orc","level":12,"treasures":2}]}`)
	wantLevel(t, s, "Arash", 7)
	wantLevel(t, s, "Bijan", 9)
	s, _ = do(t, s, evTurnEnded, `{"player":"p2","hand_size":5}`)
	s, _ = do(t, s, evTurnEnded, `{"player":"p3","hand_size":5}`)
	s, _ = do(t, s, evTurnEnded, `{"player":"p4","hand_size":5}`)
	if n := s.Next(); n.EN == "" || !contains(n.EN, "4 Door and 4 Treasure") {
		t.Fatalf("Arash's next turn starts with the redraw (DEATH-7): %q", n.EN)
	}
	s, _ = do(t, s, evTurnEnded, `{"player":"p1","hand_size":5}`)
	if s.pl("Arash").RedrawDue {
		t.Fatal("the redraw is done once")
	}
}

// Example 8: the fight for the win (HELP-9 to HELP-11, WIN-1, WIN-2, WIN-5).
func TestExample8FightForTheWin(t *testing.T) {
	m1 := `{"name":"M1","level":12,"treasures":3}`
	m2 := `{"name":"M2","level":6,"treasures":2}`
	t.Run("8a compelled Omid is legal while the kill only gives 9 (HELP-10 note)", func(t *testing.T) {
		var out CombatOutcome
		if err := ask(t, "combat", `{"player_level":8,"bonus":5,"helper_level":5,"helper_bonus":3,"helper_compelled":true,"monsters":[`+m1+`]}`, &out); err != nil {
			t.Fatal(err)
		}
		if out.Outcome != outcomeWon || out.PlayerSide != 21 || out.WinningFight != nil {
			t.Fatalf("%+v", out)
		}
		note(t, out.Notes, "MUNCHKIN-HELP-10")
	})
	t.Run("8a with M2 it is a fight for the win: forced help does not work (HELP-9)", func(t *testing.T) {
		err := ask(t, "combat", `{"player_level":8,"bonus":5,"helper_level":5,"helper_bonus":3,"helper_compelled":true,"monsters":[`+m1+`,`+m2+`]}`, &CombatOutcome{})
		violates(t, err, "MUNCHKIN-HELP-9")
	})
	parisa := func(opts string) *State {
		s := table(t, opts, "Parisa", "Omid", "Roya").with(func(s *State) { s.pl("Parisa").Level = 8; s.pl("Omid").Level = 5; s.pl("Roya").Level = 3 })
		s, _ = do(t, s, evCharacterUpdated, `{"player":"p1","classes":["cleric"]}`)
		return s
	}
	t.Run("8a Omid leaves, Roya volunteers: Parisa wins at 10, Roya stays 3", func(t *testing.T) {
		s := parisa("")
		rejects(t, s, evCombat, `{"player":"p1","helper":"p2","bonus":5,"helper_bonus":3,"helper_compelled":true,"monsters":[`+m1+`,`+m2+`]}`, "MUNCHKIN-HELP-9")
		s, notes := do(t, s, evCombat, `{"player":"p1","helper":"p3","bonus":5,"helper_bonus":4,"monsters":[`+m1+`,`+m2+`]}`)
		note(t, notes, "MUNCHKIN-HELP-11")
		note(t, notes, "MUNCHKIN-WIN-1")
		wantLevel(t, s, "Parisa", 10)
		wantLevel(t, s, "Roya", 3)
		if s.Combat.WinningFight == nil || s.Combat.WinningFight.Rule != "MUNCHKIN-WIN-2" {
			t.Fatalf("winning fight: %+v", s.Combat.WinningFight)
		}
		res := s.Result()
		want := []struct {
			id    string
			place int
		}{{"p1", 1}, {"p2", 2}, {"p3", 3}}
		for i, w := range want {
			if res.Placements[i].PlayerID != w.id || res.Placements[i].Place != w.place {
				t.Fatalf("placements: %+v", res.Placements)
			}
		}
		if _, _, err := New().Apply(s, rulesEvent(evTurnEnded, `{"player":"p1","hand_size":2}`)); !isFinished(err) {
			t.Fatalf("after the win: %v", err)
		}
	})
	t.Run("8a with shared_victory Roya wins too (WIN-5)", func(t *testing.T) {
		s, notes := do(t, parisa(`{"shared_victory":true}`), evCombat, `{"player":"p1","helper":"p3","bonus":5,"helper_bonus":4,"monsters":[`+m1+`,`+m2+`]}`)
		note(t, notes, "MUNCHKIN-WIN-5")
		if !reflect.DeepEqual(s.Result().Winners, []string{"p1", "p3"}) {
			t.Fatalf("winners: %+v", s.Result())
		}
	})
	t.Run("8b at 9 a compelled helper is rejected (HELP-9)", func(t *testing.T) {
		s := parisa("").with(func(s *State) { s.pl("Parisa").Level = 9 })
		rejects(t, s, evCombat, `{"player":"p1","helper":"p2","bonus":5,"helper_bonus":3,"helper_compelled":true,"monsters":[`+m2+`]}`, "MUNCHKIN-HELP-9")
	})
	t.Run("8c no level without a kill: a correction cannot reach 10 (WIN-2)", func(t *testing.T) {
		s := parisa("").with(func(s *State) { s.pl("Parisa").Level = 9 })
		rejects(t, s, evLevelChanged, `{"player":"p1","delta":1,"reason":"correction"}`, "MUNCHKIN-WIN-2")
	})
	t.Run("8d a 2-level monster from 9 gives min(10, 11) = 10", func(t *testing.T) {
		s := parisa("").with(func(s *State) { s.pl("Parisa").Level = 9 })
		s, _ = do(t, s, evCombat, `{"player":"p1","bonus":5,"monsters":[{"name":"Big","level":12,"treasures":4,"levels":2}]}`)
		wantLevel(t, s, "Parisa", 10)
		if !s.Finished {
			t.Fatal("Parisa wins")
		}
	})
	t.Run("8e a level 9 Elf helper: stays 9 by default, wins with elf_helper_can_win", func(t *testing.T) {
		for _, c := range []struct {
			opts    string
			elf     int
			winners []string
		}{{"", 9, []string{"p1"}}, {`{"elf_helper_can_win":true}`, 10, []string{"p1", "p2"}}, {`{"shared_victory":true}`, 9, []string{"p1", "p2"}}} {
			s := parisa(c.opts).with(func(s *State) { s.pl("Parisa").Level = 9; s.pl("Omid").Level = 9 })
			s, _ = do(t, s, evCharacterUpdated, `{"player":"p2","races":["elf"]}`)
			s, _ = do(t, s, evCombat, `{"player":"p1","helper":"p2","bonus":0,"helper_bonus":0,"monsters":[`+m1+`]}`)
			wantLevel(t, s, "Omid", c.elf)
			if !reflect.DeepEqual(s.Winners, c.winners) {
				t.Fatalf("%s: winners %v, want %v", c.opts, s.Winners, c.winners)
			}
		}
	})
}
