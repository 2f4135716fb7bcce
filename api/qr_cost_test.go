package api

import (
	"bytes"
	"fmt"
	"testing"
)

// TestQRCost: a size over 512 is a 400 problem; the same code asked again
// is the same image; and anonymous codes count against the per-address
// write limit. (The cache: web's TestQRCacheStaysBounded.)
func TestQRCost(t *testing.T) {
	s := newTestServer(t)
	r := s.do("POST", "/v1/qr", map[string]any{"text": "https://motamed.lan/", "size": 2048}, "Authorization", "")
	if r.status != 400 || r.header.Get("Content-Type") != "application/problem+json" {
		t.Fatalf("size 2048: %d %s", r.status, r.body)
	}
	if p := r.json(t); fmt.Sprint(p["fields"]) == "" || !bytes.Contains(r.body, []byte("size")) {
		t.Fatalf("the 400 does not name size: %s", r.body)
	}
	first := s.do("POST", "/v1/qr", map[string]any{"text": "https://motamed.lan/", "size": 512}, "Authorization", "")
	again := s.do("POST", "/v1/qr", map[string]any{"text": "https://motamed.lan/", "size": 512}, "Authorization", "")
	if first.status != 200 || again.status != 200 || !bytes.Equal(first.body, again.body) {
		t.Fatalf("size 512: %d, again %d", first.status, again.status)
	}
	other := s.do("POST", "/v1/qr", map[string]any{"text": "https://motamed.lan/", "size": 256}, "Authorization", "")
	if other.status != 200 || bytes.Equal(other.body, first.body) {
		t.Fatalf("another size: %d", other.status)
	}

	limited := newTestServerWith(t, Config{WritesPerSecond: 0.001}) // a burst of 1
	codes := []int{}
	for i := 0; i < 3; i++ {
		codes = append(codes, limited.do("POST", "/v1/qr", map[string]any{"text": "https://motamed.lan/"}, "Authorization", "").status)
	}
	if fmt.Sprint(codes) != "[200 429 429]" {
		t.Fatalf("anonymous codes under a write limit of 1: %v", codes)
	}
}
