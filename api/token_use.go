package api

import (
	"context"
	"sync"
	"time"

	"github.com/motamed/motamed/db"
)

// tokenUse decides when a token's last use is written: at most once per
// db.TokenUseGranularity per token and process, so a table sending a
// hundred events a minute costs one small write a minute, not a hundred.
// The map holds one entry per token used since start (a few hundred at a
// cafe); entries older than the granularity are dropped as it grows.
type tokenUse struct {
	mu      sync.Mutex
	written map[string]time.Time
}

func newTokenUse() *tokenUse { return &tokenUse{written: map[string]time.Time{}} }

// due reports whether a use of id at now should be written, and if so
// counts it as written.
func (u *tokenUse) due(id string, now time.Time) bool {
	u.mu.Lock()
	defer u.mu.Unlock()
	if last, ok := u.written[id]; ok && now.Sub(last) < db.TokenUseGranularity {
		return false
	}
	if len(u.written) >= 4096 {
		for k, t := range u.written {
			if now.Sub(t) >= db.TokenUseGranularity {
				delete(u.written, k)
			}
		}
	}
	u.written[id] = now
	return true
}

// noteTokenUse records that t was used now, when due. A failed write is
// logged and the request goes on: the last use is a help to the owner,
// not something a request depends on.
func (s *Server) noteTokenUse(ctx context.Context, t *db.Token) {
	now := time.Now()
	if !s.tokenUse.due(t.ID, now) {
		return
	}
	if err := s.store.TouchToken(ctx, t.ID, now); err != nil {
		s.log.Debug("token last use not stored", "token", t.ID, "err", err)
	}
}
