package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/sheet"
)

// GameResponse describes a game.
type GameResponse struct {
	rules.Info
	// Revision is the revision of the game's rules the server checks events
	// with; a phone checks events offline only with the same.
	Revision int          `json:"revision"`
	Referee  []RefereeDoc `json:"referee"`
	// Sheet is a score-sheet game's definition (absent for the built-in games).
	Sheet *sheet.Definition `json:"sheet,omitempty"`
	// Cards is the card list of a game played with one (Wazabi): each card's
	// ID, name, cost and effect in English and Persian.
	Cards []rules.Card `json:"cards,omitempty"`
}

// RefereeDoc names one stateless question of a game.
type RefereeDoc struct {
	Question string `json:"question"`
	Path     string `json:"path"`
	Summary  string `json:"summary"`
	Example  any    `json:"example"`
}

// GamesResponse lists the games.
type GamesResponse struct {
	Games []GameResponse `json:"games"`
}

func gameResponse(g rules.Game) GameResponse {
	info := g.Info()
	r := GameResponse{Info: info, Revision: rules.RevisionOf(g), Referee: []RefereeDoc{}}
	if sg, ok := g.(*sheet.Game); ok {
		def := sg.Definition()
		r.Sheet = &def
	}
	if cg, ok := g.(rules.CardGame); ok {
		r.Cards = cg.Cards()
	}
	for _, ref := range g.Referees() {
		r.Referee = append(r.Referee, RefereeDoc{Question: ref.Question, Path: "/v1/referee/" + info.ID + "/" + ref.Question, Summary: ref.Summary, Example: ref.Example})
	}
	return r
}

// listGames lists the supported games.
func (s *Server) listGames(c echo.Context) error {
	out := GamesResponse{Games: []GameResponse{}}
	for _, g := range s.games.All() {
		out.Games = append(out.Games, gameResponse(g))
	}
	return c.JSON(http.StatusOK, out)
}

// getGame describes one game: player range, options with defaults, events.
func (s *Server) getGame(c echo.Context) error {
	g, err := s.game(c.Param("game"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, gameResponse(g))
}

func (s *Server) game(id string) (rules.Game, error) {
	g, ok := s.games.Get(id)
	if !ok {
		return nil, &db.NotFoundError{Kind: "game", ID: id}
	}
	return g, nil
}
