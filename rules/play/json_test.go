package play

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// appendersExpected are the games whose states, and the rows of whose
// score sheets, write their own JSON. The test fails if one stops
// implementing rules.JSONAppender (a changed
// signature would otherwise quietly send it back to reflection).
var appendersExpected = map[string]bool{"wizard": true, "silver": true, "munchkin": true, "wazabi": true, "yatuk": true}

// TestAppendJSONWritesWhatEncodingJSONWrites compares every state of
// generated matches, from Setup to the end, and every row of its score
// sheet, written by its own AppendJSON and by json.Marshal: the bytes must
// be the same. Player names
// carry quotes, HTML characters and Persian letters, so the escaping paths
// are compared too.
func TestAppendJSONWritesWhatEncodingJSONWrites(t *testing.T) {
	perGame := 24 // about 12,000 states; the games' fuzzers compare more
	if testing.Short() {
		perGame = 8
	}
	for _, spec := range Games() {
		t.Run(spec.ID, func(t *testing.T) {
			t.Parallel()
			states := 0
			for i := 0; i < perGame; i++ {
				seq, _, err := Generate(spec, 77, i)
				if err != nil {
					t.Fatal(err)
				}
				ids := make([]string, seq.Seats)
				players := make([]rules.Player, seq.Seats)
				for k := range ids {
					ids[k] = fmt.Sprintf("pl_%d<&>\"%d", i, k)
					players[k] = rules.Player{ID: ids[k], Name: fmt.Sprintf("سارا \"%d\" <b>&\u2028", k)}
				}
				rep := seq.Replacer(ids)
				st, _, err := spec.Game.Setup(players, json.RawMessage(rep.Replace(seq.Options)))
				if err != nil {
					t.Fatal(err)
				}
				if _, ok := st.(rules.JSONAppender); ok != appendersExpected[spec.ID] {
					t.Fatalf("the state implements rules.JSONAppender: %v, expected %v", ok, appendersExpected[spec.ID])
				}
				rowType := reflect.TypeOf(rules.RowsSlice(st.Scores().Rounds, 0, 0)).Elem()
				if rowType.Kind() != reflect.Pointer {
					rowType = reflect.PointerTo(rowType)
				}
				if ok := rowType.Implements(reflect.TypeFor[rules.JSONAppender]()); ok != appendersExpected[spec.ID] {
					t.Fatalf("the score sheet's rows (%s) implement rules.JSONAppender: %v, expected %v", rowType, ok, appendersExpected[spec.ID])
				}
				rulestest.CheckStateJSON(t, st, fmt.Sprintf("match %d after setup", i))
				for k, ev := range seq.Events(ids) {
					st, _, err = spec.Game.Apply(st, ev)
					if err != nil {
						t.Fatalf("match %d event %d: %v", i, k+1, err)
					}
					rulestest.CheckStateJSON(t, st, fmt.Sprintf("match %d after event %d (%s)", i, k+1, ev.Type))
					states++
				}
			}
			t.Logf("%d states compared", states)
		})
	}
}
