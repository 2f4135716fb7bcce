package api

import (
	"encoding/json"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/motamed/motamed/rules"
)

// The appenders below, with jsonw's, write the small values of every event
// answer directly into the answer buffer. Each writes exactly the bytes
// encoding/json writes for the same value (the tests compare them on every
// event of generated matches and on random input); where a value needs
// more than copying (escapes, HTML-safe characters, whitespace to drop) they
// hand it to encoding/json, so the rare case stays exact and the common one
// allocates nothing.

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
	if !jsontext.Value(raw).IsValid() {
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

// appendResult appends a match's result (null while it is in progress).
func appendResult(b []byte, r *rules.Result) []byte {
	if r == nil {
		return append(b, "null"...)
	}
	return appendJSON(b, r)
}
