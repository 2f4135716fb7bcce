package api

import (
	"container/list"
	"context"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
	"golang.org/x/time/rate"

	"github.com/motamed/motamed/db"
)

// writeLimiter limits writes (POST, PUT, PATCH, DELETE) per token and per
// client address with token buckets (the rate per second, and a burst of
// twice that); a request over either limit gets 429 with Retry-After. Every
// limited write's answer carries RateLimit-Policy and RateLimit (the IETF
// httpapi rate-limit headers draft), so an importer can pace itself. Reads,
// the stateless referee and the admin token are not limited.
type writeLimiter struct {
	// shared, when set, counts the writes where every instance of the
	// database counts them; this limiter's own buckets then serve only
	// when it fails.
	shared SharedLimits

	mu      sync.Mutex
	perSec  float64
	burst   int
	buckets map[string]*list.Element // of *bucket; front: used last
	lru     *list.List
	max     int
}

// maxBuckets bounds the clients (tokens, or addresses) a limiter tracks:
// about 300 bytes each, so at most about 3 MB however many addresses
// write. Past it the client idle longest is forgotten; forgotten, a client
// starts again with a full bucket, which only ever lets it write more.
const maxBuckets = 10000

// bucketIdle is how long an unused bucket is kept: by then it is full
// again, so forgetting it changes nothing.
const bucketIdle = 10 * time.Minute

type bucket struct {
	key  string
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
	return &writeLimiter{perSec: perSec, burst: burst, buckets: map[string]*list.Element{}, lru: list.New(), max: maxBuckets}
}

// bucketFor returns key's bucket, made if needed, marked used at now; it
// forgets idle buckets, and the longest idle one when there are max.
// Called with mu held.
func (l *writeLimiter) bucketFor(key string, now time.Time) *bucket {
	for back := l.lru.Back(); back != nil && now.Sub(back.Value.(*bucket).seen) > bucketIdle; back = l.lru.Back() {
		l.forget(back)
	}
	if el, ok := l.buckets[key]; ok {
		l.lru.MoveToFront(el)
		b := el.Value.(*bucket)
		b.seen = now
		return b
	}
	if len(l.buckets) >= l.max {
		l.forget(l.lru.Back())
	}
	b := &bucket{key: key, lim: rate.NewLimiter(rate.Limit(l.perSec), l.burst), seen: now}
	l.buckets[key] = l.lru.PushFront(b)
	return b
}

func (l *writeLimiter) forget(el *list.Element) {
	l.lru.Remove(el)
	delete(l.buckets, el.Value.(*bucket).key)
}

// tracked is how many clients the limiter holds buckets for.
func (l *writeLimiter) tracked() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.buckets)
}

// SharedLimits counts writes against a limit in storage that every instance
// shares (PostgreSQL), so that one client has one limit however many
// instances serve it.
type SharedLimits interface {
	// Take counts one write of key against perSecond writes a second with
	// bursts of burst: whether it is allowed, how long to wait when it is
	// not, and how many writes the bucket holds now.
	Take(ctx context.Context, key string, perSecond float64, burst int) (ok bool, wait time.Duration, left float64, err error)
}

// reserve takes one write for key; when over the limit it returns how long
// to wait. left is the writes left in the bucket afterwards.
func (l *writeLimiter) reserve(ctx context.Context, key string, now time.Time) (wait time.Duration, left float64, ok bool) {
	if l.shared != nil {
		if ok, wait, left, err := l.shared.Take(ctx, key, l.perSec, l.burst); err == nil {
			return wait, left, ok
		}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.bucketFor(key, now)
	r := b.lim.ReserveN(now, 1)
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return d, math.Max(0, b.lim.TokensAt(now)), false
	}
	return 0, math.Max(0, b.lim.TokensAt(now)), true
}

// policy is this limiter's RateLimit-Policy item: a quota of burst writes
// over the window the bucket takes to refill from empty.
func (l *writeLimiter) policy(name string) string {
	return fmt.Sprintf("%q;q=%d;w=%d", name, l.burst, l.window())
}

func (l *writeLimiter) window() int {
	return int(math.Max(1, math.Ceil(float64(l.burst)/l.perSec)))
}

// state is this limiter's RateLimit item: the writes left and the seconds
// until the bucket is full again.
func (l *writeLimiter) state(name string, left float64) string {
	reset := int(math.Ceil((float64(l.burst) - left) / l.perSec))
	return fmt.Sprintf("%q;r=%d;t=%d", name, int(math.Floor(left)), reset)
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
		t := principal(c)
		if t != nil && t.Role == db.RoleAdmin {
			return next(c)
		}
		now := s.writeClock()
		var policies, states []string
		check := func(l *writeLimiter, name, key string) (time.Duration, bool) {
			if l == nil {
				return 0, true
			}
			d, left, ok := l.reserve(c.Request().Context(), key, now)
			policies, states = append(policies, l.policy(name)), append(states, l.state(name, left))
			return d, ok
		}
		d, ok := time.Duration(0), true
		if t != nil {
			d, ok = check(s.limitByToken, "token", "t:"+t.ID)
		}
		if ok {
			d, ok = check(s.limitByAddr, "address", "a:"+c.RealIP())
		}
		if len(policies) > 0 {
			h := c.Response().Header()
			h.Set("RateLimit-Policy", strings.Join(policies, ", "))
			h.Set("RateLimit", strings.Join(states, ", "))
		}
		if !ok {
			return tooManyRequests(c, d)
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
