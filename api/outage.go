package api

import (
	"log/slog"
	"sync"
	"time"
)

// outageQuiet is how long storage must go without failing before the next
// failure counts as a new incident.
const outageQuiet = time.Minute

// outage logs storage failures once per incident rather than once per
// request: while the disk is full every write fails, and a line each time
// would bury the one that says so. The first failure after a quiet minute
// is logged, with how many requests the incident before it failed.
type outage struct {
	mu        sync.Mutex
	now       func() time.Time
	last      time.Time
	failed    int // requests failed in the incident in progress
	lastCount int
}

func newOutage() *outage { return &outage{now: time.Now} }

// report counts one failed request and logs it if it starts an incident.
func (o *outage) report(log *slog.Logger, reason string, err error) {
	o.mu.Lock()
	now := o.now()
	starts := o.last.IsZero() || now.Sub(o.last) > outageQuiet
	if starts {
		o.lastCount, o.failed = o.failed, 0
	}
	o.failed++
	o.last = now
	previous := o.lastCount
	o.mu.Unlock()
	if starts {
		log.Error("storage unavailable: answering 503 with Retry-After until it recovers; logged once per incident",
			"reason", reason, "err", err, "previous_incident_requests", previous)
	}
}
