package api

import (
	"strings"
	"sync"
	"testing"

	"github.com/motamed/motamed/rules/wazabi"
)

// wazabiCascade is a Wazabi match where Reza's gift of two dice went to
// Sara and Kian, then Sara and Kian each rolled the dice they then held.
// Had the gift gone to Kian twice, Sara's roll and Kian's roll would each
// be one die off: the fix needs the three corrections together.
type wazabiCascade struct {
	s                *testServer
	match            string
	reza, sara, kian string
}

func newWazabiCascade(t *testing.T) *wazabiCascade {
	s := newTestServer(t, wazabi.New())
	w := &wazabiCascade{s: s, reza: s.player(t, "Reza"), sara: s.player(t, "Sara"), kian: s.player(t, "Kian")}
	w.match = s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "wazabi", "players": []string{w.reza, w.sara, w.kian},
		"options": map[string]any{"first_player": w.reza}})["id"].(string)
	for _, e := range []map[string]any{
		w.roll(w.reza, 2, 2),
		{"type": "dice_given", "data": map[string]any{"player": w.reza, "to": []string{w.sara, w.kian}}},
		{"type": "turn_ended", "data": map[string]any{"player": w.reza}},
		w.roll(w.sara, 5, 0),
		{"type": "turn_ended", "data": map[string]any{"player": w.sara}},
		w.roll(w.kian, 5, 0),
	} {
		s.must(t, 201, "POST", "/v1/matches/"+w.match+"/events", e)
	}
	return w
}

func (w *wazabiCascade) roll(player string, wSymbols, give int) map[string]any {
	return map[string]any{"type": "rolled", "data": map[string]any{"player": player, "w": wSymbols, "card": 0, "give": give}}
}

func (w *wazabiCascade) fix(seq int, ev map[string]any) map[string]any {
	return map[string]any{"seq": seq, "type": ev["type"], "data": ev["data"]}
}

func (w *wazabiCascade) batch(n int) map[string]any {
	all := []any{
		w.fix(2, map[string]any{"type": "dice_given", "data": map[string]any{"player": w.reza, "to": []string{w.kian, w.kian}}}),
		w.fix(4, w.roll(w.sara, 4, 0)),
		w.fix(6, w.roll(w.kian, 6, 0)),
	}
	return map[string]any{"corrections": all[:n]}
}

func (w *wazabiCascade) dice(t *testing.T, m map[string]any) map[string]float64 {
	out := map[string]float64{}
	for _, x := range m["state"].(map[string]any)["seats"].([]any) {
		seat := x.(map[string]any)
		out[seat["player_id"].(string)] = seat["dice"].(float64)
	}
	return out
}

// The cascade: the gift is fixed, and each roll that no longer adds
// up is named in turn until the batch fixes them all; only then is it
// stored, all of it at once.
func TestCorrectionsBatchFixesACascade(t *testing.T) {
	w := newWazabiCascade(t)
	s, path := w.s, "/v1/matches/"+w.match+"/corrections"
	before := matchState(t, s, w.match)
	for n, want := range map[int]float64{1: 4, 2: 6} {
		for _, lang := range []string{"en", "fa"} {
			r := s.do("POST", path, w.batch(n), "Accept-Language", lang)
			prob := r.json(t)
			v, _ := prob["violations"].([]any)
			if r.status != 422 || prob["breaks_at"] != want || len(v) == 0 || v[0].(map[string]any)["rule"] != "WAZABI-TURN-2" {
				t.Fatalf("%d corrections (%s): %d %s", n, lang, r.status, r.body)
			}
			if detail := prob["detail"].(string); lang == "fa" && !strings.Contains(detail, "رویداد") || lang == "en" && !strings.Contains(detail, "Nothing was stored") {
				t.Errorf("%s detail: %s", lang, detail)
			}
		}
	}
	// The dry run says what the batch would do, and stores nothing.
	pre := s.must(t, 200, "POST", path+"?dry_run=true", w.batch(3), "Prefer", "return=representation")
	if d := w.dice(t, pre["match"].(map[string]any)); d[w.sara] != 4 || d[w.kian] != 6 || d[w.reza] != 2 {
		t.Fatalf("preview dice: %v", d)
	}
	if matchState(t, s, w.match) != before {
		t.Fatal("a refused batch or a dry run changed the match")
	}

	// Stored: three records, one version step each.
	got := s.must(t, 200, "POST", path, w.batch(3), "If-Match", `"6"`, "Prefer", "return=representation")
	m := got["match"].(map[string]any)
	if m["version"] != 9.0 || got["event"].(map[string]any)["replaces"] != 6.0 {
		t.Fatalf("after the batch: %v", got["event"])
	}
	if d := w.dice(t, m); d[w.sara] != 4 || d[w.kian] != 6 {
		t.Fatalf("dice after the batch: %v", d)
	}
	log := s.must(t, 200, "GET", "/v1/matches/"+w.match+"/events", nil)["events"].([]any)
	for i, replaced := range map[int]float64{6: 2, 7: 4, 8: 6} {
		if e := log[i].(map[string]any); len(log) != 9 || e["replaces"] != replaced {
			t.Fatalf("record %d: %v", i+1, e)
		}
	}
}

