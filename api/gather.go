package api

import (
	"context"
	"net"
	"sync"
)

// net/http writes an answer through a 4 KB connection buffer: a match body
// of 9 KB leaves as a 4 KB write and then the rest, two system calls and
// two TCP pushes, and the client wakes for each. Gathering the answer's
// head and body and sending them in one write costs a copy of the body and
// saves a system call on both ends. It needs two things from the server
// that serves the handler: Listener, so that connections can gather their
// writes, and ConnContext, so that a handler can find its connection.

// Listener wraps ln so that its connections can send a whole answer in one
// write (see writeBody). Serve the API on it with ConnContext set.
func Listener(ln net.Listener) net.Listener { return gatherListener{ln} }

// ConnContext is an http.Server's ConnContext for a server on Listener: it
// lets the handlers find their connection.
func ConnContext(ctx context.Context, c net.Conn) context.Context {
	if g, ok := c.(*gatherConn); ok {
		return context.WithValue(ctx, gatherConnKey{}, g)
	}
	return ctx
}

type gatherConnKey struct{}

// gatherConnFrom returns the request's connection if it can gather writes.
func gatherConnFrom(ctx context.Context) *gatherConn {
	g, _ := ctx.Value(gatherConnKey{}).(*gatherConn)
	return g
}

type gatherListener struct{ net.Listener }

func (l gatherListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &gatherConn{Conn: c}, nil
}

// gatherConn holds back the writes between gather and send and sends them
// in one write. Only the goroutine serving the connection's request writes
// to it while it gathers: net/http writes an answer from that goroutine.
type gatherConn struct {
	net.Conn
	held *[]byte // non-nil while gathering
}

// gatheredBuffers hold an answer's bytes between gather and send.
var gatheredBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 16<<10); return &b }}

// largestGathered is the largest answer gathered; one larger is written as
// net/http writes it, and its buffer is not kept.
const largestGathered = 256 << 10

func (g *gatherConn) Write(p []byte) (int, error) {
	if g.held == nil || len(*g.held)+len(p) > largestGathered {
		if err := g.sendHeld(); err != nil {
			return 0, err
		}
		return g.Conn.Write(p)
	}
	*g.held = append(*g.held, p...)
	return len(p), nil
}

// gather starts holding writes back.
func (g *gatherConn) gather() {
	if g.held == nil {
		g.held = gatheredBuffers.Get().(*[]byte)
	}
}

// send writes what was held back, in one write, and stops holding.
func (g *gatherConn) send() error {
	err := g.sendHeld()
	if g.held != nil {
		*g.held = (*g.held)[:0]
		gatheredBuffers.Put(g.held)
		g.held = nil
	}
	return err
}

func (g *gatherConn) sendHeld() error {
	if g.held == nil || len(*g.held) == 0 {
		return nil
	}
	_, err := g.Conn.Write(*g.held)
	*g.held = (*g.held)[:0]
	return err
}
