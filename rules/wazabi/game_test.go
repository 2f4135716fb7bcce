package wazabi

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

func TestInfo(t *testing.T) {
	info := New().Info()
	if info.ID != "wazabi" || info.NameFA == "" || info.MinPlayers != 2 || info.MaxPlayers != 6 {
		t.Errorf("info %+v", info)
	}
	wantOpts := []string{"starting_dice", "neighbours_only", "teams", "play_to_last", "hands", "first_player"}
	for i, o := range info.Options {
		if o.Name != wantOpts[i] || o.Description == "" || o.Type == "" {
			t.Errorf("option %d: %+v", i, o)
		}
	}
	// The documented examples are valid and apply in the documented order.
	s := setup(t, rulestest.Players(3), nil)
	want := []string{"opening_roll", "rolled", "cards_drawn", "dice_given", "card_played", "turn_ended"}
	if len(info.Events) != len(want) {
		t.Fatalf("%d events documented", len(info.Events))
	}
	for i, ev := range info.Events {
		if ev.Type != want[i] || ev.Description == "" {
			t.Errorf("event %d: %s", i, ev.Type)
		}
		s, _ = apply(t, s, ev.Type, ev.Example)
	}
	// p1's turn is over; p2 plays next, and p3's card waits for p3's turn.
	if s.Current != "p2" || seat(t, s, "p3").Skips != 1 || s.PlayedPile != 0 {
		t.Errorf("after the examples: current %s, seats %+v", s.Current, s.Seats)
	}
	// Every card ID is documented in the card_played description.
	for _, c := range catalogue {
		if !strings.Contains(info.Events[4].Description, c.ID) {
			t.Errorf("card %s not documented", c.ID)
		}
	}
}

// A whole match recorded event by event, from Setup to the Result.
func TestFullGame(t *testing.T) {
	players := []rules.Player{{ID: "p1", Name: "سارا"}, {ID: "p2", Name: "Ali"}, {ID: "p3", Name: "Reza"}}
	s := setup(t, players, map[string]any{"starting_dice": 2})
	script := []struct{ typ, data string }{
		{"opening_roll", `{"w":{"p1":1,"p2":2,"p3":0}}`},
		{"rolled", `{"player":"p2","w":1,"card":1,"give":0}`},
		{"cards_drawn", `{"player":"p2","count":1}`},
		{"card_played", `{"player":"p2","card":"lose_a_die"}`},
		{"turn_ended", `{"player":"p2"}`},
		{"rolled", `{"player":"p3","w":2,"card":0,"give":0}`},
		{"card_played", `{"player":"p3","card":"miss_a_turn","target":"p1"}`},
		{"turn_ended", `{"player":"p3"}`}, // p1 is skipped
		{"rolled", `{"player":"p2","w":0,"card":1,"give":0}`},
		{"cards_drawn", `{"player":"p2","count":1}`},
		{"turn_ended", `{"player":"p2"}`},
		{"rolled", `{"player":"p3","w":1,"card":1,"give":0}`},
		{"cards_drawn", `{"player":"p3","count":1}`},
		{"card_played", `{"player":"p3","card":"steal_a_card","target":"p2"}`},
		{"turn_ended", `{"player":"p3"}`},
		{"rolled", `{"player":"p1","w":0,"card":0,"give":2}`},
		{"dice_given", `{"player":"p1","to":["p2","p3"]}`},
	}
	for i, ev := range script {
		if s.Over {
			t.Fatalf("over before event %d", i)
		}
		s, _ = apply(t, s, ev.typ, ev.data)
		checkInvariants(t, s, ev.typ)
	}
	if !s.Over || s.Phase != "finished" {
		t.Fatal("the match should be over")
	}
	wantDice(t, s, map[string]int{"p1": 0, "p2": 2, "p3": 3})
	wantCards(t, s, map[string]int{"p1": 3, "p2": 3, "p3": 3})
	if s.DiceOutOfPlay != 1 || s.PlayedPile != 3 || s.DrawPile != 24 {
		t.Errorf("out %d played %d draw %d", s.DiceOutOfPlay, s.PlayedPile, s.DrawPile)
	}
	wantPlacements(t, s.Result(), map[string]int{"p1": 1, "p2": 2, "p3": 3})
	sc := s.Scores()
	if sc.Totals["p1"] != 0 || sc.Totals["p3"] != 3 || len(sc.Rounds.([]HandRow)) != 1 {
		t.Errorf("scores %+v", sc)
	}
	if _, _, err := New().Apply(s, rules.Event{Type: "rolled", Data: []byte(`{}`)}); !isErr(err, rules.ErrFinished) {
		t.Errorf("after the end: %v", err)
	}
	// Replay from the log gives the same state.
	log := make([]rules.Event, len(script))
	for i, ev := range script {
		log[i] = rules.Event{Type: ev.typ, Data: json.RawMessage(ev.data)}
	}
	r, err := rules.Replay(New(), players, json.RawMessage(`{"starting_dice":2}`), log)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := rules.Fingerprint(r)
	b, _ := rules.Fingerprint(s)
	if string(a) != string(b) {
		t.Error("replay differs")
	}
	if sc := setup(t, players, nil).Scores(); sc.Rounds == nil || len(sc.Rounds.([]HandRow)) != 0 {
		t.Error("rounds must be an empty slice, not nil")
	}
}

// Random legal matches from Setup all reach a Result with every player
// placed (team games: the two members share a place).
func TestRandomMatchesFinish(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 2024))
	finished := 0
	for k := 0; k < 60; k++ {
		players := rulestest.Players(2 + r.IntN(5))
		s := setup(t, players, randomOptions(r, players))
		s = playRandom(t, r, s, 4000, nil)
		if !s.Over {
			continue
		}
		finished++
		res := s.Result()
		if res == nil || len(res.Placements) != len(players) || len(res.Winners) == 0 {
			t.Fatalf("result %+v", res)
		}
		if len(s.Options.Teams) > 0 && len(res.Teams) != len(players)/2 {
			t.Errorf("teams %v", res.Teams)
		}
		if len(s.Played) != s.Options.Hands {
			t.Errorf("%d hands played of %d", len(s.Played), s.Options.Hands)
		}
	}
	if finished < 50 {
		t.Errorf("only %d of 60 random matches finished", finished)
	}
}
