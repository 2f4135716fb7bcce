package play

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"github.com/motamed/motamed/rules"
)

// roundRows marshals each row of s's score sheet on its own. The sheet's
// Rounds must be a list of rows.
func roundRows(t *testing.T, s rules.State) []string {
	t.Helper()
	sheet := s.Scores().Rounds
	n, ok := rules.RowsLen(sheet)
	if !ok {
		t.Fatalf("Scores().Rounds is %T, not a list of rows", sheet)
	}
	v := reflect.ValueOf(rules.RowsSlice(sheet, 0, n))
	rows := make([]string, n)
	for i := range rows {
		b, err := json.Marshal(v.Index(i).Interface())
		if err != nil {
			t.Fatalf("marshalling row %d: %v", i, err)
		}
		rows[i] = string(b)
	}
	return rows
}

// settledRowDiffers returns the first index below min(len(a), len(b))-1 at
// which a and b differ, or -1: only the last row two score sheets share may
// differ.
func settledRowDiffers(a, b []string) int {
	for i := 0; i < min(len(a), len(b))-1; i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}

// TestScoreRowsBeforeTheLastNeverChange holds every game to the promise of
// rules.Scores: over generated matches folded one event at a time, a row
// before the last one the two states share marshals to the same JSON before
// and after every Apply; and an undo gives back exactly the rows the match
// had before the undone event.
func TestScoreRowsBeforeTheLastNeverChange(t *testing.T) {
	const matches = 6
	for _, spec := range Games() {
		t.Run(spec.ID, func(t *testing.T) {
			t.Parallel()
			rowsSeen, events := 0, 0
			for i := 0; i < matches; i++ {
				seq, _, err := Generate(spec, 2024, i)
				if err != nil {
					t.Fatalf("match %d: %v", i, err)
				}
				players := SeatPlayers(seq.Seats)
				var opts json.RawMessage
				if seq.Options != "" {
					opts = json.RawMessage(seq.Options)
				}
				log := seq.Events(SeatIDs(seq.Seats))

				// Undo the first event, the last, and two in between.
				undoAt := []int{0, len(log) / 3, 2 * len(log) / 3, len(log) - 1}
				before := map[int][]string{} // rows after log[:k], for k in undoAt

				s, _, err := spec.Game.Setup(players, opts)
				if err != nil {
					t.Fatalf("match %d: setup %s: %v", i, opts, err)
				}
				prev := roundRows(t, s)
				for k, ev := range log {
					if slices.Contains(undoAt, k) {
						before[k] = prev
					}
					s, _, err = spec.Game.Apply(s, ev)
					if err != nil {
						t.Fatalf("match %d event %d (%s): %v", i, k+1, ev.Type, err)
					}
					cur := roundRows(t, s)
					if j := settledRowDiffers(prev, cur); j >= 0 {
						t.Fatalf("match %d (%d seats, options %s) event %d (%s %s): %d rows -> %d rows, row %d changed:\nbefore %s\nafter  %s",
							i, seq.Seats, opts, k+1, ev.Type, ev.Data, len(prev), len(cur), j, prev[j], cur[j])
					}
					prev = cur
				}
				rowsSeen += len(prev)
				events += len(log)

				for _, k := range undoAt {
					undone := append(slices.Clone(log[:k+1]), rules.Event{Type: rules.UndoType})
					u, err := rules.Replay(spec.Game, players, opts, undone)
					if err != nil {
						t.Fatalf("match %d: replaying events 1 to %d and an undo: %v", i, k+1, err)
					}
					got, want := roundRows(t, u), before[k]
					if !slices.Equal(got, want) {
						t.Fatalf("match %d: undoing event %d (%s) gives %d rows %v, want the %d rows before it %v",
							i, k+1, log[k].Type, len(got), got, len(want), want)
					}
				}
			}
			if rowsSeen == 0 {
				t.Errorf("no generated match has a score row")
			}
			t.Logf("%d matches, %d events, %d rows at the end", matches, events, rowsSeen)
		})
	}
}
