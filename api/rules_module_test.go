package api

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"testing"

	"github.com/motamed/motamed/api/web"
	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/all"
	"github.com/motamed/motamed/rules/bridge"
)

// TestRulesModuleIsServedCompressed: the module goes out as built, gzip,
// to a browser, and plain to a client that takes no gzip.
func TestRulesModuleIsServedCompressed(t *testing.T) {
	s := newTestServer(t, all.Registry().All()...)
	r := s.do("GET", "/assets/rules.wasm?v="+web.AssetVersion(), nil, "Accept-Encoding", "gzip, deflate, br")
	if r.status != 200 || r.header.Get("Content-Encoding") != "gzip" || r.header.Get("Content-Type") != "application/wasm" {
		t.Fatalf("status %d, headers %v", r.status, r.header)
	}
	if cc := r.header.Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
		t.Errorf("Cache-Control %q", cc)
	}
	zr, err := gzip.NewReader(bytes.NewReader(r.body))
	if err != nil {
		t.Fatal(err)
	}
	plain, err := io.ReadAll(zr)
	if err != nil || !bytes.HasPrefix(plain, []byte("\x00asm")) {
		t.Fatalf("not a WebAssembly module: %v", err)
	}
	if len(r.body) > 3<<20 {
		t.Errorf("the module is %d bytes compressed, above 3 MB", len(r.body))
	}
	t.Logf("rules module: %d bytes compressed, %d plain", len(r.body), len(plain))
	r = s.do("GET", "/assets/rules.wasm", nil, "Accept-Encoding", "identity")
	if r.status != 200 || r.header.Get("Content-Encoding") != "" || !bytes.Equal(r.body, plain) {
		t.Fatalf("plain: status %d, %d bytes, headers %v", r.status, len(r.body), r.header)
	}
	if r := s.do("GET", "/assets/wasm_exec.js?v="+web.AssetVersion(), nil); r.status != 200 || !bytes.Contains(r.body, []byte("Go")) {
		t.Fatalf("wasm_exec.js: %d", r.status)
	}
}

// TestGamesSayTheirRulesRevision: each game's revision is the one the
// module implements.
func TestGamesSayTheirRulesRevision(t *testing.T) {
	s := newTestServer(t, all.Registry().All()...)
	var out struct {
		Games []struct {
			ID       string `json:"id"`
			Revision int    `json:"revision"`
		} `json:"games"`
	}
	if err := json.Unmarshal(s.do("GET", "/v1/games", nil).body, &out); err != nil {
		t.Fatal(err)
	}
	want := bridge.New().Revisions()
	for _, g := range out.Games {
		if g.Revision != want[g.ID] {
			t.Errorf("%s: server at revision %d, module %d", g.ID, g.Revision, want[g.ID])
		}
	}
}

// TestRefusalsAreWordedAsTheModuleWordsThem: what the phone shows when it
// refuses an event offline is what the server answers for it.
func TestRefusalsAreWordedAsTheModuleWordsThem(t *testing.T) {
	s := newTestServer(t, all.Registry().All()...)
	p := []string{s.player(t, "Sara"), s.player(t, "Reza"), s.player(t, "Kian")}
	m := s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "wizard", "players": p})
	id := m["id"].(string)
	start := map[string]any{"type": "round_started", "data": map[string]any{"round": 1, "dealer": p[0], "trump": "none", "trump_card": "jester"}}
	s.must(t, 201, "POST", "/v1/matches/"+id+"/events", start)
	startData, _ := json.Marshal(start["data"])
	players := []rules.Player{{ID: p[0], Name: "Sara"}, {ID: p[1], Name: "Reza"}, {ID: p[2], Name: "Kian"}}
	bad := []map[string]any{
		{"type": "bid", "data": map[string]any{"player": p[0], "bid": 0}},     // out of turn
		{"type": "bid", "data": map[string]any{"player": p[1], "bid": 7}},     // more than the cards
		{"type": "bid", "data": map[string]any{"player": p[1], "bid": "one"}}, // malformed
		{"type": "no_such_event", "data": map[string]any{}},
	}
	for _, lang := range []string{"en", "fa"} {
		b := bridge.New()
		h, _, err := b.Open(bridge.OpenRequest{Game: "wizard", Players: players, Options: json.RawMessage(asJSON(t, m["options"])),
			Events: []bridge.StoredEvent{{Type: "round_started", Data: startData}}}, lang)
		if err != nil {
			t.Fatal(err)
		}
		for _, ev := range bad {
			r := s.do("POST", "/v1/matches/"+id+"/events", ev, "Accept-Language", lang)
			var server bridge.Problem
			if err := json.Unmarshal(r.body, &server); err != nil {
				t.Fatal(err)
			}
			data, _ := json.Marshal(ev["data"])
			_, err := b.Apply(h, rules.Event{Type: ev["type"].(string), Data: data}, lang)
			local, ok := err.(*bridge.Problem)
			if !ok {
				t.Fatalf("%s %v: the module took it (%v); the server answered %d", lang, ev, err, r.status)
			}
			if lang == "fa" {
				local.Detail = faProse(detailFA(local.Detail))
				for i := range local.Violations {
					local.Violations[i].Message = faProse(local.Violations[i].Message)
				}
				for i := range local.Fields {
					local.Fields[i].Message = faProse(detailFA(local.Fields[i].Message))
				}
			}
			if got, want := asJSON(t, local), asJSON(t, server); got != want {
				t.Errorf("%s %v:\nmodule %s\nserver %s", lang, ev, got, want)
			}
		}
	}
}

func asJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestAppShellWorkerAndManifest: the worker carries this version and every
// asset of it; the manifest speaks both languages.
func TestAppShellWorkerAndManifest(t *testing.T) {
	s := newTestServer(t)
	r := s.do("GET", "/sw.js?v="+web.AssetVersion(), nil)
	if r.status != 200 || !bytes.Contains(r.body, []byte(`const VERSION = "`+web.AssetVersion()+`";`)) {
		t.Fatalf("sw.js: %d %s", r.status, r.body)
	}
	for _, f := range []string{`"/"`, `"/assets/app-main.js?v=` + web.AssetVersion() + `"`, `"/assets/rules.wasm?v=` + web.AssetVersion() + `"`, `"/assets/wasm_exec.js?v=` + web.AssetVersion() + `"`} {
		if !bytes.Contains(r.body, []byte(f)) {
			t.Errorf("sw.js does not keep %s", f)
		}
	}
	if bytes.Contains(r.body, []byte("rules.wasm.gz")) {
		t.Error("sw.js keeps the module's file name, not its URL")
	}
	for lang, name := range map[string]string{"en": "Motamed", "fa": "معتمد"} {
		m := s.must(t, 200, "GET", "/manifest.webmanifest?lang="+lang, nil)
		if m["short_name"] != name || m["lang"] != lang {
			t.Errorf("%s manifest: %v", lang, m)
		}
	}
	if csp := s.do("GET", "/", nil).header.Get("Content-Security-Policy"); !bytes.Contains([]byte(csp), []byte("'wasm-unsafe-eval'")) {
		t.Errorf("the app's page does not let the rules module run: %s", csp)
	}
}
