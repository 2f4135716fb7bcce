package api

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
)

// TestEvery503HasRetryAfter: a request cut off by the request deadline,
// and echo's own 503, answer with Retry-After like the storage's 503s.
func TestEvery503HasRetryAfter(t *testing.T) {
	s := newTestServer(t)
	e := echo.New()
	e.HTTPErrorHandler = s.e.HTTPErrorHandler
	e.Use(requestDeadline(20*time.Millisecond, func(echo.Context) bool { return false }))
	e.GET("/slow", func(c echo.Context) error {
		<-c.Request().Context().Done()
		return c.Request().Context().Err()
	})
	e.GET("/echo503", func(c echo.Context) error { return echo.NewHTTPError(http.StatusServiceUnavailable) })
	e.GET("/wrapped", func(c echo.Context) error {
		ctx, cancel := context.WithTimeout(c.Request().Context(), time.Nanosecond)
		defer cancel()
		<-ctx.Done()
		return ctx.Err()
	})
	ts := &testServer{e: e, server: s.server, store: s.store, admin: s.admin}
	for _, path := range []string{"/slow", "/echo503", "/wrapped"} {
		r := ts.do("GET", path, nil)
		if r.status != http.StatusServiceUnavailable || r.header.Get("Retry-After") == "" {
			t.Errorf("%s: %d, Retry-After %q: %s", path, r.status, r.header.Get("Retry-After"), r.body)
		}
	}
}

// TestOutageLogsOneErrorForMany503s: N requests failed by one storage
// outage log one ERROR line in all (the incident's), not one per request
// in the access log as well; each request is still in the access log.
func TestOutageLogsOneErrorForMany503s(t *testing.T) {
	s := newTestServer(t)
	var logs bytes.Buffer
	s.server.log = slog.New(slog.NewTextHandler(&logs, nil))
	s.player(t, "Sara") // the admin token is known
	s.store.Close()
	const n = 5
	for i := range n {
		if r := s.do("POST", "/v1/players", map[string]any{"name": "Kian"}); r.status != 503 {
			t.Fatalf("request %d: %d %s", i, r.status, r.body)
		}
	}
	if errs := strings.Count(logs.String(), "level=ERROR"); errs != 1 {
		t.Fatalf("%d ERROR lines for one outage of %d requests, want 1:\n%s", errs, n, logs.String())
	}
	if got := strings.Count(logs.String(), "msg=request") - 1; got != n { // the player's 201 too
		t.Fatalf("%d access-log lines for %d failed requests:\n%s", got, n, logs.String())
	}
}
