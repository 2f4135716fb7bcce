package yatuk

import (
	"encoding/json"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// The spec's example 8: a 6-card army that needs a real matching.
func BenchmarkRuleArmy6(b *testing.B) {
	cards := army(b, "W red 4; T green/red 6; M red/yellow 16; M green 14; D red/blue 20; D green/yellow 12")
	gems := gemList("red", "white")
	for b.Loop() {
		if r, _ := RuleArmy(cards, gems, ArmyOptions{}); r.Kept != 6 {
			b.Fatal(r.Kept)
		}
	}
}

// A 12-card stress army (twice Gomati's capacity): one wizard, one tool,
// five monsters and five demons, with the white gem to choose.
func BenchmarkRuleArmy12(b *testing.B) {
	cards := army(b, "W all 5; T red/green 3; M red 9; M green/blue 8; M yellow 7; M blue/red 10; M all 6; "+
		"D red/yellow 12; D blue 11; D green 9; D yellow/blue 13; D all 4")
	gems := gemList("red", "white")
	for b.Loop() {
		if _, err := RuleArmy(cards, gems, ArmyOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// Worst case at 12 cards: one wizard, five monsters, six demons.
func BenchmarkRuleArmy12Worst(b *testing.B) {
	cards := army(b, "W all 5; M red 9; M green/blue 8; M yellow 7; M blue/red 10; M all 6; "+
		"D red/yellow 12; D blue 11; D green 9; D yellow/blue 13; D all 4; D red 2")
	gems := gemList("white")
	for b.Loop() {
		if _, err := RuleArmy(cards, gems, ArmyOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkApplyCardPlayed(b *testing.B) {
	g := New()
	s, _, err := g.Setup(rulestest.Players(4), json.RawMessage(cap3))
	if err != nil {
		b.Fatal(err)
	}
	ev := rules.Event{Type: "card_played", Data: json.RawMessage(`{"player":"p1","land":"vipas","card":{"kind":"wizard","colors":["red"],"power":5}}`)}
	for b.Loop() {
		if _, _, err := g.Apply(s, ev); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkApplyBattleResolved(b *testing.B) {
	g := New()
	s, _, _ := g.Setup(rulestest.Players(2), json.RawMessage(`{"capacities":{"vipas":6,"vitasta":3,"parushni":3,"sutudri":3},"first_player":"p2"}`))
	left := `[{"kind":"wizard","colors":["yellow"],"power":3},{"kind":"tool","colors":["yellow","green"],"power":6},{"kind":"monster","colors":["yellow"],"power":9},{"kind":"monster","colors":["green"],"power":15},{"kind":"weapon","colors":["green"],"power":7},{"kind":"demon","colors":["red"],"power":10}]`
	right := `[{"kind":"wizard","colors":["red"],"power":5},{"kind":"monster","colors":["red","blue"],"power":20},{"kind":"demon","colors":["blue"],"power":11},{"kind":"weapon","colors":["red"],"power":4},{"kind":"tool","colors":["green"],"power":5},{"kind":"weapon","colors":["yellow"],"power":6}]`
	st := s.(*State).clone()
	var l, r []cardJSON
	_ = json.Unmarshal([]byte(left), &l)
	_ = json.Unmarshal([]byte(right), &r)
	var f rules.Fields
	for i, c := range parseCards(l, "l", &f) {
		st.land(Vipas).Armies[0].slots = append(st.land(Vipas).Armies[0].slots, slot{known: i < 2, card: c})
	}
	for _, c := range parseCards(r, "r", &f) {
		st.land(Vipas).Armies[1].slots = append(st.land(Vipas).Armies[1].slots, slot{known: true, card: c})
	}
	st.Current = "p1"
	st.Phase = PhaseForced
	st.PendingBattle = &PendingBattle{Land: Vipas, Type: ForcedBattle, CurrentPlayer: "p1"}
	ev := rules.Event{Type: "battle_resolved", Data: json.RawMessage(`{"land":"vipas","armies":{"p1":` + left + `,"p2":` + right + `}}`)}
	for b.Loop() {
		if _, _, err := g.Apply(st, ev); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReplayFullGame(b *testing.B) {
	w := func(c string, p int) string {
		return `{"kind":"wizard","colors":["` + c + `"],"power":` + string(rune('0'+p)) + `}`
	}
	ev := func(typ, data string) rules.Event { return rules.Event{Type: typ, Data: json.RawMessage(data)} }
	log := []rules.Event{
		ev("card_played", `{"player":"p1","land":"vipas","card":`+w("red", 5)+`}`),
		ev("card_played", `{"player":"p2","land":"vipas","card":`+w("blue", 3)+`}`),
		ev("card_played", `{"player":"p2","land":"vitasta","card":`+w("green", 2)+`}`),
		ev("battle_resolved", `{"land":"vipas","armies":{"p1":[`+w("red", 5)+`],"p2":[`+w("blue", 3)+`]}}`),
		ev("card_played", `{"player":"p1","land":"vitasta","card":`+w("yellow", 4)+`}`),
		ev("card_played", `{"player":"p1","land":"parushni","card":`+w("red", 1)+`}`),
		ev("battle_resolved", `{"land":"vitasta","armies":{"p1":[`+w("yellow", 4)+`],"p2":[`+w("green", 2)+`]}}`),
		ev("card_played", `{"player":"p2","land":"parushni","card":`+w("blue", 9)+`}`),
		ev("card_burned", `{"player":"p2"}`),
		ev("battle_resolved", `{"land":"parushni","armies":{"p1":[`+w("red", 1)+`],"p2":[`+w("blue", 9)+`]}}`),
		ev("card_played", `{"player":"p1","land":"sutudri","card":`+w("red", 6)+`}`),
		ev("card_burned", `{"player":"p1"}`),
		ev("card_played", `{"player":"p2","land":"sutudri","card":`+w("red", 2)+`}`),
		ev("card_played", `{"player":"p2","land":"gomati","card":`+w("blue", 1)+`}`),
		ev("battle_resolved", `{"land":"sutudri","armies":{"p1":[`+w("red", 6)+`],"p2":[`+w("red", 2)+`]}}`),
	}
	players := rulestest.Players(2)
	for b.Loop() {
		s, err := rules.Replay(New(), players, json.RawMessage(cap1), log)
		if err != nil {
			b.Fatal(err)
		}
		if !s.(*State).Finished {
			b.Fatal("not finished")
		}
	}
}

func BenchmarkRefereeBattle(b *testing.B) {
	r := New().Referees()[1]
	for b.Loop() {
		if _, err := r.Ask(r.Example); err != nil {
			b.Fatal(err)
		}
	}
}
