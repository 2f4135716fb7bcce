package wazabi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// Over random legal event sequences (fixed seed), no die and no card ever
// appears or vanishes:
//
//	dice held by players + dice out of play = players x starting dice
//	cards in hands + draw pile + played pile + Miss-a-turn cards waiting = 36
//
// (a Miss-a-turn card lies face up in front of its target until the skip,
// WAZABI-SKIP-2, so it is in no hand and no pile meanwhile). Every event
// also leaves its input state untouched.
func TestPropertyConservation(t *testing.T) {
	r := rand.New(rand.NewPCG(2024, 6))
	events, reshuffles, opponentDraws, skips := 0, 0, 0, 0
	for game := 0; game < 150; game++ {
		players := rulestest.Players(2 + r.IntN(5))
		opts := randomOptions(r, players)
		s := setup(t, players, opts)
		checkInvariants(t, s, "setup")
		for k := 0; k < 3000 && !s.Over; k++ {
			ev := randomEvent(r, s)
			before, _ := rules.Fingerprint(s)
			next, notes, err := New().Apply(s, ev)
			if err != nil {
				t.Fatalf("game %d event %d %s %s (phase %s): %v", game, k, ev.Type, ev.Data, s.Phase, err)
			}
			if after, _ := rules.Fingerprint(s); !bytes.Equal(before, after) {
				t.Fatalf("game %d: Apply changed its input on %s %s", game, ev.Type, ev.Data)
			}
			s = next.(*State)
			checkInvariants(t, s, fmt.Sprintf("game %d (%v) event %d %s %s", game, opts, k, ev.Type, ev.Data))
			events++
			for _, n := range notes {
				switch n.Rule {
				case "WAZABI-PILE-2":
					reshuffles++
				case "WAZABI-SKIP-2":
					skips++
				}
			}
			if ev.Type == "cards_drawn" && bytes.Contains(ev.Data, []byte(`"from"`)) {
				opponentDraws++
			}
		}
	}
	// The random games must reach the interesting corners, or the property
	// says little.
	if reshuffles == 0 || opponentDraws == 0 || skips == 0 {
		t.Errorf("corners not reached: %d reshuffles, %d draws from opponents, %d skips", reshuffles, opponentDraws, skips)
	}
	t.Logf("%d events, %d reshuffles, %d draws from opponents, %d skips", events, reshuffles, opponentDraws, skips)
}

// Random events that are mostly illegal never break the totals either: a
// rejected event leaves nothing behind, an accepted one keeps the counts.
func TestPropertyRejectedEventsChangeNothing(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	types := []string{"opening_roll", "rolled", "cards_drawn", "dice_given", "card_played", "turn_ended"}
	for game := 0; game < 40; game++ {
		players := rulestest.Players(2 + r.IntN(5))
		s := setup(t, players, randomOptions(r, players))
		for k := 0; k < 400 && !s.Over; k++ {
			var ev rules.Event
			if r.IntN(2) == 0 {
				ev = randomEvent(r, s)
			} else {
				ev = mangle(r, randomEvent(r, s), types, players)
			}
			next, _, err := New().Apply(s, ev)
			if err != nil {
				continue
			}
			s = next.(*State)
			checkInvariants(t, s, fmt.Sprintf("%s %s", ev.Type, ev.Data))
		}
	}
}

// mangle changes one thing of a legal event: its type, its player, a count
// or a target.
func mangle(r *rand.Rand, ev rules.Event, types []string, players []rules.Player) rules.Event {
	var data map[string]any
	_ = json.Unmarshal(ev.Data, &data)
	switch r.IntN(4) {
	case 0:
		ev.Type = types[r.IntN(len(types))]
	case 1:
		data["player"] = players[r.IntN(len(players))].ID
	case 2:
		for _, k := range []string{"w", "card", "give", "count"} {
			if _, ok := data[k]; ok {
				data[k] = r.IntN(5)
			}
		}
	default:
		data["target"] = players[r.IntN(len(players))].ID
		data["to"] = []string{players[r.IntN(len(players))].ID}
	}
	ev.Data, _ = json.Marshal(data)
	return ev
}
