package api

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
)

// sseEvent is one parsed server-sent event.
type sseEvent struct {
	name, id, data string
}

func (e sseEvent) json(t testing.TB) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(e.data), &m); err != nil {
		t.Fatalf("event %s %s: data is not JSON: %v: %s", e.name, e.id, err, e.data)
	}
	return m
}

// sseClient reads one stream in the background.
type sseClient struct {
	resp     *http.Response
	events   chan sseEvent
	comments chan string
	retry    chan string
	done     chan struct{} // closed when the stream ends
}

// liveServer serves ts's router over real HTTP. Cleanup ends the streams
// first, so that closing the server does not wait for them.
func liveServer(t testing.TB, ts *testServer) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(ts.e)
	t.Cleanup(func() {
		ts.server.hub.close()
		srv.Close()
	})
	return srv
}

// openSSE connects to path; headers are name, value pairs.
func openSSE(t testing.TB, base, path string, headers ...string) *sseClient {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, base+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept", "text/event-stream")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		t.Fatalf("GET %s: %d %s", path, resp.StatusCode, b)
	}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/event-stream") {
		t.Fatalf("GET %s: Content-Type %q", path, ct)
	}
	c := &sseClient{resp: resp, events: make(chan sseEvent, 4096), comments: make(chan string, 4096), retry: make(chan string, 16), done: make(chan struct{})}
	go c.read()
	t.Cleanup(c.close)
	return c
}

func (c *sseClient) read() {
	defer close(c.done)
	r := bufio.NewReader(c.resp.Body)
	var ev sseEvent
	var data []string
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		line = strings.TrimRight(line, "\r\n")
		switch {
		case line == "":
			if ev.name != "" || len(data) > 0 {
				ev.data = strings.Join(data, "\n")
				c.events <- ev
			}
			ev, data = sseEvent{}, nil
		case strings.HasPrefix(line, ":"):
			c.comments <- strings.TrimSpace(line[1:])
		default:
			field, value, _ := strings.Cut(line, ":")
			value = strings.TrimPrefix(value, " ")
			switch field {
			case "event":
				ev.name = value
			case "id":
				ev.id = value
			case "data":
				data = append(data, value)
			case "retry":
				c.retry <- value
			}
		}
	}
}

func (c *sseClient) close() { c.resp.Body.Close() }

// eventWithin is how long a test waits for an event it expects: a deadline
// for a condition, long enough for a machine saturated by other tests (a
// missing event fails the test only that much later).
const eventWithin = 30 * time.Second

// next is the stream's next event; the test fails if none comes within
// eventWithin.
func (c *sseClient) next(t testing.TB) sseEvent {
	t.Helper()
	timeout := eventWithin
	select {
	case ev := <-c.events:
		return ev
	case <-c.done:
		select {
		case ev := <-c.events:
			return ev
		default:
		}
		t.Fatal("the stream ended")
	case <-time.After(timeout):
		t.Fatalf("no event within %v", timeout)
	}
	return sseEvent{}
}

// quiet fails if an event arrives within d.
func (c *sseClient) quiet(t testing.TB, d time.Duration) {
	t.Helper()
	select {
	case ev := <-c.events:
		t.Fatalf("unexpected event %s id %s: %.200s", ev.name, ev.id, ev.data)
	case <-time.After(d):
	}
}

// streamMatch starts a two-player Counter match that lasts (target 1000).
func streamMatch(t testing.TB, ts *testServer) (string, []string) {
	t.Helper()
	p := []string{ts.player(t, "Sara"), ts.player(t, "رضا")}
	m := ts.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "counter", "players": p, "options": map[string]any{"target": 1000}})
	return m["id"].(string), p
}

// addMove records the k-th move (1-based) of a streamMatch: seats alternate,
// each adding 1 + k%3.
func addMove(t testing.TB, ts *testServer, id string, p []string, k int) map[string]any {
	t.Helper()
	return ts.must(t, 201, "POST", "/v1/matches/"+id+"/events",
		map[string]any{"type": "add", "data": map[string]any{"player": p[(k-1)%2], "n": 1 + k%3}})
}

