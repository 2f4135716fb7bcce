package yatuk

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// A whole two-player game from setup to a finished result: forced battles,
// two actions a turn (one in the first), and the end at three gems.
func TestFullGameTwoPlayers(t *testing.T) {
	tb := newTable(t, 2, cap1)
	s := tb.st()
	if s.ActionsLeft != 1 || s.Current != "p1" || s.DrawPile != 122-14 {
		t.Fatalf("start: %+v", s)
	}
	// T1 p1 (YATUK-TWO-7: one action).
	tb.play("p1", "vipas", "W red 5")
	// T2 p2 (YATUK-TWO-1: two actions).
	tb.expect(PhaseActions, "p2")
	tb.play("p2", "vipas", "W blue 3")
	tb.play("p2", "vitasta", "W green 2")
	// T3 p1: a forced battle at Vipas first (YATUK-BATTLE-4, YATUK-TURN-2).
	tb.expect(PhaseForced, "p1")
	notes := tb.resolve("vipas", map[string]string{"p1": "W red 5", "p2": "W blue 3"}, nil)
	if len(notes) == 0 || notes[0].Rule != "YATUK-BATTLE-11" {
		t.Fatalf("notes %+v", notes)
	}
	s = tb.st()
	if g := s.gem(Gem(Green)); g.Holder != "p1" || g.Carrier == nil || g.Carrier.Power != 5 {
		t.Fatalf("green gem %+v", g)
	}
	if s.land(Vipas).Active || len(s.land(Vipas).Armies[0].slots) != 0 {
		t.Fatal("Vipas should be burned and closed (YATUK-BATTLE-13, -14)")
	}
	// The forced battle used no action (YATUK-TURN-9).
	tb.expect(PhaseActions, "p1")
	if s.ActionsLeft != 2 {
		t.Fatalf("actions left %d", s.ActionsLeft)
	}
	tb.play("p1", "vitasta", "W yellow 4")
	tb.play("p1", "parushni", "W red 1")
	// T4 p2: forced at Vitasta, p1 wins the yellow gem.
	tb.expect(PhaseForced, "p2")
	tb.resolve("vitasta", map[string]string{"p1": "W yellow 4", "p2": "W green 2"}, nil)
	tb.play("p2", "parushni", "W blue 9")
	tb.burn("p2")
	// T5 p1: forced at Parushni, p2 wins blue.
	tb.expect(PhaseForced, "p1")
	tb.resolve("parushni", map[string]string{"p1": "W red 1", "p2": "W blue 9"}, nil)
	tb.play("p1", "sutudri", "W red 6")
	tb.burn("p1")
	// T6 p2.
	tb.play("p2", "sutudri", "W red 2")
	tb.play("p2", "gomati", "W blue 1")
	// T7 p1: forced at Sutudri; p1's third gem ends the game (YATUK-END-1).
	tb.expect(PhaseForced, "p1")
	tb.resolve("sutudri", map[string]string{"p1": "W red 6", "p2": "W red 2"}, nil)
	s = tb.st()
	if !s.Finished || s.EndRule != "YATUK-END-1" || s.Next().EN != "" {
		t.Fatalf("finished %v by %s", s.Finished, s.EndRule)
	}
	res := s.Result()
	if res == nil || !slices.Equal(res.Winners, []string{"p1"}) || res.Placements[1].PlayerID != "p2" || res.Placements[1].Place != 2 {
		t.Fatalf("result %+v", res)
	}
	sc := s.Scores()
	if sc.Totals["p1"] != 3 || sc.Totals["p2"] != 1 || len(sc.Rounds.([]BattleRow)) != 4 {
		t.Fatalf("scores %+v", sc)
	}
	// Hand sizes: each play and burn was replaced, nothing declared.
	if s.Players[0].HandSize != 7 || s.Players[1].HandSize != 7 {
		t.Fatalf("hand sizes %d %d", s.Players[0].HandSize, s.Players[1].HandSize)
	}
	_, _, err := tb.g.Apply(tb.s, rulestest.Ev(t, "card_burned", map[string]any{"player": "p2"}))
	if !errors.Is(err, rules.ErrFinished) {
		t.Fatalf("after the end: %v", err)
	}
	// The state marshals, and replay from the log gives the same state.
	if _, err := json.Marshal(s); err != nil {
		t.Fatal(err)
	}
}

