//go:build ignore

// gen_samples writes samples.json: one generated match of every game, as
// the table app warms the module up with (see samples.go). build.sh runs it
// before building the module.
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/motamed/motamed/rules/bridge"
	"github.com/motamed/motamed/rules/play"
)

// maxEvents bounds a sample: enough for every kind of event of a game to
// come up, and a warm-up of a few hundred milliseconds on a slow phone.
const maxEvents = 100

func main() {
	var out []sample
	for _, spec := range play.Games() {
		// Of a few matches, the one with the most kinds of events, then
		// the longest.
		var seq *play.Seq
		best := [2]int{}
		for i := range 8 {
			s, _, err := play.Generate(spec, 4242, i)
			if err != nil {
				fmt.Fprintln(os.Stderr, "gen_samples:", spec.ID, err)
				os.Exit(1)
			}
			kinds := map[string]bool{}
			for _, t := range s.Types {
				kinds[t] = true
			}
			if score := [2]int{len(kinds), min(len(s.Types), maxEvents)}; seq == nil || score[0] > best[0] || score[0] == best[0] && score[1] > best[1] {
				seq, best = s, score
			}
		}
		events := seq.Events(play.SeatIDs(seq.Seats))
		s := sample{Game: spec.ID, Players: play.SeatPlayers(seq.Seats)}
		if seq.Options != "" {
			s.Options = json.RawMessage(seq.Options)
		}
		for _, ev := range events[:min(len(events), maxEvents)] {
			s.Events = append(s.Events, bridge.StoredEvent{Type: ev.Type, Data: ev.Data})
		}
		out = append(out, s)
	}
	b, err := json.Marshal(out)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen_samples:", err)
		os.Exit(1)
	}
	if err := os.WriteFile("samples.json", append(b, '\n'), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "gen_samples:", err)
		os.Exit(1)
	}
}

// sample is as samples.go reads it.
type sample = struct {
	Game    string               `json:"game"`
	Players any                  `json:"players"`
	Options json.RawMessage      `json:"options,omitempty"`
	Events  []bridge.StoredEvent `json:"events"`
}
