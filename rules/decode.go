package rules

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
)

// Decode strictly decodes one JSON value from data into v: unknown fields,
// trailing data and type mismatches are reported as an *InputError whose field
// paths are prefixed with prefix (e.g. "data" or "options"). Empty data
// decodes as an empty object. On an error v may be partly filled.
func Decode(data []byte, prefix string, v any) error {
	if len(bytes.TrimSpace(data)) == 0 {
		data = []byte("{}")
	}
	if decodeFast(data, v) {
		if verifyDecoding.Load() {
			verifyFast(data, prefix, v)
		}
		return nil
	}
	// What decodeFast leaves goes to encoding/json, on a strict decoder kept
	// from an earlier value: a new json.Decoder costs a struct and a read
	// buffer, and one that read its value to the end can be reused.
	d := strictDecoders.Get().(*strictDecoder)
	if d.decode(data, v) {
		strictDecoders.Put(d)
		return nil
	}
	// Data with anything wrong is decoded again on a fresh decoder: its
	// error, and the byte offsets in it, are those of data alone.
	return decodeFresh(data, prefix, v)
}

func decodeFresh(data []byte, prefix string, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return decodeError(prefix, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return Invalid(prefix, "must be a single JSON value with nothing after it")
	}
	return nil
}

// strictDecoder is a json.Decoder that refuses unknown fields, with the
// reader it reads from, so that it can be given new data.
type strictDecoder struct {
	r   bytes.Reader
	dec *json.Decoder
}

var strictDecoders = sync.Pool{New: func() any {
	d := &strictDecoder{}
	d.dec = json.NewDecoder(&d.r)
	d.dec.DisallowUnknownFields()
	return d
}}

// decode decodes data into v and reports whether it was one clean JSON
// value: then the decoder has read everything and is as good as new for the
// next data (a decoder is reusable after a value it read to the end). After
// false it must be dropped.
func (d *strictDecoder) decode(data []byte, v any) bool {
	d.r.Reset(data)
	defer d.r.Reset(nil)
	if d.dec.Decode(v) != nil {
		return false
	}
	_, err := d.dec.Token()
	return err == io.EOF
}

func decodeError(prefix string, err error) error {
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case errors.As(err, &typeErr):
		field := join(prefix, typeErr.Field)
		return Invalid(field, fmt.Sprintf("must be %s, not %s", jsonKind(typeErr.Type.Kind().String()), typeErr.Value))
	case errors.As(err, &syntaxErr):
		return Invalid(prefix, fmt.Sprintf("is not valid JSON (at byte %d)", syntaxErr.Offset))
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		name := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return Invalid(join(prefix, name), "is not a known field")
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return Invalid(prefix, "is not valid JSON (it ends too early)")
	default:
		return Invalid(prefix, err.Error())
	}
}

func join(prefix, field string) string {
	switch {
	case field == "":
		return prefix
	case prefix == "":
		return field
	default:
		return prefix + "." + field
	}
}

func jsonKind(goKind string) string {
	switch goKind {
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64":
		return "an integer"
	case "float32", "float64":
		return "a number"
	case "string":
		return "a string"
	case "bool":
		return "true or false"
	case "slice", "array":
		return "an array"
	case "map", "struct":
		return "an object"
	default:
		return "a " + goKind
	}
}