func wantEvent(t testing.TB, ev sseEvent, name string, id int64) map[string]any {
	t.Helper()
	if ev.name != name || ev.id != fmt.Sprint(id) {
		t.Fatalf("got event %q id %q, want %q id %d: %.300s", ev.name, ev.id, name, id, ev.data)
	}
	return ev.json(t)
}

func TestMatchStreamSendsEachEventWithTheScores(t *testing.T) {
	ts := newTestServer(t)
	srv := liveServer(t, ts)
	id, p := streamMatch(t, ts)
	c := openSSE(t, srv.URL, "/v1/matches/"+id+"/stream?lang=fa")
	if r := <-c.retry; r != "2000" {
		t.Errorf("retry %q", r)
	}
	snap := wantEvent(t, c.next(t), "snapshot", 0)
	if snap["match"].(map[string]any)["version"].(float64) != 0 {
		t.Fatalf("snapshot: %v", snap)
	}
	// Each change is the POST's compact answer with the score rows it
	// changed; applied to the snapshot's sheet they give the match's sheet.
	sheet := snap["match"].(map[string]any)["scores"].(map[string]any)["rounds"].([]any)
	follow := func(k int64, posted map[string]any) map[string]any {
		t.Helper()
		got := wantEvent(t, c.next(t), "match", k)
		rounds := got["rounds"].(map[string]any)
		delete(got, "rounds")
		if fmt.Sprint(got["match"]) != fmt.Sprint(posted["match"]) || fmt.Sprint(got["event"]) != fmt.Sprint(posted["event"]) {
			t.Errorf("event %d: streamed %v, the POST answered %v", k, got, posted)
		}
		from := int(rounds["from"].(float64))
		sheet = append(sheet[:from:from], rounds["rows"].([]any)...)
		whole := ts.must(t, 200, "GET", "/v1/matches/"+id+"?lang=fa", nil)["scores"].(map[string]any)["rounds"]
		if fmt.Sprint(sheet) != fmt.Sprint(whole) {
			t.Errorf("event %d: the streamed rows make %v, the match has %v", k, sheet, whole)
		}
		return got
	}
	for k := 1; k <= 3; k++ {
		follow(int64(k), ts.must(t, 201, "POST", "/v1/matches/"+id+"/events",
			map[string]any{"type": "add", "data": map[string]any{"player": p[(k-1)%2], "n": 1 + k%3}}, "Accept-Language", "fa"))
	}
	// An undo is a change too, with the match as it is after it.
	got := follow(4, ts.must(t, 200, "POST", "/v1/matches/"+id+"/undo", nil, "Accept-Language", "fa"))
	if got["event"].(map[string]any)["type"] != rules.UndoType || got["event"].(map[string]any)["voids"].(float64) != 3 {
		t.Fatalf("undo: %v", got["event"])
	}
	// A correction may change any row: the change carries them all.
	if got := follow(5, ts.must(t, 200, "PUT", "/v1/matches/"+id+"/events/1",
		map[string]any{"type": "add", "data": map[string]any{"player": p[0], "n": 3}}, "Accept-Language", "fa")); got["event"].(map[string]any)["seq"].(float64) != 5 {
		t.Fatalf("correction: %v", got["event"])
	}
	// An idempotent retry records nothing and streams nothing.
	body := map[string]any{"type": "add", "data": map[string]any{"player": p[0], "n": 1}}
	ts.must(t, 201, "POST", "/v1/matches/"+id+"/events", body, "Idempotency-Key", "k1")
	wantEvent(t, c.next(t), "match", 6)
	ts.must(t, 200, "POST", "/v1/matches/"+id+"/events", body, "Idempotency-Key", "k1")
	c.quiet(t, 200*time.Millisecond)
}

