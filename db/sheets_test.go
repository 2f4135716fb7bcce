package db

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/sheet"
)

// A score-sheet game outlives a restart: it is offered again at Open and
// its matches replay; a second version gets its own ID.
func TestSheetGamesSurviveRestart(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "sheets.db")
	reg := rules.NewRegistry()
	s, err := Open(ctx, Config{Path: path}, reg)
	if err != nil {
		t.Fatal(err)
	}
	def := sheet.Definition{ID: "darts", Name: "Darts", MinPlayers: 2, MaxPlayers: 4, Rounds: &sheet.Rounds{Count: 2}}
	if _, err := s.CreateSheetGame(ctx, def); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreateSheetGame(ctx, def); !errors.Is(err, rules.ErrGameExists) {
		t.Fatalf("the same ID again: %v", err)
	}
	v2, err := s.CreateSheetGame(ctx, sheet.Definition{VersionOf: "darts", Name: "Darts", MinPlayers: 2, MaxPlayers: 4, Rounds: &sheet.Rounds{Count: 3}})
	if err != nil || v2.Info().ID != "darts-v2" || v2.Definition().Version != 2 {
		t.Fatalf("second version: %v %v", v2, err)
	}
	a, _ := s.CreatePlayer(ctx, "A")
	b, _ := s.CreatePlayer(ctx, "B")
	m, err := s.CreateMatch(ctx, NewMatch{Game: "darts", Players: []string{a.ID, b.ID}})
	if err != nil {
		t.Fatal(err)
	}
	ev := rules.Event{Type: sheet.EvScoresRecorded, Data: []byte(`{"round":1,"scores":{"` + a.ID + `":60,"` + b.ID + `":45}}`)}
	if _, err := s.Append(ctx, m.ID, ev, AppendOptions{}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	reg2 := rules.NewRegistry()
	s2, err := Open(ctx, Config{Path: path}, reg2)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if _, ok := reg2.Get("darts-v2"); !ok {
		t.Fatal("the sheets are not offered after a restart")
	}
	got, err := s2.GetMatch(ctx, m.ID)
	if err != nil || got.State.Scores().Totals[a.ID] != 60 {
		t.Fatalf("replayed after restart: %v", err)
	}
}
