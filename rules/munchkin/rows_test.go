package munchkin_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/munchkin"
	"github.com/motamed/motamed/rules/play"
)

// longMatch is a generated long match: its players, options and events.
func longMatch(t testing.TB, seed uint64, events int) ([]rules.Player, json.RawMessage, []rules.Event) {
	t.Helper()
	seq, err := play.Long(seed, events)
	if err != nil {
		t.Fatal(err)
	}
	var opts json.RawMessage
	if seq.Options != "" {
		opts = json.RawMessage(seq.Options)
	}
	return play.SeatPlayers(seq.Seats), opts, seq.Events(play.SeatIDs(seq.Seats))
}

// pair is a state and its reference: the same events applied, one at a
// time, to states that each own their rows (munchkin.Unshared).
type pair struct{ got, ref *munchkin.State }

func apply(p pair, ev rules.Event) (pair, error) {
	g := munchkin.New()
	got, _, err := g.Apply(p.got, ev)
	if err != nil {
		return pair{}, err
	}
	ref, _, err := g.Apply(munchkin.Unshared(p.ref), ev)
	if err != nil {
		return pair{}, fmt.Errorf("the reference refuses what the state accepts: %w", err)
	}
	return pair{got.(*munchkin.State), ref.(*munchkin.State)}, nil
}

