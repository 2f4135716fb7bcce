package db

import (
	"context"
	"errors"
	"sync"
	"testing"
)

func init() {
	register(conformanceCase{name: "CorrectionsInOneBatch", fn: testCorrectionsInOneBatch})
}

// A correction whose fix makes a later event illegal is stored together
// with the fix of that event, or not at all; the batch takes one version
// step per record, replays from its key, and only one of two batches
// checked against the same version is stored.
func testCorrectionsInOneBatch(t *testing.T, eng *testEngine) {
	s := openDSN(t, eng.fresh(t))
	ctx := context.Background()
	m := newCounterMatchWith(t, s, 3, []byte(`{"target":5}`))
	p := func(i int) string { return m.Seats[i%3].PlayerID }
	// Sara 2, Reza 1, Kian 1, Sara 2 (4), Reza 1, Kian 1.
	for i, n := range []int{2, 1, 1, 2, 1, 1} {
		if _, err := s.Append(ctx, m.ID, add(p(i), n), AppendOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	before, _ := s.Events(ctx, m.ID)
	// Sara's first move was 3: she reaches 5 at event 4 and wins, so
	// event 5 comes after the end.
	alone := []Correction{{Seq: 1, Event: add(p(0), 3)}}
	var later *LaterEventError
	if _, err := s.CorrectAll(ctx, m.ID, alone, AppendOptions{}); !errors.As(err, &later) || later.Seq != 5 {
		t.Fatalf("the fix alone: %v", err)
	}
	// A replacement that is itself illegal is named by the seq it replaces.
	if _, err := s.CorrectAll(ctx, m.ID, []Correction{{Seq: 1, Event: add(p(0), 3)}, {Seq: 4, Event: add(p(0), 9)}}, AppendOptions{}); !errors.As(err, &later) || later.Seq != 4 {
		t.Fatalf("an illegal replacement: %v", err)
	}
	if _, err := s.PreviewCorrections(ctx, m.ID, alone); !errors.As(err, &later) || later.Seq != 5 {
		t.Fatalf("the preview of the fix alone: %v", err)
	}
	var nif *NotInForceError
	if _, err := s.CorrectAll(ctx, m.ID, []Correction{{Seq: 4, Void: true}, {Seq: 4, Event: add(p(0), 1)}}, AppendOptions{}); !errors.As(err, &nif) {
		t.Fatalf("an event voided earlier in the batch: %v", err)
	}
	if after, _ := s.Events(ctx, m.ID); len(after) != len(before) {
		t.Fatalf("a refused batch stored %d records", len(after)-len(before))
	}

	// With Sara's 4th event 1 instead of 2, the log holds.
	batch := []Correction{{Seq: 1, Event: add(p(0), 3)}, {Seq: 4, Event: add(p(0), 1)}, {Seq: 6, Void: true}}
	pre, err := s.PreviewCorrections(ctx, m.ID, batch)
	if err != nil || pre.Match.Version != 9 || pre.Match.State.Scores().Totals[p(0)] != 4 {
		t.Fatalf("preview: %+v %v", pre, err)
	}
	if after, _ := s.Events(ctx, m.ID); len(after) != len(before) {
		t.Fatal("a preview stored records")
	}
	v := int64(6)
	opt := AppendOptions{IfMatch: &v, IdempotencyKey: "fix-1", RequestHash: "h1"}
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			o := opt
			o.IdempotencyKey = ""
			if i == 0 {
				o = opt
			}
			_, errs[i] = s.CorrectAll(ctx, m.ID, batch, o)
		}(i)
	}
	wg.Wait()
	var ver *VersionError
	if (errs[0] == nil) == (errs[1] == nil) || !errors.As(errors.Join(errs...), &ver) {
		t.Fatalf("two batches at version 6: %v", errs)
	}
	log, err := s.Events(ctx, m.ID)
	if err != nil || len(log) != 9 {
		t.Fatalf("%d records, %v", len(log), err)
	}
	if log[6].Replaces != 1 || log[7].Replaces != 4 || log[8].Voids != 6 || !log[0].Voided || !log[3].Voided || !log[5].Voided {
		t.Fatalf("the log: %+v", log[6:])
	}
	got, err := s.GetMatch(ctx, m.ID)
	if err != nil || got.Version != 9 || got.State.Scores().Totals[p(0)] != 4 || got.State.Scores().Totals[p(2)] != 1 {
		t.Fatalf("after the batch: %+v %v", got, err)
	}
	if errs[0] == nil { // the keyed batch was stored: a retry replays it
		res, err := s.CorrectAll(ctx, m.ID, batch, opt)
		if err != nil || !res.Replayed || res.Event.Seq != 9 {
			t.Fatalf("retry: %+v %v", res, err)
		}
	}
	other := opt
	other.RequestHash = "h2"
	if _, err := s.CorrectAll(ctx, m.ID, batch, other); err == nil {
		t.Fatal("a key used again with another batch was accepted")
	}
	if rep, err := s.Check(ctx); err != nil || !rep.OK() {
		t.Fatalf("check: %+v %v", rep, err)
	}
}
