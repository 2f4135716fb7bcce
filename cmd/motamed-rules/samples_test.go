package main

import (
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/bridge"
	"github.com/motamed/motamed/rules/play"
)

// Every game the generator plays has a sample, and the rules accept every
// event of it: a warm-up that stopped at a refusal would leave the code of
// the later events cold.
func TestSamplesArePlayedWhole(t *testing.T) {
	b := bridge.New()
	for _, spec := range play.Games() {
		req, events, ok := sampleOf(spec.ID)
		if !ok {
			t.Errorf("%s: no sample", spec.ID)
			continue
		}
		if len(events) < 40 {
			t.Errorf("%s: a sample of %d events warms too little up", spec.ID, len(events))
		}
		h, _, err := b.Open(req, "en")
		if err != nil {
			t.Fatalf("%s: the sample does not open: %v", spec.ID, err)
		}
		for i, ev := range events {
			if _, err := b.Apply(h, rules.Event{Type: ev.Type, Data: ev.Data}, int64(i+1), "en"); err != nil {
				t.Fatalf("%s: event %d (%s) of the sample is refused: %v", spec.ID, i+1, ev.Type, err)
			}
		}
		b.Close(h)
	}
	if _, _, ok := sampleOf("no-such-game"); ok {
		t.Error("a sample for a game that does not exist")
	}
}

// The sample call answers the match with no events and the events apart.
func TestSampleCall(t *testing.T) {
	got := answer(calls(bridge.New())["sample"]([]string{"wizard"}))
	if len(got) < 1000 || got[:len(`{"ok":{"events":[`)] != `{"ok":{"events":[` {
		t.Fatalf("sample(wizard) = %.200s", got)
	}
	if got := answer(calls(bridge.New())["sample"]([]string{"nothing"})); got != `{"ok":null}` {
		t.Fatalf("sample(nothing) = %s", got)
	}
}
