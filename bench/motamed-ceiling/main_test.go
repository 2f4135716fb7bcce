package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

func openTestStore(t *testing.T, path string, group bool) *store {
	t.Helper()
	st, err := openStore(path, "FULL", group)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func send(t *testing.T, h http.Handler, method, path, body string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// listedEvent is one event of a GET of a log, as a client reads it.
type listedEvent struct {
	Seq  int64           `json:"seq"`
	Type string          `json:"type"`
	Data json.RawMessage `json:"data"`
}

func listOf(t *testing.T, h http.Handler, matchID string) []listedEvent {
	t.Helper()
	rec := send(t, h, http.MethodGet, "/matches/"+matchID+"/events", "")
	if rec.Code != http.StatusOK {
		t.Fatalf("GET the log of %s: %d %s", matchID, rec.Code, rec.Body)
	}
	var evs []listedEvent
	if err := json.Unmarshal(rec.Body.Bytes(), &evs); err != nil {
		t.Fatalf("%v: %s", err, rec.Body)
	}
	return evs
}

// Each match's events get seqs 1, 2, 3... and come back in order with their
// data as sent; a bad body is refused with 400 and stores nothing. Both
// ways of committing behave the same.
func TestAppendAndList(t *testing.T) {
	for _, group := range []bool{true, false} {
		t.Run(fmt.Sprintf("group=%v", group), func(t *testing.T) {
			st := openTestStore(t, filepath.Join(t.TempDir(), "c.db"), group)
			defer st.close()
			h := newEcho(st, 0)
			for i, want := range []struct {
				match string
				seq   int64
			}{{"m1", 1}, {"m1", 2}, {"m2", 1}, {"m1", 3}} {
				rec := send(t, h, http.MethodPost, "/matches/"+want.match+"/events", fmt.Sprintf(`{"type":"bid","data":{"n":%d}}`, i))
				var got struct {
					MatchID string `json:"match_id"`
					Seq     int64  `json:"seq"`
				}
				if rec.Code != http.StatusCreated || json.Unmarshal(rec.Body.Bytes(), &got) != nil || got.Seq != want.seq || got.MatchID != want.match {
					t.Fatalf("event %d: %d %s, want seq %d of %s", i, rec.Code, rec.Body, want.seq, want.match)
				}
			}
			for _, bad := range []string{`{`, `{"type":"bid"}`, `{"data":{}}`, `[]`, ``} {
				if rec := send(t, h, http.MethodPost, "/matches/m1/events", bad); rec.Code != http.StatusBadRequest {
					t.Errorf("body %q: %d %s, want 400", bad, rec.Code, rec.Body)
				}
			}
			evs := listOf(t, h, "m1")
			if len(evs) != 3 || evs[0].Seq != 1 || evs[2].Seq != 3 || string(evs[1].Data) != `{"n":1}` || evs[2].Type != "bid" {
				t.Errorf("m1's log: %+v", evs)
			}
			if evs := listOf(t, h, "nobody"); len(evs) != 0 {
				t.Errorf("an unknown match's log: %+v", evs)
			}
			if rec := send(t, h, http.MethodGet, "/healthz", ""); rec.Code != http.StatusOK {
				t.Errorf("healthz: %d", rec.Code)
			}
		})
	}
}

// Concurrent appends through the group commit are all stored, each match's
// seqs without gaps, and a reopened store carries on after the last one.
func TestConcurrentAppendsAreAllStored(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.db")
	st := openTestStore(t, path, true)
	h := newEcho(st, 0)
	const tables, each = 8, 40
	var wg sync.WaitGroup
	for i := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range each {
				if rec := send(t, h, http.MethodPost, fmt.Sprintf("/matches/t%d/events", i%4), fmt.Sprintf(`{"type":"x","data":[%d,%d]}`, i, j)); rec.Code != http.StatusCreated {
					t.Errorf("%d %s", rec.Code, rec.Body)
					return
				}
			}
		}()
	}
	wg.Wait()
	st.close()

	st = openTestStore(t, path, true)
	defer st.close()
	h = newEcho(st, 0)
	for m := range 4 {
		evs := listOf(t, h, fmt.Sprintf("t%d", m))
		if len(evs) != tables/4*each {
			t.Fatalf("t%d has %d events, want %d", m, len(evs), tables/4*each)
		}
		for i, e := range evs {
			if e.Seq != int64(i+1) {
				t.Fatalf("t%d: event %d has seq %d", m, i, e.Seq)
			}
		}
	}
	rec := send(t, h, http.MethodPost, "/matches/t0/events", `{"type":"x","data":{}}`)
	if !strings.Contains(rec.Body.String(), fmt.Sprintf(`"seq":%d`, tables/4*each+1)) {
		t.Errorf("after reopening: %d %s", rec.Code, rec.Body)
	}
}

func TestFlagsAreChecked(t *testing.T) {
	for _, args := range [][]string{{"--synchronous", "OFF"}, {"--commit", "sometimes"}, {"extra", "--nope"}, {"--answer-bytes", "-1"}} {
		if err := run(args); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}

// With --answer-bytes an event's answer is as long as asked, and still
// JSON with the event's seq.
func TestAnswerPadding(t *testing.T) {
	st := openTestStore(t, filepath.Join(t.TempDir(), "c.db"), true)
	defer st.close()
	h := newEcho(st, 9000)
	// The second ID is one JSON and Go quote differently.
	for _, id := range []struct{ path, want string }{{"m1", "m1"}, {"m%7F2", "m\x7f2"}} {
		rec := send(t, h, http.MethodPost, "/matches/"+id.path+"/events", `{"type":"x","data":{}}`)
		var got struct {
			MatchID string `json:"match_id"`
			Seq     int64  `json:"seq"`
			Pad     string `json:"pad"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || rec.Code != http.StatusCreated || got.Seq != 1 || got.MatchID != id.want || len(got.Pad) != 9000 {
			t.Fatalf("%s: %d, %v, %d bytes: %.80s", id.path, rec.Code, err, rec.Body.Len(), rec.Body)
		}
		if ct := rec.Header().Get("Content-Type"); ct != "application/json" {
			t.Errorf("Content-Type %q", ct)
		}
	}
}
