package api

import (
	"encoding/json"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
)

// createLeague starts a league of one game.
func (s *Server) createLeague(c echo.Context) error {
	t, err := requireToken(c)
	if err != nil {
		return err
	}
	if t.Role != db.RoleAdmin {
		return forbidden("Only an admin may create leagues.")
	}
	var req CreateLeagueRequest
	if _, err := bind(c, &req); err != nil {
		return err
	}
	if _, err := s.game(req.Game); err != nil {
		return err
	}
	opts := LeagueOptions{PointsScheme: "placement"}
	if req.Options != nil && req.Options.PointsScheme != "" {
		opts.PointsScheme = req.Options.PointsScheme
	}
	raw, _ := json.Marshal(opts)
	l, err := s.store.CreateLeague(c.Request().Context(), req.Name, req.Game, raw, req.Visibility)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderLocation, "/v1/leagues/"+l.ID)
	return c.JSON(http.StatusCreated, leagueResponse(l))
}

// getLeague returns one league.
func (s *Server) getLeague(c echo.Context) error {
	l, err := s.readableLeague(c, c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, leagueResponse(l))
}

// updateLeague renames a league, changes its visibility, or archives or
// unarchives it.
func (s *Server) updateLeague(c echo.Context) error {
	if _, err := requireToken(c); err != nil {
		return err
	}
	ctx := c.Request().Context()
	l, err := s.store.GetLeague(ctx, c.Param("id"))
	if err != nil {
		return err
	}
	if err := s.mayManageLeague(c, l); err != nil {
		return err
	}
	var req UpdateLeagueRequest
	if _, err := bind(c, &req); err != nil {
		return err
	}
	if req.Name != "" || req.Visibility != "" {
		if l, err = s.store.UpdateLeague(ctx, l.ID, req.Name, req.Visibility); err != nil {
			return err
		}
	}
	if req.Archived != nil && *req.Archived != (l.ArchivedAt != nil) {
		if l, err = s.store.SetLeagueArchived(ctx, l.ID, *req.Archived); err != nil {
			return err
		}
	}
	s.streams.leagueChanged(l)
	s.announce(ctx, db.Notice{Kind: db.NoticeLeague, ID: l.ID})
	return c.JSON(http.StatusOK, leagueResponse(l))
}