func TestReplay(t *testing.T) {
	log := []rules.Event{
		{Type: "card_played", Data: json.RawMessage(`{"player":"p1","land":"vipas","card":{"kind":"wizard","colors":["red"],"power":5}}`)},
		{Type: "card_played", Data: json.RawMessage(`{"player":"p2","land":"vipas","card":{"kind":"wizard","colors":["blue"],"power":3}}`)},
		{Type: "card_burned", Data: json.RawMessage(`{"player":"p2"}`)},
		{Type: "battle_resolved", Data: json.RawMessage(`{"land":"vipas","armies":{"p1":[{"kind":"wizard","colors":["red"],"power":5}],"p2":[{"kind":"wizard","colors":["blue"],"power":3}]}}`)},
		{Type: rules.UndoType},
	}
	s, err := rules.Replay(New(), rulestest.Players(2), json.RawMessage(cap1), log)
	if err != nil {
		t.Fatal(err)
	}
	if st := s.(*State); st.Phase != PhaseForced || st.PendingBattle.Land != Vipas {
		t.Fatalf("after undo the forced battle is due again: %+v", st.PendingBattle)
	}
}

// 9.4: a forced battle tied at 40 goes to Right, never to Left whose turn it
// is (YATUK-TIE-3). Left's face-down cards are recorded as unknown.
func TestWorkedExample_9_4_ForcedTie(t *testing.T) {
	tb := newTable(t, 2, `{"capacities":{"vipas":3,"vitasta":3,"parushni":3,"sutudri":3},"first_player":"p2"}`)
	left := []string{"W yellow 3", "T yellow/green 6", "M yellow 9", "M green 15", "X green 7", "D red 10"}
	right := []string{"W red 5", "M red/blue 20", "D blue 11", "X red 4", "T green 5", "X yellow 6"}
	// p2 (Right) starts with one action; then two each.
	tb.play("p2", "gomati", right[0])
	tb.play("p1", "gomati", left[0])
	tb.play("p1", "gomati", left[1])
	tb.play("p2", "gomati", right[1])
	tb.play("p2", "gomati", right[2])
	tb.play("p1", "gomati", "")
	tb.play("p1", "gomati", "")
	tb.play("p2", "gomati", right[3])
	tb.play("p2", "gomati", right[4])
	tb.play("p1", "gomati", "")
	tb.play("p1", "gomati", "")
	if c := tb.column(Gomati, "p1"); len(c.slots) != 6 {
		t.Fatalf("left has %d cards", len(c.slots))
	}
	tb.play("p2", "gomati", right[5])
	tb.burn("p2")
	// Start of Left's turn: both columns full, a forced battle; nobody burns.
	tb.expect(PhaseForced, "p1")
	hand := tb.st().Players[0].HandSize
	notes := tb.resolve("gomati", map[string]string{"p1": joinCards(left), "p2": joinCards(right)}, nil)
	s := tb.st()
	row := s.Battles[0]
	if row.Winner != "p2" || row.Rule != "YATUK-TIE-3" || row.Strengths["p1"] != 40 || row.Strengths["p2"] != 40 || row.Type != ForcedBattle {
		t.Fatalf("battle %+v", row)
	}
	if !slices.Equal(row.Removed["p1"], []int{6}) || !slices.Equal(row.Removed["p2"], []int{5, 6}) {
		t.Fatalf("removed %+v", row.Removed)
	}
	if notes[0].Rule != "YATUK-TIE-3" {
		t.Fatalf("notes %+v", notes)
	}
	if g := s.gem(White); g.Holder != "p2" || g.Carrier.Power != 5 || g.Carrier.Position != 1 {
		t.Fatalf("white gem %+v", g)
	}
	// Left then takes his turn as usual (YATUK-TURN-9), hand unchanged (YATUK-BATTLE-5).
	tb.expect(PhaseActions, "p1")
	if s.ActionsLeft != 2 || s.Players[0].HandSize != hand {
		t.Fatalf("actions %d hand %d", s.ActionsLeft, s.Players[0].HandSize)
	}
}

func joinCards(cards []string) string {
	out := ""
	for i, c := range cards {
		if i > 0 {
			out += "; "
		}
		out += c
	}
	return out
}

