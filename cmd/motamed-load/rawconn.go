package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httputil"
	"strconv"
	"strings"
	"time"
)

// rawConn is one table's keep-alive HTTP/1.1 connection: the request is
// written and the answer parsed by hand, on the table's own goroutine. It costs the load generator much less CPU per
// request than http.Transport (no connection goroutines, no channel
// hand-offs), which matters when the generator shares two cores with the
// server it measures.
type rawConn struct {
	cl   *client
	ctx  context.Context
	c    net.Conn
	br   *bufio.Reader
	bw   *bufio.Writer
	stop func() bool
}

// newRawConn returns an unconnected rawConn; a request in flight when ctx
// ends fails at once.
func (cl *client) newRawConn(ctx context.Context) *rawConn { return &rawConn{cl: cl, ctx: ctx} }

// rebind makes ctx the context that ends requests in flight.
func (rc *rawConn) rebind(ctx context.Context) {
	rc.ctx = ctx
	if rc.c != nil {
		rc.stop()
		c := rc.c
		rc.stop = context.AfterFunc(ctx, func() { _ = c.SetDeadline(time.Now()) })
	}
}

func (rc *rawConn) close() {
	if rc.c != nil {
		rc.stop()
		rc.c.Close()
		rc.c = nil
	}
}

func (rc *rawConn) dial() error {
	c, err := net.DialTimeout("tcp", rc.cl.hostport, 5*time.Second)
	if err != nil {
		return err
	}
	if tc, ok := c.(*net.TCPConn); ok {
		_ = tc.SetNoDelay(true)
	}
	rc.c = c
	rc.stop = context.AfterFunc(rc.ctx, func() { _ = c.SetDeadline(time.Now()) })
	rc.br = bufio.NewReaderSize(c, 16<<10)
	rc.bw = bufio.NewWriterSize(c, 4<<10)
	return nil
}

// do sends one request and reads the whole answer, like client.do.
func (rc *rawConn) do(method, path string, body []byte, want int, keep bool) result {
	start := time.Now()
	res, err := rc.roundTrip(method, path, body, want, keep)
	res.latency = time.Since(start)
	if err != nil {
		rc.close() // the connection's state is unknown now
		res.err = err
	}
	return res
}

func (rc *rawConn) roundTrip(method, path string, body []byte, want int, keep bool) (result, error) {
	if rc.c == nil {
		if err := rc.dial(); err != nil {
			return result{}, err
		}
	}
	if err := rc.ctx.Err(); err != nil {
		return result{}, err
	}
	if err := rc.c.SetDeadline(time.Now().Add(rc.cl.hc.Timeout)); err != nil {
		return result{}, err
	}
	w := rc.bw
	w.WriteString(method)
	w.WriteByte(' ')
	w.WriteString(path)
	w.WriteString(" HTTP/1.1\r\nHost: ")
	w.WriteString(rc.cl.hostport)
	w.WriteString("\r\nUser-Agent: motamed-load\r\nAccept: application/json\r\n")
	if rc.cl.token != "" {
		w.WriteString("Authorization: Bearer ")
		w.WriteString(rc.cl.token)
		w.WriteString("\r\n")
	}
	if body != nil {
		w.WriteString("Content-Type: application/json\r\nContent-Length: ")
		w.WriteString(strconv.Itoa(len(body)))
		w.WriteString("\r\n")
		if rc.cl.prefer != "" && strings.HasSuffix(path, "/events") {
			w.WriteString("Prefer: " + rc.cl.prefer + "\r\n")
		}
		if rc.cl.idempotency && method == http.MethodPost {
			var k [12]byte
			_, _ = rand.Read(k[:])
			w.WriteString("Idempotency-Key: ")
			w.WriteString(hex.EncodeToString(k[:]))
			w.WriteString("\r\n")
		}
	}
	w.WriteString("\r\n")
	w.Write(body)
	if err := w.Flush(); err != nil {
		return result{}, err
	}
	status, length, chunked, closeConn, err := readHead(rc.br)
	if err != nil {
		return result{}, err
	}
	res := result{status: status}
	var rd io.Reader
	switch {
	case chunked:
		rd = httputil.NewChunkedReader(rc.br)
	case length >= 0:
		rd = io.LimitReader(rc.br, length)
	default: // no length: the body runs to the end of the connection
		rd, closeConn = rc.br, true
	}
	if keep || status != want {
		res.body, err = io.ReadAll(io.LimitReader(rd, 4<<20))
		res.bytes = int64(len(res.body))
		if err == nil {
			var n int64
			n, err = io.Copy(io.Discard, rd)
			res.bytes += n
		}
	} else if length >= 0 && !chunked {
		// The common case: skip the known length without copying it.
		var n int
		n, err = rc.br.Discard(int(length))
		res.bytes = int64(n)
	} else {
		res.bytes, err = io.Copy(io.Discard, rd)
	}
	if err != nil {
		return res, fmt.Errorf("reading the answer: %w", err)
	}
	if chunked {
		// The chunked reader stops at the last chunk; the trailer's empty
		// line remains.
		if err := skipTrailer(rc.br); err != nil {
			return res, fmt.Errorf("reading the answer: %w", err)
		}
	}
	if closeConn {
		rc.close()
	}
	return res, nil
}

