// Package api is Motamed's HTTP interface: echo handlers, the routes in one
// list, request and response shapes, and one function that maps every error
// to an RFC 9457 problem.
package api

import (
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
)

// Config tunes the HTTP layer. Zero values mean the defaults.
type Config struct {
	// BodyLimit caps request bodies (echo size syntax, default "1M").
	BodyLimit string
	// RequestTimeout bounds each request's context (default 10s).
	RequestTimeout time.Duration
	// ImportTimeout and ImportBodyLimit are the deadline and the body limit
	// of POST /v1/leagues/{id}/import instead (defaults 2m and "32M"): a
	// BG Stats export of a cafe's history (10,000 plays, about 5 MB) comes
	// in with one request, and an import is all or nothing.
	ImportTimeout   time.Duration
	ImportBodyLimit string
	// OpenAPI is the contract served at /openapi.yaml.
	OpenAPI []byte
	// WritesPerSecond limits writes per token and, separately, per client
	// address (token buckets with a burst of twice the rate). 0 means the
	// default of 100; a negative value turns the limits off.
	WritesPerSecond float64
	// CorrectionGrace is how long after a match finished its league's
	// scorers may still correct it (the owner always may): 0 means the
	// default of 10 minutes, a negative value none.
	CorrectionGrace time.Duration
	// StreamsPerToken and StreamsPerAddress cap the live streams open at
	// once with one token and from one client address. 0 means the
	// defaults (100 and 300); a negative value turns the limit off.
	StreamsPerToken, StreamsPerAddress int
	// PublicURL is the address phones reach the server at, which table QR
	// codes encode ("" when not set: the owner picks one of the listening
	// addresses). ListenAddr is the address the server listens on.
	PublicURL, ListenAddr string
	// Peers, on a database several instances share, carries their changes
	// between them; nil when this process is the only one.
	Peers Peers
	// SharedLimits, when set, counts the write limits where every instance
	// counts them.
	SharedLimits SharedLimits
	// TrustedProxies are the reverse proxies whose X-Forwarded-For names
	// the client; from any other peer the connection's address is the
	// client's (see clientAddress).
	TrustedProxies []*net.IPNet
	Logger         *slog.Logger
}

// Server holds what the handlers share. Its handlers use the store as it
// is; where a part needs a few of its methods only (the standings, an
// import), that part declares them.
type Server struct {
	store   *db.Store
	imports imports
	games   *rules.Registry
	cfg     Config
	log     *slog.Logger
	rules   *ruleIndex
	leagues *leagueBook
	tokens  *tokenCache
	// tokenUse paces the writes of tokens' last use.
	tokenUse *tokenUse
	hub      *hub
	streams  *streamBook
	peers    Peers
	outage   *outage

	limitByToken, limitByAddr *writeLimiter
	// writeClock is the write limits' clock: time.Now, or a stopped one in
	// a test that counts writes against a bucket that must not refill.
	writeClock func() time.Time
}

// New builds the echo instance with every route and middleware.
func New(cfg Config, store *db.Store, games *rules.Registry) *echo.Echo {
	e, _ := buildServer(cfg, store, games)
	return e
}

func buildServer(cfg Config, store *db.Store, games *rules.Registry) (*echo.Echo, *Server) {
	if cfg.BodyLimit == "" {
		cfg.BodyLimit = "1M"
	}
	if cfg.RequestTimeout <= 0 {
		cfg.RequestTimeout = 10 * time.Second
	}
	if cfg.ImportTimeout <= 0 {
		cfg.ImportTimeout = 2 * time.Minute
	}
	if cfg.ImportBodyLimit == "" {
		cfg.ImportBodyLimit = "32M"
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.WritesPerSecond == 0 {
		cfg.WritesPerSecond = 100
	}
	if cfg.CorrectionGrace == 0 {
		cfg.CorrectionGrace = 10 * time.Minute
	}
	s := &Server{streams: newStreamBook(orDefault(cfg.StreamsPerToken, 100), orDefault(cfg.StreamsPerAddress, 300)),
		store: store, imports: store, games: games, cfg: cfg, log: cfg.Logger, rules: newRuleIndex(games), leagues: newLeagueBook(store), hub: newHub(), outage: newOutage(),
		tokens: newTokenCache(30 * time.Second), tokenUse: newTokenUse(), limitByToken: newWriteLimiter(cfg.WritesPerSecond, 0), limitByAddr: newWriteLimiter(cfg.WritesPerSecond, 0),
		writeClock: time.Now}
	if cfg.SharedLimits != nil {
		for _, l := range []*writeLimiter{s.limitByToken, s.limitByAddr} {
			if l != nil {
				l.shared = cfg.SharedLimits
			}
		}
	}
	if cfg.Peers != nil {
		s.follow(cfg.Peers)
	}
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.HTTPErrorHandler = s.handleError
	e.IPExtractor = clientAddress(cfg.TrustedProxies)
	s.middleware(e)
	s.register(e)
	return e, s
}

// orDefault is n, def when n is 0, and 0 (no limit) when n is negative.
func orDefault(n, def int) int {
	switch {
	case n == 0:
		return def
	case n < 0:
		return 0
	}
	return n
}

// ErrorHandler exposes the problem writer for callers outside echo's chain.
func (s *Server) writeJSON(c echo.Context, status int, v any) error {
	return c.JSON(status, v)
}

// health answers liveness.
func (s *Server) health(c echo.Context) error {
	return s.writeJSON(c, http.StatusOK, Health{Status: "ok"})
}

// Health is the liveness answer.
type Health struct {
	Status string `json:"status"`
}
