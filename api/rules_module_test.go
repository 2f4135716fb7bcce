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
			_, err := b.Apply(h, rules.Event{Type: ev["type"].(string), Data: data}, 0, lang)
			local, ok := err.(*bridge.Problem)
			if !ok {
				t.Fatalf("%s %v: the module took it (%v); the server answered %d", lang, ev, err, r.status)
			}
			if lang == "fa" {
				persianAsTheAppShowsIt(local)
			}
			if got, want := asJSON(t, local), asJSON(t, server); got != want {
				t.Errorf("%s %v:\nmodule %s\nserver %s", lang, ev, got, want)
			}
		}
	}
}

// persianAsTheAppShowsIt puts a Persian refusal of the module as the app
// shows it: the digits in Persian (the app's prose step) and the server's
// fixed sentences in Persian.
func persianAsTheAppShowsIt(p *bridge.Problem) {
	p.Detail = faProse(detailFA(p.Detail))
	for i := range p.Violations {
		p.Violations[i].Message = faProse(p.Violations[i].Message)
	}
	for i := range p.Fields {
		p.Fields[i].Message = faProse(detailFA(p.Fields[i].Message))
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

// TestRefereeAnswersAreWordedAsTheModuleWordsThem: a referee's answer on
// the phone with no network is the server's, word for word, in both
// languages: every game's example question, and a malformed one refused
// alike.
func TestRefereeAnswersAreWordedAsTheModuleWordsThem(t *testing.T) {
	s := newTestServer(t, all.Registry().All()...)
	b := bridge.New()
	asked := 0
	for _, g := range all.Registry().All() {
		id := g.Info().ID
		for _, ref := range g.Referees() {
			for _, lang := range []string{"en", "fa"} {
				r := s.do("POST", "/v1/referee/"+id+"/"+ref.Question, string(ref.Example), "Accept-Language", lang)
				ans, err := b.Ask(id, ref.Question, ref.Example, lang)
				if r.status != 200 || err != nil {
					t.Fatalf("%s/%s %s: server %d, module %v", id, ref.Question, lang, r.status, err)
				}
				var server any
				if err := json.Unmarshal(r.body, &server); err != nil {
					t.Fatal(err)
				}
				if got, want := asJSON(t, ans), asJSON(t, server); got != want {
					t.Errorf("%s/%s %s:\nmodule %.400s\nserver %.400s", id, ref.Question, lang, got, want)
				}
				asked++
				r = s.do("POST", "/v1/referee/"+id+"/"+ref.Question, `{"no_such_field":1}`, "Accept-Language", lang)
				_, err = b.Ask(id, ref.Question, json.RawMessage(`{"no_such_field":1}`), lang)
				local, ok := err.(*bridge.Problem)
				var p bridge.Problem
				if jerr := json.Unmarshal(r.body, &p); jerr != nil || !ok || local.Status != r.status || local.Type != p.Type || local.Title != p.Title {
					t.Errorf("%s/%s %s: a malformed question: server %d %s, module %v", id, ref.Question, lang, r.status, r.body, err)
				}
			}
		}
	}
	if asked == 0 {
		t.Fatal("no referee question asked")
	}
}

// TestCorrectionsAreCheckedAsTheModuleChecksThem: a fix or a void checked
// on the phone with no network gets the server's verdict in the server's
// words: the totals it leads to, or the event it breaks (breaks_at) with
// its rules, or the fix's own refusal, in both languages.
func TestCorrectionsAreCheckedAsTheModuleChecksThem(t *testing.T) {
	s := newTestServer(t, all.Registry().All()...)
	p := []string{s.player(t, "Sara"), s.player(t, "Reza"), s.player(t, "Kian")}
	m := s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "wizard", "players": p})
	id := m["id"].(string)
	log := []map[string]any{
		{"type": "round_started", "data": map[string]any{"round": 1, "dealer": p[0], "trump": "red", "trump_card": "red-7"}},
		{"type": "bid", "data": map[string]any{"player": p[1], "bid": 1}},
		{"type": "bid", "data": map[string]any{"player": p[2], "bid": 0}},
		{"type": "bid", "data": map[string]any{"player": p[0], "bid": 1}},
		{"type": "tricks", "data": map[string]any{"won": map[string]any{p[0]: 0, p[1]: 1, p[2]: 0}}},
		{"type": "round_started", "data": map[string]any{"round": 2, "dealer": p[1], "trump": "blue", "trump_card": "blue-3"}},
		{"type": "bid", "data": map[string]any{"player": p[2], "bid": 2}},
	}
	var stored []bridge.StoredEvent
	for _, ev := range log {
		r := s.must(t, 201, "POST", "/v1/matches/"+id+"/events", ev)
		data, _ := json.Marshal(ev["data"])
		stored = append(stored, bridge.StoredEvent{Seq: int64(r["event"].(map[string]any)["seq"].(float64)), Type: ev["type"].(string), Data: data})
	}
	players := []rules.Player{{ID: p[0], Name: "Sara"}, {ID: p[1], Name: "Reza"}, {ID: p[2], Name: "Kian"}}
	batches := []struct {
		name  string
		items []bridge.Correction
	}{
		{"a bid fixed", []bridge.Correction{{Seq: 2, Type: "bid", Data: json.RawMessage(`{"player":"` + p[1] + `","bid":0}`)}}},
		{"tricks fixed", []bridge.Correction{{Seq: 5, Type: "tricks", Data: json.RawMessage(`{"won":{"` + p[0] + `":1,"` + p[1] + `":0,"` + p[2] + `":0}}`)}}},
		{"a fix refused itself", []bridge.Correction{{Seq: 2, Type: "bid", Data: json.RawMessage(`{"player":"` + p[1] + `","bid":5}`)}}},
		{"a fix that breaks a later event", []bridge.Correction{{Seq: 1, Type: "round_started", Data: json.RawMessage(`{"round":2,"dealer":"` + p[0] + `","trump":"red","trump_card":"red-7"}`)}}},
		{"a void that breaks a later event", []bridge.Correction{{Seq: 3, Void: true}}},
		{"two fixes together", []bridge.Correction{{Seq: 3, Void: true}, {Seq: 4, Void: true}, {Seq: 5, Void: true}, {Seq: 6, Void: true}, {Seq: 7, Void: true}}},
		{"a malformed fix", []bridge.Correction{{Seq: 2, Type: "bid", Data: json.RawMessage(`{"player":"` + p[1] + `","bid":"one"}`)}}},
	}
	refused := 0
	for _, lang := range []string{"en", "fa"} {
		b := bridge.New()
		h, _, err := b.Open(bridge.OpenRequest{Game: "wizard", Players: players, Options: json.RawMessage(asJSON(t, m["options"])), Events: stored}, lang)
		if err != nil {
			t.Fatal(err)
		}
		for _, bt := range batches {
			r := s.do("POST", "/v1/matches/"+id+"/corrections?dry_run=true", map[string]any{"corrections": bt.items}, "Accept-Language", lang)
			v, err := b.Correct(h, bt.items, 8, lang, true)
			if r.status == 200 {
				if err != nil {
					t.Fatalf("%s %s: the server took it, the module refused: %v", lang, bt.name, err)
				}
				var server struct {
					Match struct {
						Totals map[string]int `json:"totals"`
					} `json:"match"`
				}
				if err := json.Unmarshal(r.body, &server); err != nil {
					t.Fatal(err)
				}
				if got, want := asJSON(t, v.Scores.Totals), asJSON(t, server.Match.Totals); got != want {
					t.Errorf("%s %s: totals %s, the server's %s", lang, bt.name, got, want)
				}
				continue
			}
			local, ok := err.(*bridge.Problem)
			if !ok {
				t.Fatalf("%s %s: the module took it (%v); the server answered %d %s", lang, bt.name, err, r.status, r.body)
			}
			refused++
			var server bridge.Problem
			if err := json.Unmarshal(r.body, &server); err != nil {
				t.Fatal(err)
			}
			if lang == "fa" {
				persianAsTheAppShowsIt(local)
			}
			if got, want := asJSON(t, local), asJSON(t, server); got != want {
				t.Errorf("%s %s:\nmodule %s\nserver %s", lang, bt.name, got, want)
			}
		}
	}

	if refused != 8 {
		t.Errorf("%d refusals in both languages, want 8 (4 batches of 7 refused)", refused)
	}
}
