package munchkin

import (
	"encoding/json"
	"reflect"
	"testing"
)

// Every referee example is a valid request.
func TestRefereeExamples(t *testing.T) {
	for _, r := range New().Referees() {
		ans, err := r.Ask(r.Example)
		if err != nil {
			t.Fatalf("%s example: %v", r.Question, err)
		}
		if _, err := json.Marshal(ans); err != nil {
			t.Fatalf("%s answer: %v", r.Question, err)
		}
		if r.Summary == "" {
			t.Errorf("%s has no summary", r.Question)
		}
	}
}

func TestRefereeCombat(t *testing.T) {
	var out CombatOutcome
	if err := ask(t, "combat", combatExample, &out); err != nil {
		t.Fatal(err)
	}
	if out.PlayerSide != 15 || out.MonsterSide != 15 || out.Outcome != "won" || out.Rule != "MUNCHKIN-COMBAT-6" ||
		out.Fighter.LevelAfter != 5 || out.Treasures.Count != 4 || out.Treasures.FaceUp || out.Monsters[0].Strength != 15 {
		t.Fatalf("Reza's fight: %+v", out)
	}
	// A loss lists the rolls due, runner by runner (RUN-4, RUN-5).
	if err := ask(t, "combat", `{"player_level":4,"bonus":2,"helper_level":2,"helper_bonus":2,"monsters":[{"name":"X","level":7,"treasures":1},{"name":"Y","level":5,"treasures":1}]}`, &out); err != nil {
		t.Fatal(err)
	}
	want := []RunAwayRoll{
		{Runner: "fighter", Monster: "X", Index: 0, Rule: "MUNCHKIN-RUN-5"}, {Runner: "fighter", Monster: "Y", Index: 1, Rule: "MUNCHKIN-RUN-5"},
		{Runner: "helper", Monster: "X", Index: 0, Rule: "MUNCHKIN-RUN-5"}, {Runner: "helper", Monster: "Y", Index: 1, Rule: "MUNCHKIN-RUN-5"},
	}
	if out.Outcome != "lost" || !reflect.DeepEqual(out.RunAway, want) || out.Treasures.Rule != "MUNCHKIN-RUN-1" {
		t.Fatalf("lost fight: %+v", out)
	}
	// Negative strength is fine (COMBAT-3); Treasures never below 0 (AMB-32).
	if err := ask(t, "combat", `{"player_level":1,"bonus":-5,"monsters":[{"name":"Shy","level":1,"treasures":1,"modifiers":[{"strength":-10,"treasures":-3}]}]}`, &out); err != nil {
		t.Fatal(err)
	}
	if out.Fighter.Strength != -4 || out.MonsterSide != -9 || out.Outcome != "won" || out.Treasures.Count != 0 {
		t.Fatalf("negative strengths: %+v", out)
	}
	bad := []struct{ body, field string }{
		{`{"player_level":11,"bonus":0,"monsters":[` + troll + `]}`, "body.player_level"},
		{`{"player_level":0,"bonus":0,"monsters":[` + troll + `]}`, "body.player_level"},
		{`{"player_level":15,"bonus":0,"max_level":20,"helper_level":21,"monsters":[` + troll + `]}`, "body.helper_level"},
		{`{"player_level":4,"bonus":0,"monsters":[{"name":"Orc","treasures":1}]}`, "body.monsters[0].level"},
		{`{"player_level":4,"bonus":0,"helper_is_elf":true,"monsters":[` + troll + `]}`, "body.helper_is_elf"},
		{`{"player_level":4,"bonus":0,"monsters":[` + troll + `],"max_level":1}`, "body.max_level"},
		{`{"player_level":4,"bonus":0,"monsters":[` + troll + `],"extra":1}`, "body.extra"},
		{`not json`, "body"},
	}
	for _, b := range bad {
		badField(t, ask(t, "combat", b.body, &out), b.field)
	}
	rulestestBroke("MUNCHKIN-LEVEL-1") // a level outside 1..max_level is refused
	violates(t, ask(t, "combat", `{"player_level":4,"bonus":0,"monsters":[`+troll+`],"outcome":"won"}`, &out), "MUNCHKIN-COMBAT-5")
}

