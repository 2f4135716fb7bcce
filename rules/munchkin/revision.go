package munchkin

// The revisions of the Munchkin rules (see rules.Reviser). A fix that makes
// the referee refuse an event it once accepted adds a revision here, and
// the check it adds runs only under that revision and later ones (ApplyAt
// leaves it out for older events), so that events stored before it replay
// as they were accepted.
// Revision 1 is the rules as first shipped.
const (
	// revisionKillFromCombat: levels for a kill (and an Elf helper's gain)
	// only as what this turn's won combat earned; a bare kill is refused
	// citing LEVEL-6, REWARD-2, HELP-12 and WIN-2 (unbackedReward).
	revisionKillFromCombat = 2

	// revision is today's.
	revision = revisionKillFromCombat
)
