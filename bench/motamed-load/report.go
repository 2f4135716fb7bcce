package main

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
)

// Report is a run's outcome; --json prints it as is.
type Report struct {
	Scenario        string       `json:"scenario"`
	Addr            string       `json:"addr"`
	Tables          int          `json:"tables"`
	MatchesPerTable int          `json:"matches_per_table"`
	Games           []string     `json:"games"`
	Skipped         []string     `json:"skipped_games,omitempty"`
	ReadRatio       float64      `json:"read_ratio"`
	StandingsShare  float64      `json:"standings_share"`
	Seed            uint64       `json:"seed"`
	Duration        float64      `json:"duration_seconds"`
	Elapsed         float64      `json:"elapsed_seconds"`
	Interrupted     bool         `json:"interrupted,omitempty"`
	Pool            *PoolReport  `json:"pool,omitempty"`
	Setup           *SetupReport `json:"setup,omitempty"`

	Requests      int64   `json:"requests"`
	RequestsPerS  float64 `json:"requests_per_second"`
	Events        int64   `json:"events_accepted"`
	EventsPerS    float64 `json:"events_per_second"`
	Reads         int64   `json:"reads"`
	ReadsPerS     float64 `json:"reads_per_second"`
	AvgEventBytes float64 `json:"avg_event_bytes"`

	// CPU is the CPU the load took (server, this tool, the machine).
	CPU *CPUReport `json:"cpu,omitempty"`

	Kinds            map[string]KindReport `json:"kinds"`
	Status           map[string]int64      `json:"status_codes"`
	Errors           int64                 `json:"errors"`
	ErrorMessages    []string              `json:"error_messages,omitempty"`
	MatchesStarted   map[string]int64      `json:"matches_started"`
	MatchesFinished  map[string]int64      `json:"matches_finished"`
	MatchesAbandoned int64                 `json:"matches_abandoned"`
	Server           *ServerReport         `json:"server,omitempty"`
	Long             *LongReport           `json:"long,omitempty"`
}

// KindReport is one request kind's count, rate and latencies (ms).
type KindReport struct {
	Count int64   `json:"count"`
	PerS  float64 `json:"per_second"`
	Mean  float64 `json:"mean_ms"`
	P50   float64 `json:"p50_ms"`
	P90   float64 `json:"p90_ms"`
	P99   float64 `json:"p99_ms"`
	P999  float64 `json:"p99_9_ms"`
	Max   float64 `json:"max_ms"`
	// AnswerBytes is the mean size of the answers' bodies.
	AnswerBytes float64 `json:"avg_answer_bytes"`
}

// PoolReport describes the generated matches.
type PoolReport struct {
	PerGame int     `json:"matches_per_game"`
	Events  int     `json:"events"`
	Seconds float64 `json:"seconds"`
}

// SetupReport describes the requests made before the load (leagues,
// players, and the read match of get-match).
type SetupReport struct {
	Requests int64   `json:"requests"`
	Seconds  float64 `json:"seconds"`
}

