package api

import (
	"fmt"
	"testing"
	"time"
)

func TestMatchLabelsTimesAndTheirLog(t *testing.T) {
	s := newTestServer(t)
	a, b := s.player(t, "Sara"), s.player(t, "Reza")
	played := time.Now().Add(-48 * time.Hour).UTC().Truncate(time.Second).Format(time.RFC3339)
	m := s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "counter", "players": []string{a, b}, "options": map[string]any{"target": 2},
		"table": "Table 3", "location": "Café Ferdowsi", "notes": "birthday", "played_at": played})
	id := m["id"].(string)
	if m["table"] != "Table 3" || m["location"] != "Café Ferdowsi" || m["notes"] != "birthday" || m["played_at"] != played ||
		m["started_at"] != nil || m["finished_at"] != nil || m["duration_seconds"] != nil {
		t.Fatalf("new match: %v", m)
	}
	for _, p := range []string{a, b, a} {
		s.must(t, 201, "POST", "/v1/matches/"+id+"/events", map[string]any{"type": "add", "data": map[string]any{"player": p, "n": 1}})
	}
	got := s.must(t, 200, "PATCH", "/v1/matches/"+id, map[string]any{"table": "Table 5", "notes": ""}, "If-Match", `"3"`, "Prefer", "return=representation")
	body := got["match"].(map[string]any)
	if got["event"].(map[string]any)["type"] != "match_updated" || body["version"] != 4.0 || body["table"] != "Table 5" || body["notes"] != nil ||
		body["location"] != "Café Ferdowsi" || body["started_at"] == nil || body["finished_at"] == nil || body["duration_seconds"] == nil || body["status"] != "finished" {
		t.Fatalf("after PATCH: %v", got)
	}
	// The summary says the same; the match is listed by when it was played.
	list := s.must(t, 200, "GET", "/v1/matches", nil)["items"].([]any)
	it := list[len(list)-1].(map[string]any)
	if it["id"] != id || it["table"] != "Table 5" || it["played_at"] != played || it["finished_at"] != body["finished_at"] {
		t.Fatalf("summary: %v", list)
	}
	// An undo voids the last move, not the PATCH record.
	u := s.must(t, 200, "POST", "/v1/matches/"+id+"/undo", nil)
	if u["event"].(map[string]any)["voids"] != 3.0 {
		t.Fatalf("undo after a PATCH: %v", u["event"])
	}

	// Bad input changes nothing.
	before := matchState(t, s, id)
	for _, bad := range []any{`{}`, `{"status":"done"}`, `{"played_at":"yesterday"}`,
		map[string]any{"played_at": time.Now().Add(48 * time.Hour).Format(time.RFC3339)}, `{"table":"x","extra":1}`} {
		if r := s.do("PATCH", "/v1/matches/"+id, bad); r.status != 400 {
			t.Errorf("PATCH %v: %d %s", bad, r.status, r.body)
		}
	}
	if r := s.do("PATCH", "/v1/matches/"+id, `{"status":"finished"}`); r.status != 422 {
		t.Errorf("a status that play did not reach: %d %s", r.status, r.body)
	}
	s.must(t, 400, "POST", "/v1/matches", map[string]any{"game": "counter", "players": []string{a, b}, "played_at": "soon"})
	if after := matchState(t, s, id); after != before {
		t.Fatal("a refused PATCH changed the match")
	}
}

