package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/munchkin"
	"github.com/motamed/motamed/rules/silver"
	"github.com/motamed/motamed/rules/wazabi"
	"github.com/motamed/motamed/rules/wizard"
	"github.com/motamed/motamed/rules/yatuk"
)

// A match is generated offline, before any request: a game's generator
// plays it event by event through the game package itself (Setup, then
// Apply for every event), reading the state to decide what happens next.
// Every event it keeps was accepted by the same rules the server runs, so
// the server must accept it too. Player IDs in a generated match are
// placeholders (seatID), replaced by a table's real player IDs when the
// match is played.

// Seq is one generated match: its options and its events, in order, with
// placeholder player IDs.
type Seq struct {
	Game    string
	Seats   int
	Options string   // JSON object, "" for all defaults
	Types   []string // event types
	Bodies  []string // request bodies {"type":...,"data":...}
}

// seatPrefix and seatSuffix make a placeholder player ID: they cannot occur
// in any real ID or other value, so a quoted placeholder is replaced safely.
const (
	seatPrefix = "pl_seat"
	seatSuffix = "_placeholder"
)

func seatID(i int) string { return seatPrefix + strconv.Itoa(i) + seatSuffix }

func seatIDs(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = seatID(i)
	}
	return out
}

// seatPlayers are the placeholder players a match is generated for.
func seatPlayers(n int) []rules.Player {
	out := make([]rules.Player, n)
	for i := range out {
		out[i] = rules.Player{ID: seatID(i), Name: "Seat " + strconv.Itoa(i+1)}
	}
	return out
}

// Replacer returns a function that swaps the placeholders of s for ids
// (ids[i] sits in seat i).
func (s *Seq) Replacer(ids []string) *strings.Replacer {
	pairs := make([]string, 0, 2*s.Seats)
	for i := 0; i < s.Seats; i++ {
		pairs = append(pairs, `"`+seatID(i)+`"`, strconv.Quote(ids[i]))
	}
	return strings.NewReplacer(pairs...)
}

// Events returns the events with the players' real IDs.
func (s *Seq) Events(ids []string) []rules.Event {
	rep := s.Replacer(ids)
	out := make([]rules.Event, len(s.Bodies))
	for i, b := range s.Bodies {
		var ev rules.Event
		if err := json.Unmarshal([]byte(rep.Replace(b)), &ev); err != nil {
			panic(err) // bodies are marshalled by us
		}
		out[i] = ev
	}
	return out
}

// gameSpec is one game the tool plays.
type gameSpec struct {
	id       string
	game     rules.Game
	min, max int // players
	// play generates one match through o: it calls o.setup once, then
	// o.emit until the match is finished.
	play func(r *rand.Rand, o *oracle, n int)
	// maxEvents bounds a generated match; longer ones are dropped and
	// generated again from another seed.
	maxEvents int
}

// games lists every game in the server's display order.
var games = []gameSpec{
	{id: "wizard", game: wizard.New(), min: 3, max: 6, play: playWizard, maxEvents: 2000},
	{id: "silver", game: silver.New(), min: 2, max: 4, play: playSilver, maxEvents: 3000},
	{id: "munchkin", game: munchkin.New(), min: 3, max: 6, play: playMunchkin, maxEvents: 3000},
	{id: "wazabi", game: wazabi.New(), min: 2, max: 6, play: playWazabi, maxEvents: 3000},
	{id: "yatuk", game: yatuk.New(), min: 2, max: 4, play: playYatuk, maxEvents: 3000},
}

func gameByID(id string) (gameSpec, bool) {
	for _, g := range games {
		if g.id == id {
			return g, true
		}
	}
	return gameSpec{}, false
}

// oracle plays a match through the game package while it is generated.
type oracle struct {
	spec  gameSpec
	n     int
	state rules.State
	seq   *Seq
}

// genFailure carries a generator's failure out of the play function.
type genFailure struct{ err error }

// errTooLong says a generated match did not finish within maxEvents.
var errTooLong = errors.New("the match did not finish")

func (o *oracle) fail(err error) { panic(genFailure{err}) }

