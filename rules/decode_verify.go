package rules

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sync/atomic"
)

var verifyDecoding atomic.Bool

// VerifyDecoding, for tests: while on, every value Decode decodes without
// encoding/json (see decodeFast) is decoded again by encoding/json alone,
// and Decode panics if encoding/json refuses it or gives another value.
// The games' tests and fuzzers run with it on (rulestest.Main).
func VerifyDecoding(on bool) { verifyDecoding.Store(on) }

// verifyFast panics unless encoding/json decodes data as decodeFast did
// into v.
func verifyFast(data []byte, prefix string, v any) {
	again := reflect.New(reflect.TypeOf(v).Elem())
	if err := decodeFresh(data, prefix, again.Interface()); err != nil {
		panic(fmt.Sprintf("rules: decoded %q without encoding/json, which refuses it: %v", data, err))
	}
	if got, want := reflect.ValueOf(v).Elem().Interface(), again.Elem().Interface(); !reflect.DeepEqual(got, want) {
		g, _ := json.Marshal(got) // what the pointers point to
		w, _ := json.Marshal(want)
		panic(fmt.Sprintf("rules: decoded %q as %T %s; encoding/json gives %s", data, got, g, w))
	}
}
