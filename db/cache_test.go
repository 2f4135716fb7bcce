package db

import (
	"fmt"
	"testing"
)

func cached(c *stateCache) []string {
	var ids []string
	for _, m := range c.all() {
		ids = append(ids, m.ID)
	}
	return ids
}

// The state cache holds at most max matches and maxBytes bytes of states (here each as many as its version);
// finished matches leave before matches in progress; an older version never
// replaces a newer one; the count of bytes stays exact through it all.
func TestStateCacheBounds(t *testing.T) {
	c := newStateCache(3, 100)
	m := func(id string, version int64, status string) *Match {
		return &Match{ID: id, Version: version, Status: status, size: version}
	}
	c.put(m("a", 10, StatusInProgress))
	c.put(m("b", 10, StatusFinished))
	c.put(m("c", 10, StatusInProgress))
	if got := fmt.Sprint(cached(c)); got != "[c a b]" {
		t.Fatalf("order %s: the finished match belongs at the cold end", got)
	}
	c.put(m("d", 10, StatusInProgress)) // over max: the finished one goes
	if _, ok := c.get("b"); ok || c.len() != 3 {
		t.Fatalf("after a fourth match: %v", cached(c))
	}
	c.put(m("a", 85, StatusInProgress)) // 85+10+10 > 100: the coldest other goes
	if got := fmt.Sprint(cached(c)); got != "[a d]" || c.bytes != 95 {
		t.Fatalf("after a long match: %s, %d events", got, c.bytes)
	}
	c.put(m("a", 50, StatusInProgress)) // an older version is ignored
	if got, _ := c.get("a"); got.Version != 85 || c.bytes != 95 {
		t.Fatalf("an older version replaced a newer one: v%d, %d events", got.Version, c.bytes)
	}
	c.put(m("huge", 500, StatusInProgress)) // alone over the budget: kept, all else goes
	if got := fmt.Sprint(cached(c)); got != "[huge]" || c.bytes != 500 {
		t.Fatalf("after a huge match: %s, %d events", got, c.bytes)
	}
	c.drop("huge")
	if c.len() != 0 || c.bytes != 0 {
		t.Fatalf("after drop: %d entries, %d events", c.len(), c.bytes)
	}
}

// Finished matches have a budget of their own, a tenth of the bytes: past
// it the one finished (or read) longest ago goes, while matches in progress
// stay; a match just put stays even alone over it; a finished match that a
// correction reopens counts as in progress again.
func TestStateCacheFinishedBudget(t *testing.T) {
	c := newStateCache(100, 100) // finished matches: at most 10 bytes
	m := func(id string, version int64, status string) *Match {
		return &Match{ID: id, Version: version, Status: status, size: version}
	}
	c.put(m("live1", 40, StatusInProgress))
	c.put(m("f1", 4, StatusFinished))
	c.put(m("f2", 4, StatusFinished))
	c.get("f1") // read again: now f2 is the coldest finished match
	c.put(m("f3", 4, StatusFinished))
	if got := fmt.Sprint(cached(c)); got != "[live1 f3 f1]" || c.doneBytes != 8 || c.bytes != 48 {
		t.Fatalf("after three finished matches: %s, %d finished events of %d", got, c.doneBytes, c.bytes)
	}
	c.put(m("big", 30, StatusFinished)) // alone over the budget: the other finished ones go
	if got := fmt.Sprint(cached(c)); got != "[live1 big]" || c.doneBytes != 30 {
		t.Fatalf("after a long finished match: %s, %d finished events", got, c.doneBytes)
	}
	c.put(m("big", 31, StatusInProgress)) // an undo reopened it
	if got := fmt.Sprint(cached(c)); got != "[big live1]" || c.doneBytes != 0 || c.bytes != 71 {
		t.Fatalf("after reopening: %s, %d finished events of %d", got, c.doneBytes, c.bytes)
	}
	c.put(m("live2", 40, StatusInProgress)) // 111 > 100: the coldest in progress goes
	if got := fmt.Sprint(cached(c)); got != "[live2 big]" || c.bytes != 71 {
		t.Fatalf("over the whole budget: %s, %d events", got, c.bytes)
	}
}

func (c *stateCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.count()
}
