package bridge

import (
	"encoding/json"
	"errors"
	"strings"
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
	_, err = b.Apply(h, ev("bid", `{"player":"a","bid":0}`), 0, "fa") // the dealer's left bids first
	var p *Problem
	if !errors.As(err, &p) || p.Status != 422 || len(p.Violations) == 0 || p.Violations[0].Rule == "" || p.Violations[0].Title == "" || p.Title != kindViolation.FA || p.Detail != p.Violations[0].Message {
		t.Fatalf("out-of-turn bid: %v (%+v)", err, p)
	}
	v, err = b.Apply(h, ev("bid", `{"player":"b","bid":1}`), 0, "en")
	if err != nil {
		t.Fatal(err)
	}
	if v.Events != 2 || v.Next == before {
		t.Fatalf("after a bid: events %d, next %q (was %q)", v.Events, v.Next, before)
	}
	if v, err = b.Undo(h, "en"); err != nil || v.Events != 1 || v.Next != before {
		t.Fatalf("undo: %v, %+v", err, v)
	}
	if _, err := b.Apply(h, ev("bid", `{"player":"b","bid":"x"}`), 0, "en"); !errors.As(err, &p) || p.Status != 400 || len(p.Fields) == 0 {
		t.Fatalf("malformed bid: %v", err)
	}
	if _, err := b.Apply(h, ev("no_such_event", `{}`), 0, "en"); !errors.As(err, &p) || p.Status != 400 {
		t.Fatalf("unknown event: %v", err)
	}
	b.Close(h)
	if _, err := b.Apply(h, ev("bid", `{"player":"b","bid":1}`), 0, "en"); err == nil {
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
	if _, err := b.Apply(h, rules.Event{Type: ex[0].Type, Data: json.RawMessage(`{"nonsense":1}`)}, 0, "en"); err == nil {
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
			for _, lang := range []string{"en", "fa"} {
				want, wantErr := ref.Ask(ref.Example)
				if wantErr == nil {
					want, wantErr = rules.LocalizeAnswer(want, lang, b.title)
				}
				got, err := b.Ask(g.Info().ID, ref.Question, ref.Example, lang)
				if (err == nil) != (wantErr == nil) {
					t.Fatalf("%s/%s: %v, want %v", g.Info().ID, ref.Question, err, wantErr)
				}
				wj, _ := json.Marshal(want)
				gj, _ := json.Marshal(got)
				if string(wj) != string(gj) {
					t.Errorf("%s/%s %s: %s, want %s", g.Info().ID, ref.Question, lang, gj, wj)
				}
				if !strings.Contains(string(gj), `"title":`) {
					t.Errorf("%s/%s %s: no rule's title in %.200s", g.Info().ID, ref.Question, lang, gj)
				}
			}
		}
	}
	if _, err := b.Ask("wizard", "no-such-question", nil, "en"); err == nil {
		t.Fatal("an unknown question was answered")
	}
}

// A redo brings back what the latest undo took back, until anything else
// is recorded; a fix takes its event's place and a void removes it.
func TestRedoAndCorrections(t *testing.T) {
	b := New()
	h, _, err := b.Open(OpenRequest{Game: "wizard", Players: seats, Events: []StoredEvent{
		{Seq: 1, Type: "round_started", Data: json.RawMessage(`{"round":1,"dealer":"a","trump":"none","trump_card":"jester"}`)},
		{Seq: 2, Type: "bid", Data: json.RawMessage(`{"player":"b","bid":1}`)},
	}, Undone: []StoredEvent{{Seq: 3, Type: "bid", Data: json.RawMessage(`{"player":"c","bid":0}`)}}}, "en")
	if err != nil {
		t.Fatal(err)
	}
	if v, err := b.Redo(h, "en"); err != nil || v.Events != 3 {
		t.Fatalf("redo of the log's undo: %v, %+v", err, v)
	}
	var p *Problem
	if _, err := b.Redo(h, "en"); !errors.As(err, &p) || p.Status != 409 {
		t.Fatalf("a second redo: %v", err)
	}
	if _, err := b.Undo(h, "en"); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Apply(h, ev("bid", `{"player":"c","bid":1}`), 4, "en"); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Redo(h, "en"); !errors.As(err, &p) || p.Status != 409 {
		t.Fatalf("a redo after another event: %v", err)
	}
	// Reza's bid fixed to 5 (more than the cards) is refused under its own seq.
	if _, err := b.Correct(h, []Correction{{Seq: 2, Type: "bid", Data: json.RawMessage(`{"player":"b","bid":5}`)}}, 5, "en", true); !errors.As(err, &p) || p.BreaksAt == nil || *p.BreaksAt != 2 {
		t.Fatalf("an illegal fix: %v", err)
	}
	// Reza's bid voided: Kian's bid, now out of turn, breaks.
	if _, err := b.Correct(h, []Correction{{Seq: 2, Void: true}}, 5, "en", true); !errors.As(err, &p) || p.BreaksAt == nil || *p.BreaksAt != 4 || len(p.Violations) == 0 {
		t.Fatalf("a void that breaks a later event: %v", err)
	}
	v, err := b.Correct(h, []Correction{{Seq: 2, Type: "bid", Data: json.RawMessage(`{"player":"b","bid":0}`)}}, 5, "en", false)
	if err != nil || v.Events != 3 {
		t.Fatalf("a fix: %v, %+v", err, v)
	}
	evs, _ := b.Events(h)
	if len(evs) != 3 || evs[1].Seq != 5 || string(evs[1].Data) != `{"player":"b","bid":0}` {
		t.Fatalf("events in force after the fix: %+v", evs)
	}
}
