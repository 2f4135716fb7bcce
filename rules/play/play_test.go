package play

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/motamed/motamed/rules"
)

// realIDs are IDs shaped like the server's, for the seats of a match.
func realIDs(n int) ([]string, []rules.Player) {
	ids := make([]string, n)
	players := make([]rules.Player, n)
	for i := range ids {
		ids[i] = fmt.Sprintf("pl_%016d", 7*i+3)
		players[i] = rules.Player{ID: ids[i], Name: "Player " + ids[i]}
	}
	return ids, players
}

// TestGeneratedMatchesAreLegalAndFinish replays generated matches of every
// game, with real-looking player IDs substituted as a table does, through
// the game's rules package from a fresh Setup: every event must be accepted
// and the match must end with a result. Across the sample every event type
// the game documents must occur, and every player count.
func TestGeneratedMatchesAreLegalAndFinish(t *testing.T) {
	perGame := 60
	if testing.Short() {
		perGame = 15
	}
	for _, spec := range Games() {
		t.Run(spec.ID, func(t *testing.T) {
			t.Parallel()
			types := map[string]int{}
			seats := map[int]bool{}
			events, attempts := 0, 0
			for i := 0; i < perGame; i++ {
				seq, a, err := Generate(spec, 42, i)
				if err != nil {
					t.Fatalf("match %d: %v", i, err)
				}
				attempts += a
				events += len(seq.Bodies)
				seats[seq.Seats] = true
				if seq.Seats < spec.Min || seq.Seats > spec.Max {
					t.Fatalf("match %d: %d seats", i, seq.Seats)
				}
				ids, players := realIDs(seq.Seats)
				rep := seq.Replacer(ids)
				opts := rep.Replace(seq.Options)
				log := seq.Events(ids)
				for k, ev := range log {
					types[ev.Type]++
					if strings.Contains(string(ev.Data), SeatPrefix) {
						t.Fatalf("match %d event %d keeps a placeholder: %s", i, k+1, ev.Data)
					}
				}
				s, err := rules.Replay(spec.Game, players, json.RawMessage(opts), log)
				if err != nil {
					t.Fatalf("match %d (%d seats, options %s): %v", i, seq.Seats, opts, err)
				}
				if s.Result() == nil {
					t.Fatalf("match %d: not finished after %d events", i, len(log))
				}
				if len(s.Result().Placements) != seq.Seats {
					t.Fatalf("match %d: %d placements for %d seats", i, len(s.Result().Placements), seq.Seats)
				}
			}
			for _, doc := range spec.Game.Info().Events {
				if types[doc.Type] == 0 {
					t.Errorf("no generated match has a %s event", doc.Type)
				}
			}
			for n := spec.Min; n <= spec.Max && !testing.Short(); n++ {
				if !seats[n] {
					t.Errorf("no generated match has %d players", n)
				}
			}
			if attempts > perGame+perGame/10 {
				t.Errorf("%d attempts for %d matches: too many run past %d events", attempts, perGame, spec.maxEvents)
			}
			t.Logf("%d matches, %d events (%d per match), %d attempts, types %v", perGame, events, events/perGame, attempts, types)
		})
	}
}

// The same seed gives the same matches; another seed other ones.
func TestGenerateIsDeterministic(t *testing.T) {
	for _, spec := range Games() {
		a, _, err := Generate(spec, 9, 3)
		if err != nil {
			t.Fatal(err)
		}
		b, _, _ := Generate(spec, 9, 3)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: two generations from one seed differ", spec.ID)
		}
		c, _, _ := Generate(spec, 10, 3)
		if reflect.DeepEqual(a, c) {
			t.Errorf("%s: seeds 9 and 10 give the same match", spec.ID)
		}
	}
}

// Every body is a JSON event as the API takes it: {"type", "data"} only.
func TestBodiesAreEvents(t *testing.T) {
	for _, spec := range Games() {
		seq, _, err := Generate(spec, 5, 0)
		if err != nil {
			t.Fatal(err)
		}
		for i, b := range seq.Bodies {
			var m map[string]json.RawMessage
			if err := json.Unmarshal([]byte(b), &m); err != nil {
				t.Fatalf("%s body %d: %v", spec.ID, i, err)
			}
			keys := make([]string, 0, len(m))
			for k := range m {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			if !slices.Equal(keys, []string{"data", "type"}) || string(m["type"]) != `"`+seq.Types[i]+`"` {
				t.Fatalf("%s body %d: %s", spec.ID, i, b)
			}
		}
	}
}

func TestBuildPool(t *testing.T) {
	pool, err := BuildPool(Games(), 3, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range Games() {
		if len(pool[spec.ID]) != 3 {
			t.Fatalf("%s: %d matches", spec.ID, len(pool[spec.ID]))
		}
		for i, s := range pool[spec.ID] {
			want, _, _ := Generate(spec, 1, i)
			if !reflect.DeepEqual(s, want) {
				t.Errorf("%s match %d differs from Generate", spec.ID, i)
			}
		}
	}
}

// A table's player IDs replace the placeholders in options too.
func TestReplacer(t *testing.T) {
	seq := &Seq{Seats: 2, Options: `{"first_player":"` + SeatID(1) + `"}`, Bodies: []string{`{"type":"x","data":{"a":"` + SeatID(0) + `","m":{"` + SeatID(1) + `":1}}}`}}
	rep := seq.Replacer([]string{"pl_a", "pl_b"})
	if got := rep.Replace(seq.Options); got != `{"first_player":"pl_b"}` {
		t.Errorf("options: %s", got)
	}
	if got := rep.Replace(seq.Bodies[0]); got != `{"type":"x","data":{"a":"pl_a","m":{"pl_b":1}}}` {
		t.Errorf("body: %s", got)
	}
}

// The Replacer replaces exactly what a strings.Replacer over the quoted
// pairs replaces: in every body and the options of generated matches, and
// in strings that only look like placeholders.
func TestReplacerMatchesStringsReplacer(t *testing.T) {
	check := func(seats int, ids []string, s string) {
		t.Helper()
		pairs := []string{}
		for i := 0; i < seats; i++ {
			pairs = append(pairs, `"`+SeatID(i)+`"`, strconv.Quote(ids[i]))
		}
		want := strings.NewReplacer(pairs...).Replace(s)
		rep := (&Seq{Seats: seats}).Replacer(ids)
		if got := rep.Replace(s); got != want {
			t.Fatalf("%q:\n got  %s\n want %s", s, got, want)
		}
		if got := string(rep.Append([]byte("head:"), s)); got != "head:"+want {
			t.Fatalf("%q appended:\n got  %s\n want head:%s", s, got, want)
		}
	}
	for _, spec := range Games() {
		for i := 0; i < 5; i++ {
			seq, _, err := Generate(spec, 3, i)
			if err != nil {
				t.Fatal(err)
			}
			ids, _ := realIDs(seq.Seats)
			ids[0] = `pl_"odd"\id`
			check(seq.Seats, ids, seq.Options)
			for _, b := range seq.Bodies {
				check(seq.Seats, ids, b)
			}
		}
	}
	ids := []string{"a", "b", "c"}
	for _, s := range []string{"", "plain", `"pl_seat"`, `"pl_seat1_placeholder`, `"pl_seat01_placeholder"`, `"pl_seat9_placeholder"`,
		`"pl_seat-1_placeholder"`, `""pl_seat0_placeholder""`, `x"pl_seat2_placeholder"y"pl_seat0_placeholder"`, `"pl_seat1_placeholder_"`} {
		check(3, ids, s)
	}
}
