package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// server is a server process this tool started (--spawn).
type server struct {
	cmd     *exec.Cmd
	addr    string
	token   string
	dir     string // temporary directory, removed at the end unless kept
	dbPath  string
	logPath string
	ready   time.Duration // from start until /healthz answered 200
	exited  chan struct{}
	waitErr error
}

// freeAddr finds a free loopback port.
func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

func newToken() string {
	var b [24]byte
	_, _ = rand.Read(b[:])
	return "mload_" + hex.EncodeToString(b[:])
}

// spawnServer starts path on a free loopback port with a fresh database in a
// temporary directory (or dbPath when given), an admin token and, unless
// rateLimit, no write limit, and waits until it answers /healthz.
func spawnServer(ctx context.Context, path, dbPath, logLevel string, extra []string, rateLimit bool, wait time.Duration) (*server, error) {
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "motamed-load-*")
	if err != nil {
		return nil, err
	}
	s := &server{addr: addr, token: newToken(), dir: dir, dbPath: dbPath, logPath: filepath.Join(dir, "server.log"), exited: make(chan struct{})}
	if s.dbPath == "" {
		s.dbPath = filepath.Join(dir, "motamed.db")
	}
	logf, err := os.Create(s.logPath)
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	args := append([]string{"--addr", addr, "--db", s.dbPath, "--log-level", logLevel}, extra...)
	s.cmd = exec.Command(path, args...)
	s.cmd.Env = append(os.Environ(), "MOTAMED_ADMIN_TOKEN="+s.token)
	if !rateLimit {
		// One client address and one token would hit the per-client write
		// limit at once; a server without the limit ignores the variable.
		s.cmd.Env = append(s.cmd.Env, "MOTAMED_WRITES_PER_SECOND=-1")
	}
	s.cmd.Stdout, s.cmd.Stderr = logf, logf
	start := time.Now()
	if err := s.cmd.Start(); err != nil {
		logf.Close()
		os.RemoveAll(dir)
		return nil, fmt.Errorf("starting %s: %w", path, err)
	}
	go func() {
		s.waitErr = s.cmd.Wait()
		logf.Close()
		close(s.exited)
	}()
	hc := &http.Client{Timeout: time.Second}
	limit := time.Now().Add(wait)
	for {
		select {
		case <-s.exited:
			return s, fmt.Errorf("the server exited before it was ready (%v); its log:\n%s", s.waitErr, s.logTail(20))
		case <-ctx.Done():
			return s, ctx.Err()
		default:
		}
		resp, err := hc.Get("http://" + addr + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				s.ready = time.Since(start)
				return s, nil
			}
		}
		if time.Now().After(limit) {
			return s, fmt.Errorf("the server did not answer /healthz within %s; its log:\n%s", wait, s.logTail(20))
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// stop sends SIGTERM and waits for the exit (SIGKILL after grace). It
// reports how the server ended.
func (s *server) stop(grace time.Duration) error {
	select {
	case <-s.exited:
		return fmt.Errorf("the server had already exited: %v", s.waitErr)
	default:
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.exited:
		return s.waitErr
	case <-time.After(grace):
		_ = s.cmd.Process.Kill()
		<-s.exited
		return fmt.Errorf("the server did not stop within %s of SIGTERM and was killed", grace)
	}
}

// cleanup removes the temporary directory unless keep is set.
func (s *server) cleanup(keep bool) {
	if !keep {
		os.RemoveAll(s.dir)
	}
}

// logTail returns the last n lines of the server's log.
func (s *server) logTail(n int) string {
	b, err := os.ReadFile(s.logPath)
	if err != nil {
		return ""
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// procMem is a process's memory as /proc/<pid>/status shows it, in bytes.
type procMem struct {
	RSS int64 // VmRSS: resident now
	HWM int64 // VmHWM: the peak resident size so far
}

func readProcMem(pid int) (procMem, error) {
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return procMem{}, err
	}
	defer f.Close()
	var m procMem
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		var dst *int64
		switch {
		case strings.HasPrefix(line, "VmRSS:"):
			dst = &m.RSS
		case strings.HasPrefix(line, "VmHWM:"):
			dst = &m.HWM
		default:
			continue
		}
		f := strings.Fields(line)
		if len(f) >= 2 {
			kb, err := strconv.ParseInt(f[1], 10, 64)
			if err == nil {
				*dst = kb << 10
			}
		}
	}
	if m.RSS == 0 && m.HWM == 0 {
		return m, errors.New("no VmRSS in /proc/" + strconv.Itoa(pid) + "/status")
	}
	return m, sc.Err()
}

// memSampler samples a process's memory until stopped.
type memSampler struct {
	pid  int
	mu   sync.Mutex
	peak int64 // highest VmRSS sampled
	hwm  int64 // latest VmHWM read
	last int64 // latest VmRSS read
	n    int
	err  error
	stop chan struct{}
	done chan struct{}
}

func startSampler(pid int, every time.Duration) *memSampler {
	m := &memSampler{pid: pid, stop: make(chan struct{}), done: make(chan struct{})}
	m.sample()
	go func() {
		defer close(m.done)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-m.stop:
				return
			case <-t.C:
				m.sample()
			}
		}
	}()
	return m
}

func (m *memSampler) sample() {
	pm, err := readProcMem(m.pid)
	m.mu.Lock()
	defer m.mu.Unlock()
	if err != nil {
		if m.n == 0 {
			m.err = err
		}
		return
	}
	m.n++
	m.err = nil
	m.peak = max(m.peak, pm.RSS)
	m.hwm = max(m.hwm, pm.HWM)
	m.last = pm.RSS
}

// finish takes a last sample and stops.
func (m *memSampler) finish() {
	m.sample()
	close(m.stop)
	<-m.done
}
