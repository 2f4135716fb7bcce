package db

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/motamed/motamed/rules"
)

// effectiveSeqs are the seqs in force in log, in their effective order.
func effectiveSeqs(log []Event) []int64 {
	order, _ := markLog(log)
	out := make([]int64, len(order))
	for n, i := range order {
		out[n] = log[i].Seq
	}
	return out
}

// With only events and undos, the effective events are those rules.Effective
// keeps: the log's own correction records agree with the games' undo.
func TestMarkLogAgreesWithUndoOfTheRules(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 500; trial++ {
		var log []Event
		var plain []rules.Event
		for i := 0; i < rng.IntN(30); i++ {
			typ := "add"
			if rng.IntN(3) == 0 {
				typ = rules.UndoType
			}
			data := fmt.Sprintf(`{"n":%d}`, i)
			log = append(log, Event{Seq: int64(i + 1), Type: typ, Data: []byte(data)})
			plain = append(plain, rules.Event{Type: typ, Data: []byte(data)})
		}
		got := effectiveEvents(log)
		want := rules.Effective(plain)
		if fmt.Sprint(eventsText(got)) != fmt.Sprint(eventsText(want)) {
			t.Fatalf("log %v: effective %v, rules say %v", log, eventsText(got), eventsText(want))
		}
	}
}

func eventsText(evs []rules.Event) []string {
	out := make([]string, len(evs))
	for i, e := range evs {
		out[i] = e.Type + string(e.Data)
	}
	return out
}

// A model of corrections as a list: a replacement takes its place, a void
// removes it, an undo the last one, a redo puts back what the latest undo
// took while only undos and redos came after it. Random logs of every kind
// of record give the model's order.
func TestMarkLogFollowsTheModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 2000; trial++ {
		var log []Event
		var model []int64
		var undone []int64
		for seq := int64(1); seq <= int64(rng.IntN(40)); seq++ {
			e := Event{Seq: seq}
			switch k := rng.IntN(6); {
			case k == 0 && len(model) > 0:
				e.Type = rules.UndoType
				undone = append(undone, model[len(model)-1])
				model = model[:len(model)-1]
			case k == 1 && len(undone) > 0:
				e.Type, e.Corrects = RedoType, undone[len(undone)-1]
				model = append(model, undone[len(undone)-1])
				undone = undone[:len(undone)-1]
			case k == 2 && len(model) > 0:
				p := rng.IntN(len(model))
				e.Type, e.Corrects = VoidType, model[p]
				model = append(model[:p], model[p+1:]...)
				undone = nil
			case k == 3 && len(model) > 0:
				p := rng.IntN(len(model))
				e.Type, e.Corrects = "add", model[p]
				model[p] = seq
				undone = nil
			case k == 4:
				e.Type = MatchUpdateType
			default:
				e.Type = "add"
				model = append(model, seq)
				undone = nil
			}
			log = append(log, e)
		}
		got := effectiveSeqs(log)
		if fmt.Sprint(got) != fmt.Sprint(model) && !(len(got) == 0 && len(model) == 0) {
			t.Fatalf("log %+v: effective %v, model %v", log, got, model)
		}
		// Every event is in force or marked, never both.
		in := map[int64]bool{}
		for _, s := range got {
			in[s] = true
		}
		for _, e := range log {
			if isGameEvent(e.Type) && in[e.Seq] == e.Voided {
				t.Fatalf("event %d: in force %v, voided %v (log %+v)", e.Seq, in[e.Seq], e.Voided, log)
			}
		}
	}
}
