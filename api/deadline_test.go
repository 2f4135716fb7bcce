package api

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
)

// A request that runs out of time gets a 503 problem that says so; a quick
// one has a deadline and its context ends with it; a skipped one has none.
func TestRequestDeadline(t *testing.T) {
	s := newTestServer(t)
	e := echo.New()
	e.HTTPErrorHandler = s.e.HTTPErrorHandler
	// The slow request runs out of its 30 ms; the quick one has an hour, so
	// that its context can only have ended because the request did.
	e.Use(requestDeadline(30*time.Millisecond, func(c echo.Context) bool { p := c.Request().URL.Path; return p == "/skipped" || p == "/quick" }))
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
	}, requestDeadline(time.Hour, func(echo.Context) bool { return false }))
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
	if !errors.Is(seen.Err(), context.Canceled) {
		t.Fatalf("after the request its context says %v, want it ended", seen.Err())
	}
	if r := ts.do("GET", "/skipped", nil); r.status != http.StatusNoContent {
		t.Fatalf("skipped request: %d %s", r.status, r.body)
	}
}
