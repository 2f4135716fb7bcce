package main

import (
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
	var v struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(body, &v); err != nil || v.ID == "" {
		return "", fmt.Errorf("no id in the answer %.200q", body)
	}
	return v.ID, nil
}

// matchStatus reads the match's status from an event's answer ("" when
// there is none).
func matchStatus(body []byte) string {
	var v struct {
		Match struct {
			Status string `json:"status"`
		} `json:"match"`
	}
	_ = json.Unmarshal(body, &v)
	return v.Match.Status
}
