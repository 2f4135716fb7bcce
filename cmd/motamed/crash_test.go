package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// crashServer runs the real motamed binary and can kill it like a crash.
type crashServer struct {
	t      *testing.T
	bin    string
	db     string
	addr   string
	token  string
	cmd    *exec.Cmd
	stderr bytes.Buffer
}

func (s *crashServer) start() {
	s.t.Helper()
	s.stderr.Reset()
	s.cmd = exec.Command(s.bin, "--addr", s.addr, "--db", s.db, "--log-level", "warn")
	s.cmd.Env = append(os.Environ(), "MOTAMED_ADMIN_TOKEN="+s.token, "MOTAMED_WRITES_PER_SECOND=-1")
	s.cmd.Stderr = &s.stderr
	if err := s.cmd.Start(); err != nil {
		s.t.Fatal(err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if resp, err := http.Get("http://" + s.addr + "/healthz"); err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	s.t.Fatalf("server did not come up: %s", s.stderr.String())
}

func (s *crashServer) kill() {
	_ = s.cmd.Process.Signal(syscall.SIGKILL)
	_ = s.cmd.Wait()
}

func (s *crashServer) post(path, key string, body any) (int, []byte, error) {
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", "http://"+s.addr+path, bytes.NewReader(raw))
	req.Header.Set("Authorization", "Bearer "+s.token)
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	resp, err := crashClient.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, b, err
}

var crashClient = &http.Client{Timeout: 5 * time.Second}

// wizardLog is a whole 3-player Wizard match, 100 events, all legal.
func wizardLog(p []string) []map[string]any {
	var out []map[string]any
	const rounds = 20
	for r := 1; r <= rounds; r++ {
		dealer := (r - 1) % 3
		start := map[string]any{"trump": "none"}
		if r < rounds {
			start["trump_card"] = "jester"
		}
		out = append(out, map[string]any{"type": "round_started", "data": start})
		won := map[string]int{}
		for i := 1; i <= 3; i++ {
			seat := (dealer + i) % 3
			bid := 0
			if i == 1 {
				bid = r
			}
			out = append(out, map[string]any{"type": "bid", "data": map[string]any{"player": p[seat], "bid": bid}})
			won[p[seat]] = bid
		}
		out = append(out, map[string]any{"type": "tricks", "data": map[string]any{"won": won}})
	}
	return out
}

// TestCrashLosesNoAcknowledgedEvent kills the server with SIGKILL several
// times while writers append with idempotency keys, restarts it, and checks
// that every acknowledged event is stored exactly once, in order, without
// gaps, and that every match replays to what is stored.
func TestCrashLosesNoAcknowledgedEvent(t *testing.T) {
	if testing.Short() {
		t.Skip("crash test skipped in -short mode")
	}
	dir := t.TempDir()
	bin := buildMotamed(t, dir)
	srv := &crashServer{t: t, bin: bin, db: filepath.Join(dir, "crash.db"), addr: freeAddr(t), token: "crash-test-admin-token-0123456789"}
	srv.start()
	defer func() {
		if srv.cmd.ProcessState == nil {
			srv.kill()
		}
	}()

	// Players, before the chaos.
	players := srv.addPlayers("Sara", "رضا", "Kian")
	const writers = 8
	script := wizardLog(players)
	var mu sync.Mutex
	var acks atomic.Int64     // events acknowledged in all
	acked := map[string]int{} // match ID -> events acknowledged, in order
	var order []string
	stop := make(chan struct{})
	stopped := func() bool {
		select {
		case <-stop:
			return true
		default:
			return false
		}
	}
	var wg sync.WaitGroup
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for !stopped() {
				// A new match (a create whose answer is lost leaves an empty
				// match behind, which is harmless).
				code, body, err := srv.post("/v1/matches", "", map[string]any{"game": "wizard", "players": players})
				if err != nil || code != 201 {
					time.Sleep(30 * time.Millisecond)
					continue
				}
				var m struct{ ID string }
				_ = json.Unmarshal(body, &m)
				mu.Lock()
				acked[m.ID] = 0
				order = append(order, m.ID)
				mu.Unlock()
				for i := 0; i < len(script) && !stopped(); {
					key := fmt.Sprintf("%s-%d", m.ID, i)
					code, body, err := srv.post("/v1/matches/"+m.ID+"/events", key, script[i])
					switch {
					case err != nil || code == 503:
						time.Sleep(30 * time.Millisecond) // down or busy: retry the same event, same key
					case code == 201 || code == 200: // recorded now, or before the crash
						mu.Lock()
						acked[m.ID] = i + 1
						mu.Unlock()
						acks.Add(1)
						i++
					default:
						t.Errorf("match %s event %d: status %d: %s", m.ID, i, code, body)
						return
					}
				}
			}
		}(w)
	}
	// progress waits until the writers have had n more events acknowledged.
	progress := func(n int64) {
		t.Helper()
		want := acks.Load() + n
		deadline := time.Now().Add(60 * time.Second)
		for acks.Load() < want {
			if time.Now().After(deadline) {
				t.Fatalf("the writers had %d events acknowledged in a minute, want %d", acks.Load(), want)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	// Crash it five times under load, at uneven moments: each once the
	// writers are recording again, some time after.
	for k := 0; k < 5; k++ {
		progress(1)
		time.Sleep(time.Duration(300+170*k) * time.Millisecond)
		srv.kill()
		time.Sleep(50 * time.Millisecond)
		srv.start()
	}
	progress(writers * 3)
	close(stop)
	wg.Wait()
	srv.kill()
	srv.start()

	total := 0
	for _, id := range order {
		resp, err := http.Get("http://" + srv.addr + "/v1/matches/" + id + "/events")
		if err != nil {
			t.Fatal(err)
		}
		var log struct {
			Events []struct {
				Seq  int             `json:"seq"`
				Type string          `json:"type"`
				Data json.RawMessage `json:"data"`
			} `json:"events"`
		}
		_ = json.NewDecoder(resp.Body).Decode(&log)
		resp.Body.Close()
		n := len(log.Events)
		total += acked[id]
		// Every acknowledged event is there; at most one more (committed,
		// its answer lost in the crash, then the writer stopped before the
		// retry).
		if n < acked[id] || n > acked[id]+1 {
			t.Errorf("match %s: %d events stored, %d acknowledged", id, n, acked[id])
		}
		for i, e := range log.Events {
			if e.Seq != i+1 {
				t.Fatalf("match %s: gap: event %d has seq %d", id, i+1, e.Seq)
			}
			want, _ := json.Marshal(script[i]["data"])
			if e.Type != script[i]["type"] || !jsonEqual(e.Data, want) {
				t.Fatalf("match %s: event %d is %s %s, want %s %s (a duplicate or a loss)", id, i+1, e.Type, e.Data, script[i]["type"], want)
			}
		}
	}
	if total < writers*3 {
		t.Fatalf("only %d events acknowledged in all: the load did not run", total)
	}
	srv.kill()
	var out strings.Builder
	if err := run(context.Background(), []string{"check", "--db", srv.db}, &out, io.Discard); err != nil {
		t.Fatalf("check after crashes: %v\n%s", err, out.String())
	}
	t.Logf("%d events acknowledged across %d matches and 5 crashes; check: %s", total, len(order), strings.ReplaceAll(out.String(), "\n", "; "))
}

func jsonEqual(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	xa, _ := json.Marshal(x)
	ya, _ := json.Marshal(y)
	return bytes.Equal(xa, ya)
}

func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// addPlayers creates the named players and returns their IDs.
func (s *crashServer) addPlayers(names ...string) []string {
	s.t.Helper()
	var ids []string
	for _, name := range names {
		code, body, err := s.post("/v1/players", "", map[string]any{"name": name})
		if err != nil || code != 201 {
			s.t.Fatalf("player: %d %v %s", code, err, body)
		}
		var p struct{ ID string }
		_ = json.Unmarshal(body, &p)
		ids = append(ids, p.ID)
	}
	return ids
}
