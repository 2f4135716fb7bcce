package api

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// threeSeatLeague is a league with Sara, Reza and Kian and one finished
// match already, so standings and ratings have a history.
type threeSeatLeague struct {
	s       *testServer
	league  string
	players []string // Sara, Reza, Kian
}

func newThreeSeatLeague(t *testing.T) *threeSeatLeague {
	s := newTestServer(t)
	l := &threeSeatLeague{s: s, league: s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "L", "game": "counter"})["id"].(string)}
	for _, n := range []string{"Sara", "Reza", "Kian"} {
		l.players = append(l.players, s.player(t, n))
	}
	first := l.match(t, 2)
	for i, p := range []string{l.players[0], l.players[1], l.players[2], l.players[0]} {
		_ = i
		l.add(t, first, p, 1)
	}
	return l
}

func (l *threeSeatLeague) match(t *testing.T, target int) string {
	return l.s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "counter", "players": l.players, "league_id": l.league, "options": map[string]any{"target": target}})["id"].(string)
}

func (l *threeSeatLeague) add(t *testing.T, match, player string, n int) map[string]any {
	return l.s.must(t, 201, "POST", "/v1/matches/"+match+"/events", map[string]any{"type": "add", "data": map[string]any{"player": player, "n": n}})
}

// play records 49 moves, Sara, Reza, Kian in turn, two each, except Reza's
// move at event 8 (wrong8 of it): Sara reaches 34 and wins at event 49.
// With 3 at event 8 Reza ends on 33, second; with 1 he ends on 31, third.
func (l *threeSeatLeague) play(t *testing.T, wrong8 int) string {
	m := l.match(t, 34)
	for seq := 1; seq <= 49; seq++ {
		n := 2
		if seq == 8 {
			n = wrong8
		}
		l.add(t, m, l.players[(seq-1)%3], n)
	}
	return m
}

// views are every served view of the league and the match, with each
// database's IDs replaced by names and the times and versions (which
// differ between two databases by nature) left out.
func (l *threeSeatLeague) views(t *testing.T, match string) map[string]any {
	s := l.s
	paths := map[string]string{
		"match":     "/v1/matches/" + match,
		"standings": "/v1/leagues/" + l.league + "/standings",
		"history":   "/v1/leagues/" + l.league + "/ratings/history",
		"list":      "/v1/matches?league_id=" + l.league,
		"finished":  "/v1/matches?league_id=" + l.league + "&status=finished",
		"export":    "/v1/matches/" + match + "/export?format=bgg",
	}
	for i, p := range l.players {
		paths[fmt.Sprint("stats", i)] = "/v1/players/" + p + "/stats"
	}
	names := []string{match, "MATCH", l.league, "LEAGUE"}
	for i, p := range l.players {
		names = append(names, p, fmt.Sprint("PLAYER", i))
	}
	out := map[string]any{}
	for k, p := range paths {
		r := s.do("GET", p, nil)
		if r.status != 200 {
			t.Fatalf("%s: %d %s", p, r.status, r.body)
		}
		body := strings.NewReplacer(names...).Replace(string(r.body))
		var v any
		if err := json.Unmarshal([]byte(body), &v); err != nil {
			t.Fatal(err)
		}
		out[k] = dropVolatile(v)
	}
	return out
}

func dropVolatile(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k := range x {
			switch k {
			case "created_at", "updated_at", "started_at", "finished_at", "duration_seconds", "version", "id", "match_id", "playdate", "length":
				if _, isMatchID := x[k].(string); k == "id" && isMatchID && !strings.HasPrefix(x[k].(string), "m_") {
					continue // a name label or a player's ID stays
				}
				delete(x, k)
			default:
				x[k] = dropVolatile(x[k])
			}
		}
	case []any:
		for i := range x {
			x[i] = dropVolatile(x[i])
		}
		// Rows listed in ID order come in another order in the other
		// database, whose IDs are other random strings.
		sort.SliceStable(x, func(i, j int) bool {
			a, _ := x[i].(map[string]any)
			b, _ := x[j].(map[string]any)
			return fmt.Sprint(a["opponent_id"]) < fmt.Sprint(b["opponent_id"])
		})
	}
	return v
}

