package api

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// sameAsValid checks validJSON and validObjectEnd against json.Valid on
// data: validJSON must agree with it, validObjectEnd must take an object
// exactly when json.Valid does, and the object it finds at the start of
// data must be one json.Valid takes.
func sameAsValid(t *testing.T, data []byte) {
	t.Helper()
	if got, want := validJSON(data), json.Valid(data); got != want {
		t.Fatalf("%q: validJSON %v, json.Valid %v", data, got, want)
	}
	end, ok := validObjectEnd(data, 0)
	whole := ok && skipSpace(data, end) == len(data)
	isObject := len(data) > 0 && data[0] == '{'
	if want := isObject && json.Valid(data); whole != want {
		t.Fatalf("%q: validObjectEnd takes the whole of it: %v; json.Valid: %v", data, whole, want)
	}
	if ok && !json.Valid(data[:end]) {
		t.Fatalf("%q: validObjectEnd takes %q, which json.Valid refuses", data, data[:end])
	}
}

func TestValidObjectEnd(t *testing.T) {
	for _, data := range []string{
		`{}`, `{ }`, `{"a":1}`, `{"a":[1,2,{"b":null}],"c":{"d":true,"e":false}}`,
		`{"s":"\" \\ \/ \b \f \n \r \t \u00e9 \uD834\uDD1E"}`, "{\"s\":\"\xff\xfe\"}",
		`{"n":[0,-0,1.5,-2e10,3E+2,4e-2,10]}`, " {\"a\" : [ ] , \"b\" :\t{}\n}",
		`{"a":1}x`, `{"a":1} `,
		// refused
		`{`, `{"a"}`, `{"a":}`, `{"a":1,}`, `{,}`, `{"a":1 "b":2}`, `{a:1}`, `{'a':1}`,
		`{"a":[1,]}`, `{"a":[,1]}`, `{"a":01}`, `{"a":1.}`, `{"a":.5}`, `{"a":1e}`, `{"a":-}`,
		`1`, ` -2.5e3 `, `"s"`, `[1,"a",null]`, `true`, `null`, `  `, `1 2`, `{} x`,
		`{"a":+1}`, `{"a":tru}`, `{"a":nul}`, `{"a":"\x"}`, `{"a":"\u12"}`, `{"a":"\u12g4"}`,
		"{\"a\":\"\t\"}", `{"a":"`, `{"a":"\`, `[1]`, `"a"`, ``, `{"a":NaN}`, `{"a":[}]}`,
	} {
		sameAsValid(t, []byte(data))
	}
	if _, ok := validObjectEnd([]byte(`{"a":{"b":[1,{}]},"c":"}"}, "tail"`), 0); !ok {
		t.Error("an object followed by more was not found")
	}
	// encoding/json's nesting limit, at and past it.
	for _, depth := range []int{maxValidDepth, maxValidDepth + 1} {
		data := []byte(`{"a":` + strings.Repeat("[", depth-1) + strings.Repeat("]", depth-1) + `}`)
		sameAsValid(t, data)
		if _, ok := validObjectEnd(data, 0); ok != (depth <= maxValidDepth) {
			t.Errorf("nested %d deep: taken %v", depth, ok)
		}
	}
}

func FuzzValidObjectEnd(f *testing.F) {
	for _, s := range []string{
		`{"plays":[{"player":"p1","card":"blue-9"}],"winner":"p1"}`,
		`{"a":"\u00e9\n","b":[1.5e3,-0,true,false,null],"c":{}}`,
		`{"a":[}]}`, `{"a":01}`, `{"a":"\x"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sameAsValid(t, data)
		if len(data) > 0 && data[0] != '{' {
			sameAsValid(t, append([]byte(`{"k":`), append(bytes.Clone(data), '}')...))
		}
	})
}

// BenchmarkValidObjectEnd compares reading a typical event's data once
// with matching its braces and then json.Valid.
func BenchmarkValidObjectEnd(b *testing.B) {
	data := []byte(`{"plays":[{"player":"pl_13vec3c21nt5t94d","card":"red-7"},{"player":"pl_1kbz581ecqk52hw4","card":"wizard"},{"player":"pl_5aavqzash9tayr9q","card":"blue-3"}]}`)
	b.Run("once", func(b *testing.B) {
		for b.Loop() {
			if _, ok := validObjectEnd(data, 0); !ok {
				b.Fatal("refused")
			}
		}
	})
	b.Run("json-Valid", func(b *testing.B) {
		for b.Loop() {
			if !json.Valid(data) {
				b.Fatal("refused")
			}
		}
	})
}
