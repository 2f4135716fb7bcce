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
	t, err := mayWrite(c)
	if err != nil {
		return err
	}
	var req CreatePlayerRequest
	if _, err := bind(c, &req); err != nil {
		return err
	}
	p, err := s.store.AddPlayer(c.Request().Context(), req.Name, req.AllowDuplicate, t.ID)
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
//
// A player is one person across every league, so a league's owner renames
// only a player that is its league's alone: one whose every match is in
// its league, or who has not played yet and was created with its token.
// Seating someone else's player in a match of its own league gives it no
// right to rename them where other leagues (private ones included) show
// them.
func (s *Server) renamePlayer(c echo.Context) error {
	t, err := requireToken(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	id := c.Param("id")
	p, err := s.store.GetPlayer(ctx, id)
	if err != nil {
		return err
	}
	if t.Role != db.RoleAdmin {
		played, err := s.store.PlayedBy(ctx, id)
		if err != nil {
			return err
		}
		created := len(played.Matches) == 0 && p.CreatedBy != "" && p.CreatedBy == t.ID
		if t.Role != db.RoleOwner || !played.OnlyIn(t.LeagueID) && !created {
			return forbidden("Only an admin may rename this player; a league's owner may rename a player who has played only in its league, or one its token created who has not played yet.")
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
	if dry, err := boolParam(c, "dry_run"); err != nil || dry {
		if err != nil {
			return err
		}
		return s.previewMerge(c, c.Param("id"), req.Into)
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
