package api

import (
	"encoding/json"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/motamed/motamed/rules"
)

// The appenders below write the small values of every event answer
// directly into the answer buffer. Each writes exactly the bytes
// encoding/json writes for the same value (the tests compare them on every
// event of generated matches and on random input); where a value needs
// more than copying (escapes, HTML-safe characters, whitespace to drop) they
// hand it to encoding/json, so the rare case stays exact and the common one
// allocates nothing.

// appendQuoted appends s as a JSON string, as encoding/json writes it.
func appendQuoted(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= utf8.RuneSelf || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			j, _ := json.Marshal(s) // a string always marshals
			return append(b, j...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// appendRaw appends stored JSON (an event's data) as encoding/json writes a
// json.RawMessage: compacted, with <, > and & escaped. JSON with nothing
// to drop or escape is copied as it is.
func appendRaw(b []byte, raw json.RawMessage) ([]byte, error) {
	inString, escaped := false, false
	for _, c := range raw {
		switch {
		case c == '<' || c == '>' || c == '&' || c >= utf8.RuneSelf:
			return appendRawSlow(b, raw)
		case inString:
			if escaped {
				escaped = false
			} else if c == '\\' {
				escaped = true
			} else if c == '"' {
				inString = false
			}
		case c == '"':
			inString = true
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			return appendRawSlow(b, raw)
		}
	}
	if len(raw) == 0 || !json.Valid(raw) {
		return appendRawSlow(b, raw)
	}
	return append(b, raw...), nil
}

func appendRawSlow(b []byte, raw json.RawMessage) ([]byte, error) {
	j, err := json.Marshal(raw)
	if err != nil {
		return b, err
	}
	return append(b, j...), nil
}

// appendTotals appends a score sheet's totals, keys sorted as encoding/json
// sorts a map's.
func appendTotals(b []byte, totals map[string]int) []byte {
	if totals == nil {
		return append(b, "null"...)
	}
	keys := make([]string, 0, 8)
	for k := range totals {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendQuoted(b, k)
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(totals[k]), 10)
	}
	return append(b, '}')
}

// appendResult appends a match's result (null while it is in progress).
func appendResult(b []byte, r *rules.Result) []byte {
	if r == nil {
		return append(b, "null"...)
	}
	return appendJSON(b, r)
}
