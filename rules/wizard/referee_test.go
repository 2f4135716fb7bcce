package wizard

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

func referee(t testing.TB, question string) rules.Referee {
	t.Helper()
	for _, r := range New().Referees() {
		if r.Question == question {
			return r
		}
	}
	t.Fatalf("no referee %q", question)
	return rules.Referee{}
}

// TestTrickReferee answers every trick of spec 9.2 (and WIZARD-AMB-3's).
func TestTrickReferee(t *testing.T) {
	ask := referee(t, "trick").Ask
	for _, tc := range []struct {
		name  string
		body  string
		index int
		card  string
		led   string
		rule  string
	}{
		{"case 1: Wizard led", `{"trump":"red","plays":["wizard","red-13","wizard","jester"]}`, 0, "wizard", "free", "WIZARD-TRICK-1"},
		{"case 2: Jester led", `{"trump":"yellow","plays":["jester","blue-7","blue-12","green-13"]}`, 2, "blue-12", "blue", "WIZARD-TRICK-4"},
		{"variant 2b", `{"trump":"red","plays":["jester","jester","green-4","green-9"]}`, 3, "green-9", "green", "WIZARD-TRICK-4"},
		{"variant 2c", `{"trump":"red","plays":["jester","wizard","red-5","blue-2"]}`, 1, "wizard", "free", "WIZARD-TRICK-1"},
		{"case 3: all Jesters", `{"trump":"blue","plays":["jester","jester","jester","jester"]}`, 0, "jester", "none", "WIZARD-TRICK-2"},
		{"case 4: trump", `{"trump":"green","plays":["blue-13","green-2","blue-10","green-5"]}`, 3, "green-5", "blue", "WIZARD-TRICK-3"},
		{"case 5: late Wizard", `{"trump":"red","plays":["red-3","red-13","wizard","wizard"]}`, 2, "wizard", "red", "WIZARD-TRICK-1"},
		{"case 6: Wizard on a trump lead", `{"trump":"red","plays":["red-5","blue-2","wizard"]}`, 2, "wizard", "red", "WIZARD-TRICK-1"},
		{"AMB-3", `{"trump":"green","plays":["blue-8","blue-11","yellow-2","yellow-9"]}`, 1, "blue-11", "blue", "WIZARD-TRICK-4"},
		{"no trump", `{"trump":"none","plays":["red-2","red-9","blue-13"]}`, 1, "red-9", "red", "WIZARD-TRICK-4"},
		{"one card", `{"trump":"none","plays":["yellow-1"]}`, 0, "yellow-1", "yellow", "WIZARD-TRICK-4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ask(json.RawMessage(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			a := got.(TrickAnswer)
			if a.WinnerIndex != tc.index || a.WinningCard != tc.card || a.Led != tc.led || a.Rule != tc.rule || a.Reason.EN == "" || a.Reason.FA == "" {
				t.Fatalf("got %+v", a)
			}
		})
	}
	for _, tc := range []struct{ name, body, field string }{
		{"trump missing", `{"plays":["red-1"]}`, "trump"},
		{"trump unknown", `{"trump":"black","plays":["red-1"]}`, "trump"},
		{"plays missing", `{"trump":"red"}`, "plays"},
		{"plays empty", `{"trump":"red","plays":[]}`, "plays"},
		{"seven plays", `{"trump":"red","plays":["red-1","red-2","red-3","red-4","red-5","red-6","red-7"]}`, "plays"},
		{"bad card", `{"trump":"red","plays":["red-1","red-0"]}`, "plays[1]"},
		{"unknown field", `{"trump":"red","plays":["red-1"],"leader":0}`, "leader"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ask(json.RawMessage(tc.body))
			var in *rules.InputError
			if !errors.As(err, &in) || in.Fields[0].Field != tc.field {
				t.Fatalf("want an input error on %s, got %v", tc.field, err)
			}
		})
	}
	for _, tc := range []struct{ name, body, rule string }{
		{"a numbered card twice", `{"trump":"red","plays":["red-1","blue-2","red-1"]}`, "WIZARD-COMP-4"},
		{"five Wizards", `{"trump":"red","plays":["wizard","wizard","wizard","wizard","wizard"]}`, "WIZARD-COMP-2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ask(json.RawMessage(tc.body))
			var v *rules.ViolationError
			if !errors.As(err, &v) || v.Rulings[0].Rule != tc.rule {
				t.Fatalf("want %s, got %v", tc.rule, err)
			}
			rulestest.Broke(tc.rule)
		})
	}
}

