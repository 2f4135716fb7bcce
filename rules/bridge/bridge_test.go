package bridge

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/all"
	"github.com/motamed/motamed/rules/sheet"
)

var seats = []rules.Player{{ID: "a", Name: "Sara"}, {ID: "b", Name: "Reza"}, {ID: "c", Name: "Kian"}}

func ev(typ, data string) rules.Event { return rules.Event{Type: typ, Data: json.RawMessage(data)} }

func TestApplyMovesOnAndRefusalsLeaveTheMatch(t *testing.T) {
	b := New()
	h, v, err := b.Open(OpenRequest{Game: "wizard", Players: seats, Events: []StoredEvent{
		{Type: "round_started", Data: json.RawMessage(`{"round":1,"dealer":"a","trump":"none","trump_card":"jester"}`)},
	}}, "en")
	if err != nil {
		t.Fatal(err)
	}
	if v.Events != 1 || v.Status != "in_progress" || v.Next == "" {
		t.Fatalf("opened view = %+v", v)
	}
	before := v.Next
	_, err = b.Apply(h, ev("bid", `{"player":"a","bid":0}`), "fa") // the dealer's left bids first
	var p *Problem
	if !errors.As(err, &p) || p.Status != 422 || len(p.Violations) == 0 || p.Violations[0].Rule == "" || p.Violations[0].Title == "" || p.Title != kindViolation.FA || p.Detail != p.Violations[0].Message {
		t.Fatalf("out-of-turn bid: %v (%+v)", err, p)
	}
	v, err = b.Apply(h, ev("bid", `{"player":"b","bid":1}`), "en")
	if err != nil {
		t.Fatal(err)
	}
	if v.Events != 2 || v.Next == before {
		t.Fatalf("after a bid: events %d, next %q (was %q)", v.Events, v.Next, before)
	}
	if v, err = b.Undo(h, "en"); err != nil || v.Events != 1 || v.Next != before {
		t.Fatalf("undo: %v, %+v", err, v)
	}
	if _, err := b.Apply(h, ev("bid", `{"player":"b","bid":"x"}`), "en"); !errors.As(err, &p) || p.Status != 400 || len(p.Fields) == 0 {
		t.Fatalf("malformed bid: %v", err)
	}
	if _, err := b.Apply(h, ev("no_such_event", `{}`), "en"); !errors.As(err, &p) || p.Status != 400 {
		t.Fatalf("unknown event: %v", err)
	}
	b.Close(h)
	if _, err := b.Apply(h, ev("bid", `{"player":"b","bid":1}`), "en"); err == nil {
		t.Fatal("a closed match took an event")
	}
}

func TestRevisionsAreTheServersRules(t *testing.T) {
	got := New().Revisions()
	reg := all.Registry()
	if len(got) != len(reg.All()) {
		t.Fatalf("revisions of %d games, want %d", len(got), len(reg.All()))
	}
	for _, g := range reg.All() {
		if got[g.Info().ID] != rules.RevisionOf(g) {
			t.Errorf("%s: revision %d, want %d", g.Info().ID, got[g.Info().ID], rules.RevisionOf(g))
		}
	}
}

func TestScoreSheetGameOpensFromItsDefinition(t *testing.T) {
	def := &sheet.Definition{ID: "golf", Version: 1, Name: "Golf", MinPlayers: 2, MaxPlayers: 4, Rounds: &sheet.Rounds{Count: 2}, LowestWins: true}
	b := New()
	h, v, err := b.Open(OpenRequest{Game: "golf", Sheet: def, Players: seats[:2]}, "en")
	if err != nil {
		t.Fatal(err)
	}
	if v.Status != "in_progress" {
		t.Fatalf("status %q", v.Status)
	}
	ex := sheet.New(*def).Info().Events
	if len(ex) == 0 {
		t.Fatal("a sheet with no events")
	}
	if _, err := b.Apply(h, rules.Event{Type: ex[0].Type, Data: json.RawMessage(`{"nonsense":1}`)}, "en"); err == nil {
		t.Fatal("a malformed row was taken")
	}
}

func TestAskAndRules(t *testing.T) {
	b := New()
	for _, g := range all.Registry().All() {
		rs, err := b.Rules(g.Info().ID, "fa")
		if err != nil || len(rs) != len(g.Catalog()) {
			t.Fatalf("%s rules: %v, %d", g.Info().ID, err, len(rs))
		}
		for _, ref := range g.Referees() {
			want, wantErr := ref.Ask(ref.Example)
			got, err := b.Ask(g.Info().ID, ref.Question, ref.Example, "en")
			if (err == nil) != (wantErr == nil) {
				t.Fatalf("%s/%s: %v, want %v", g.Info().ID, ref.Question, err, wantErr)
			}
			wj, _ := json.Marshal(want)
			gj, _ := json.Marshal(got)
			if string(wj) != string(gj) {
				t.Errorf("%s/%s: %s, want %s", g.Info().ID, ref.Question, gj, wj)
			}
		}
	}
	if _, err := b.Ask("wizard", "no-such-question", nil, "en"); err == nil {
		t.Fatal("an unknown question was answered")
	}
}
