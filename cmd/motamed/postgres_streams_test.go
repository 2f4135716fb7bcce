package main

import (
	"bufio"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/motamed/motamed/api"
)

// sse is one server-sent event as a client sees it.
type sse struct{ name, id, data string }

// sseStream reads one event stream in the background.
type sseStream struct {
	events chan sse
	done   chan struct{}
	body   interface{ Close() error }
}

// stream opens path on the instance with the given headers (name, value
// pairs) and fails unless it is answered 200.
func (in *instance) stream(t *testing.T, path string, headers ...string) *sseStream {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, in.url+path, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		t.Fatalf("%s GET %s: %d", in.name, path, resp.StatusCode)
	}
	s := &sseStream{events: make(chan sse, 1024), done: make(chan struct{}), body: resp.Body}
	go func() {
		defer close(s.done)
		r := bufio.NewReader(resp.Body)
		var ev sse
		var data []string
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			line = strings.TrimRight(line, "\n")
			field, value, _ := strings.Cut(line, ": ")
			switch {
			case line == "":
				if ev.name != "" {
					ev.data = strings.Join(data, "\n")
					s.events <- ev
				}
				ev, data = sse{}, nil
			case field == "event":
				ev.name = value
			case field == "id":
				ev.id = value
			case field == "data":
				data = append(data, value)
			}
		}
	}()
	t.Cleanup(func() { s.body.Close() })
	return s
}

// eventWithin is how long a test waits for what it expects from the other
// instance: a deadline for a condition, long enough for a machine saturated
// by other tests (nothing here polls, so a notice that never comes still
// fails).
const eventWithin = 15 * time.Second

func (s *sseStream) next(t *testing.T, within time.Duration) sse {
	t.Helper()
	select {
	case ev := <-s.events:
		return ev
	case <-time.After(within):
		t.Fatalf("no event within %v", within)
	}
	return sse{}
}

// ended checks that the stream's last event says its access ended and that
// it then closes.
func (s *sseStream) ended(t *testing.T, status float64) {
	t.Helper()
	ev := s.next(t, eventWithin)
	var p struct{ Status float64 }
	if ev.name != "revoked" || json.Unmarshal([]byte(ev.data), &p) != nil || p.Status != status {
		t.Fatalf("got %s %s %.200s, want the last event revoked with status %v", ev.name, ev.id, ev.data, status)
	}
	select {
	case <-s.done:
	case <-time.After(eventWithin):
		t.Fatal("the stream did not end")
	}
}

