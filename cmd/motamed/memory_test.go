package main

import "testing"

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