// view is everything a state shows, with the score sheet as the reference
// builds it: one slice of its own per state.
func view(t testing.TB, s *munchkin.State, sheet any) []byte {
	t.Helper()
	sc := s.Scores()
	b, err := json.Marshal(struct {
		State  *munchkin.State `json:"state"`
		Totals map[string]int  `json:"totals"`
		Rounds any             `json:"rounds"`
		Result *rules.Result   `json:"result"`
		Next   rules.Text      `json:"next"`
	}{s, sc.Totals, sheet, s.Result(), s.Next()})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// same fails t unless p's state shows what its reference shows, its score
// sheet read by its last rows (as an answer to an event reads it) and, when
// whole, read whole.
func same(t testing.TB, p pair, where string, whole bool) {
	t.Helper()
	var got, want []byte
	if whole {
		got, want = view(t, p.got, p.got.Scores().Rounds), view(t, p.ref, munchkin.OwnRows(p.ref))
	} else {
		got, want = view(t, p.got, nil), view(t, p.ref, nil)
	}
	if !bytes.Equal(got, want) {
		n := 0
		for n < len(got) && n < len(want) && got[n] == want[n] {
			n++
		}
		t.Fatalf("%s: differs from the reference at byte %d:\n got  ...%s\n want ...%s", where, n, got[max(0, n-80):min(len(got), n+80)], want[max(0, n-80):min(len(want), n+80)])
	}
	sheet := p.got.Scores().Rounds
	n, ok := rules.RowsLen(sheet)
	rows := munchkin.OwnRows(p.ref)
	if !ok || n != len(rows) {
		t.Fatalf("%s: a sheet of %d rows (a list: %v), want %d", where, n, ok, len(rows))
	}
	from := max(0, n-2)
	tail, _ := json.Marshal(rules.RowsSlice(sheet, from, n))
	if want, _ := json.Marshal(rows[from:]); !bytes.Equal(tail, want) {
		t.Fatalf("%s: rows from %d\n got  %s\n want %s", where, from, tail, want)
	}
}

// forkEvents are events the table could record instead of the next one:
// the end of the turn, a curse, the due run-away roll.
func forkEvents(s *munchkin.State, r *rand.Rand) []rules.Event {
	ev := func(typ string, data map[string]any) rules.Event {
		b, _ := json.Marshal(data)
		return rules.Event{Type: typ, Data: b}
	}
	out := []rules.Event{
		ev("turn_ended", map[string]any{"player": s.Turn.Player, "hand_size": 2 + r.IntN(7)}),
		ev("level_changed", map[string]any{"player": s.Turn.Player, "delta": -1, "reason": "curse"}),
	}
	if s.Combat != nil && s.Combat.Open {
		for _, roll := range s.Combat.RunAway {
			if !roll.Rolled && !roll.Skipped {
				out = append(out, ev("run_away", map[string]any{"player": roll.Runner, "monster": roll.Monster, "roll": 1 + r.IntN(6)}))
				break
			}
		}
	}
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// fork applies up to k events of forkEvents in turn to p, checking every
// state, and returns the states made.
func fork(t *testing.T, p pair, k int, r *rand.Rand, where string) []pair {
	t.Helper()
	var made []pair
	for i := 0; i < k; i++ {
		next, ok := pair{}, false
		for _, ev := range forkEvents(p.got, r) {
			var err error
			if next, err = apply(p, ev); err == nil {
				ok = true
				break
			}
		}
		if !ok {
			break
		}
		p = next
		same(t, p, fmt.Sprintf("%s, fork event %d", where, i+1), false)
		made = append(made, p)
	}
	return made
}

// States share the rows of past turns, yet over long matches with forks
// (two events applied to the same state, in either order), undos and
// corrections (replays from an earlier state) and snapshots read back,
// every state shows exactly what a state that owns its rows shows, and
// still does once every other state has been made.
func TestSharedRowsShowWhatOwnRowsShow(t *testing.T) {
	for seed := uint64(1); seed <= 2; seed++ {
		players, opts, events := longMatch(t, seed, 600)
		st, _, err := munchkin.New().Setup(players, opts)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 2))
		line := []pair{{st.(*munchkin.State), munchkin.Unshared(st.(*munchkin.State))}} // line[k]: after k events
		all := line
		forks, replays, snapshots := 0, 0, 0
		for k, ev := range events {
			where := fmt.Sprintf("seed %d event %d (%s)", seed, k+1, ev.Type)
			cur := line[k]
			if r.IntN(5) == 0 { // the fork first: it claims the next row's slot
				made := fork(t, cur, 1+r.IntN(4), r, where)
				all, forks = append(all, made...), forks+1
			}
			next, err := apply(cur, ev)
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			same(t, next, where, false)
			if r.IntN(5) == 0 { // the fork second: it copies the rows
				made := fork(t, cur, 1+r.IntN(4), r, where+", after the event")
				all, forks = append(all, made...), forks+1
			}
			switch x := r.IntN(40); {
			case x == 0 && k > 0: // an undo, or a correction of an event and the rest kept: a replay from an earlier state
				j := k - r.IntN(min(k, 60))
				p := line[j]
				if r.IntN(2) == 0 {
					made := fork(t, p, 1, r, where+fmt.Sprintf(", corrected event %d", j+1))
					all = append(all, made...)
					if len(made) > 0 {
						p = made[0]
						for i, e := range events[j+1 : k+1] {
							if q, err := apply(p, e); err == nil {
								p = q
								same(t, p, fmt.Sprintf("%s, replayed event %d after a correction", where, j+2+i), false)
								all = append(all, p)
							}
						}
					}
				} else {
					for i, e := range events[j : k+1] {
						if p, err = apply(p, e); err != nil {
							t.Fatalf("%s: replaying event %d: %v", where, j+1+i, err)
						}
					}
					same(t, p, where+", replayed", false)
					if !bytes.Equal(view(t, p.got, p.got.Scores().Rounds), view(t, next.got, next.got.Scores().Rounds)) {
						t.Fatalf("%s: the replay from event %d differs from the match", where, j+1)
					}
					next = p // the match goes on from the replay, as a cache miss would
				}
				replays++
			case x == 1: // a snapshot read back, as a restart would
				data, err := rules.EncodeState(next.got)
				if err != nil {
					t.Fatal(err)
				}
				back, err := rules.DecodeState(munchkin.New(), players, opts, data)
				if err != nil {
					t.Fatal(err)
				}
				next = pair{back.(*munchkin.State), next.ref}
				same(t, next, where+", read back from a snapshot", false)
				snapshots++
			}
			line = append(line, next)
			all = append(all, next)
		}
		// Once all are made, every state's rows still are its reference's,
		// each row encoded once (rows are shared), and the whole sheet of
		// some states, as one JSON.
		encoded := map[*munchkin.TurnRow]string{}
		rowsOf := func(rows []*munchkin.TurnRow) []string {
			out := make([]string, len(rows))
			for i, r := range rows {
				if _, ok := encoded[r]; !ok || i == len(rows)-1 {
					b, _ := json.Marshal(r)
					encoded[r] = string(b)
				}
				out[i] = encoded[r]
			}
			return out
		}
		for i, p := range all {
			where := fmt.Sprintf("seed %d, state %d of %d once all are made", seed, i+1, len(all))
			same(t, p, where, i%50 == 0)
			sheet := p.got.Scores().Rounds
			n, _ := rules.RowsLen(sheet)
			got, want := rowsOf(rules.RowsSlice(sheet, 0, n).([]*munchkin.TurnRow)), rowsOf(munchkin.OwnRows(p.ref))
			if len(got) != len(want) {
				t.Fatalf("%s: %d rows, want %d", where, len(got), len(want))
			}
			for k := range got {
				if got[k] != want[k] {
					t.Fatalf("%s: row %d of %d\n got  %s\n want %s", where, k, len(got), got[k], want[k])
				}
			}
		}
		if forks == 0 || replays == 0 || snapshots == 0 {
			t.Fatalf("seed %d: %d forks, %d replays, %d snapshots", seed, forks, replays, snapshots)
		}
		t.Logf("seed %d: %d states, %d forks, %d replays, %d snapshots, %d rows", seed, len(all), forks, replays, snapshots, len(munchkin.OwnRows(line[len(line)-1].ref)))
	}
}