// within polls cond every 10 ms and fails when it is still false after d.
func within(t *testing.T, d time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("not within %v: %s", d, what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// killListeners ends the notice listeners' connections of this database,
// as a network failure or a restarted PostgreSQL would, and returns once
// their backends are gone.
func killListeners(t *testing.T, dsn string) int {
	t.Helper()
	conn, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var pids []int64
	rows, err := conn.Query(`WITH l AS MATERIALIZED (SELECT pid FROM pg_stat_activity
		WHERE application_name = 'motamed listener' AND datname = current_database())
		SELECT pid FROM l WHERE pg_terminate_backend(pid)`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var pid int64
		_ = rows.Scan(&pid)
		pids = append(pids, pid)
	}
	rows.Close()
	within(t, eventWithin, "the listeners' backends gone", func() bool {
		var left int
		_ = conn.QueryRow(`SELECT count(*) FROM pg_stat_activity WHERE pid = ANY($1)`, pids).Scan(&left)
		return left == 0
	})
	return len(pids)
}

// newLeague creates a wizard league through in.
func newLeague(t *testing.T, in *instance, visibility string) string {
	t.Helper()
	code, _, body := in.do(t, "POST", "/v1/leagues", map[string]any{"name": "League " + visibility, "game": "wizard", "visibility": visibility})
	if code != 201 {
		t.Fatalf("league: %d %s", code, body)
	}
	var l struct{ ID string }
	_ = json.Unmarshal(body, &l)
	return l.ID
}

// newToken creates a token of league through in and returns its ID and secret.
func newToken(t *testing.T, in *instance, role, league string) (string, string) {
	t.Helper()
	code, _, body := in.do(t, "POST", "/v1/tokens", map[string]any{"role": role, "league_id": league})
	if code != 201 {
		t.Fatalf("token: %d %s", code, body)
	}
	var tok struct{ ID, Token string }
	_ = json.Unmarshal(body, &tok)
	return tok.ID, tok.Token
}

// TestPostgresStreamsAcrossInstances: what one instance accepts reaches the
// streams of the other within a second, and so do revocations, a league
// made private and standings.
func TestPostgresStreamsAcrossInstances(t *testing.T) {
	dsn := postgresDSN(t)
	ins := startInstances(t, dsn, 2)
	a, b := ins[0], ins[1]

	t.Run("a stream on A gets every event posted through B, across a lost listener", func(t *testing.T) {
		id, script := newWizardMatch(t, a)
		s := a.stream(t, "/v1/matches/"+id+"/stream")
		if ev := s.next(t, eventWithin); ev.name != "snapshot" || ev.id != "0" {
			t.Fatalf("first event %s %s", ev.name, ev.id)
		}
		next := int64(1)
		// expect reads the events up to version v: each id once, in order.
		expect := func(v int64) {
			t.Helper()
			for next <= v {
				ev := s.next(t, eventWithin)
				if ev.id != fmt.Sprint(next) || ev.name != "match" && ev.name != "missed" {
					t.Fatalf("got %s id %s, want event %d", ev.name, ev.id, next)
				}
				next++
			}
		}
		half := len(script) / 2
		for i, ev := range script[:half] {
			if code, _, body := b.do(t, "POST", "/v1/matches/"+id+"/events", ev); code != 201 {
				t.Fatalf("event %d through B: %d %s", i+1, code, body)
			}
			if i%10 == 9 {
				expect(int64(i + 1))
			}
		}
		expect(int64(half))
		// How long an event takes from B's answer to A's stream.
		var slowest time.Duration
		for i := half; i < half+5; i++ {
			if code, _, body := b.do(t, "POST", "/v1/matches/"+id+"/events", script[i]); code != 201 {
				t.Fatalf("event %d through B: %d %s", i+1, code, body)
			}
			start := time.Now()
			expect(int64(i + 1))
			slowest = max(slowest, time.Since(start))
		}
		t.Logf("from B's answer to A's stream: at most %v over 5 events", slowest)
		half += 5
		if n := killListeners(t, dsn); n < 2 {
			t.Fatalf("%d listener connections ended, want both instances'", n)
		}
		// An event recorded while A listens to nobody: A reads it from the
		// log once its listener is back.
		if code, _, body := b.do(t, "POST", "/v1/matches/"+id+"/events", script[half]); code != 201 {
			t.Fatalf("event %d through B: %d %s", half+1, code, body)
		}
		expect(int64(half + 1))
		for i, ev := range script[half+1:] {
			if code, _, body := b.do(t, "POST", "/v1/matches/"+id+"/events", ev); code != 201 {
				t.Fatalf("event %d through B: %d %s", half+i+2, code, body)
			}
		}
		expect(int64(len(script)))

		// Last-Event-ID resumes across instances: B sends what A's client
		// had not seen yet.
		r := b.stream(t, "/v1/matches/"+id+"/stream", "Last-Event-ID", "97")
		for _, want := range []string{"missed 98", "missed 99", "missed 100", "snapshot 100"} {
			if ev := r.next(t, eventWithin); ev.name+" "+ev.id != want {
				t.Fatalf("resumed on B: got %s %s, want %s", ev.name, ev.id, want)
			}
		}
	})

	t.Run("a token revoked through B fails on A and ends A's stream", func(t *testing.T) {
		league := newLeague(t, a, "private")
		id, _ := leagueMatch(t, a, league)
		tokenID, secret := newToken(t, a, "viewer", league)
		_, other := newToken(t, a, "viewer", league)
		viewer := &instance{name: "A as viewer", url: a.url, token: secret}
		if code, _, body := viewer.do(t, "GET", "/v1/matches/"+id, nil); code != 200 { // cached on A
			t.Fatalf("before: %d %s", code, body)
		}
		s := a.stream(t, "/v1/matches/"+id+"/stream?access_token="+secret)
		kept := a.stream(t, "/v1/matches/"+id+"/stream", "Authorization", "Bearer "+other)
		s.next(t, eventWithin)
		kept.next(t, eventWithin)
		if code, _, body := b.do(t, "DELETE", "/v1/tokens/"+tokenID, nil); code != 204 {
			t.Fatalf("revoke through B: %d %s", code, body)
		}
		start := time.Now()
		s.ended(t, 401)
		t.Logf("A's stream ended %v after B answered the revocation", time.Since(start))
		within(t, eventWithin, "the revoked token refused by A", func() bool {
			code, _, _ := viewer.do(t, "GET", "/v1/matches/"+id, nil)
			return code == 401
		})
		select {
		case ev := <-kept.events:
			t.Fatalf("another token's stream got %s %s", ev.name, ev.id)
		case <-kept.done:
			t.Fatal("another token's stream ended")
		default:
		}
	})

	t.Run("a league made private through A ends anonymous streams on B", func(t *testing.T) {
		league := newLeague(t, a, "public")
		id, script := leagueMatch(t, a, league)
		match := b.stream(t, "/v1/matches/"+id+"/stream")
		standings := b.stream(t, "/v1/leagues/"+league+"/stream")
		admin := b.stream(t, "/v1/matches/"+id+"/stream", "Authorization", "Bearer "+b.token)
		for _, s := range []*sseStream{match, standings, admin} {
			s.next(t, eventWithin)
		}
		if code, _, body := a.do(t, "PATCH", "/v1/leagues/"+league, map[string]any{"visibility": "private"}); code != 200 {
			t.Fatalf("made private through A: %d %s", code, body)
		}
		match.ended(t, 404)
		standings.ended(t, 404)
		if code, _, body := a.do(t, "POST", "/v1/matches/"+id+"/events", script[0]); code != 201 {
			t.Fatalf("event: %d %s", code, body)
		}
		if ev := admin.next(t, eventWithin); ev.name != "match" || ev.id != "1" {
			t.Fatalf("the admin's stream on B got %s %s", ev.name, ev.id)
		}
	})

	t.Run("a player renamed through A is renamed in B's matches", func(t *testing.T) {
		id, script := newWizardMatch(t, a)
		if code, _, body := a.do(t, "POST", "/v1/matches/"+id+"/events", script[0]); code != 201 {
			t.Fatalf("event: %d %s", code, body)
		}
		_, _, body := b.do(t, "GET", "/v1/matches/"+id, nil) // B caches the match
		var m struct {
			Players []struct{ ID, Name string }
		}
		if err := json.Unmarshal(body, &m); err != nil || len(m.Players) == 0 {
			t.Fatalf("match on B: %v %.300s", err, body)
		}
		name := fmt.Sprint("Renamed ", time.Now().UnixNano())
		if code, _, body := a.do(t, "PATCH", "/v1/players/"+m.Players[0].ID, map[string]any{"name": name}); code != 200 {
			t.Fatalf("rename through A: %d %s", code, body)
		}
		within(t, eventWithin, "B's match names the player as renamed", func() bool {
			_, _, body := b.do(t, "GET", "/v1/matches/"+id, nil)
			return strings.Contains(string(body), name)
		})
	})

	t.Run("standings on B show a match finished on A", func(t *testing.T) {
		league := newLeague(t, a, "public")
		id, script := leagueMatch(t, a, league)
		matches := func() float64 {
			_, _, body := b.do(t, "GET", "/v1/leagues/"+league+"/standings", nil)
			var st struct{ Matches float64 }
			_ = json.Unmarshal(body, &st)
			return st.Matches
		}
		if n := matches(); n != 0 { // B has the empty table in memory
			t.Fatalf("before: %v matches", n)
		}
		live := b.stream(t, "/v1/leagues/"+league+"/stream")
		live.next(t, eventWithin)
		for i, ev := range script {
			if code, _, body := a.do(t, "POST", "/v1/matches/"+id+"/events", ev); code != 201 {
				t.Fatalf("event %d: %d %s", i+1, code, body)
			}
		}
		within(t, eventWithin, "B's standings count the match", func() bool { return matches() == 1 })
		ev := live.next(t, eventWithin)
		if ev.name != "standings" || !strings.Contains(ev.data, `"matches":1`) {
			t.Fatalf("B's league stream: %s %.200s", ev.name, ev.data)
		}
		// A correction through A reopens it: B's table drops it again.
		if code, _, body := a.do(t, "POST", "/v1/matches/"+id+"/undo", nil); code != 200 {
			t.Fatalf("undo: %d %s", code, body)
		}
		within(t, eventWithin, "B's standings drop the reopened match", func() bool { return matches() == 0 })
	})
}

// TestPostgresWriteLimitAcrossInstances: a client's writes count against
// one limit whichever instance takes them.
func TestPostgresWriteLimitAcrossInstances(t *testing.T) {
	// One write every 100 s, a burst of 1: no write comes back to the
	// bucket while the test runs, however slowly.
	ins := startInstancesWith(t, postgresDSN(t), 2, api.Config{WritesPerSecond: 0.01})
	league := newLeague(t, ins[0], "public")
	_, secret := newToken(t, ins[0], "scorer", league)
	var codes []int
	for i := range 6 {
		scorer := &instance{name: ins[i%2].name, url: ins[i%2].url, token: secret}
		code, hdr, body := scorer.do(t, "POST", "/v1/players", map[string]any{"name": fmt.Sprint("Player ", i)})
		if code == 429 && hdr.Get("Retry-After") == "" {
			t.Fatalf("429 without Retry-After: %s", body)
		}
		codes = append(codes, code)
	}
	// Six writes alternating between the instances: the burst of 1 lets
	// one through in all, not one through each.
	if fmt.Sprint(codes) != "[201 429 429 429 429 429]" {
		t.Fatalf("answers %v", codes)
	}
}
