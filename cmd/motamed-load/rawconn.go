package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// rawConn is one table's keep-alive HTTP/1.1 connection: the request is
// written by hand and the answer parsed by http.ReadResponse, on the
// table's own goroutine. It costs the load generator much less CPU per
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
		if rc.cl.minimal && strings.HasSuffix(path, "/events") {
			w.WriteString("Prefer: return=minimal\r\n")
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
	resp, err := http.ReadResponse(rc.br, nil)
	if err != nil {
		return result{}, err
	}
	res := result{status: resp.StatusCode}
	if keep || resp.StatusCode != want {
		res.body, err = io.ReadAll(io.LimitReader(resp.Body, 4<<20))
		res.bytes = int64(len(res.body))
		if err == nil {
			var n int64
			n, err = io.Copy(io.Discard, resp.Body)
			res.bytes += n
		}
	} else {
		res.bytes, err = io.Copy(io.Discard, resp.Body)
	}
	resp.Body.Close()
	if err != nil {
		return res, fmt.Errorf("reading the answer: %w", err)
	}
	if resp.Close {
		rc.close()
	}
	return res, nil
}
