// Package rules is the engine contract every game implements.
//
// A game is a pure package (standard library and this package only) that sets
// up a match from seated players and options, applies one table event at a
// time to an immutable state, exposes the scores and the result, answers
// stateless referee questions and serves its rule catalog. A match's state is
// always the fold of its effective event log, so replay, undo and re-scoring
// are one operation.
package rules
