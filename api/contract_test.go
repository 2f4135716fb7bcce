package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
	"github.com/labstack/echo/v4"
	"gopkg.in/yaml.v3"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/all"
	"github.com/motamed/motamed/rules/rulestest"
)

// newServer is the real router with the contract check in front of it:
// every request a test sends and every answer it gets are validated
// against openapi.yaml, and a mismatch fails the test that caused it.
// Benchmarks are left unchecked so that they measure the server alone.
func newServer(t testing.TB, cfg Config, store *db.Store, games *rules.Registry) (*echo.Echo, *Server) {
	t.Helper()
	e, s := buildServer(cfg, store, games)
	if _, bench := t.(*testing.B); !bench {
		router, err := contract()
		if err != nil {
			t.Fatal(err)
		}
		e.Pre(checkContract(router, contractReporter(t)))
	}
	return e, s
}

// contractReporter fails t with each mismatch. A fuzz target may not fail
// its *testing.F while it runs inputs, so those mismatches are kept and
// reported when the target ends.
func contractReporter(t testing.TB) func(string) {
	f, fuzz := t.(*testing.F)
	if !fuzz {
		return func(msg string) { t.Errorf("%s", msg) }
	}
	var mu sync.Mutex
	var kept []string
	f.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, msg := range kept {
			f.Errorf("%s", msg)
		}
	})
	return func(msg string) {
		mu.Lock()
		defer mu.Unlock()
		if len(kept) < 20 {
			kept = append(kept, msg)
		}
	}
}

// contract is openapi.yaml, loaded and checked once for the whole package.
var contract = sync.OnceValues(func() (routers.Router, error) {
	raw, err := os.ReadFile("../openapi.yaml")
	if err != nil {
		return nil, err
	}
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(raw)
	if err != nil {
		return nil, fmt.Errorf("openapi.yaml does not load: %w", err)
	}
	if err := doc.Validate(loader.Context); err != nil {
		return nil, fmt.Errorf("openapi.yaml is not a valid OpenAPI document: %w", err)
	}
	doc.Servers = nil // match the tests' requests whatever host they name
	// The tests also play a game of their own (rulestest), with a referee
	// question answered like every other.
	test := rulestest.Counter()
	for _, ref := range test.Referees() {
		op := *doc.Paths.Value("/v1/referee/wizard/trick").Post
		op.OperationID, op.RequestBody = "referee_"+test.Info().ID+"_"+ref.Question, nil
		doc.Paths.Set("/v1/referee/"+test.Info().ID+"/"+ref.Question, &openapi3.PathItem{Post: &op})
	}
	return legacy.NewRouter(doc)
})

// The bodies the contract declares as text are checked as strings.
func init() {
	for _, ct := range []string{"text/html", "text/css", "text/javascript", "text/event-stream"} {
		openapi3filter.RegisterBodyDecoder(ct, openapi3filter.PlainBodyDecoder)
	}
}

var contractSchemaOptions = []openapi3.SchemaValidationOption{
	openapi3.EnableFormatValidation(),
	openapi3.DisableSchemaErrorDetails(),
}

// checkContract validates each exchange after the server answered it:
//   - a request the contract has no operation for must be refused (4xx);
//   - a request the contract rejects (a missing required field, a wrong
//     type, no credentials where they are required...) must be refused;
//   - every answer must be a status the operation declares, with the
//     declared headers and a body that matches the declared schema (a
//     stream's body is not read).
func checkContract(router routers.Router, report func(string)) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			req := c.Request()
			var body []byte
			if req.Body != nil && req.Body != http.NoBody {
				body, _ = io.ReadAll(req.Body)
				req.Body = io.NopCloser(bytes.NewReader(body))
			}
			sent := req.Clone(context.WithoutCancel(req.Context()))
			tee := &teeWriter{ResponseWriter: c.Response().Writer}
			if route, _, err := router.FindRoute(sent); err == nil {
				tee.events = streamEvents(route, func(msg string) {
					report(fmt.Sprintf("openapi.yaml: %s %s streamed %s", sent.Method, sent.URL.RequestURI(), msg))
				})
			}
			c.Response().Writer = tee
			if herr := next(c); herr != nil {
				c.Error(herr)
			}
			c.Response().Writer = tee.ResponseWriter
			status := c.Response().Status
			if !c.Response().Committed {
				status = http.StatusOK
			}
			if msg := validateExchange(router, sent, body, status, c.Response().Header(), tee); msg != "" {
				report(fmt.Sprintf("openapi.yaml: %s %s answered %d: %s", sent.Method, sent.URL.RequestURI(), status, msg))
			}
			return nil
		}
	}
}

