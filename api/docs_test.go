package api

import (
	"strings"
	"testing"
)

func TestDocsServed(t *testing.T) {
	s := newTestServer(t)
	if r := s.do("GET", "/openapi.yaml", nil); r.status != 200 || !strings.Contains(string(r.body), "openapi: 3") {
		t.Fatalf("/openapi.yaml: %d", r.status)
	}
	if r := s.do("GET", "/docs", nil); r.status != 302 || r.header.Get("Location") != "/docs/index.html" {
		t.Fatalf("/docs: %d %s", r.status, r.header.Get("Location"))
	}
	if r := s.do("GET", "/docs/index.html", nil); r.status != 200 || !strings.Contains(string(r.body), "swagger-ui") {
		t.Fatalf("/docs/index.html: %d", r.status)
	}
	if r := s.do("GET", "/docs/doc.json", nil); r.status != 200 || !strings.Contains(string(r.body), `"swagger": "2.0"`) {
		t.Fatalf("/docs/doc.json: %d %.200s", r.status, r.body)
	}
	// The UI shows the OpenAPI 3 contract.
	if r := s.do("GET", "/docs/index.html", nil); !strings.Contains(string(r.body), `openapi.yaml`) {
		t.Fatal("the docs UI does not load openapi.yaml")
	}
}