// Bad input is a clear 400 and stores nothing; events not in force are
// 409; a stale If-Match is 412.
func TestCorrectionsBatchRefusals(t *testing.T) {
	w := newWazabiCascade(t)
	s, path := w.s, "/v1/matches/"+w.match+"/corrections"
	before := matchState(t, s, w.match)
	for _, c := range []struct {
		body   any
		status int
	}{
		{map[string]any{"corrections": []any{}}, 400},
		{map[string]any{}, 400},
		{map[string]any{"corrections": []any{map[string]any{"seq": 2}}}, 400},
		{map[string]any{"corrections": []any{map[string]any{"seq": 2, "void": true, "type": "rolled"}}}, 400},
		{map[string]any{"corrections": []any{map[string]any{"seq": 0, "void": true}}}, 400},
		{map[string]any{"corrections": []any{map[string]any{"seq": 2, "type": "undo", "data": map[string]any{}}}}, 400},
		{map[string]any{"corrections": []any{map[string]any{"seq": 99, "void": true}}}, 404},
		{map[string]any{"corrections": []any{map[string]any{"seq": 6, "void": true}, map[string]any{"seq": 6, "void": true}}}, 409},
	} {
		if r := s.do("POST", path, c.body); r.status != c.status {
			t.Errorf("%v: %d %s", c.body, r.status, r.body)
		}
	}
	if r := s.do("POST", path, w.batch(3), "If-Match", `"5"`); r.status != 412 {
		t.Errorf("stale If-Match: %d %s", r.status, r.body)
	}
	if matchState(t, s, w.match) != before {
		t.Fatal("a refused batch changed the match")
	}
}

// The same key with the same batch answers the first answer; with another
// batch it is refused. Of two batches sent at once against one version,
// one is stored and the other answered 412.
func TestCorrectionsBatchIdempotencyAndConcurrency(t *testing.T) {
	w := newWazabiCascade(t)
	s, path := w.s, "/v1/matches/"+w.match+"/corrections"
	var wg sync.WaitGroup
	status := make([]int, 2)
	for i := range status {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			status[i] = s.do("POST", path, w.batch(3), "If-Match", `"6"`, "Idempotency-Key", []string{"k1", "k2"}[i]).status
		}(i)
	}
	wg.Wait()
	if !(status[0] == 200 && status[1] == 412 || status[0] == 412 && status[1] == 200) {
		t.Fatalf("two batches at version 6: %v", status)
	}
	key := "k1"
	if status[0] != 200 {
		key = "k2"
	}
	again := s.do("POST", path, w.batch(3), "If-Match", `"6"`, "Idempotency-Key", key)
	if again.status != 200 || again.header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("retry: %d %s", again.status, again.body)
	}
	if r := s.do("POST", path, w.batch(1), "Idempotency-Key", key); r.status != 422 || r.json(t)["type"] != "/problems/idempotency-key-reused" {
		t.Fatalf("the key with another batch: %d %s", r.status, r.body)
	}
	if log := s.must(t, 200, "GET", "/v1/matches/"+w.match+"/events", nil)["events"].([]any); len(log) != 9 {
		t.Fatalf("%d records, want 9", len(log))
	}
}
