package main

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// countingListener counts the writes made to its connections.
type countingListener struct {
	net.Listener
	writes *atomic.Int64
}

func (l countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return countingConn{c, l.writes}, nil
}

type countingConn struct {
	net.Conn
	writes *atomic.Int64
}

func (c countingConn) Write(p []byte) (int, error) {
	c.writes.Add(1)
	return c.Conn.Write(p)
}

// With --one-write each answer, 9 KB ones included, leaves in one write,
// complete, and the connection stays usable for the next request; an
// answer on a connection the client asks to close arrives whole too.
func TestOneWritePerAnswer(t *testing.T) {
	for _, oneWrite := range []bool{false, true} {
		st := openTestStore(t, filepath.Join(t.TempDir(), "c.db"), true)
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		var writes atomic.Int64
		var l net.Listener = countingListener{ln, &writes}
		if oneWrite {
			l = oneWriteListener{l}
		}
		srv := &http.Server{Handler: newEcho(st, 9000)}
		go srv.Serve(l)
		hc := &http.Client{Transport: &http.Transport{MaxConnsPerHost: 1}}
		const answers = 3
		for i := range answers {
			req, _ := http.NewRequest(http.MethodPost, "http://"+ln.Addr().String()+"/matches/m1/events", strings.NewReader(`{"type":"x","data":{}}`))
			req.Header.Set("Content-Type", "application/json")
			req.Close = i == answers-1
			resp, err := hc.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			var got struct {
				Seq int64  `json:"seq"`
				Pad string `json:"pad"`
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err := json.Unmarshal(body, &got); err != nil || got.Seq != int64(i+1) || len(got.Pad) != 9000 {
				t.Fatalf("one-write %v, answer %d: %v, seq %d, %d bytes", oneWrite, i, err, got.Seq, len(body))
			}
		}
		srv.Close()
		st.close()
		if n := writes.Load(); oneWrite && n != answers || !oneWrite && n <= answers {
			t.Errorf("one-write %v: %d writes for %d answers", oneWrite, n, answers)
		}
	}
}
