package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/scoring"
)

// StatsResponse is a player's statistics, per game.
type StatsResponse struct {
	PlayerID string                `json:"player_id"`
	Name     string                `json:"name"`
	Game     string                `json:"game,omitempty"`
	LeagueID string                `json:"league_id,omitempty"`
	Games    []scoring.PlayerStats `json:"games"`
	Names    map[string]string     `json:"names"`
}

// playerStats returns a player's statistics over finished matches.
//
//	@Summary		Player statistics
//	@Description	Matches, wins, win rate, average place, best and worst scores, current and longest winning streaks, and head-to-head against each opponent (played, won, lost, tied), per game. `names` maps the opponents' IDs to names.
//	@Tags			players
//	@Param			id		path		string	true	"player ID"
//	@Param			game	query		string	false	"only this game"
//	@Param			league	query		string	false	"only this league"
//	@Success		200		{object}	StatsResponse
//	@Failure		404		{object}	Problem
//	@Router			/v1/players/{id}/stats [get]
func (s *Server) playerStats(c echo.Context) error {
	ctx := c.Request().Context()
	id, game, league := c.Param("id"), c.QueryParam("game"), c.QueryParam("league")
	if game != "" {
		if _, err := s.game(game); err != nil {
			return err
		}
	}
	if league != "" {
		if _, err := s.store.GetLeague(ctx, league); err != nil {
			return err
		}
	}
	p, err := s.store.GetPlayer(ctx, id)
	if err != nil {
		return err
	}
	finished, names, err := s.store.PlayerResults(ctx, id, game, league)
	if err != nil {
		return err
	}
	results := make([]scoring.MatchResult, len(finished))
	for i, f := range finished {
		results[i] = matchResult(f)
	}
	per, err := scoring.StatsByGame(id, results)
	if err != nil {
		return err
	}
	delete(names, id)
	return c.JSON(http.StatusOK, StatsResponse{PlayerID: id, Name: p.Name, Game: game, LeagueID: league, Games: nonNil(per), Names: names})
}
