package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
)

func TestParseSize(t *testing.T) {
	good := map[string]int64{
		"100MiB": 100 << 20, "1GiB": 1 << 30, "512KiB": 512 << 10, "256MB": 256e6, "2GB": 2e9, "10KB": 10e3,
		"4096": 4096, "4096B": 4096, " 64 mib ": 64 << 20, "0": 0, "off": 0, "OFF": 0,
	}
	for in, want := range good {
		if got, err := parseSize(in); err != nil || got != want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "MiB", "-1MiB", "1.5GiB", "ten", "1TB", "99999999999GiB"} {
		if got, err := parseSize(in); err == nil {
			t.Errorf("parseSize(%q) = %d, want an error", in, got)
		}
	}
}

// The flag sets the runtime's soft limit, "off" lifts it, a bad value is
// refused, and GOMEMLIMIT, when set, is left alone.
func TestSetMemoryLimit(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(before)
	t.Setenv("GOMEMLIMIT", "")
	if n, err := setMemoryLimit("64MiB"); err != nil || n != 64<<20 || debug.SetMemoryLimit(-1) != 64<<20 {
		t.Fatalf("64MiB: %d, %v; runtime limit %d", n, err, debug.SetMemoryLimit(-1))
	}
	if n, err := setMemoryLimit("off"); err != nil || n != 0 || debug.SetMemoryLimit(-1) != math.MaxInt64 {
		t.Fatalf("off: %d, %v; runtime limit %d", n, err, debug.SetMemoryLimit(-1))
	}
	if _, err := setMemoryLimit("lots"); err == nil {
		t.Fatal("a bad limit was accepted")
	}
	debug.SetMemoryLimit(1 << 30)
	t.Setenv("GOMEMLIMIT", "1GiB")
	if n, err := setMemoryLimit("64MiB"); err != nil || n != 1<<30 || debug.SetMemoryLimit(-1) != 1<<30 {
		t.Fatalf("with GOMEMLIMIT set: %d, %v; runtime limit %d", n, err, debug.SetMemoryLimit(-1))
	}
}

// Serving sets twice the runtime's own thread count, however often it runs.
func TestSetProcs(t *testing.T) {
	before := runtime.GOMAXPROCS(0)
	defer runtime.GOMAXPROCS(before)
	t.Setenv("GOMAXPROCS", "")
	setProcs()
	setProcs()
	if got := runtime.GOMAXPROCS(0); got != 2*startProcs {
		t.Fatalf("GOMAXPROCS %d after two servings, want %d", got, 2*startProcs)
	}
}

// The server's GOGC default applies unless GOGC is set.
func TestSetGCPercent(t *testing.T) {
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	t.Setenv("GOGC", "")
	setGCPercent()
	if got := debug.SetGCPercent(100); got != defaultGCPercent {
		t.Fatalf("GC percent %d, want %d", got, defaultGCPercent)
	}
	t.Setenv("GOGC", "150")
	setGCPercent()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Fatalf("with GOGC set the server changed the GC percent to %d", got)
	}
}
