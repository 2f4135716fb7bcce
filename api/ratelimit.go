package api

import (
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
	"golang.org/x/time/rate"
)

// writeLimiter limits writes (POST, PATCH, DELETE) per token and per client
// address with token buckets; a request over either limit gets 429 with
// Retry-After. Reads and the stateless referee are not limited here.
type writeLimiter struct {
	mu       sync.Mutex
	perSec   float64
	burst    int
	buckets  map[string]*bucket
	lastScan time.Time
}

type bucket struct {
	lim  *rate.Limiter
	seen time.Time
}

func newWriteLimiter(perSec float64, burst int) *writeLimiter {
	if perSec <= 0 {
		return nil
	}
	if burst <= 0 {
		burst = int(math.Max(1, perSec*2))
	}
	return &writeLimiter{perSec: perSec, burst: burst, buckets: map[string]*bucket{}, lastScan: time.Now()}
}

// reserve takes one write for key; when over the limit it returns how long
// to wait.
func (l *writeLimiter) reserve(key string, now time.Time) (time.Duration, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.lastScan) > time.Minute {
		// Forget idle clients so the map stays bounded by recent ones.
		for k, b := range l.buckets {
			if now.Sub(b.seen) > 10*time.Minute {
				delete(l.buckets, k)
			}
		}
		l.lastScan = now
	}
	b, ok := l.buckets[key]
	if !ok {
		b = &bucket{lim: rate.NewLimiter(rate.Limit(l.perSec), l.burst)}
		l.buckets[key] = b
	}
	b.seen = now
	r := b.lim.ReserveN(now, 1)
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return d, false
	}
	return 0, true
}

func isWrite(method string) bool {
	return method == http.MethodPost || method == http.MethodPatch || method == http.MethodDelete || method == http.MethodPut
}

// limitWrites applies the per-token and per-address limits to writes.
func (s *Server) limitWrites(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if !isWrite(c.Request().Method) || len(c.Path()) >= 12 && c.Path()[:12] == "/v1/referee/" {
			return next(c)
		}
		now := time.Now()
		if s.limitByToken != nil {
			if t := principal(c); t != nil {
				if d, ok := s.limitByToken.reserve("t:"+t.ID, now); !ok {
					return tooManyRequests(c, d)
				}
			}
		}
		if s.limitByAddr != nil {
			if d, ok := s.limitByAddr.reserve("a:"+c.RealIP(), now); !ok {
				return tooManyRequests(c, d)
			}
		}
		return next(c)
	}
}

func tooManyRequests(c echo.Context, wait time.Duration) error {
	secs := int(math.Ceil(wait.Seconds()))
	if secs < 1 {
		secs = 1
	}
	c.Response().Header().Set("Retry-After", strconv.Itoa(secs))
	return kindTooMany.problem(langOf(c), "Too many writes; retry after "+strconv.Itoa(secs)+" s.")
}
