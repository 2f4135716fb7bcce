package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// MeResponse is what the calling token may do: its role and, for a league
// token, which league. The table app shows it and offers only that.
type MeResponse struct {
	TokenID    string `json:"token_id"`
	Role       string `json:"role"`
	LeagueID   string `json:"league_id,omitempty"`
	LeagueName string `json:"league_name,omitempty"`
	Label      string `json:"label"`
}

// me answers who the caller is.
func (s *Server) me(c echo.Context) error {
	t, err := requireToken(c)
	if err != nil {
		return err
	}
	out := MeResponse{TokenID: t.ID, Role: t.Role, LeagueID: t.LeagueID, Label: t.Label}
	if t.LeagueID != "" {
		l, err := s.store.GetLeague(c.Request().Context(), t.LeagueID)
		if err != nil {
			return err
		}
		out.LeagueName = l.Name
	}
	return c.JSON(http.StatusOK, out)
}
