package sheet

import (
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// The Crew: won or lost by the whole table; no places between players.
func TestCooperativeSheet(t *testing.T) {
	d := Definition{ID: "the-crew", Version: 1, Name: "The Crew", MinPlayers: 2, MaxPlayers: 5, Rounds: &Rounds{}, Cooperative: true}
	g, s := setup(t, d, 3)
	rulestest.WantInputError(t, g, s, EvFinalRecorded, map[string]any{}, "data.won")
	rulestest.WantInputError(t, g, s, EvFinalRecorded, map[string]any{"won": true, "places": map[string]int{"p1": 1, "p2": 2, "p3": 3}}, "data.places")
	won, _ := rulestest.MustApply(t, g, s, EvFinalRecorded, map[string]any{"won": true})
	r := won.Result()
	if !r.Cooperative || len(r.Winners) != 3 || r.Placements[2].Place != 1 {
		t.Fatalf("won together: %+v", r)
	}
	lost, _ := rulestest.MustApply(t, g, s, EvFinalRecorded, map[string]any{"won": false, "scores": map[string]int{"p1": 4, "p2": 4, "p3": 4}})
	if r := lost.Result(); !r.Cooperative || len(r.Winners) != 0 || r.Placements[0].Place != 1 {
		t.Fatalf("lost together: %+v", r)
	}
	open, _ := rulestest.MustApply(t, g, s, EvScoresRecorded, map[string]any{"round": 1, "scores": map[string]int{"p1": 1, "p2": 1, "p3": 1}})
	rulestest.WantInputError(t, g, open, EvSheetFinished, map[string]any{}, "data.won")
	done, _ := rulestest.MustApply(t, g, open, EvSheetFinished, map[string]any{"won": true})
	if len(done.Result().Winners) != 3 {
		t.Fatalf("finished won: %+v", done.Result())
	}
	bad := d
	bad.Teams = &Teams{Count: 2}
	if err := bad.Check(); err == nil {
		t.Fatal("a cooperative game in teams is refused")
	}
}

// Codenames-like: a winner and no scores; the rest share the next place.
func TestWinnerOnlySheet(t *testing.T) {
	d := Definition{ID: "werewolf", Version: 1, Name: "Werewolf", MinPlayers: 3, MaxPlayers: 10, Rounds: &Rounds{}, WinnerOnly: true}
	g, s := setup(t, d, 4)
	rulestest.WantInputError(t, g, s, EvFinalRecorded, map[string]any{}, "data.winners")
	rulestest.WantInputError(t, g, s, EvFinalRecorded, map[string]any{"winners": []string{"p1"}, "scores": map[string]int{"p1": 1, "p2": 0, "p3": 0, "p4": 0}}, "data.scores")
	rulestest.WantInputError(t, g, s, EvFinalRecorded, map[string]any{"winners": []string{"p9"}}, "data.winners[0]")
	rulestest.WantInputError(t, g, s, EvFinalRecorded, map[string]any{"won": true, "winners": []string{"p1"}}, "data.won")
	done, _ := rulestest.MustApply(t, g, s, EvFinalRecorded, map[string]any{"winners": []string{"p2", "p4"}})
	places := map[string]int{}
	for _, p := range done.Result().Placements {
		places[p.PlayerID] = p.Place
	}
	if places["p2"] != 1 || places["p4"] != 1 || places["p1"] != 3 || places["p3"] != 3 {
		t.Fatalf("winners first, the rest share the next place: %v", places)
	}
	// A score sheet that keeps scores takes no winners list.
	g2, s2 := setup(t, golf(), 2)
	rulestest.WantInputError(t, g2, s2, EvFinalRecorded, map[string]any{"scores": map[string]int{"p1": 30, "p2": 31}, "winners": []string{"p1"}}, "data.winners")
	_ = rules.Result{}
}
