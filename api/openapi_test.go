package api

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/all"
)

type openAPIDoc struct {
	OpenAPI string                               `yaml:"openapi"`
	Paths   map[string]map[string]map[string]any `yaml:"paths"`
}

func loadOpenAPI(t *testing.T) openAPIDoc {
	t.Helper()
	raw, err := os.ReadFile("../openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var doc openAPIDoc
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		t.Fatalf("openapi.yaml: %v", err)
	}
	if !strings.HasPrefix(doc.OpenAPI, "3.") {
		t.Fatalf("openapi.yaml is not OpenAPI 3: %q", doc.OpenAPI)
	}
	return doc
}

var echoParam = regexp.MustCompile(`:([a-z_]+)`)

// TestOpenAPIMatchesRoutes fails when the server has a route openapi.yaml
// does not describe, or the file describes one the server does not have.
func TestOpenAPIMatchesRoutes(t *testing.T) {
	doc := loadOpenAPI(t)
	reg := all.Registry()
	store, err := db.Open(context.Background(), db.Config{Path: filepath.Join(t.TempDir(), "o.db")}, reg)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	e := New(Config{}, store, reg)

	served := map[string]bool{}
	for _, r := range e.Routes() {
		if r.Method == "echo_route_any" || strings.HasPrefix(r.Method, "echo_") {
			continue
		}
		p := echoParam.ReplaceAllString(r.Path, "{$1}")
		p = strings.Replace(p, "/*", "/{path}", 1)
		served[strings.ToLower(r.Method)+" "+p] = true
	}
	described := map[string]bool{}
	for path, ops := range doc.Paths {
		for method, op := range ops {
			if method == "parameters" {
				continue
			}
			described[method+" "+path] = true
			if _, ok := op["responses"]; !ok {
				t.Errorf("%s %s: no responses described", method, path)
			}
		}
	}
	var missing, extra []string
	for k := range served {
		if !described[k] {
			missing = append(missing, k)
		}
	}
	for k := range described {
		if !served[k] {
			extra = append(extra, k)
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	for _, k := range missing {
		t.Errorf("route %s is served but not in openapi.yaml", k)
	}
	for _, k := range extra {
		t.Errorf("openapi.yaml describes %s, which is not served", k)
	}
}

// TestOpenAPIErrorsAreProblems checks that every 4xx/5xx response in the
// contract is a problem document, and every write documents 400.
func TestOpenAPIErrorsAreProblems(t *testing.T) {
	doc := loadOpenAPI(t)
	for path, ops := range doc.Paths {
		for method, op := range ops {
			responses, _ := op["responses"].(map[string]any)
			for code, resp := range responses {
				if code[0] != '4' && code[0] != '5' {
					continue
				}
				m, _ := resp.(map[string]any)
				if ref, ok := m["$ref"].(string); ok && strings.HasPrefix(ref, "#/components/responses/") {
					continue
				}
				t.Errorf("%s %s %s: error responses must use a components/responses problem", method, path, code)
			}
			if method == "post" && path != "/v1/matches/{id}/undo" {
				if _, ok := responses["400"]; !ok {
					t.Errorf("%s %s: a write must document 400", method, path)
				}
			}
		}
	}
}

// TestRefereeExamplesAnswer posts every game's referee example and every
// documented event example shape through the real router.
func TestRefereeExamplesAnswer(t *testing.T) {
	reg := all.Registry()
	var games []rules.Game
	games = append(games, reg.All()...)
	s := newTestServer(t, games...)
	for _, g := range reg.All() {
		for _, ref := range g.Referees() {
			path := "/v1/referee/" + g.Info().ID + "/" + ref.Question
			for _, lang := range []string{"en", "fa"} {
				r := s.do(http.MethodPost, path+"?lang="+lang, []byte(ref.Example))
				if r.status != http.StatusOK {
					t.Errorf("%s example (%s): %d %s", path, lang, r.status, r.body)
				}
			}
		}
	}
}
