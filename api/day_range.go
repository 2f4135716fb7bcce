package api

import (
	"time"

	"github.com/motamed/motamed/rules"
)

// dayRange reads the from and to days of a list (YYYY-MM-DD, UTC, both
// inclusive; either may be empty) as the instants [from, to+1 day).
func dayRange(from, to string) (time.Time, time.Time, error) {
	var f, t time.Time
	var err error
	if from != "" {
		if f, err = time.Parse(time.DateOnly, from); err != nil {
			return f, t, rules.Invalid("from", "must be a day such as 2026-03-01")
		}
	}
	if to != "" {
		if t, err = time.Parse(time.DateOnly, to); err != nil {
			return f, t, rules.Invalid("to", "must be a day such as 2026-03-01")
		}
		t = t.AddDate(0, 0, 1)
	}
	if !f.IsZero() && !t.IsZero() && !f.Before(t) {
		return f, t, rules.Invalid("to", "must not be before from")
	}
	return f, t, nil
}
