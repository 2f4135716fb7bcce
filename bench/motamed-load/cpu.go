package main

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// On a shared machine the rate of one run moves by 10-20%, while the CPU
// each request costs moves far less: it is what tells whether a change made
// the server cheaper. The load's CPU is read from the kernel at its start
// and end: the server's (all its threads, /proc/<pid>/stat), this tool's own
// (getrusage) and the whole machine's (/proc/stat).

// cpuSnapshot is the CPU time used so far.
type cpuSnapshot struct {
	at          time.Time
	server      time.Duration // the server process, all threads, user + system
	serverOK    bool
	self        time.Duration // this process, user + system
	machineBusy time.Duration // every core, not idle and not waiting for the disk
	machineAll  time.Duration // every core, in total
	machineOK   bool
}

// userHZ is the unit of /proc's CPU times: 100 on every Linux kernel
// configuration in use (USER_HZ, fixed by the kernel's ABI).
const userHZ = 100

func ticks(n uint64) time.Duration { return time.Duration(n) * time.Second / userHZ }

func takeCPU(pid int) cpuSnapshot {
	s := cpuSnapshot{at: time.Now()}
	if pid > 0 {
		if d, err := processCPU(pid); err == nil {
			s.server, s.serverOK = d, true
		}
	}
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
		s.self = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	if busy, all, err := machineCPU(); err == nil {
		s.machineBusy, s.machineAll, s.machineOK = busy, all, true
	}
	return s
}

// processCPU is a process's user + system time from /proc/<pid>/stat.
func processCPU(pid int) (time.Duration, error) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, err
	}
	return parseProcStat(string(b))
}

// parseProcStat reads utime and stime (fields 14 and 15) of a
// /proc/<pid>/stat line. The command name (field 2) is in parentheses and
// may hold spaces or parentheses itself, so fields are counted after the
// last ')'.
func parseProcStat(line string) (time.Duration, error) {
	i := strings.LastIndexByte(line, ')')
	if i < 0 {
		return 0, errors.New("no command name in /proc/<pid>/stat")
	}
	f := strings.Fields(line[i+1:]) // f[0] is field 3, the state
	if len(f) < 13 {
		return 0, errors.New("too few fields in /proc/<pid>/stat")
	}
	utime, err1 := strconv.ParseUint(f[11], 10, 64)
	stime, err2 := strconv.ParseUint(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, errors.New("bad CPU times in /proc/<pid>/stat")
	}
	return ticks(utime + stime), nil
}

// machineCPU is the time all cores spent busy, and in all, from /proc/stat.
func machineCPU() (busy, all time.Duration, err error) {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0, 0, err
	}
	return parseMachineStat(string(b))
}

// parseMachineStat reads the first line of /proc/stat: "cpu user nice
// system idle iowait irq softirq steal ...". Busy is all but idle and
// iowait (a core waiting for the disk is free to run something else).
func parseMachineStat(text string) (busy, all time.Duration, err error) {
	line, _, _ := strings.Cut(text, "\n")
	f := strings.Fields(line)
	if len(f) < 5 || f[0] != "cpu" {
		return 0, 0, errors.New("no cpu line in /proc/stat")
	}
	var total, idle uint64
	for i, v := range f[1:] {
		if i >= 8 { // guest times are already counted in user and nice
			break
		}
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return 0, 0, errors.New("bad number in /proc/stat")
		}
		total += n
		if i == 3 || i == 4 { // idle, iowait
			idle += n
		}
	}
	return ticks(total - idle), ticks(total), nil
}

// CPUReport is the CPU the load took, between its first and last request.
type CPUReport struct {
	Seconds float64 `json:"seconds"`
	// The server's CPU (user + system, all threads) in seconds, in cores
	// (seconds per second) and per request; absent when its pid is unknown.
	ServerSeconds    float64 `json:"server_cpu_seconds,omitempty"`
	ServerCores      float64 `json:"server_cores,omitempty"`
	ServerPerRequest float64 `json:"server_cpu_us_per_request,omitempty"`
	// This tool's own CPU.
	SelfSeconds    float64 `json:"generator_cpu_seconds"`
	SelfCores      float64 `json:"generator_cores"`
	SelfPerRequest float64 `json:"generator_cpu_us_per_request"`
	// The whole machine: the share of its cores' time that was busy, and
	// the busy core time per request (server, tool, kernel and anything
	// else that ran).
	MachineBusy       float64 `json:"machine_busy_share,omitempty"`
	MachinePerRequest float64 `json:"machine_cpu_us_per_request,omitempty"`
}

// cpuReport compares two snapshots over the requests made between them.
func cpuReport(a, b cpuSnapshot, requests int64) *CPUReport {
	secs := b.at.Sub(a.at).Seconds()
	if secs <= 0 {
		return nil
	}
	per := func(d time.Duration) float64 {
		if requests <= 0 {
			return 0
		}
		return float64(d.Microseconds()) / float64(requests)
	}
	r := &CPUReport{Seconds: secs}
	self := b.self - a.self
	r.SelfSeconds, r.SelfCores, r.SelfPerRequest = self.Seconds(), self.Seconds()/secs, per(self)
	if a.serverOK && b.serverOK {
		d := b.server - a.server
		r.ServerSeconds, r.ServerCores, r.ServerPerRequest = d.Seconds(), d.Seconds()/secs, per(d)
	}
	if a.machineOK && b.machineOK && b.machineAll > a.machineAll {
		busy := b.machineBusy - a.machineBusy
		r.MachineBusy = float64(busy) / float64(b.machineAll-a.machineAll)
		r.MachinePerRequest = per(busy)
	}
	return r
}