// 200 subscribers on one match all get every event, in order.
func TestMatchStreamTwoHundredSubscribers(t *testing.T) {
	ts := newTestServer(t)
	srv := liveServer(t, ts)
	id, p := streamMatch(t, ts)
	const subscribers, events = 200, 25
	clients := make([]*sseClient, subscribers)
	for i := range clients {
		clients[i] = openSSE(t, srv.URL, "/v1/matches/"+id+"/stream")
		wantEvent(t, clients[i].next(t), "snapshot", 0)
	}
	if n := ts.server.hub.matchSubscribers(id); n != subscribers {
		t.Fatalf("%d subscribers registered, want %d", n, subscribers)
	}
	totals := make([]string, events+1)
	for k := 1; k <= events; k++ {
		m := addMove(t, ts, id, p, k)["match"].(map[string]any)
		totals[k] = fmt.Sprint(m["totals"])
	}
	var wg sync.WaitGroup
	errs := make(chan string, subscribers)
	for i, c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 1; k <= events; k++ {
				select {
				case ev := <-c.events:
					if ev.name != "match" || ev.id != fmt.Sprint(k) {
						errs <- fmt.Sprintf("subscriber %d: got %s %s, want match %d", i, ev.name, ev.id, k)
						return
					}
					var d AppendedCompactResponse
					if err := json.Unmarshal([]byte(ev.data), &d); err != nil || d.Match.Version != int64(k) || fmt.Sprint(d.Match.Totals) != totals[k] {
						errs <- fmt.Sprintf("subscriber %d event %d: %v %.200s", i, k, err, ev.data)
						return
					}
				case <-time.After(eventWithin):
					errs <- fmt.Sprintf("subscriber %d: event %d never came", i, k)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// A subscriber that disconnects and comes back with Last-Event-ID gets
// exactly what it missed, then the live events, and nothing twice.
func TestMatchStreamResume(t *testing.T) {
	ts := newTestServer(t)
	srv := liveServer(t, ts)
	id, p := streamMatch(t, ts)
	path := "/v1/matches/" + id + "/stream"

	c := openSSE(t, srv.URL, path)
	wantEvent(t, c.next(t), "snapshot", 0)
	for k := 1; k <= 2; k++ {
		addMove(t, ts, id, p, k)
		wantEvent(t, c.next(t), "match", int64(k))
	}
	c.close()
	for k := 3; k <= 5; k++ {
		addMove(t, ts, id, p, k)
	}

	r := openSSE(t, srv.URL, path, "Last-Event-ID", "2")
	for k := 3; k <= 5; k++ {
		got := wantEvent(t, r.next(t), "missed", int64(k))
		if got["event"].(map[string]any)["seq"].(float64) != float64(k) {
			t.Fatalf("missed %d: %v", k, got)
		}
	}
	snap := wantEvent(t, r.next(t), "snapshot", 5)
	if snap["match"].(map[string]any)["version"].(float64) != 5 {
		t.Fatalf("snapshot: %v", snap)
	}
	addMove(t, ts, id, p, 6)
	wantEvent(t, r.next(t), "match", 6)
	r.quiet(t, 150*time.Millisecond)

	// Up to date: nothing until the next event.
	u := openSSE(t, srv.URL, path+"?last_event_id=6")
	u.quiet(t, 150*time.Millisecond)
	addMove(t, ts, id, p, 7)
	wantEvent(t, u.next(t), "match", 7)

	// The header wins over the query (EventSource keeps the first URL).
	h := openSSE(t, srv.URL, path+"?last_event_id=0", "Last-Event-ID", "6")
	wantEvent(t, h.next(t), "missed", 7)
	wantEvent(t, h.next(t), "snapshot", 7)

	// An id this match never had: start over from a snapshot.
	f := openSSE(t, srv.URL, path, "Last-Event-ID", "99")
	wantEvent(t, f.next(t), "snapshot", 7)

	// A malformed id is a 400 problem.
	resp, err := http.Get(srv.URL + path + "?last_event_id=abc")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 400 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/problem+json") {
		t.Errorf("malformed id: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
}

// Events recorded without passing through the hub (or published out of
// order) reach the stream from the log, before the live event after them.
func TestMatchStreamFillsGapsFromTheLog(t *testing.T) {
	ts := newTestServer(t)
	srv := liveServer(t, ts)
	id, p := streamMatch(t, ts)
	c := openSSE(t, srv.URL, "/v1/matches/"+id+"/stream")
	wantEvent(t, c.next(t), "snapshot", 0)
	for k := 1; k <= 2; k++ {
		data, _ := json.Marshal(map[string]any{"player": p[(k-1)%2], "n": 1 + k%3})
		if _, err := ts.store.Append(context.Background(), id, rules.Event{Type: "add", Data: data}, db.AppendOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	c.quiet(t, 100*time.Millisecond)
	addMove(t, ts, id, p, 3)
	wantEvent(t, c.next(t), "missed", 1)
	wantEvent(t, c.next(t), "missed", 2)
	wantEvent(t, c.next(t), "match", 3)
}

func fakeAppended(matchID string, version int64) *db.Appended {
	return &db.Appended{Match: &db.Match{ID: matchID, Version: version}}
}

// Publishing never waits for a subscriber: one that never reads is dropped
// when its buffer is full, and the rest go on. (Were a publish to wait for
// the subscriber that never reads, the loop would never end.)
func TestHubPublishNeverBlocks(t *testing.T) {
	h := newHub()
	h.buffer = 4
	stuck := h.subscribeMatch("m")
	reader := h.subscribeMatch("m")
	got := make(chan int64, 10000)
	go func() {
		for msg := range reader.ch {
			got <- msg.version
		}
	}()
	for v := int64(1); v <= 2000; v++ {
		h.publishMatch(fakeAppended("m", v))
	}
	select {
	case <-stuck.gone:
	default:
		t.Fatal("the subscriber that never reads was not dropped")
	}
	if len(stuck.ch) != 4 {
		t.Errorf("the dropped subscriber holds %d messages, want its buffer of 4", len(stuck.ch))
	}
	// The reader may be dropped too if it fell behind, but it was never
	// waited for, and what it got is in order.
	last := int64(0)
	for len(got) > 0 {
		v := <-got
		if v <= last {
			t.Fatalf("out of order: %d after %d", v, last)
		}
		last = v
	}
	h.publishMatch(&db.Appended{Match: &db.Match{ID: "m", Version: 9999}, Replayed: true})
}

// stuckWriter is a client connection that takes the first write and then
// none: each later Write waits until the write deadline passes, as a
// socket whose peer stopped reading does.
type stuckWriter struct {
	header http.Header
	mu     sync.Mutex
	wrote  bool
	dl     time.Time
	poke   chan struct{}
}

func newStuckWriter() *stuckWriter {
	return &stuckWriter{header: http.Header{}, poke: make(chan struct{}, 1)}
}

func (w *stuckWriter) Header() http.Header { return w.header }
func (w *stuckWriter) WriteHeader(int)     {}
func (w *stuckWriter) Flush()              {}

func (w *stuckWriter) SetWriteDeadline(t time.Time) error {
	w.mu.Lock()
	w.dl = t
	w.mu.Unlock()
	select {
	case w.poke <- struct{}{}:
	default:
	}
	return nil
}

func (w *stuckWriter) Write(b []byte) (int, error) {
	w.mu.Lock()
	if !w.wrote {
		w.wrote = true
		w.mu.Unlock()
		return len(b), nil
	}
	w.mu.Unlock()
	for {
		w.mu.Lock()
		dl := w.dl
		w.mu.Unlock()
		if !dl.IsZero() && !time.Now().Before(dl) {
			return 0, os.ErrDeadlineExceeded
		}
		wait := time.Hour
		if !dl.IsZero() {
			wait = time.Until(dl)
		}
		select {
		case <-w.poke:
		case <-time.After(wait):
		}
	}
}

// A client that stops reading never slows the writers: the appends answer
// without waiting for it, the client is dropped, and its handler ends. A
// write to the client waits an hour here, so an append that waited for it
// would not answer within eventWithin.
func TestMatchStreamSlowClientIsDropped(t *testing.T) {
	ts := newTestServer(t)
	ts.server.hub.buffer = 4
	ts.server.hub.writeTimeout = time.Hour
	id, p := streamMatch(t, ts)
	w := newStuckWriter()
	req := httptest.NewRequest(http.MethodGet, "/v1/matches/"+id+"/stream", nil)
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		ts.e.ServeHTTP(w, req)
	}()
	waitSubscribed(t, ts, id)
	appendsWithin(t, ts, id, p, 20)
	select {
	case <-ended:
	case <-time.After(eventWithin):
		t.Fatal("the stuck stream's handler is still running")
	}
	if n := ts.server.hub.matchSubscribers(id); n != 0 {
		t.Errorf("%d subscribers left", n)
	}
}

// The same over a real socket: a client that sends the request and never
// reads does not slow the appends (a write to it waits an hour).
func TestMatchStreamNonReadingSocket(t *testing.T) {
	ts := newTestServer(t)
	ts.server.hub.buffer = 8
	ts.server.hub.writeTimeout = time.Hour
	srv := liveServer(t, ts)
	id, p := streamMatch(t, ts)
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "GET /v1/matches/%s/stream HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n", id)
	waitSubscribed(t, ts, id)
	appendsWithin(t, ts, id, p, 60)
}

// waitSubscribed waits until a stream follows match id.
func waitSubscribed(t *testing.T, ts *testServer, id string) {
	t.Helper()
	deadline := time.Now().Add(eventWithin)
	for ts.server.hub.matchSubscribers(id) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the stream never subscribed")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// appendsWithin records n moves and fails if they are not all answered
// within eventWithin: far less than the hour a write to a stuck client
// waits, far more than the moves take on any machine.
func appendsWithin(t *testing.T, ts *testServer, id string, p []string, n int) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		for k := 1; k <= n; k++ {
			r := ts.do(http.MethodPost, "/v1/matches/"+id+"/events",
				map[string]any{"type": "add", "data": map[string]any{"player": p[(k-1)%2], "n": 1 + k%3}})
			if r.status != 201 {
				t.Errorf("append %d: status %d: %s", k, r.status, r.body)
				return
			}
		}
	}()
	select {
	case <-done:
	case <-time.After(eventWithin):
		t.Fatalf("%d appends not answered within %v: they wait for the client that does not read", n, eventWithin)
	}
}

func TestStreamHeartbeat(t *testing.T) {
	ts := newTestServer(t)
	ts.server.hub.heartbeat = 30 * time.Millisecond
	srv := liveServer(t, ts)
	id, _ := streamMatch(t, ts)
	c := openSSE(t, srv.URL, "/v1/matches/"+id+"/stream")
	select {
	case cm := <-c.comments:
		if cm != "ping" {
			t.Errorf("comment %q", cm)
		}
	case <-time.After(eventWithin):
		t.Fatal("no heartbeat")
	}
}

// Neither the request timeout nor the server's read and write timeouts end
// a stream.
func TestStreamOutlivesTimeouts(t *testing.T) {
	base := newTestServer(t)
	cfg := base.server.cfg
	cfg.RequestTimeout = 100 * time.Millisecond
	e, s := newServer(t, cfg, base.store, base.server.games)
	ts := *base
	ts.e, ts.server = e, s
	s.hub.heartbeat = 50 * time.Millisecond
	srv := httptest.NewUnstartedServer(e)
	srv.Config.ReadTimeout = 200 * time.Millisecond
	srv.Config.WriteTimeout = 200 * time.Millisecond
	srv.Start()
	t.Cleanup(func() { s.hub.close(); srv.Close() })

	id, p := streamMatch(t, &ts)
	c := openSSE(t, srv.URL, "/v1/matches/"+id+"/stream")
	wantEvent(t, c.next(t), "snapshot", 0)
	time.Sleep(700 * time.Millisecond)
	addMove(t, &ts, id, p, 1)
	wantEvent(t, c.next(t), "match", 1)
}

// A graceful shutdown ends the streams instead of waiting for them (it
// would then wait until its deadline, and fail).
func TestStreamsEndOnShutdown(t *testing.T) {
	ts := newTestServer(t)
	srv := liveServer(t, ts)
	id, _ := streamMatch(t, ts)
	c := openSSE(t, srv.URL, "/v1/matches/"+id+"/stream")
	wantEvent(t, c.next(t), "snapshot", 0)
	ctx, cancel := context.WithTimeout(context.Background(), eventWithin)
	defer cancel()
	if err := srv.Config.Shutdown(ctx); err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	select {
	case <-c.done:
	case <-time.After(eventWithin):
		t.Error("the stream did not end")
	}
}

func TestStreamUnknownIDs(t *testing.T) {
	ts := newTestServer(t)
	for _, path := range []string{"/v1/matches/nope/stream", "/v1/leagues/nope/stream"} {
		r := ts.do(http.MethodGet, path, nil)
		if r.status != 404 || !strings.HasPrefix(r.header.Get("Content-Type"), "application/problem+json") {
			t.Errorf("%s: %d %s", path, r.status, r.body)
		}
	}
}

// The league stream sends the table on connect, when a league match
// finishes, and when a finished one is corrected.
func TestLeagueStreamStandings(t *testing.T) {
	ts := newTestServer(t)
	srv := liveServer(t, ts)
	lg := ts.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "Café league", "game": "counter"})["id"].(string)
	p := []string{ts.player(t, "Sara"), ts.player(t, "رضا")}
	c := openSSE(t, srv.URL, "/v1/leagues/"+lg+"/stream")
	standings := func() map[string]any {
		t.Helper()
		ev := c.next(t)
		if ev.name != "standings" || ev.id != "" {
			t.Fatalf("got %s id %q", ev.name, ev.id)
		}
		return ev.json(t)
	}
	if st := standings(); st["matches"].(float64) != 0 || st["league_id"] != lg {
		t.Fatalf("on connect: %v", st)
	}
	m := ts.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "counter", "players": p, "league_id": lg, "options": map[string]any{"target": 2}})["id"].(string)
	ts.must(t, 201, "POST", "/v1/matches/"+m+"/events", map[string]any{"type": "add", "data": map[string]any{"player": p[0], "n": 1}})
	c.quiet(t, 100*time.Millisecond) // not finished: the table did not change
	ts.must(t, 201, "POST", "/v1/matches/"+m+"/events", map[string]any{"type": "add", "data": map[string]any{"player": p[1], "n": 2}})
	st := standings()
	rows := st["rows"].([]any)
	if st["matches"].(float64) != 1 || len(rows) != 2 || rows[0].(map[string]any)["name"] != "رضا" {
		t.Fatalf("after the finish: %v", st)
	}
	ts.must(t, 200, "POST", "/v1/matches/"+m+"/undo", nil)
	if st := standings(); st["matches"].(float64) != 0 {
		t.Fatalf("after the correction: %v", st)
	}
}

// A league subscriber that is slow to send gets the newest table once, not
// every change.
func TestHubLeagueSignalsCoalesce(t *testing.T) {
	h := newHub()
	sub := h.subscribeLeague("l")
	for range 100 {
		h.publishLeague("l")
	}
	if len(sub.ch) != 1 {
		t.Fatalf("%d pending signals, want 1", len(sub.ch))
	}
	h.unsubscribeLeague("l", sub)
	h.publishLeague("l")
}
