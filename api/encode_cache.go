package api

import (
	"encoding/json"
	"sync"

	"github.com/motamed/motamed/db"
)

// encodeCache keeps the JSON of the latest version of recently served
// matches: a match's state and score rows are the bulk of every match body,
// and a version never changes once made, so each is encoded once and then
// reused by every read, stream and page of that version.
type encodeCache struct {
	mu    sync.Mutex
	max   int
	items map[string]*encodedMatch
}

type encodedMatch struct {
	version int64
	state   json.RawMessage
	rounds  json.RawMessage
}

func newEncodeCache(max int) *encodeCache {
	return &encodeCache{max: max, items: make(map[string]*encodedMatch, max)}
}

// encoded returns the JSON of m's state and score rows.
func (c *encodeCache) encoded(m *db.Match) (state, rounds json.RawMessage, err error) {
	c.mu.Lock()
	e, ok := c.items[m.ID]
	c.mu.Unlock()
	if ok && e.version == m.Version {
		return e.state, e.rounds, nil
	}
	if state, err = json.Marshal(m.State); err != nil {
		return nil, nil, err
	}
	if rounds, err = json.Marshal(m.State.Scores().Rounds); err != nil {
		return nil, nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if cur, ok := c.items[m.ID]; !ok || cur.version < m.Version {
		if !ok && len(c.items) >= c.max {
			for k := range c.items { // drop an arbitrary entry: cheap and bounded
				delete(c.items, k)
				break
			}
		}
		c.items[m.ID] = &encodedMatch{version: m.Version, state: state, rounds: rounds}
	}
	return state, rounds, nil
}
