package api

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
)

func (s *Server) middleware(e *echo.Echo) {
	e.Use(assignRequestID)
	e.Use(s.accessLog)
	e.Use(s.recoverPanics)
	e.Use(middleware.BodyLimitWithConfig(middleware.BodyLimitConfig{Limit: s.cfg.BodyLimit, Skipper: isImport}))
	e.Use(middleware.BodyLimitWithConfig(middleware.BodyLimitConfig{Limit: s.cfg.ImportBodyLimit, Skipper: notImport}))
	e.Use(s.authenticate)
	e.Use(s.limitWrites)
	// The docs UI serves static files; only API calls get a deadline, an
	// import its own.
	e.Use(requestDeadline(s.cfg.RequestTimeout, func(c echo.Context) bool {
		return strings.HasPrefix(c.Request().URL.Path, "/docs") || isStream(c) || isImport(c)
	}))
	e.Use(s.importBudget)
}

// assignRequestID gives every request an ID, echoed in X-Request-Id and in
// every problem. A caller's own ID is kept only when it is short and plain,
// so a hostile header cannot flood or forge log lines.
func assignRequestID(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		id := c.Request().Header.Get(echo.HeaderXRequestID)
		if !plainID(id) {
			var b [12]byte
			_, _ = rand.Read(b[:])
			id = hex.EncodeToString(b[:])
		}
		c.Response().Header().Set(echo.HeaderXRequestID, id)
		return next(c)
	}
}

func plainID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return false
		}
	}
	return true
}

func requestID(c echo.Context) string { return c.Response().Header().Get(echo.HeaderXRequestID) }

// accessLog writes one structured line per request.
func (s *Server) accessLog(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		start := time.Now()
		err := next(c)
		if err != nil {
			// Let the error handler write the problem now, so the status we
			// log is the one sent.
			c.Error(err)
		}
		status := c.Response().Status
		level := slog.LevelInfo
		switch {
		case status == http.StatusServiceUnavailable:
			// A 503 is a refusal with Retry-After: the storage failing is
			// logged once per incident as an error (see outage), a request
			// out of time is the client's to retry. An error here for each
			// would bury that one line.
			level = slog.LevelWarn
		case status >= 500:
			level = slog.LevelError
		}
		ctx := c.Request().Context()
		if !s.log.Enabled(ctx, level) { // the attributes cost more than the check
			return nil
		}
		s.log.LogAttrs(ctx, level, "request",
			slog.String("method", c.Request().Method),
			slog.String("path", c.Request().URL.Path),
			slog.String("route", c.Path()),
			slog.Int("status", status),
			slog.Duration("duration", time.Since(start)),
			slog.Int64("bytes", c.Response().Size),
			slog.String("request_id", requestID(c)),
			slog.String("remote", c.RealIP()),
		)
		return nil
	}
}

// recoverPanics turns a handler panic into a 500 problem carrying the
// request ID (and nothing internal), and logs the stack.
func (s *Server) recoverPanics(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) (err error) {
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				s.log.Error("panic in handler", "panic", fmt.Sprint(p), "request_id", requestID(c),
					"path", c.Request().URL.Path, "stack", string(debug.Stack()))
				err = kindInternal.problem(langOf(c), "")
			}
		}()
		return next(c)
	}
}
