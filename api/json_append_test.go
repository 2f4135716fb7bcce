package api

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/all"
)

// tricky strings: every case where encoding/json escapes or replaces.
var trickyStrings = []string{
	"", "bid", "m_0123abc", "Big Sword of Doom", `say "hi"`, `back\slash`, "tab\there", "line\nbreak",
	"\x00\x1f", "<b>&amp;</b>", "مهدی", "پیش\u200cبینی", "\u2028\u2029", "bad \xff utf-8", "\x7f", "é",
}

func TestAppendRawWritesWhatEncodingJSONWrites(t *testing.T) {
	for _, raw := range []string{
		`{}`, `{"bid":3,"player":"pl_1"}`, `{ "bid" : 3 }`, "{\n\t\"a\":[1, 2]\r\n}", `{"item":"Big Sword"}`,
		`{"q":"a \"quoted\" word"}`, `{"q":"ends in a backslash\\"}`, `{"q":"<&>"}`, `{"name":"مهدی"}`,
		`{"s":"\u2028"}`, `[1,2,3]`, `"just a string"`, `null`, `12.5e3`, `{"a":{"b":{"c":[true,false,null]}}}`,
		``, `{`, `{"a":}`, `{"a":1}}`, "{\"a\":\"\xff\"}", `{"a":"x"} `, ` {"a":"x"}`,
	} {
		want, wantErr := json.Marshal(json.RawMessage(raw))
		got, err := appendRaw([]byte("x"), json.RawMessage(raw))
		if (err != nil) != (wantErr != nil) {
			t.Errorf("%q: error %v, encoding/json's %v", raw, err, wantErr)
			continue
		}
		if err == nil && !bytes.Equal(got, append([]byte("x"), want...)) {
			t.Errorf("%q: got %s, want %s", raw, got[1:], want)
		}
	}
}

func TestAppendResultWritesWhatEncodingJSONWrites(t *testing.T) {
	r := &rules.Result{Placements: []rules.Placement{{PlayerID: "pl_a", Place: 1}}, Winners: []string{"pl_a"}}
	for _, v := range []*rules.Result{nil, r} {
		want, _ := json.Marshal(v)
		if got := appendResult(nil, v); !bytes.Equal(got, want) {
			t.Errorf("result %v: got %s, want %s", v, got, want)
		}
	}
}

// An event answer, written directly, is encoding/json's EventResponse:
// with notes (known rules with their titles and sections, and an unknown
// one), in both languages, for undo records and voided events.
func TestAppendEventJSONWritesWhatEncodingJSONWrites(t *testing.T) {
	s := newTestServer(t, all.Registry().All()...)
	at := time.Date(2026, 11, 21, 9, 30, 0, 123456789, time.UTC)
	notes := []rules.Ruling{
		rules.Rule("MUNCHKIN-HELP-10", "A helper was offered treasure.", "به یاور گنج پیشنهاد شد."),
		rules.Rule("NO-SUCH-RULE", `a "quoted" <note>`, "یادداشت"),
	}
	for _, e := range []db.Event{
		{Seq: 1, Type: "bid", Data: json.RawMessage(`{"player":"pl_1","bid":2}`), CreatedAt: at},
		{Seq: 2, Type: "combat", Data: json.RawMessage(`{ "monster" : "Plutonium Dragon" }`), Notes: notes, CreatedAt: at},
		{Seq: 3, Type: "trick", Data: json.RawMessage(`{"x":1}`), Voided: true, CreatedAt: at},
		{Seq: 4, Type: rules.UndoType, Data: json.RawMessage(`{"voids":3}`), Voids: 3, CreatedAt: at},
		{Seq: 5, Type: "note", Data: nil, CreatedAt: at},
		{Seq: 6, Type: "bad", Data: json.RawMessage(`{"x":`), CreatedAt: at},
	} {
		for _, lang := range []string{"en", "fa"} {
			want, err := json.Marshal(s.server.eventResponse(e, lang))
			if err != nil {
				want = []byte(`{}`)
			}
			if got := s.server.appendEventJSON([]byte("x"), e, lang); !bytes.Equal(got, append([]byte("x"), want...)) {
				t.Errorf("event %d %s:\n got %s\nwant %s", e.Seq, lang, got[1:], want)
			}
		}
	}
}

// No input makes the direct writers differ from encoding/json.
func FuzzAppendRaw(f *testing.F) {
	for _, s := range trickyStrings {
		f.Add(s)
	}
	f.Add(`{"a": [1, "x y", {"b": "<"}]}`)
	f.Fuzz(func(t *testing.T, s string) {
		want, wantErr := json.Marshal(json.RawMessage(s))
		got, err := appendRaw(nil, json.RawMessage(s))
		if (err != nil) != (wantErr != nil) || (err == nil && !bytes.Equal(got, want)) {
			t.Fatalf("raw %q: got %s (%v), want %s (%v)", s, got, err, want, wantErr)
		}
	})
}
