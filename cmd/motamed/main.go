// Command motamed serves the Motamed API: table-companion scoring and
// refereeing for physical tabletop games, stored in SQLite (one site) or
// PostgreSQL (several instances sharing one database).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime"
	"runtime/pprof"
	"strings"
	"syscall"
	"time"

	"github.com/motamed/motamed"
	"github.com/motamed/motamed/api"
	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules/all"
)

// onListen, when set (by tests), is told the address the server listens on.
var onListen func(addr string)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "motamed:", err)
		os.Exit(1)
	}
}

// config is every setting, from flags with MOTAMED_* environment defaults.
type config struct {
	addr            string
	dbPath          string
	logLevel        string
	logFormat       string
	bodyLimit       string
	requestTimeout  time.Duration
	importTimeout   time.Duration
	importBodyLimit string
	shutdownTimeout time.Duration
	cacheSize       int
	cacheBytes      int64
	snapshotEvery   int64
	synchronous     string
	writesPerSecond float64
	correctionGrace time.Duration
	streamsPerToken int
	streamsPerIP    int
	keyTTL          time.Duration
	cpuProfile      string
	memProfile      string
	memoryLimit     string
	tlsCert         string
	tlsKey          string
	trustedProxies  []*net.IPNet
	publicURL       string
}

