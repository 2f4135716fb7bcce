package silver

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/motamed/motamed/rules/rulestest"
)

// get walks an answer decoded from JSON: get(a, "amulet", "holder").
func get(v any, path ...string) any {
	for _, p := range path {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[p]
	}
	return v
}

func num(v any) int {
	f, _ := v.(float64)
	return int(f)
}

func nums(v any) map[string]int {
	out := map[string]int{}
	m, _ := v.(map[string]any)
	for k, x := range m {
		out[k] = num(x)
	}
	return out
}

func TestRoundRefereeExamples(t *testing.T) {
	cases := []struct {
		name       string
		body       string
		points     map[string]int
		totals     map[string]int
		holder     string
		holderRule string
		gameEnds   any // nil, true or false
		winners    []any
		winRule    string
	}{
		{"S1 (AMB-5: round scores decide)", exampleRoundRequest,
			map[string]int{"a": 0, "b": 13, "c": 7}, map[string]int{"a": 14, "b": 19, "c": 27},
			"a", "SILVER-AMULET-1", false, nil, ""},
		{"S2 (AMB-6/7: start player counts first)", `{"players":["A","B","C","D"],"villages":{"A":[4,4,1],"B":[8,3,0,7],"C":[2,7],"D":[1,6,3]},"census_by":"D","first_player":"C","round":1}`,
			map[string]int{"A": 9, "B": 18, "C": 9, "D": 20}, map[string]int{"A": 9, "B": 18, "C": 9, "D": 20},
			"C", "SILVER-AMULET-4", false, nil, ""},
		{"S4", `{"players":["A","B","C"],"villages":{"A":[12],"B":[3],"C":[13,13,10,5]},"census_by":"B","first_player":"A","amulet_holder":"A","totals_before":{"A":88,"B":95,"C":60},"score_jump_used":["C"],"options":{"end":"points"}}`,
			map[string]int{"A": 12, "B": 0, "C": 41}, map[string]int{"A": 50, "B": 95, "C": 101},
			"B", "SILVER-AMULET-1", true, []any{"A"}, "SILVER-POINTS-3"},
		{"S4 variant: A's jump used", `{"players":["A","B","C"],"villages":{"A":[12],"B":[3],"C":[13,13,10,5]},"census_by":"B","first_player":"A","amulet_holder":"A","totals_before":{"A":88,"B":95,"C":60},"score_jump_used":["A","C"],"options":{"end":"points"}}`,
			map[string]int{"A": 12, "B": 0, "C": 41}, map[string]int{"A": 100, "B": 95, "C": 101},
			"B", "SILVER-AMULET-1", true, []any{"B"}, "SILVER-POINTS-3"},
		{"S5 (AMB-22/23)", `{"players":["A","B","C"],"villages":{"A":[12,13,12,13],"B":[1,1,2],"C":[9]},"census_by":"B","first_player":"C","amulet_holder":"C","totals_before":{"A":70,"B":50,"C":30},"options":{"end":"points"}}`,
			map[string]int{"A": 0, "B": 50, "C": 50}, map[string]int{"A": 70, "B": 50, "C": 80},
			"A", "SILVER-AMULET-2", false, nil, ""},
		{"S5 variant: B's jump used", `{"players":["A","B","C"],"villages":{"A":[12,13,12,13],"B":[1,1,2],"C":[9]},"census_by":"B","first_player":"C","amulet_holder":"C","totals_before":{"A":70,"B":50,"C":30},"score_jump_used":["B"],"options":{"end":"points"}}`,
			map[string]int{"A": 0, "B": 50, "C": 50}, map[string]int{"A": 70, "B": 100, "C": 80},
			"A", "SILVER-AMULET-2", true, []any{"A"}, "SILVER-POINTS-3"},
		{"S6 round 4 (AMB-6, AMB-25)", `{"players":["A","B","C","D"],"villages":{"A":[5],"B":[3],"C":[1],"D":[3]},"census_by":"C","first_player":"B","amulet_holder":"B","totals_before":{"A":36,"B":30,"C":47,"D":30},"round":4}`,
			map[string]int{"A": 5, "B": 3, "C": 0, "D": 3}, map[string]int{"A": 41, "B": 33, "C": 47, "D": 33},
			"C", "SILVER-AMULET-1", true, []any{"D"}, "SILVER-END-3"},
		{"a tie the holder keeps (SILVER-AMULET-3)", `{"players":["a","b","c"],"villages":{"a":[4],"b":[4],"c":[9]},"first_player":"b","amulet_holder":"b","round":2}`,
			map[string]int{"a": 4, "b": 4, "c": 9}, map[string]int{"a": 4, "b": 4, "c": 9},
			"b", "SILVER-AMULET-3", false, nil, ""},
		{"no round given in a rounds game", `{"players":["a","b"],"villages":{"a":[4],"b":[5]},"first_player":"a"}`,
			map[string]int{"a": 4, "b": 5}, map[string]int{"a": 4, "b": 5},
			"a", "SILVER-AMULET-2", nil, nil, ""},
		{"points tie broken by the last round (SILVER-POINTS-4)", `{"players":["a","b","c"],"villages":{"a":[13,13,4],"b":[10,10],"c":[5]},"first_player":"a","totals_before":{"a":60,"b":70,"c":95},"score_jump_used":["c"],"options":{"end":"points"}}`,
			map[string]int{"a": 30, "b": 20, "c": 5}, map[string]int{"a": 90, "b": 90, "c": 100},
			"c", "SILVER-AMULET-2", true, []any{"b"}, "SILVER-POINTS-4"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ans, err := askJSON(t, "round", c.body)
			if err != nil {
				t.Fatal(err)
			}
			wantInts(t, "points", nums(ans["points"]), c.points)
			wantInts(t, "totals", nums(ans["totals"]), c.totals)
			if get(ans, "amulet", "holder") != c.holder || get(ans, "amulet", "rule") != c.holderRule ||
				get(ans, "amulet", "next_first_player") != c.holder {
				t.Errorf("amulet = %v, want %s by %s", ans["amulet"], c.holder, c.holderRule)
			}
			if get(ans, "amulet", "explanation", "en") == "" || get(ans, "amulet", "explanation", "fa") == "" {
				t.Error("amulet without explanation")
			}
			if ans["game_ends"] != c.gameEnds {
				t.Errorf("game_ends = %v, want %v", ans["game_ends"], c.gameEnds)
			}
			if c.winners == nil {
				if ans["result"] != nil {
					t.Errorf("result = %v, want none", ans["result"])
				}
				return
			}
			if !reflect.DeepEqual(get(ans, "result", "winners"), c.winners) || get(ans, "result", "rule") != c.winRule {
				t.Errorf("result = %v, want %v by %s", ans["result"], c.winners, c.winRule)
			}
		})
	}
}

