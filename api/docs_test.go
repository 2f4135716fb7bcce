package api

import (
	"strings"
	"testing"
)

// TestDocsShowTheContract: /docs opens a page whose viewer loads
// /openapi.yaml, and every file the page needs is served by the binary.
func TestDocsShowTheContract(t *testing.T) {
	s := newTestServer(t)
	if r := s.do("GET", "/openapi.yaml", nil); r.status != 200 || !strings.Contains(string(r.body), "openapi: 3") {
		t.Fatalf("/openapi.yaml: %d", r.status)
	}
	if r := s.do("GET", "/docs", nil); r.status != 302 || r.header.Get("Location") != "/docs/index.html" {
		t.Fatalf("/docs: %d %s", r.status, r.header.Get("Location"))
	}
	page := s.do("GET", "/docs/index.html", nil)
	if page.status != 200 || !strings.HasPrefix(page.header.Get("Content-Type"), "text/html") {
		t.Fatalf("/docs/index.html: %d %s", page.status, page.header.Get("Content-Type"))
	}
	for _, file := range []string{"swagger-ui.css", "swagger-ui-bundle.js", "docs.js"} {
		if !strings.Contains(string(page.body), `"`+file+`"`) {
			t.Errorf("the page does not load %s", file)
		}
		r := s.do("GET", "/docs/"+file, nil)
		if r.status != 200 || len(r.body) == 0 {
			t.Errorf("/docs/%s: %d", file, r.status)
		}
		if again := s.do("GET", "/docs/"+file, nil, "If-None-Match", r.header.Get("ETag")); again.status != 304 {
			t.Errorf("/docs/%s again with its ETag: %d, want 304", file, again.status)
		}
	}
	if r := s.do("GET", "/docs/docs.js", nil); !strings.Contains(string(r.body), `url: "/openapi.yaml"`) {
		t.Error("the viewer does not load /openapi.yaml")
	}
	if r := s.do("GET", "/docs/swagger-ui-bundle.js", nil); !strings.Contains(string(r.body), "SwaggerUIBundle") {
		t.Error("swagger-ui-bundle.js is not Swagger UI")
	}
	for _, path := range []string{"/docs/nope.js", "/docs/README.md", "/docs/../docs.go"} {
		if r := s.do("GET", path, nil); r.status != 404 {
			t.Errorf("%s: %d, want 404", path, r.status)
		}
	}
}
