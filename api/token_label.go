package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// RelabelTokenRequest is the body of PATCH /v1/tokens/{id}.
type RelabelTokenRequest struct {
	Label string `json:"label" validate:"required,max=100"`
}

// relabelToken renames a token (a table moved, a screen renamed); its
// secret stays, so the phones and screens signed in with it go on.
func (s *Server) relabelToken(c echo.Context) error {
	caller, err := requireToken(c)
	if err != nil {
		return err
	}
	var req RelabelTokenRequest
	if _, err := bind(c, &req); err != nil {
		return err
	}
	ctx := c.Request().Context()
	t, err := s.tokenInReach(ctx, caller, c.Param("id"))
	if err != nil {
		return err
	}
	t, err = s.store.RelabelToken(ctx, t.ID, req.Label)
	if err != nil {
		return err
	}
	s.tokens.clear() // cached look-ups hold the old label
	return c.JSON(http.StatusOK, tokenResponse(t))
}
