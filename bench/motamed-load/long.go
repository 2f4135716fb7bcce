package main

import (
	"fmt"
	"io"
	"time"
)

// The long scenario: every table records one very long Munchkin match (see
// play.Long) from its first event to its last. It shows whether what an
// event costs grows with its match: the answer's size at the 100th event
// against the last, and the mean append time over the first events against
// the last ones (longWindow each).
const longWindow = 1000

// longTally is what one table saw of its long match.
type longTally struct {
	events        int // the match's length
	at100, atLast int64
	first, last   time.Duration
	firstN, lastN int
}

// note records the answer to event i (0-based) of the match.
func (l *longTally) note(i int, res result) {
	w := min(longWindow, l.events/2)
	if i < w {
		l.first += res.latency
		l.firstN++
	}
	if i >= l.events-w {
		l.last += res.latency
		l.lastN++
	}
	if i == min(99, l.events-1) {
		l.at100 = res.bytes
	}
	if i == l.events-1 {
		l.atLast = res.bytes
	}
}

// LongReport sums up the long scenario over the tables that finished their
// match: the answer bytes at event 100 and at the last, and the mean
// append times over the first and last window of events, with the ratios.
type LongReport struct {
	EventsPerMatch int     `json:"events_per_match"`
	Matches        int     `json:"matches_recorded"`
	Window         int     `json:"window_events"`
	AnswerAt100    float64 `json:"answer_bytes_at_event_100"`
	AnswerAtLast   float64 `json:"answer_bytes_at_last_event"`
	SizeRatio      float64 `json:"size_ratio"`
	FirstMeanMS    float64 `json:"first_window_mean_ms"`
	LastMeanMS     float64 `json:"last_window_mean_ms"`
	TimeRatio      float64 `json:"time_ratio"`
}

func longReport(ls []*longTally, events int) *LongReport {
	r := &LongReport{EventsPerMatch: events, Window: min(longWindow, events/2)}
	var at100, atLast int64
	var first, last time.Duration
	var firstN, lastN int
	for _, l := range ls {
		if l.atLast == 0 { // the match was not recorded to its end
			continue
		}
		r.Matches++
		at100, atLast = at100+l.at100, atLast+l.atLast
		first, last, firstN, lastN = first+l.first, last+l.last, firstN+l.firstN, lastN+l.lastN
	}
	if r.Matches == 0 || firstN == 0 || lastN == 0 {
		return r
	}
	r.AnswerAt100, r.AnswerAtLast = float64(at100)/float64(r.Matches), float64(atLast)/float64(r.Matches)
	r.SizeRatio = r.AnswerAtLast / r.AnswerAt100
	r.FirstMeanMS, r.LastMeanMS = ms(first/time.Duration(firstN)), ms(last/time.Duration(lastN))
	r.TimeRatio = r.LastMeanMS / r.FirstMeanMS
	return r
}

func (r *LongReport) print(w io.Writer) {
	fmt.Fprintf(w, "long matches  %d of %d events recorded   answer at event 100 %.0f B, at the last %.0f B (x%.2f)   mean append over the first %d events %.2f ms, over the last %.2f ms (x%.2f)\n",
		r.Matches, r.EventsPerMatch, r.AnswerAt100, r.AnswerAtLast, r.SizeRatio, r.Window, r.FirstMeanMS, r.LastMeanMS, r.TimeRatio)
}