// 9.5: a declared battle tied at 42 goes to the declarer (YATUK-TIE-1);
// Right's column below capacity still takes part (YATUK-BATTLE-7).
func TestWorkedExample_9_5_DeclaredTie(t *testing.T) {
	tb := newTable(t, 2, `{"capacities":{"vipas":3,"vitasta":3,"parushni":3,"sutudri":5}}`)
	left := []string{"W green 4", "T green/blue 7", "M blue 20", "X blue 6", "X green/blue 5"}
	right := []string{"W all 5", "M yellow 18", "D yellow/red 14", "X red 5"}
	tb.play("p1", "sutudri", left[0])
	tb.play("p2", "sutudri", right[0])
	tb.play("p2", "sutudri", right[1])
	tb.play("p1", "sutudri", left[1])
	tb.play("p1", "sutudri", left[2])
	tb.play("p2", "sutudri", right[2])
	tb.play("p2", "sutudri", right[3])
	tb.play("p1", "sutudri", left[3])
	tb.play("p1", "sutudri", left[4])
	tb.play("p2", "vipas", "W red 1")
	tb.burn("p2")
	tb.expect(PhaseActions, "p1")
	tb.do("battle_declared", map[string]any{"player": "p1", "land": "sutudri"})
	s := tb.st()
	if s.Phase != PhaseDeclared || s.Players[0].HandSize != 6 || s.Players[0].BattlesDeclared != 1 {
		t.Fatalf("after declaring: phase %s hand %d", s.Phase, s.Players[0].HandSize)
	}
	tb.resolve("sutudri", map[string]string{"p1": joinCards(left), "p2": joinCards(right)}, nil)
	s = tb.st()
	row := s.Battles[0]
	if row.Winner != "p1" || row.Rule != "YATUK-TIE-1" || row.Strengths["p1"] != 42 || row.Strengths["p2"] != 42 || row.Type != DeclaredBattle {
		t.Fatalf("battle %+v", row)
	}
	if g := s.gem(Gem(Red)); g.Holder != "p1" || g.Carrier.Power != 4 {
		t.Fatalf("red gem %+v", g)
	}
	// One action left after the declaration; the burned card is not replaced.
	tb.expect(PhaseActions, "p1")
	tb.burn("p1")
	if hs := tb.st().Players[0].HandSize; hs != 6 {
		t.Fatalf("hand size %d, want 6 (YATUK-DRAW-2)", hs)
	}
}

// 9.7: a forced battle triggers only at the turn start of a player with a
// full column; all columns at the land take part.
func TestWorkedExample_9_7_ForcedTrigger(t *testing.T) {
	tb := newTable(t, 3, `{"capacities":{"vipas":3,"vitasta":3,"parushni":3,"sutudri":3}}`)
	for round := 1; round <= 6; round++ {
		tb.play("p1", "gomati", cardFor(round, "red"))
		tb.play("p2", "gomati", cardFor(round, "blue"))
		if round == 6 {
			// Start of C's turn: A and B are full, C is not: no battle.
			tb.expect(PhaseActions, "p3")
			tb.play("p3", "gomati", "")
			break
		}
		if round <= 4 {
			tb.play("p3", "gomati", cardFor(round, "green"))
		} else {
			tb.burn("p3")
		}
	}
	// Start of A's turn: forced battle at Gomati with all three columns.
	tb.expect(PhaseForced, "p1")
	tb.want("battle_resolved", tb.battle("gomati", map[string]string{
		"p1": "W red 3; M red 4; X red 1; X red 1; X red 1; X red 1",
		"p2": "W blue 3; M blue 4; X blue 1; X blue 1; X blue 1; X blue 1"}, nil), "YATUK-BATTLE-7")
	tb.resolve("gomati", map[string]string{
		"p1": "W red 3; M red 4; X red 1; X red 1; X red 1; X red 1",
		"p2": "W blue 3; M blue 4; X blue 1; X blue 1; X blue 1; X blue 1",
		"p3": "W green 3; M green 4; X green 9; X green 1; X green 1"}, nil)
	if row := tb.st().Battles[0]; row.Winner != "p3" || len(row.Strengths) != 3 {
		t.Fatalf("battle %+v", row)
	}
	tb.expect(PhaseActions, "p1")
}

