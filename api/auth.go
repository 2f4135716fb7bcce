package api

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
)

// Access, in short:
//   - admin: everything.
//   - owner of league L: manage L and its tokens, create and correct any of
//     its matches.
//   - scorer in L: create L's matches and record their events, correct
//     them while in progress and for a grace period (Config.CorrectionGrace)
//     after they finished; later corrections are the owner's.
//   - viewer of L: read L when it is private.
//   - anyone: read public leagues, matches outside leagues, games, rules,
//     players, and ask the referee.
// A match outside any league is written by the token that started it (or
// an admin). Writes without a valid token get 401; with a token that lacks
// the right, 403; data of a private league the caller cannot read is 404,
// so its existence is not revealed.

const principalKey = "motamed.principal"

// tokenCache remembers recent token look-ups so a request does not read the
// database to authenticate; a revoke removes the entry at once, and keeps a
// look-up that read the token before the revocation from caching it again.
type tokenCache struct {
	mu      sync.Mutex
	ttl     time.Duration
	items   map[[sha256.Size]byte]cachedToken // by the secret's digest
	revoked map[string]time.Time              // token ID -> when it was revoked
}

type cachedToken struct {
	token   *db.Token
	expires time.Time
}

func newTokenCache(ttl time.Duration) *tokenCache {
	return &tokenCache{ttl: ttl, items: map[[sha256.Size]byte]cachedToken{}, revoked: map[string]time.Time{}}
}

func (c *tokenCache) get(digest [sha256.Size]byte) (*db.Token, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	it, ok := c.items[digest]
	if !ok || time.Now().After(it.expires) {
		return nil, false
	}
	return it.token, true
}

func (c *tokenCache) put(digest [sha256.Size]byte, t *db.Token) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, gone := c.revoked[t.ID]; gone {
		return
	}
	if len(c.items) > 10000 {
		c.items = map[[sha256.Size]byte]cachedToken{} // bounded: start over
	}
	c.items[digest] = cachedToken{token: t, expires: time.Now().Add(c.ttl)}
}

// clear drops every entry: revocations may have been missed.
func (c *tokenCache) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.items = map[[sha256.Size]byte]cachedToken{}
}

// forget drops a revoked token's entries.
func (c *tokenCache) forget(tokenID string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := time.Now()
	for id, at := range c.revoked {
		if now.Sub(at) > revokedMemory {
			delete(c.revoked, id)
		}
	}
	c.revoked[tokenID] = now
	for h, it := range c.items {
		if it.token.ID == tokenID {
			delete(c.items, h)
		}
	}
}

var errUnauthenticated = errors.New("unauthenticated")

// authenticate reads the bearer token, if any. A malformed or unknown
// token is a 401 on any route: a client that sends credentials should learn
// they are wrong rather than be served as anonymous.
func (s *Server) authenticate(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		h := c.Request().Header.Get(echo.HeaderAuthorization)
		inURL := false
		if h == "" {
			// RFC 6750 §2.3: a token in the query, for reads only, so that a
			// plain link (an older screen link, a client that cannot send
			// headers) can show a private league. The access log records
			// paths without queries.
			if q := c.QueryParam("access_token"); q != "" && (c.Request().Method == http.MethodGet || c.Request().Method == http.MethodHead) {
				h, inURL = "Bearer "+q, true
			} else {
				return next(c)
			}
		}
		scheme, secret, ok := strings.Cut(h, " ")
		if !ok || !strings.EqualFold(scheme, "Bearer") || secret == "" || len(secret) > 200 {
			return s.unauthorized("Send the token as: Authorization: Bearer <token>.")
		}
		t, err := s.lookupToken(c.Request().Context(), strings.TrimSpace(secret))
		if err != nil {
			return err
		}
		if inURL && t.Role != db.RoleViewer {
			return tokenInURL(t.Role)
		}
		s.noteTokenUse(c.Request().Context(), t)
		c.Set(principalKey, t)
		return next(c)
	}
}

func (s *Server) lookupToken(ctx context.Context, secret string) (*db.Token, error) {
	digest := db.SecretDigest(secret)
	if t, ok := s.tokens.get(digest); ok {
		return t, nil
	}
	hash := hex.EncodeToString(digest[:]) // db.HashSecret(secret), as stored
	t, err := s.store.TokenByHash(ctx, hash)
	if errors.Is(err, db.ErrNotFound) {
		return nil, s.unauthorized("The token is not valid (unknown or revoked).")
	}
	if err != nil {
		return nil, err
	}
	// The row was found by the secret's hash, so it is the secret's token:
	// no secret is ever compared as text.
	s.tokens.put(digest, t)
	return t, nil
}

// tokenInURL refuses a token that may write (or, an admin's, do anything)
// sent in the URL: a URL is kept in logs, browser history and Referer
// headers, so only a viewer token, which reads one league, may travel in
// one. The app and the pages send every token in the Authorization header.
func tokenInURL(role string) error {
	en := map[string]string{db.RoleAdmin: "an admin", db.RoleOwner: "an owner", db.RoleScorer: "a scorer"}[role]
	fa := map[string]string{db.RoleAdmin: "مدیر", db.RoleOwner: "مالک لیگ", db.RoleScorer: "امتیازنویس"}[role]
	return &rules.InputError{Fields: []rules.FieldError{{Field: "access_token",
		Message:   "is " + en + " token: only a viewer token may travel in a URL; send this one in the Authorization header",
		MessageFA: "توکن " + fa + " است: فقط توکن بیننده می‌تواند در نشانی بیاید؛ این یکی را در سرآیند Authorization بفرستید"}}}
}

func (s *Server) unauthorized(detail string) error {
	p := kindUnauthorized.problem("en", detail)
	return p
}

