package db

import (
	"context"
	"errors"
	"testing"
)

func init() {
	register(conformanceCase{name: "ArchivedLeague", fn: testArchivedLeague})
}

// An archived league keeps its matches and results, takes no new match,
// is left out of league lists unless they ask for it, and comes back into
// use when unarchived.
func testArchivedLeague(t *testing.T, eng *testEngine) {
	s := openDSN(t, eng.fresh(t))
	ctx := context.Background()
	l, err := s.CreateLeague(ctx, "Café Ferdowsi", "counter", nil, Public)
	if err != nil {
		t.Fatal(err)
	}
	other, err := s.CreateLeague(ctx, "Other", "counter", nil, Public)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, n := range []string{"Sara", "Reza"} {
		p, err := s.CreatePlayer(ctx, n)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, p.ID)
	}
	m, err := s.CreateMatch(ctx, NewMatch{Game: "counter", LeagueID: l.ID, Players: ids})
	if err != nil {
		t.Fatal(err)
	}
	if l.ArchivedAt != nil {
		t.Fatalf("a new league is archived: %v", l.ArchivedAt)
	}

	a, err := s.SetLeagueArchived(ctx, l.ID, true)
	if err != nil {
		t.Fatal(err)
	}
	if a.ArchivedAt == nil || a.ArchivedAt.Before(l.CreatedAt) {
		t.Fatalf("archived_at = %v, want a time after the league's creation %v", a.ArchivedAt, l.CreatedAt)
	}
	again, err := s.SetLeagueArchived(ctx, l.ID, true)
	if err != nil {
		t.Fatal(err)
	}
	if !again.ArchivedAt.Equal(*a.ArchivedAt) {
		t.Errorf("archiving again moved archived_at from %v to %v", a.ArchivedAt, again.ArchivedAt)
	}
	got, err := s.GetLeague(ctx, l.ID)
	if err != nil || got.ArchivedAt == nil || !got.ArchivedAt.Equal(*a.ArchivedAt) {
		t.Fatalf("GetLeague after archiving = %+v, %v", got, err)
	}
	if _, err := s.GetMatch(ctx, m.ID); err != nil {
		t.Errorf("the archived league's match is not readable: %v", err)
	}
	if _, err := s.CreateMatch(ctx, NewMatch{Game: "counter", LeagueID: l.ID, Players: ids}); !errors.Is(err, ErrArchived) {
		t.Errorf("a match in an archived league: err = %v, want ErrArchived", err)
	}
	if n := countMatches(t, s, l.ID); n != 1 {
		t.Errorf("the archived league has %d matches after a refused one, want 1", n)
	}

	names := func(archived string) []string {
		ls, _, err := s.ListLeagues(ctx, Reader{All: true}, "", archived, Page{Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, l := range ls {
			out = append(out, l.ID)
		}
		return out
	}
	for _, c := range []struct {
		archived string
		want     []string
	}{{Unarchived, []string{other.ID}}, {ArchivedOnly, []string{l.ID}}, {AnyArchived, []string{other.ID, l.ID}}} {
		if got := names(c.archived); !equalStrings(got, c.want) {
			t.Errorf("ListLeagues(archived %q) = %v, want %v", c.archived, got, c.want)
		}
	}

	back, err := s.SetLeagueArchived(ctx, l.ID, false)
	if err != nil {
		t.Fatal(err)
	}
	if back.ArchivedAt != nil {
		t.Fatalf("unarchived league still archived at %v", back.ArchivedAt)
	}
	if _, err := s.CreateMatch(ctx, NewMatch{Game: "counter", LeagueID: l.ID, Players: ids}); err != nil {
		t.Errorf("a match in an unarchived league: %v", err)
	}
	if got := names(Unarchived); len(got) != 2 {
		t.Errorf("leagues in use after unarchiving = %v, want both", got)
	}
	if _, err := s.SetLeagueArchived(ctx, "lg_missing", true); !errors.Is(err, ErrNotFound) {
		t.Errorf("archiving a missing league: err = %v, want ErrNotFound", err)
	}
}

func countMatches(t *testing.T, s *Store, leagueID string) int {
	t.Helper()
	var n int
	if err := s.read.QueryRowContext(context.Background(), s.d.rebind(`SELECT COUNT(*) FROM matches WHERE league_id = ?`), leagueID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