// setup starts the match with options (a JSON-marshalable value; nil for the
// defaults).
func (o *oracle) setup(options any) {
	raw := []byte(nil)
	if options != nil {
		b, err := json.Marshal(options)
		if err != nil {
			o.fail(err)
		}
		if string(b) != "{}" {
			raw = b
		}
	}
	s, _, err := o.spec.game.Setup(seatPlayers(o.n), raw)
	if err != nil {
		o.fail(fmt.Errorf("setup %s: %w", raw, err))
	}
	o.state = s
	o.seq.Options = string(raw)
}

// emit applies one event; a rejection is a bug of the generator.
func (o *oracle) emit(typ string, data any) {
	raw, err := json.Marshal(data)
	if err != nil {
		o.fail(err)
	}
	next, _, err := o.spec.game.Apply(o.state, rules.Event{Type: typ, Data: raw})
	if err != nil {
		o.fail(fmt.Errorf("%s event %d %s %s: %w", o.spec.id, len(o.seq.Bodies)+1, typ, raw, err))
	}
	body, err := json.Marshal(rules.Event{Type: typ, Data: raw})
	if err != nil {
		o.fail(err)
	}
	o.state = next
	o.seq.Types = append(o.seq.Types, typ)
	o.seq.Bodies = append(o.seq.Bodies, string(body))
	if len(o.seq.Bodies) > o.spec.maxEvents && o.state.Result() == nil {
		o.fail(errTooLong)
	}
}

// finished reports whether the match has a result.
func (o *oracle) finished() bool { return o.state.Result() != nil }

// generateOnce plays one match of spec for n players from r.
func generateOnce(spec gameSpec, r *rand.Rand, n int) (seq *Seq, err error) {
	o := &oracle{spec: spec, n: n, seq: &Seq{Game: spec.id, Seats: n}}
	defer func() {
		if p := recover(); p != nil {
			f, ok := p.(genFailure)
			if !ok {
				panic(p)
			}
			seq, err = nil, f.err
		}
	}()
	spec.play(r, o, n)
	if !o.finished() {
		return nil, fmt.Errorf("%s: the generator stopped before the match finished", spec.id)
	}
	return o.seq, nil
}

// seedFor derives a generator seed from the run's seed, a game and an index,
// so a pool is the same for the same --seed whatever else changes.
func seedFor(seed uint64, game string, i int) (uint64, uint64) {
	h := fnv.New64a()
	h.Write([]byte(game))
	return seed, h.Sum64() + uint64(i)*0x9e3779b97f4a7c15
}

// Generate returns match i of game spec for the run's seed: the player count
// and every event follow from (seed, game, i). A match that runs past
// maxEvents is replaced by one from the next seed (it happens rarely: the
// attempts are reported).
func Generate(spec gameSpec, seed uint64, i int) (*Seq, int, error) {
	const attempts = 20
	for a := 0; a < attempts; a++ {
		s1, s2 := seedFor(seed, spec.id, i)
		r := rand.New(rand.NewPCG(s1, s2+uint64(a)*0x632be59bd9b4e019))
		n := spec.min + r.IntN(spec.max-spec.min+1)
		seq, err := generateOnce(spec, r, n)
		if errors.Is(err, errTooLong) {
			continue
		}
		return seq, a + 1, err
	}
	return nil, attempts, fmt.Errorf("%s match %d: no attempt finished within %d events", spec.id, i, spec.maxEvents)
}

// Pool is the generated matches of every game played in a run.
type Pool map[string][]*Seq

// BuildPool generates perGame matches of each game, on every CPU.
func BuildPool(specs []gameSpec, perGame int, seed uint64) (Pool, error) {
	type job struct {
		spec gameSpec
		i    int
	}
	jobs := make(chan job)
	pool := Pool{}
	for _, s := range specs {
		pool[s.id] = make([]*Seq, perGame)
	}
	var (
		mu   sync.Mutex
		errs []error
		wg   sync.WaitGroup
	)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				seq, _, err := Generate(j.spec, seed, j.i)
				mu.Lock()
				if err != nil {
					errs = append(errs, err)
				} else {
					pool[j.spec.id][j.i] = seq
				}
				mu.Unlock()
			}
		}()
	}
	for _, s := range specs {
		for i := 0; i < perGame; i++ {
			jobs <- job{s, i}
		}
	}
	close(jobs)
	wg.Wait()
	return pool, errors.Join(errs...)
}

// pick returns a random element of xs.
func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// chance is true with probability p.
func chance(r *rand.Rand, p float64) bool { return r.Float64() < p }
