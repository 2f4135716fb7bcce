package db

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

func init() {
	register(conformanceCase{name: "CopyFromSQLiteAndBack", shared: true, fn: testCopyFromSQLiteAndBack})
}

// fillForCopy puts a bit of everything into s: a league with a finished,
// corrected match, tokens (one revoked), an idempotency key, a match
// outside any league.
func fillForCopy(t *testing.T, s *Store) {
	t.Helper()
	ctx := context.Background()
	l, err := s.CreateLeague(ctx, "Café Ferdowsi", "counter", json.RawMessage(`{"points_scheme":"placement"}`), Private)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreateToken(ctx, NewSecret(), RoleScorer, l.ID, "table 3", ""); err != nil {
		t.Fatal(err)
	}
	tk, err := s.CreateToken(ctx, NewSecret(), RoleAdmin, "", "first admin", "")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.RevokeToken(ctx, tk.ID); err != nil {
		t.Fatal(err)
	}
	p1, _ := s.CreatePlayer(ctx, "سارا")
	p2, _ := s.CreatePlayer(ctx, "Reza")
	m, err := s.CreateMatch(ctx, NewMatch{Game: "counter", LeagueID: l.ID, Players: []string{p1.ID, p2.ID}, Options: json.RawMessage(`{"target":3}`)})
	if err != nil {
		t.Fatal(err)
	}
	for i, ev := range []struct {
		p string
		n int
	}{{p1.ID, 2}, {p2.ID, 1}, {p1.ID, 1}} {
		opt := AppendOptions{}
		if i == 0 {
			opt = AppendOptions{IdempotencyKey: "k", RequestHash: "h"}
		}
		if _, err := s.Append(ctx, m.ID, add(ev.p, ev.n), opt); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Undo(ctx, m.ID, AppendOptions{}); err != nil { // reopens it
		t.Fatal(err)
	}
	if _, err := s.Append(ctx, m.ID, add(p1.ID, 3), AppendOptions{}); err != nil { // finishes it again
		t.Fatal(err)
	}
	newCounterMatch(t, s, 3)
}

func testCopyFromSQLiteAndBack(t *testing.T, e *testEngine) {
	ctx := context.Background()
	src := openTest(t, "")
	fillForCopy(t, src)
	dst := e.open(t)
	rep, err := Copy(ctx, src, dst)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"players": 5, "leagues": 1, "tokens": 2, "matches": 2, "match_players": 5, "events": 5,
		"idempotency_keys": 1, "match_results": 1, "result_placements": 2}
	for _, tc := range rep.Tables {
		if want[tc.Table] != tc.Rows {
			t.Errorf("%s: %d rows copied, want %d", tc.Table, tc.Rows, want[tc.Table])
		}
	}
	if rep.Matches != 2 || !rep.Check.OK() || rep.Check.Events != 5 {
		t.Fatalf("report: %+v check %+v", rep, rep.Check)
	}
	// What the API reads is the same on both sides.
	srcTokens, _ := src.ListTokens(ctx, "")
	dstTokens, _ := dst.ListTokens(ctx, "")
	if len(srcTokens) != 2 || len(dstTokens) != 2 || srcTokens[0].ID != dstTokens[0].ID || dstTokens[1].Revoked != srcTokens[1].Revoked {
		t.Fatalf("tokens: %+v / %+v", srcTokens, dstTokens)
	}
	l := srcTokens[0].LeagueID + srcTokens[1].LeagueID
	a, _, err := src.LeagueResults(ctx, l)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := dst.LeagueResults(ctx, l)
	if err != nil || len(a) != 1 || len(b) != 1 || a[0].FinishSeq != b[0].FinishSeq || a[0].Scores[a[0].Result.Winners[0]] != b[0].Scores[a[0].Result.Winners[0]] {
		t.Fatalf("league results: %+v / %+v (%v)", a, b, err)
	}
	// The idempotency key came along: a retry on the copy is a replay.
	var mid string
	if err := dst.read.QueryRow(`SELECT match_id FROM idempotency_keys`).Scan(&mid); err != nil {
		t.Fatal(err)
	}
	m, _ := dst.GetMatch(ctx, mid)
	r, err := dst.Append(ctx, mid, add(m.Seats[0].PlayerID, 2), AppendOptions{IdempotencyKey: "k", RequestHash: "h"})
	if err != nil || !r.Replayed || r.Event.Seq != 1 {
		t.Fatalf("retry on the copy: %+v %v", r, err)
	}

	// A destination that is not empty is refused and left as it was.
	if _, err := Copy(ctx, src, dst); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Fatalf("copy into a non-empty database: %v", err)
	}
	if n := countRows(t, dst, "events"); n != 5 {
		t.Fatalf("events after a refused copy: %d", n)
	}

	// And back from PostgreSQL into a new SQLite file.
	back := openTest(t, "")
	if rep, err := Copy(ctx, dst, back); err != nil || rep.Matches != 2 || !rep.Check.OK() {
		t.Fatalf("copy back: %+v %v", rep, err)
	}
}
