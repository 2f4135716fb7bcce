package wizard

import (
	"encoding/json"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// BenchmarkApplyTrick applies one trick in round 5 of a 3-player match.
func BenchmarkApplyTrick(b *testing.B) {
	s := startRound(b, skipRounds(b, setup(b, 3, ""), 4), "red", 1, 1, 1) // p2 deals, p3 leads
	e := ev(evTrick, m{"plays": []m{{"player": "p3", "card": "blue-3"}, {"player": "p1", "card": "blue-10"},
		{"player": "p2", "card": "red-2"}}, "winner": "p2"})
	g := New()
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := g.Apply(s, e); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReplay folds the log of a full 3-player match (20 rounds, every
// trick recorded, hands in every other round) with rules.Replay.
func BenchmarkReplay(b *testing.B) {
	players := rulestest.Players(3)
	events, _ := fullMatch(players)
	g := New()
	b.ReportAllocs()
	b.ReportMetric(float64(len(events)), "events/op")
	for b.Loop() {
		if _, err := rules.Replay(g, players, nil, events); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTrickReferee(b *testing.B) {
	ask := referee(b, "trick").Ask
	body := json.RawMessage(`{"trump":"yellow","plays":["jester","blue-7","blue-12","green-13"]}`)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ask(body); err != nil {
			b.Fatal(err)
		}
	}
}
