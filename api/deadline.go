package api

import (
	"context"
	"time"

	"github.com/labstack/echo/v4"
)

// requestDeadline bounds each API request's context by timeout: a handler
// waiting on the database past it gets context.DeadlineExceeded, which the
// problem writer answers as a 503 saying the request took too long (echo's
// ContextTimeout would wrap it in an HTTP error that says nothing).
func requestDeadline(timeout time.Duration, skip func(echo.Context) bool) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if skip(c) {
				return next(c)
			}
			req := c.Request()
			ctx, cancel := context.WithTimeout(req.Context(), timeout)
			defer cancel()
			c.SetRequest(req.WithContext(ctx))
			return next(c)
		}
	}
}
