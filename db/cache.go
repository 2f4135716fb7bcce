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
// It is bounded twice: by matches, and by the memory their states take
// (see weight), since a state grows with its match (a late Munchkin game's
// history weighs a hundred times an opening's). Finished matches are kept
// apart and go first: tables go on to new matches, and a finished one is
// read now and then but seldom written. They also have a budget of their
// own, a tenth of the bytes: at a busy tournament thousands finish an hour,
// and a cache full of them is live heap the collector walks again and again
// for nothing. A match that left is read again from its latest snapshot.
type stateCache struct {
	mu           sync.Mutex
	max          int
	maxBytes     int64
	maxDoneBytes int64 // the finished matches' share of maxBytes
	bytes        int64 // of every entry
	doneBytes    int64 // of the finished ones
	live, done   *list.List
	items        map[string]*list.Element
}

func newStateCache(maxMatches int, maxBytes int64) *stateCache {
	return &stateCache{max: maxMatches, maxBytes: maxBytes, maxDoneBytes: max(1, maxBytes/10),
		live: list.New(), done: list.New(), items: make(map[string]*list.Element, maxMatches)}
}

// Estimates of what a state takes in memory. Measured on generated matches
// of the five games, the heap a state holds is 2 to 7 times its snapshot's
// size and 10 to 460 bytes an event.
const (
	heapPerSnapshotByte = 4
	bytesPerEvent       = 400
)

// weight is what an entry counts against maxBytes: its state's estimated
// size (Match.size), or bytesPerEvent an event before that is known.
func weight(m *Match) int64 {
	if m.size > 0 {
		return m.size
	}
	return max(1, m.Version) * bytesPerEvent
}

// listOf is the list an entry of m belongs in.
func (c *stateCache) listOf(m *Match) *list.List {
	if m.Status == StatusFinished {
		return c.done
	}
	return c.live
}

func (c *stateCache) get(id string) (*Match, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[id]; ok {
		m := el.Value.(*Match)
		c.listOf(m).MoveToFront(el)
		return m, true
	}
	return nil, false
}

func (c *stateCache) put(m *Match) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[m.ID]; ok {
		cur := el.Value.(*Match)
		if cur.Version > m.Version {
			return // never let an older version replace a newer one
		}
		c.remove(el)
	}
	el := c.listOf(m).PushFront(m)
	c.items[m.ID] = el
	c.bytes += weight(m)
	if m.Status == StatusFinished {
		c.doneBytes += weight(m)
	}
	// Over a bound: the coldest finished match goes first, then the coldest
	// in progress (only for the bounds they share); what was just put stays,
	// even alone over a budget.
	for c.count() > 1 {
		overAll := c.count() > c.max || c.bytes > c.maxBytes
		if !overAll && c.doneBytes <= c.maxDoneBytes {
			break
		}
		victim := coldest(c.done, el)
		if victim == nil && overAll {
			victim = coldest(c.live, el)
		}
		if victim == nil {
			break
		}
		c.remove(victim)
	}
}

// coldest is l's least recently used entry other than except, or nil.
func coldest(l *list.List, except *list.Element) *list.Element {
	el := l.Back()
	if el == except {
		el = el.Prev()
	}
	return el
}

func (c *stateCache) remove(el *list.Element) {
	m := el.Value.(*Match)
	c.listOf(m).Remove(el)
	delete(c.items, m.ID)
	c.bytes -= weight(m)
	if m.Status == StatusFinished {
		c.doneBytes -= weight(m)
	}
}

func (c *stateCache) drop(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[id]; ok {
		c.remove(el)
	}
}

// count is the number of entries; the caller holds mu.
func (c *stateCache) count() int { return c.live.Len() + c.done.Len() }

// all lists the entries, in progress first, each list most recent first.
func (c *stateCache) all() []*Match {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([]*Match, 0, c.count())
	for _, l := range []*list.List{c.live, c.done} {
		for el := l.Front(); el != nil; el = el.Next() {
			out = append(out, el.Value.(*Match))
		}
	}
	return out
}

// matchLocks serialises writes to one match without a lock per match ever
// being created or evicted: a match ID hashes to one of a fixed set of
// mutexes. Two matches may share a stripe; that only costs a little waiting.
type matchLocks [1024]sync.Mutex

func (l *matchLocks) of(id string) *sync.Mutex { return &l[l.stripe(id)] }

// stripe is the index of id's mutex.
func (l *matchLocks) stripe(id string) int {
	h := fnv.New32a()
	_, _ = h.Write([]byte(id))
	return int(h.Sum32() % uint32(len(l)))
}
