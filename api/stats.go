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
func (s *Server) playerStats(c echo.Context) error {
	ctx := c.Request().Context()
	id, game, league := c.Param("id"), c.QueryParam("game"), c.QueryParam("league")
	if game != "" {
		if _, err := s.game(game); err != nil {
			return err
		}
	}
	if league != "" {
		if _, err := s.readableLeague(c, league); err != nil {
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
	// Matches of private leagues the caller cannot read do not count here.
	readable := map[string]bool{}
	results := make([]scoring.MatchResult, 0, len(finished))
	for _, f := range finished {
		if f.LeagueID != "" {
			ok, seen := readable[f.LeagueID]
			if !seen {
				_, err := s.readableLeague(c, f.LeagueID)
				ok = err == nil
				readable[f.LeagueID] = ok
			}
			if !ok {
				continue
			}
		}
		results = append(results, matchResult(f))
	}
	per, err := scoring.StatsByGame(id, results)
	if err != nil {
		return err
	}
	// Name only the opponents of the matches that counted.
	shown := map[string]string{}
	for _, r := range results {
		for _, pl := range r.Placements {
			if pl.PlayerID != id {
				shown[pl.PlayerID] = names[pl.PlayerID]
			}
		}
	}
	names = shown
	return c.JSON(http.StatusOK, StatsResponse{PlayerID: id, Name: p.Name, Game: game, LeagueID: league, Games: nonNil(per), Names: names})
}
