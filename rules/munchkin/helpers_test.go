package munchkin

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

func TestMain(m *testing.M) { rulestest.Main(m, New()) }

// table seats players named names as p1, p2, ... with the given options.
func table(t testing.TB, opts string, names ...string) *State {
	t.Helper()
	players := make([]rules.Player, len(names))
	for i, n := range names {
		players[i] = rules.Player{ID: "p" + strconv.Itoa(i+1), Name: n}
	}
	st, _, err := New().Setup(players, json.RawMessage(opts))
	if err != nil {
		t.Fatalf("setup: %v", err)
	}
	return st.(*State)
}

// with returns a copy of s changed by f (to start an example mid-game).
func (s *State) with(f func(*State)) *State {
	c := s.clone()
	f(c)
	return c
}

// pl returns the player named name.
func (s *State) pl(name string) *PlayerState {
	for i := range s.Players {
		if s.Players[i].Name == name {
			return &s.Players[i]
		}
	}
	panic("no player " + name)
}

func (s *State) id(name string) string { return s.pl(name).ID }

// do applies an event that must be accepted.
func do(t testing.TB, s *State, typ, data string) (*State, []rules.Ruling) {
	t.Helper()
	next, notes := rulestest.MustApply(t, New(), s, typ, json.RawMessage(data))
	return next.(*State), notes
}

// rejects applies an event that must be a violation of rule.
func rejects(t testing.TB, s *State, typ, data, rule string) {
	t.Helper()
	rulestest.WantViolation(t, New(), s, typ, json.RawMessage(data), rule)
}

// malformed applies an event that must be an input error on field.
func malformed(t testing.TB, s *State, typ, data, field string) {
	t.Helper()
	rulestest.WantInputError(t, New(), s, typ, json.RawMessage(data), field)
}

// note finds the note citing rule; it records the rule as broken when the
// note is a flag rather than a computation.
func note(t testing.TB, notes []rules.Ruling, rule string) rules.Ruling {
	t.Helper()
	for _, n := range notes {
		if n.Rule == rule {
			if n.Message.EN == "" || n.Message.FA == "" {
				t.Errorf("%s note lacks a language: %+v", rule, n.Message)
			}
			return n
		}
	}
	t.Fatalf("no note citing %s in %+v", rule, notes)
	return rules.Ruling{}
}

func noNote(t testing.TB, notes []rules.Ruling, rule string) {
	t.Helper()
	for _, n := range notes {
		if n.Rule == rule {
			t.Fatalf("unexpected note %s: %s", rule, n.Message.EN)
		}
	}
}

// ask asks a referee question and decodes the answer into out.
func ask(t testing.TB, question, body string, out any) error {
	t.Helper()
	for _, r := range New().Referees() {
		if r.Question != question {
			continue
		}
		ans, err := r.Ask(json.RawMessage(body))
		if err != nil {
			return err
		}
		b, merr := json.Marshal(ans)
		if merr != nil {
			t.Fatalf("marshal answer: %v", merr)
		}
		if uerr := json.Unmarshal(b, out); uerr != nil {
			t.Fatalf("unmarshal answer: %v", uerr)
		}
		return nil
	}
	t.Fatalf("no referee question %q", question)
	return nil
}

// violates checks err is a violation citing rule (and records it as broken).
func violates(t testing.TB, err error, rule string) {
	t.Helper()
	var v *rules.ViolationError
	if !errors.As(err, &v) {
		t.Fatalf("want a violation of %s, got %v", rule, err)
	}
	for _, r := range v.Rulings {
		if r.Rule == rule {
			if r.Message.EN == "" || r.Message.FA == "" {
				t.Errorf("%s ruling lacks a language", rule)
			}
			rulestest.Broke(rule)
			return
		}
	}
	t.Fatalf("want a violation of %s, got %v", rule, err)
}

// badField checks err is an input error naming field.
func badField(t testing.TB, err error, field string) {
	t.Helper()
	var in *rules.InputError
	if !errors.As(err, &in) {
		t.Fatalf("want an input error on %s, got %v", field, err)
	}
	for _, f := range in.Fields {
		if f.Field == field {
			return
		}
	}
	t.Fatalf("want an input error on %s, got %v", field, err)
}

func wantLevel(t testing.TB, s *State, name string, level int) {
	t.Helper()
	if got := s.pl(name).Level; got != level {
		t.Fatalf("%s is at level %d, want %d", name, got, level)
	}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }

func rulesEvent(typ, data string) rules.Event {
	return rules.Event{Type: typ, Data: json.RawMessage(data)}
}

func isFinished(err error) bool { return errors.Is(err, rules.ErrFinished) }

func errorsIsUnknown(err error) bool { return errors.Is(err, rules.ErrUnknownEvent) }

func sprintf(format string, a ...any) string { return fmt.Sprintf(format, a...) }

func rulestestBroke(id string) { rulestest.Broke(id) }
