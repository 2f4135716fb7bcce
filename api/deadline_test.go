package api

import (
	"context"
	"errors"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
)

type ctxKey string

func closed(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

func waitDone(t *testing.T, ctx context.Context) {
	t.Helper()
	select {
	case <-ctx.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("the context did not end")
	}
}

// A deadlineCtx answers as context.WithDeadline would, whether or not its
// timer was ever made.
func TestDeadlineCtxActsAsWithDeadline(t *testing.T) {
	parent := context.WithValue(context.Background(), ctxKey("k"), "v")

	t.Run("before the deadline, nothing made", func(t *testing.T) {
		d := time.Now().Add(time.Hour)
		c := newDeadlineCtx(parent, d)
		if got, ok := c.Deadline(); !ok || !got.Equal(d) {
			t.Fatalf("Deadline = %v %v", got, ok)
		}
		if c.Err() != nil || c.Value(ctxKey("k")) != "v" {
			t.Fatalf("Err = %v, Value = %v", c.Err(), c.Value(ctxKey("k")))
		}
		if c.made.Load() != nil {
			t.Fatal("a timer was made though nothing waited")
		}
		c.release()
		if !errors.Is(c.Err(), context.Canceled) || !closed(c.Done()) {
			t.Fatalf("after release: Err = %v, Done closed = %v", c.Err(), closed(c.Done()))
		}
	})

	t.Run("past the deadline, never waited on", func(t *testing.T) {
		c := newDeadlineCtx(parent, time.Now().Add(-time.Millisecond))
		if !errors.Is(c.Err(), context.DeadlineExceeded) || !closed(c.Done()) {
			t.Fatalf("Err = %v, Done closed = %v", c.Err(), closed(c.Done()))
		}
		c.release()
		if !errors.Is(c.Err(), context.DeadlineExceeded) {
			t.Fatalf("after release: Err = %v, want the deadline it ended by", c.Err())
		}
	})

	t.Run("ended by the deadline before its release, never asked", func(t *testing.T) {
		c := newDeadlineCtx(parent, time.Now().Add(10*time.Millisecond))
		time.Sleep(20 * time.Millisecond)
		c.release()
		if !errors.Is(c.Err(), context.DeadlineExceeded) {
			t.Fatalf("Err = %v, want DeadlineExceeded", c.Err())
		}
	})

	t.Run("Done closes at the deadline", func(t *testing.T) {
		c := newDeadlineCtx(parent, time.Now().Add(20*time.Millisecond))
		defer c.release()
		if c.Err() != nil {
			t.Fatal(c.Err())
		}
		waitDone(t, c)
		if !errors.Is(c.Err(), context.DeadlineExceeded) {
			t.Fatalf("Err = %v", c.Err())
		}
	})

	t.Run("the parent's cancel reaches it", func(t *testing.T) {
		for _, waited := range []bool{false, true} {
			p, cancel := context.WithCancel(parent)
			c := newDeadlineCtx(p, time.Now().Add(time.Hour))
			if waited {
				_ = c.Done()
			}
			cancel()
			if !errors.Is(c.Err(), context.Canceled) {
				t.Fatalf("waited=%v: Err = %v", waited, c.Err())
			}
			waitDone(t, c)
			c.release()
		}
	})

	t.Run("an earlier parent deadline wins", func(t *testing.T) {
		p, cancel := context.WithDeadline(parent, time.Now().Add(time.Minute))
		defer cancel()
		pd, _ := p.Deadline()
		c := newDeadlineCtx(p, time.Now().Add(time.Hour))
		defer c.release()
		if got, _ := c.Deadline(); !got.Equal(pd) {
			t.Fatalf("Deadline = %v, want the parent's %v", got, pd)
		}
	})

	t.Run("derived contexts end with it, without a goroutine each", func(t *testing.T) {
		c := newDeadlineCtx(parent, time.Now().Add(50*time.Millisecond))
		defer c.release()
		before := runtime.NumGoroutine()
		var children []context.Context
		for i := 0; i < 200; i++ {
			child, cancel := context.WithCancel(c)
			defer cancel()
			children = append(children, child)
		}
		if grown := runtime.NumGoroutine() - before; grown > 100 {
			t.Fatalf("200 derived contexts started %d goroutines", grown)
		}
		if children[0].Value(ctxKey("k")) != "v" {
			t.Fatal("a derived context lost the parent's values")
		}
		for _, child := range children {
			waitDone(t, child)
			if !errors.Is(child.Err(), context.DeadlineExceeded) {
				t.Fatalf("child Err = %v", child.Err())
			}
		}
	})

	t.Run("released while others wait and ask", func(t *testing.T) {
		c := newDeadlineCtx(parent, time.Now().Add(time.Hour))
		var wg sync.WaitGroup
		for i := 0; i < 8; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				if i%2 == 0 {
					<-c.Done()
				}
				for c.Err() == nil {
					runtime.Gosched()
				}
			}(i)
		}
		c.release()
		wg.Wait()
		if !errors.Is(c.Err(), context.Canceled) {
			t.Fatalf("Err = %v", c.Err())
		}
	})
}

// A request that runs out of time gets a 503 problem that says so; one
// that never waits on its context is untouched by the deadline.
func TestRequestDeadline(t *testing.T) {
	s := newTestServer(t)
	e := echo.New()
	e.HTTPErrorHandler = s.e.HTTPErrorHandler
	e.Use(requestDeadline(30*time.Millisecond, func(c echo.Context) bool { return c.Request().URL.Path == "/skipped" }))
	var seen context.Context
	e.GET("/slow", func(c echo.Context) error {
		ctx := c.Request().Context()
		<-ctx.Done()
		return ctx.Err()
	})
	e.GET("/quick", func(c echo.Context) error {
		seen = c.Request().Context()
		if _, ok := seen.Deadline(); !ok {
			t.Error("the request has no deadline")
		}
		return c.NoContent(http.StatusNoContent)
	})
	e.GET("/skipped", func(c echo.Context) error {
		if _, ok := c.Request().Context().Deadline(); ok {
			t.Error("a skipped request got a deadline")
		}
		return c.NoContent(http.StatusNoContent)
	})
	ts := &testServer{e: e, server: s.server, store: s.store, admin: s.admin}

	r := ts.do("GET", "/slow", nil)
	if r.status != http.StatusServiceUnavailable || !strings.Contains(string(r.body), "took too long") {
		t.Fatalf("slow request: %d %s", r.status, r.body)
	}
	if r := ts.do("GET", "/quick", nil); r.status != http.StatusNoContent {
		t.Fatalf("quick request: %d %s", r.status, r.body)
	}
	if dc, ok := seen.(*deadlineCtx); !ok || dc.made.Load() != nil {
		t.Fatalf("the quick request's context is %T and made a timer", seen)
	} else if !errors.Is(seen.Err(), context.Canceled) {
		t.Fatalf("after the request its context says %v, want it ended", seen.Err())
	}
	if r := ts.do("GET", "/skipped", nil); r.status != http.StatusNoContent {
		t.Fatalf("skipped request: %d %s", r.status, r.body)
	}
}