func parseFlags(args []string, stderr io.Writer) (config, error) {
	var cfg config
	fs := flag.NewFlagSet("motamed", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&cfg.addr, "addr", env("MOTAMED_ADDR", "127.0.0.1:8080"), "listen address (MOTAMED_ADDR)")
	fs.StringVar(&cfg.tlsCert, "tls-cert", env("MOTAMED_TLS_CERT", ""), "serve HTTPS with this PEM certificate (with --tls-key; motamed cert makes one for a local network) (MOTAMED_TLS_CERT)")
	fs.StringVar(&cfg.tlsKey, "tls-key", env("MOTAMED_TLS_KEY", ""), "the PEM private key of --tls-cert (MOTAMED_TLS_KEY)")
	fs.StringVar(&cfg.dbPath, "db", env("MOTAMED_DB", "motamed.db"), "the database: a SQLite file (or sqlite:FILE), created on first start, or a postgres:// URL (MOTAMED_DB)")
	fs.StringVar(&cfg.logLevel, "log-level", env("MOTAMED_LOG_LEVEL", "info"), "debug, info, warn or error (MOTAMED_LOG_LEVEL)")
	fs.StringVar(&cfg.logFormat, "log-format", env("MOTAMED_LOG_FORMAT", "text"), "text or json (MOTAMED_LOG_FORMAT)")
	fs.StringVar(&cfg.bodyLimit, "body-limit", env("MOTAMED_BODY_LIMIT", "1M"), "largest request body accepted (MOTAMED_BODY_LIMIT)")
	fs.DurationVar(&cfg.requestTimeout, "request-timeout", envDuration("MOTAMED_REQUEST_TIMEOUT", 10*time.Second), "deadline for each request (MOTAMED_REQUEST_TIMEOUT)")
	fs.DurationVar(&cfg.importTimeout, "import-timeout", envDuration("MOTAMED_IMPORT_TIMEOUT", 2*time.Minute), "deadline for a BG Stats import, all or nothing (MOTAMED_IMPORT_TIMEOUT)")
	fs.StringVar(&cfg.importBodyLimit, "import-body-limit", env("MOTAMED_IMPORT_BODY_LIMIT", "32M"), "largest BG Stats export an import accepts (MOTAMED_IMPORT_BODY_LIMIT)")
	fs.DurationVar(&cfg.shutdownTimeout, "shutdown-timeout", envDuration("MOTAMED_SHUTDOWN_TIMEOUT", 15*time.Second), "how long shutdown waits for in-flight requests (MOTAMED_SHUTDOWN_TIMEOUT)")
	fs.IntVar(&cfg.cacheSize, "cache-size", envInt("MOTAMED_CACHE_SIZE", 16384), "match states kept in memory (MOTAMED_CACHE_SIZE)")
	fs.Int64Var(&cfg.snapshotEvery, "snapshot-every", int64(envInt("MOTAMED_SNAPSHOT_EVERY", 256)), "store a match's state every this many events and at its end, so that a state not in memory folds at most this many events; a state over 256 KB is stored half as often for each doubling of its size (MOTAMED_SNAPSHOT_EVERY)")
	fs.Int64Var(&cfg.cacheBytes, "cache-bytes", int64(envInt("MOTAMED_CACHE_BYTES", 128<<20)), "at most this many bytes (as estimated) of match states kept in memory; finished matches keep a tenth of it; a state that left is read from its latest snapshot (MOTAMED_CACHE_BYTES)")
	fs.StringVar(&cfg.synchronous, "synchronous", env("MOTAMED_SYNCHRONOUS", "FULL"), "SQLite synchronous mode: FULL (durable on power loss) or NORMAL; PostgreSQL keeps its own (MOTAMED_SYNCHRONOUS)")
	fs.StringVar(&cfg.memoryLimit, "memory-limit", env("MOTAMED_MEMORY_LIMIT", defaultMemoryLimit), "soft limit of the Go heap, e.g. 100MiB or 1GB; the collector works harder near it, so raise it with larger caches; off for none; GOMEMLIMIT, when set, wins (MOTAMED_MEMORY_LIMIT)")
	fs.StringVar(&cfg.cpuProfile, "cpuprofile", "", "write a CPU profile of the whole run to this file (for performance work)")
	fs.StringVar(&cfg.memProfile, "memprofile", "", "write a heap profile to this file at shutdown, before the caches are let go (for performance work)")
	fs.DurationVar(&cfg.keyTTL, "idempotency-ttl", envDuration("MOTAMED_IDEMPOTENCY_TTL", db.DefaultKeyTTL), "how long an Idempotency-Key is remembered; negative keeps keys forever (MOTAMED_IDEMPOTENCY_TTL)")
	fs.DurationVar(&cfg.correctionGrace, "correction-grace", envDuration("MOTAMED_CORRECTION_GRACE", 10*time.Minute), "how long after a match finished its scorers may still correct it; the owner always may; 0 for none (MOTAMED_CORRECTION_GRACE)")
	fs.Float64Var(&cfg.writesPerSecond, "writes-per-second", envFloat("MOTAMED_WRITES_PER_SECOND", 100), "write limit per token and per client address; negative turns it off (MOTAMED_WRITES_PER_SECOND)")
	fs.IntVar(&cfg.streamsPerToken, "max-streams-per-token", envInt("MOTAMED_MAX_STREAMS_PER_TOKEN", 100), "live streams open at once with one token; negative turns the limit off (MOTAMED_MAX_STREAMS_PER_TOKEN)")
	fs.IntVar(&cfg.streamsPerIP, "max-streams-per-ip", envInt("MOTAMED_MAX_STREAMS_PER_IP", 300), "live streams open at once from one client address; negative turns the limit off (MOTAMED_MAX_STREAMS_PER_IP)")
	proxies := fs.String("trusted-proxies", env("MOTAMED_TRUSTED_PROXIES", ""), "reverse proxies whose X-Forwarded-For names the client, as addresses or CIDR ranges separated by commas (e.g. 127.0.0.1/32); from any other peer the connection's address is the client's (MOTAMED_TRUSTED_PROXIES)")
	fs.StringVar(&cfg.publicURL, "public-url", env("MOTAMED_PUBLIC_URL", ""), "the address phones reach this server at (e.g. http://192.168.1.20:8080), which table QR codes encode; without it the owner chooses among the addresses it listens on (MOTAMED_PUBLIC_URL)")
	if err := fs.Parse(args); err != nil {
		return cfg, err
	}
	var err error
	if cfg.publicURL, err = api.ParsePublicURL(cfg.publicURL); err != nil {
		return cfg, err
	}
	if cfg.trustedProxies, err = parseProxies(*proxies); err != nil {
		return cfg, err
	}
	if cfg.correctionGrace < 0 {
		return cfg, fmt.Errorf("--correction-grace %s: it cannot be negative; use 0 for no grace (only the league's owner corrects a finished match) or a duration such as 10m", cfg.correctionGrace)
	}
	if fs.NArg() > 0 {
		return cfg, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if (cfg.tlsCert == "") != (cfg.tlsKey == "") {
		return cfg, errors.New("--tls-cert and --tls-key go together")
	}
	return cfg, nil
}

func newLogger(cfg config, w io.Writer) (*slog.Logger, error) {
	var level slog.Level
	if err := level.UnmarshalText([]byte(cfg.logLevel)); err != nil {
		return nil, fmt.Errorf("log level %q: use debug, info, warn or error", cfg.logLevel)
	}
	opts := &slog.HandlerOptions{Level: level}
	switch strings.ToLower(cfg.logFormat) {
	case "text":
		return slog.New(slog.NewTextHandler(w, opts)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(w, opts)), nil
	default:
		return nil, fmt.Errorf("log format %q: use text or json", cfg.logFormat)
	}
}

// usage is printed by `motamed help`.
const usage = `motamed serves the Motamed API and looks after its database.

  motamed [serve] [flags]          serve HTTP (see motamed serve -h for flags)
  motamed backup --out FILE        copy a live SQLite database consistently
  motamed restore --from FILE      put a backup in place of a SQLite database (refused while a server runs on it)
  motamed cert --host 192.168.1.10 make a self-signed TLS certificate for the local network
  motamed check                    verify a database: integrity, and every match replays to what is stored
  motamed migrate                  apply the database's migrations and exit (refused while a server runs on it)
  motamed copy --from sqlite:FILE --to postgres://...
                                   copy a database's contents into an empty one, then replay every match on it

  --db (or MOTAMED_DB) chooses the database and its engine: a file path or
  sqlite:FILE for SQLite, a postgres:// or postgresql:// URL for PostgreSQL.
`

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		switch args[0] {
		case "serve":
			return serve(ctx, args[1:], stdout, stderr)
		case "backup":
			return runBackup(ctx, args[1:], stdout, stderr)
		case "restore":
			return runRestore(ctx, args[1:], stdout, stderr)
		case "cert":
			return runCert(args[1:], stdout, stderr)
		case "check":
			return runCheck(ctx, args[1:], stdout, stderr)
		case "migrate":
			return runMigrate(ctx, args[1:], stdout, stderr)
		case "copy":
			return runCopy(ctx, args[1:], stdout, stderr)
		case "help", "-h", "--help":
			fmt.Fprint(stdout, usage)
			return nil
		}
	}
	return serve(ctx, args, stdout, stderr)
}

