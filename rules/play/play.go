// Package play generates realistic matches of every game: a game's
// generator plays a match event by event through the game package itself
// (Setup, then Apply for every event), reading the state to decide what
// happens next, the way a table would record it. Every event it keeps was
// accepted by the same rules the server runs, so the server must accept it
// too.
//
// A match follows from a seed alone: the same seed, game and index always
// give the same options and events. Player IDs in a generated match are
// placeholders (see SeatID), replaced by a table's real player IDs when the
// match is played (see Seq.Replacer and Seq.Events).
package play

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"runtime"
	"slices"
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

// Seq is one generated match: its options and its events, in order, with
// placeholder player IDs.
type Seq struct {
	Game    string   // the game's ID
	Seats   int      // the number of players
	Options string   // JSON object, "" for all defaults
	Types   []string // event types
	Bodies  []string // request bodies {"type":...,"data":...}
}

// SeatPrefix starts every placeholder player ID, and seatSuffix ends it:
// they cannot occur in any real ID or other value, so a quoted placeholder
// is replaced safely, and a value that still contains SeatPrefix kept a
// placeholder.
const (
	SeatPrefix = "pl_seat"
	seatSuffix = "_placeholder"
)

// SeatID is the placeholder player ID of seat i (0-based, clockwise).
func SeatID(i int) string { return SeatPrefix + strconv.Itoa(i) + seatSuffix }

// SeatIDs are the placeholder player IDs of n seats, in seat order.
func SeatIDs(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = SeatID(i)
	}
	return out
}

// SeatPlayers are the placeholder players a match of n seats is generated
// for, in seat order: a generated match replays as it is for them.
func SeatPlayers(n int) []rules.Player {
	out := make([]rules.Player, n)
	for i := range out {
		out[i] = rules.Player{ID: SeatID(i), Name: "Seat " + strconv.Itoa(i+1)}
	}
	return out
}

// Replacer returns a replacer that swaps the quoted placeholders of s (in
// its options and bodies) for ids, quoted (ids[i] sits in seat i).
func (s *Seq) Replacer(ids []string) *Replacer {
	r := &Replacer{quoted: make([]string, s.Seats)}
	for i := range r.quoted {
		r.quoted[i] = strconv.Quote(ids[i])
	}
	return r
}

// Replacer swaps quoted placeholders ("pl_seat3_placeholder") for quoted
// real IDs. A load generator replaces every body it sends, so it looks for
// the placeholders' common start instead of trying every pair at every
// byte as a strings.Replacer does.
type Replacer struct {
	quoted []string // quoted[i] replaces seat i's placeholder
}

// Replace returns s with every quoted placeholder of a seat replaced.
func (r *Replacer) Replace(s string) string {
	if !strings.Contains(s, `"`+SeatPrefix) {
		return s
	}
	return string(r.Append(make([]byte, 0, len(s)+len(s)/2), s))
}

// Append appends s to dst with every quoted placeholder of a seat replaced.
func (r *Replacer) Append(dst []byte, s string) []byte {
	const start = `"` + SeatPrefix
	for {
		i := strings.Index(s, start)
		if i < 0 {
			return append(dst, s...)
		}
		dst = append(dst, s[:i]...)
		rest := s[i+len(start):]
		j := 0
		for j < len(rest) && rest[j] >= '0' && rest[j] <= '9' {
			j++
		}
		n, err := strconv.Atoi(rest[:j])
		canonical := j == 1 || (j > 1 && rest[0] != '0') // as SeatID writes it: no leading zero
		if err == nil && canonical && n < len(r.quoted) && strings.HasPrefix(rest[j:], seatSuffix+`"`) {
			dst = append(dst, r.quoted[n]...)
			s = rest[j+len(seatSuffix)+1:]
			continue
		}
		dst = append(dst, '"') // not a seat's placeholder: go on after its quote
		s = s[i+1:]
	}
}

// Events returns the events with the players' real IDs (ids[i] sits in
// seat i). Events(SeatIDs(s.Seats)) gives them with the placeholders.
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

// Spec is one game the generator plays. Get one from Games or ByID: a Spec
// made otherwise has no generator.
type Spec struct {
	ID       string     // the game's ID, as its Info gives it
	Game     rules.Game // the game's rules
	Min, Max int        // the player counts a generated match may have
	// play generates one match through o: it calls o.setup once, then
	// o.emit until the match is finished.
	play func(r *rand.Rand, o *oracle, n int)
	// maxEvents bounds a generated match; longer ones are dropped and
	// generated again from another seed.
	maxEvents int
}