// The test: an event 41 events back in a finished league match is
// corrected, and results, standings, ratings, statistics and every served
// view equal those of a database where the right event was recorded in
// the first place.
func TestCorrectionFortyEventsBackEqualsTheRightLog(t *testing.T) {
	right := newThreeSeatLeague(t)
	rm := right.play(t, 3)
	wrong := newThreeSeatLeague(t)
	wm := wrong.play(t, 1)

	before := wrong.views(t, wm)
	if reflect.DeepEqual(before["standings"], right.views(t, rm)["standings"]) {
		t.Fatal("the wrong log already gives the right standings: the test proves nothing")
	}
	got := wrong.s.must(t, 200, "PUT", "/v1/matches/"+wm+"/events/8",
		map[string]any{"type": "add", "data": map[string]any{"player": wrong.players[1], "n": 3}}, "If-Match", `"49"`)
	ev := got["event"].(map[string]any)
	if ev["seq"] != 50.0 || ev["replaces"] != 8.0 || ev["token_id"] == nil {
		t.Fatalf("the correction record: %v", ev)
	}
	if got["match"].(map[string]any)["status"] != "finished" {
		t.Fatalf("after the correction: %v", got["match"])
	}
	want, have := right.views(t, rm), wrong.views(t, wm)
	for k := range want {
		if !reflect.DeepEqual(want[k], have[k]) {
			w, _ := json.Marshal(want[k])
			h, _ := json.Marshal(have[k])
			t.Errorf("%s after the correction:\n got %s\nwant %s", k, h, w)
		}
	}
	// The log keeps both: event 8 replaced by 50.
	log := wrong.s.must(t, 200, "GET", "/v1/matches/"+wm+"/events", nil)["events"].([]any)
	e8, e50 := log[7].(map[string]any), log[49].(map[string]any)
	if len(log) != 50 || e8["voided"] != true || e8["replaced_by"] != 50.0 || e50["replaces"] != 8.0 || e50["voided"] != false {
		t.Fatalf("log after the correction: 8 %v, 50 %v", e8, e50)
	}
}

// matchState is what must not change when a correction is refused.
func matchState(t *testing.T, s *testServer, id string) string {
	m := s.must(t, 200, "GET", "/v1/matches/"+id, nil)
	log := s.must(t, 200, "GET", "/v1/matches/"+id+"/events", nil)
	b, _ := json.Marshal([]any{m, log})
	return string(b)
}