// readHead reads an HTTP/1.1 status line and headers: the status, the
// Content-Length (-1 when absent), whether the body is chunked and whether
// the server closes the connection after it. It is http.ReadResponse
// without the allocations: the generator reads one answer per request on
// the server's two cores, so it looks at each line where bufio holds it.
func readHead(br *bufio.Reader) (status int, length int64, chunked, closeConn bool, err error) {
	line, err := readLine(br)
	if err != nil {
		return 0, 0, false, false, err
	}
	// "HTTP/1.1 201 Created"
	if len(line) < 12 || !bytes.HasPrefix(line, []byte("HTTP/1.")) || line[8] != ' ' {
		return 0, 0, false, false, fmt.Errorf("malformed status line %q", line)
	}
	if n, ok := digits(line[9:12]); ok {
		status = int(n)
	} else {
		return 0, 0, false, false, fmt.Errorf("malformed status line %q", line)
	}
	length = -1
	for {
		line, err = readLine(br)
		if err != nil {
			return 0, 0, false, false, err
		}
		if len(line) == 0 {
			break
		}
		name, value, ok := bytes.Cut(line, []byte(":"))
		if !ok {
			return 0, 0, false, false, fmt.Errorf("malformed header %q", line)
		}
		value = bytes.TrimSpace(value)
		switch {
		case bytes.EqualFold(name, []byte("Content-Length")):
			if length, ok = digits(value); !ok {
				return 0, 0, false, false, fmt.Errorf("malformed Content-Length %q", value)
			}
		case bytes.EqualFold(name, []byte("Transfer-Encoding")):
			chunked = bytes.EqualFold(value, []byte("chunked"))
		case bytes.EqualFold(name, []byte("Connection")):
			closeConn = bytes.EqualFold(value, []byte("close"))
		}
	}
	if status == 204 || status == 304 || status/100 == 1 {
		length, chunked = 0, false
	}
	return status, length, chunked, closeConn, nil
}

// digits reads b as a non-negative decimal number of at most 18 digits.
func digits(b []byte) (int64, bool) {
	if len(b) == 0 || len(b) > 18 {
		return 0, false
	}
	var n int64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	return n, true
}

// readLine reads one CRLF-terminated line, without the CRLF. The line is
// bufio's own bytes: valid until the next read.
func readLine(br *bufio.Reader) ([]byte, error) {
	b, err := br.ReadSlice('\n')
	if err != nil {
		if err == bufio.ErrBufferFull {
			return nil, fmt.Errorf("a header line longer than %d bytes", br.Size())
		}
		return nil, err
	}
	return bytes.TrimRight(b, "\r\n"), nil
}

// skipTrailer reads the trailer fields after the last chunk, up to the
// empty line that ends the message.
func skipTrailer(br *bufio.Reader) error {
	for {
		line, err := readLine(br)
		if err != nil || len(line) == 0 {
			return err
		}
	}
}
