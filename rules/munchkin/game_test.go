package munchkin

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

func TestCatalog(t *testing.T) {
	rulestest.CheckCatalog(t, New())
	cited := rulestest.CitedIDs(t, New(), ".")
	if len(cited) == 0 {
		t.Fatal("the code cites no rule")
	}
	cat := New().Catalog()
	if len(cat) != 204 {
		t.Fatalf("catalog has %d rules, the spec 204", len(cat))
	}
	digits := regexp.MustCompile(`[۰-۹٠-٩]`)
	for _, e := range cat {
		if e.Source.Seed != seedFile || e.Source.SectionEN == "" {
			t.Errorf("%s: source %+v", e.ID, e.Source)
		}
		switch e.Source.Kind {
		case kSeed, kDerived, kDefault:
		default:
			t.Errorf("%s: kind %q", e.ID, e.Source.Kind)
		}
		if digits.MatchString(e.Text.FA + e.Title.FA) {
			t.Errorf("%s: numbers must be ASCII digits", e.ID)
		}
	}
	// The catalog follows the spec's order, when the spec is beside the repository.
	spec, err := os.ReadFile("../../../shared/rules/munchkin.md")
	if err != nil {
		t.Skip("spec not found beside the repository")
	}
	var ids []string
	for _, m := range regexp.MustCompile(`\*\*(MUNCHKIN-[A-Z]+-[0-9]+)`).FindAllStringSubmatch(string(spec), -1) {
		ids = append(ids, m[1])
	}
	var got []string
	for _, e := range cat {
		got = append(got, e.ID)
	}
	if !reflect.DeepEqual(got, ids) {
		t.Fatal("catalog IDs differ from the spec's, or are out of order")
	}
}

// Info documents every option and event; the event examples apply in order.
func TestInfoAndEventExamples(t *testing.T) {
	info := New().Info()
	if info.ID != "munchkin" || info.NameFA == "" || info.MinPlayers != 3 || info.MaxPlayers != 6 {
		t.Fatalf("info: %+v", info)
	}
	var names []string
	for _, o := range info.Options {
		names = append(names, o.Name)
		if o.Description == "" || o.Type == "" {
			t.Errorf("option %s undocumented", o.Name)
		}
	}
	if !reflect.DeepEqual(names, []string{"max_level", "shared_victory", "elf_helper_can_win", "sell_overflow"}) {
		t.Fatalf("options: %v", names)
	}
	st, _, err := New().Setup(rulestest.Players(3), nil)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, e := range info.Events {
		if e.Description == "" {
			t.Errorf("%s undocumented", e.Type)
		}
		seen[e.Type] = true
		st, _ = rulestest.MustApply(t, New(), st, e.Type, e.Example)
	}
	if len(seen) != 8 {
		t.Fatalf("events documented: %v", seen)
	}
	s := st.(*State)
	if s.Turn.Player != "p2" || s.History[0].Charity == nil || !reflect.DeepEqual(s.History[0].Charity.Recipients, []string{"p3"}) || s.pl("P1").Level != 3 {
		t.Fatalf("after the examples: %+v", s.History[0])
	}
}

