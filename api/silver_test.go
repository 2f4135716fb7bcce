package api

import (
	"encoding/json"
	"testing"

	"github.com/motamed/motamed/rules/silver"
)

// A Persian-speaking player posts a census with five cards and reads, in
// Persian, which rule forbids it and where in the rulebook it stands.
func TestSilverCensusWithFiveCardsInPersian(t *testing.T) {
	s := newTestServer(t, silver.New())
	p := []string{s.player(t, "سارا"), s.player(t, "رضا"), s.player(t, "کیان")}
	id := s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "silver", "players": p})["id"].(string)
	r := s.do("POST", "/v1/matches/"+id+"/events?lang=fa", map[string]any{"type": "census_called", "data": map[string]any{"player": p[0], "village_size": 5}})
	if r.status != 422 {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
	var prob Problem
	if err := json.Unmarshal(r.body, &prob); err != nil {
		t.Fatal(err)
	}
	var found bool
	for _, v := range prob.Violations {
		if v.Rule == "SILVER-CENSUS-1" {
			found = true
			if !hasPersian(v.Message) || !hasPersian(v.Title) || !hasPersian(v.Section) {
				t.Fatalf("not in Persian: %+v", v)
			}
		}
	}
	if !found || !hasPersian(prob.Title) {
		t.Fatalf("problem: %s", r.body)
	}
	if n := s.count(t, "events"); n != 0 {
		t.Fatalf("%d events stored", n)
	}
}
