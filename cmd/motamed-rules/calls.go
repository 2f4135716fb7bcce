// Command motamed-rules is the rules as a WebAssembly module for the table
// app: built with GOOS=js GOARCH=wasm, it puts globalThis.motamedRules in
// the page, whose calls take and give JSON text (see calls below), and the
// server embeds and serves the build (api/web/assets/rules.wasm).
//
// Rebuild it after any change to the rules with `go generate ./cmd/motamed-rules`;
// a test fails while the committed module is not the build of the sources.
package main

//go:generate sh build.sh

import (
	"encoding/json"
	"runtime"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/bridge"
)

// calls are the module's functions by name, each taking its arguments as
// strings and answering one JSON text: {"ok": answer} or {"problem": p},
// p being the refusal as the server words it.
func calls(b *bridge.Bridge) map[string]func(args []string) any {
	return map[string]func(args []string) any{
		// revisions() -> {game: revision}
		"revisions": func([]string) any { return b.Revisions() },
		// open(request JSON, lang) -> {handle, view}
		"open": func(a []string) any {
			var req bridge.OpenRequest
			if err := json.Unmarshal([]byte(arg(a, 0)), &req); err != nil {
				return err
			}
			h, v, err := b.Open(req, arg(a, 1))
			if err != nil {
				return err
			}
			return map[string]any{"handle": h, "view": v}
		},
		// apply(handle, event JSON {type, data, seq?}, lang) -> view
		"apply": func(a []string) any {
			var ev struct {
				Type string          `json:"type"`
				Data json.RawMessage `json:"data,omitempty"`
				Seq  int64           `json:"seq,omitempty"`
			}
			if err := json.Unmarshal([]byte(arg(a, 1)), &ev); err != nil {
				return err
			}
			v, err := b.Apply(atoi(arg(a, 0)), rules.Event{Type: ev.Type, Data: ev.Data}, ev.Seq, arg(a, 2))
			if err != nil {
				return err
			}
			return v
		},
		// undo(handle, lang) -> view
		"undo": func(a []string) any {
			v, err := b.Undo(atoi(arg(a, 0)), arg(a, 1))
			if err != nil {
				return err
			}
			return v
		},
		// redo(handle, lang) -> view
		"redo": func(a []string) any {
			v, err := b.Redo(atoi(arg(a, 0)), arg(a, 1))
			if err != nil {
				return err
			}
			return v
		},
		// correct(handle, [correction] JSON, first seq, lang, "dry"|"") -> view
		"correct": func(a []string) any {
			var items []bridge.Correction
			if err := json.Unmarshal([]byte(arg(a, 1)), &items); err != nil {
				return err
			}
			v, err := b.Correct(atoi(arg(a, 0)), items, int64(max(atoi(arg(a, 2)), 0)), arg(a, 3), arg(a, 4) == "dry")
			if err != nil {
				return err
			}
			return v
		},
		// events(handle) -> [event in force {seq, type, data, revision}]
		"events": func(a []string) any {
			evs, err := b.Events(atoi(arg(a, 0)))
			if err != nil {
				return err
			}
			return evs
		},
		// close(handle) -> true
		"close": func(a []string) any { b.Close(atoi(arg(a, 0))); return true },
		// ask(game, question, body JSON, lang) -> the referee's answer
		"ask": func(a []string) any {
			ans, err := b.Ask(arg(a, 0), arg(a, 1), json.RawMessage(arg(a, 2)), arg(a, 3))
			if err != nil {
				return err
			}
			return ans
		},
		// sample(game) -> {match: open request with no events, events: [event]},
		// or null: a match to play in the background, warming the module up
		"sample": func(a []string) any {
			req, events, ok := sampleOf(arg(a, 0))
			if !ok {
				return nil
			}
			return map[string]any{"match": req, "events": events}
		},
		// tidy() -> true: collects the module's garbage now, which the app
		// asks for when the page is idle, so that the collector does not run
		// in the middle of a later tap (a collection took 20 to 40 ms at 4x
		// CPU throttling, an event about 5)
		"tidy": func([]string) any { runtime.GC(); return true },
		// rules(game, lang) -> [rule]
		"rules": func(a []string) any {
			rs, err := b.Rules(arg(a, 0), arg(a, 1))
			if err != nil {
				return err
			}
			return rs
		},
	}
}

// answer writes what a call returned as the module's JSON text.
func answer(v any) string {
	var out any
	switch x := v.(type) {
	case *bridge.Problem:
		out = map[string]any{"problem": x}
	case error:
		out = map[string]any{"problem": bridge.Problem{Type: "/problems/malformed-request", Title: "The request is malformed", Status: 400, Detail: x.Error()}}
	default:
		out = map[string]any{"ok": x}
	}
	b, err := json.Marshal(out)
	if err != nil {
		b, _ = json.Marshal(map[string]any{"problem": bridge.Problem{Type: "/problems/internal", Title: "Something went wrong", Status: 500, Detail: err.Error()}})
	}
	return string(b)
}

func arg(a []string, i int) string {
	if i < len(a) {
		return a[i]
	}
	return ""
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	return n
}
