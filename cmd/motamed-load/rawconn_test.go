package main

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// Answers read back to back from one connection keep their framing: a
// chunked body with a trailer, a sized one, one with no body, and the last
// one that closes the connection.
func TestRawConnReadsAnswersBackToBack(t *testing.T) {
	answers := []string{
		"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n" +
			"5\r\n{\"a\":\r\n3\r\n 1}\r\n0\r\nX-Trailer: t\r\n\r\n",
		"HTTP/1.1 201 Created\r\ncontent-length: 11\r\n\r\n{\"seq\": 12}",
		"HTTP/1.1 304 Not Modified\r\nETag: \"3\"\r\n\r\n",
		"HTTP/1.1 422 Unprocessable Entity\r\nContent-Length: 7\r\nConnection: close\r\n\r\n{\"x\":1}",
	}
	server, conn := net.Pipe()
	go func() {
		// Read (and ignore) each request, then send the next answer.
		br := bufio.NewReader(server)
		for _, a := range answers {
			for {
				if l, err := br.ReadString('\n'); err != nil {
					return
				} else if l == "\r\n" {
					break
				}
			}
			_, _ = io.WriteString(server, a)
		}
		server.Close()
	}()
	cl := &client{hostport: "pipe", hc: &http.Client{Timeout: 5 * time.Second}}
	rc := &rawConn{cl: cl, ctx: t.Context(), c: conn, br: bufio.NewReaderSize(conn, 16<<10), bw: bufio.NewWriterSize(conn, 4<<10), stop: func() bool { return true }}
	want := []struct {
		status int
		body   string
	}{{200, `{"a": 1}`}, {201, `{"seq": 12}`}, {304, ``}, {422, `{"x":1}`}}
	for i, w := range want {
		res := rc.do("GET", "/x", nil, 0, true)
		if res.err != nil || res.status != w.status || string(res.body) != w.body {
			t.Fatalf("answer %d: status %d body %q err %v; want %d %q", i+1, res.status, res.body, res.err, w.status, w.body)
		}
	}
	if rc.c != nil {
		t.Error("Connection: close did not close the connection")
	}
}

func TestReadHead(t *testing.T) {
	head := "HTTP/1.1 201 Created\r\nETag: \"3\"\r\ncontent-LENGTH:   9137 \r\nCONNECTION: Close\r\n\r\nbody"
	br := bufio.NewReader(strings.NewReader(head))
	status, length, chunked, closeConn, err := readHead(br)
	if err != nil || status != 201 || length != 9137 || chunked || !closeConn {
		t.Fatalf("readHead: %d %d %v %v %v", status, length, chunked, closeConn, err)
	}
	if rest, _ := io.ReadAll(br); string(rest) != "body" {
		t.Fatalf("the body starts at %q", rest)
	}
}

func TestReadHeadRejectsMalformedAnswers(t *testing.T) {
	for _, head := range []string{
		"HTTP/1.1 2xx OK\r\n\r\n",
		"SPDY/3 200 OK\r\n\r\n",
		"HTTP/1.1 200 OK\r\nno colon here\r\n\r\n",
		"HTTP/1.1 200 OK\r\nContent-Length: -4\r\n\r\n",
		"HTTP/1.1 200 OK\r\nContent-Length: 4",
		"HTTP/1.1 200 OK\r\nContent-Length: 4x\r\n\r\n",
		"HTTP/1.1 200 OK\r\nContent-Length: +4\r\n\r\n",
		"HTTP/1.1 200 OK\r\nContent-Length: 1234567890123456789\r\n\r\n",
		"HTTP/1.1 +20 OK\r\n\r\n",
	} {
		if _, _, _, _, err := readHead(bufio.NewReader(strings.NewReader(head))); err == nil {
			t.Errorf("%q: accepted", head)
		}
	}
}
