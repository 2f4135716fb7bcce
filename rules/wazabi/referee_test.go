package wazabi

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

func turnReferee(t testing.TB) rules.Referee {
	t.Helper()
	for _, r := range New().Referees() {
		if r.Question == "turn" {
			return r
		}
	}
	t.Fatal("no turn referee")
	return rules.Referee{}
}

func ask(t *testing.T, body string) TurnAnswer {
	t.Helper()
	out, err := turnReferee(t).Ask(json.RawMessage(body))
	if err != nil {
		t.Fatalf("%s: %v", body, err)
	}
	return out.(TurnAnswer)
}

// The documented example is W1, the seed's example: 5 dice, 2 card
// symbols, 1 give, 2 W, 3 players; a value-3 card is refused.
func TestTurnRefereeExample(t *testing.T) {
	ref := turnReferee(t)
	out, err := ref.Ask(ref.Example)
	if err != nil {
		t.Fatal(err)
	}
	a := out.(TurnAnswer)
	if a.Draw.Count != 2 || a.Draw.CardsAfter != 5 || a.Give.Count != 1 || a.Give.DiceAfter != 4 ||
		a.Give.MayGoTo != "any_other_player" || a.Give.Rule != "WAZABI-TURN-4" || a.Win != nil {
		t.Errorf("obligations %+v %+v", a.Draw, a.Give)
	}
	want := []string{"miss_a_turn", "reverse", "draw_3", "hand_limit_1", "lose_a_die", "steal_a_card",
		"exchange_hands", "hand_limit_2", "pass_cards", "pass_dice"}
	if !slices.Equal(a.Affordable.Cards, want) || a.Affordable.Rule != "WAZABI-PLAY-2" {
		t.Errorf("affordable %+v", a.Affordable)
	}
	if a.Play == nil || a.Play.Legal || a.Play.Rule != "WAZABI-PLAY-2" || a.Play.Rulings[0].Message.FA == "" {
		t.Errorf("play %+v", a.Play)
	}
	if len(a.Cards) != 12 || a.Cards[10].Playable || !a.Cards[0].Playable || len(a.Cards[0].Refusals) != 0 {
		t.Errorf("cards %+v", a.Cards)
	}
	// The answer marshals with snake_case fields and rule citations.
	b, _ := json.Marshal(a)
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	for _, k := range []string{"roll", "draw", "give", "affordable", "cards", "play"} {
		if _, ok := m[k]; !ok {
			t.Errorf("answer lacks %q: %s", k, b)
		}
	}
}

