package play

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/motamed/motamed/rules"
)

// Every state of every generated match of every game reads back from its
// snapshot as itself, and the generated match continued from the state
// read back ends where the whole match ends.
func TestSnapshotsReadBackEveryState(t *testing.T) {
	pool, err := BuildPool(Games(), 3, 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range Games() {
		for _, seq := range pool[spec.ID] {
			ids, players := SeatIDs(seq.Seats), SeatPlayers(seq.Seats)
			var options json.RawMessage
			if seq.Options != "" {
				options = json.RawMessage(seq.Replacer(ids).Replace(seq.Options))
			}
			s, effective, err := spec.Game.Setup(players, options)
			if err != nil {
				t.Fatal(err)
			}
			opts, _ := json.Marshal(effective)
			events := seq.Events(ids)
			end, err := rules.Replay(spec.Game, players, opts, events)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := rules.Fingerprint(end)
			for k, ev := range events {
				if s, _, err = spec.Game.Apply(s, ev); err != nil {
					t.Fatal(err)
				}
				data, err := rules.EncodeState(s)
				if err != nil {
					t.Fatalf("%s event %d: %v", spec.ID, k+1, err)
				}
				back, err := rules.DecodeState(spec.Game, players, opts, data)
				if err != nil {
					t.Fatalf("%s event %d: %v", spec.ID, k+1, err)
				}
				a, _ := rules.Fingerprint(s)
				b, _ := rules.Fingerprint(back)
				if !bytes.Equal(a, b) {
					t.Fatalf("%s event %d: read back\n%s\nwritten\n%s", spec.ID, k+1, b, a)
				}
				if k%7 == 3 {
					cont, err := rules.Continue(spec.Game, back, events[k+1:])
					if err != nil {
						t.Fatalf("%s: continued from event %d: %v", spec.ID, k+1, err)
					}
					if got, _ := rules.Fingerprint(cont); !bytes.Equal(got, want) {
						t.Fatalf("%s: continued from event %d, the match ends elsewhere", spec.ID, k+1)
					}
				}
			}
			if v := rules.SnapshotVersion(spec.Game, players, opts); v == "" || v == rules.SnapshotVersion(Games()[(specIndex(spec.ID)+1)%len(Games())].Game, players, nil) {
				t.Fatalf("%s: snapshot version %q", spec.ID, v)
			}
		}
	}
}

func specIndex(id string) int {
	for i, s := range Games() {
		if s.ID == id {
			return i
		}
	}
	return -1
}
