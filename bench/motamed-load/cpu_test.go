package main

import (
	"os"
	"testing"
	"time"
)

func TestParseProcStat(t *testing.T) {
	// The command name may hold spaces and parentheses; utime and stime
	// are fields 14 and 15 (here 1234 and 566 ticks).
	line := "4044 (mot (a) med) S 1 4044 4044 0 -1 4194560 12345 0 0 0 1234 566 0 0 20 0 9 0 7777 1468006400 30000 18446744073709551615\n"
	got, err := parseProcStat(line)
	if err != nil || got != 18*time.Second {
		t.Fatalf("got %v, %v; want 18s", got, err)
	}
	for _, bad := range []string{"", "4044 mot S 1", "4044 (mot) S 1 2 3", "4044 (mot) S 1 4044 4044 0 -1 4194560 12345 0 0 0 x 566 0"} {
		if _, err := parseProcStat(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	// This process's own line parses.
	if _, err := processCPU(os.Getpid()); err != nil {
		t.Fatalf("own /proc stat: %v", err)
	}
}

func TestParseMachineStat(t *testing.T) {
	// user nice system idle iowait irq softirq steal guest guest_nice
	text := "cpu  600 0 200 700 100 0 100 0 50 0\ncpu0 300 0 100 350 50 0 50 0 25 0\n"
	busy, all, err := parseMachineStat(text)
	if err != nil || busy != 9*time.Second || all != 17*time.Second {
		t.Fatalf("busy %v all %v err %v; want 9s of 17s", busy, all, err)
	}
	if _, _, err := parseMachineStat("intr 1 2 3\n"); err == nil {
		t.Fatal("a text without the cpu line parsed")
	}
}

func TestCPUReport(t *testing.T) {
	at := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	a := cpuSnapshot{at: at, server: 10 * time.Second, serverOK: true, self: time.Second, machineBusy: 100 * time.Second, machineAll: 200 * time.Second, machineOK: true}
	b := cpuSnapshot{at: at.Add(20 * time.Second), server: 38 * time.Second, serverOK: true, self: 6 * time.Second, machineBusy: 134 * time.Second, machineAll: 240 * time.Second, machineOK: true}
	r := cpuReport(a, b, 280_000)
	if r.ServerSeconds != 28 || r.ServerCores != 1.4 || r.ServerPerRequest != 100 {
		t.Errorf("server: %+v", r)
	}
	if r.SelfSeconds != 5 || r.SelfCores != 0.25 || r.SelfPerRequest < 17.8 || r.SelfPerRequest > 17.9 {
		t.Errorf("generator: %+v", r)
	}
	if r.MachineBusy != 0.85 || r.MachinePerRequest < 121.4 || r.MachinePerRequest > 121.5 {
		t.Errorf("machine: %+v", r)
	}
	b.serverOK = false
	if r := cpuReport(a, b, 1); r.ServerSeconds != 0 {
		t.Errorf("server CPU reported without its second reading: %+v", r)
	}
}
