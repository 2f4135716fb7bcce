package munchkin

import (
	"encoding/json"
	"testing"

	"github.com/motamed/motamed/rules"
)

func BenchmarkApplyCombat(b *testing.B) {
	s := table(b, "", "Reza", "Morteza", "Sara")
	ev := rulesEvent(evCombat, `{"player":"p1","helper":"p2","bonus":6,"helper_bonus":2,"one_shot_bonus":5,"monsters":[`+savageTroll+`]}`)
	g := New()
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := g.Apply(s, ev); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkApplyLevelChanged(b *testing.B) {
	s := table(b, "", "Reza", "Morteza", "Sara")
	ev := rulesEvent(evLevelChanged, `{"player":"p1","delta":1,"reason":"card"}`)
	g := New()
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := g.Apply(s, ev); err != nil {
			b.Fatal(err)
		}
	}
}

// benchLog is a game of 60 turns: fights, runs, sales, level changes and
// charity, 4 players.
func benchLog() []rules.Event {
	var log []rules.Event
	add := func(typ, data string) { log = append(log, rulesEvent(typ, data)) }
	add(evCharacterUpdated, `{"player":"p1","classes":["warrior"]}`)
	add(evLoadoutDeclared, `{"player":"p1","items":[{"name":"Chainsaw","slot":"two_hands","big":true,"bonus":3,"gold":600}]}`)
	for round := 0; round < 15; round++ {
		add(evCombat, `{"player":"p1","bonus":3,"monsters":[{"name":"Troll","level":20,"treasures":3}]}`)
		add(evRunAway, `{"player":"p1","monster":"Troll","roll":6}`)
		add(evTurnEnded, `{"player":"p1","hand_size":6}`)
		add(evItemsSold, `{"player":"p2","gold":[600,500]}`)
		add(evTurnEnded, `{"player":"p2","hand_size":4}`)
		add(evLevelChanged, `{"player":"p3","delta":-1,"reason":"curse"}`)
		add(evTurnEnded, `{"player":"p3","hand_size":5}`)
		add(evTurnEnded, `{"player":"p4","hand_size":7}`)
	}
	return log
}

func BenchmarkReplay60Turns(b *testing.B) {
	players := []rules.Player{{ID: "p1", Name: "A"}, {ID: "p2", Name: "B"}, {ID: "p3", Name: "C"}, {ID: "p4", Name: "D"}}
	log := benchLog()
	// Sales stop being accepted at level 9 (WIN-4): keep what the rules accept.
	g := New()
	s, _, _ := g.Setup(players, nil)
	var ok []rules.Event
	for _, ev := range log {
		if next, _, err := g.Apply(s, ev); err == nil {
			s, ok = next, append(ok, ev)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := rules.Replay(g, players, nil, ok); err != nil {
			b.Fatal(err)
		}
	}
}

func benchReferee(b *testing.B, question string) {
	for _, r := range New().Referees() {
		if r.Question != question {
			continue
		}
		body := json.RawMessage(r.Example)
		b.ReportAllocs()
		for b.Loop() {
			if _, err := r.Ask(body); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkRefereeCombat(b *testing.B)  { benchReferee(b, "combat") }
func BenchmarkRefereeLoadout(b *testing.B) { benchReferee(b, "loadout") }
func BenchmarkRefereeSell(b *testing.B)    { benchReferee(b, "sell") }
