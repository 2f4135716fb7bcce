package wazabi

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// BenchmarkApplyRolled applies one typical event (a roll) to a 5-player
// table.
func BenchmarkApplyRolled(b *testing.B) {
	s := setup(b, rulestest.Players(5), map[string]any{"first_player": "p1"})
	ev := rules.Event{Type: "rolled", Data: json.RawMessage(`{"player":"p1","w":2,"card":1,"give":1}`)}
	g := New()
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := g.Apply(s, ev); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkApplyCardPlayed applies Pass dice on a 6-player table.
func BenchmarkApplyCardPlayed(b *testing.B) {
	s := setup(b, rulestest.Players(6), map[string]any{"first_player": "p1"})
	s, _ = apply(b, s, "rolled", `{"player":"p1","w":4,"card":0,"give":0}`)
	ev := rules.Event{Type: "card_played", Data: json.RawMessage(`{"player":"p1","card":"pass_dice","direction":"left"}`)}
	g := New()
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := g.Apply(s, ev); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReplay replays a whole recorded 4-player match (a 3-hand
// tournament) from its log.
func BenchmarkReplay(b *testing.B) {
	players := rulestest.Players(4)
	opts := json.RawMessage(`{"hands":3}`)
	s0, _, _ := New().Setup(players, opts)
	var log []rules.Event
	playRandom(b, rand.New(rand.NewPCG(9, 9)), s0.(*State), 100000, func(_ *State, ev rules.Event) { log = append(log, ev) })
	b.ReportAllocs()
	for b.Loop() {
		if _, err := rules.Replay(New(), players, opts, log); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(log)), "events/replay")
}

// BenchmarkTurnReferee answers the turn question.
func BenchmarkTurnReferee(b *testing.B) {
	ref := turnReferee(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ref.Ask(ref.Example); err != nil {
			b.Fatal(err)
		}
	}
}
