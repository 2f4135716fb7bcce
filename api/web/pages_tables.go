package web

import (
	"github.com/labstack/echo/v4"
)

type tablesBoot struct {
	Lang     string            `json:"lang"`
	Labels   map[string]string `json:"labels"`
	LeagueID string            `json:"league_id"`
}

type tablesPageView struct {
	pageBase
	LeagueID string
	Boot     tablesBoot
}

// tablesPage serves the printable page of a league's table QR codes. The
// owner's token comes in the page's fragment (/leagues/{id}/tables#token=
// ...) or is pasted into it, so the server never sees it in a URL: the page
// is the same for every league ID, and its script does the work with the
// token (it creates a scorer token per table, a viewer token for the screen
// of a private league, and asks POST /v1/qr for each code).
func (s *pages) tablesPage(c echo.Context) error {
	id := c.Param("id")
	v := tablesPageView{pageBase: s.base(c, "", "", "/v1/leagues/"+id), LeagueID: id}
	v.Title = v.L["tables_title"]
	v.Boot = tablesBoot{Lang: v.Lang, Labels: v.L, LeagueID: id}
	return s.renderPage(c, "tables.html", v)
}
