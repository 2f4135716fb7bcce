package main

import (
	"net"
	"sync"
)

// oneWriteListener wraps ln so that each answer leaves in one write (see
// oneWriteConn): --one-write.
type oneWriteListener struct{ net.Listener }

func (l oneWriteListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &oneWriteConn{Conn: c}, nil
}

// oneWriteConn holds back what is written to it until the connection is
// next read or closed. net/http sends an answer longer than its 4 KB
// connection buffer in two or three writes, and reads a connection's next
// request only once the answer is complete, so holding the writes until
// then sends each answer in one. (Motamed gathers its answers the same
// way, by other means: api/gather.go.) It suits this server's handlers,
// none of which flushes an answer part-way.
type oneWriteConn struct {
	net.Conn
	mu   sync.Mutex // net/http's background read may flush while the handler writes
	held []byte
}

func (c *oneWriteConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	c.held = append(c.held, p...)
	c.mu.Unlock()
	return len(p), nil
}

// flush sends what is held.
func (c *oneWriteConn) flush() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.held) == 0 {
		return nil
	}
	_, err := c.Conn.Write(c.held)
	if cap(c.held) > 64<<10 {
		c.held = nil
	} else {
		c.held = c.held[:0]
	}
	return err
}

func (c *oneWriteConn) Read(p []byte) (int, error) {
	if err := c.flush(); err != nil {
		return 0, err
	}
	return c.Conn.Read(p)
}

func (c *oneWriteConn) Close() error {
	err := c.flush()
	if errClose := c.Conn.Close(); err == nil {
		err = errClose
	}
	return err
}
