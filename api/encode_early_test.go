package api

import (
	"database/sql"
	"fmt"
	"strings"
	"testing"
)

// A full answer is encoded while its commit is under way. An append whose
// commit fails must leave that encoding nowhere: the next event at the same
// version, a different one, is answered with its own match, and a read
// shows the version before the failure.
func TestFailedCommitLeavesNoEncodingBehind(t *testing.T) {
	s := newTestServer(t)
	id, p := s.counterMatch(t, 2, `{"target":100}`)
	path := "/v1/matches/" + id + "/events"
	add := func(player string, n int) string {
		return fmt.Sprintf(`{"type":"add","data":{"player":%q,"n":%d}}`, player, n)
	}
	s.must(t, 201, "POST", path, add(p[0], 1))
	before := s.do("GET", "/v1/matches/"+id, nil)

	conn, err := sql.Open("sqlite", "file:"+s.path+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	exec := func(q string) {
		t.Helper()
		if _, err := conn.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	// The event's insert fails inside its batch, after the rules accepted it
	// and its answer was encoded.
	exec(`CREATE TRIGGER refuse_events BEFORE INSERT ON events BEGIN SELECT RAISE(ABORT, 'refused'); END`)
	// The log refusing the event reads as another write having taken its
	// place: a 412 without a current version it does not know.
	if r := s.do("POST", path, add(p[1], 3)); r.status != 412 || !strings.Contains(string(r.body), "no longer at version 1") ||
		strings.Contains(string(r.body), "-1") || strings.Contains(string(r.body), "current_version") {
		t.Fatalf("append with a failing commit: %d %s", r.status, r.body)
	}
	exec(`DROP TRIGGER refuse_events`)

	if after := s.do("GET", "/v1/matches/"+id, nil); string(after.body) != string(before.body) {
		t.Fatalf("after the failed append the match reads\n%s\nwant\n%s", after.body, before.body)
	}
	got := s.must(t, 201, "POST", path, add(p[1], 2))["match"].(map[string]any)
	totals := got["scores"].(map[string]any)["totals"].(map[string]any)
	state := got["state"].(map[string]any)["totals"].(map[string]any)
	if got["version"].(float64) != 2 || totals[p[1]].(float64) != 2 || state[p[1]].(float64) != 2 {
		t.Fatalf("the next append answered version %v, totals %v, state totals %v; want version 2 with 2 for the second player", got["version"], totals, state)
	}
	read := s.must(t, 200, "GET", "/v1/matches/"+id, nil)
	if fmt.Sprint(read["state"]) != fmt.Sprint(got["state"]) {
		t.Fatalf("read state %v, answered %v", read["state"], got["state"])
	}
}