// games lists every game in the server's display order.
var games = []Spec{
	{ID: "wizard", Game: wizard.New(), Min: 3, Max: 6, play: playWizard, maxEvents: 2000},
	{ID: "silver", Game: silver.New(), Min: 2, Max: 4, play: playSilver, maxEvents: 3000},
	{ID: "munchkin", Game: munchkin.New(), Min: 3, Max: 6, play: playMunchkin, maxEvents: 3000},
	{ID: "wazabi", Game: wazabi.New(), Min: 2, Max: 6, play: playWazabi, maxEvents: 3000},
	{ID: "yatuk", Game: yatuk.New(), Min: 2, Max: 4, play: playYatuk, maxEvents: 3000},
}

// Games returns every game the generator plays, in the server's display
// order. The slice is the caller's own.
func Games() []Spec { return slices.Clone(games) }

// ByID returns the game with the given ID, and false if the generator does
// not play it.
func ByID(id string) (Spec, bool) {
	for _, g := range games {
		if g.ID == id {
			return g, true
		}
	}
	return Spec{}, false
}

// oracle plays a match through the game package while it is generated.
type oracle struct {
	spec  Spec
	n     int
	state rules.State
	seq   *Seq
	// stopAt, when positive, ends the match unfinished at that many events
	// (see Long); the generator then avoids every event that would win.
	stopAt int
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
	s, _, err := o.spec.Game.Setup(SeatPlayers(o.n), raw)
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
	next, _, err := o.spec.Game.Apply(o.state, rules.Event{Type: typ, Data: raw})
	if err != nil {
		o.fail(fmt.Errorf("%s event %d %s %s: %w", o.spec.ID, len(o.seq.Bodies)+1, typ, raw, err))
	}
	body, err := json.Marshal(rules.Event{Type: typ, Data: raw})
	if err != nil {
		o.fail(err)
	}
	o.state = next
	o.seq.Types = append(o.seq.Types, typ)
	o.seq.Bodies = append(o.seq.Bodies, string(body))
	if o.stopAt > 0 {
		if len(o.seq.Bodies) == o.stopAt {
			panic(genFailure{errLongEnough})
		}
		return
	}
	if len(o.seq.Bodies) > o.spec.maxEvents && o.state.Result() == nil {
		o.fail(errTooLong)
	}
}

// seatOf is the seat of a placeholder player ID; an unknown one is a bug of
// the generator.
func (o *oracle) seatOf(id string) int {
	for i := 0; i < o.n; i++ {
		if SeatID(i) == id {
			return i
		}
	}
	o.fail(errSeat(id))
	return -1
}

// finished reports whether the match has a result.
func (o *oracle) finished() bool { return o.state.Result() != nil }

// generateOnce plays one match of spec for n players from r.
func generateOnce(spec Spec, r *rand.Rand, n int) (seq *Seq, err error) {
	o := &oracle{spec: spec, n: n, seq: &Seq{Game: spec.ID, Seats: n}}
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
		return nil, fmt.Errorf("%s: the generator stopped before the match finished", spec.ID)
	}
	return o.seq, nil
}

// seedFor derives a generator seed from the caller's seed, a game and an
// index, so a match is the same for the same seed whatever else changes.
func seedFor(seed uint64, game string, i int) (uint64, uint64) {
	h := fnv.New64a()
	h.Write([]byte(game))
	return seed, h.Sum64() + uint64(i)*0x9e3779b97f4a7c15
}

// Generate returns match i of game spec for seed, and the number of attempts
// it took: the player count and every event follow from (seed, game, i). A
// match that runs past the game's event bound is replaced by one from the
// next seed (it happens rarely: the attempts say how often).
func Generate(spec Spec, seed uint64, i int) (*Seq, int, error) {
	if spec.play == nil {
		return nil, 0, fmt.Errorf("play: no generator for game %q (take a Spec from Games or ByID)", spec.ID)
	}
	const attempts = 20
	for a := 0; a < attempts; a++ {
		s1, s2 := seedFor(seed, spec.ID, i)
		r := rand.New(rand.NewPCG(s1, s2+uint64(a)*0x632be59bd9b4e019))
		n := spec.Min + r.IntN(spec.Max-spec.Min+1)
		seq, err := generateOnce(spec, r, n)
		if errors.Is(err, errTooLong) {
			continue
		}
		return seq, a + 1, err
	}
	return nil, attempts, fmt.Errorf("%s match %d: no attempt finished within %d events", spec.ID, i, spec.maxEvents)
}

// Pool is generated matches by game ID.
type Pool map[string][]*Seq

// BuildPool generates matches 0 to perGame-1 of each game for seed, as
// Generate does, on every CPU. On an error the pool lacks the matches that
// failed, and the error says which.
func BuildPool(specs []Spec, perGame int, seed uint64) (Pool, error) {
	type job struct {
		spec Spec
		i    int
	}
	jobs := make(chan job)
	pool := Pool{}
	for _, s := range specs {
		pool[s.ID] = make([]*Seq, perGame)
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
					pool[j.spec.ID][j.i] = seq
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
