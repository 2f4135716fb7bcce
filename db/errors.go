package db

import (
	"errors"
	"fmt"
	"strings"
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

// ReplayError: a stored match does not replay, even with its events judged
// by the rules they were accepted under (its log or options were changed
// behind the server's back, or a game lost a revision's rules). It is the
// server's fault, never the request's, so it does not unwrap to what the
// rules said: lists and league pages leave such a match out or flag it.
type ReplayError struct {
	MatchID string
	Err     error
}

func (e *ReplayError) Error() string {
	return fmt.Sprintf("db: match %s does not replay: %v", e.MatchID, e.Err)
}

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

// Unavailable reports whether err is the storage failing in a way a retry
// may get past: the database locked or busy, out of disk space, read-only,
// or an I/O error (SQLite), or the like on PostgreSQL (insufficient
// resources, a system error, a read-only or shutting-down server). reason
// names it for people ("busy", "disk full", ...; "closed" once the store
// is shutting down). Such a failure leaves the
// request undone, so the same request may be sent again.
func Unavailable(err error) (reason string, ok bool) {
	if errors.Is(err, errStopped) {
		return "closed", true
	}
	var sqlite interface{ Code() int }
	if errors.As(err, &sqlite) {
		switch sqlite.Code() & 0xff { // the primary code of an extended one
		case 5, 6: // SQLITE_BUSY, SQLITE_LOCKED
			return "busy", true
		case 8: // SQLITE_READONLY
			return "read-only", true
		case 10: // SQLITE_IOERR
			return "I/O error", true
		case 13: // SQLITE_FULL
			return "disk full", true
		}
	}
	var pg interface{ SQLState() string }
	if errors.As(err, &pg) {
		switch state := pg.SQLState(); {
		case state == "53100":
			return "disk full", true
		case state == "25006":
			return "read-only", true
		case state == "58030":
			return "I/O error", true
		case strings.HasPrefix(state, "53"), strings.HasPrefix(state, "57P"):
			return "busy", true
		}
	}
	return "", false
}