// cardFor gives the face-up cards of the 9.7 columns; later ones are unknown.
func cardFor(round int, color string) string {
	switch round {
	case 1:
		return "W " + color + " 3"
	case 2:
		return "M " + color + " 4"
	}
	return ""
}

// 9.8: Night Raid burns Armin's two face-up cards; his face-down cards move
// up and are turned face up at once (YATUK-SPELL-4, YATUK-ARMY-7).
func TestWorkedExample_9_8_NightRaid(t *testing.T) {
	tb := newTable(t, 3, `{"capacities":{"vipas":4,"vitasta":3,"parushni":3,"sutudri":3}}`)
	// Armin is p1, Navid p2.
	tb.play("p1", "vipas", "W red 3")
	tb.burn("p2")
	tb.burn("p3")
	tb.play("p1", "vipas", "M red 10")
	tb.burn("p2")
	tb.burn("p3")
	tb.play("p1", "vipas", "")
	tb.burn("p2")
	tb.burn("p3")
	tb.play("p1", "vipas", "X red 2") // recorded face down with its identity
	raid := map[string]any{"player": "p2", "spell": "night_raid", "target": "p1", "land": "vipas"}
	tb.want("spell_played", raid, "YATUK-ARMY-7")
	raid["revealed"] = cardsJSON(army(t, "D red 8; X blue 2"))
	tb.want("spell_played", raid, "YATUK-ARMY-7") // the 4th card was recorded as a red weapon
	raid["revealed"] = cardsJSON(army(t, "D red 8; X red 2"))
	hand := tb.st().Players[1].HandSize
	tb.do("spell_played", raid)
	c := tb.column(Vipas, "p1")
	if len(c.slots) != 2 || !c.slots[0].known || c.slots[0].card.Kind != Demon || c.slots[1].card.Kind != Weapon {
		t.Fatalf("column after the raid %+v", c)
	}
	view, _ := json.Marshal(c)
	if string(view) != `{"player":"p1","size":2,"face_up":[{"kind":"demon","colors":["red"],"power":8},{"kind":"weapon","colors":["red"],"power":2}],"face_down":0}` {
		t.Fatalf("column view %s", view)
	}
	// Navid played and drew one (YATUK-SPELL-2, YATUK-DRAW-1).
	if h := tb.st().Players[1].HandSize; h != hand {
		t.Fatalf("Navid's hand %d, want %d", h, hand)
	}
	// Armin may again add cards up to capacity; the third goes face down.
	tb.burn("p3")
	tb.play("p1", "vipas", "")
}

// 9.9: hand-size bookkeeping (YATUK-DRAW-1, -2, YATUK-TWO-4, -5).
func TestWorkedExample_9_9_HandSizes(t *testing.T) {
	tb := newTable(t, 3, `{"capacities":{"vipas":1,"vitasta":3,"parushni":3,"sutudri":3}}`)
	tb.play("p1", "vipas", "W red 3")
	tb.burn("p2")
	tb.burn("p3")
	if h := tb.st().Players[0].HandSize; h != 7 {
		t.Fatalf("after a play %d", h)
	}
	tb.burn("p1")
	tb.burn("p2")
	tb.burn("p3")
	if h := tb.st().Players[0].HandSize; h != 7 {
		t.Fatalf("after a burn %d", h)
	}
	tb.do("battle_declared", map[string]any{"player": "p1", "land": "vipas"})
	tb.resolve("vipas", map[string]string{"p1": "W red 3"}, nil)
	if h := tb.st().Players[0].HandSize; h != 6 {
		t.Fatalf("after declaring %d, want 6", h)
	}
	if pile := tb.st().DrawPile; pile != 122-21-6 {
		t.Fatalf("draw pile %d", pile)
	}

	// Two players: declare at Vipas and at Gomati in one turn: 7 -> 5.
	two := newTable(t, 2, cap1)
	two.play("p1", "vipas", "W red 3")
	two.play("p2", "gomati", "W red 3")
	two.burn("p2")
	two.play("p1", "gomati", "W blue 1")
	two.burn("p1")
	// p2's turn start: Gomati full for both -> forced battle; p2 wins it.
	two.resolve("gomati", map[string]string{"p1": "W blue 1", "p2": "W red 3"}, nil)
	two.play("p2", "vitasta", "W red 1")
	two.play("p2", "sutudri", "W red 1")
	// p1 declares twice... only Vipas is his; show play then burn draws 2.
	before := two.st().Players[0].HandSize
	two.do("battle_declared", map[string]any{"player": "p1", "land": "vipas"})
	two.resolve("vipas", map[string]string{"p1": "W red 3"}, nil)
	two.play("p1", "parushni", "W blue 1")
	if h := two.st().Players[0].HandSize; h != before-1 {
		t.Fatalf("two-player declare + play: hand %d, want %d", h, before-1)
	}
}

