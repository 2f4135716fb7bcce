package jsonw

import (
	"bytes"
	"encoding/json"
	"testing"
)

func sameAsMarshal(t *testing.T, got []byte, v any) {
	t.Helper()
	want, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%#v:\n got  %s\n want %s", v, got, want)
	}
}

// strings are every case where encoding/json escapes or replaces.
var strings = []string{"", "plain", "a<b", "a>b", "a&b", "<b>&amp;</b>", `q"q`, `back\slash`, "tab\tnew\nline", "\x00\x1f", "\x7f", "é",
	"سارا", "پیش\u200cبینی", "\u2028\u2029", "bad \xff utf-8", "\uFFFD", "cut \xd8", "emoji 🎲"}

func TestStringWritesWhatEncodingJSONWrites(t *testing.T) {
	for _, s := range strings {
		sameAsMarshal(t, String(nil, s), s)
	}
}

func TestListsAndMapsWriteWhatEncodingJSONWrites(t *testing.T) {
	sameAsMarshal(t, Strings[string](nil, nil), []string(nil))
	sameAsMarshal(t, Strings(nil, []string{}), []string{})
	sameAsMarshal(t, Strings(nil, strings), strings)
	sameAsMarshal(t, Ints(nil, nil), []int(nil))
	sameAsMarshal(t, Ints(nil, []int{}), []int{})
	sameAsMarshal(t, Ints(nil, []int{0, -1, 1 << 40}), []int{0, -1, 1 << 40})
	sameAsMarshal(t, IntMap[string](nil, nil), map[string]int(nil))
	sameAsMarshal(t, IntMap(nil, map[string]int{}), map[string]int{})
	m := map[string]int{}
	for i, s := range strings {
		m[s] = i - 3
	}
	sameAsMarshal(t, IntMap(nil, m), m)
	sameAsMarshal(t, Int(nil, -7), -7)
	sameAsMarshal(t, IntsMap[string](nil, nil), map[string][]int(nil))
	lists := map[string][]int{"b": {1, 2}, "a": nil, "<": {}}
	sameAsMarshal(t, IntsMap(nil, lists), lists)
	sameAsMarshal(t, Bool(nil, true), true)
	sameAsMarshal(t, Bool(nil, false), false)
	type pair struct {
		A string `json:"a"`
	}
	sameAsMarshal(t, List(nil, []pair(nil), func(p *pair, b []byte) []byte { return b }), []pair(nil))
	got := List(nil, []pair{{"x"}, {"<y>"}}, func(p *pair, b []byte) []byte {
		return append(String(append(b, `{"a":`...), p.A), '}')
	})
	sameAsMarshal(t, got, []pair{{"x"}, {"<y>"}})
	v, err := Value([]byte("x"), pair{"&"})
	if err != nil {
		t.Fatal(err)
	}
	sameAsMarshal(t, v[1:], pair{"&"})
	if _, err := Value(nil, func() {}); err == nil {
		t.Error("Value of a func: no error")
	}
}

func FuzzString(f *testing.F) {
	for _, s := range strings {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sameAsMarshal(t, String([]byte{}, s), s)
		sameAsMarshal(t, IntMap(nil, map[string]int{s: 1, s + "x": 2, "": 3}), map[string]int{s: 1, s + "x": 2, "": 3})
	})
}

// BenchmarkString writes an ID and a Persian name.
func BenchmarkString(b *testing.B) {
	var buf []byte
	for b.Loop() {
		buf = String(buf[:0], "pl_13vec3c21nt5t94d")
		buf = String(buf, "سارا")
	}
}
