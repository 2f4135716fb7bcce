// Package jsonw writes JSON values into a byte slice exactly as
// encoding/json writes them: the same bytes, so a hand-written encoder built
// from these pieces can stand in for json.Marshal and be tested against it
// byte for byte. They exist because a match's state is encoded after every
// event, and reflection was a large share of that work.
//
// Strings that need escaping (control characters, quotes, backslashes, <,
// > and &, anything outside ASCII) go through encoding/json itself, so the
// rare case stays exact and the common one allocates nothing.
package jsonw

import (
	"encoding/json"
	"slices"
	"strconv"
	"unicode/utf8"
)

// plain marks the bytes encoding/json copies into a string as they are:
// printable ASCII but for the quote, the backslash and <, > and &.
var plain = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// String appends s as a JSON string. Valid UTF-8 outside ASCII (Persian
// names and messages) is copied as it is, as encoding/json does; only U+2028
// and U+2029, which it escapes, and invalid bytes, which it replaces, send
// s through encoding/json.
func String(b []byte, s string) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if plain[c] {
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r != utf8.RuneError && r != '\u2028' && r != '\u2029' {
				i += size
				continue
			}
			if r == utf8.RuneError && size == 3 { // U+FFFD itself, spelled out
				i += size
				continue
			}
		}
		j, _ := json.Marshal(s) // a string always marshals
		return append(b, j...)
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// Int appends n.
func Int(b []byte, n int) []byte { return strconv.AppendInt(b, int64(n), 10) }

// Bool appends true or false.
func Bool(b []byte, v bool) []byte { return strconv.AppendBool(b, v) }

// Strings appends a list of strings; a nil list is null, as encoding/json
// writes a nil slice.
func Strings[S ~string](b []byte, list []S) []byte {
	if list == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, s := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = String(b, string(s))
	}
	return append(b, ']')
}

// Ints appends a list of numbers; a nil list is null.
func Ints(b []byte, list []int) []byte {
	if list == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, n := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = Int(b, n)
	}
	return append(b, ']')
}

// IntMap appends a map of numbers by string key; a nil map is null.
func IntMap[K ~string](b []byte, m map[K]int) []byte { return Map(b, m, Int) }

// IntsMap appends a map of lists of numbers by string key; a nil map is
// null.
func IntsMap[K ~string](b []byte, m map[K][]int) []byte { return Map(b, m, Ints) }

// Map appends a map by string key, keys sorted as encoding/json sorts them
// and each value written by elem; a nil map is null.
func Map[K ~string, V any](b []byte, m map[K]V, elem func([]byte, V) []byte) []byte {
	if m == nil {
		return append(b, "null"...)
	}
	var small [8]K // a table's players: the keys stay on the stack
	keys := small[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = String(b, string(k))
		b = append(b, ':')
		b = elem(b, m[k])
	}
	return append(b, '}')
}

// SortedKeys returns m's keys in the order encoding/json writes them.
func SortedKeys[K ~string, V any](m map[K]V) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// List appends a list whose elements are written by elem (a method
// expression such as (*Trick).appendJSON fits); a nil list is null.
func List[E any](b []byte, list []E, elem func(*E, []byte) []byte) []byte {
	if list == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = elem(&list[i], b)
	}
	return append(b, ']')
}

// Value appends v as json.Marshal writes it: for the parts of a state that
// are rare or small enough not to need their own encoder.
func Value(b []byte, v any) ([]byte, error) {
	j, err := json.Marshal(v)
	if err != nil {
		return b, err
	}
	return append(b, j...), nil
}
