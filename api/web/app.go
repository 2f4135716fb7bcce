package web

import (
	"github.com/labstack/echo/v4"
)

// The table app: one page at / that records a match from a phone. It is
// plain modules and Alpine.js served from /assets/ (no build step); all it
// knows of the games it asks the API and the referee.

// appView is what the app's page needs from the server: the assets'
// fingerprint, in its links.
type appView struct{}

// tableApp serves the table app's page; the app itself reads the token
// from the URL fragment or the device, never from this request.
func (s *pages) tableApp(c echo.Context) error {
	return s.renderPage(c, "app.html", appView{})
}
