package silver

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/motamed/motamed/rules"
)

// fullGameLog is a 3-player, 4-round game recorded turn by turn in rounds 1
// and 2, and with census calls and round ends only in rounds 3 and 4.
func fullGameLog() []rules.Event {
	ev := func(typ, data string) rules.Event { return rules.Event{Type: typ, Data: json.RawMessage(data)} }
	return []rules.Event{
		// Round 1: Sara starts; turns recorded; Reza calls a failed census.
		ev(EventRoundStarted, `{"round":1,"first_player":"sara"}`),
		ev(EventTurnTaken, `{"player":"sara","action":"draw"}`),
		ev(EventTurnTaken, `{"player":"reza","action":"discard"}`),
		ev(EventTurnTaken, `{"player":"mina","action":"draw"}`),
		ev(EventTurnTaken, `{"player":"sara","action":"draw"}`),
		ev(EventCensusCalled, `{"player":"reza","village_size":4}`),
		ev(EventTurnTaken, `{"player":"mina","action":"draw"}`),
		ev(EventTurnTaken, `{"player":"sara","action":"discard"}`),
		ev(EventRoundEnded, `{"villages":{"sara":[1,2,0],"reza":[5,5,3,1],"mina":[8,7,6,4,2]},"reason":"census"}`),
		// Round 2: Sara (lowest, 3) holds the amulet and starts; a census
		// by Mina as a turn, then the deck runs out during the extra turns.
		ev(EventRoundStarted, `{"round":2,"first_player":"sara"}`),
		ev(EventTurnTaken, `{"player":"sara","action":"draw"}`),
		ev(EventTurnTaken, `{"player":"reza","action":"draw"}`),
		ev(EventTurnTaken, `{"player":"mina","action":"census","village_size":3}`),
		ev(EventTurnTaken, `{"player":"sara","action":"draw"}`),
		ev(EventRoundEnded, `{"villages":{"sara":[9,9,2],"reza":[3,4,1,1],"mina":[2,1,0]},"reason":"deck_empty"}`),
		// Round 3: Mina won the census and starts; both Villagers show up.
		ev(EventRoundStarted, `{}`),
		ev(EventRoundEnded, `{"villages":{"sara":[0,6],"reza":[0,2,2],"mina":[5,5,5]},"reason":"villagers"}`),
		// Round 4: Reza (4) starts; the round starts with Sara's census.
		ev(EventCensusCalled, `{"player":"sara","village_size":2}`),
		ev(EventRoundEnded, `{"villages":{"sara":[3,3],"reza":[6,7],"mina":[1,2,3]},"reason":"census"}`),
	}
}

func fullGamePlayers() []rules.Player {
	return []rules.Player{{ID: "sara", Name: "سارا"}, {ID: "reza", Name: "Reza"}, {ID: "mina", Name: "Mina"}}
}

func TestFullGame(t *testing.T) {
	var s rules.State = setup(t, fullGamePlayers(), "")
	for i, ev := range fullGameLog() {
		if s.(*State).Phase == phaseFinished {
			t.Fatalf("finished before event %d", i+1)
		}
		if s.Next().EN == "" || s.Next().FA == "" {
			t.Errorf("before event %d: no next step", i+1)
		}
		next, notes, err := New().Apply(s, ev)
		if err != nil {
			t.Fatalf("event %d %s %s: %v", i+1, ev.Type, ev.Data, err)
		}
		if len(notes) > 0 {
			t.Errorf("event %d: unexpected notes %v", i+1, notes)
		}
		s = next
	}
	st := s.(*State)
	// Round scores: 1: sara 3, reza 14+10, mina 27; 2: sara 20, reza 9,
	// mina 0 (census 3 ≤ 9); 3: sara 6, reza 4, mina 15; 4: sara 0 (6 ≤ 6),
	// reza 13, mina 6.
	wantInts(t, "totals", st.Totals, map[string]int{"sara": 29, "reza": 50, "mina": 48})
	holders := []string{}
	for _, r := range st.History {
		holders = append(holders, r.AmuletHolder+" "+r.AmuletRule)
	}
	wantHolders := []string{"sara SILVER-AMULET-2", "mina SILVER-AMULET-1", "reza SILVER-AMULET-2", "sara SILVER-AMULET-1"}
	if !reflect.DeepEqual(holders, wantHolders) {
		t.Errorf("amulet per round = %v, want %v", holders, wantHolders)
	}
	want := &rules.Result{
		Placements: []rules.Placement{{PlayerID: "sara", Place: 1}, {PlayerID: "mina", Place: 2}, {PlayerID: "reza", Place: 3}},
		Winners:    []string{"sara"},
	}
	if !reflect.DeepEqual(st.Result(), want) {
		t.Errorf("result = %+v, want %+v", st.Result(), want)
	}
	if st.Next() != (rules.Text{}) {
		t.Errorf("next = %+v", st.Next())
	}

	// The score sheet as the API shows it.
	sc := st.Scores()
	b, err := json.Marshal(sc)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"totals":{"mina":48,"reza":50,"sara":29}`, `"census_by":"reza"`, `"census_lowest":true`,
		`"sums":{"mina":27,"reza":14,"sara":3}`, `"points":{"mina":27,"reza":24,"sara":3}`, `"amulet_holder":"sara"`, `"reason":"villagers"`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("scores lack %s:\n%s", want, b)
		}
	}
	sc.Totals["sara"] = 999
	if st.Totals["sara"] == 999 {
		t.Error("Scores shares the totals map")
	}
	if _, err := json.Marshal(st); err != nil {
		t.Errorf("state does not marshal: %v", err)
	}
}

// Replay folds the log; an undo voids the latest event.
func TestReplayWithUndo(t *testing.T) {
	log := fullGameLog()
	s, err := rules.Replay(New(), fullGamePlayers(), nil, log)
	if err != nil {
		t.Fatal(err)
	}
	if s.Result() == nil {
		t.Fatal("replayed game not finished")
	}
	undone := append(append([]rules.Event{}, log...), rules.Event{Type: rules.UndoType})
	s, err = rules.Replay(New(), fullGamePlayers(), nil, undone)
	if err != nil {
		t.Fatal(err)
	}
	st := s.(*State)
	if st.Result() != nil || st.Phase != phaseInPlay || st.Round != 4 || st.Census == nil || st.Census.Caller != "sara" {
		t.Errorf("after undo: %+v", st)
	}
	if !strings.Contains(st.Next().FA, "سارا") {
		t.Errorf("Persian next step does not name the player: %q", st.Next().FA)
	}
}

// A new scores view starts with an empty (not null) list of rounds.
func TestScoresEmpty(t *testing.T) {
	sc := setup(t, seat("a", "b"), "").Scores()
	b, _ := json.Marshal(sc)
	if string(b) != `{"totals":{"a":0,"b":0},"rounds":[]}` {
		t.Errorf("scores = %s", b)
	}
	if (&State{}).Scores().Rounds == nil {
		t.Error("rounds is nil")
	}
}
