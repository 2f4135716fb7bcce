package munchkin

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

var eventTypes = []string{evLevelChanged, evCharacterUpdated, evLoadoutDeclared, evCombat, evRunAway, evItemsSold, evDied, evTurnEnded}

// fuzzStates are reachable states: a fresh table, a lost fight with run-away
// rolls due and a dead helper, and a finished match.
func fuzzStates(t testing.TB) []*State {
	fresh := table(t, "", "Ali", "Bahar", "Cyrus", "Dana")
	mid, _ := do(t, fresh, evCharacterUpdated, `{"player":"p2","races":["elf"],"classes":["warrior"]}`)
	mid, _ = do(t, mid, evLoadoutDeclared, `{"player":"p1","items":[{"name":"Sword","slot":"one_hand","bonus":2,"gold":400}]}`)
	mid, _ = do(t, mid, evCombat, `{"player":"p1","helper":"p2","bonus":0,"helper_bonus":0,"monsters":[`+troll+`,{"name":"Orc","level":3,"treasures":1}]}`)
	mid, _ = do(t, mid, evRunAway, `{"player":"p1","monster":"Orc","roll":2}`)
	won := fresh.with(func(s *State) { s.pl("Ali").Level = 9 })
	won, _ = do(t, won, evCombat, `{"player":"p1","bonus":2,"monsters":[`+troll+`]}`)
	return []*State{fresh, mid, won}
}

func allowedError(err error) bool {
	var v *rules.ViolationError
	var in *rules.InputError
	return err == nil || errors.As(err, &v) || errors.As(err, &in) || errors.Is(err, rules.ErrFinished) || errors.Is(err, rules.ErrUnknownEvent)
}

func FuzzApply(f *testing.F) {
	for i, e := range eventExamples {
		f.Add(uint8(i), []byte(e.data))
	}
	f.Add(uint8(4), []byte(`{"player":"p1","monster":"Orc","roll":7}`))
	f.Add(uint8(0), []byte(`{"player":"p2","delta":-100,"reason":"bad_stuff"}`))
	f.Add(uint8(3), []byte(`{"player":"p3","bonus":-1000,"monsters":[{"name":"M","level":100,"treasures":20,"levels":5,"modifiers":[{"strength":-100,"treasures":-20}]}]}`))
	states := fuzzStates(f)
	f.Fuzz(func(t *testing.T, kind uint8, data []byte) {
		typ := "unknown"
		if int(kind) < len(eventTypes)*2 {
			typ = eventTypes[int(kind)%len(eventTypes)]
		}
		for _, s := range states {
			next, notes, err := rulestest.ApplyPure(t, New(), s, rules.Event{Type: typ, Data: data})
			if !allowedError(err) {
				t.Fatalf("%s %s: unexpected error type %T: %v", typ, data, err, err)
			}
			if err != nil {
				continue
			}
			for _, n := range notes {
				if n.Rule == "" || n.Message.EN == "" {
					t.Fatalf("empty note on %s %s", typ, data)
				}
			}
			ns := next.(*State)
			for _, p := range ns.Players {
				if p.Level < 1 || p.Level > ns.Options.MaxLevel {
					t.Fatalf("%s %s: level %d out of range", typ, data, p.Level)
				}
			}
			rulestest.CheckStateJSON(t, ns, typ)
			_ = ns.Scores()
			_ = ns.Result()
			_ = ns.Next()
		}
	})
}

func fuzzReferee(f *testing.F, question string, seeds ...string) {
	var ref rules.Referee
	for _, r := range New().Referees() {
		if r.Question == question {
			ref = r
		}
	}
	f.Add([]byte(ref.Example))
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		ans, err := ref.Ask(body)
		if err != nil {
			var v *rules.ViolationError
			var in *rules.InputError
			if !errors.As(err, &v) && !errors.As(err, &in) {
				t.Fatalf("unexpected error %T: %v", err, err)
			}
			return
		}
		if _, err := json.Marshal(ans); err != nil {
			t.Fatal(err)
		}
	})
}

func FuzzRefereeCombat(f *testing.F) {
	fuzzReferee(f, "combat",
		`{"player_level":9,"bonus":0,"helper_level":9,"helper_is_elf":true,"helper_compelled":true,"monsters":[{"name":"M","level":1,"treasures":0,"levels":5}]}`,
		`{"player_level":1,"bonus":-1000,"one_shot_bonus":1000,"monsters":[{"name":"M","level":100,"treasures":20}],"max_level":100,"elf_helper_can_win":true,"shared_victory":true}`)
}

func FuzzRefereeLoadout(f *testing.F) {
	fuzzReferee(f, "loadout",
		`{"items":[{"name":"A","slot":"headgear","race_only":"human"}],"races":["elf","elf"],"half_breed":true,"cheat":"A","hirelings":10}`)
}

func FuzzRefereeSell(f *testing.F) {
	fuzzReferee(f, "sell",
		`{"level":1,"gold":[100000,100000,1],"max_level":100,"sell_overflow":"reject","in_combat":true}`,
		`{"level":99,"gold":[0],"max_level":100}`)
}
