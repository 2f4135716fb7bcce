package silver

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// villages3 ends a round with a and c tied lowest on 7; with a starting,
// a takes the amulet (SILVER-AMULET-4).
const villages3 = `{"a":[3,0,4],"b":[2,5,6],"c":[1,2,4]}`

// Each checkable rule, broken by an event.
func TestViolations(t *testing.T) {
	fresh := setup(t, seat("a", "b", "c"), "")
	afterCensus := play(t, fresh, census("a", 3))
	tracked := play(t, fresh, turn("a"), turn("b"))
	trackedCensus := play(t, fresh, turn("a"), census("b", 4))
	censusWentRound := play(t, trackedCensus, turn("c"), turn("a"))
	round2 := play(t, fresh, ended(villages3, "deck_empty"))
	round2InPlay := play(t, round2, started(`{}`))

	cases := []struct {
		name  string
		s     rules.State
		typ   string
		data  string
		rule  string
		wantE string // a word the English message must contain
	}{
		{"census with 5 cards", fresh, EventCensusCalled, `{"player":"a","village_size":5}`, "SILVER-CENSUS-1", "5 cards"},
		{"census turn with 7 cards", tracked, EventTurnTaken, `{"player":"c","action":"census","village_size":7}`, "SILVER-CENSUS-1", "7 cards"},
		{"second census in a round", afterCensus, EventCensusCalled, `{"player":"b","village_size":2}`, "SILVER-CENSUS-6", "Name-a already called"},
		{"census as a turn after a census", trackedCensus, EventTurnTaken, `{"player":"c","action":"census","village_size":2}`, "SILVER-CENSUS-6", "only one census"},
		{"census out of turn", tracked, EventCensusCalled, `{"player":"a","village_size":3}`, "SILVER-TURN-1", "Name-c's turn"},
		{"turn out of order", tracked, EventTurnTaken, `{"player":"a"}`, "SILVER-TURN-1", "Name-c's turn"},
		{"first recorded turn is not the start player's", fresh, EventTurnTaken, `{"player":"b","action":"draw"}`, "SILVER-TURN-1", "Name-a started"},
		{"turn after the census skips a player", trackedCensus, EventTurnTaken, `{"player":"a"}`, "SILVER-TURN-1", "Name-c's turn"},
		{"caller takes another turn", play(t, trackedCensus, turn("c")), EventTurnTaken, `{"player":"b"}`, "SILVER-CENSUS-5", "has no more turns"},
		{"a turn after the census went round", censusWentRound, EventTurnTaken, `{"player":"b"}`, "SILVER-CENSUS-5", "round is over"},
		{"census round ends before the extra turns", play(t, trackedCensus, turn("c")), EventRoundEnded, `{"villages":{"a":[1,2,3,4,5],"b":[1,1,1,1],"c":[2,2,2,2]},"reason":"census"}`, "SILVER-CENSUS-5", "Name-a have not"},
		{"census reason without a census", fresh, EventRoundEnded, `{"villages":` + villages3 + `,"reason":"census"}`, "SILVER-ROUND-1", "Nobody called"},
		{"villagers reason with one Villager", fresh, EventRoundEnded, `{"villages":` + villages3 + `,"reason":"villagers"}`, "SILVER-CARD0-1", "hold 1"},
		{"five copies of a value", fresh, EventRoundEnded, `{"villages":{"a":[7,7,7],"b":[7,7],"c":[1]},"reason":"deck_empty"}`, "SILVER-COMP-2", "5 cards of 7"},
		{"three Doubles", fresh, EventRoundEnded, `{"villages":{"a":[13,13],"b":[13],"c":[0,0,0]},"reason":"deck_empty"}`, "SILVER-COMP-2", "3 cards of 13"},
		{"round ended twice", round2, EventRoundEnded, `{"villages":` + villages3 + `,"reason":"deck_empty"}`, "SILVER-ROUND-4", "already been revealed"},
		{"round started in the middle of a round", tracked, EventRoundStarted, `{}`, "SILVER-ROUND-4", "still in play"},
		{"round 1 with another start player", fresh, EventRoundStarted, `{"round":1,"first_player":"b"}`, "SILVER-SETUP-8", "Name-a"},
		{"round 2 not started by the holder", round2, EventRoundStarted, `{"round":2,"first_player":"b"}`, "SILVER-NEWROUND-4", "Name-a, who holds"},
		{"round 2 again not started by the holder", round2InPlay, EventRoundStarted, `{"first_player":"c"}`, "SILVER-NEWROUND-4", "not Name-c"},
	}
	for _, c := range cases {
		t.Run(c.rule+" "+c.name, func(t *testing.T) {
			rulestest.WantViolation(t, New(), c.s, c.typ, c.data, c.rule)
			_, _, err := New().Apply(c.s, rules.Event{Type: c.typ, Data: json.RawMessage(c.data)})
			var v *rules.ViolationError
			errors.As(err, &v)
			for _, r := range v.Rulings {
				if r.Message.FA == "" {
					t.Errorf("%s: no Persian message", r.Rule)
				}
				if r.Rule == c.rule && !strings.Contains(r.Message.EN, c.wantE) {
					t.Errorf("%s message %q lacks %q", r.Rule, r.Message.EN, c.wantE)
				}
			}
		})
	}
}