// A full game through Apply, from Setup to a finished Result.
func TestFullGame(t *testing.T) {
	s := table(t, "", "Reza", "Morteza", "Sara", "Navid")
	var log []rules.Event
	do := func(t *testing.T, s *State, typ, data string) (*State, []rules.Ruling) {
		t.Helper()
		log = append(log, rulesEvent(typ, data))
		return do(t, s, typ, data)
	}
	s, _ = do(t, s, evCharacterUpdated, `{"player":"p1","gender":"male","classes":["warrior"]}`)
	s, _ = do(t, s, evCharacterUpdated, `{"player":"p2","gender":"male","races":["elf"]}`)
	s, _ = do(t, s, evCharacterUpdated, `{"player":"p3","gender":"female","races":["dwarf"],"classes":["cleric"],"half_breed":true}`)
	s, _ = do(t, s, evLoadoutDeclared, `{"player":"p1","items":[{"name":"Bloody Limb-Chopping Chainsaw","slot":"two_hands","big":true,"bonus":3,"gold":600}]}`)
	var notes []rules.Ruling
	for round := 1; !s.Finished; round++ {
		if round > 10 {
			t.Fatal("the game should be over")
		}
		// Reza kills a 2-level monster; Morteza, an Elf, helps every other round.
		if round%2 == 0 {
			s, notes = do(t, s, evCombat, fmt.Sprintf(`{"player":"p1","helper":"p2","bonus":3,"helper_bonus":1,"monsters":[{"name":"Dragon %d","level":%d,"treasures":2,"levels":2}]}`, round, s.pl("Reza").Level+3))
		} else {
			s, notes = do(t, s, evCombat, fmt.Sprintf(`{"player":"p1","bonus":3,"monsters":[{"name":"Orc %d","level":%d,"treasures":1,"levels":2}]}`, round, s.pl("Reza").Level))
		}
		if s.Finished {
			note(t, notes, "MUNCHKIN-WIN-1")
			break
		}
		s, _ = do(t, s, evTurnEnded, `{"player":"p1","hand_size":6}`)
		// Morteza loses a fight and runs.
		s, _ = do(t, s, evCombat, `{"player":"p2","bonus":0,"monsters":[{"name":"Troll","level":20,"treasures":3}]}`)
		s, _ = do(t, s, evRunAway, fmt.Sprintf(`{"player":"p2","monster":"Troll","roll":%d}`, 3+round%4))
		if contains(s.Next().EN, "run away") {
			t.Fatal("the run is over")
		}
		if len(s.Turn.Caught) > 0 {
			s, _ = do(t, s, evLevelChanged, `{"player":"p2","delta":-1,"reason":"bad_stuff"}`)
		}
		s, _ = do(t, s, evTurnEnded, `{"player":"p2","hand_size":4}`)
		// Sara sells, Navid plays Go Up a Level.
		s, _ = do(t, s, evItemsSold, `{"player":"p3","gold":[700,500]}`)
		s, _ = do(t, s, evTurnEnded, `{"player":"p3","hand_size":5}`)
		if s.pl("Navid").Level < 9 {
			s, _ = do(t, s, evLevelChanged, `{"player":"p4","delta":1,"reason":"card"}`)
		}
		s, _ = do(t, s, evTurnEnded, `{"player":"p4","hand_size":7}`)
	}
	res := s.Result()
	if res == nil || !reflect.DeepEqual(res.Winners, []string{"p1"}) || res.Placements[0] != (rules.Placement{PlayerID: "p1", Place: 1}) {
		t.Fatalf("result: %+v", res)
	}
	sc := s.Scores()
	if sc.Totals["p1"] != 10 || sc.Rounds.(rules.Rows).Len() != len(s.History)+1 {
		t.Fatalf("scores: %+v", sc.Totals)
	}
	for i := 1; i < len(res.Placements); i++ {
		a, b := res.Placements[i-1], res.Placements[i]
		if sc.Totals[a.PlayerID] < sc.Totals[b.PlayerID] || (sc.Totals[a.PlayerID] == sc.Totals[b.PlayerID]) != (a.Place == b.Place) {
			t.Fatalf("placements by level, ties sharing: %+v %+v", res.Placements, sc.Totals)
		}
	}
	if s.Next() != (rules.Text{}) {
		t.Fatal("nothing is due after the end")
	}
	// The whole log replays to the same state.
	b, _ := rules.Fingerprint(s)
	checkSnakeCase(t, b)
	players := []rules.Player{{ID: "p1", Name: "Reza"}, {ID: "p2", Name: "Morteza"}, {ID: "p3", Name: "Sara"}, {ID: "p4", Name: "Navid"}}
	replayed, err := rules.Replay(New(), players, nil, log)
	if err != nil {
		t.Fatal(err)
	}
	if r, _ := rules.Fingerprint(replayed); string(r) != string(b) {
		t.Fatal("replay gives another state")
	}
	if _, _, err := New().Apply(s, rulesEvent(evDied, `{"player":"p2"}`)); !isFinished(err) {
		t.Fatalf("after the end: %v", err)
	}
}

// checkSnakeCase fails on any JSON object key with an upper-case letter.
func checkSnakeCase(t *testing.T, b []byte) {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				if strings.IndexFunc(k, unicode.IsUpper) >= 0 {
					t.Errorf("JSON key %q is not snake_case", k)
				}
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(v)
}

// Charity (CHARITY-3 to CHARITY-5, AMB-23).
func TestCharity(t *testing.T) {
	base := table(t, "", "Ali", "Bahar", "Cyrus", "Dana").with(func(s *State) {
		s.pl("Ali").Level = 5
		s.pl("Bahar").Level = 2
		s.pl("Cyrus").Level = 2
		s.pl("Dana").Level = 3
	})
	s, notes := do(t, base, evTurnEnded, `{"player":"p1","hand_size":8}`)
	n := note(t, notes, "MUNCHKIN-CHARITY-4")
	c := s.History[0].Charity
	if c.Excess != 3 || c.Each != 1 || c.Extra != 1 || !reflect.DeepEqual(c.Recipients, []string{"p2", "p3"}) || !contains(n.Message.EN, "1 of them") {
		t.Fatalf("split: %+v", c)
	}
	dead, _ := do(t, base, evDied, `{"player":"p2"}`)
	dead, notes = do(t, dead, evTurnEnded, `{"player":"p1","hand_size":7}`)
	note(t, notes, "MUNCHKIN-CHARITY-3")
	if c := dead.History[0].Charity; !reflect.DeepEqual(c.Recipients, []string{"p3"}) || c.Each != 2 {
		t.Fatalf("the dead are left out: %+v", c)
	}
	low := base.with(func(s *State) { s.pl("Ali").Level = 2 })
	low, notes = do(t, low, evTurnEnded, `{"player":"p1","hand_size":9}`)
	note(t, notes, "MUNCHKIN-CHARITY-5")
	if c := low.History[0].Charity; c.Discarded != 4 || len(c.Recipients) != 0 {
		t.Fatalf("the lowest discards: %+v", c)
	}
	_, notes = do(t, base, evTurnEnded, `{"player":"p1","hand_size":5}`)
	noNote(t, notes, "MUNCHKIN-CHARITY-3")
}
