package main

import (
	"fmt"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
)

// defaultMemoryLimit is the soft limit of the Go heap. Without a limit the
// collector lets the heap grow to twice the live data before it runs; near
// the limit it runs almost without pause. 200 MiB leaves room above what the
// caches hold at their defaults (--cache-bytes 128 MiB of states, as
// estimated, and 16 MB of encoded answers): at 100 MiB, 10,000 matches in
// progress filled the heap and made half their appends' CPU the collector's.
// A server whose live data needs more keeps working; raise the limit with
// the caches.
const defaultMemoryLimit = "200MiB"

// parseSize reads a byte count: a whole number with an optional unit (B,
// KB, MB, GB, KiB, MiB, GiB); "0" or "off" means no limit (returned as 0).
func parseSize(s string) (int64, error) {
	v := strings.TrimSpace(s)
	if strings.EqualFold(v, "off") {
		return 0, nil
	}
	units := []struct {
		suffix string
		mult   int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"B", 1}}
	mult := int64(1)
	for _, u := range units {
		if len(v) > len(u.suffix) && strings.EqualFold(v[len(v)-len(u.suffix):], u.suffix) {
			v, mult = strings.TrimSpace(v[:len(v)-len(u.suffix)]), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 || n > math.MaxInt64/mult {
		return 0, fmt.Errorf("memory limit %q: use a size such as 100MiB, 1GB or 268435456, or off", s)
	}
	return n * mult, nil
}

// setMemoryLimit applies the --memory-limit flag, unless GOMEMLIMIT is set
// (the Go runtime has applied that already). It returns the limit in force
// (0 for none).
func setMemoryLimit(flagValue string) (int64, error) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return debug.SetMemoryLimit(-1), nil
	}
	n, err := parseSize(flagValue)
	if err != nil {
		return 0, err
	}
	if n == 0 {
		debug.SetMemoryLimit(math.MaxInt64)
		return 0, nil
	}
	debug.SetMemoryLimit(n)
	return n, nil
}

// defaultGCPercent is GOGC's default here: the collector runs when the heap
// has grown by four times the live data since the last collection, instead
// of by once (Go's 100). A busy server allocates 10-17 KB per event, so at
// 100 it collected many times a second and spent about a tenth of its CPU
// there. The memory limit still caps the heap, so the peak stays under it
// (see docs/performance.md). With a small live heap (the caches keep few
// finished matches) 400 already makes collection cheap: GOGC=off, leaving
// only the limit, gave no more.
const defaultGCPercent = 400

// setGCPercent applies defaultGCPercent unless GOGC is set (the runtime has
// applied that already).
func setGCPercent() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(defaultGCPercent)
	}
}

// setProcs runs Go code on twice as many threads as there are cores,
// unless GOMAXPROCS says otherwise. One goroutine commits every write, and
// each commit waits for fsync; with one thread per core it comes back from
// that wait to find both cores busy with requests and queues behind them,
// holding up every table. With spare threads it resumes at once, and the
// kernel shares the cores. On a 2-core machine this gave 10-15% more
// events per second at 64 tables (see docs/performance.md).
func setProcs() {
	if os.Getenv("GOMAXPROCS") == "" {
		runtime.GOMAXPROCS(2 * startProcs)
	}
}

// startProcs is the runtime's own choice, read once: serving twice in one
// process (as the tests do) must not double it twice.
var startProcs = runtime.GOMAXPROCS(0)
