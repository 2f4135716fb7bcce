package db

import (
	"bytes"
	"context"
	"fmt"

	"github.com/motamed/motamed/rules"
)

// VerifyCache replays every cached match from the database and reports any
// whose cached state, version or status differs from the replay. The cache
// exists only to skip replays; this proves it never changes an answer.
func (s *Store) VerifyCache(ctx context.Context) error {
	cached := s.cache.all()
	for _, m := range cached {
		replayed, _, err := s.loadMatch(ctx, nil, m.ID, -1)
		if err != nil {
			return fmt.Errorf("match %s: %w", m.ID, err)
		}
		if replayed.Version < m.Version {
			return fmt.Errorf("match %s: cached version %d is ahead of the database's %d", m.ID, m.Version, replayed.Version)
		}
		if replayed.Version > m.Version {
			continue // a write landed after we copied the cache
		}
		a, err := rules.Fingerprint(m.State)
		if err != nil {
			return err
		}
		b, err := rules.Fingerprint(replayed.State)
		if err != nil {
			return err
		}
		if !bytes.Equal(a, b) || m.Status != replayed.Status {
			return fmt.Errorf("match %s v%d: cached state differs from the replayed one:\n%s\n%s", m.ID, m.Version, a, b)
		}
	}
	return nil
}
