package db

import (
	"container/list"
	"hash/fnv"
	"sync"
)

// stateCache keeps the latest *Match (with its folded state) of recently
// used matches, least recently used first out. Entries are immutable, so a
// reader may keep one after it is evicted or replaced.
type stateCache struct {
	mu    sync.Mutex
	max   int
	ll    *list.List
	items map[string]*list.Element
}

func newStateCache(max int) *stateCache {
	return &stateCache{max: max, ll: list.New(), items: make(map[string]*list.Element, max)}
}

func (c *stateCache) get(id string) (*Match, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[id]; ok {
		c.ll.MoveToFront(el)
		return el.Value.(*Match), true
	}
	return nil, false
}

func (c *stateCache) put(m *Match) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[m.ID]; ok {
		// Never let an older version replace a newer one.
		if el.Value.(*Match).Version <= m.Version {
			el.Value = m
		}
		c.ll.MoveToFront(el)
		return
	}
	c.items[m.ID] = c.ll.PushFront(m)
	for c.ll.Len() > c.max {
		last := c.ll.Back()
		c.ll.Remove(last)
		delete(c.items, last.Value.(*Match).ID)
	}
}

func (c *stateCache) drop(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[id]; ok {
		c.ll.Remove(el)
		delete(c.items, id)
	}
}

func (c *stateCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ll.Len()
}

// matchLocks serialises writes to one match without a lock per match ever
// being created or evicted: a match ID hashes to one of a fixed set of
// mutexes. Two matches may share a stripe; that only costs a little waiting.
type matchLocks [1024]sync.Mutex

func (l *matchLocks) of(id string) *sync.Mutex {
	h := fnv.New32a()
	_, _ = h.Write([]byte(id))
	return &l[h.Sum32()%uint32(len(l))]
}
