package db

import (
	"fmt"
	"testing"
)

func cached(c *stateCache) []string {
	var ids []string
	for el := c.ll.Front(); el != nil; el = el.Next() {
		ids = append(ids, el.Value.(*Match).ID)
	}
	return ids
}

// The state cache holds at most max matches and maxEvents events of logs;
// finished matches leave before matches in progress; an older version never
// replaces a newer one; the count of events stays exact through it all.
func TestStateCacheBounds(t *testing.T) {
	c := newStateCache(3, 100)
	m := func(id string, version int64, status string) *Match {
		return &Match{ID: id, Version: version, Status: status}
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
	if got := fmt.Sprint(cached(c)); got != "[a d]" || c.events != 95 {
		t.Fatalf("after a long match: %s, %d events", got, c.events)
	}
	c.put(m("a", 50, StatusInProgress)) // an older version is ignored
	if got, _ := c.get("a"); got.Version != 85 || c.events != 95 {
		t.Fatalf("an older version replaced a newer one: v%d, %d events", got.Version, c.events)
	}
	c.put(m("huge", 500, StatusInProgress)) // alone over the budget: kept, all else goes
	if got := fmt.Sprint(cached(c)); got != "[huge]" || c.events != 500 {
		t.Fatalf("after a huge match: %s, %d events", got, c.events)
	}
	c.drop("huge")
	if c.len() != 0 || c.events != 0 {
		t.Fatalf("after drop: %d entries, %d events", c.len(), c.events)
	}
}