func TestCorrectionRefusedWhenALaterEventBreaks(t *testing.T) {
	l := newThreeSeatLeague(t)
	s, p := l.s, l.players
	m := l.match(t, 30)
	for seq := 1; seq <= 6; seq++ {
		l.add(t, m, p[(seq-1)%3], 2)
	}
	before := matchState(t, s, m)
	// Event 2 made Sara's: event 3 (Kian's) is then out of turn.
	r := s.do("PUT", "/v1/matches/"+m+"/events/2", map[string]any{"type": "add", "data": map[string]any{"player": p[0], "n": 2}})
	if r.status != 422 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	prob := r.json(t)
	// Sara at event 2 is itself out of turn: the new event's own violation.
	if prob["type"] != "/problems/rule-violation" {
		t.Fatalf("%v", prob)
	}
	// Voiding event 2: event 3 (Kian's) comes when it is Reza's turn.
	r = s.do("POST", "/v1/matches/"+m+"/events/2/void", nil, "Accept-Language", "fa")
	prob = r.json(t)
	v := prob["violations"].([]any)
	if r.status != 422 || prob["type"] != "/problems/correction-breaks-later-event" || prob["breaks_at"] != 3.0 ||
		v[0].(map[string]any)["rule"] != "COUNTER-TURN-1" || !strings.Contains(prob["detail"].(string), "رویداد") {
		t.Fatalf("%d %s", r.status, r.body)
	}
	// Bad input: a clear problem each, and nothing changes.
	for _, c := range []struct {
		method, path string
		body         any
		status       int
	}{
		{"PUT", "/v1/matches/" + m + "/events/99", map[string]any{"type": "add", "data": map[string]any{"player": p[0], "n": 1}}, 404},
		{"PUT", "/v1/matches/" + m + "/events/x", map[string]any{"type": "add", "data": map[string]any{"player": p[0], "n": 1}}, 400},
		{"PUT", "/v1/matches/" + m + "/events/0", map[string]any{"type": "add", "data": map[string]any{"player": p[0], "n": 1}}, 400},
		{"PUT", "/v1/matches/" + m + "/events/2", map[string]any{"type": "add", "data": map[string]any{"player": "pl_stranger", "n": 2}}, 400},
		{"PUT", "/v1/matches/" + m + "/events/2", map[string]any{"type": "undo", "data": map[string]any{}}, 400},
		{"PUT", "/v1/matches/" + m + "/events/2", map[string]any{"type": "add", "data": map[string]any{"player": p[1], "n": 9}}, 422},
		{"POST", "/v1/matches/" + m + "/events/99/void", nil, 404},
		{"POST", "/v1/matches/" + m + "/events/2/void", `{"x":1}`, 400},
		{"POST", "/v1/matches/" + m + "/redo", nil, 409},
		{"PUT", "/v1/matches/" + m + "/events/6", map[string]any{"type": "add", "data": map[string]any{"player": p[2], "n": 1}}, 412},
	} {
		headers := []string{}
		if c.status == 412 {
			headers = []string{"If-Match", `"5"`}
		}
		r := s.do(c.method, c.path, c.body, headers...)
		if r.status != c.status || !strings.HasPrefix(r.header.Get("Content-Type"), "application/problem+json") {
			t.Errorf("%s %s %v: %d %s", c.method, c.path, c.body, r.status, r.body)
		}
	}
	if after := matchState(t, s, m); after != before {
		t.Fatalf("a refused correction changed the match:\n%s\n%s", before, after)
	}
	// An event already voided, and a record of the log's own, cannot be
	// corrected.
	s.must(t, 200, "POST", "/v1/matches/"+m+"/undo", nil)
	before = matchState(t, s, m)
	for _, seq := range []string{"6", "7"} {
		s.must(t, 409, "POST", "/v1/matches/"+m+"/events/"+seq+"/void", nil)
		s.must(t, 409, "PUT", "/v1/matches/"+m+"/events/"+seq, map[string]any{"type": "add", "data": map[string]any{"player": p[2], "n": 1}})
	}
	if after := matchState(t, s, m); after != before {
		t.Fatal("a refused correction changed the match")
	}
}

