package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules/sheet"
)

// CreateGameRequest defines a score-sheet game: a game of the shelf whose
// rules Motamed does not know, kept by its score sheet.
type CreateGameRequest struct {
	// ID is the game's ID; by default made from name.
	ID string `json:"id"`
	// VersionOf makes the next version of a sheet (its ID: "<version_of>-v<n>").
	VersionOf  string           `json:"version_of"`
	Name       string           `json:"name"`
	NameFA     string           `json:"name_fa"`
	MinPlayers int              `json:"min_players"`
	MaxPlayers int              `json:"max_players"`
	Rounds     *sheet.Rounds    `json:"rounds"`
	Categories []sheet.Category `json:"categories"`
	LowestWins bool             `json:"lowest_wins"`
	Negative   bool             `json:"negative"`
	TieBreak   string           `json:"tie_break"`
	// Teams makes the sheet one played in teams (see sheet.Teams).
	Teams *sheet.Teams `json:"teams"`
	// Cooperative: the table wins or loses together, against the game.
	Cooperative bool `json:"cooperative"`
	// WinnerOnly: a match has winners and no scores.
	WinnerOnly bool `json:"winner_only"`
}

// createGame defines a score-sheet game (an admin or a league owner): it
// is offered beside the built-in games at once.
func (s *Server) createGame(c echo.Context) error {
	t, err := requireToken(c)
	if err != nil {
		return err
	}
	if t.Role != db.RoleAdmin && t.Role != db.RoleOwner {
		return forbidden("Only an admin or a league owner may define a game.")
	}
	var req CreateGameRequest
	if _, err := bind(c, &req); err != nil {
		return err
	}
	def := sheet.Definition{ID: req.ID, VersionOf: req.VersionOf, Name: req.Name, NameFA: req.NameFA,
		MinPlayers: req.MinPlayers, MaxPlayers: req.MaxPlayers, Rounds: req.Rounds, Categories: req.Categories,
		LowestWins: req.LowestWins, Negative: req.Negative, TieBreak: req.TieBreak, Teams: req.Teams,
		Cooperative: req.Cooperative, WinnerOnly: req.WinnerOnly}
	if def.Teams != nil && def.Teams.Scores == "" {
		def.Teams.Scores = sheet.ScoresByPlayer
	}
	if def.ID == "" && def.VersionOf == "" {
		def.ID = sheet.Slug(def.Name)
	}
	if def.MinPlayers == 0 {
		def.MinPlayers = 2
	}
	if def.MaxPlayers == 0 {
		def.MaxPlayers = max(def.MinPlayers, 8)
	}
	g, err := s.store.CreateSheetGame(c.Request().Context(), def)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderLocation, "/v1/games/"+g.Info().ID)
	return c.JSON(http.StatusCreated, gameResponse(g))
}
