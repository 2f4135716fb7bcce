package api

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/motamed/motamed/rules/wizard"
)

// wizardRound returns the events of one whole round r of a 3-player Wizard
// match (seats p, first dealer p[0]): a Jester turned up (no trump) except
// in the last round, every player bids, and the player left of the dealer
// takes every trick. It returns what each player scores.
func wizardRound(p []string, r, rounds int) ([]map[string]any, map[string]int) {
	n := len(p)
	dealer := (r - 1) % n
	start := map[string]any{"round": r, "dealer": p[dealer], "trump": "none"}
	if r < rounds {
		start["trump_card"] = "jester"
	}
	evs := []map[string]any{{"type": "round_started", "data": start}}
	won := map[string]any{}
	points := map[string]int{}
	for i := 1; i <= n; i++ {
		seat := (dealer + i) % n
		bid := 0
		if i == 1 {
			bid = r // the dealer's left bids every trick and takes them all
		}
		if i == 2 {
			bid = 1 // and this one misses by one
		}
		evs = append(evs, map[string]any{"type": "bid", "data": map[string]any{"player": p[seat], "bid": bid}})
		tricks := 0
		if i == 1 {
			tricks = r
		}
		won[p[seat]] = tricks
		if bid == tricks {
			points[p[seat]] = 20 + 10*tricks
		} else {
			points[p[seat]] = -10 * abs(bid-tricks)
		}
	}
	evs = append(evs, map[string]any{"type": "tricks", "data": map[string]any{"won": won}})
	return evs, points
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TestWizardFullGameOverHTTP plays all 20 rounds of a 3-player match
// through the real router and a real database, and checks the totals, the
// result, and that the finished match refuses further events.
func TestWizardFullGameOverHTTP(t *testing.T) {
	s := newTestServer(t, wizard.New())
	p := []string{s.player(t, "Thomas"), s.player(t, "Ute"), s.player(t, "کوین")}
	m := s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "wizard", "players": p})
	id := m["id"].(string)
	if rounds := m["options"].(map[string]any)["rounds"].(float64); rounds != 20 {
		t.Fatalf("rounds = %v, want 20", rounds)
	}
	want := map[string]int{}
	var last map[string]any
	for r := 1; r <= 20; r++ {
		evs, pts := wizardRound(p, r, 20)
		for _, ev := range evs {
			last = s.must(t, 201, "POST", "/v1/matches/"+id+"/events", ev)
		}
		for k, v := range pts {
			want[k] += v
		}
	}
	if c := last["match"].(map[string]any); c["status"] != "finished" || fmt.Sprint(c["totals"]) != fmt.Sprint(s.must(t, 200, "GET", "/v1/matches/"+id, nil)["scores"].(map[string]any)["totals"]) {
		t.Fatalf("the last answer: %v", c)
	}
	match := s.must(t, 200, "GET", "/v1/matches/"+id, nil)
	totals := match["scores"].(map[string]any)["totals"].(map[string]any)
	for _, id := range p {
		if int(totals[id].(float64)) != want[id] {
			t.Errorf("total of %s = %v, want %d", id, totals[id], want[id])
		}
	}
	rounds := match["scores"].(map[string]any)["rounds"].([]any)
	if len(rounds) != 20 {
		t.Fatalf("%d score rows, want 20", len(rounds))
	}
	if res := match["result"].(map[string]any); len(res["placements"].([]any)) != 3 || len(res["winners"].([]any)) == 0 {
		t.Fatalf("result: %v", res)
	}
	s.must(t, 409, "POST", "/v1/matches/"+id+"/events", map[string]any{"type": "round_started", "data": map[string]any{"trump": "none"}})
	if n := s.count(t, "result_placements"); n != 3 {
		t.Fatalf("result_placements = %d", n)
	}
	// Correct the last round, then check the cache against a replay.
	s.must(t, 200, "POST", "/v1/matches/"+id+"/undo", nil)
	if err := s.store.VerifyCache(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// TestWizardViolationInPersian: a bid out of range is a 422 naming the rule,
// with the message and title in Persian when asked.
func TestWizardViolationInPersian(t *testing.T) {
	s := newTestServer(t, wizard.New())
	p := []string{s.player(t, "سارا"), s.player(t, "رضا"), s.player(t, "کیان")}
	id := s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "wizard", "players": p})["id"].(string)
	s.must(t, 201, "POST", "/v1/matches/"+id+"/events", map[string]any{"type": "round_started", "data": map[string]any{"trump": "red", "trump_card": "red-7"}})
	r := s.do("POST", "/v1/matches/"+id+"/events", map[string]any{"type": "bid", "data": map[string]any{"player": p[1], "bid": 5}}, "Accept-Language", "fa")
	if r.status != 422 {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
	var prob Problem
	if err := json.Unmarshal(r.body, &prob); err != nil {
		t.Fatal(err)
	}
	if len(prob.Violations) == 0 || prob.Violations[0].Rule != "WIZARD-BID-3" || !hasPersian(prob.Violations[0].Message) || !hasPersian(prob.Violations[0].Title) || !hasPersian(prob.Title) {
		t.Fatalf("problem: %+v", prob)
	}
}

func hasPersian(s string) bool {
	for _, r := range s {
		if r >= 0x0600 && r <= 0x06FF {
			return true
		}
	}
	return false
}

// BenchmarkAppendEventHTTP measures one event append through the real
// router, rules and SQLite at synchronous=FULL, one client at a time.
func BenchmarkAppendEventHTTP(b *testing.B) {
	s := newTestServer(b, wizard.New())
	p := []string{s.player(b, "A"), s.player(b, "B"), s.player(b, "C")}
	newMatch := func() string {
		return s.must(b, 201, "POST", "/v1/matches", map[string]any{"game": "wizard", "players": p})["id"].(string)
	}
	var queue [][]byte
	for r := 1; r <= 20; r++ {
		evs, _ := wizardRound(p, r, 20)
		for _, ev := range evs {
			raw, _ := json.Marshal(ev)
			queue = append(queue, raw)
		}
	}
	id := newMatch()
	next := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if next == len(queue) {
			b.StopTimer()
			id, next = newMatch(), 0
			b.StartTimer()
		}
		r := s.do("POST", "/v1/matches/"+id+"/events", queue[next])
		if r.status != 201 {
			b.Fatalf("event %d: %d %s", next, r.status, r.body)
		}
		next++
	}
	b.StopTimer()
	b.ReportMetric(float64(len(queue)), "events/match")
}
