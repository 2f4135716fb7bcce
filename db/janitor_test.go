package db

import (
	"context"
	"testing"
	"time"
)

func init() {
	register(conformanceCase{name: "IdempotencyKeysExpire", fn: testIdempotencyKeysExpire})
}

// Keys older than the TTL are forgotten: a retry with an expired key is a
// new request. Fresh keys still answer with the first answer.
func testIdempotencyKeysExpire(t *testing.T, e *testEngine) {
	s := e.open(t)
	ctx := context.Background()
	m := newCounterMatch(t, s, 2)
	p0, p1 := m.Seats[0].PlayerID, m.Seats[1].PlayerID
	old := AppendOptions{IdempotencyKey: "old", RequestHash: "h-old"}
	if _, err := s.Append(ctx, m.ID, add(p0, 1), old); err != nil {
		t.Fatal(err)
	}
	// Move the clock: the first key is now two days old.
	base := s.clock
	s.clock = func() time.Time { return base().Add(48 * time.Hour) }
	fresh := AppendOptions{IdempotencyKey: "fresh", RequestHash: "h-fresh"}
	if _, err := s.Append(ctx, m.ID, add(p1, 1), fresh); err != nil {
		t.Fatal(err)
	}
	n, err := s.PruneIdempotencyKeys(ctx, s.now().Add(-DefaultKeyTTL))
	if err != nil || n != 1 {
		t.Fatalf("pruned %d (%v), want 1", n, err)
	}
	if again, err := s.Append(ctx, m.ID, add(p1, 1), fresh); err != nil || !again.Replayed {
		t.Fatalf("a fresh key no longer answers with the first answer: %+v %v", again, err)
	}
	// The expired key is a new request: p0's turn again, so it records.
	again, err := s.Append(ctx, m.ID, add(p0, 1), old)
	if err != nil || again.Replayed || again.Event.Seq != 3 {
		t.Fatalf("an expired key still replayed: %+v %v", again, err)
	}
}

func TestJanitorPrunesOnStart(t *testing.T) {
	path := t.TempDir() + "/j.db"
	s := openTest(t, path)
	ctx := context.Background()
	m := newCounterMatch(t, s, 2)
	if _, err := s.Append(ctx, m.ID, add(m.Seats[0].PlayerID, 1), AppendOptions{IdempotencyKey: "k", RequestHash: "h"}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	// Reopen with a TTL shorter than the key's age: the janitor's first run
	// at start deletes it.
	time.Sleep(20 * time.Millisecond)
	s2, err := Open(ctx, Config{DSN: path, KeyTTL: time.Millisecond}, s.games)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	deadline := time.Now().Add(30 * time.Second)
	for countRows(t, s2, "idempotency_keys") != 0 {
		if time.Now().After(deadline) {
			t.Fatal("the janitor did not prune the expired key")
		}
		time.Sleep(10 * time.Millisecond)
	}
}