// Two declarations in one two-player turn: 7 -> 5 cards (YATUK-TWO-5).
func TestTwoPlayerDoubleDeclare(t *testing.T) {
	tb := newTable(t, 2, cap1)
	tb.play("p1", "vipas", "W red 3")
	tb.burn("p2")
	tb.burn("p2")
	tb.play("p1", "gomati", "W red 2")
	tb.burn("p1")
	tb.burn("p2")
	tb.burn("p2")
	tb.do("battle_declared", map[string]any{"player": "p1", "land": "vipas"})
	tb.resolve("vipas", map[string]string{"p1": "W red 3"}, nil)
	tb.do("battle_declared", map[string]any{"player": "p1", "land": "gomati"})
	tb.resolve("gomati", map[string]string{"p1": "W red 2"}, nil)
	if h := tb.st().Players[0].HandSize; h != 5 {
		t.Fatalf("hand %d, want 5", h)
	}
	tb.expect(PhaseActions, "p2")
}

// Several forced battles at one turn start, in land order (YATUK-BATTLE-6);
// a gem won in the first counts in the second (YATUK-GEM-5).
func TestForcedBattlesInLandOrder(t *testing.T) {
	tb := newTable(t, 2, cap1)
	tb.play("p1", "vipas", "W green 3")
	tb.play("p2", "parushni", "W red 1")
	tb.play("p2", "sutudri", "W red 1")
	tb.play("p1", "vitasta", "W green 2")
	tb.burn("p1")
	tb.play("p2", "vipas", "W blue 1")
	tb.play("p2", "vitasta", "W yellow 2")
	tb.expect(PhaseForced, "p1")
	if q := tb.st().ForcedQueue; !slices.Equal(q, []Land{Vitasta}) {
		t.Fatalf("queue %v", q)
	}
	tb.want("battle_resolved", tb.battle("vitasta", map[string]string{"p1": "W green 2", "p2": "W yellow 2"}, nil), "YATUK-BATTLE-6")
	tb.resolve("vipas", map[string]string{"p1": "W green 3", "p2": "W blue 1"}, nil)
	tb.expect(PhaseForced, "p1")
	// p1 now holds green: his green wizard gets +1 and wins 3 to 2.
	tb.resolve("vitasta", map[string]string{"p1": "W green 2", "p2": "W yellow 2"}, nil)
	if row := tb.st().Battles[1]; row.Winner != "p1" || row.Strengths["p1"] != 3 {
		t.Fatalf("second battle %+v", row)
	}
	tb.expect(PhaseActions, "p1")
}