// Several broken rules at once give one ruling each.
func TestViolationsTogether(t *testing.T) {
	s := play(t, setup(t, seat("a", "b", "c"), ""), turn("a"))
	_, _, err := New().Apply(s, rulestest.Ev(t, EventCensusCalled, `{"player":"c","village_size":6}`))
	var v *rules.ViolationError
	if !errors.As(err, &v) || len(v.Rulings) != 2 || v.Rulings[0].Rule != "SILVER-TURN-1" || v.Rulings[1].Rule != "SILVER-CENSUS-1" {
		t.Fatalf("want SILVER-TURN-1 and SILVER-CENSUS-1, got %v", err)
	}
	s = play(t, setup(t, seat("a", "b", "c"), ""), census("a", 2))
	_, _, err = New().Apply(s, rulestest.Ev(t, EventRoundEnded, `{"villages":{"a":[5,5,5,5,5],"b":[1],"c":[2]},"reason":"villagers"}`))
	if !errors.As(err, &v) || len(v.Rulings) != 2 || v.Rulings[0].Rule != "SILVER-COMP-2" || v.Rulings[1].Rule != "SILVER-CARD0-1" {
		t.Fatalf("want SILVER-COMP-2 and SILVER-CARD0-1, got %v", err)
	}
}

func TestInputErrors(t *testing.T) {
	fresh := setup(t, seat("a", "b", "c"), "")
	round2 := play(t, fresh, ended(villages3, "deck_empty"))
	cases := []struct {
		name     string
		s        rules.State
		typ      string
		data     string
		field    string
		contains string
	}{
		{"value 14 (SILVER-COMP-1)", fresh, EventRoundEnded, `{"villages":{"a":[14],"b":[1],"c":[2]},"reason":"deck_empty"}`, "data.villages.a[0]", "SILVER-COMP-1"},
		{"negative value (SILVER-COMP-1)", fresh, EventRoundEnded, `{"villages":{"a":[1],"b":[1,-1],"c":[2]},"reason":"deck_empty"}`, "data.villages.b[1]", "0 to 13"},
		{"fractional value", fresh, EventRoundEnded, `{"villages":{"a":[1.5],"b":[1],"c":[2]},"reason":"deck_empty"}`, "data.villages.a[0]", "whole number"},
		{"missing village", fresh, EventRoundEnded, `{"villages":{"a":[1],"b":[1]},"reason":"deck_empty"}`, "data.villages.c", "missing"},
		{"empty village", fresh, EventRoundEnded, `{"villages":{"a":[],"b":[1],"c":[2]},"reason":"deck_empty"}`, "data.villages.a", "at least 1"},
		{"village of a stranger", fresh, EventRoundEnded, `{"villages":{"a":[1],"b":[1],"c":[2],"z":[3]},"reason":"deck_empty"}`, "data.villages.z", "not a player"},
		{"no villages", fresh, EventRoundEnded, `{"reason":"deck_empty"}`, "data.villages", "required"},
		{"no reason", fresh, EventRoundEnded, `{"villages":` + villages3 + `}`, "data.reason", "required"},
		{"unknown reason", fresh, EventRoundEnded, `{"villages":` + villages3 + `,"reason":"boredom"}`, "data.reason", "deck_empty"},
		{"unknown field", fresh, EventRoundEnded, `{"villages":` + villages3 + `,"reason":"census","caller":"a"}`, "data.caller", "not a known field"},
		{"census by a stranger", fresh, EventCensusCalled, `{"player":"z","village_size":3}`, "data.player", "not a player"},
		{"census without a player", fresh, EventCensusCalled, `{"village_size":3}`, "data.player", "required"},
		{"census without a size", fresh, EventCensusCalled, `{"player":"a"}`, "data.village_size", "required"},
		{"census with an empty village", fresh, EventCensusCalled, `{"player":"a","village_size":0}`, "data.village_size", "at least 1"},
		{"turn by a stranger", fresh, EventTurnTaken, `{"player":"z"}`, "data.player", "not a player"},
		{"unknown action", fresh, EventTurnTaken, `{"player":"a","action":"steal"}`, "data.action", "draw"},
		{"census turn without a size", fresh, EventTurnTaken, `{"player":"a","action":"census"}`, "data.village_size", "required"},
		{"size on a draw turn", fresh, EventTurnTaken, `{"player":"a","action":"draw","village_size":3}`, "data.village_size", "census"},
		{"wrong round number", round2, EventRoundStarted, `{"round":3}`, "data.round", "must be 2"},
		{"round 1 restarted as round 2", fresh, EventRoundStarted, `{"round":2}`, "data.round", "must be 1"},
		{"start player not seated", fresh, EventRoundStarted, `{"first_player":"z"}`, "data.first_player", "not a player"},
		{"not JSON", fresh, EventCensusCalled, `{"player":`, "data", "JSON"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			msg := inputErrorMessage(t, c.s, c.typ, c.data, c.field)
			if !strings.Contains(msg, c.contains) {
				t.Errorf("message %q lacks %q", msg, c.contains)
			}
			if strings.Contains(c.name, "SILVER-COMP-1") {
				rulestest.Broke("SILVER-COMP-1")
			}
		})
	}
}