// streamEvents checks each event of an event stream as it is sent: the
// contract names, under x-events of the operation's text/event-stream
// answer, the schema of each event's data by the event's name.
func streamEvents(route *routers.Route, report func(string)) func(name string, data []byte) {
	ok := route.Operation.Responses.Status(http.StatusOK)
	if ok == nil || ok.Value.Content["text/event-stream"] == nil {
		return nil
	}
	declared, _ := ok.Value.Content["text/event-stream"].Extensions["x-events"].(map[string]any)
	return func(name string, data []byte) {
		ref, _ := declared[name].(map[string]any)
		target, _ := ref["$ref"].(string)
		schema := route.Spec.Components.Schemas[strings.TrimPrefix(target, "#/components/schemas/")]
		if schema == nil {
			report(fmt.Sprintf("an event %q that x-events does not declare", name))
			return
		}
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			report(fmt.Sprintf("event %q: data is not JSON: %v", name, err))
			return
		}
		if err := schema.Value.VisitJSON(v, append(contractSchemaOptions, openapi3.MultiErrors(), openapi3.VisitAsResponse())...); err != nil {
			report(fmt.Sprintf("event %q breaks %s:\n%s\ndata: %s", name, target, describe(err), clip(data)))
		}
	}
}

func validateExchange(router routers.Router, req *http.Request, body []byte, status int, header http.Header, tee *teeWriter) string {
	route, params, err := router.FindRoute(req)
	if err != nil {
		if status < 400 {
			return "no operation in the contract (" + err.Error() + ")"
		}
		return ""
	}
	op := strings.ToUpper(req.Method) + " " + route.Path
	req.Body = io.NopCloser(bytes.NewReader(body))
	if len(body) > 0 && req.Header.Get("Content-Type") == "" {
		req.Header.Set("Content-Type", "application/json") // bodies are read as JSON whatever they say
	}
	in := &openapi3filter.RequestValidationInput{
		Request: req, PathParams: params, Route: route,
		Options: &openapi3filter.Options{
			MultiError:              true,
			SkipSettingDefaults:     true,
			AuthenticationFunc:      contractCredentials,
			SchemaValidationOptions: contractSchemaOptions,
		},
	}
	if err := openapi3filter.ValidateRequest(context.Background(), in); err != nil && status < 400 {
		return fmt.Sprintf("the request breaks %s, yet the server accepted it:\n%s", op, describe(err))
	}
	if unknown := undeclaredQuery(route, req); len(unknown) > 0 && status < 400 {
		return fmt.Sprintf("%s declares no query parameter %s, yet the server accepted it", op, strings.Join(unknown, ", "))
	}
	out := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: in, Status: status, Header: header,
		Options: &openapi3filter.Options{
			MultiError:              true,
			IncludeResponseStatus:   true,
			ExcludeResponseBody:     tee.streaming,
			SchemaValidationOptions: contractSchemaOptions,
		},
	}
	out.SetBodyBytes(tee.body.Bytes())
	if err := openapi3filter.ValidateResponse(context.Background(), out); err != nil {
		return fmt.Sprintf("the answer breaks %s:\n%s\nbody: %s", op, describe(err), clip(tee.body.Bytes()))
	}
	if r := route.Operation.Responses.Status(status); r != nil && len(r.Value.Content) == 0 && tee.body.Len() > 0 && status != http.StatusNotModified {
		return fmt.Sprintf("%s declares no body for %d, yet one was sent: %s", op, status, clip(tee.body.Bytes()))
	}
	return ""
}

