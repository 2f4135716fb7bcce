package munchkin

import (
	"encoding/json"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// Each checkable rule broken by an event (table-driven; the examples break
// more of them in context).
func TestEachCheckedRuleIsBroken(t *testing.T) {
	base := table(t, "", "Ali", "Bahar", "Cyrus", "Dana")
	lost := func() *State { // Ali lost to a troll with Bahar helping: 4 rolls due
		s, _ := do(t, base, evCombat, `{"player":"p1","helper":"p2","bonus":0,"helper_bonus":0,"monsters":[`+troll+`,{"name":"Orc","level":3,"treasures":1}]}`)
		return s
	}
	elves := func() *State {
		s, _ := do(t, base, evCharacterUpdated, `{"player":"p2","races":["elf"]}`)
		return s
	}
	at := func(l int) *State { return base.with(func(s *State) { s.pl("Ali").Level = l }) }
	cases := []struct {
		rule, typ, data string
		state           func() *State
	}{
		{"MUNCHKIN-SETUP-9", evTurnEnded, `{"player":"p2","hand_size":3}`, nil},
		{"MUNCHKIN-LEVEL-3", evLevelChanged, `{"player":"p1","delta":1,"reason":"curse"}`, nil},
		{"MUNCHKIN-LEVEL-3", evLevelChanged, `{"player":"p1","delta":2,"reason":"bad_stuff"}`, nil},
		{"MUNCHKIN-LEVEL-4", evLevelChanged, `{"player":"p1","delta":-1,"reason":"kill"}`, nil},
		{"MUNCHKIN-LEVEL-4", evLevelChanged, `{"player":"p1","delta":-1,"reason":"sell"}`, nil},
		{"MUNCHKIN-LEVEL-6", evLevelChanged, `{"player":"p2","delta":1,"reason":"help"}`, elves},
		{"MUNCHKIN-HELP-12", evLevelChanged, `{"player":"p3","delta":1,"reason":"help"}`, nil},
		{"MUNCHKIN-HELP-12", evLevelChanged, `{"player":"p1","delta":1,"reason":"help"}`, nil},
		{"MUNCHKIN-CLASS-5", evCharacterUpdated, `{"player":"p1","classes":["warrior","thief"]}`, nil},
		{"MUNCHKIN-HYBRID-1", evCharacterUpdated, `{"player":"p1","super_munchkin":true}`, nil},
		{"MUNCHKIN-HYBRID-1", evCharacterUpdated, `{"player":"p1","super_munchkin":true,"classes":["warrior","thief","cleric"]}`, nil},
		{"MUNCHKIN-RACE-3", evCharacterUpdated, `{"player":"p1","races":["elf","dwarf"]}`, nil},
		{"MUNCHKIN-HYBRID-2", evCharacterUpdated, `{"player":"p1","half_breed":true}`, nil},
		{"MUNCHKIN-HYBRID-2", evCharacterUpdated, `{"player":"p1","half_breed":true,"races":["elf","dwarf","halfling"]}`, nil},
		{"MUNCHKIN-HYBRID-3", evCharacterUpdated, `{"player":"p1","half_breed":true,"races":["elf","elf"]}`, nil},
		{"MUNCHKIN-HYBRID-3", evCharacterUpdated, `{"player":"p1","super_munchkin":true,"classes":["thief","thief"]}`, nil},
		{"MUNCHKIN-EQUIP-1", evLoadoutDeclared, `{"player":"p1","items":[{"name":"Helmet A","slot":"headgear"},{"name":"Helmet B","slot":"headgear"}]}`, nil},
		{"MUNCHKIN-EQUIP-1", evLoadoutDeclared, `{"player":"p1","items":[{"name":"Sword","slot":"two_hands"},{"name":"Shield","slot":"one_hand"}]}`, nil},
		{"MUNCHKIN-BIG-1", evLoadoutDeclared, `{"player":"p1","items":[{"name":"Ladder","slot":"other","big":true},{"name":"Cannon","slot":"two_hands","big":true}]}`, nil},
		{"MUNCHKIN-EQUIP-6", evLoadoutDeclared, `{"player":"p1","items":[{"name":"Pointy Mace","slot":"one_hand","bonus":3,"class_only":"cleric"}]}`, nil},
		{"MUNCHKIN-EQUIP-6", evLoadoutDeclared, `{"player":"p1","items":[{"name":"Elven Cloak","slot":"armor","bonus":2,"race_only":"elf"}]}`, nil},
		{"MUNCHKIN-EQUIP-5", evLoadoutDeclared, `{"player":"p1","items":[]}`, lost},
		{"MUNCHKIN-TIMING-7", evLoadoutDeclared, `{"player":"p2","items":[]}`, lost},
		{"MUNCHKIN-COMBAT-11", evLoadoutDeclared, `{"player":"p1","items":[]}`, lost},
		{"MUNCHKIN-SELL-1", evItemsSold, `{"player":"p2","gold":[1000]}`, nil},
		{"MUNCHKIN-TIMING-10", evItemsSold, `{"player":"p2","gold":[1000]}`, nil},
		{"MUNCHKIN-TIMING-10", evItemsSold, `{"player":"p1","gold":[1000]}`, lost},
		{"MUNCHKIN-COMBAT-11", evItemsSold, `{"player":"p1","gold":[1000]}`, lost},
		{"MUNCHKIN-SELL-1", evLevelChanged, `{"player":"p2","delta":1,"reason":"sell"}`, nil},
		{"MUNCHKIN-WIN-4", evLevelChanged, `{"player":"p1","delta":2,"reason":"sell"}`, func() *State { return at(8) }},
		{"MUNCHKIN-SELL-2", evItemsSold, `{"player":"p1","gold":[0,999]}`, nil},
		{"MUNCHKIN-COMBAT-14", evLevelChanged, `{"player":"p1","delta":1,"reason":"kill"}`, lost},
		{"MUNCHKIN-RUN-1", evLevelChanged, `{"player":"p1","delta":1,"reason":"kill"}`, lost},
		{"MUNCHKIN-COMBAT-9", evCombat, `{"player":"p2","bonus":0,"monsters":[` + troll + `]}`, nil},
		{"MUNCHKIN-COMBAT-9", evLevelChanged, `{"player":"p3","delta":1,"reason":"kill"}`, nil},
		{"MUNCHKIN-TURN-7", evCombat, `{"player":"p1","bonus":9,"monsters":[` + troll + `]}`, func() *State {
			s, _ := do(t, base, evCombat, `{"player":"p1","bonus":10,"monsters":[`+troll+`]}`)
			return s
		}},
		{"MUNCHKIN-RUN-4", evCombat, `{"player":"p1","bonus":9,"monsters":[` + troll + `]}`, func() *State {
			s, _ := do(t, lost(), evRunAway, `{"player":"p2","monster":"Stupid Troll","roll":5}`)
			s, _ = do(t, s, evRunAway, `{"player":"p2","monster":"Orc","roll":5}`)
			return s
		}},
		{"MUNCHKIN-RUN-5", evCombat, `{"player":"p1","bonus":9,"monsters":[` + troll + `]}`, lost},
		{"MUNCHKIN-RUN-5", evRunAway, `{"player":"p3","monster":"Orc","roll":5}`, lost},
		{"MUNCHKIN-RUN-7", evRunAway, `{"player":"p2","monster":"Orc","roll":5}`, func() *State {
			s, _ := do(t, lost(), evDied, `{"player":"p2"}`)
			return s
		}},
		{"MUNCHKIN-COMBAT-5", evCombat, `{"player":"p1","bonus":0,"monsters":[` + troll + `],"outcome":"won"}`, nil},
		{"MUNCHKIN-COMBAT-6", evCombat, `{"player":"p1","bonus":9,"player_is_warrior":true,"monsters":[` + troll + `],"outcome":"lost"}`, nil},
		{"MUNCHKIN-BADSTUFF-1", evLevelChanged, `{"player":"p1","delta":-1,"reason":"bad_stuff"}`, nil},
		{"MUNCHKIN-BADSTUFF-1", evLevelChanged, `{"player":"p3","delta":-1,"reason":"bad_stuff"}`, lost},
		{"MUNCHKIN-DEATH-5", evCombat, `{"player":"p1","bonus":9,"monsters":[` + troll + `]}`, func() *State {
			s, _ := do(t, base, evDied, `{"player":"p1"}`)
			return s
		}},
		{"MUNCHKIN-DEATH-5", evItemsSold, `{"player":"p1","gold":[1000]}`, func() *State {
			s, _ := do(t, base, evDied, `{"player":"p1"}`)
			return s
		}},
		{"MUNCHKIN-DEATH-6", evCombat, `{"player":"p1","helper":"p2","bonus":9,"monsters":[` + troll + `]}`, func() *State {
			s, _ := do(t, base, evDied, `{"player":"p2"}`)
			return s
		}},
		{"MUNCHKIN-WIN-2", evLevelChanged, `{"player":"p2","delta":2,"reason":"help"}`, func() *State {
			s := elves().with(func(s *State) { s.pl("Bahar").Level = 8 })
			s, _ = do(t, s, evCombat, `{"player":"p1","helper":"p2","bonus":9,"helper_bonus":0,"monsters":[`+troll+`]}`)
			return s
		}},
		{"MUNCHKIN-WIN-3", evLevelChanged, `{"player":"p1","delta":2,"reason":"card"}`, func() *State { return at(8) }},
		{"MUNCHKIN-TREASURE-7", evLevelChanged, `{"player":"p3","delta":1,"reason":"card"}`, lost},
	}
	for _, c := range cases {
		t.Run(c.rule+" "+c.typ, func(t *testing.T) {
			s := base
			if c.state != nil {
				s = c.state()
			}
			rejects(t, s, c.typ, c.data, c.rule)
		})
	}
}

// Flags: accepted events that carry a warning (LEVEL-2, BIG-5, HELP-1).
func TestFlags(t *testing.T) {
	s := table(t, "", "Ali", "Bahar", "Cyrus")
	t.Run("LEVEL-2 a curse below 1 stops at 1", func(t *testing.T) {
		next, notes := do(t, s, evLevelChanged, `{"player":"p1","delta":-3,"reason":"curse"}`)
		note(t, notes, "MUNCHKIN-LEVEL-2")
		rulestest.Broke("MUNCHKIN-LEVEL-2")
		wantLevel(t, next, "Ali", 1)
	})
	t.Run("BIG-5 a Dwarf who stops being one carries too many Big Items", func(t *testing.T) {
		d, _ := do(t, s, evCharacterUpdated, `{"player":"p1","races":["dwarf"]}`)
		d, notes := do(t, d, evLoadoutDeclared, `{"player":"p1","items":[{"name":"Ladder","slot":"other","big":true,"gold":400},{"name":"Cannon","slot":"two_hands","big":true,"bonus":4,"gold":800}]}`)
		noNote(t, notes, "MUNCHKIN-BIG-5")
		d, notes = do(t, d, evCharacterUpdated, `{"player":"p1","races":[]}`)
		n := note(t, notes, "MUNCHKIN-BIG-5")
		if !contains(n.Message.EN, "sell them") {
			t.Fatalf("on their own turn out of combat the owner may sell first (BIG-6): %s", n.Message.EN)
		}
		rulestest.Broke("MUNCHKIN-BIG-5")
		if d.pl("Ali").EquippedBonus != 4 {
			t.Fatalf("equipped bonus: %d", d.pl("Ali").EquippedBonus)
		}
	})
	t.Run("EQUIP-6 losing a class turns its Items off", func(t *testing.T) {
		c, _ := do(t, s, evCharacterUpdated, `{"player":"p1","classes":["cleric"]}`)
		c, _ = do(t, c, evLoadoutDeclared, `{"player":"p1","items":[{"name":"Pointy Mace","slot":"one_hand","bonus":3,"class_only":"cleric"}]}`)
		if c.pl("Ali").EquippedBonus != 3 {
			t.Fatal("a Cleric uses the mace")
		}
		c, notes := do(t, c, evCharacterUpdated, `{"player":"p1","classes":[]}`)
		note(t, notes, "MUNCHKIN-EQUIP-6")
		if c.pl("Ali").EquippedBonus != 0 {
			t.Fatal("without the class the mace gives nothing")
		}
	})
	t.Run("HELP-1 help for a fight the fighter wins alone", func(t *testing.T) {
		_, notes := do(t, s, evCombat, `{"player":"p1","helper":"p2","bonus":12,"helper_bonus":0,"monsters":[`+troll+`]}`)
		note(t, notes, "MUNCHKIN-HELP-1")
		rulestest.Broke("MUNCHKIN-HELP-1")
	})
	t.Run("EQUIP-2 a Cheat card lifts limits for one Item", func(t *testing.T) {
		_, notes := do(t, s, evLoadoutDeclared, `{"player":"p1","items":[{"name":"Helmet A","slot":"headgear"},{"name":"Helmet B","slot":"headgear","bonus":2,"class_only":"wizard"}],"cheat":"Helmet B"}`)
		note(t, notes, "MUNCHKIN-EQUIP-2")
	})
}

// Setup: the player range (COMP-2) and options (strict, with defaults).
func TestSetup(t *testing.T) {
	for _, n := range []int{2, 7} {
		_, _, err := New().Setup(rulestest.Players(n), nil)
		violates(t, err, "MUNCHKIN-COMP-2")
	}
	for _, c := range []struct{ opts, field string }{
		{`{"max_level":1}`, "options.max_level"},
		{`{"max_level":101}`, "options.max_level"},
		{`{"sell_overflow":"round"}`, "options.sell_overflow"},
		{`{"shared_victory":"yes"}`, "options.shared_victory"},
		{`{"first_player":"p2"}`, "options.first_player"},
	} {
		_, _, err := New().Setup(rulestest.Players(3), json.RawMessage(c.opts))
		badField(t, err, c.field)
	}
	_, _, err := New().Setup([]rules.Player{{ID: "a"}, {ID: "a"}, {ID: "b"}}, nil)
	badField(t, err, "players[1].id")

	st, eff, err := New().Setup(rulestest.Players(4), json.RawMessage(`{"max_level":20}`))
	if err != nil {
		t.Fatal(err)
	}
	if eff != (Options{MaxLevel: 20, SellOverflow: "cap"}) {
		t.Fatalf("effective options: %+v", eff)
	}
	raw, _ := json.Marshal(eff)
	st2, eff2, err := New().Setup(rulestest.Players(4), raw)
	if err != nil || eff2 != eff {
		t.Fatalf("setup again from effective options: %v %+v", err, eff2)
	}
	a, _ := rules.Fingerprint(st)
	b, _ := rules.Fingerprint(st2)
	if string(a) != string(b) {
		t.Fatal("setup from the effective options gives another state")
	}
	s := st.(*State)
	for _, p := range s.Players {
		if p.Level != 1 || len(p.Races) != 0 || len(p.Classes) != 0 { // SETUP-5
			t.Fatalf("starting character: %+v", p)
		}
	}
	if s.Turn.Player != "p1" || s.Result() != nil || s.Next().EN == "" {
		t.Fatal("the first seated player starts")
	}
}

// Malformed events: InputError with the field.
func TestMalformedEvents(t *testing.T) {
	s := table(t, "", "Ali", "Bahar", "Cyrus")
	cases := []struct{ typ, data, field string }{
		{evLevelChanged, `{"player":"p1","delta":1}`, "data.reason"},
		{evLevelChanged, `{"player":"p1","delta":1,"reason":"gift"}`, "data.reason"},
		{evLevelChanged, `{"player":"p1","delta":0,"reason":"kill"}`, "data.delta"},
		{evLevelChanged, `{"player":"p9","delta":1,"reason":"kill"}`, "data.player"},
		{evLevelChanged, `{"player":"p1","delta":1,"reason":"kill","why":"x"}`, "data.why"},
		{evCharacterUpdated, `{"player":"p1","races":["human"]}`, "data.races[0]"},
		{evCharacterUpdated, `{"player":"p1","classes":["bard"]}`, "data.classes[0]"},
		{evCharacterUpdated, `{"player":"p1","gender":"x"}`, "data.gender"},
		{evCharacterUpdated, `{"player":"p1"}`, "data"},
		{evLoadoutDeclared, `{"player":"p1","items":[{"name":"Hat","slot":"hat"}]}`, "data.items[0].slot"},
		{evLoadoutDeclared, `{"player":"p1","items":[{"slot":"other"}]}`, "data.items[0].name"},
		{evLoadoutDeclared, `{"player":"p1","items":[{"name":"Hat","slot":"other","gold":-5}]}`, "data.items[0].gold"},
		{evLoadoutDeclared, `{"player":"p1"}`, "data.items"},
		{evLoadoutDeclared, `{"player":"p1","items":[],"cheat":"Nothing"}`, "data.cheat"},
		{evLoadoutDeclared, `{"player":"p1","items":[],"hirelings":-1}`, "data.hirelings"},
		{evCombat, `{"player":"p1","bonus":0,"monsters":[{"name":"Orc","treasures":1}]}`, "data.monsters[0].level"},
		{evCombat, `{"player":"p1","bonus":0,"monsters":[]}`, "data.monsters"},
		{evCombat, `{"player":"p1","monsters":[` + troll + `]}`, "data.bonus"},
		{evCombat, `{"player":"p1","helper":"p1","bonus":0,"monsters":[` + troll + `]}`, "data.helper"},
		{evCombat, `{"player":"p1","bonus":0,"helper_bonus":2,"monsters":[` + troll + `]}`, "data.helper_bonus"},
		{evCombat, `{"player":"p1","bonus":0,"monsters":[{"name":"Orc","level":3,"treasures":1,"levels":0}]}`, "data.monsters[0].levels"},
		{evCombat, `{"player":"p1","bonus":0,"monsters":[{"name":"Orc","level":3,"treasures":1,"modifiers":[{"name":"Old"}]}]}`, "data.monsters[0].modifiers[0].strength"},
		{evCombat, `{"player":"p1","bonus":0,"monsters":[` + troll + `],"outcome":"draw"}`, "data.outcome"},
		{evItemsSold, `{"player":"p1","gold":[]}`, "data.gold"},
		{evItemsSold, `{"player":"p1","gold":[-1000]}`, "data.gold[0]"},
		{evDied, `{"player":"p1","body_cards":-1}`, "data.body_cards"},
		{evTurnEnded, `{"player":"p1"}`, "data.hand_size"},
		{evTurnEnded, `{"player":"p1","hand_size":-1}`, "data.hand_size"},
		{evTurnEnded, `[1]`, "data"},
	}
	for _, c := range cases {
		t.Run(c.typ+" "+c.field, func(t *testing.T) { malformed(t, s, c.typ, c.data, c.field) })
	}
	lost, _ := do(t, s, evCombat, `{"player":"p1","bonus":0,"monsters":[`+troll+`]}`)
	malformed(t, lost, evRunAway, `{"player":"p1","monster":"Stupid Troll","roll":7}`, "data.roll")
	rulestest.Broke("MUNCHKIN-COMP-4")
	malformed(t, lost, evRunAway, `{"player":"p1","monster":"Stupid Troll","roll":0}`, "data.roll")
	malformed(t, lost, evRunAway, `{"player":"p1","monster":"Dragon","roll":5}`, "data.monster")
	if _, _, err := New().Apply(s, rulesEvent("kick_door", `{}`)); !errorsIsUnknown(err) {
		t.Fatalf("unknown event: %v", err)
	}
	if _, _, err := New().Apply(nil, rulesEvent(evDied, `{"player":"p1"}`)); err == nil {
		t.Fatal("a foreign state is refused")
	}
}
