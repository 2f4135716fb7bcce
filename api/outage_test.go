package api

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// A write the storage cannot take (here: the store has shut down) answers
// 503 with Retry-After, never 500, and the incident is logged once however
// many requests it fails.
func TestStorageFailureAnswers503LoggedOnce(t *testing.T) {
	s := newTestServer(t)
	var logs bytes.Buffer
	s.server.log = slog.New(slog.NewTextHandler(&logs, nil))
	s.player(t, "Sara") // the admin token is known
	s.store.Close()
	for i := range 3 {
		r := s.do("POST", "/v1/players", map[string]any{"name": "Kian"})
		if r.status != 503 || r.header.Get("Retry-After") == "" || !strings.Contains(string(r.body), "/problems/unavailable") {
			t.Fatalf("request %d: status %d, Retry-After %q: %s", i, r.status, r.header.Get("Retry-After"), r.body)
		}
	}
	if n := strings.Count(logs.String(), "storage unavailable"); n != 1 {
		t.Fatalf("%d log lines for one incident:\n%s", n, logs.String())
	}
}

// An incident ends after a quiet minute; the next failure is a new one.
func TestOutageLogsEachIncidentOnce(t *testing.T) {
	var logs bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logs, nil))
	now := time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)
	o := &outage{now: func() time.Time { return now }}
	for range 5 {
		o.report(log, "disk full", nil)
		now = now.Add(10 * time.Second)
	}
	now = now.Add(2 * outageQuiet)
	o.report(log, "disk full", nil)
	if n := strings.Count(logs.String(), "storage unavailable"); n != 2 || !strings.Contains(logs.String(), "previous_incident_requests=5") {
		t.Fatalf("two incidents, logged:\n%s", logs.String())
	}
}
