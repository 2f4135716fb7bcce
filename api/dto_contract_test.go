package api

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/go-openapi/spec"
	"github.com/swaggo/swag"
)

// dtoContract pairs each Go type the API writes or reads as JSON with the
// schema of openapi.yaml that describes it: a name under components/schemas
// (with ".field" for one of its properties), "METHOD /path" for an
// operation's request body, or "METHOD /path STATUS" for its answer. Types
// nested in these (a field of another struct) are compared where they
// appear too. Every ...Request, ...Response and ...Page type of the API is
// listed.
var dtoContract = []struct{ dir, goType, schema string }{
	{".", "PlayerResponse", "Player"},
	{".", "LeagueOptions", "LeagueOptions"},
	{".", "LeagueResponse", "League"},
	{".", "SeatResponse", "Seat"},
	{".", "MatchResponse", "Match"},
	{".", "ScoresResponse", "Match.scores"},
	{".", "MatchListItem", "MatchSummary"},
	{".", "NoteResponse", "Note"},
	{".", "EventResponse", "Event"},
	{".", "GrandfatheredResponse", "Event.grandfathered"},
	{".", "AppendedResponse", "Appended"},
	{".", "AppendedMinimalResponse", "AppendedMinimal"},
	{".", "AppendedCompactResponse", "AppendedCompact"},
	{".", "GameResponse", "Game"},
	{".", "RuleResponse", "Rule"},
	{".", "StandingsResponse", "Standings"},
	{".", "StatsResponse", "PlayerStats"},
	{".", "TokenResponse", "Token"},
	{".", "Problem", "Problem"},
	{".", "BGGPlay", "BGGPlay"},
	{".", "BGStatsExport", "BGStatsExport"},
	{"../rules", "Result", "Result"},
	{"../rules", "View", "MatchView"},
	{"../scoring", "HistoryPoint", "HistoryPoint"},
	{"../rules/sheet", "Definition", "SheetDefinition"},
	{".", "MeResponse", "GET /v1/me 200"},
	{".", "MergedPlayerResponse", "MergedPlayer"},
	{".", "MergePreviewResponse", "MergePreview"},
	{".", "AddressesResponse", "GET /v1/addresses 200"},
	{".", "EventsResponse", "GET /v1/matches/{id}/events 200"},
	{".", "LeaguesPage", "GET /v1/leagues 200"},
	{".", "PlayersPage", "GET /v1/players 200"},
	{".", "MatchesPage", "GET /v1/matches 200"},
	{".", "GamesResponse", "GET /v1/games 200"},
	{".", "RulesResponse", "GET /v1/games/{game}/rules 200"},
	{".", "RatingsHistoryResponse", "GET /v1/leagues/{id}/ratings/history 200"},
	{".", "TokensResponse", "GET /v1/tokens 200"},
	{".", "CreateGameRequest", "SheetDefinitionRequest"},
	{".", "CreatePlayerRequest", "POST /v1/players"},
	{".", "RenamePlayerRequest", "PATCH /v1/players/{id}"},
	{".", "MergePlayerRequest", "POST /v1/players/{id}/merge"},
	{".", "CreateLeagueRequest", "POST /v1/leagues"},
	{".", "UpdateLeagueRequest", "PATCH /v1/leagues/{id}"},
	{".", "CreateMatchRequest", "POST /v1/matches"},
	{".", "UpdateMatchRequest", "PATCH /v1/matches/{id}"},
	{".", "AppendEventRequest", "POST /v1/matches/{id}/events"},
	{".", "CorrectionsRequest", "POST /v1/matches/{id}/corrections"},
	{".", "CreateTokenRequest", "POST /v1/tokens"},
	{".", "RelabelTokenRequest", "PATCH /v1/tokens/{id}"},
	{"web", "QRRequest", "POST /v1/qr"},
}