func TestTurnReferee(t *testing.T) {
	t.Run("legal play", func(t *testing.T) {
		a := ask(t, `{"dice":4,"cards":1,"rolled":{"w":3,"card":0,"give":1},"play":{"card":"exchange_dice"},"players":5}`)
		if !a.Play.Legal || a.Play.Rule != "WAZABI-SWAPDICE-1" || a.Give.MayGoTo != "left_or_right_neighbour" || a.Give.Rule != "WAZABI-NEIGHBOUR-1" {
			t.Errorf("%+v %+v", a.Play, a.Give)
		}
	})
	t.Run("WAZABI-LOSE1-2 lose a die after 2 give symbols", func(t *testing.T) {
		a := ask(t, `{"dice":3,"cards":2,"rolled":{"w":1,"card":0,"give":2},"play":{"card":"lose_a_die"}}`)
		if a.Play.Legal || a.Play.Rule != "WAZABI-LOSE1-2" || a.Give.MayGoTo != "depends_on_players" {
			t.Fatalf("%+v", a.Play)
		}
		rulestest.Broke("WAZABI-LOSE1-2")
	})
	t.Run("WAZABI-PLAY-2 and WAZABI-LOSE1-2 together", func(t *testing.T) {
		a := ask(t, `{"dice":2,"cards":2,"rolled":{"w":0,"card":0,"give":2},"play":{"card":"lose_a_die"}}`)
		// giving both dice away wins at once: no card is played at all.
		if a.Win == nil || a.Play.Legal || a.Play.Rule != "WAZABI-WIN-3" {
			t.Fatalf("%+v %+v", a.Win, a.Play)
		}
		a = ask(t, `{"dice":3,"cards":2,"rolled":{"w":0,"card":1,"give":2},"play":{"card":"lose_a_die"}}`)
		if len(a.Play.Rulings) != 2 || a.Play.Rulings[0].Rule != "WAZABI-PLAY-2" || a.Play.Rulings[1].Rule != "WAZABI-LOSE1-2" {
			t.Fatalf("%+v", a.Play.Rulings)
		}
	})
	t.Run("WAZABI-TURN-5 empty hand", func(t *testing.T) {
		a := ask(t, `{"dice":2,"cards":0,"rolled":{"w":2,"card":0,"give":0},"play":{"card":"reverse"}}`)
		if a.Play.Legal || a.Play.Rule != "WAZABI-TURN-5" || a.Cards[0].Playable {
			t.Fatalf("%+v", a.Play)
		}
		// one card symbol draws a card that may be played (WAZABI-TURN-6).
		a = ask(t, `{"dice":2,"cards":0,"rolled":{"w":1,"card":1,"give":0},"play":{"card":"reverse"}}`)
		if !a.Play.Legal {
			t.Fatalf("%+v", a.Play)
		}
	})
	t.Run("no play asked", func(t *testing.T) {
		a := ask(t, `{"dice":1,"cards":3,"rolled":{"w":1,"card":0,"give":0},"players":2}`)
		if a.Play != nil || a.Give.MayGoTo != "any_other_player" {
			t.Fatalf("%+v", a)
		}
	})
}

func TestTurnRefereeBadInput(t *testing.T) {
	ref := turnReferee(t)
	cases := []struct{ body, field, rule string }{
		{`{"dice":5,"cards":3,"rolled":{"w":2,"card":1,"give":1}}`, "", "WAZABI-TURN-2"},
		{`{"cards":3,"rolled":{"w":2,"card":1,"give":1}}`, "dice", ""},
		{`{"dice":0,"cards":3,"rolled":{"w":0,"card":0,"give":0}}`, "dice", ""},
		{`{"dice":4,"rolled":{"w":2,"card":1,"give":1}}`, "cards", ""},
		{`{"dice":4,"cards":-1,"rolled":{"w":2,"card":1,"give":1}}`, "cards", ""},
		{`{"dice":4,"cards":3}`, "rolled", ""},
		{`{"dice":4,"cards":3,"rolled":{"w":2,"card":2}}`, "rolled.give", ""},
		{`{"dice":4,"cards":3,"rolled":{"w":-2,"card":2,"give":4}}`, "rolled.w", ""},
		{`{"dice":4,"cards":3,"rolled":{"w":2,"card":1,"give":1},"play":{"card":"joker"}}`, "play.card", ""},
		{`{"dice":4,"cards":3,"rolled":{"w":2,"card":1,"give":1},"players":7}`, "players", ""},
		{`{"dice":4,"cards":3,"rolled":{"w":2,"card":1,"give":1},"hand":[]}`, "hand", ""},
		{`{"dice":"4"}`, "dice", ""},
		{`not json`, "", ""},
	}
	for _, c := range cases {
		_, err := ref.Ask(json.RawMessage(c.body))
		if c.rule != "" {
			var v *rules.ViolationError
			if !errors.As(err, &v) || v.Rulings[0].Rule != c.rule {
				t.Errorf("%s: want %s, got %v", c.body, c.rule, err)
			}
			rulestest.Broke(c.rule)
			continue
		}
		var in *rules.InputError
		if !errors.As(err, &in) {
			t.Errorf("%s: want an input error, got %v", c.body, err)
			continue
		}
		if c.field != "" && in.Fields[0].Field != c.field {
			t.Errorf("%s: field %s, want %s", c.body, in.Fields[0].Field, c.field)
		}
	}
}
