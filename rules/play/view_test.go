package play

import (
	"encoding/json"
	"testing"

	"github.com/motamed/motamed/rules"
)

// TestViewsAddUp holds every game's score sheet view to what a player sees:
// after every event of generated matches, every player's cells add up to
// the total shown, each adjustment is a mark that explains its cell, every
// figure a cell offers to fix is its own player's, and no text shows an ID;
// the view's totals are the game's own.
func TestViewsAddUp(t *testing.T) {
	const matches = 30
	for _, spec := range Games() {
		t.Run(spec.ID, func(t *testing.T) {
			t.Parallel()
			marks, fixes := map[string]int{}, map[string]int{}
			for i := 0; i < matches; i++ {
				seq, _, err := Generate(spec, 2026, i)
				if err != nil {
					t.Fatalf("match %d: %v", i, err)
				}
				players := SeatPlayers(seq.Seats)
				var opts json.RawMessage
				if seq.Options != "" {
					opts = json.RawMessage(seq.Options)
				}
				s, _, err := spec.Game.Setup(players, opts)
				if err != nil {
					t.Fatalf("match %d: setup: %v", i, err)
				}
				check := func(k int) {
					t.Helper()
					vw, ok := s.(rules.Viewer)
					if !ok {
						t.Fatalf("%T has no view", s)
					}
					v := vw.View()
					if err := v.Sheet.Check(players); err != nil {
						t.Fatalf("match %d (options %s) after event %d: %v", i, opts, k, err)
					}
					for id, tot := range s.Scores().Totals {
						if v.Sheet.Totals[id] != tot {
							t.Fatalf("match %d after event %d: the view's total for %s is %d, the game's %d", i, k, id, v.Sheet.Totals[id], tot)
						}
					}
					if (v.Now == nil) != (s.Result() != nil) {
						t.Fatalf("match %d after event %d: now view %v while the result is %v", i, k, v.Now, s.Result())
					}
					if v.Now != nil {
						for _, seat := range v.Now.Seats {
							if seat.Values == nil || len(seat.Values) != len(v.Now.Columns) {
								t.Fatalf("match %d after event %d: seat %s has values %v for columns %v", i, k, seat.Player, seat.Values, v.Now.Columns)
							}
						}
					}
					if k == len(seq.Bodies) {
						for _, r := range v.Sheet.Rows {
							for _, c := range r.Cells {
								for _, m := range c.Marks {
									marks[m.Kind]++
								}
								for _, f := range c.Fix {
									fixes[f.Field]++
								}
							}
						}
					}
				}
				check(0)
				for k, ev := range seq.Events(SeatIDs(seq.Seats)) {
					if s, _, err = spec.Game.Apply(s, ev); err != nil {
						t.Fatalf("match %d event %d: %v", i, k+1, err)
					}
					check(k + 1)
				}
			}
			t.Logf("marks at the end of %d matches: %v; figures to fix: %v", matches, marks, fixes)
			// A Wazabi hand's dice left are what many events made, none
			// alone; its phone fixes the dice held now.
			if len(fixes) == 0 && spec.ID != "wazabi" {
				t.Errorf("no cell of %d matches offers a figure to fix", matches)
			}
		})
	}
}
