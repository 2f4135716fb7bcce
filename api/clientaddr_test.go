package api

import (
	"context"
	"fmt"
	"net"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// writeFrom sends an anonymous write (a small QR code) from the peer
// remote with the extra headers, and returns its status.
func (s *testServer) writeFrom(remote string, headers ...string) int {
	req := httptest.NewRequest("POST", "/v1/qr", strings.NewReader(`{"text":"x","size":64}`))
	req.Header.Set("Content-Type", "application/json")
	req.RemoteAddr = remote
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	s.e.ServeHTTP(rec, req)
	return rec.Code
}

func mustCIDR(t *testing.T, s string) *net.IPNet {
	t.Helper()
	_, n, err := net.ParseCIDR(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestAddressLimitIgnoresForwardedHeaders: with no trusted proxy, a client
// that sends a different X-Forwarded-For or X-Real-IP with each write gets
// no more writes than the limit, and a client naming another device's
// address in them does not spend that device's writes.
func TestAddressLimitIgnoresForwardedHeaders(t *testing.T) {
	ts := newTestServerWith(t, Config{WritesPerSecond: 0.001}) // a burst of 1, then none for long
	allowed := 0
	for i := 0; i < 10; i++ {
		ip := fmt.Sprintf("198.51.100.%d", i+1)
		if ts.writeFrom("203.0.113.5:4000", "X-Forwarded-For", ip, "X-Real-IP", ip) == 200 {
			allowed++
		}
	}
	if allowed != 1 {
		t.Fatalf("a client varying X-Forwarded-For had %d writes, want the limit's 1", allowed)
	}
	// 203.0.113.5 names the device 192.0.2.77 in every header it can.
	for i := 0; i < 5; i++ {
		ts.writeFrom("203.0.113.5:4000", "X-Forwarded-For", "192.0.2.77", "X-Real-IP", "192.0.2.77")
	}
	if code := ts.writeFrom("192.0.2.77:5000"); code != 200 {
		t.Fatalf("the device another client named is locked out: %d", code)
	}
}

// TestAddressLimitBehindTrustedProxy: from a configured proxy the
// client is the rightmost address of X-Forwarded-For that is not a
// trusted proxy, so clients behind it have a limit each, and one cannot
// escape its limit by putting addresses of its own before it.
func TestAddressLimitBehindTrustedProxy(t *testing.T) {
	ts := newTestServerWith(t, Config{WritesPerSecond: 0.001, TrustedProxies: []*net.IPNet{mustCIDR(t, "10.0.0.1/32")}})
	const proxy = "10.0.0.1:443"
	if code := ts.writeFrom(proxy, "X-Forwarded-For", "198.51.100.7"); code != 200 {
		t.Fatalf("first client through the proxy: %d", code)
	}
	if code := ts.writeFrom(proxy, "X-Forwarded-For", "198.51.100.8"); code != 200 {
		t.Fatalf("second client through the proxy: %d (its header is not honoured)", code)
	}
	if code := ts.writeFrom(proxy, "X-Forwarded-For", "1.2.3.4, 198.51.100.7"); code != 429 {
		t.Fatalf("a client prepending an address of its own was not limited as itself: %d", code)
	}
	// A private peer that is not the configured proxy is not trusted.
	if code := ts.writeFrom("10.0.0.2:443", "X-Forwarded-For", "198.51.100.9"); code != 200 {
		t.Fatalf("untrusted private peer: %d", code)
	}
	if code := ts.writeFrom("10.0.0.2:443", "X-Forwarded-For", "198.51.100.10"); code != 429 {
		t.Fatalf("an untrusted private peer had its X-Forwarded-For honoured: %d", code)
	}
}

// TestStreamAddressLimitIgnoresForwardedHeaders: the per-address stream
// limit holds however X-Forwarded-For varies.
func TestStreamAddressLimitIgnoresForwardedHeaders(t *testing.T) {
	ts := newTestServerWith(t, Config{StreamsPerAddress: 2})
	url := liveServer(t, ts).URL
	id, _ := streamMatch(t, ts)
	path := "/v1/matches/" + id + "/stream"
	openSSE(t, url, path, "X-Forwarded-For", "198.51.100.1")
	openSSE(t, url, path, "X-Forwarded-For", "198.51.100.2")
	if code, _, body := streamStatus(t, url, path, "X-Forwarded-For", "198.51.100.3", "X-Real-IP", "198.51.100.3"); code != 429 {
		t.Fatalf("a third stream from one address with another X-Forwarded-For: %d %s", code, body)
	}
}

// TestWriteLimiterStaysBounded: however many addresses write, the limiter
// tracks at most maxBuckets of them, forgetting the one idle longest, and
// the newest clients are still limited.
func TestWriteLimiterStaysBounded(t *testing.T) {
	l := newWriteLimiter(1, 0)
	now := time.Now()
	ctx := context.Background()
	for i := 0; i < 3*maxBuckets; i++ {
		l.reserve(ctx, fmt.Sprintf("a:%d", i), now)
		if i%1000 == 0 && l.tracked() > maxBuckets {
			t.Fatalf("%d addresses tracked after %d, more than %d", l.tracked(), i+1, maxBuckets)
		}
	}
	if n := l.tracked(); n != maxBuckets {
		t.Fatalf("%d addresses tracked, want %d", n, maxBuckets)
	}
	last := fmt.Sprintf("a:%d", 3*maxBuckets-1)
	l.reserve(ctx, last, now)
	if _, _, ok := l.reserve(ctx, last, now); ok {
		t.Fatal("the newest client is no longer limited")
	}
	// Idle buckets are full again and are let go.
	l.reserve(ctx, "a:late", now.Add(bucketIdle+time.Second))
	if n := l.tracked(); n != 1 {
		t.Fatalf("%d addresses tracked after every other one went idle, want 1", n)
	}
}