// Ties on total and last-round score fall back to the amulet rule (AMB-24).
func TestRoundRefereePointsResidualTie(t *testing.T) {
	ans, err := askJSON(t, "round", `{"players":["a","b","c"],"villages":{"a":[5],"b":[5],"c":[13,13]},"first_player":"a","amulet_holder":"a","totals_before":{"a":40,"b":40,"c":90},"options":{"end":"points"}}`)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(get(ans, "result", "winners"), []any{"a"}) || get(ans, "result", "rule") != "SILVER-END-3" {
		t.Errorf("result = %v", ans["result"])
	}
	if s, _ := get(ans, "result", "explanation", "en").(string); !strings.Contains(s, "holds the amulet") {
		t.Errorf("explanation = %q", s)
	}
}

func TestRoundRefereeAnswerShape(t *testing.T) {
	ans, err := askJSON(t, "round", exampleRoundRequest)
	if err != nil {
		t.Fatal(err)
	}
	if get(ans, "census", "rule") != "SILVER-SCORE-3" || get(ans, "census", "lowest") != true || num(get(ans, "census", "points")) != 0 {
		t.Errorf("census = %v", ans["census"])
	}
	if ans["kamikaze"] != nil || len(ans["score_jumps"].([]any)) != 0 {
		t.Errorf("kamikaze %v jumps %v", ans["kamikaze"], ans["score_jumps"])
	}
	if get(ans, "end", "rule") != "SILVER-END-1" || get(ans, "options", "end") != "rounds" {
		t.Errorf("end %v options %v", ans["end"], ans["options"])
	}
	wantInts(t, "sums", nums(ans["sums"]), map[string]int{"a": 7, "b": 13, "c": 7})
	// A failed census says so.
	ans, _ = askJSON(t, "round", `{"players":["a","b"],"villages":{"a":[9],"b":[5]},"census_by":"a","first_player":"a"}`)
	if get(ans, "census", "rule") != "SILVER-SCORE-4" || num(get(ans, "census", "points")) != 19 {
		t.Errorf("census = %v", ans["census"])
	}
}

