package db

import (
	"context"
	"testing"
	"time"
)

func init() {
	register(conformanceCase{name: "TokenLastUse", fn: testTokenLastUse})
}

// A token's last use is stored at most once per TokenUseGranularity, and a
// label can be changed without touching the secret.
func testTokenLastUse(t *testing.T, e *testEngine) {
	s := e.open(t)
	ctx := context.Background()
	tok, err := s.CreateToken(ctx, NewSecret(), RoleAdmin, "", "desk", "")
	if err != nil {
		t.Fatal(err)
	}
	if tok.LastUsedAt != "" {
		t.Fatalf("a new token was used at %q", tok.LastUsedAt)
	}
	at := time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC)
	lastUse := func() string {
		t.Helper()
		got, err := s.GetToken(ctx, tok.ID)
		if err != nil {
			t.Fatal(err)
		}
		return got.LastUsedAt
	}
	if err := s.TouchToken(ctx, tok.ID, at); err != nil {
		t.Fatal(err)
	}
	if got := lastUse(); got != formatTime(at) {
		t.Fatalf("last use %q, want %q", got, formatTime(at))
	}
	if err := s.TouchToken(ctx, tok.ID, at.Add(30*time.Second)); err != nil {
		t.Fatal(err)
	}
	if got := lastUse(); got != formatTime(at) {
		t.Fatalf("a use within a minute was stored: %q", got)
	}
	later := at.Add(2 * time.Minute)
	if err := s.TouchToken(ctx, tok.ID, later); err != nil {
		t.Fatal(err)
	}
	if got := lastUse(); got != formatTime(later) {
		t.Fatalf("last use %q, want %q", got, formatTime(later))
	}
	renamed, err := s.RelabelToken(ctx, tok.ID, "Table 3")
	if err != nil || renamed.Label != "Table 3" || renamed.LastUsedAt != formatTime(later) {
		t.Fatalf("relabel: %+v, %v", renamed, err)
	}
	if _, err := s.RelabelToken(ctx, "tk_none", "x"); err == nil {
		t.Fatal("relabelling an unknown token succeeded")
	}
}
