package db

import (
	"container/list"
	"hash/fnv"
	"sync"
)

// stateCache keeps the latest *Match (with its folded state) of recently
// used matches, least recently used first out. Entries are immutable, so a
// reader may keep one after it is evicted or replaced.
//
// It is bounded twice: by matches, and by the events those matches' logs
// hold, since a state grows with its match (a late Munchkin game's history
// weighs a hundred times an opening's). Finished matches are kept at the
// cold end: tables go on to new matches, and a finished one is read now and
// then but seldom written, so it is the first to go.
type stateCache struct {
	mu        sync.Mutex
	max       int
	maxEvents int64
	events    int64
	ll        *list.List
	items     map[string]*list.Element
}

func newStateCache(max int, maxEvents int64) *stateCache {
	return &stateCache{max: max, maxEvents: maxEvents, ll: list.New(), items: make(map[string]*list.Element, max)}
}

// weight is what an entry counts against maxEvents.
func weight(m *Match) int64 { return max(1, m.Version) }

func (c *stateCache) get(id string) (*Match, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[id]; ok {
		m := el.Value.(*Match)
		if m.Status != StatusFinished {
			c.ll.MoveToFront(el)
		}
		return m, true
	}
	return nil, false
}

func (c *stateCache) put(m *Match) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[m.ID]
	switch {
	case ok:
		cur := el.Value.(*Match)
		// Never let an older version replace a newer one.
		if cur.Version <= m.Version {
			c.events += weight(m) - weight(cur)
			el.Value = m
		}
	default:
		el = c.ll.PushFront(m)
		c.items[m.ID] = el
		c.events += weight(m)
	}
	if el.Value.(*Match).Status == StatusFinished {
		c.ll.MoveToBack(el)
	} else {
		c.ll.MoveToFront(el)
	}
	for c.ll.Len() > 1 && (c.ll.Len() > c.max || c.events > c.maxEvents) {
		victim := c.ll.Back()
		if victim == el { // keep what was just put; drop the coldest other
			victim = victim.Prev()
		}
		c.remove(victim)
	}
}

func (c *stateCache) remove(el *list.Element) {
	m := el.Value.(*Match)
	c.ll.Remove(el)
	delete(c.items, m.ID)
	c.events -= weight(m)
}

func (c *stateCache) drop(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[id]; ok {
		c.remove(el)
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
