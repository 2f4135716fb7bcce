package main

import "testing"

// The answers' fields the load reads: a created resource's id, and the
// match's status in an event's answer.
func TestAnswerFields(t *testing.T) {
	for body, want := range map[string]string{
		`{"event":{"seq":3,"status":"x"},"match":{"id":"m_1","status":"finished","state":{"status":"in_progress"}}}`: "finished",
		`{"match":{"state":{"status":"nested"},"scores":[{"status":1}],"status":"in_progress"},"event":{}}`:          "in_progress",
		`{"event":{}}`:         "",
		`{"match":"finished"}`: "",
		`{"event":{"seq":`:     "",
	} {
		if got := matchStatus([]byte(body)); got != want {
			t.Errorf("matchStatus(%s) = %q, want %q", body, got, want)
		}
	}
	for body, want := range map[string]string{`{"players":[{"id":"p"}],"id":"m_3"}`: "m_3", `{"name":"x"}`: "", ``: ""} {
		if got, err := idOf([]byte(body)); got != want || (err != nil) != (want == "") {
			t.Errorf("idOf(%s) = %q, %v; want %q", body, got, err, want)
		}
	}
}