func serve(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	cfg, err := parseFlags(args, stderr)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	setProcs()
	setGCPercent()
	if _, err := setMemoryLimit(cfg.memoryLimit); err != nil {
		return err
	}
	log, err := newLogger(cfg, stderr)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	if cfg.cpuProfile != "" {
		f, err := os.Create(cfg.cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}

	tlsConf, err := loadTLS(cfg)
	if err != nil {
		return err
	}
	games := all.Registry()
	// The lock says to the maintenance commands that the database is in
	// use; it is let go last, after the store is closed.
	inUse, err := db.HoldForServing(ctx, cfg.dbPath, log)
	if err != nil {
		return err
	}
	defer inUse.Release() //nolint:errcheck // the lock ends with the process too
	store, err := db.Open(ctx, db.Config{DSN: cfg.dbPath, CacheSize: cfg.cacheSize, CacheBytes: cfg.cacheBytes, SnapshotEvery: cfg.snapshotEvery, Synchronous: strings.ToUpper(cfg.synchronous), KeyTTL: cfg.keyTTL, Logger: log}, games)
	if err != nil {
		return err
	}
	go warnGrandfathered(ctx, store, log) // replays old matches: serving need not wait
	if err := bootstrapAdmin(ctx, store, cfg.dbPath, stdout, log); err != nil {
		store.Close()
		return err
	}
	apiCfg := api.Config{BodyLimit: cfg.bodyLimit, RequestTimeout: cfg.requestTimeout, ImportTimeout: cfg.importTimeout, ImportBodyLimit: cfg.importBodyLimit, OpenAPI: motamed.OpenAPI,
		WritesPerSecond: cfg.writesPerSecond, StreamsPerToken: cfg.streamsPerToken, StreamsPerAddress: cfg.streamsPerIP, CorrectionGrace: grace(cfg.correctionGrace), TrustedProxies: cfg.trustedProxies, PublicURL: cfg.publicURL, ListenAddr: cfg.addr, Logger: log}
	if peers := store.Peers(); peers != nil {
		// Several instances may share the PostgreSQL database: they share
		// their changes and count the write limits together.
		apiCfg.Peers, apiCfg.SharedLimits = peers, peers
	}
	handler := api.New(apiCfg, store, games)
	srv := &http.Server{
		Addr:              cfg.addr,
		Handler:           handler,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      cfg.requestTimeout + 20*time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
		TLSConfig:         tlsConf,
	}
	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		store.Close()
		return fmt.Errorf("listen: %w", err)
	}
	addr := ln.Addr().String()
	serveErr := make(chan error, 1)
	scheme := "http://"
	if tlsConf != nil {
		scheme = "https://"
		go func() { serveErr <- srv.ServeTLS(ln, "", "") }()
	} else {
		go func() { serveErr <- srv.Serve(ln) }()
	}
	log.Info("motamed serving", "addr", scheme+addr, "db", db.Redact(cfg.dbPath), "engine", store.Engine(), "docs", scheme+addr+"/docs")
	if onListen != nil {
		onListen(addr)
	}

	select {
	case err := <-serveErr:
		store.Close()
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	log.Info("shutting down: finishing in-flight requests")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.shutdownTimeout)
	defer cancel()
	errShutdown := srv.Shutdown(shutdownCtx)
	if cfg.memProfile != "" {
		writeHeapProfile(cfg.memProfile, handler, store, log)
	}
	errClose := store.Close()
	if err := errors.Join(errShutdown, errClose); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	log.Info("stopped cleanly")
	return nil
}

