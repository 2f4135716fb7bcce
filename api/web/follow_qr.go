package web

import (
	"encoding/base64"
	"html/template"
	"net"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
)

// followQR is the small code a public league's screen shows for guests to
// follow the league on their own phones: the league's page at the public
// URL when the server has one, else at the address the screen opened. A
// private league shows none (its page needs a code of its own), nor does a
// screen opened at a loopback address, which no phone reaches.
func (s *pages) followQR(c echo.Context, l *db.League) template.URL {
	if l.Visibility != db.Public {
		return ""
	}
	base := strings.TrimRight(s.PublicURL, "/")
	if base == "" {
		host := c.Request().Host
		if h, _, err := net.SplitHostPort(host); err == nil {
			host = h
		}
		if ip := net.ParseIP(strings.Trim(host, "[]")); host == "localhost" || (ip != nil && ip.IsLoopback()) {
			return ""
		}
		base = c.Scheme() + "://" + c.Request().Host
	}
	link := base + "/leagues/" + url.PathEscape(l.ID)
	if s.Lang(c) == "fa" {
		link += "?lang=fa"
	}
	png, err := s.qr.get(link, 256)
	if err != nil {
		return ""
	}
	// A data: URL of a PNG drawn here, never of what a caller sent.
	return template.URL("data:image/png;base64," + base64.StdEncoding.EncodeToString(png))
}