// principal is the caller's token, or nil for an anonymous caller.
func principal(c echo.Context) *db.Token {
	t, _ := c.Get(principalKey).(*db.Token)
	return t
}

// requireToken fails with 401 when the caller sent no token.
func requireToken(c echo.Context) (*db.Token, error) {
	t := principal(c)
	if t == nil {
		return nil, errUnauthenticated
	}
	return t, nil
}

func forbidden(detail string) error { return &accessError{detail: detail} }

// accessError is a 403: the caller is known but lacks the right.
type accessError struct{ detail string }

func (e *accessError) Error() string { return "forbidden: " + e.detail }

// canReadLeague reports whether the caller may read league l.
func canReadLeague(t *db.Token, l *db.League) bool {
	return l.Visibility != db.Private || t != nil && (t.Role == db.RoleAdmin || t.LeagueID == l.ID)
}

// readableLeague returns the league if the caller may read it, else 404.
func (s *Server) readableLeague(c echo.Context, id string) (*db.League, error) {
	t := principal(c)
	l, err := s.store.GetLeague(c.Request().Context(), id)
	if err != nil {
		return nil, err
	}
	if !canReadLeague(t, l) {
		return nil, &db.NotFoundError{Kind: "league", ID: id}
	}
	return l, nil
}

// readableMatch returns the match if the caller may read it, else 404.
func (s *Server) readableMatch(c echo.Context, id string) (*db.Match, error) {
	m, err := s.store.GetMatch(c.Request().Context(), id)
	if err != nil {
		return nil, err
	}
	if m.LeagueID != "" {
		if _, err := s.readableLeague(c, m.LeagueID); err != nil {
			return nil, &db.NotFoundError{Kind: "match", ID: id}
		}
	}
	return m, nil
}

// mayWriteMatch checks that the caller may record events (or, with
// correction, undo) on m. A match the caller cannot even read is 404.
func (s *Server) mayWriteMatch(c echo.Context, m *db.Match, correction bool) error {
	t, err := requireToken(c)
	if err != nil {
		return err
	}
	if t.Role == db.RoleAdmin {
		return nil
	}
	if m.LeagueID == "" {
		if m.CreatedBy != "" && m.CreatedBy == t.ID {
			return nil
		}
		return forbidden("Only the token that started this match, or an admin, may record its events.")
	}
	if t.LeagueID != m.LeagueID {
		if _, err := s.readableLeague(c, m.LeagueID); err != nil {
			return &db.NotFoundError{Kind: "match", ID: m.ID}
		}
		return forbidden("This token has no rights in the match's league.")
	}
	switch t.Role {
	case db.RoleOwner:
		return nil
	case db.RoleScorer:
		if correction && m.Status == db.StatusFinished && !s.inGrace(m) {
			return forbidden("Correcting a match that finished more than " + s.cfg.CorrectionGrace.String() + " ago is for the league's owner.")
		}
		return nil
	default:
		return forbidden("A viewer token may only read.")
	}
}

// inGrace reports whether m finished recently enough for its scorers to
// correct it still.
func (s *Server) inGrace(m *db.Match) bool {
	return m.FinishedAt != nil && s.cfg.CorrectionGrace > 0 && time.Since(*m.FinishedAt) <= s.cfg.CorrectionGrace
}

// mayManageLeague: admin, or the league's owner.
func (s *Server) mayManageLeague(c echo.Context, l *db.League) error {
	t, err := requireToken(c)
	if err != nil {
		return err
	}
	if t.Role == db.RoleAdmin || t.Role == db.RoleOwner && t.LeagueID == l.ID {
		return nil
	}
	if !canReadLeague(t, l) {
		return &db.NotFoundError{Kind: "league", ID: l.ID}
	}
	return forbidden("Only the league's owner or an admin may manage it.")
}

// mayWrite: any token that may write something (not a viewer).
func mayWrite(c echo.Context) (*db.Token, error) {
	t, err := requireToken(c)
	if err != nil {
		return nil, err
	}
	if t.Role == db.RoleViewer {
		return nil, forbidden("A viewer token may only read.")
	}
	return t, nil
}

// mayCreateMatch: an admin anywhere; an owner or scorer in their league;
// outside any league, any token that may write.
func (s *Server) mayCreateMatch(c echo.Context, leagueID string) (*db.Token, error) {
	t, err := mayWrite(c)
	if err != nil {
		return nil, err
	}
	if leagueID == "" || t.Role == db.RoleAdmin {
		return t, nil
	}
	if t.LeagueID != leagueID {
		if _, err := s.readableLeague(c, leagueID); err != nil {
			return nil, err
		}
		return nil, forbidden("This token has no rights in that league.")
	}
	return t, nil
}

var kindUnauthorized = problemKind{"unauthorized", http.StatusUnauthorized, rules.T("A valid token is needed", "یک توکن معتبر لازم است")}
var kindForbidden = problemKind{"forbidden", http.StatusForbidden, rules.T("This token may not do that", "این توکن اجازهٔ این کار را ندارد")}

// mayAdminister: an admin token only.
func mayAdminister(c echo.Context, detail string) error {
	t, err := requireToken(c)
	if err != nil {
		return err
	}
	if t.Role != db.RoleAdmin {
		return forbidden(detail)
	}
	return nil
}

// writeCheck is the authorization of a write (with correction, of an undo
// or a correction) that the store asks under the match's lock, on the
// match as the write finds it (db.AppendOptions.Authorize).
func (s *Server) writeCheck(c echo.Context, correction bool) func(*db.Match) error {
	return func(m *db.Match) error { return s.mayWriteMatch(c, m, correction) }
}
