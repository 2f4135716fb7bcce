package api

import (
	"fmt"
	"testing"

	"github.com/motamed/motamed/rules/wazabi"
	"github.com/motamed/motamed/rules/wizard"
)

// A merged player named in a match's options (Wizard's first dealer,
// Wazabi's teams and first player) is named by the player it was merged
// into there too, and the match is derived again: the merge goes through
// instead of failing on options that name a player no longer seated.
func TestMergeRewritesOptions(t *testing.T) {
	s := newTestServer(t, wizard.New(), wazabi.New())
	dup, into := s.player(t, "Sara"), s.player(t, "Sara K")
	b, c, d := s.player(t, "Reza"), s.player(t, "Kian"), s.player(t, "Mina")
	p := []string{dup, b, c}
	wiz := s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "wizard", "players": p, "options": map[string]any{"rounds": 2, "first_dealer": dup}})["id"].(string)
	evs, _ := wizardRound(p, 1, 2)
	for _, ev := range evs {
		s.must(t, 201, "POST", "/v1/matches/"+wiz+"/events", ev)
	}
	waz := s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "wazabi", "players": []string{dup, b, c, d},
		"options": map[string]any{"teams": [][]string{{dup, c}, {b, d}}, "first_player": dup}})["id"].(string)
	before := s.must(t, 200, "GET", "/v1/matches/"+wiz, nil)

	out := s.must(t, 200, "POST", "/v1/players/"+dup+"/merge", map[string]any{"into": into})
	if fmt.Sprint(out["matches"]) != fmt.Sprint([]any{wiz, waz}) && fmt.Sprint(out["matches"]) != fmt.Sprint([]any{waz, wiz}) {
		t.Fatalf("merge answer %v", out)
	}
	after := s.must(t, 200, "GET", "/v1/matches/"+wiz, nil)
	if o := after["options"].(map[string]any); o["first_dealer"] != into {
		t.Fatalf("wizard options after the merge: %v", o)
	}
	if after["version"] != before["version"] || fmt.Sprint(after["scores"]) == "" {
		t.Fatalf("wizard match after the merge: %v", after)
	}
	if seat := after["players"].([]any)[0].(map[string]any); seat["id"] != into {
		t.Fatalf("seat after the merge: %v", seat)
	}
	o := s.must(t, 200, "GET", "/v1/matches/"+waz, nil)["options"].(map[string]any)
	if o["first_player"] != into || fmt.Sprint(o["teams"]) != fmt.Sprint([]any{[]any{into, c}, []any{b, d}}) {
		t.Fatalf("wazabi options after the merge: %v", o)
	}
	// Play goes on under the new ID: round 2 is dealt by the player after
	// the first dealer.
	evs, _ = wizardRound([]string{into, b, c}, 2, 2)
	s.must(t, 201, "POST", "/v1/matches/"+wiz+"/events", evs[0])
}

// An event from a tablet that missed a merge names the merged player's old
// ID: it gets 410 naming the player it was merged into, as the player
// routes answer, and changes nothing.
func TestEventNamingAMergedPlayerIs410(t *testing.T) {
	s := newTestServer(t)
	m, p := s.counterMatch(t, 2, "")
	s.must(t, 201, "POST", "/v1/matches/"+m+"/events", map[string]any{"type": "add", "data": map[string]any{"player": p[0], "n": 1}})
	into := s.player(t, "Sara K")
	s.must(t, 200, "POST", "/v1/players/"+p[0]+"/merge", map[string]any{"into": into})
	before := s.must(t, 200, "GET", "/v1/matches/"+m, nil)["version"]

	for _, r := range []response{
		s.do("POST", "/v1/matches/"+m+"/events", map[string]any{"type": "add", "data": map[string]any{"player": p[0], "n": 1}}),
		s.do("PUT", "/v1/matches/"+m+"/events/1", map[string]any{"type": "add", "data": map[string]any{"player": p[0], "n": 2}}),
	} {
		pr := r.json(t)
		if r.status != 410 || pr["into"] != into || r.header.Get("Location") != "/v1/players/"+into {
			t.Fatalf("%d %v, want 410 naming %s", r.status, pr, into)
		}
	}
	if v := s.must(t, 200, "GET", "/v1/matches/"+m, nil)["version"]; v != before {
		t.Fatalf("version %v, was %v", v, before)
	}
	// A player who is simply not seated is still a 400.
	other := s.player(t, "Reza K")
	s.must(t, 400, "POST", "/v1/matches/"+m+"/events", map[string]any{"type": "add", "data": map[string]any{"player": other, "n": 1}})
	s.must(t, 201, "POST", "/v1/matches/"+m+"/events", map[string]any{"type": "add", "data": map[string]any{"player": p[1], "n": 1}})
	s.must(t, 201, "POST", "/v1/matches/"+m+"/events", map[string]any{"type": "add", "data": map[string]any{"player": into, "n": 1}})
}
