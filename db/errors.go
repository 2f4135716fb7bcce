package db

import (
	"errors"
	"fmt"
)

// The store's error vocabulary. The API maps each to one HTTP status in one
// place; rule violations from the games pass through unchanged.
var (
	// ErrNotFound: no such player, league or match.
	ErrNotFound = errors.New("not found")
	// ErrKeyReused: an Idempotency-Key was sent again with a different body.
	ErrKeyReused = errors.New("idempotency key reused with a different request")
	// ErrNothingToUndo: the match has no effective event left to void.
	ErrNothingToUndo = errors.New("nothing to undo")
)

// NotFoundError says which kind of thing with which ID does not exist.
type NotFoundError struct {
	Kind string // "player", "league", "match", "game"
	ID   string
}

func (e *NotFoundError) Error() string { return fmt.Sprintf("%s %q not found", e.Kind, e.ID) }

// Unwrap lets errors.Is(err, ErrNotFound) match.
func (e *NotFoundError) Unwrap() error { return ErrNotFound }

func notFound(kind, id string) error { return &NotFoundError{Kind: kind, ID: id} }

// VersionError: an If-Match version did not match the match's version.
// Current is -1 when it is not known: the log refused the event because
// another write took its place first (see recordEvent).
type VersionError struct {
	Expected, Current int64
}

func (e *VersionError) Error() string {
	if e.Current < 0 {
		return fmt.Sprintf("the match is no longer at version %d: another write reached it first; read the match again", e.Expected)
	}
	return fmt.Sprintf("the match is at version %d, not %d", e.Current, e.Expected)
}

// ConflictError: the request conflicts with the match's state (for example a
// league of another game).
type ConflictError struct{ Reason string }

func (e *ConflictError) Error() string { return e.Reason }

// MergedError: the player was merged into another; Into is where it went.
type MergedError struct{ ID, Into string }

func (e *MergedError) Error() string {
	return fmt.Sprintf("player %q was merged into %q", e.ID, e.Into)
}