// While other goroutines read a state and the states that follow it (their
// score sheets, their JSON, their snapshots), goroutines apply different
// events to it and go on from there, racing for the slot of the next row:
// each ends where the same events applied to states that own their rows
// end, and the state read never changes. Run with -race.
func TestSharedRowsUnderConcurrentForks(t *testing.T) {
	players, opts, events := longMatch(t, 4, 400)
	st, err := rules.Replay(munchkin.New(), players, opts, events)
	if err != nil {
		t.Fatal(err)
	}
	base := st.(*munchkin.State)
	wantBase, _ := rules.Fingerprint(base)
	const writers, readers, steps = 6, 3, 60
	// Each writer's events and where they end, worked out on states that
	// own their rows (they claim no slot of the shared array).
	lines := make([][]rules.Event, writers)
	wants := make([][]byte, writers)
	for w := range writers {
		r := rand.New(rand.NewPCG(uint64(w), 3))
		p := munchkin.Unshared(base)
		for range steps {
			for _, ev := range forkEvents(p, r) {
				if next, _, err := munchkin.New().Apply(munchkin.Unshared(p), ev); err == nil {
					p, lines[w] = next.(*munchkin.State), append(lines[w], ev)
					break
				}
			}
		}
		wants[w], _ = rules.Fingerprint(p)
	}
	var latest [writers]struct {
		sync.Mutex
		s rules.State
	}
	var wg, readersWG sync.WaitGroup
	done := make(chan struct{})
	for i := range readers {
		readersWG.Add(1)
		go func() {
			defer readersWG.Done()
			for k := 0; ; k++ {
				select {
				case <-done:
					return
				default:
				}
				if got, _ := rules.Fingerprint(base); !bytes.Equal(got, wantBase) {
					t.Error("the state read changed while others were applied to it")
					return
				}
				l := &latest[(i+k)%writers]
				l.Lock()
				s := l.s
				l.Unlock()
				if s == nil {
					continue
				}
				if _, err := rules.EncodeState(s); err != nil {
					t.Error(err)
					return
				}
				sheet := s.Scores().Rounds
				n, _ := rules.RowsLen(sheet)
				if _, err := json.Marshal(rules.RowsSlice(sheet, max(0, n-2), n)); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var s rules.State = base
			for _, ev := range lines[w] {
				next, _, err := munchkin.New().Apply(s, ev)
				if err != nil {
					t.Errorf("writer %d: %v", w, err)
					return
				}
				s = next
				latest[w].Lock()
				latest[w].s = s
				latest[w].Unlock()
			}
			if got, _ := rules.Fingerprint(s); !bytes.Equal(got, wants[w]) {
				t.Errorf("writer %d ends elsewhere than the same events applied alone", w)
			}
		}()
	}
	wg.Wait()
	close(done)
	readersWG.Wait()
	if got, _ := rules.Fingerprint(base); !bytes.Equal(got, wantBase) {
		t.Error("the state read changed")
	}
}

// BenchmarkApplyLate applies 200 events of a long match, reading every
// state's score sheet as an answer does (after the event, before it, and
// its totals), from the 100th event and from the 6,000th: the cost of an
// event does not depend on how many turns came before it.
func BenchmarkApplyLate(b *testing.B) {
	for _, at := range []int{100, 6000} {
		b.Run(fmt.Sprint(at), func(b *testing.B) {
			players, opts, events := longMatch(b, 1, at+200)
			g := munchkin.New()
			s, err := rules.Replay(g, players, opts, events[:at])
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				st := s
				for _, ev := range events[at:] {
					next, _, err := g.Apply(st, ev)
					if err != nil {
						b.Fatal(err)
					}
					_, _, _ = next.Scores(), st.Scores(), next.Scores()
					st = next
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*200), "ns/event")
		})
	}
}
