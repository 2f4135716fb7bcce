package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/valyala/fasthttp"
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

// client talks to the server over keep-alive connections, one per table
// at most. It is fasthttp's client: a request is written and its answer read
// on the calling goroutine, so the generator costs about half the CPU per
// request that net/http's Transport does, and it shares the machine's cores
// with the server it measures.
type client struct {
	base        string
	hc          *fasthttp.Client
	timeout     time.Duration
	token       string
	idempotency bool
	prefer      string // the Prefer header of event POSTs ("return=minimal"), or ""
}

func newClient(addr, token string, conns int, timeout time.Duration, idempotency bool) *client {
	base := addr
	if !strings.Contains(base, "://") {
		base = "http://" + base
	}
	hc := &fasthttp.Client{
		Name:                          "motamed-load",
		MaxConnsPerHost:               conns + 16,
		MaxIdleConnDuration:           90 * time.Second,
		MaxIdemponentCallAttempts:     1,
		DisableHeaderNamesNormalizing: true,
		DisablePathNormalizing:        true,
	}
	return &client{base: strings.TrimRight(base, "/"), hc: hc, timeout: timeout, token: token, idempotency: idempotency}
}

// result is one request's outcome.
type result struct {
	status  int
	bytes   int64 // of the answer's body
	latency time.Duration
	body    []byte // kept only when asked for, or for an unexpected status
	err     error
}

// do sends one request and reads the whole answer, kept only when keep is
// set or the status is not want. A request gets the client's timeout, and
// never more than ctx's deadline.
func (c *client) do(ctx context.Context, method, path string, body []byte, want int, keep bool) result {
	if err := ctx.Err(); err != nil {
		return result{err: err}
	}
	req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
	defer fasthttp.ReleaseRequest(req)
	defer fasthttp.ReleaseResponse(resp)
	req.Header.SetMethod(method)
	req.SetRequestURI(c.base + path)
	req.Header.Set("Accept", "application/json")
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	if body != nil {
		req.Header.SetContentType("application/json")
		req.SetBodyRaw(body)
		if c.prefer != "" && strings.HasSuffix(path, "/events") {
			req.Header.Set("Prefer", c.prefer)
		}
		if c.idempotency && method == http.MethodPost {
			var k [12]byte
			_, _ = rand.Read(k[:])
			req.Header.Set("Idempotency-Key", hex.EncodeToString(k[:]))
		}
	}
	deadline := time.Now().Add(c.timeout)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	start := time.Now()
	err := c.hc.DoDeadline(req, resp, deadline)
	res := result{latency: time.Since(start), err: err}
	if err != nil {
		return res
	}
	res.status = resp.StatusCode()
	b := resp.Body()
	res.bytes = int64(len(b))
	if keep || res.status != want {
		res.body = append([]byte(nil), b...)
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