// ServerReport describes the server process, when known.
type ServerReport struct {
	Spawned     string  `json:"spawned,omitempty"`
	PID         int     `json:"pid"`
	DB          string  `json:"db,omitempty"`
	ReadyMS     float64 `json:"ready_ms,omitempty"`
	PeakRSS     int64   `json:"peak_rss_bytes"`
	HWM         int64   `json:"vm_hwm_bytes"`
	EndRSS      int64   `json:"end_rss_bytes"`
	Samples     int     `json:"memory_samples"`
	MemoryError string  `json:"memory_error,omitempty"`
	Stop        string  `json:"stop,omitempty"`
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func (t *tally) requests() int64 {
	var n int64
	for _, h := range t.hist {
		n += h.n
	}
	return n
}

// fill computes the report from the load's tally.
func (r *Report) fill(t *tally, elapsed time.Duration, setup *tally) {
	secs := elapsed.Seconds()
	rate := func(n int64) float64 {
		if secs <= 0 {
			return 0
		}
		return float64(n) / secs
	}
	r.Elapsed = secs
	r.Requests = t.requests()
	r.RequestsPerS = rate(r.Requests)
	r.Events = t.events
	r.EventsPerS = rate(r.Events)
	r.Reads = t.hist[kindGetMatch].n + t.hist[kindStandings].n
	r.ReadsPerS = rate(r.Reads)
	if r.Events > 0 {
		r.AvgEventBytes = float64(t.eventBytes) / float64(r.Events)
	}
	for k := kind(0); k < nKinds; k++ {
		h := t.hist[k]
		if h.n == 0 {
			continue
		}
		r.Kinds[kindKeys[k]] = KindReport{Count: h.n, PerS: rate(h.n), Mean: ms(h.mean()), P50: ms(h.quantile(0.5)), P90: ms(h.quantile(0.9)),
			P99: ms(h.quantile(0.99)), P999: ms(h.quantile(0.999)), Max: ms(time.Duration(h.max)), AnswerBytes: float64(t.respBytes[k]) / float64(h.n)}
	}
	for s, n := range t.status {
		r.Status[strconv.Itoa(s)] += n
	}
	r.Errors = t.errors + setup.errors
	r.ErrorMessages = append(slices.Clone(setup.messages), t.messages...)
	if len(r.ErrorMessages) > maxErrorMessages {
		r.ErrorMessages = r.ErrorMessages[:maxErrorMessages]
	}
	for g, n := range t.started {
		r.MatchesStarted[g] = n
	}
	for g, n := range t.finished {
		r.MatchesFinished[g] = n
	}
	r.MatchesAbandoned = t.abandoned
}

func mb(b int64) string { return fmt.Sprintf("%.1f MB", float64(b)/(1<<20)) }

func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 && c != '-' {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// print writes the human-readable report.
func (r *Report) print(w io.Writer) {
	fmt.Fprintf(w, "\nmotamed-load %s: %d tables", r.Scenario, r.Tables)
	if r.MatchesPerTable > 1 {
		fmt.Fprintf(w, " x %d matches", r.MatchesPerTable)
	}
	fmt.Fprintf(w, " against %s for %.1f s (%s), read ratio %.2f, seed %d\n", r.Addr, r.Elapsed, strings.Join(r.Games, " "), r.ReadRatio, r.Seed)
	if r.Interrupted {
		fmt.Fprintln(w, "interrupted: the figures cover the time until the interrupt")
	}
	fmt.Fprintf(w, "requests %s (%.0f/s)   events accepted %s (%.0f/s, avg %.0f B)   reads %s (%.0f/s)\n\n",
		thousands(r.Requests), r.RequestsPerS, thousands(r.Events), r.EventsPerS, r.AvgEventBytes, thousands(r.Reads), r.ReadsPerS)

	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "kind\tcount\tper s\tmean\tp50\tp90\tp99\tp99.9\tmax\tanswer\t")
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) + "ms" }
	for k := kind(0); k < nKinds; k++ {
		kr, ok := r.Kinds[kindKeys[k]]
		if !ok {
			continue
		}
		fmt.Fprintf(tw, "%s\t%s\t%.0f\t%s\t%s\t%s\t%s\t%s\t%s\t%.0f B\t\n", kindNames[k], thousands(kr.Count), kr.PerS, f(kr.Mean), f(kr.P50), f(kr.P90), f(kr.P99), f(kr.P999), f(kr.Max), kr.AnswerBytes)
	}
	tw.Flush()

	codes := make([]string, 0, len(r.Status))
	for c := range r.Status {
		codes = append(codes, c)
	}
	sort.Strings(codes)
	parts := make([]string, len(codes))
	for i, c := range codes {
		parts[i] = c + ": " + thousands(r.Status[c])
	}
	fmt.Fprintf(w, "\nstatus codes  %s\n", strings.Join(parts, "   "))
	if len(r.MatchesStarted) > 0 || len(r.MatchesFinished) > 0 {
		var ms []string
		var started, finished int64
		for _, g := range r.Games {
			ms = append(ms, fmt.Sprintf("%s %d/%d", g, r.MatchesFinished[g], r.MatchesStarted[g]))
			started += r.MatchesStarted[g]
			finished += r.MatchesFinished[g]
		}
		fmt.Fprintf(w, "matches finished/started  %s   (total %d/%d, abandoned after an error %d)\n", strings.Join(ms, "  "), finished, started, r.MatchesAbandoned)
	}
	if len(r.Skipped) > 0 {
		fmt.Fprintf(w, "not offered by the server, left out: %s\n", strings.Join(r.Skipped, " "))
	}
	if s := r.Server; s != nil {
		fmt.Fprintf(w, "server pid %d", s.PID)
		if s.Spawned != "" {
			fmt.Fprintf(w, " (spawned %s, ready in %.0f ms)", s.Spawned, s.ReadyMS)
		}
		switch {
		case s.MemoryError != "":
			fmt.Fprintf(w, "   memory unknown: %s", s.MemoryError)
		case s.Samples > 0:
			fmt.Fprintf(w, "   peak memory %s (VmHWM), highest sampled VmRSS %s, at the end %s", mb(s.HWM), mb(s.PeakRSS), mb(s.EndRSS))
		}
		if s.Stop != "" {
			fmt.Fprintf(w, "   stop: %s", s.Stop)
		}
		fmt.Fprintln(w)
	}
	if r.Long != nil {
		r.Long.print(w)
	}
	if c := r.CPU; c != nil {
		fmt.Fprint(w, "cpu during the load")
		if c.ServerSeconds > 0 {
			fmt.Fprintf(w, "  server %.1f s (%.2f cores, %.0f µs per request)", c.ServerSeconds, c.ServerCores, c.ServerPerRequest)
		}
		fmt.Fprintf(w, "  this tool %.1f s (%.2f cores, %.0f µs per request)", c.SelfSeconds, c.SelfCores, c.SelfPerRequest)
		if c.MachineBusy > 0 {
			fmt.Fprintf(w, "  machine %.0f%% busy (%.0f µs per request)", 100*c.MachineBusy, c.MachinePerRequest)
		}
		fmt.Fprintln(w)
	}
	if r.Errors == 0 {
		fmt.Fprintln(w, "errors  0")
		return
	}
	fmt.Fprintf(w, "errors  %s (requests without their expected 201/200, and matches not finished after their last event); the first:\n", thousands(r.Errors))
	for _, m := range r.ErrorMessages {
		fmt.Fprintln(w, "  "+m)
	}
	if r.Status["429"] > 0 {
		fmt.Fprintln(w, "429 is the server's write limit per client: every table shares one address and token, so run the server with --writes-per-second=-1 (--spawn does, unless --server-rate-limit)")
	}
}
