package rules

// Revisions. A rules fix may make a game refuse an event it once accepted
// (Munchkin's levels for a kill with no won combat, say). A match's log is
// what the table recorded and the referee accepted then, so it must replay
// for ever: a stored event is judged by the rules it was accepted under.
//
// Each game's rules therefore carry a revision, a number that a fix
// tightening them raises, and each stored event the revision it was
// accepted under (Event.Revision). Replay applies a stored event with
// today's rules; when they refuse it and it was accepted under an older
// revision, the game applies it as that revision did (Reviser.ApplyAt).
// The event is then grandfathered: it stays in force, with the same effect
// it always had, and the refusal today's rules give is reported beside it.
// New events are always checked by today's rules.

// FirstRevision is the revision of a game's rules as first shipped, of a
// game that was never revised, and of every event stored before events
// recorded their revision.
const FirstRevision = 1

// Reviser is a Game whose rules were revised since first shipped. A game
// that raises its revision keeps, in ApplyAt, what each older revision
// accepted that today's rules refuse.
type Reviser interface {
	// Revision is the revision of today's rules, above FirstRevision.
	Revision() int
	// ApplyAt applies ev to s under revision rev (older than Revision):
	// without the checks added since rev, every other check today's, and
	// with the effect the event always had. It may accept more than rev
	// did, which does no harm: only events rev accepted are given to it.
	// Errors are as for Apply; a malformed event is refused as today.
	ApplyAt(s State, ev Event, rev int) (State, []Ruling, error)
}

// RevisionOf is the revision of g's rules today.
func RevisionOf(g Game) int {
	if r, ok := g.(Reviser); ok {
		return r.Revision()
	}
	return FirstRevision
}

// Revisions is the revision of every game's rules in r today, by game ID.
// A server and a phone running the rules compare them: events checked on
// the phone are checked as the server would only when they agree.
func Revisions(r *Registry) map[string]int {
	out := map[string]int{}
	for _, g := range r.All() {
		out[g.Info().ID] = RevisionOf(g)
	}
	return out
}