// TestDTOsMatchContract reads the Go types of the API's bodies with swag's
// parser and compares each with its schema in openapi.yaml: the JSON field
// names, their basic types, and which fields are required: an answer's
// field is required exactly when its tag does not say omitempty; a
// request's field validated as required is required by the contract too
// (which may require more: some checks are in code). The contract check of the API
// tests sees only the fields a test happens to send or get back; this sees
// every field of the code.
func TestDTOsMatchContract(t *testing.T) {
	raw, err := os.ReadFile("../openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := openapi3.NewLoader().LoadFromData(raw)
	if err != nil {
		t.Fatal(err)
	}
	// swag takes a field as required when it is not omitempty (answers) or
	// when it is validated as required (requests).
	answers, requests := dtoParser(t, true), dtoParser(t, false)
	files, reported := map[string][]*ast.File{".": parseGoDir(t, ".")}, map[string]bool{}
	listed := map[string]bool{}
	for _, c := range dtoContract {
		listed[c.goType] = true
	}
	for _, name := range bodyTypes(files["."]) {
		if !listed[name] {
			t.Errorf("%s is not in dtoContract: name the openapi.yaml schema it is sent or read as", name)
		}
	}
	for _, c := range dtoContract {
		want, err := contractSchema(doc, c.schema)
		if err != nil {
			t.Errorf("%s: %v", c.goType, err)
			continue
		}
		p, request := answers, strings.HasSuffix(c.goType, "Request")
		if request {
			p = requests
		}
		if files[c.dir] == nil {
			files[c.dir] = parseGoDir(t, c.dir)
		}
		def := typeSpecDef(files[c.dir], c.goType)
		if def == nil {
			t.Errorf("%s: no such type in %s", c.goType, c.dir)
			continue
		}
		got, err := p.ParseDefinition(def)
		if err != nil {
			t.Errorf("%s: swag cannot read it: %v", c.goType, err)
			continue
		}
		d := drift{defs: p.GetSwagger().Definitions, t: t, request: request, where: "openapi.yaml " + c.schema, reported: reported}
		d.compare(c.goType, def.File.Name.Name+"."+c.goType, got.Schema, want)
	}
}

// dtoParser is a swag parser that knows the types of the API and of the
// packages its bodies use. JSON kept raw (a game's state, an event's data)
// may be any JSON.
func dtoParser(t *testing.T, requiredByDefault bool) *swag.Parser {
	p := swag.New(swag.SetDebugger(quiet{}), swag.SetOverrides(map[string]string{"json.RawMessage": "interface{}"}))
	p.RequiredByDefault = requiredByDefault
	if err := p.ParseAPIMultiSearchDir([]string{".", "../rules", "../scoring"}, "dto.go", 1); err != nil {
		t.Fatalf("swag cannot read the API's types: %v", err)
	}
	return p
}

type quiet struct{}

func (quiet) Printf(string, ...any) {}

// contractSchema is the schema named by a components/schemas name, by
// "METHOD /path" for that operation's JSON request body, or by
// "METHOD /path STATUS" for its JSON answer with that status.
func contractSchema(doc *openapi3.T, name string) (*openapi3.Schema, error) {
	words := strings.Fields(name)
	if len(words) == 1 {
		component, field, _ := strings.Cut(name, ".")
		ref := doc.Components.Schemas[component]
		if ref != nil && field != "" {
			ref = ref.Value.Properties[field]
		}
		if ref == nil {
			return nil, fmt.Errorf("openapi.yaml has no components/schemas/%s", name)
		}
		return ref.Value, nil
	}
	item := doc.Paths.Value(words[1])
	if item == nil || item.GetOperation(words[0]) == nil {
		return nil, fmt.Errorf("openapi.yaml has no operation %s %s", words[0], words[1])
	}
	op := item.GetOperation(words[0])
	var content openapi3.Content
	if len(words) == 3 {
		if r := op.Responses.Value(words[2]); r != nil {
			content = r.Value.Content
		}
	} else if op.RequestBody != nil {
		content = op.RequestBody.Value.Content
	}
	if content.Get("application/json") == nil {
		return nil, fmt.Errorf("openapi.yaml: %s has no JSON body", name)
	}
	return content.Get("application/json").Schema.Value, nil
}

// parseGoDir parses the package in dir, without its tests.
func parseGoDir(t *testing.T, dir string) []*ast.File {
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	return files
}

// typeSpecDef is the declaration of the type named name in files, as swag
// takes it.
func typeSpecDef(files []*ast.File, name string) *swag.TypeSpecDef {
	for _, f := range files {
		for _, decl := range f.Decls {
			gen, ok := decl.(*ast.GenDecl)
			if !ok || gen.Tok != token.TYPE {
				continue
			}
			for _, s := range gen.Specs {
				if ts := s.(*ast.TypeSpec); ts.Name.Name == name {
					return &swag.TypeSpecDef{File: f, TypeSpec: ts, ParentSpec: gen, PkgPath: f.Name.Name}
				}
			}
		}
	}
	return nil
}

// bodyTypes are the names of the types in files that are bodies by their
// name: ...Request, ...Response and ...Page.
func bodyTypes(files []*ast.File) []string {
	var names []string
	for _, f := range files {
		for _, decl := range f.Decls {
			if gen, ok := decl.(*ast.GenDecl); ok && gen.Tok == token.TYPE {
				for _, s := range gen.Specs {
					name := s.(*ast.TypeSpec).Name.Name
					if ast.IsExported(name) && (strings.HasSuffix(name, "Request") || strings.HasSuffix(name, "Response") || strings.HasSuffix(name, "Page")) {
						names = append(names, name)
					}
				}
			}
		}
	}
	return names
}

// drift collects where a Go type and its contract schema disagree.
// A drift is reported once, where it is first met, though every type that
// holds the drifting one meets it too.
type drift struct {
	t        *testing.T
	defs     spec.Definitions
	request  bool
	where    string
	reported map[string]bool
}

// report says what disagrees at the JSON path at, in the Go type named
// owner (the struct that declares the field).
func (d *drift) report(at, owner, format string, args ...any) {
	key := owner + "|" + at[strings.LastIndexAny(at, ".[{")+1:] + "|" + format
	if d.reported[key] {
		return
	}
	d.reported[key] = true
	d.t.Errorf("%s (Go: %s; %s): %s", at, owner, d.where, fmt.Sprintf(format, args...))
}

// compare compares the schema swag made of a Go type with the contract's,
// at the JSON path at (the Go type's name, then the fields' JSON names);
// owner is the Go struct the path is in.
func (d *drift) compare(at, owner string, got *spec.Schema, want *openapi3.Schema) {
	if got == nil || want == nil {
		return
	}
	for got.Ref.String() != "" {
		name := strings.TrimPrefix(got.Ref.String(), "#/definitions/")
		def, ok := d.defs[name]
		if !ok {
			d.report(at, owner, "swag gave no definition of %s", name)
			return
		}
		got, owner = &def, name
	}
	if len(got.AllOf) > 0 || want.OneOf != nil || want.AnyOf != nil || want.AllOf != nil {
		return // not a plain shape; the contract check of the answers covers it
	}
	if len(got.Type) == 0 || want.Type == nil || want.Type.IsEmpty() {
		return // any JSON on one side
	}
	goType := got.Type[0]
	if !want.Type.Is(goType) && !(goType == "integer" && want.Type.Is("number")) {
		d.report(at, owner, "the Go type is %s, the contract's %s", goType, want.Type.Slice()[0])
		return
	}
	switch goType {
	case "array":
		if got.Items != nil && want.Items != nil {
			d.compare(at+"[]", owner, got.Items.Schema, want.Items.Value)
		}
	case "object":
		if got.AdditionalProperties != nil && got.AdditionalProperties.Schema != nil {
			if ap := want.AdditionalProperties.Schema; ap != nil {
				d.compare(at+"{}", owner, got.AdditionalProperties.Schema, ap.Value)
			}
			return
		}
		if len(want.Properties) == 0 {
			return // an object the contract leaves open
		}
		d.compareFields(at, owner, got, want)
	}
}

func (d *drift) compareFields(at, owner string, got *spec.Schema, want *openapi3.Schema) {
	names := map[string]bool{}
	for name := range got.Properties {
		names[name] = true
	}
	for name := range want.Properties {
		names[name] = true
	}
	sorted := make([]string, 0, len(names))
	for name := range names {
		sorted = append(sorted, name)
	}
	sort.Strings(sorted)
	for _, name := range sorted {
		field := at + "." + name
		g, inGo := got.Properties[name]
		w, inContract := want.Properties[name]
		switch {
		case !inContract:
			d.report(field, owner, "the Go field is not in the contract")
			continue
		case !inGo:
			d.report(field, owner, "the contract names a field the Go type does not have")
			continue
		}
		goRequired, contractRequired := slices.Contains(got.Required, name), slices.Contains(want.Required, name)
		switch {
		case d.request && goRequired && !contractRequired:
			d.report(field, owner, "validated as required, optional in the contract")
		case !d.request && goRequired && !contractRequired:
			d.report(field, owner, "always sent (no omitempty), optional in the contract")
		case !d.request && !goRequired && contractRequired:
			d.report(field, owner, "omitempty, required in the contract")
		}
		d.compare(field, owner, &g, w.Value)
	}
}
