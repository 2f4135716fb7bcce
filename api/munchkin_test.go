package api

import (
	"encoding/json"
	"testing"

	"github.com/motamed/motamed/rules/munchkin"
)

// A level 10 "by a kill" with no fight is refused in both languages and
// stores nothing; a won combat still moves the pawn by what it earned.
func TestMunchkinKillWithoutAFightIsRefused(t *testing.T) {
	s := newTestServer(t, munchkin.New())
	p := []string{s.player(t, "Ali"), s.player(t, "بهار"), s.player(t, "Cyrus")}
	id := s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "munchkin", "players": p})["id"].(string)
	kill := map[string]any{"type": "level_changed", "data": map[string]any{"player": p[0], "delta": 9, "reason": "kill"}}
	for _, lang := range []string{"en", "fa"} {
		r := s.do("POST", "/v1/matches/"+id+"/events?lang="+lang, kill)
		if r.status != 422 {
			t.Fatalf("%s: status %d: %s", lang, r.status, r.body)
		}
		var prob Problem
		if err := json.Unmarshal(r.body, &prob); err != nil {
			t.Fatal(err)
		}
		cited := map[string]bool{}
		for _, v := range prob.Violations {
			cited[v.Rule] = true
			if lang == "fa" && !hasPersian(v.Message) {
				t.Errorf("not in Persian: %+v", v)
			}
		}
		for _, rule := range []string{"MUNCHKIN-LEVEL-6", "MUNCHKIN-REWARD-2", "MUNCHKIN-WIN-2"} {
			if !cited[rule] {
				t.Errorf("%s: %s not cited: %s", lang, rule, r.body)
			}
		}
	}
	if n := s.count(t, "events"); n != 0 {
		t.Fatalf("%d events stored", n)
	}
	fight := map[string]any{"type": "combat", "data": map[string]any{"player": p[0], "bonus": 100,
		"monsters": []any{map[string]any{"name": "Plutonium Dragon", "level": 20, "treasures": 5, "levels": 2}}}}
	s.must(t, 201, "POST", "/v1/matches/"+id+"/events", fight)
	m := s.must(t, 200, "GET", "/v1/matches/"+id, nil)
	if lvl := m["scores"].(map[string]any)["totals"].(map[string]any)[p[0]]; lvl != 3.0 || m["status"] == "finished" {
		t.Fatalf("a won fight worth 2 levels: level %v, status %v", lvl, m["status"])
	}
}
