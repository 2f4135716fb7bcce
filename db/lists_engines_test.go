package db

import (
	"context"
	"testing"
	"time"

	"github.com/motamed/motamed/rules"
)

func init() {
	register(conformanceCase{name: "ListsCorrectionsMergeAndLifecycle", fn: testListsCorrectionsMergeAndLifecycle})
}

// The SQL of lists, corrections, merges and the lifecycle on each engine:
// pages walk every row once, filters and labels hold, and the store's own
// check finds the log, states and results consistent afterwards.
func testListsCorrectionsMergeAndLifecycle(t *testing.T, eng *testEngine) {
	s := openDSN(t, eng.fresh(t))
	ctx := context.Background()
	m := newCounterMatch(t, s, 3)
	for i := 0; i < 4; i++ {
		if _, err := s.Append(ctx, m.ID, add(m.Seats[i%3].PlayerID, 1), AppendOptions{TokenID: "tk_x"}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Replace(ctx, m.ID, 2, rules.Event{Type: "add", Data: []byte(`{"player":"` + m.Seats[1].PlayerID + `","n":2}`)}, AppendOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Void(ctx, m.ID, 4, AppendOptions{}); err != nil {
		t.Fatal(err)
	}
	tbl := "T3"
	past := time.Now().Add(-time.Hour)
	if _, err := s.UpdateMatch(ctx, m.ID, MatchChange{Table: &tbl, PlayedAt: &past, Status: StatusAbandoned}, AppendOptions{}); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		newCounterMatch(t, s, 2)
	}
	var all []string
	p := Page{Limit: 2}
	for {
		ms, next, err := s.ListMatches(ctx, Reader{}, MatchFilter{}, p)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range ms {
			all = append(all, x.ID+" "+x.Status)
		}
		if next == nil {
			break
		}
		p.After = next
	}
	if len(all) != 4 || all[3] != m.ID+" "+StatusAbandoned {
		t.Fatalf("%v", all)
	}
	if ms, _, err := s.ListMatches(ctx, Reader{}, MatchFilter{Status: StatusAbandoned, PlayerID: m.Seats[0].PlayerID}, Page{Limit: 5}); err != nil || len(ms) != 1 || ms[0].Meta.Table != "T3" {
		t.Fatalf("%v %v", ms, err)
	}
	pp := Page{Limit: 1}
	n := 0
	for {
		ps, next, err := s.ListPlayers(ctx, "", pp)
		if err != nil {
			t.Fatal(err)
		}
		n += len(ps)
		if next == nil {
			break
		}
		pp.After = next
	}
	if n != 9 {
		t.Fatalf("%d players listed", n)
	}
	if _, _, err := s.ListLeagues(ctx, Reader{}, "", Unarchived, Page{Limit: 5, After: []string{time.Now().Format(time.RFC3339Nano), "lg_z"}}); err != nil {
		t.Fatal(err)
	}
	other := newCounterMatch(t, s, 2)
	q, err := s.AddPlayer(ctx, "Zed", false, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.MergePlayer(ctx, other.Seats[0].PlayerID, q.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.GetPlayer(ctx, other.Seats[0].PlayerID); err == nil {
		t.Fatal("merged player still there")
	}
	if _, err := s.AddPlayer(ctx, "zed", false, ""); err == nil {
		t.Fatal("dup")
	}
	if _, err := s.LeagueStamp(ctx, "lg_none"); err != nil {
		t.Fatal(err)
	}
	if rep, err := s.Check(ctx); err != nil || !rep.OK() {
		t.Fatalf("%+v %v", rep, err)
	}
}
