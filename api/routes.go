package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/api/web"
)

type route struct {
	method  string
	path    string
	handler echo.HandlerFunc
}

// register adds every route the server answers: the JSON API listed here,
// then the pages (the table app, the screens, their assets, the docs
// viewer and QR codes: web.Routes). openapi.yaml describes exactly these
// (a test keeps the two equal).
func (s *Server) register(e *echo.Echo) {
	for _, r := range s.routes() {
		e.Add(r.method, r.path, r.handler)
	}
	web.Register(e, web.Deps{Games: s.games, Reader: s, Store: s.store, Lang: langOf, PersianProse: faProse, PublicURL: s.cfg.PublicURL,
		Bind: func(c echo.Context, v any) error { _, err := bind(c, v); return err }})
}

// routes is the JSON API's routes.
func (s *Server) routes() []route {
	rs := []route{
		{http.MethodGet, "/healthz", s.health},
		{http.MethodGet, "/openapi.yaml", s.openAPI},

		{http.MethodGet, "/v1/games", s.listGames},
		{http.MethodPost, "/v1/games", s.createGame},
		{http.MethodGet, "/v1/games/:game", s.getGame},
		{http.MethodGet, "/v1/games/:game/rules", s.listRules},
		{http.MethodGet, "/v1/rules/:id", s.getRule},

		{http.MethodGet, "/v1/players", s.listPlayers},
		{http.MethodPost, "/v1/players", s.createPlayer},
		{http.MethodGet, "/v1/players/:id", s.getPlayer},
		{http.MethodPatch, "/v1/players/:id", s.renamePlayer},
		{http.MethodDelete, "/v1/players/:id", s.deletePlayer},
		{http.MethodPost, "/v1/players/:id/merge", s.mergePlayer},
		{http.MethodGet, "/v1/players/:id/stats", s.playerStats},

		{http.MethodGet, "/v1/leagues", s.listLeagues},
		{http.MethodPost, "/v1/leagues", s.createLeague},
		{http.MethodGet, "/v1/leagues/:id", s.getLeague},
		{http.MethodPatch, "/v1/leagues/:id", s.updateLeague},
		{http.MethodGet, "/v1/leagues/:id/standings", s.standings},
		{http.MethodGet, "/v1/leagues/:id/ratings/history", s.ratingsHistory},

		{http.MethodGet, "/v1/matches", s.listMatches},
		{http.MethodPost, "/v1/matches", s.createMatch},
		{http.MethodGet, "/v1/matches/:id", s.getMatch},
		{http.MethodPatch, "/v1/matches/:id", s.updateMatch},
		{http.MethodPost, "/v1/matches/:id/events", s.appendEvent},
		{http.MethodGet, "/v1/matches/:id/events", s.listEvents},
		{http.MethodPost, "/v1/matches/:id/undo", s.undo},
		{http.MethodPost, "/v1/matches/:id/redo", s.redo},
		{http.MethodPut, "/v1/matches/:id/events/:seq", s.replaceEvent},
		{http.MethodPost, "/v1/matches/:id/events/:seq/void", s.voidEvent},
		{http.MethodPost, "/v1/matches/:id/corrections", s.correctAll},
		{http.MethodGet, "/v1/matches/:id/export", s.exportMatch},
		{http.MethodGet, "/v1/leagues/:id/export", s.exportLeague},
		{http.MethodPost, historyRoute, s.importHistory},
		{http.MethodPost, "/v1/leagues/:id/import", s.importLeague},

		// Live streams (server-sent events).
		{http.MethodGet, "/v1/matches/:id/stream", s.matchStream},
		{http.MethodGet, "/v1/leagues/:id/stream", s.leagueStream},

		{http.MethodPost, "/v1/tokens", s.createToken},
		{http.MethodGet, "/v1/tokens", s.listTokens},
		{http.MethodGet, "/v1/me", s.me},
		{http.MethodDelete, "/v1/tokens/:id", s.revokeToken},
		{http.MethodPatch, "/v1/tokens/:id", s.relabelToken},
		{http.MethodGet, "/v1/addresses", s.addresses},
	}
	// One route per referee question of every game, so each is documented
	// and an unknown question is a plain 404.
	for _, g := range s.games.All() {
		for _, ref := range g.Referees() {
			rs = append(rs, route{http.MethodPost, "/v1/referee/" + g.Info().ID + "/" + ref.Question, s.referee(g.Info().ID, ref)})
		}
	}
	return rs
}