func TestVoidRedoAndTheirLog(t *testing.T) {
	l := newThreeSeatLeague(t)
	s, p := l.s, l.players
	m := l.match(t, 30)
	for seq := 1; seq <= 6; seq++ {
		l.add(t, m, p[(seq-1)%3], seq%3+1)
	}
	// Voiding a whole round (events 4, 5, 6 are one turn each) keeps the turns.
	for _, seq := range []string{"6", "5", "4"} {
		s.must(t, 200, "POST", "/v1/matches/"+m+"/events/"+seq+"/void", nil)
	}
	// Seq 4 is voided, by record 9.
	log := s.must(t, 200, "GET", "/v1/matches/"+m+"/events", nil)["events"].([]any)
	e4, r9 := log[3].(map[string]any), log[8].(map[string]any)
	if e4["voided"] != true || e4["voided_by"] != 9.0 || r9["type"] != "void" || r9["voids"] != 4.0 {
		t.Fatalf("void in the log: %v %v", e4, r9)
	}
	// Undo then redo brings the same state back; redo after anything else is refused.
	before := s.must(t, 200, "GET", "/v1/matches/"+m, nil)["state"]
	s.must(t, 200, "POST", "/v1/matches/"+m+"/undo", nil)
	s.must(t, 200, "POST", "/v1/matches/"+m+"/undo", nil)
	s.must(t, 200, "POST", "/v1/matches/"+m+"/redo", nil)
	red := s.must(t, 200, "POST", "/v1/matches/"+m+"/redo", nil)
	if ev := red["event"].(map[string]any); ev["type"] != "redo" || ev["restores"] != 3.0 {
		t.Fatalf("redo record: %v", ev)
	}
	if after := s.must(t, 200, "GET", "/v1/matches/"+m, nil)["state"]; !reflect.DeepEqual(before, after) {
		t.Fatalf("undo, undo, redo, redo: %v, was %v", after, before)
	}
	s.must(t, 409, "POST", "/v1/matches/"+m+"/redo", nil)
	s.must(t, 200, "POST", "/v1/matches/"+m+"/undo", nil)
	l.add(t, m, p[2], 1)
	s.must(t, 409, "POST", "/v1/matches/"+m+"/redo", nil)

	// Idempotency-Key: a retried correction answers the first answer and
	// records nothing more.
	body := map[string]any{"type": "add", "data": map[string]any{"player": p[0], "n": 3}}
	first := s.do("PUT", "/v1/matches/"+m+"/events/1", body, "Idempotency-Key", "fix-1")
	again := s.do("PUT", "/v1/matches/"+m+"/events/1", body, "Idempotency-Key", "fix-1")
	if first.status != 200 || again.status != 200 || again.header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("%d %d %s", first.status, again.status, again.body)
	}
	var a, b map[string]any
	_ = json.Unmarshal(first.body, &a)
	_ = json.Unmarshal(again.body, &b)
	if !reflect.DeepEqual(a["event"], b["event"]) {
		t.Fatalf("replayed event %v, first %v", b["event"], a["event"])
	}
	n := len(s.must(t, 200, "GET", "/v1/matches/"+m+"/events", nil)["events"].([]any))
	s.must(t, 422, "PUT", "/v1/matches/"+m+"/events/1", map[string]any{"type": "add", "data": map[string]any{"player": p[0], "n": 2}}, "Idempotency-Key", "fix-1")
	if n2 := len(s.must(t, 200, "GET", "/v1/matches/"+m+"/events", nil)["events"].([]any)); n2 != n {
		t.Fatalf("%d records, then %d", n, n2)
	}
}

// A scorer corrects a finished match only within the grace period; the
// owner always.
func TestScorerCorrectsOnlyWithinTheGrace(t *testing.T) {
	w := newAuthzWorld(t)
	m := w.finishedMatchA(t)
	fix := map[string]any{"type": "add", "data": map[string]any{"player": w.player, "n": 1}}
	w.s.server.cfg.CorrectionGrace = -1
	w.s.must(t, 403, "PUT", "/v1/matches/"+m+"/events/1", fix, "Authorization", "Bearer "+w.tokens["scorerA"])
	w.s.must(t, 403, "POST", "/v1/matches/"+m+"/undo", nil, "Authorization", "Bearer "+w.tokens["scorerA"])
	w.s.must(t, 200, "PUT", "/v1/matches/"+m+"/events/1", fix, "Authorization", "Bearer "+w.tokens["ownerA"])
	w.s.server.cfg.CorrectionGrace = 10 * 60 * 1e9
	w.s.must(t, 200, "POST", "/v1/matches/"+m+"/events/2/void", nil, "Authorization", "Bearer "+w.tokens["scorerA"])
	ids := []string{}
	for _, e := range w.s.must(t, 200, "GET", "/v1/matches/"+m+"/events", nil)["events"].([]any) {
		ids = append(ids, fmt.Sprint(e.(map[string]any)["token_id"]))
	}
	sort.Strings(ids)
	if len(ids) != 3 || ids[0] == "<nil>" {
		t.Fatalf("the log does not say which token made each record: %v", ids)
	}
}
