package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/rules"
)

// referee answers one game's stateless question, worded in the request's
// language by rules.LocalizeAnswer, as the phone's module words it.
func (s *Server) referee(game string, ref rules.Referee) echo.HandlerFunc {
	return func(c echo.Context) error {
		body, err := readBody(c)
		if err != nil {
			return err
		}
		answer, err := ref.Ask(body)
		if err != nil {
			return err
		}
		out, err := rules.LocalizeAnswer(answer, langOf(c), s.ruleTitle)
		if err != nil {
			return err
		}
		return c.JSON(http.StatusOK, out)
	}
}

// ruleTitle is the title of the rule with ID id, if a game has it.
func (s *Server) ruleTitle(id string) (rules.Text, bool) {
	r, ok := s.rules.byID[id]
	return r.entry.Title, ok
}