// Advanced mode: hand 1 runs past three gems to the fifth (YATUK-ADV-2);
// hand 2 starts with the gems held, their bonuses count, and a held gem can be
// taken (YATUK-ADV-3..7).
func TestAdvancedLeague(t *testing.T) {
	tb := newTable(t, 2, `{"capacities":{"vipas":1,"vitasta":1,"parushni":1,"sutudri":1,"gomati":1},"mode":"advanced"}`)
	lands := []string{"vipas", "vitasta", "parushni", "sutudri", "gomati"}
	// Hand 1: p1 wins every land alone by declaring.
	tb.play("p1", "vipas", "W red 5")
	tb.burn("p2")
	tb.burn("p2")
	for i, l := range lands {
		tb.do("battle_declared", map[string]any{"player": "p1", "land": l})
		tb.resolve(l, map[string]string{"p1": "W red 5"}, nil)
		if i == len(lands)-1 {
			break
		}
		tb.play("p1", lands[i+1], "W red 5")
		tb.burn("p2")
		tb.burn("p2")
	}
	s := tb.st()
	if s.Finished || s.Hand != 2 || len(s.HandResults) != 1 || s.HandResults[0].EndRule != "YATUK-ADV-2" {
		t.Fatalf("after hand 1: finished %v hand %d results %+v", s.Finished, s.Hand, s.HandResults)
	}
	if g := s.gem(Gem(Green)); g.Holder != "p1" || g.Carrier != nil {
		t.Fatalf("hand 2 green gem %+v (held, no carrier: YATUK-ADV-9)", g)
	}
	if !s.land(Vipas).Active || s.Current != "p2" || s.Players[0].HandSize != 7 {
		t.Fatalf("hand 2 setup: %+v", s)
	}
	// Hand 2, p2 starts (one seat left of hand 1's first player).
	tb.play("p2", "vipas", "W blue 9")
	tb.play("p1", "vipas", "W green 8")
	tb.burn("p1")
	tb.expect(PhaseForced, "p2")
	// p1 holds green and white from hand 1: 8 + 1 + 1 (white named green,
	// stacking: YATUK-GEM-4) = 10 beats 9 (YATUK-ADV-4, YATUK-GEM-5).
	tb.resolve("vipas", map[string]string{"p1": "W green 8", "p2": "W blue 9"}, nil)
	if row := tb.st().Battles[5]; row.Strengths["p1"] != 10 || row.Winner != "p1" || row.Rule != "YATUK-BATTLE-11" {
		t.Fatalf("hand 2 battle %+v", row)
	}
	// p2 takes the yellow gem from p1 (YATUK-ADV-5).
	tb.play("p2", "vitasta", "W blue 9")
	tb.burn("p2")
	tb.burn("p1")
	tb.burn("p1")
	tb.do("battle_declared", map[string]any{"player": "p2", "land": "vitasta"})
	tb.resolve("vitasta", map[string]string{"p2": "W blue 9"}, nil)
	s = tb.st()
	if row := s.Battles[6]; row.TakenFrom != "p1" || row.Winner != "p2" {
		t.Fatalf("taken %+v", row)
	}
	if s.Scores().Totals["p2"] != 1 || s.Scores().Totals["p1"] != 4 {
		t.Fatalf("totals %+v", s.Scores().Totals)
	}
	for _, l := range lands[2:] {
		tb.passTo("p1")
		tb.play("p1", l, "W red 5")
		tb.passTo("p1")
		tb.do("battle_declared", map[string]any{"player": "p1", "land": l})
		tb.resolve(l, map[string]string{"p1": "W red 5"}, nil)
	}
	s = tb.st()
	if !s.Finished || s.EndRule != "YATUK-ADV-7" || len(s.HandResults) != 2 {
		t.Fatalf("after hand 2: finished %v rule %s", s.Finished, s.EndRule)
	}
	if res := s.Result(); !slices.Equal(res.Winners, []string{"p1"}) {
		t.Fatalf("result %+v", res)
	}
}

// End of a three-player game by the fifth gem with a carrier tie-break
// (YATUK-END-2, -3, -4).
func TestEndTieBreakByCarriers(t *testing.T) {
	tb := newTable(t, 3, cap1)
	order := []struct {
		player, land, wizard string
	}{
		{"p1", "vipas", "W red 6"}, {"p2", "vitasta", "W red 2"}, {"p3", "parushni", "W red 1"},
		{"p1", "sutudri", "W red 1"}, {"p2", "gomati", "W red 2"},
	}
	// Each player fills his land on his turn; on his next turn he declares.
	for i, o := range order {
		for tb.st().Current != o.player {
			tb.burn(tb.st().Current)
		}
		tb.play(o.player, o.land, o.wizard)
		for tb.st().Current != o.player {
			tb.burn(tb.st().Current)
		}
		tb.do("battle_declared", map[string]any{"player": o.player, "land": o.land})
		tb.resolve(o.land, map[string]string{o.player: o.wizard}, nil)
		if i < len(order)-1 && tb.st().Finished {
			t.Fatalf("finished early after %d battles", i+1)
		}
	}
	s := tb.st()
	if !s.Finished || s.EndRule != "YATUK-END-2" {
		t.Fatalf("finished %v rule %s", s.Finished, s.EndRule)
	}
	// p1 and p2 hold 2 gems each; p2's carriers total 4 < p1's 7.
	res := s.Result()
	want := []rules.Placement{{PlayerID: "p2", Place: 1}, {PlayerID: "p1", Place: 2}, {PlayerID: "p3", Place: 3}}
	if !slices.Equal(res.Placements, want) || !slices.Equal(res.Winners, []string{"p2"}) {
		t.Fatalf("result %+v", res)
	}
}