func TestRoundRefereeRejects(t *testing.T) {
	violations := []struct{ body, rule string }{
		{`{"players":["a"],"villages":{"a":[1]},"first_player":"a"}`, "SILVER-SETUP-1"},
		{`{"players":["a","b","c","d","e"],"villages":{"a":[1],"b":[1],"c":[1],"d":[2],"e":[2]},"first_player":"a"}`, "SILVER-SETUP-1"},
		{`{"players":["a","b"],"villages":{"a":[0,0],"b":[0]},"first_player":"a"}`, "SILVER-COMP-2"},
		{`{"players":["a","b"],"villages":{"a":[1,2,3,4,5],"b":[1]},"census_by":"a","first_player":"a"}`, "SILVER-CENSUS-1"},
		{`{"players":["a","b"],"villages":{"a":[1],"b":[1]},"first_player":"a","amulet_holder":"b"}`, "SILVER-NEWROUND-4"},
		{`{"players":["a","b"],"villages":{"a":[1],"b":[1]},"first_player":"a","totals_before":{"b":100},"options":{"end":"points"}}`, "SILVER-POINTS-2"},
	}
	for _, c := range violations {
		wantRefereeViolation(t, "round", c.body, c.rule)
	}
	inputs := []struct{ body, field string }{
		{`{"villages":{"a":[1]},"first_player":"a"}`, "players"},
		{`{"players":["a","a"],"villages":{"a":[1]},"first_player":"a"}`, "players[1]"},
		{`{"players":["a","b"],"villages":{"a":[1],"b":[14]},"first_player":"a"}`, "villages.b[0]"},
		{`{"players":["a","b"],"villages":{"a":[1]},"first_player":"a"}`, "villages.b"},
		{`{"players":["a","b"],"villages":{"a":[1],"b":[2],"x":[3]},"first_player":"a"}`, "villages.x"},
		{`{"players":["a","b"],"villages":{"a":[1],"b":[2]}}`, "first_player"},
		{`{"players":["a","b"],"villages":{"a":[1],"b":[2]},"first_player":"z"}`, "first_player"},
		{`{"players":["a","b"],"villages":{"a":[1],"b":[2]},"first_player":"a","census_by":"z"}`, "census_by"},
		{`{"players":["a","b"],"villages":{"a":[1],"b":[2]},"first_player":"a","amulet_holder":"z"}`, "amulet_holder"},
		{`{"players":["a","b"],"villages":{"a":[1],"b":[2]},"first_player":"a","totals_before":{"z":3}}`, "totals_before.z"},
		{`{"players":["a","b"],"villages":{"a":[1],"b":[2]},"first_player":"a","totals_before":{"a":-3}}`, "totals_before.a"},
		{`{"players":["a","b"],"villages":{"a":[1],"b":[2]},"first_player":"a","round":5}`, "round"},
		{`{"players":["a","b"],"villages":{"a":[1],"b":[2]},"first_player":"a","round":0}`, "round"},
		{`{"players":["a","b"],"villages":{"a":[1],"b":[2]},"first_player":"a","score_jump_used":["a"]}`, "score_jump_used"},
		{`{"players":["a","b"],"villages":{"a":[1],"b":[2]},"first_player":"a","score_jump_used":["z"],"options":{"end":"points"}}`, "score_jump_used[0]"},
		{`{"players":["a","b"],"villages":{"a":[1],"b":[2]},"first_player":"a","options":{"end":"sudden_death"}}`, "options.end"},
		{`{"players":["a","b"],"villages":{"a":[1],"b":[2]},"first_player":"a","options":{"first_player":"a"}}`, "options.first_player"},
		{`{"players":["a","b"],"villages":{"a":[1],"b":[2]},"first_player":"a","reason":"census"}`, "reason"},
	}
	for _, c := range inputs {
		wantRefereeInputError(t, "round", c.body, c.field)
	}
}

