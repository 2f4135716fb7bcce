package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"
)

// kind is a kind of request, reported separately.
type kind int

const (
	kindEvent kind = iota
	kindGetMatch
	kindStandings
	kindCreateMatch
	kindCreatePlayer
	kindCreateLeague
	nKinds
)

var kindNames = [nKinds]string{"event POST", "match GET", "standings GET", "match create", "player create", "league create"}

// kindKeys name the kinds in --json output.
var kindKeys = [nKinds]string{"event_post", "match_get", "standings_get", "match_create", "player_create", "league_create"}

// client talks to the server over one shared, keep-alive transport.
type client struct {
	base        string
	hostport    string
	hc          *http.Client
	token       string
	idempotency bool
	prefer      string // the Prefer header of event POSTs ("return=minimal"), or ""
	// raw makes tables use their own rawConn instead of hc.
	raw bool
}

func newClient(addr, token string, conns int, timeout time.Duration, idempotency, raw bool) *client {
	tr := &http.Transport{
		Proxy:               nil,
		DialContext:         (&net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		MaxIdleConns:        conns + 16,
		MaxIdleConnsPerHost: conns + 16,
		IdleConnTimeout:     90 * time.Second,
		DisableCompression:  true,
		ForceAttemptHTTP2:   false,
	}
	base := addr
	if !strings.Contains(base, "://") {
		base = "http://" + base
	}
	base = strings.TrimRight(base, "/")
	hostport := strings.TrimPrefix(base, "http://")
	return &client{base: base, hostport: hostport, hc: &http.Client{Transport: tr, Timeout: timeout}, token: token, idempotency: idempotency,
		raw: raw && strings.HasPrefix(base, "http://") && !strings.Contains(hostport, "/")}
}

// result is one request's outcome.
type result struct {
	status  int
	bytes   int64 // of the answer's body
	latency time.Duration
	body    []byte // kept only when asked for, or for an unexpected status
	err     error
}

// do sends one request. The body is read to the end (so the connection is
// reused) and kept only when keep is set or the status is not want.
func (c *client) do(ctx context.Context, method, path string, body []byte, want int, keep bool) result {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return result{err: err}
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
		if c.prefer != "" && strings.HasSuffix(path, "/events") {
			req.Header.Set("Prefer", c.prefer)
		}
		if c.idempotency && method == http.MethodPost {
			var k [12]byte
			_, _ = rand.Read(k[:])
			req.Header.Set("Idempotency-Key", hex.EncodeToString(k[:]))
		}
	}
	req.Header.Set("Accept", "application/json")
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	start := time.Now()
	resp, err := c.hc.Do(req)
	if err != nil {
		return result{latency: time.Since(start), err: err}
	}
	res := result{status: resp.StatusCode}
	var n int64
	if keep || resp.StatusCode != want {
		res.body, err = io.ReadAll(io.LimitReader(resp.Body, 4<<20))
		n, _ = io.Copy(io.Discard, resp.Body)
		n += int64(len(res.body))
	} else {
		n, err = io.Copy(io.Discard, resp.Body)
	}
	res.bytes = n
	resp.Body.Close()
	res.latency = time.Since(start)
	if err != nil {
		res.err = fmt.Errorf("reading the answer: %w", err)
	}
	return res
}

// describe says what went wrong with a request, for the error list.
func (r result) describe(method, path string, want int) string {
	if r.err != nil {
		return fmt.Sprintf("%s %s: %v", method, path, r.err)
	}
	b := strings.TrimSpace(string(r.body))
	if len(b) > 300 {
		b = b[:300] + "…"
	}
	return fmt.Sprintf("%s %s: status %d, want %d: %s", method, path, r.status, want, b)
}

// idOf reads the "id" of a created resource.
func idOf(body []byte) (string, error) {
	id, err := stringAt(body, "id")
	if err != nil || id == "" {
		return "", fmt.Errorf("no id in the answer %.200q", body)
	}
	return id, nil
}

// stringAt returns the string at path (keys of nested objects) in a JSON
// object, reading the answer only as far as that value. An answer can be a
// whole match, tens of kilobytes late in a long one; decoding all of it to
// read one field cost this tool CPU that the server, on the same cores,
// needs.
func stringAt(body []byte, path ...string) (string, error) {
	dec := json.NewDecoder(bytes.NewReader(body))
	for i, key := range path {
		if t, err := dec.Token(); err != nil || t != json.Delim('{') {
			return "", fmt.Errorf("%q is not in an object", strings.Join(path[:i+1], "."))
		}
		for {
			t, err := dec.Token()
			if err != nil {
				return "", err
			}
			if t == json.Delim('}') {
				return "", fmt.Errorf("no %q", strings.Join(path[:i+1], "."))
			}
			if t == key {
				break
			}
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return "", err
			}
		}
	}
	var s string
	if err := dec.Decode(&s); err != nil {
		return "", fmt.Errorf("%q: %w", strings.Join(path, "."), err)
	}
	return s, nil
}
