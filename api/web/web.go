// Package web is Motamed's pages: the table app, the TV screens (a match's
// scoreboard, a league's standings, the rotation), the tables' QR sheet and
// the documentation viewer, with their templates and embedded assets. It
// reads through the few functions Deps hands it, never the JSON handlers:
// the pages show the same match body the API serves, and their scripts
// follow the API's streams.
package web

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/scoring"
)

// Reader is what the pages read, in the rights of the request's caller: a
// match or league the caller may not read is a *db.NotFoundError.
type Reader interface {
	// ReadMatch is the match's body as GET /v1/matches/{id} answers it in
	// lang, and its log.
	ReadMatch(c echo.Context, id, lang string) (json.RawMessage, []db.Event, error)
	ReadLeague(c echo.Context, id string) (*db.League, error)
	// Standings is a league's table and each player's rating history.
	Standings(ctx context.Context, leagueID string) (scoring.Standings, map[string][]scoring.HistoryPoint, error)
	// RuleEntry is a rule of any game by its ID.
	RuleEntry(id string) (rules.RuleEntry, bool)
}

// InPlayStore lists a league's matches being played now, with their seats.
type InPlayStore interface {
	LeagueMatchesInPlay(ctx context.Context, leagueID string) ([]db.InPlay, error)
	GetMatch(ctx context.Context, id string) (*db.Match, error)
}

// Deps is what the pages need from the rest of the server.
type Deps struct {
	Games  *rules.Registry
	Reader Reader
	Store  InPlayStore
	// Lang is the request's language, "en" or "fa".
	Lang func(echo.Context) string
	// PersianProse writes the digits of a sentence in Persian.
	PersianProse func(string) string
	// Bind reads and validates a JSON request body, or answers why not.
	Bind func(c echo.Context, v any) error
	// PublicURL is the address phones reach the server at ("" when not
	// given): a public league's screen shows a code for it.
	PublicURL string
}

type pages struct {
	Deps
	qr *qrCache
}

// Route is one route the pages answer.
type Route struct {
	Method, Path string
	Handler      echo.HandlerFunc
}

// Routes are the pages' routes.
func Routes(d Deps) []Route {
	s := &pages{Deps: d, qr: newQRCache(qrCacheSize)}
	return []Route{
		{http.MethodGet, "/", s.tableApp},
		{http.MethodGet, "/docs", s.docsRedirect},
		{http.MethodGet, "/docs/*", s.docsFile},
		{http.MethodGet, "/matches/:id", s.matchPage},
		{http.MethodGet, "/leagues/:id", s.leaguePage},
		{http.MethodGet, "/leagues/:id/tables", s.tablesPage},
		{http.MethodGet, "/leagues/:id/rotation", s.rotationPage},
		{http.MethodGet, "/assets/*", s.asset},
		{http.MethodGet, "/assets/rules.wasm", s.rulesModule},
		{http.MethodGet, "/sw.js", s.serviceWorker},
		{http.MethodGet, "/manifest.webmanifest", s.webManifest},
		{http.MethodPost, "/v1/qr", s.qrCode},
	}
}

// Register adds the pages' routes to e.
func Register(e *echo.Echo, d Deps) {
	for _, r := range Routes(d) {
		e.Add(r.Method, r.Path, r.Handler)
	}
}

// AssetVersion is the assets' fingerprint, in their URLs (?v=).
func AssetVersion() string { return assetVersion }

// matchBody is the part of a match's body (GET /v1/matches/{id}) the
// pages draw without their script.
type matchBody struct {
	ID       string          `json:"id"`
	Game     string          `json:"game"`
	LeagueID *string         `json:"league_id"`
	Status   string          `json:"status"`
	Players  []seatBody      `json:"players"`
	Options  json.RawMessage `json:"options"`
	Version  int64           `json:"version"`
	Next     string          `json:"next"`
	State    any             `json:"state"`
	Scores   struct {
		Totals map[string]int `json:"totals"`
		Rounds any            `json:"rounds"`
	} `json:"scores"`
	Result *rules.Result `json:"result"`
	// Source, PlayedAt and Location say where an imported match came from
	// and when and where it was played.
	Source   *string `json:"source"`
	PlayedAt *string `json:"played_at"`
	Location *string `json:"location"`
}

type seatBody struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// mustJSON is v in JSON, or {} when it has none.
func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		return []byte(`{}`)
	}
	return b
}