func TestSwapReferee(t *testing.T) {
	type want struct {
		legal       bool
		rule        string
		mismatched  []any
		sizeAfter   int
		drawnPos    int
		drawnFace   string
		penalty     bool
		discardTop  any
		discardRule any
		after       []any
	}
	cases := []struct {
		name string
		body string
		want want
	}{
		{"S3: a failed set of 3 costs a penalty card (AMB-11)", exampleSwapRequest,
			want{false, "SILVER-SWAP-2", []any{3.0}, 7, 6, "down", true, nil, nil, []any{10.0, 10.0, 7.0, nil, nil, 4.0, nil}}},
		{"a failed pair from the discard pile, no penalty", `{"village":[5,6,9],"selected":[1,2],"drawn":2,"source":"discard"}`,
			want{false, "SILVER-SWAP-2", []any{2.0}, 4, 4, "up", false, nil, nil, []any{5.0, 6.0, 9.0, 2.0}}},
		{"three 10s match (seed example)", `{"village":[10,3,10,10,8],"selected":[1,3,4],"drawn":4}`,
			want{true, "SILVER-SWAP-2", []any{}, 3, 1, "as_replaced", false, 10.0, "SILVER-PLACE-2", []any{4.0, 3.0, 8.0}}},
		{"a Double with one face-down card (SILVER-CARD13-4)", `{"village":[13,null,2],"selected":[1,3],"drawn":5,"source":"discard"}`,
			want{true, "SILVER-CARD13-4", []any{}, 2, 1, "up", false, 2.0, "SILVER-SWAP-10", []any{5.0, nil}}},
		{"the two Doubles alone (SILVER-CARD13-3)", `{"village":[1,13,13],"selected":[2,3],"drawn":0}`,
			want{true, "SILVER-CARD13-3", []any{}, 2, 2, "as_replaced", false, 13.0, "SILVER-PLACE-2", []any{1.0, 0.0}}},
		{"one Double with four 7s (SILVER-CARD13-2)", `{"village":[7,7,13,7,7,2],"selected":[1,2,3,4,5],"drawn":1}`,
			want{true, "SILVER-CARD13-2", []any{}, 2, 1, "as_replaced", false, 7.0, "SILVER-SWAP-10", []any{1.0, 2.0}}},
		{"two Doubles with two 4s", `{"village":[4,13,4,13],"selected":[1,2,3,4],"drawn":6}`,
			want{true, "SILVER-CARD13-3", []any{}, 1, 1, "as_replaced", false, 4.0, "SILVER-SWAP-10", []any{6.0}}},
		{"a Double does not save 4 and 5", `{"village":[4,13,5,null],"selected":[1,2,3],"drawn":6}`,
			want{false, "SILVER-SWAP-2", []any{3.0}, 6, 5, "down", true, nil, nil, []any{4.0, 13.0, 5.0, nil, 6.0, nil}}},
		{"one card, any card (SILVER-SWAP-1)", `{"village":[null,9],"selected":[1],"drawn":3}`,
			want{true, "SILVER-SWAP-1", []any{}, 2, 1, "as_replaced", false, nil, nil, []any{3.0, 9.0}}},
		{"one known card from the discard pile", `{"village":[8,9],"selected":[2],"drawn":3,"source":"discard"}`,
			want{true, "SILVER-SWAP-1", []any{}, 2, 2, "up", false, 9.0, "SILVER-PLACE-2", []any{8.0, 3.0}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ans, err := askJSON(t, "swap", c.body)
			if err != nil {
				t.Fatal(err)
			}
			w := c.want
			if ans["legal"] != w.legal || ans["rule"] != w.rule {
				t.Errorf("legal %v by %v, want %v by %s", ans["legal"], ans["rule"], w.legal, w.rule)
			}
			if w.legal && w.rule != "SILVER-SWAP-1" || !w.legal {
				if !reflect.DeepEqual(ans["mismatched"], w.mismatched) {
					t.Errorf("mismatched = %v, want %v", ans["mismatched"], w.mismatched)
				}
			}
			if num(ans["village_size_after"]) != w.sizeAfter || !reflect.DeepEqual(ans["village_after"], w.after) {
				t.Errorf("after = %v (%v), want %v (%d)", ans["village_after"], ans["village_size_after"], w.after, w.sizeAfter)
			}
			if num(get(ans, "drawn_card", "position")) != w.drawnPos || get(ans, "drawn_card", "face") != w.drawnFace {
				t.Errorf("drawn card = %v", ans["drawn_card"])
			}
			if (ans["penalty_card"] != nil) != w.penalty {
				t.Errorf("penalty card = %v, want %v", ans["penalty_card"], w.penalty)
			}
			if get(ans, "discard_top", "value") != w.discardTop || get(ans, "discard_top", "rule") != w.discardRule {
				t.Errorf("discard top = %v, want %v by %v", ans["discard_top"], w.discardTop, w.discardRule)
			}
			if get(ans, "explanation", "en") == "" || get(ans, "explanation", "fa") == "" {
				t.Error("no explanation")
			}
			if !w.legal {
				// A set that does not match breaks SILVER-SWAP-2; the
				// referee answers with its consequences.
				rulestest.Broke("SILVER-SWAP-2")
				if get(ans, "returned_face_down", "rule") != "SILVER-SWAP-6" || get(ans, "drawn_card", "rule") != "SILVER-SWAP-7" {
					t.Errorf("failure consequences: %v %v", ans["returned_face_down"], ans["drawn_card"])
				}
				if w.penalty && get(ans, "penalty_card", "rule") != "SILVER-SWAP-8" {
					t.Errorf("penalty: %v", ans["penalty_card"])
				}
			}
		})
	}
}

