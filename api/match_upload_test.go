package api

import (
	"fmt"
	"strings"
	"testing"

	"github.com/motamed/motamed/rules/wizard"
)

// wizardLog is a Wizard match played with no network, as a phone uploads
// it: round 1 dealt, then Sara, Reza and Ali bid (Ali deals: with
// dealer_must_break his bid of 0 would make the bids add up to the cards).
func wizardLog(ids []string, aliBid int) map[string]any {
	ali, sara, reza := ids[0], ids[1], ids[2]
	return map[string]any{
		"game": "wizard", "players": ids,
		"options": map[string]any{"rounds": 3, "bid_total_rule": "dealer_must_break"},
		"events": []map[string]any{
			{"type": "round_started", "data": map[string]any{"trump": "red"}},
			{"type": "bid", "data": map[string]any{"player": sara, "bid": 1}},
			{"type": "bid", "data": map[string]any{"player": reza, "bid": 0}},
			{"type": "bid", "data": map[string]any{"player": ali, "bid": aliBid}},
		},
	}
}

// A match created with its log: accepted, it holds exactly those events;
// a log with a refused event is refused whole, naming the event, and
// stores nothing; a retried upload answers the first match and makes no
// second one.
func TestCreateMatchWithItsLog(t *testing.T) {
	s := newTestServer(t, wizard.New())
	ids := []string{s.player(t, "Ali"), s.player(t, "Sara"), s.player(t, "Reza")}
	matches, events := s.count(t, "matches"), s.count(t, "events")

	// Refused: Ali's bid of 0 breaks the dealer's rule; nothing is stored.
	for _, lang := range []string{"en", "fa"} {
		r := s.do("POST", "/v1/matches", wizardLog(ids, 0), "Idempotency-Key", "refused-"+lang, "Accept-Language", lang)
		if r.status != 422 {
			t.Fatalf("%s: refused log: status %d: %s", lang, r.status, r.body)
		}
		p := r.json(t)
		if p["type"] != "/problems/log-event-refused" || p["refused_at"] != 4.0 {
			t.Fatalf("%s: refused log: %v", lang, p)
		}
		v, _ := p["violations"].([]any)
		if len(v) == 0 || !strings.HasPrefix(v[0].(map[string]any)["rule"].(string), "WIZARD-") {
			t.Fatalf("%s: the refusal cites no rule: %v", lang, p)
		}
		if lang == "fa" && !strings.Contains(p["title"].(string), "گزارش") {
			t.Fatalf("the Persian refusal: %v", p)
		}
		if lang == "en" && !strings.Contains(p["detail"].(string), "event 4 of the log") {
			t.Fatalf("the refusal does not name the event: %v", p)
		}
	}
	if m, e := s.count(t, "matches"), s.count(t, "events"); m != matches || e != events {
		t.Fatalf("a refused log stored %d matches and %d events", m-matches, e-events)
	}

	// Accepted: the match holds the log as events 1 to 4.
	body := wizardLog(ids, 1)
	first := s.must(t, 201, "POST", "/v1/matches", body, "Idempotency-Key", "upload-1")
	id := first["id"].(string)
	if first["version"] != 4.0 || !strings.Contains(fmt.Sprint(first["next"]), "Round 1") {
		t.Fatalf("the match created with its log: version %v, next %v", first["version"], first["next"])
	}
	log := s.must(t, 200, "GET", "/v1/matches/"+id+"/events", nil)["events"].([]any)
	var types []string
	for _, e := range log {
		e := e.(map[string]any)
		types = append(types, fmt.Sprintf("%v %v", e["seq"], e["type"]))
	}
	if got := strings.Join(types, ", "); got != "1 round_started, 2 bid, 3 bid, 4 bid" {
		t.Fatalf("the log stored: %s", got)
	}

	// Retried with the same key and body: the same match, not a second one.
	r := s.do("POST", "/v1/matches", body, "Idempotency-Key", "upload-1")
	if r.status != 200 || r.header.Get("Idempotent-Replayed") != "true" || r.json(t)["id"] != id {
		t.Fatalf("the retry: %d %v: %s", r.status, r.header, r.body)
	}
	if m, e := s.count(t, "matches"), s.count(t, "events"); m != matches+1 || e != events+4 {
		t.Fatalf("after the retry: %d matches and %d events more, want 1 and 4", m-matches, e-events)
	}
	// The same key with another log is refused, and stores nothing.
	other := wizardLog(ids, 2)
	s.must(t, 422, "POST", "/v1/matches", other, "Idempotency-Key", "upload-1")
	// Events go on on the match as on any other.
	s.must(t, 201, "POST", "/v1/matches/"+id+"/events", map[string]any{"type": "tricks", "data": map[string]any{"won": map[string]any{ids[0]: 1, ids[1]: 0, ids[2]: 0}}})

	// A malformed event of the log is a 400 naming it, storing nothing.
	bad := wizardLog(ids, 1)
	bad["events"].([]map[string]any)[1]["data"] = "bid"
	s.must(t, 400, "POST", "/v1/matches", bad)
	if m := s.count(t, "matches"); m != matches+1 {
		t.Fatalf("a malformed log stored a match")
	}
}