func TestExtraPlaysSpell(t *testing.T) {
	tb := newTable(t, 3, `{"capacities":{"vipas":3,"vitasta":3,"parushni":3,"sutudri":3}}`)
	tb.do("spell_played", map[string]any{"player": "p1", "spell": "extra_plays", "extra_plays": 2})
	tb.play("p1", "vipas", "W red 1")
	tb.want("card_burned", map[string]any{"player": "p1"}, "YATUK-SPELL-3")
	tb.play("p1", "vipas", "W red 1")
	tb.expect(PhaseActions, "p2")
	if h := tb.st().Players[0].HandSize; h != 7 {
		t.Fatalf("hand %d: three plays, three draws (YATUK-SPELL-3)", h)
	}
	// Ending early with an extra play left.
	tb.do("spell_played", map[string]any{"player": "p2", "spell": "extra_plays", "extra_plays": 1})
	tb.do("turn_ended", map[string]any{"player": "p2"})
	tb.expect(PhaseActions, "p3")
	notes := tb.do("spell_played", map[string]any{"player": "p3", "spell": "other", "name": "Fog"})
	if len(notes) != 1 || notes[0].Rule != "YATUK-SPELL-6" {
		t.Fatalf("notes %+v", notes)
	}
}

func TestBetrayal(t *testing.T) {
	tb := newTable(t, 3, `{"capacities":{"vipas":4,"vitasta":3,"parushni":3,"sutudri":3}}`)
	tb.play("p1", "vipas", "W red 3")
	tb.play("p2", "vipas", "W blue 3")
	tb.burn("p3")
	tb.play("p1", "vipas", "M red 9")
	tb.burn("p2")
	tb.burn("p3")
	tb.play("p1", "vipas", "")
	b := map[string]any{"player": "p2", "spell": "betrayal", "target": "p1", "land": "vipas", "cards": []int{2}}
	tb.want("spell_played", b, "YATUK-ARMY-7")
	b["revealed"] = cardsJSON(army(t, "S"))
	notes := tb.do("spell_played", b)
	rulesSeen := []string{}
	for _, n := range notes {
		rulesSeen = append(rulesSeen, n.Rule)
	}
	if !slices.Contains(rulesSeen, "YATUK-ARMY-11") || !slices.Contains(rulesSeen, "YATUK-SPELL-5") {
		t.Fatalf("notes %v", rulesSeen)
	}
	c := tb.column(Vipas, "p1")
	if len(c.slots) != 2 || c.slots[0].card.Kind != Wizard || c.slots[1].card.Kind != Spell {
		t.Fatalf("column %+v", c)
	}
}

// A face-down spell found at reveal is removed and flagged (YATUK-AMB-13).
func TestHiddenSpellAtReveal(t *testing.T) {
	tb := newTable(t, 3, `{"capacities":{"vipas":3,"vitasta":3,"parushni":3,"sutudri":3}}`)
	tb.play("p1", "vipas", "W red 3")
	tb.burn("p2")
	tb.burn("p3")
	tb.play("p1", "vipas", "M red 9")
	tb.burn("p2")
	tb.burn("p3")
	tb.play("p1", "vipas", "")
	tb.burn("p2")
	tb.burn("p3")
	tb.do("battle_declared", map[string]any{"player": "p1", "land": "vipas"})
	notes := tb.resolve("vipas", map[string]string{"p1": "W red 3; M red 9; S"}, nil)
	if notes[0].Rule != "YATUK-ARMY-11" {
		t.Fatalf("notes %+v", notes)
	}
	if row := tb.st().Battles[0]; row.Strengths["p1"] != 12 || !slices.Equal(row.Removed["p1"], []int{3}) {
		t.Fatalf("row %+v", row)
	}
}

