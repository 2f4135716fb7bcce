package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
)

// createPlayer registers a player. Names are any Unicode text (Persian
// included) and are stored and returned exactly as sent.
//
// A name whose folded form (as search folds it) equals an existing
// player's is refused with 409 and the problem's `existing` lists them,
// unless allow_duplicate is true: a phone can ask "is this the Sara you
// mean?" and send again with allow_duplicate when it is not.
func (s *Server) createPlayer(c echo.Context) error {
	if _, err := mayWrite(c); err != nil {
		return err
	}
	var req CreatePlayerRequest
	if _, err := bind(c, &req); err != nil {
		return err
	}
	p, err := s.store.AddPlayer(c.Request().Context(), req.Name, req.AllowDuplicate)
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

// renamePlayer changes a player's name; every match of the player shows
// the new name at once.
func (s *Server) renamePlayer(c echo.Context) error {
	t, err := requireToken(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	id := c.Param("id")
	if _, err := s.store.GetPlayer(ctx, id); err != nil {
		return err
	}
	if t.Role != db.RoleAdmin {
		played, err := s.store.PlayedBy(ctx, id)
		if err != nil {
			return err
		}
		if t.Role != db.RoleOwner || !containsString(played.Leagues, t.LeagueID) {
			return forbidden("Only an admin, or the owner of a league the player has played in, may rename a player.")
		}
	}
	var req RenamePlayerRequest
	if _, err := bind(c, &req); err != nil {
		return err
	}
	p, played, err := s.store.RenamePlayer(ctx, id, req.Name, req.AllowDuplicate)
	if err != nil {
		return err
	}
	s.rederived(played)
	return c.JSON(http.StatusOK, playerResponse(p))
}

// mergePlayer joins two records of one person.
func (s *Server) mergePlayer(c echo.Context) error {
	if err := mayAdminister(c, "Only an admin may merge players."); err != nil {
		return err
	}
	var req MergePlayerRequest
	if _, err := bind(c, &req); err != nil {
		return err
	}
	ctx := c.Request().Context()
	played, err := s.store.MergePlayer(ctx, c.Param("id"), req.Into)
	if err != nil {
		return err
	}
	s.rederived(played)
	into, err := s.store.GetPlayer(ctx, req.Into)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, MergedPlayerResponse{Merged: c.Param("id"), Into: playerResponse(into), Matches: nonNil(played.Matches)})
}

// deletePlayer deletes a player who never played.
func (s *Server) deletePlayer(c echo.Context) error {
	if err := mayAdminister(c, "Only an admin may delete players."); err != nil {
		return err
	}
	if err := s.store.DeletePlayer(c.Request().Context(), c.Param("id")); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// rederived refreshes what was derived from the matches a player change
// touched, their leagues' standings, and tells the matches' and the
// leagues' screens.
func (s *Server) rederived(played db.Played) {
	for _, id := range played.Matches {
		s.hub.refreshMatch(id)
	}
	for _, l := range played.Leagues {
		s.leagues.markStale(l)
		s.hub.publishLeague(l)
	}
}

func containsString(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}
