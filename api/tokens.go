package api

import (
	"context"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
)

// CreateTokenRequest is the body of POST /v1/tokens.
type CreateTokenRequest struct {
	Role     string `json:"role" validate:"required,oneof=admin owner scorer viewer"`
	LeagueID string `json:"league_id,omitempty" validate:"max=64"`
	Label    string `json:"label,omitempty" validate:"max=100"`
}

// TokenResponse is a token's record; Secret is present only in the answer
// to its creation and is never shown again.
type TokenResponse struct {
	ID        string `json:"id"`
	Role      string `json:"role"`
	LeagueID  string `json:"league_id,omitempty"`
	Label     string `json:"label"`
	CreatedAt string `json:"created_at"`
	Revoked   bool   `json:"revoked"`
	// LastUsedAt is when the token was last used, to the minute; absent
	// when it has not been used.
	LastUsedAt string `json:"last_used_at,omitempty"`
	Secret     string `json:"token,omitempty"`
}

func tokenResponse(t *db.Token) TokenResponse {
	return TokenResponse{ID: t.ID, Role: t.Role, LeagueID: t.LeagueID, Label: t.Label, CreatedAt: t.CreatedAt, Revoked: t.Revoked, LastUsedAt: t.LastUsedAt}
}

// createToken makes a scoped token.
func (s *Server) createToken(c echo.Context) error {
	caller, err := requireToken(c)
	if err != nil {
		return err
	}
	var req CreateTokenRequest
	if _, err := bind(c, &req); err != nil {
		return err
	}
	ctx := c.Request().Context()
	switch {
	case req.Role == db.RoleAdmin && req.LeagueID != "":
		return fieldError("league_id", "must be empty for an admin token")
	case req.Role != db.RoleAdmin && req.LeagueID == "":
		return fieldError("league_id", "is required for an owner, scorer or viewer token")
	}
	if req.Role == db.RoleAdmin {
		if caller.Role != db.RoleAdmin {
			return forbidden("Only an admin may create admin tokens.")
		}
	} else {
		l, err := s.store.GetLeague(ctx, req.LeagueID)
		if err != nil {
			return err
		}
		if err := s.mayManageLeague(c, l); err != nil {
			return err
		}
	}
	secret := db.NewSecret()
	t, err := s.store.CreateToken(ctx, secret, req.Role, req.LeagueID, req.Label, caller.ID)
	if err != nil {
		return err
	}
	out := tokenResponse(t)
	out.Secret = secret
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusCreated, out)
}

// TokensResponse lists tokens (never their secrets).
type TokensResponse struct {
	Tokens []TokenResponse `json:"tokens"`
}

// listTokens lists tokens: every one for an admin, a league's for its owner.
func (s *Server) listTokens(c echo.Context) error {
	caller, err := requireToken(c)
	if err != nil {
		return err
	}
	league := c.QueryParam("league")
	if caller.Role != db.RoleAdmin {
		if caller.Role != db.RoleOwner {
			return forbidden("Only an admin or a league owner may list tokens.")
		}
		if league == "" {
			league = caller.LeagueID
		}
		if league != caller.LeagueID {
			return forbidden("An owner may list only their league's tokens.")
		}
	}
	ts, err := s.store.ListTokens(c.Request().Context(), league)
	if err != nil {
		return err
	}
	out := TokensResponse{Tokens: []TokenResponse{}}
	for i := range ts {
		out.Tokens = append(out.Tokens, tokenResponse(&ts[i]))
	}
	return c.JSON(http.StatusOK, out)
}

// revokeToken revokes a token; it stops working at once, and the streams
// opened with it end before the answer is sent.
func (s *Server) revokeToken(c echo.Context) error {
	caller, err := requireToken(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	t, err := s.tokenInReach(ctx, caller, c.Param("id"))
	if err != nil {
		return err
	}
	if err := s.store.RevokeToken(ctx, t.ID); err != nil {
		return err
	}
	s.tokens.forget(t.ID)
	s.streams.revokeToken(t.ID)
	s.announce(ctx, db.Notice{Kind: db.NoticeToken, ID: t.ID})
	return c.NoContent(http.StatusNoContent)
}

// tokenInReach is the token id when caller may manage it: an admin any
// token, an owner its league's. Tokens outside the caller's reach are not
// revealed: they are not found.
func (s *Server) tokenInReach(ctx context.Context, caller *db.Token, id string) (*db.Token, error) {
	t, err := s.store.GetToken(ctx, id)
	if err != nil {
		return nil, err
	}
	if caller.Role != db.RoleAdmin && !(caller.Role == db.RoleOwner && t.LeagueID == caller.LeagueID) {
		return nil, &db.NotFoundError{Kind: "token", ID: t.ID}
	}
	return t, nil
}