// Declared chain resolution: links are given per player and checked.
func TestDeclaredResolutionInGame(t *testing.T) {
	tb := newTable(t, 2, `{"capacities":{"vipas":2,"vitasta":1,"parushni":1,"sutudri":1},"chain_resolution":"declared"}`)
	tb.play("p1", "vipas", "W red 3")
	tb.burn("p2")
	tb.burn("p2")
	tb.play("p1", "vipas", "M red 9")
	tb.burn("p1")
	tb.burn("p2")
	tb.burn("p2")
	tb.do("battle_declared", map[string]any{"player": "p1", "land": "vipas"})
	data := tb.battle("vipas", map[string]string{"p1": "W red 3; M red 9"}, nil)
	tb.wantInput("battle_resolved", data, "data.links.p1")
	// Positions run from 1: a 0 is refused like any position out of range,
	// not taken for "no summoner" (that is null).
	for _, bad := range []int{0, -1, 3} {
		data["links"] = map[string]any{"p1": []any{nil, bad}}
		tb.wantInput("battle_resolved", data, "data.links.p1[1]")
	}
	data["links"] = map[string]any{"p1": []any{nil, nil}}
	tb.do("battle_resolved", data)
	if row := tb.st().Battles[0]; row.Strengths["p1"] != 3 {
		t.Fatalf("undeclared monster should not count: %+v", row)
	}
}

// A pass with an empty hand; a full round of passes ends the game (YATUK-AMB-14).
func TestStallEndsGame(t *testing.T) {
	tb := newTable(t, 2, cap1)
	s := tb.st().clone()
	s.Players[0].HandSize, s.Players[1].HandSize, s.DrawPile = 0, 0, 0
	tb.s = s
	tb.want("card_burned", map[string]any{"player": "p1"}, "YATUK-TURN-7")
	tb.do("turn_ended", map[string]any{"player": "p1"})
	notes := tb.do("turn_ended", map[string]any{"player": "p2"})
	if !tb.st().Finished || tb.st().EndRule != "YATUK-AMB-14" || notes[0].Rule != "YATUK-AMB-14" {
		t.Fatalf("finished %v %s", tb.st().Finished, tb.st().EndRule)
	}
	if res := tb.st().Result(); len(res.Winners) != 2 {
		t.Fatalf("a shared win with no gems: %+v", res)
	}
}

// The Info examples are valid, applied in the order the docs describe.
func TestInfoExamples(t *testing.T) {
	info := New().Info()
	ex := map[string]json.RawMessage{}
	for _, e := range info.Events {
		if e.Description == "" || len(e.Example) == 0 {
			t.Errorf("%s: description or example missing", e.Type)
		}
		ex[e.Type] = e.Example
	}
	for _, o := range info.Options {
		if o.Description == "" || o.Type == "" {
			t.Errorf("option %s undocumented", o.Name)
		}
	}
	tb := newTable(t, 3, `{"capacities":{"vipas":1,"vitasta":3,"parushni":3,"sutudri":3}}`)
	tb.play("p1", "gomati", "W red 5")
	tb.do("spell_played", ex["spell_played"])
	tb.do("card_burned", ex["card_burned"])
	tb.do("card_played", ex["card_played"])
	tb.burn("p2")
	tb.burn("p3")
	tb.do("battle_declared", ex["battle_declared"])
	tb.do("battle_resolved", ex["battle_resolved"])
	tb.do("spell_played", map[string]any{"player": "p2", "spell": "extra_plays", "extra_plays": 1})
	tb.do("turn_ended", ex["turn_ended"])
	tb.expect(PhaseActions, "p3")
	for _, r := range New().Referees() {
		if _, err := r.Ask(r.Example); err != nil {
			t.Errorf("referee %s example: %v", r.Question, err)
		}
	}
}

func TestNextTexts(t *testing.T) {
	tb := newTable(t, 2, cap1)
	if n := tb.st().Next(); n.EN == "" || n.FA == "" {
		t.Fatal("next text missing")
	}
	tb.play("p1", "vipas", "W red 1")
	tb.play("p2", "vipas", "W red 1")
	tb.burn("p2")
	if n := tb.st().Next(); n.EN == "" || n.FA == "" || tb.st().Phase != PhaseForced {
		t.Fatalf("next %+v", n)
	}
}

func TestApplyRejectsForeignState(t *testing.T) {
	_, _, err := New().Apply(nil, rules.Event{Type: "card_burned"})
	if err == nil {
		t.Fatal("want an error for a nil state")
	}
	tb := newTable(t, 2, cap1)
	_, _, err = New().Apply(tb.s, rules.Event{Type: "dance"})
	if !errors.Is(err, rules.ErrUnknownEvent) {
		t.Fatalf("unknown event: %v", err)
	}
}