func TestAbandonAndRestore(t *testing.T) {
	w := newAuthzWorld(t)
	s := w.s
	scorer, owner := "Bearer "+w.tokens["scorerA"], "Bearer "+w.tokens["ownerA"]
	// A scorer abandons a match in progress: no more events, no undo.
	s.must(t, 201, "POST", "/v1/matches/"+w.matchA+"/events", map[string]any{"type": "add", "data": map[string]any{"player": w.player, "n": 1}})
	ab := s.must(t, 200, "PATCH", "/v1/matches/"+w.matchA, `{"status":"abandoned"}`, "Authorization", scorer)
	if ab["match"].(map[string]any)["status"] != "abandoned" {
		t.Fatalf("abandon: %v", ab)
	}
	before := matchState(t, s, w.matchA)
	p := s.must(t, 409, "POST", "/v1/matches/"+w.matchA+"/events", map[string]any{"type": "add", "data": map[string]any{"player": w.player2, "n": 1}})
	if p["type"] != "/problems/match-abandoned" {
		t.Fatalf("event on an abandoned match: %v", p)
	}
	s.must(t, 409, "POST", "/v1/matches/"+w.matchA+"/undo", nil)
	s.must(t, 409, "POST", "/v1/matches/"+w.matchA+"/events/1/void", nil)
	s.must(t, 403, "PATCH", "/v1/matches/"+w.matchA, `{"status":"in_progress"}`, "Authorization", scorer)
	s.must(t, 422, "PATCH", "/v1/matches/"+w.matchA, `{"status":"finished"}`, "Authorization", owner)
	s.must(t, 422, "PATCH", "/v1/matches/"+w.matchA, `{"status":"abandoned"}`, "Authorization", owner)
	if after := matchState(t, s, w.matchA); after != before {
		t.Fatal("refused writes changed an abandoned match")
	}
	if got := walk(t, s, "/v1/matches?status=abandoned", "", nil); fmt.Sprint(got) != fmt.Sprint([]string{w.matchA}) {
		t.Fatalf("abandoned list: %v", got)
	}
	s.must(t, 200, "PATCH", "/v1/matches/"+w.matchA, `{"status":"in_progress"}`, "Authorization", owner)
	s.must(t, 201, "POST", "/v1/matches/"+w.matchA+"/events", map[string]any{"type": "add", "data": map[string]any{"player": w.player2, "n": 1}})

	// A finished league match abandoned leaves the standings; restored, it
	// is back. Only the owner does either.
	fin := w.finishedMatchA(t)
	played := func() float64 {
		rows := s.must(t, 200, "GET", "/v1/leagues/"+w.leagueA+"/standings", nil)["rows"].([]any)
		for _, r := range rows {
			if r.(map[string]any)["player_id"] == w.player {
				return r.(map[string]any)["played"].(float64)
			}
		}
		return 0
	}
	if played() != 1 {
		t.Fatal("the finished match is not in the standings")
	}
	s.must(t, 403, "PATCH", "/v1/matches/"+fin, `{"status":"abandoned"}`, "Authorization", scorer)
	s.must(t, 200, "PATCH", "/v1/matches/"+fin, `{"status":"abandoned"}`, "Authorization", owner)
	if played() != 0 {
		t.Fatal("an abandoned match still counts")
	}
	if st := s.must(t, 200, "GET", "/v1/players/"+w.player+"/stats", nil)["games"].([]any); len(st) != 0 {
		t.Fatalf("an abandoned match counts in statistics: %v", st)
	}
	s.must(t, 200, "PATCH", "/v1/matches/"+fin, `{"status":"finished"}`, "Authorization", owner)
	if played() != 1 {
		t.Fatal("a restored match does not count")
	}
}

// A match entered afterwards with played_at takes its place in the league
// by when it was played: ratings are derived again in that order.
func TestLatePlayedAtReordersTheLeague(t *testing.T) {
	s := newTestServer(t)
	lg := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "L", "game": "counter"})["id"].(string)
	a, b := s.player(t, "Sara"), s.player(t, "Reza")
	play := func(winner, loser string, extra map[string]any) string {
		body := map[string]any{"game": "counter", "players": []string{winner, loser}, "league_id": lg, "options": map[string]any{"target": 1}}
		for k, v := range extra {
			body[k] = v
		}
		m := s.must(t, 201, "POST", "/v1/matches", body)["id"].(string)
		s.must(t, 201, "POST", "/v1/matches/"+m+"/events", map[string]any{"type": "add", "data": map[string]any{"player": winner, "n": 1}})
		return m
	}
	m1 := play(a, b, nil)
	m2 := play(b, a, nil)
	s.must(t, 200, "GET", "/v1/leagues/"+lg+"/ratings/history", nil)
	late := play(a, b, map[string]any{"played_at": time.Now().Add(-24 * time.Hour).UTC().Format(time.RFC3339)})
	order := func() []string {
		h := s.must(t, 200, "GET", "/v1/leagues/"+lg+"/ratings/history?player="+a, nil)["players"].(map[string]any)[a].([]any)
		var ids []string
		for _, p := range h {
			ids = append(ids, p.(map[string]any)["match_id"].(string))
		}
		return ids
	}
	if got := order(); fmt.Sprint(got) != fmt.Sprint([]string{late, m1, m2}) {
		t.Fatalf("history order %v, want the late match first %v", got, []string{late, m1, m2})
	}
	// Moving m2 before everything re-derives the order again.
	s.must(t, 200, "PATCH", "/v1/matches/"+m2, map[string]any{"played_at": time.Now().Add(-72 * time.Hour).UTC().Format(time.RFC3339)})
	if got := order(); fmt.Sprint(got) != fmt.Sprint([]string{m2, late, m1}) {
		t.Fatalf("after PATCH played_at: %v", got)
	}
}
