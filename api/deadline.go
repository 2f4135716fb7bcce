package api

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"
)

// requestDeadline bounds each API request's context by timeout: a handler
// waiting on the database past it gets context.DeadlineExceeded, answered
// as 503.
//
// It does what echo's ContextTimeout did here, with two differences. The
// timer behind the deadline is made only if something waits on the context
// (see deadlineCtx). And a handler's context.DeadlineExceeded reaches the
// problem writer as it is, so the 503 says the request took too long
// (echo's middleware wrapped it in an HTTP error that said nothing). Most requests never do: an event is checked against a
// cached state and queued to the writer, a read is encoded from the cached
// state. Making and stopping a timer for each of them was about 2% of the
// server's CPU at 64 tables.
func requestDeadline(timeout time.Duration, skip func(echo.Context) bool) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if skip(c) {
				return next(c)
			}
			req := c.Request()
			ctx := newDeadlineCtx(req.Context(), time.Now().Add(timeout))
			defer ctx.release()
			c.SetRequest(req.WithContext(ctx))
			return next(c)
		}
	}
}

// deadlineCtx is parent with a deadline, whose Done channel (and the timer
// that closes it) is made on the first call of Done. Until then Err checks
// the parent and the clock itself, and once it finds either over it makes
// the context it stands for and answers from it, so it answers as one made
// by context.WithDeadline would at every moment.
type deadlineCtx struct {
	parent   context.Context
	deadline time.Time
	made     atomic.Pointer[madeCtx]
	mu       sync.Mutex // makes made; guards released
	released bool
}

// madeCtx is the context.WithDeadline a deadlineCtx stands for.
type madeCtx struct {
	ctx    context.Context
	cancel context.CancelFunc
}

func newDeadlineCtx(parent context.Context, deadline time.Time) *deadlineCtx {
	if d, ok := parent.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	return &deadlineCtx{parent: parent, deadline: deadline}
}

// real returns the context.WithDeadline this context stands for, making it
// on the first call (cancelled at once if the request is already over).
func (c *deadlineCtx) real() context.Context {
	if m := c.made.Load(); m != nil {
		return m.ctx
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.makeLocked().ctx
}

func (c *deadlineCtx) makeLocked() *madeCtx {
	if m := c.made.Load(); m != nil {
		return m
	}
	ctx, cancel := context.WithDeadline(c.parent, c.deadline)
	m := &madeCtx{ctx: ctx, cancel: cancel}
	if c.released {
		cancel()
	}
	c.made.Store(m)
	return m
}

// over reports whether the parent or the deadline has ended the context
// (used only while nothing is made).
func (c *deadlineCtx) over() bool {
	return c.parent.Err() != nil || !time.Now().Before(c.deadline)
}

// release ends the context when the request is over, as a CancelFunc
// would, and stops the timer if one was made. A context that was neither
// waited on nor over by then needs nothing made: it is simply cancelled.
func (c *deadlineCtx) release() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.made.Load() == nil && c.over() {
		c.makeLocked() // it ended before the release: keep how
	}
	c.released = true
	if m := c.made.Load(); m != nil {
		m.cancel()
	}
}

func (c *deadlineCtx) Deadline() (time.Time, bool) { return c.deadline, true }

func (c *deadlineCtx) Done() <-chan struct{} { return c.real().Done() }

func (c *deadlineCtx) Err() error {
	if m := c.made.Load(); m != nil {
		return m.ctx.Err()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.released || c.over() {
		return c.makeLocked().ctx.Err()
	}
	return nil
}

// Value answers from the made context once there is one: context's own
// lookups (of the cancelCtx behind Done) then find it, so contexts derived
// from this one are cancelled with it without a goroutine of their own.
func (c *deadlineCtx) Value(key any) any {
	if m := c.made.Load(); m != nil {
		return m.ctx.Value(key)
	}
	return c.parent.Value(key)
}
