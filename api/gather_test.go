package api

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"sync"
	"testing"

	"github.com/motamed/motamed/rules/wizard"
)

// recordingConn records the size of every write that reaches the socket.
type recordingConn struct {
	net.Conn
	mu     sync.Mutex
	writes []int
	fail   error
}

func (c *recordingConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	c.writes = append(c.writes, len(p))
	fail := c.fail
	c.mu.Unlock()
	if fail != nil {
		return 0, fail
	}
	if c.Conn == nil {
		return len(p), nil
	}
	return c.Conn.Write(p)
}

func (c *recordingConn) taken() []int {
	c.mu.Lock()
	defer c.mu.Unlock()
	w := c.writes
	c.writes = nil
	return w
}

func TestGatherConnSendsHeldWritesInOneWrite(t *testing.T) {
	rc := &recordingConn{}
	g := &gatherConn{Conn: rc}

	if _, err := g.Write([]byte("direct")); err != nil {
		t.Fatal(err)
	}
	if got := rc.taken(); len(got) != 1 || got[0] != 6 {
		t.Fatalf("a write outside gather: writes %v, want [6]", got)
	}

	g.gather()
	for _, p := range []string{"HTTP/1.1 200 OK\r\n\r\n", "{\"a\":", "1}\n"} {
		if n, err := g.Write([]byte(p)); err != nil || n != len(p) {
			t.Fatalf("held write: %d, %v", n, err)
		}
	}
	if got := rc.taken(); len(got) != 0 {
		t.Fatalf("writes %v reached the socket while gathering", got)
	}
	if err := g.send(); err != nil {
		t.Fatal(err)
	}
	if got, want := rc.taken(), []int{len("HTTP/1.1 200 OK\r\n\r\n{\"a\":1}\n")}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("send: writes %v, want %v", got, want)
	}
	if g.held != nil {
		t.Fatal("still gathering after send")
	}
	if err := g.send(); err != nil || len(rc.taken()) != 0 {
		t.Fatal("a send with nothing held wrote")
	}

	// An answer larger than the gathering bound goes out as written, after
	// what was held before it, in order.
	g.gather()
	g.Write([]byte("head"))
	g.Write(make([]byte, largestGathered))
	if got, want := rc.taken(), []int{4, largestGathered}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("large answer: writes %v, want %v", got, want)
	}
	g.send()

	// A failed write is reported by send, and the connection stops
	// gathering all the same.
	rc.fail = errors.New("broken pipe")
	g.gather()
	g.Write([]byte("x"))
	if err := g.send(); err == nil || g.held != nil {
		t.Fatalf("send over a broken connection: err %v, gathering %v", err, g.held != nil)
	}
}

// recordingListener hands out recordingConns.
type recordingListener struct {
	net.Listener
	conns chan *recordingConn
}

func (l recordingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	rc := &recordingConn{Conn: c}
	l.conns <- rc
	return rc, nil
}

// TestAnswersLeaveInOneWrite serves the API as the server binary does and
// checks at the socket that a long match body leaves in one write, head and
// body together, and that the connection then serves the next request.
func TestAnswersLeaveInOneWrite(t *testing.T) {
	s := newTestServer(t, wizard.New())
	id := playedWizardMatch(t, s)
	want := s.do("GET", "/v1/matches/"+id, nil)
	if want.status != 200 || len(want.body) < 3*gatherAbove {
		t.Fatalf("the match body: status %d, %d bytes; the test wants a long one", want.status, len(want.body))
	}

	tcp, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	rl := recordingListener{Listener: tcp, conns: make(chan *recordingConn, 1)}
	srv := &http.Server{Handler: s.e, ConnContext: ConnContext}
	go srv.Serve(Listener(rl))
	t.Cleanup(func() { srv.Close() })

	c, err := net.Dial("tcp", tcp.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	br := bufio.NewReader(c)
	conn := <-rl.conns
	get := func(path string) (*http.Response, []byte) {
		t.Helper()
		fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: motamed\r\nAuthorization: Bearer %s\r\n\r\n", path, s.admin)
		res, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		return res, body
	}

	for range 2 { // the second request shows the connection is left as it should be
		res, body := get("/v1/matches/" + id)
		if res.StatusCode != 200 || !bytes.Equal(body, want.body) {
			t.Fatalf("status %d, body differs from the handler's: %d against %d bytes", res.StatusCode, len(body), len(want.body))
		}
		if res.Header.Get("Content-Length") != strconv.Itoa(len(want.body)) {
			t.Fatalf("Content-Length %q, want %d", res.Header.Get("Content-Length"), len(want.body))
		}
		if writes := conn.taken(); len(writes) != 1 || writes[0] <= len(want.body) {
			t.Fatalf("the answer of %d bytes left in writes %v, want one write of its head and body", len(want.body), writes)
		}
	}

	// A short answer is net/http's own single write.
	if res, _ := get("/healthz"); res.StatusCode != 200 {
		t.Fatalf("healthz: %d", res.StatusCode)
	}
	if writes := conn.taken(); len(writes) != 1 {
		t.Fatalf("a short answer left in writes %v", writes)
	}
}
