package api

import (
	"bytes"
	"fmt"
	"testing"
	"unicode/utf8"
)

func TestDecodeEventFast(t *testing.T) {
	cases := []struct {
		body string
		fast bool // read by hand; otherwise left to encoding/json
	}{
		{`{"type":"bid","data":{"player":"p1","bid":2}}`, true},
		{` { "data" : {"a":[1,{"b":"}"}]} , "type" : "trick_played" } ` + "\n", true},
		{`{"type":"round_started"}`, true},
		{`{"type":"x","data":{}}`, true},
		{`{"type":"سلام","data":{"s":"\"{"}}`, true},
		{`{"type":"","data":{}}`, false},
		{`{"type":"` + string(bytes.Repeat([]byte("a"), 65)) + `"}`, false},
		{`{"type":"b\u0069d","data":{}}`, false},
		{`{"Type":"bid"}`, false},
		{`{"type":"bid","data":null}`, false},
		{`{"type":"bid","data":[1]}`, false},
		{`{"type":"bid","data":{"a":1,}}`, false},
		{`{"type":"bid","data":{"a":[}]}}`, false},
		{`{"type":"bid","extra":1}`, false},
		{`{"type":"bid"} x`, false},
		{`{"type":"bid",}`, false},
		{`{"data":{}}`, false},
		{`{}`, false},
		{`{"type":1}`, false},
		{`{"type":"bid"`, false},
		{`["type","bid"]`, false},
	}
	for _, c := range cases {
		var fast AppendEventRequest
		if got := decodeEventFast([]byte(c.body), &fast); got != c.fast {
			t.Errorf("%s: read by hand %v, want %v", c.body, got, c.fast)
		}
		sameAsBind(t, []byte(c.body))
	}
}

// sameAsBind fails t unless the hand-read decoding of body, when there is
// one, is what bind's path gives, and the two paths agree on every body.
func sameAsBind(t *testing.T, body []byte) {
	t.Helper()
	if !utf8.Valid(body) || checkBodyShape(body) != nil {
		return // refused before either decoder runs
	}
	var fast, std, both AppendEventRequest
	stdErr := bindBody(body, &std)
	if decodeEventFast(body, &fast) {
		if stdErr != nil {
			t.Fatalf("%q: read by hand, but bind refuses it: %v", body, stdErr)
		}
		if fast.Type != std.Type || !bytes.Equal(fast.Data, std.Data) {
			t.Fatalf("%q: by hand %q %s, bind %q %s", body, fast.Type, fast.Data, std.Type, std.Data)
		}
	}
	// The path bindEvent takes, including its fallback.
	var bothErr error
	if !decodeEventFast(body, &both) {
		both = AppendEventRequest{}
		bothErr = bindBody(body, &both)
	}
	if fmt.Sprint(bothErr) != fmt.Sprint(stdErr) || both.Type != std.Type || !bytes.Equal(both.Data, std.Data) {
		t.Fatalf("%q: bindEvent gives %q %s %v, bind %q %s %v", body, both.Type, both.Data, bothErr, std.Type, std.Data, stdErr)
	}
}

func FuzzDecodeEventFast(f *testing.F) {
	for _, s := range []string{
		`{"type":"bid","data":{"player":"p1","bid":2}}`,
		`{"data":{"a":[1,{"b":"}"}]},"type":"trick_played"}`,
		`{"type":"x","data":{"k":"\\\""}}`,
		`{"type":"bid","data":{"a":[}]}}`,
		`{"type":"bid"} `,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) { sameAsBind(t, body) })
}

// BenchmarkBindEventBody reads a typical event body by hand and by bind's
// path.
func BenchmarkBindEventBody(b *testing.B) {
	body := []byte(`{"type":"trick_played","data":{"plays":[{"player":"pl_13vec3c21nt5t94d","card":"red-7"},{"player":"pl_1kbz581ecqk52hw4","card":"wizard"},{"player":"pl_5aavqzash9tayr9q","card":"blue-3"}]}}`)
	b.Run("by-hand", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var req AppendEventRequest
			if checkBodyShape(body) != nil || !decodeEventFast(body, &req) {
				b.Fatal("not read by hand")
			}
		}
	})
	b.Run("bind", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var req AppendEventRequest
			if err := bindBody(body, &req); err != nil {
				b.Fatal(err)
			}
		}
	})
}