func TestFinishedAndUnknown(t *testing.T) {
	s := setup(t, seat("a", "b"), `{"rounds":1}`)
	done := play(t, s, ended(`{"a":[1],"b":[2]}`, "deck_empty"))
	if done.Phase != phaseFinished || done.Result() == nil {
		t.Fatalf("one-round game not finished: %+v", done)
	}
	for _, typ := range []string{EventRoundStarted, EventRoundEnded, "nonsense"} {
		_, _, err := New().Apply(done, rules.Event{Type: typ})
		if !errors.Is(err, rules.ErrFinished) {
			t.Errorf("%s after the end: got %v", typ, err)
		}
	}
	_, _, err := New().Apply(s, rules.Event{Type: "card_drawn"})
	if !errors.Is(err, rules.ErrUnknownEvent) {
		t.Errorf("unknown event: got %v", err)
	}
	type other struct{ rules.State }
	if _, _, err := New().Apply(other{}, rules.Event{Type: EventRoundStarted}); err == nil {
		t.Error("a foreign state was accepted")
	}
	if _, _, err := New().Apply((*State)(nil), rules.Event{Type: EventRoundStarted}); err == nil {
		t.Error("a nil state was accepted")
	}
	if _, _, err := New().Apply(nil, rules.Event{Type: EventRoundStarted}); err == nil {
		t.Error("no state was accepted")
	}
}

