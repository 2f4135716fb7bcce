package db

import (
	"context"
	"errors"
)

// replayFailed is the *ReplayError for match id, whose fold gave err; the
// first failure of each match is logged as a warning, so that a match read
// by every list and league page is not logged on every request. A request
// that ended or a database that cannot answer now is returned as it is:
// that is no fault of the match.
func (s *Store) replayFailed(id string, err error) error {
	var re *ReplayError
	if errors.As(err, &re) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	if _, unavailable := Unavailable(err); unavailable {
		return err
	}
	if _, seen := s.unreplayable.LoadOrStore(id, true); !seen {
		s.log.Warn("match does not replay; lists and league pages flag or leave it out until it is corrected", "match", id, "err", err)
	}
	return &ReplayError{MatchID: id, Err: err}
}
