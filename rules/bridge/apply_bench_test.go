package bridge

import (
	"encoding/json"
	"testing"

	"github.com/motamed/motamed/rules/play"
)

// BenchmarkApply is one event of a generated match applied and its answer
// written as the module writes it, per game.
func BenchmarkApply(b *testing.B) {
	for _, id := range []string{"wizard", "munchkin", "wazabi", "silver", "yatuk"} {
		spec, ok := play.ByID(id)
		if !ok {
			continue
		}
		seq, _, err := play.Generate(spec, 20261129, 0)
		if err != nil {
			b.Fatal(err)
		}
		evs := seq.Events(play.SeatIDs(seq.Seats))
		b.Run(id, func(b *testing.B) {
			n := 0
			var br *Bridge
			var h int
			for b.Loop() {
				if n%len(evs) == 0 {
					br = New()
					h, _, err = br.Open(OpenRequest{Game: id, Players: play.SeatPlayers(seq.Seats), Options: json.RawMessage(orEmpty(seq.Options))}, "en")
					if err != nil {
						b.Fatal(err)
					}
				}
				v, err := br.Apply(h, evs[n%len(evs)], 0, "en")
				if err != nil {
					b.Fatal(err)
				}
				if _, err := json.Marshal(map[string]any{"ok": v}); err != nil {
					b.Fatal(err)
				}
				n++
			}
			b.ReportMetric(float64(len(evs)), "events/match")
		})
	}
}

func orEmpty(s string) string {
	if s == "" {
		return "{}"
	}
	return s
}