// undeclaredQuery lists the request's query parameters that the operation
// does not declare (a credential in the query is declared by its scheme).
func undeclaredQuery(route *routers.Route, req *http.Request) []string {
	declared := map[string]bool{}
	for _, params := range []openapi3.Parameters{route.PathItem.Parameters, route.Operation.Parameters} {
		for _, p := range params {
			if p.Value.In == openapi3.ParameterInQuery {
				declared[p.Value.Name] = true
			}
		}
	}
	for _, scheme := range route.Spec.Components.SecuritySchemes {
		if scheme.Value.Type == "apiKey" && scheme.Value.In == "query" {
			declared[scheme.Value.Name] = true
		}
	}
	var unknown []string
	for name := range req.URL.Query() {
		if !declared[name] {
			unknown = append(unknown, strconv.Quote(name))
		}
	}
	sort.Strings(unknown)
	return unknown
}

// contractCredentials satisfies a security scheme when the request carries
// its credential; whether the server knows it is the server's business.
func contractCredentials(_ context.Context, in *openapi3filter.AuthenticationInput) error {
	req := in.RequestValidationInput.Request
	switch scheme := in.SecurityScheme; scheme.Type {
	case "http":
		if strings.HasPrefix(req.Header.Get("Authorization"), "Bearer ") {
			return nil
		}
	case "apiKey":
		if scheme.In == "query" && req.URL.Query().Get(scheme.Name) != "" {
			return nil
		}
	}
	return in.NewError(errors.New("no " + in.SecuritySchemeName + " credential"))
}

