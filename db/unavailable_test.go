package db

import (
	"context"
	"fmt"
	"testing"
)

// A write that fails because the disk is full is a temporary failure the
// API answers with 503: Unavailable recognises it on the error a store
// method returns, and the store writes again once there is room.
func TestDiskFullIsUnavailable(t *testing.T) {
	s := openTest(t, "")
	ctx := context.Background()
	var pages int
	if err := s.write.QueryRow("PRAGMA page_count").Scan(&pages); err != nil {
		t.Fatal(err)
	}
	// The writer's one connection may not grow the file past its size now:
	// SQLite fails the write exactly as on a full disk (SQLITE_FULL).
	if _, err := s.write.Exec(fmt.Sprintf("PRAGMA max_page_count = %d", pages)); err != nil {
		t.Fatal(err)
	}
	var err error
	for i := 0; i < 10000 && err == nil; i++ {
		_, err = s.CreatePlayer(ctx, fmt.Sprintf("player %d with a long name to fill pages quickly", i))
	}
	if reason, ok := Unavailable(err); !ok || reason != "disk full" {
		t.Fatalf("a write on a full disk: %v (unavailable %v, %q)", err, ok, reason)
	}
	if _, err := s.write.Exec("PRAGMA max_page_count = 1073741823"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreatePlayer(ctx, "after the disk has room again"); err != nil {
		t.Fatalf("after the disk has room: %v", err)
	}
}

// Writes after the store is closed (the server shutting down) are refused
// as unavailable, not as an internal error.
func TestClosedStoreIsUnavailable(t *testing.T) {
	s := openTest(t, "")
	s.Close()
	_, err := s.CreatePlayer(context.Background(), "late")
	if reason, ok := Unavailable(err); !ok || reason != "closed" {
		t.Fatalf("a write after Close: %v (unavailable %v, %q)", err, ok, reason)
	}
}