// grace is the --correction-grace for api.Config, where 0 means the
// default: the flag's 0 (none) is a negative value there.
func grace(d time.Duration) time.Duration {
	if d == 0 {
		return -1
	}
	return d
}

// parseProxies reads --trusted-proxies: addresses (one host each) or CIDR
// ranges, separated by commas.
func parseProxies(list string) ([]*net.IPNet, error) {
	var out []*net.IPNet
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if !strings.Contains(item, "/") {
			ip := net.ParseIP(item)
			if ip == nil {
				return nil, fmt.Errorf("--trusted-proxies: %q is neither an address nor a CIDR range", item)
			}
			bits := 128
			if ip.To4() != nil {
				ip, bits = ip.To4(), 32
			}
			out = append(out, &net.IPNet{IP: ip, Mask: net.CIDRMask(bits, bits)})
			continue
		}
		_, n, err := net.ParseCIDR(item)
		if err != nil {
			return nil, fmt.Errorf("--trusted-proxies: %q is neither an address nor a CIDR range", item)
		}
		out = append(out, n)
	}
	return out, nil
}

func statFile(path string) (os.FileInfo, error) { return os.Stat(path) }

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func envDuration(key string, def time.Duration) time.Duration {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		if d, err := time.ParseDuration(v); err == nil {
			return d
		}
		fmt.Fprintf(os.Stderr, "motamed: ignoring %s=%q: not a duration\n", key, v)
	}
	return def
}

func envFloat(key string, def float64) float64 {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		var f float64
		if _, err := fmt.Sscan(v, &f); err == nil {
			return f
		}
		fmt.Fprintf(os.Stderr, "motamed: ignoring %s=%q: not a number\n", key, v)
	}
	return def
}

func envInt(key string, def int) int {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		var n int
		if _, err := fmt.Sscan(v, &n); err == nil {
			return n
		}
		fmt.Fprintf(os.Stderr, "motamed: ignoring %s=%q: not a number\n", key, v)
	}
	return def
}

// writeHeapProfile writes the live heap (after a collection) to path; the
// server's handler and store are arguments so that their caches are alive
// while it is written.
func writeHeapProfile(path string, handler http.Handler, store *db.Store, log *slog.Logger) {
	f, err := os.Create(path)
	if err != nil {
		log.Error("heap profile", "err", err)
		return
	}
	defer f.Close()
	runtime.GC()
	if err := pprof.WriteHeapProfile(f); err != nil {
		log.Error("heap profile", "err", err)
	}
	runtime.KeepAlive(handler)
	runtime.KeepAlive(store)
}
