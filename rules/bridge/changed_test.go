package bridge

import (
	"encoding/json"
	"testing"

	"github.com/motamed/motamed/rules/play"
)

// The rows a step leaves out are the page's: the score rows and the
// sheet's rows put together from each answer and the ones before are the
// whole view's, after every event and undo of a generated match per game.
func TestStepsGiveOnlyTheRowsThatChanged(t *testing.T) {
	type page struct {
		Scores struct {
			Rounds []json.RawMessage `json:"rounds"`
		} `json:"scores"`
		View *struct {
			Sheet struct {
				Rows []json.RawMessage `json:"rows"`
			} `json:"sheet"`
		} `json:"view"`
		RowsFrom  int `json:"rows_from"`
		SheetFrom int `json:"sheet_from"`
	}
	read := func(v *View) page {
		raw, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var p page
		if err := json.Unmarshal(raw, &p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, spec := range play.Games() {
		if _, ok := New().games.Get(spec.ID); !ok {
			continue
		}
		seq, _, err := play.Generate(spec, 20261129, 1)
		if err != nil {
			t.Fatal(err)
		}
		b := New()
		req := OpenRequest{Game: spec.ID, Players: play.SeatPlayers(seq.Seats), Options: json.RawMessage(orEmpty(seq.Options))}
		h, v, err := b.Open(req, "en")
		if err != nil {
			t.Fatal(err)
		}
		held := read(v)
		whole := &match{game: b.matches[h].game}
		check := func(k int, v *View) {
			p := read(v)
			held.Scores.Rounds = append(held.Scores.Rounds[:min(p.RowsFrom, len(held.Scores.Rounds))], p.Scores.Rounds...)
			if p.View != nil {
				held.View.Sheet.Rows = append(held.View.Sheet.Rows[:min(p.SheetFrom, len(held.View.Sheet.Rows))], p.View.Sheet.Rows...)
			}
			whole.states = b.matches[h].states
			w := read(whole.view("en", nil))
			if a, b := mustJSON(held.Scores.Rounds), mustJSON(w.Scores.Rounds); a != b {
				t.Fatalf("%s step %d: score rows put together\n%.300s\nwhole\n%.300s", spec.ID, k, a, b)
			}
			if w.View != nil {
				if a, b := mustJSON(held.View.Sheet.Rows), mustJSON(w.View.Sheet.Rows); a != b {
					t.Fatalf("%s step %d: sheet rows put together\n%.300s\nwhole\n%.300s", spec.ID, k, a, b)
				}
			}
		}
		for k, ev := range seq.Events(play.SeatIDs(seq.Seats)) {
			v, err := b.Apply(h, ev, 0, "en")
			if err != nil {
				t.Fatal(err)
			}
			check(k, v)
			if k%5 == 4 {
				v, err := b.Undo(h, "en")
				if err != nil {
					t.Fatal(err)
				}
				check(k, v)
				if v, err = b.Redo(h, "en"); err != nil {
					t.Fatal(err)
				}
				check(k, v)
			}
		}
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