func TestRefereeLoadout(t *testing.T) {
	var rep LoadoutReport
	// The spec's C10 example: 2 + 1 hands, rejected (EQUIP-1); the unequipped
	// second helmet and mace are fine.
	if err := ask(t, "loadout", loadoutExample, &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Legal || len(rep.Violations) != 1 || rep.Violations[0].Rule != "MUNCHKIN-EQUIP-1" || rep.Slots != (SlotUse{Headgear: 1, Hands: 3}) || rep.BigItems != 1 || *rep.BigAllowance != 1 {
		t.Fatalf("C10 example: %+v", rep)
	}
	// Unequipping the shield makes it legal; a second Big Item breaks BIG-1 unless a Dwarf.
	legal := `{"items":[{"name":"Helmet A","slot":"headgear","bonus":1},{"name":"Helmet B","slot":"headgear","equipped":false},{"name":"Sword","slot":"two_hands","big":true,"bonus":3},{"name":"Shield","slot":"one_hand","bonus":2,"equipped":false}]}`
	if err := ask(t, "loadout", legal, &rep); err != nil || !rep.Legal || rep.EquippedBonus != 4 {
		t.Fatalf("legal loadout: %v %+v", err, rep)
	}
	twoBig := `{"items":[{"name":"Sword","slot":"two_hands","big":true},{"name":"Ladder","slot":"other","big":true}]%s}`
	if err := ask(t, "loadout", sprintf(twoBig, ""), &rep); err != nil || rep.Legal || rep.Rule != "MUNCHKIN-BIG-1" {
		t.Fatalf("two Big Items: %v %+v", err, rep)
	}
	for _, extra := range []string{`,"races":["dwarf"]`, `,"hirelings":1`} {
		if err := ask(t, "loadout", sprintf(twoBig, extra), &rep); err != nil || !rep.Legal {
			t.Fatalf("two Big Items with %s: %v %+v", extra, err, rep)
		}
	}
	// Every violation at once, each with its rule.
	all := `{"items":[{"name":"A","slot":"armor"},{"name":"B","slot":"armor"},{"name":"Big1","slot":"other","big":true},{"name":"Big2","slot":"other","big":true},{"name":"Mace","slot":"one_hand","class_only":"cleric"}],"classes":["warrior","thief"]}`
	if err := ask(t, "loadout", all, &rep); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, v := range rep.Violations {
		got = append(got, v.Rule)
	}
	if want := []string{"MUNCHKIN-CLASS-5", "MUNCHKIN-EQUIP-1", "MUNCHKIN-BIG-1", "MUNCHKIN-EQUIP-6"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("violations %v, want %v", got, want)
	}
	// Half-Breed Elf can use Human-only and Elf-only Items.
	if err := ask(t, "loadout", `{"items":[{"name":"H","slot":"headgear","race_only":"human"},{"name":"E","slot":"armor","race_only":"elf"}],"races":["elf"],"half_breed":true}`, &rep); err != nil || !rep.Legal {
		t.Fatalf("half-breed: %v %+v", err, rep)
	}
	badField(t, ask(t, "loadout", `{"items":[{"name":"Hat","slot":"hat"}]}`, &rep), "body.items[0].slot")
	badField(t, ask(t, "loadout", `{"items":[{"name":"Hat","slot":"headgear","race_only":"orc"}]}`, &rep), "body.items[0].race_only")
}

func TestRefereeSell(t *testing.T) {
	var res SaleResult
	if err := ask(t, "sell", sellExample, &res); err != nil {
		t.Fatal(err)
	}
	if res.Value != 2300 || res.Levels != 1 || res.LevelAfter != 9 || res.GoldLost != 1300 || !reflect.DeepEqual(res.Better, []int{400, 600}) {
		t.Fatalf("Example 4 at level 8: %+v", res)
	}
	// Epic: max_level 20, selling from 17 with 5000 gold stops at 19.
	if err := ask(t, "sell", `{"level":17,"gold":[5000],"max_level":20}`, &res); err != nil || res.LevelAfter != 19 || res.GoldLost != 3000 {
		t.Fatalf("epic: %v %+v", err, res)
	}
	violates(t, ask(t, "sell", `{"level":5,"gold":[1000],"own_turn":false}`, &res), "MUNCHKIN-SELL-1")
	violates(t, ask(t, "sell", `{"level":9,"gold":[1000]}`, &res), "MUNCHKIN-WIN-4")
	badField(t, ask(t, "sell", `{"level":11,"gold":[1000]}`, &res), "body.level")
	badField(t, ask(t, "sell", `{"level":5,"gold":[1000],"sell_overflow":"round"}`, &res), "body.sell_overflow")
	badField(t, ask(t, "sell", `{"level":5}`, &res), "body.gold")
}
