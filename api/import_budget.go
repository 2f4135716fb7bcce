package api

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
)

// importRoute is the route that brings a BG Stats export into a league.
const importRoute = "/v1/leagues/:id/import"

// isImport reports whether c is an import (into a league, or a whole
// history): it has its own body limit and deadline
// (Config.ImportBodyLimit, Config.ImportTimeout).
func isImport(c echo.Context) bool {
	return c.Request().Method == http.MethodPost && (c.Path() == importRoute || c.Path() == historyRoute)
}

func notImport(c echo.Context) bool { return !isImport(c) }

// bodyLimitOf is the body limit c's route has.
func (s *Server) bodyLimitOf(c echo.Context) string {
	if isImport(c) {
		return s.cfg.ImportBodyLimit
	}
	return s.cfg.BodyLimit
}

// importBudget gives an import its own deadline, ImportTimeout instead of
// RequestTimeout: a history of 10,000 plays is read, checked and stored in
// one transaction, all or nothing, which takes longer than a table's
// request. The connection's read and write deadlines (the HTTP server's,
// set for ordinary requests) are moved out to match, so a large file on a
// slow link is read to its end and the answer is written.
func (s *Server) importBudget(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if !isImport(c) {
			return next(c)
		}
		rc := http.NewResponseController(c.Response())
		_ = rc.SetReadDeadline(time.Now().Add(s.cfg.ImportTimeout))
		_ = rc.SetWriteDeadline(time.Now().Add(s.cfg.ImportTimeout + 20*time.Second))
		return requestDeadline(s.cfg.ImportTimeout, notImport)(next)(c)
	}
}
