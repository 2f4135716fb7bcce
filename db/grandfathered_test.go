package db

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

func init() {
	register(conformanceCase{name: "GrandfatheredAfterRulesFix", fn: testGrandfatheredAfterRulesFix})
}

// Any game's rules fix, not one game's: a match recorded under Counter's
// rules (revision 1) and served after a fix that refuses its moves of 3
// (rulestest.Tightened, revision 2) replays, from snapshots and in full,
// with those moves in force and marked; new moves of 3 are refused; an
// admin corrects any event; and the snapshots written from the
// grandfathered states are what check finds right.
func testGrandfatheredAfterRulesFix(t *testing.T, e *testEngine) {
	ctx := context.Background()
	dsn := e.fresh(t)
	open := func(g rules.Game) *Store {
		s, err := Open(ctx, Config{DSN: dsn, SnapshotEvery: 2}, rules.NewRegistry(g))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	s := open(rulestest.Counter())
	m := newCounterMatchWith(t, s, 2, json.RawMessage(`{"target":1000}`))
	p1, p2 := m.Seats[0].PlayerID, m.Seats[1].PlayerID
	for _, ev := range []rules.Event{add(p1, 3), add(p2, 2), add(p1, 3), add(p2, 1), add(p1, 2)} {
		if _, err := s.Append(ctx, m.ID, ev, AppendOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()

	s = open(rulestest.Tightened())
	defer func() { s.Close() }()
	cur, err := s.GetMatch(ctx, m.ID) // from the snapshot at 4 and event 5
	if err != nil {
		t.Fatal(err)
	}
	if tot := cur.State.Scores().Totals; tot[p1] != 8 || tot[p2] != 3 {
		t.Fatalf("totals %v", tot)
	}
	log, err := s.Events(ctx, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, ev := range log {
		if marked := ev.Grandfathered != nil; marked != (ev.Seq == 1 || ev.Seq == 3) || ev.Revision != rules.FirstRevision {
			t.Fatalf("event %d: revision %d, grandfathered %v", ev.Seq, ev.Revision, ev.Grandfathered)
		}
	}
	gf, err := s.Grandfathered(ctx)
	if err != nil || len(gf) != 2 || gf[0].Seq != 1 || gf[1].Seq != 3 || gf[0].Rulings[0].Rule != "COUNTER-ADD-1" {
		t.Fatalf("grandfathered %+v %v", gf, err)
	}

	var v *rules.ViolationError
	if _, err := s.Append(ctx, m.ID, add(p2, 3), AppendOptions{}); !errors.As(err, &v) {
		t.Fatalf("a new move of 3: %v", err)
	}
	if _, err := s.Append(ctx, m.ID, add(p2, 2), AppendOptions{}); err != nil { // event 6: a snapshot
		t.Fatal(err)
	}
	if _, err := s.Replace(ctx, m.ID, 1, add(p1, 2), AppendOptions{}); err != nil { // event 3 stays in force, grandfathered
		t.Fatal(err)
	}
	if _, err := s.Replace(ctx, m.ID, 3, add(p2, 1), AppendOptions{}); !errors.As(err, &v) && !errors.As(err, new(*LaterEventError)) {
		t.Fatalf("a replacement out of turn: %v", err)
	}
	if _, err := s.Replace(ctx, m.ID, 3, add(p1, 1), AppendOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Append(ctx, m.ID, add(p1, 1), AppendOptions{}); err != nil {
		t.Fatal(err)
	}
	s.cache.drop(m.ID)
	cur, err = s.GetMatch(ctx, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	if tot := cur.State.Scores().Totals; tot[p1] != 6 || tot[p2] != 5 {
		t.Fatalf("totals after the corrections %v", tot)
	}
	if err := s.VerifyCache(ctx); err != nil {
		t.Fatal(err)
	}
	rep, err := s.Check(ctx)
	if err != nil || len(rep.Problems) != 0 {
		t.Fatalf("check: %+v %v", rep, err)
	}
	if gf, err := s.Grandfathered(ctx); err != nil || len(gf) != 0 {
		t.Fatalf("grandfathered after the corrections: %+v %v", gf, err)
	}
}