// A census recorded with one size and revealed with another is flagged.
func TestCensusSizeFlag(t *testing.T) {
	s := play(t, setup(t, seat("a", "b"), ""), census("a", 3))
	cases := []struct {
		village string
		want    string
	}{
		{`[1,2,3]`, ""},
		{`[1,2,3,4]`, "with 3 cards, but 4 were revealed"},
		{`[1,1,1,1,2,2]`, "6 cards of their village were revealed"},
	}
	for _, c := range cases {
		_, notes := rulestest.MustApply(t, New(), s, EventRoundEnded, `{"villages":{"a":`+c.village+`,"b":[9,9]},"reason":"census"}`)
		switch {
		case c.want == "" && len(notes) > 0:
			t.Errorf("%s: unexpected notes %v", c.village, notes)
		case c.want != "" && (len(notes) != 1 || notes[0].Rule != "SILVER-CENSUS-1" || !strings.Contains(notes[0].Message.EN, c.want) || notes[0].Message.FA == ""):
			t.Errorf("%s: notes %v, want a SILVER-CENSUS-1 flag with %q", c.village, notes, c.want)
		}
	}
}

// Turn tracking: the round's end waits for the extra turns once the table
// records turns; without recorded turns a census round may end at once.
func TestCensusExtraTurns(t *testing.T) {
	fresh := setup(t, seat("a", "b", "c"), "")
	end := ended(`{"a":[1,2],"b":[5],"c":[9,9]}`, "census")

	// Untracked: census then end.
	s := play(t, fresh, census("b", 2), end)
	if lastRow(t, s).CensusBy != "b" {
		t.Error("census not scored")
	}
	// Tracked: turns a, b(census), then c and a owe a turn each.
	s = play(t, fresh, turn("a"), census("b", 2))
	if s.NextTurn != "c" || strings.Join(s.Census.OwedTurns, ",") != "c,a" {
		t.Fatalf("after the census: next %q owed %v", s.NextTurn, s.Census.OwedTurns)
	}
	if got := s.Next().EN; !strings.Contains(got, "Name-c and Name-a still have one more turn") {
		t.Errorf("next = %q", got)
	}
	s = play(t, s, turn("c"), turn("a"))
	if got := s.Next().EN; !strings.Contains(got, "Record the end of the round") {
		t.Errorf("next = %q", got)
	}
	s = play(t, s, end)
	if s.Round != 2 || s.Census != nil || s.TurnsRecorded != 0 || s.NextTurn != "" {
		t.Errorf("round state not reset: %+v", s)
	}
	// The deck may run out (or the Villagers end it) before the extra turns.
	s = play(t, fresh, turn("a"), census("b", 2), ended(`{"a":[1,2],"b":[5],"c":[9,9]}`, "deck_empty"))
	if lastRow(t, s).CensusBy != "b" || lastRow(t, s).Reason != "deck_empty" {
		t.Errorf("census round ended by the deck: %+v", lastRow(t, s))
	}
	s = play(t, fresh, census("c", 4), ended(`{"a":[0,2],"b":[0],"c":[9,9,1,1]}`, "villagers"))
	if lastRow(t, s).Reason != "villagers" {
		t.Error("villagers end not recorded")
	}
	// A census recorded as a turn counts as census_called.
	s = play(t, fresh, turn("a"), turn("b"), step{EventTurnTaken, `{"player":"c","action":"census","village_size":4}`}, turn("a"), turn("b"))
	if s.Census.Caller != "c" || len(s.Census.OwedTurns) != 0 {
		t.Errorf("census turn: %+v", s.Census)
	}
}

