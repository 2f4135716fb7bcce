package silver

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

func TestOptionsDefaults(t *testing.T) {
	cases := []struct {
		name, options string
		want          Options
	}{
		{"empty", ``, Options{End: "rounds", Rounds: 4, Kamikaze: false, FirstPlayer: "a"}},
		{"object", `{}`, Options{End: "rounds", Rounds: 4, FirstPlayer: "a"}},
		{"seven rounds (AMB-1)", `{"rounds":7}`, Options{End: "rounds", Rounds: 7, FirstPlayer: "a"}},
		{"points turns Kamikaze on (SILVER-POINTS-9)", `{"end":"points"}`, Options{End: "points", Kamikaze: true, FirstPlayer: "a"}},
		{"points without Kamikaze", `{"end":"points","kamikaze":false}`, Options{End: "points", FirstPlayer: "a"}},
		{"Kamikaze in a rounds game", `{"kamikaze":true}`, Options{End: "rounds", Rounds: 4, Kamikaze: true, FirstPlayer: "a"}},
		{"first player (SILVER-SETUP-8)", `{"first_player":"c"}`, Options{End: "rounds", Rounds: 4, FirstPlayer: "c"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, eff, err := New().Setup(seat("a", "b", "c"), json.RawMessage(c.options))
			if err != nil {
				t.Fatal(err)
			}
			if eff != c.want {
				t.Errorf("effective options = %+v, want %+v", eff, c.want)
			}
			st := s.(*State)
			if st.FirstPlayer != c.want.FirstPlayer || st.Round != 1 || st.Phase != phaseInPlay || st.AmuletHolder != "" {
				t.Errorf("initial state = %+v", st)
			}
			// Setup accepts its own effective options and gives the same state.
			raw, _ := json.Marshal(eff)
			again, eff2, err := New().Setup(seat("a", "b", "c"), raw)
			if err != nil {
				t.Fatalf("setup with effective options %s: %v", raw, err)
			}
			if eff2 != eff || !reflect.DeepEqual(again, s) {
				t.Errorf("setup with %s gives %+v, want %+v", raw, again, s)
			}
		})
	}
}

func TestOptionsRejected(t *testing.T) {
	cases := []struct{ name, options, field string }{
		{"unknown end mode", `{"end":"forever"}`, "options.end"},
		{"end not a string", `{"end":3}`, "options.end"},
		{"rounds with points (SILVER-POINTS-1)", `{"end":"points","rounds":4}`, "options.rounds"},
		{"zero rounds", `{"rounds":0}`, "options.rounds"},
		{"too many rounds", `{"rounds":51}`, "options.rounds"},
		{"first player not seated", `{"first_player":"z"}`, "options.first_player"},
		{"unknown option", `{"amulet":true}`, "options.amulet"},
		{"not an object", `[1]`, "options"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := New().Setup(seat("a", "b"), json.RawMessage(c.options))
			var in *rules.InputError
			if !errors.As(err, &in) {
				t.Fatalf("want an input error, got %v", err)
			}
			for _, f := range in.Fields {
				if f.Field == c.field {
					if f.Message == "" {
						t.Error("empty message")
					}
					if strings.Contains(c.name, "SILVER-POINTS-1") {
						if !strings.Contains(f.Message, "SILVER-POINTS-1") {
							t.Errorf("message %q does not cite SILVER-POINTS-1", f.Message)
						}
						rulestest.Broke("SILVER-POINTS-1")
					}
					return
				}
			}
			t.Errorf("want field %s, got %v", c.field, err)
		})
	}
}

func TestSetupPlayers(t *testing.T) {
	for _, n := range []int{0, 1, 5} {
		_, _, err := New().Setup(rulestest.Players(n), nil)
		var v *rules.ViolationError
		if !errors.As(err, &v) || v.Rulings[0].Rule != "SILVER-SETUP-1" {
			t.Errorf("%d players: want SILVER-SETUP-1, got %v", n, err)
			continue
		}
		rulestest.Broke("SILVER-SETUP-1")
	}
	for _, n := range []int{2, 3, 4} {
		if _, _, err := New().Setup(rulestest.Players(n), nil); err != nil {
			t.Errorf("%d players: %v", n, err)
		}
	}
	_, _, err := New().Setup(seat("a", "a"), nil)
	var in *rules.InputError
	if !errors.As(err, &in) || in.Fields[0].Field != "players[1].id" {
		t.Errorf("duplicate player: got %v", err)
	}
	_, _, err = New().Setup([]rules.Player{{ID: "a"}, {ID: ""}}, nil)
	if !errors.As(err, &in) || in.Fields[0].Field != "players[1].id" {
		t.Errorf("empty player ID: got %v", err)
	}
}

// Setup copies the players: changing the caller's slice changes nothing.
func TestSetupCopiesPlayers(t *testing.T) {
	ps := seat("a", "b")
	s := setup(t, ps, "")
	ps[0].Name = "changed"
	if s.Players[0].Name == "changed" {
		t.Error("state shares the caller's players slice")
	}
}