// TestPlayReferee runs every legality vector of spec 9.3, plus case 6 of 9.2.
func TestPlayReferee(t *testing.T) {
	ask := referee(t, "play").Ask
	for _, tc := range []struct {
		name  string
		body  string
		legal bool
		rule  string
	}{
		{"empty trick: any lead", `{"trick":[],"hand":["blue-9","red-2"],"card":"red-2"}`, true, "WIZARD-PLAY-5"},
		{"blue 4: must follow", `{"trick":["blue-4"],"hand":["blue-9","red-2"],"card":"red-2"}`, false, "WIZARD-PLAY-7"},
		{"blue 4: Jester allowed", `{"trick":["blue-4"],"hand":["blue-9","jester"],"card":"jester"}`, true, "WIZARD-PLAY-8"},
		{"blue 4: void", `{"trick":["blue-4"],"hand":["red-2","wizard"],"card":"red-2"}`, true, "WIZARD-PLAY-9"},
		{"Jester: no colour yet", `{"trick":["jester"],"hand":["blue-9","red-2"],"card":"red-2"}`, true, "WIZARD-PLAY-11"},
		{"Jester, blue 4: must follow", `{"trick":["jester","blue-4"],"hand":["blue-9","red-2"],"card":"red-2"}`, false, "WIZARD-PLAY-7"},
		{"Wizard: free trick", `{"trick":["wizard"],"hand":["blue-9","red-2"],"card":"red-2"}`, true, "WIZARD-PLAY-10"},
		{"Jester, Wizard: free trick", `{"trick":["jester","wizard"],"hand":["blue-9","red-2"],"card":"red-2"}`, true, "WIZARD-PLAY-6"},
		{"blue 4, Wizard: still blue", `{"trick":["blue-4","wizard"],"hand":["blue-9","red-2"],"card":"red-2"}`, false, "WIZARD-PLAY-7"},
		{"red 4, red trump: Wizard is no trump card", `{"trump":"red","trick":["red-4"],"hand":["wizard","blue-2"],"card":"blue-2"}`, true, "WIZARD-PLAY-12"},
		{"case 6: B void in red", `{"trump":"red","trick":["red-5"],"hand":["wizard","blue-2","blue-9"],"card":"blue-2"}`, true, "WIZARD-PLAY-12"},
		{"case 6: C follows", `{"trump":"red","trick":["red-5","blue-2"],"hand":["red-8","wizard","blue-3"],"card":"red-8"}`, true, "WIZARD-PLAY-7"},
		{"case 6: C's Wizard", `{"trump":"red","trick":["red-5","blue-2"],"hand":["red-8","wizard","blue-3"],"card":"wizard"}`, true, "WIZARD-PLAY-8"},
		{"case 6: C's blue", `{"trump":"red","trick":["red-5","blue-2"],"hand":["red-8","wizard","blue-3"],"card":"blue-3"}`, false, "WIZARD-PLAY-7"},
		{"case 4: B need not trump", `{"trump":"green","trick":["blue-13"],"hand":["green-2","yellow-4"],"card":"yellow-4"}`, true, "WIZARD-PLAY-9"},
		{"card not held", `{"trick":[],"hand":["blue-9"],"card":"red-2"}`, false, "WIZARD-PLAY-13"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ask(json.RawMessage(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			a := got.(PlayAnswer)
			if a.Legal != tc.legal || a.Rule != tc.rule || a.Reason.EN == "" || a.Reason.FA == "" {
				t.Fatalf("got %+v, want legal=%v %s", a, tc.legal, tc.rule)
			}
			if !a.Legal {
				rulestest.Broke(a.Rule)
			}
		})
	}
	for _, tc := range []struct{ name, body, field string }{
		{"card missing", `{"hand":["red-2"]}`, "card"},
		{"hand missing", `{"card":"red-2"}`, "hand"},
		{"bad hand card", `{"hand":["red-2","x"],"card":"red-2"}`, "hand[1]"},
		{"bad trick card", `{"trick":["red-20"],"hand":["red-2"],"card":"red-2"}`, "trick[0]"},
		{"trick too long", `{"trick":["red-3","red-4","red-5","red-6","red-7","red-8"],"hand":["red-2"],"card":"red-2"}`, "trick"},
		{"bad trump", `{"trump":"all","hand":["red-2"],"card":"red-2"}`, "trump"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ask(json.RawMessage(tc.body))
			var in *rules.InputError
			if !errors.As(err, &in) || in.Fields[0].Field != tc.field {
				t.Fatalf("want an input error on %s, got %v", tc.field, err)
			}
		})
	}
	_, err := ask(json.RawMessage(`{"trick":["red-2"],"hand":["red-2"],"card":"red-2"}`))
	var v *rules.ViolationError
	if !errors.As(err, &v) || v.Rulings[0].Rule != "WIZARD-COMP-4" {
		t.Fatalf("a card in the trick and the hand: %v", err)
	}
}