// Round 2 starts with round_started, a census or a turn; round_started is
// optional in round 1 and checks the start player.
func TestRoundStarts(t *testing.T) {
	fresh := setup(t, seat("a", "b", "c"), `{"first_player":"b"}`)
	s := play(t, fresh, started(`{"round":1,"first_player":"b"}`), started(`{}`))
	if s.Phase != phaseInPlay || s.Round != 1 {
		t.Errorf("round 1: %+v", s)
	}
	// a is lowest and gets the amulet.
	s = play(t, fresh, ended(`{"a":[1],"b":[5],"c":[9]}`, "deck_empty"))
	if s.Phase != phasePending || s.Round != 2 || s.FirstPlayer != "a" || s.AmuletHolder != "a" {
		t.Fatalf("after round 1: %+v", s)
	}
	if got := s.Next(); !strings.Contains(got.EN, "Round 2") || !strings.Contains(got.FA, "Name-a") {
		t.Errorf("next = %+v", got)
	}
	for _, first := range []step{started(`{"round":2,"first_player":"a"}`), census("c", 1), turn("a")} {
		s2 := play(t, s, first)
		if s2.Phase != phaseInPlay {
			t.Errorf("%s did not start round 2", first.typ)
		}
	}
}

// A census from any seat: with implied_turns the players between the next
// recorded turn and the caller have had their turns, and the extra turns
// follow from the caller as usual; without it, turn order is enforced.
func TestCensusWithImpliedTurns(t *testing.T) {
	fresh := setup(t, seat("a", "b", "c", "d"), "")
	implied := func(player string, size int) step {
		return step{EventCensusCalled, `{"player":"` + player + `","village_size":` + strconv.Itoa(size) + `,"implied_turns":true}`}
	}
	// a's turn is recorded; c calls: b's turn is implied.
	s := play(t, fresh, turn("a"), implied("c", 3))
	if s.Census == nil || s.Census.Caller != "c" || strings.Join(s.Census.OwedTurns, ",") != "d,a,b" || s.NextTurn != "d" || s.TurnsRecorded != 3 {
		t.Fatalf("after c's census: census %+v next %q turns %d", s.Census, s.NextTurn, s.TurnsRecorded)
	}
	s = play(t, s, turn("d"), turn("a"), turn("b"))
	if got := s.Next().EN; !strings.Contains(got, "Record the end of the round") {
		t.Errorf("next = %q", got)
	}
	// Called on the caller's own turn, nothing is implied.
	s = play(t, fresh, turn("a"), implied("b", 2))
	if s.TurnsRecorded != 2 || strings.Join(s.Census.OwedTurns, ",") != "c,d,a" {
		t.Errorf("own turn: turns %d owed %v", s.TurnsRecorded, s.Census.OwedTurns)
	}
	// Round order wraps: d's turn is next after c; a calls, d is implied.
	s = play(t, fresh, turn("a"), turn("b"), turn("c"), implied("a", 4))
	if s.Census.Caller != "a" || s.TurnsRecorded != 5 || s.NextTurn != "b" {
		t.Errorf("wrapped: %+v next %q turns %d", s.Census, s.NextTurn, s.TurnsRecorded)
	}
	// Without recorded turns the call is as before.
	s = play(t, fresh, implied("d", 1))
	if s.Census.Caller != "d" || s.TurnsRecorded != 0 {
		t.Errorf("untracked: %+v turns %d", s.Census, s.TurnsRecorded)
	}
	// Without implied_turns the order is still enforced (SILVER-TURN-1);
	// a second census is refused either way (SILVER-CENSUS-6); a village of
	// 5 is refused (SILVER-CENSUS-1).
	for _, c := range []struct {
		steps []step
		rule  string
	}{
		{[]step{turn("a"), census("c", 3)}, "SILVER-TURN-1"},
		{[]step{turn("a"), implied("c", 3), implied("d", 2)}, "SILVER-CENSUS-6"},
		{[]step{turn("a"), implied("c", 5)}, "SILVER-CENSUS-1"},
	} {
		before := play(t, fresh, c.steps[:len(c.steps)-1]...)
		last := c.steps[len(c.steps)-1]
		_, _, err := New().Apply(before, rules.Event{Type: last.typ, Data: json.RawMessage(last.data)})
		var v *rules.ViolationError
		if !errors.As(err, &v) || len(v.Rulings) == 0 || v.Rulings[0].Rule != c.rule {
			t.Errorf("%s: %v, want %s", last.data, err, c.rule)
		}
	}
}
