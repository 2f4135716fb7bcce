package play

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// errLongEnough stops a long match's generator once it has its events.
var errLongEnough = errors.New("long enough")

// Long returns a four-player Munchkin match of exactly events events, still
// in progress at its end: nobody reaches the winning level, because every
// fight that could take a player there is lost (so Bad Stuff and curses
// keep the levels moving). It is far longer than real play and exists to
// show that what an event costs does not grow with its match. The same seed
// and length give the same match.
func Long(seed uint64, events int) (*Seq, error) {
	if events < 1 {
		return nil, fmt.Errorf("play: a long match needs at least one event, not %d", events)
	}
	spec, _ := ByID("munchkin")
	o := &oracle{spec: spec, n: 4, seq: &Seq{Game: spec.ID, Seats: 4}, stopAt: events}
	r := rand.New(rand.NewPCG(seed, 0x6c6f6e67))
	err := func() (err error) {
		defer func() {
			if p := recover(); p != nil {
				f, ok := p.(genFailure)
				if !ok {
					panic(p)
				}
				err = f.err
			}
		}()
		playMunchkin(r, o, o.n)
		return nil
	}()
	switch {
	case errors.Is(err, errLongEnough):
		return o.seq, nil
	case err != nil:
		return nil, err
	default:
		return nil, fmt.Errorf("play: the long match finished after %d events (the last: %s)", len(o.seq.Bodies), o.seq.Bodies[len(o.seq.Bodies)-1])
	}
}
