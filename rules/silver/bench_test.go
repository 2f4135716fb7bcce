package silver

import (
	"encoding/json"
	"testing"

	"github.com/motamed/motamed/rules"
)

// BenchmarkApplyRoundEnded scores one 4-player round: the heaviest event.
func BenchmarkApplyRoundEnded(b *testing.B) {
	s := setup(b, seat("a", "b", "c", "d"), "")
	s = play(b, s, census("b", 3))
	ev := rules.Event{Type: EventRoundEnded, Data: json.RawMessage(`{"villages":{"a":[4,4,1,7,9],"b":[8,3,0],"c":[2,7],"d":[1,6,3,11,12,13]},"reason":"census"}`)}
	g := New()
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := g.Apply(s, ev); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkApplyTurnTaken records one turn, the most frequent event.
func BenchmarkApplyTurnTaken(b *testing.B) {
	s := play(b, setup(b, seat("a", "b", "c", "d"), ""), turn("a"))
	ev := rules.Event{Type: EventTurnTaken, Data: json.RawMessage(`{"player":"b","action":"draw"}`)}
	g := New()
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := g.Apply(s, ev); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReplayFullGame folds a whole 4-round game from its log.
func BenchmarkReplayFullGame(b *testing.B) {
	log, players := fullGameLog(), fullGamePlayers()
	g := New()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := rules.Replay(g, players, nil, log); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRefereeRound(b *testing.B) {
	body := json.RawMessage(exampleRoundRequest)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := askRound(body); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRefereeSwap(b *testing.B) {
	body := json.RawMessage(exampleSwapRequest)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := askSwap(body); err != nil {
			b.Fatal(err)
		}
	}
}
