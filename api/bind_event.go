package api

import "github.com/labstack/echo/v4"

// bindEvent reads an event POST's body into req, as bind does. Nearly
// every such body is {"type":"...","data":{...}} with a plain type: that
// shape is read by hand (decodeEventFast), which costs a fraction of
// encoding/json's reflection over the envelope and the copy of its data.
// Anything else, and every error, goes through bind's own path, so that
// what is accepted, and every error's wording, are the same either way
// (FuzzDecodeEventFast checks it).
func bindEvent(c echo.Context, req *AppendEventRequest) ([]byte, error) {
	body, err := readBody(c)
	if err != nil {
		return nil, err
	}
	if err := checkBodyShape(body); err != nil {
		return nil, err
	}
	if decodeEventFast(body, req) {
		return body, nil
	}
	*req = AppendEventRequest{}
	return body, bindBody(body, req)
}

// decodeEventFast decodes body into req when it is an object with a
// "type" that is a non-empty string of at most 64 bytes without escapes,
// and at most a "data" that is an object, each named once and exactly so,
// and reports whether it did. req.Data is then the data object's bytes, as
// encoding/json would copy them, but not copied: a slice of body, which
// must therefore not be reused while the event is alive (readBody gives each
// request a body of its own). It assumes checkBodyShape passed.
func decodeEventFast(body []byte, req *AppendEventRequest) bool {
	i := skipSpace(body, 0)
	if i >= len(body) || body[i] != '{' {
		return false
	}
	var typ string
	var data []byte
	seenType, seenData := false, false
	for first := true; ; first = false {
		i = skipSpace(body, i+1)
		if i >= len(body) {
			return false
		}
		if body[i] == '}' && first {
			return false // {}: no type
		}
		key, end, ok := plainString(body, i)
		if !ok {
			return false
		}
		i = skipSpace(body, end)
		if i >= len(body) || body[i] != ':' {
			return false
		}
		i = skipSpace(body, i+1)
		switch {
		case string(key) == "type" && !seenType:
			v, end, ok := plainString(body, i)
			if !ok || len(v) == 0 || len(v) > 64 {
				return false
			}
			typ, i, seenType = string(v), end, true
		case string(key) == "data" && !seenData:
			end, ok := validObjectEnd(body, i)
			if !ok {
				return false
			}
			data, i, seenData = body[i:end], end, true
		default:
			return false
		}
		i = skipSpace(body, i)
		if i >= len(body) {
			return false
		}
		if body[i] == '}' {
			break
		}
		if body[i] != ',' {
			return false
		}
	}
	if !seenType || skipSpace(body, i+1) != len(body) {
		return false
	}
	req.Type, req.Data = typ, data
	return true
}

// skipSpace is the index of the first byte at or after i that is not JSON
// whitespace.
func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// plainString reads the JSON string starting at b[i] when it has no escapes
// and no control characters: its contents, and the index after its closing
// quote.
func plainString(b []byte, i int) (s []byte, end int, ok bool) {
	if i >= len(b) || b[i] != '"' {
		return nil, 0, false
	}
	for j := i + 1; j < len(b); j++ {
		switch c := b[j]; {
		case c == '"':
			return b[i+1 : j], j + 1, true
		case c == '\\' || c < 0x20:
			return nil, 0, false
		}
	}
	return nil, 0, false
}