// describe lists each mismatch, a line each: where (the parameter, or the
// JSON path of the body's field) and what is wrong.
func describe(err error) string {
	var lines []string
	var walk func(err error, where string)
	walk = func(err error, where string) {
		switch e := err.(type) {
		case openapi3.MultiError:
			for _, x := range e {
				walk(x, where)
			}
		case *openapi3filter.RequestError:
			if e.Parameter != nil {
				where = fmt.Sprintf("%s parameter %q", e.Parameter.In, e.Parameter.Name)
			} else if e.RequestBody != nil {
				where = "request body"
			}
			if e.Err == nil {
				lines = append(lines, fmt.Sprintf("  %s: %s", where, e.Reason))
				return
			}
			walk(e.Err, where)
		case *openapi3filter.ResponseError:
			if e.Err == nil {
				lines = append(lines, "  "+e.Reason)
				return
			}
			walk(e.Err, e.Reason)
		case *openapi3filter.SecurityRequirementsError:
			lines = append(lines, fmt.Sprintf("  %s: none of the credentials the operation requires", where))
		case *openapi3.SchemaError:
			what := e.Reason
			if e.Origin != nil {
				what = e.Origin.Error()
			}
			lines = append(lines, fmt.Sprintf("  %s at /%s: %s", where, strings.Join(e.JSONPointer(), "/"), what))
		default:
			lines = append(lines, fmt.Sprintf("  %s: %v", where, err))
		}
	}
	walk(err, "")
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

func clip(b []byte) string {
	if len(b) > 600 {
		return string(b[:600]) + "…"
	}
	return string(b)
}

// teeWriter keeps a copy of what the server sends; an event stream, which
// never ends, is read event by event instead.
type teeWriter struct {
	http.ResponseWriter
	body      bytes.Buffer
	streaming bool
	started   bool
	events    func(name string, data []byte) // nil: not a stream the contract describes
	pending   []byte                         // the stream's incomplete event
}

func (w *teeWriter) WriteHeader(code int) {
	if !w.started {
		w.started = true
		w.streaming = strings.HasPrefix(w.Header().Get("Content-Type"), "text/event-stream")
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *teeWriter) Write(b []byte) (int, error) {
	if !w.started {
		w.WriteHeader(http.StatusOK)
	}
	if !w.streaming {
		w.body.Write(b)
	} else if w.events != nil {
		w.readEvents(b)
	}
	return w.ResponseWriter.Write(b)
}

// readEvents hands each complete event's name and data to w.events.
func (w *teeWriter) readEvents(b []byte) {
	w.pending = append(w.pending, b...)
	for {
		end := bytes.Index(w.pending, []byte("\n\n"))
		if end < 0 {
			return
		}
		var name string
		var data [][]byte
		for line := range bytes.SplitSeq(w.pending[:end], []byte("\n")) {
			switch {
			case bytes.HasPrefix(line, []byte("event: ")):
				name = string(line[len("event: "):])
			case bytes.HasPrefix(line, []byte("data: ")):
				data = append(data, line[len("data: "):])
			}
		}
		if name != "" {
			w.events(name, bytes.Join(data, []byte("\n")))
		}
		w.pending = w.pending[end+2:]
	}
}

func (w *teeWriter) Flush() { http.NewResponseController(w.ResponseWriter).Flush() }

func (w *teeWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// TestContractCheckFails proves the check fails on each kind of mismatch:
// an answer field of the wrong type, a missing required field, an
// unexpected field, an undeclared status, a route the contract lacks, and
// a request the contract rejects that the server accepted.
func TestContractCheckFails(t *testing.T) {
	router, err := contract()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, method, path, body string
		status                   int
		answer                   string
		want                     string
	}{
		{"wrong type", "GET", "/v1/players/pl_1", "", 200, `{"id":1,"name":"a","created_at":"2026-01-01T00:00:00Z"}`, `at /id: value must be a string`},
		{"missing field", "GET", "/v1/players/pl_1", "", 200, `{"id":"pl_1","name":"a"}`, `property "created_at" is missing`},
		{"unexpected field", "GET", "/v1/players/pl_1", "", 200, `{"id":"pl_1","name":"a","created_at":"2026-01-01T00:00:00Z","age":3}`, `property "age" is unsupported`},
		{"bad format", "GET", "/v1/players/pl_1", "", 200, `{"id":"pl_1","name":"a","created_at":"yesterday"}`, `at /created_at: string doesn't match the format "date-time"`},
		{"undeclared query parameter", "GET", "/v1/players/pl_1?sort=name", "", 200, `{"id":"pl_1","name":"a","created_at":"2026-01-01T00:00:00Z"}`, `declares no query parameter "sort"`},
		{"undeclared status", "GET", "/v1/players/pl_1", "", 418, `{}`, `status is not supported`},
		{"unknown route", "GET", "/v1/nowhere", "", 200, `{}`, `no operation in the contract`},
		{"accepted a bad request", "POST", "/v1/players", `{"nom":"a"}`, 201, `{"id":"pl_1","name":"a","created_at":"2026-01-01T00:00:00Z"}`, `request body at /: property "nom" is unsupported`},
		{"accepted without credentials", "POST", "/v1/players", `{"name":"a"}`, 201, `{"id":"pl_1","name":"a","created_at":"2026-01-01T00:00:00Z"}`, `none of the credentials`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			e := echo.New()
			e.Pre(checkContract(router, func(msg string) { got = append(got, msg) }))
			e.Any("/*", func(ec echo.Context) error {
				return ec.Blob(c.status, "application/json", []byte(c.answer))
			})
			req := httptest.NewRequest(c.method, c.path, strings.NewReader(c.body))
			if c.name != "accepted without credentials" {
				req.Header.Set("Authorization", "Bearer x")
			}
			e.ServeHTTP(httptest.NewRecorder(), req)
			if len(got) != 1 || !strings.Contains(got[0], c.want) {
				t.Fatalf("reported %q, want one report containing %q", got, c.want)
			}
		})
	}
	// A refused request and a declared answer pass.
	var got []string
	e := echo.New()
	e.Pre(checkContract(router, func(msg string) { got = append(got, msg) }))
	e.Any("/*", func(ec echo.Context) error {
		return ec.Blob(400, "application/problem+json", []byte(`{"type":"about:blank","title":"Bad","status":400}`))
	})
	e.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("POST", "/v1/players", strings.NewReader(`{"nom":1}`)))
	if len(got) != 0 {
		t.Fatalf("a refused bad request was reported: %q", got)
	}
}

