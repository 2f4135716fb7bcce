package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// createPlayer registers a player. Names are any Unicode text (Persian
// included) and are stored and returned exactly as sent.
func (s *Server) createPlayer(c echo.Context) error {
	if _, err := mayWrite(c); err != nil {
		return err
	}
	var req CreatePlayerRequest
	if _, err := bind(c, &req); err != nil {
		return err
	}
	p, err := s.store.CreatePlayer(c.Request().Context(), req.Name)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderLocation, "/v1/players/"+p.ID)
	return c.JSON(http.StatusCreated, playerResponse(p))
}

// getPlayer returns one player.
func (s *Server) getPlayer(c echo.Context) error {
	p, err := s.store.GetPlayer(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, playerResponse(p))
}
