package main

import (
	_ "embed"
	"encoding/json"

	"github.com/motamed/motamed/rules/bridge"
)

// samplesJSON is one generated match of every game (gen_samples.go writes
// it). The table app plays a game's sample through the module in the
// background once it has opened a match of that game, so that the first
// event of each kind the table records offline does not pay for compiling
// the code it runs: a first event of a kind took up to 60 ms at 4x CPU
// throttling, the same event warmed up under 20.
//
//go:embed samples.json
var samplesJSON []byte

// sampleOf is the sample match of game: the request that opens it with no
// events, and its events to apply one by one; ok is false for a game with
// none (a score sheet).
func sampleOf(game string) (req bridge.OpenRequest, events []bridge.StoredEvent, ok bool) {
	var all []bridge.OpenRequest
	if err := json.Unmarshal(samplesJSON, &all); err != nil {
		return req, nil, false
	}
	for _, s := range all {
		if s.Game == game {
			events, s.Events = s.Events, []bridge.StoredEvent{}
			return s, events, true
		}
	}
	return req, nil, false
}
