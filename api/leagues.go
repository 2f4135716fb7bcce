package api

import (
	"encoding/json"
	"net/http"

	"github.com/labstack/echo/v4"
)

// createLeague starts a league of one game.
//
//	@Summary	Create a league
//	@Tags		leagues
//	@Param		body	body		CreateLeagueRequest	true	"the league"
//	@Success	201		{object}	LeagueResponse
//	@Failure	400		{object}	Problem
//	@Failure	404		{object}	Problem	"unknown game"
//	@Router		/v1/leagues [post]
func (s *Server) createLeague(c echo.Context) error {
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
	l, err := s.store.CreateLeague(c.Request().Context(), req.Name, req.Game, raw)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderLocation, "/v1/leagues/"+l.ID)
	return c.JSON(http.StatusCreated, leagueResponse(l))
}

// getLeague returns one league.
//
//	@Summary	One league
//	@Tags		leagues
//	@Param		id	path		string	true	"league ID"
//	@Success	200	{object}	LeagueResponse
//	@Failure	404	{object}	Problem
//	@Router		/v1/leagues/{id} [get]
func (s *Server) getLeague(c echo.Context) error {
	l, err := s.store.GetLeague(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, leagueResponse(l))
}