// TestContractObjectsSayIfTheyAreClosed: every object schema with
// properties states additionalProperties, so that the check knows whether
// a field the contract does not name is an error.
func TestContractObjectsSayIfTheyAreClosed(t *testing.T) {
	raw, err := os.ReadFile("../openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	var walk func(v any, at string)
	walk = func(v any, at string) {
		switch x := v.(type) {
		case map[string]any:
			if props, ok := x["properties"].(map[string]any); ok && len(props) > 0 {
				if _, ok := x["additionalProperties"]; !ok {
					t.Errorf("%s: an object with properties must say additionalProperties (false unless other fields are expected)", at)
				}
			}
			for k, child := range x {
				if k == "example" || k == "examples" {
					continue
				}
				walk(child, at+"/"+k)
			}
		case []any:
			for i, child := range x {
				walk(child, fmt.Sprintf("%s/%d", at, i))
			}
		}
	}
	walk(doc, "")
}

// TestContractGamesAreTheGames: the contract names the built-in games the
// server plays, and its game ID pattern accepts them and score-sheet IDs.
func TestContractGamesAreTheGames(t *testing.T) {
	router, err := contract()
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest("GET", "/v1/games/wizard", nil)
	route, _, err := router.FindRoute(req)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range route.Operation.Parameters {
		if p.Value.Name != "game" {
			continue
		}
		ids := []string{rulestest.Counter().Info().ID, "mini-golf"}
		for _, g := range all.Registry().All() {
			id := g.Info().ID
			ids = append(ids, id)
			if !strings.Contains(p.Value.Description, id) {
				t.Errorf("openapi.yaml's game parameter does not name %s", id)
			}
		}
		for _, id := range ids {
			if err := p.Value.Schema.Value.VisitJSON(id); err != nil {
				t.Errorf("openapi.yaml's game parameter refuses %q: %v", id, err)
			}
		}
		return
	}
	t.Fatal("no game parameter")
}

// TestContractDescribesTheEdges sends, through the checked router, the
// exchanges the contract once got wrong: an idempotent replay asking for
// the minimal answer, an undo with {}, a read with a bad token, a read
// with ?access_token=, both exports, and Silver's swap with face-down cards.
func TestContractDescribesTheEdges(t *testing.T) {
	games := append(all.Registry().All(), rulestest.Counter())
	s := newTestServer(t, games...)
	id, p := s.counterMatch(t, 2, `{"target":3}`)
	ev := map[string]any{"type": "add", "data": map[string]any{"player": p[0], "n": 2}}
	s.must(t, 201, "POST", "/v1/matches/"+id+"/events", ev, "Prefer", "return=minimal", "Idempotency-Key", "k1")
	replay := s.do("POST", "/v1/matches/"+id+"/events", ev, "Prefer", "return=minimal", "Idempotency-Key", "k1")
	if replay.status != 200 || replay.header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("replay: %d %v", replay.status, replay.header)
	}
	s.must(t, 200, "POST", "/v1/matches/"+id+"/undo", `{}`)
	s.must(t, 401, "GET", "/v1/matches/"+id, nil, "Authorization", "Bearer mtd_not_a_token")
	lg := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "V", "game": "counter"})["id"]
	viewer := s.must(t, 201, "POST", "/v1/tokens", map[string]any{"role": "viewer", "league_id": lg})["token"].(string)
	s.must(t, 200, "GET", "/v1/matches/"+id+"?access_token="+viewer, nil, "Authorization", "")
	s.must(t, 400, "GET", "/v1/matches/"+id+"?access_token="+s.admin, nil, "Authorization", "")
	s.must(t, 201, "POST", "/v1/matches/"+id+"/events", ev)
	s.must(t, 201, "POST", "/v1/matches/"+id+"/events", map[string]any{"type": "add", "data": map[string]any{"player": p[1], "n": 1}})
	s.must(t, 201, "POST", "/v1/matches/"+id+"/events", map[string]any{"type": "add", "data": map[string]any{"player": p[0], "n": 1}})
	for _, format := range []string{"bgg", "bgstats"} {
		s.must(t, 200, "GET", "/v1/matches/"+id+"/export?format="+format, nil)
	}
	silver := s.must(t, 200, "GET", "/v1/games/silver", nil)
	for _, ref := range silver["referee"].([]any) {
		r := ref.(map[string]any)
		s.must(t, 200, "POST", r["path"].(string), r["example"])
	}
}

// TestContractEveryOperationMayAnswer401: a token that is sent is always
// checked, on any route, so every operation declares the 401 a malformed,
// unknown or revoked one gets.
func TestContractEveryOperationMayAnswer401(t *testing.T) {
	raw, err := os.ReadFile("../openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var doc openAPIDoc
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	for path, ops := range doc.Paths {
		for method, op := range ops {
			if responses, ok := op["responses"].(map[string]any); ok && responses["401"] == nil {
				t.Errorf("%s %s does not declare 401", strings.ToUpper(method), path)
			}
		}
	}
}