func TestSwapRefereeRejects(t *testing.T) {
	msg := wantRefereeInputError(t, "swap", `{"village":[10,null,7],"selected":[1,2],"drawn":4}`, "village[1]")
	if !strings.Contains(msg, "SILVER-SWAP-3") {
		t.Errorf("message %q does not cite SILVER-SWAP-3", msg)
	}
	rulestest.Broke("SILVER-SWAP-3")
	msg = wantRefereeInputError(t, "swap", `{"village":[10,15],"selected":[1],"drawn":4}`, "village[1]")
	if !strings.Contains(msg, "SILVER-COMP-1") {
		t.Errorf("message %q does not cite SILVER-COMP-1", msg)
	}
	inputs := []struct{ body, field string }{
		{`{"selected":[1],"drawn":4}`, "village"},
		{`{"village":[],"selected":[1],"drawn":4}`, "village"},
		{`{"village":[1,2],"drawn":4}`, "selected"},
		{`{"village":[1,2],"selected":[3],"drawn":4}`, "selected[0]"},
		{`{"village":[1,2],"selected":[0],"drawn":4}`, "selected[0]"},
		{`{"village":[1,1],"selected":[1,1],"drawn":4}`, "selected[1]"},
		{`{"village":[1,2],"selected":[1]}`, "drawn"},
		{`{"village":[1,2],"selected":[1],"drawn":-1}`, "drawn"},
		{`{"village":[1,2],"selected":[1],"drawn":4,"source":"display"}`, "source"},
		{`{"village":[1,2],"selected":[1],"drawn":4,"protected":2}`, "protected"},
		{`{"village":"1,2","selected":[1],"drawn":4}`, "village"},
	}
	for _, c := range inputs {
		wantRefereeInputError(t, "swap", c.body, c.field)
	}
	wantRefereeViolation(t, "swap", `{"village":[13,13,5],"selected":[1,3],"drawn":13}`, "SILVER-COMP-2")
}

// The swap answer's JSON, exactly as openapi.yaml and the docs show it.
func TestSwapRefereeS3JSON(t *testing.T) {
	ans, err := askSwap(json.RawMessage(exampleSwapRequest))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(ans)
	for _, want := range []string{`"legal":false`, `"rule":"SILVER-SWAP-2"`, `"mismatched":[3]`,
		`"returned_face_down":{"positions":[1,2,3],"rule":"SILVER-SWAP-6"`, `"penalty_card":{"value":null,"position":7,"face":"down","rule":"SILVER-SWAP-8"`,
		`"village_size_before":5,"village_size_after":7`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("answer lacks %s:\n%s", want, b)
		}
	}
}
