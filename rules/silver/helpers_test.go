package silver

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// seat builds players with the given IDs; names are the IDs in capitals so
// messages can be told apart from IDs.
func seat(ids ...string) []rules.Player {
	out := make([]rules.Player, len(ids))
	for i, id := range ids {
		out[i] = rules.Player{ID: id, Name: "Name-" + id}
	}
	return out
}

// setup starts a match and fails t on error.
func setup(t testing.TB, players []rules.Player, options string) *State {
	t.Helper()
	s, _, err := New().Setup(players, json.RawMessage(options))
	if err != nil {
		t.Fatalf("setup %s: %v", options, err)
	}
	return s.(*State)
}

// step is one event of a scripted game.
type step struct {
	typ  string
	data string
}

// play applies steps in order, failing t on any error.
func play(t testing.TB, s rules.State, steps ...step) *State {
	t.Helper()
	for _, st := range steps {
		s, _ = rulestest.MustApply(t, New(), s, st.typ, st.data)
	}
	return s.(*State)
}

func ended(villages, reason string) step {
	return step{EventRoundEnded, `{"villages":` + villages + `,"reason":"` + reason + `"}`}
}

func census(player string, size int) step {
	b, _ := json.Marshal(map[string]any{"player": player, "village_size": size})
	return step{EventCensusCalled, string(b)}
}

func turn(player string) step {
	return step{EventTurnTaken, `{"player":"` + player + `"}`}
}

func started(data string) step { return step{EventRoundStarted, data} }

// lastRow is the latest scored round.
func lastRow(t testing.TB, s *State) RoundRow {
	t.Helper()
	if len(s.History) == 0 {
		t.Fatal("no round scored")
	}
	return s.History[len(s.History)-1]
}

func wantInts(t testing.TB, what string, got, want map[string]int) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s = %v, want %v", what, got, want)
		return
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %v, want %v", what, got, want)
			return
		}
	}
}

// askJSON asks a referee question and round-trips the answer through JSON,
// as the API would serve it.
func askJSON(t testing.TB, question, body string) (map[string]any, error) {
	t.Helper()
	for _, r := range New().Referees() {
		if r.Question != question {
			continue
		}
		ans, err := r.Ask(json.RawMessage(body))
		if err != nil {
			return nil, err
		}
		b, err := json.Marshal(ans)
		if err != nil {
			t.Fatalf("marshal answer: %v", err)
		}
		var out map[string]any
		if err := json.Unmarshal(b, &out); err != nil {
			t.Fatal(err)
		}
		return out, nil
	}
	t.Fatalf("no referee question %q", question)
	return nil, nil
}

// wantRefereeViolation fails t unless the referee rejects body citing rule,
// and records the rule as broken.
func wantRefereeViolation(t testing.TB, question, body, rule string) {
	t.Helper()
	_, err := askJSON(t, question, body)
	var v *rules.ViolationError
	if !errors.As(err, &v) {
		t.Fatalf("%s %s: want a violation of %s, got %v", question, body, rule, err)
	}
	for _, r := range v.Rulings {
		if r.Rule == rule {
			if r.Message.EN == "" || r.Message.FA == "" {
				t.Errorf("%s: ruling without an English or Persian message", rule)
			}
			rulestest.Broke(rule)
			return
		}
	}
	t.Fatalf("%s %s: want a violation of %s, got %v", question, body, rule, err)
}

// wantRefereeInputError fails t unless the referee rejects body as malformed
// naming field; it returns the field's message.
func wantRefereeInputError(t testing.TB, question, body, field string) string {
	t.Helper()
	_, err := askJSON(t, question, body)
	var in *rules.InputError
	if !errors.As(err, &in) {
		t.Fatalf("%s %s: want an input error on %s, got %v", question, body, field, err)
	}
	for _, f := range in.Fields {
		if f.Field == field {
			return f.Message
		}
	}
	t.Fatalf("%s %s: want an input error on %s, got %v", question, body, field, err)
	return ""
}

// inputErrorMessage applies ev and returns the message of the field error on
// field (failing t otherwise).
func inputErrorMessage(t testing.TB, s rules.State, typ, data, field string) string {
	t.Helper()
	rulestest.WantInputError(t, New(), s, typ, data, field)
	_, _, err := New().Apply(s, rules.Event{Type: typ, Data: json.RawMessage(data)})
	var in *rules.InputError
	errors.As(err, &in)
	for _, f := range in.Fields {
		if f.Field == field {
			return f.Message
		}
	}
	return ""
}
