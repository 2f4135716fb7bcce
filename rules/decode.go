package rules

import (
	"bytes"
	jsonv1 "encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// strict is how every request's JSON is read: a member that names no field
// (names match fields exactly, in case too), a name given twice in one
// object, and bytes that are not UTF-8 are all refused. JSON v2 refuses the
// last two by default.
var strict = json.RejectUnknownMembers(true)

// storedSpelling reads what was stored before names were matched by case:
// a member named as its field in another case ("PLAYER" for "player").
var storedSpelling = json.JoinOptions(strict, json.MatchCaseInsensitiveNames(true))

// Decode strictly decodes one JSON value from data into v: unknown fields,
// duplicate names, invalid UTF-8, trailing data and type mismatches are
// reported as an *InputError whose field paths are prefixed with prefix
// (e.g. "data" or "options"). Empty data decodes as an empty object. On an
// error v may be partly filled.
func Decode(data []byte, prefix string, v any) error {
	if len(bytes.TrimSpace(data)) == 0 {
		data = []byte("{}")
	}
	err := json.Unmarshal(data, v, strict)
	if err == nil {
		return nil
	}
	in := decodeError(prefix, err)
	if isUnknownName(err) {
		in.respelled, in.from = respell(data, v), data
	}
	return in
}

// respell returns data written with its fields' own names when its only
// fault is a name spelled in another case, else nil. The value it decodes
// to is the one stored data always gave, so a stored log replays as it did
// (see Replay).
func respell(data []byte, v any) []byte {
	t := reflect.TypeOf(v)
	if t.Kind() != reflect.Pointer {
		return nil
	}
	loose := reflect.New(t.Elem())
	if json.Unmarshal(data, loose.Interface(), storedSpelling) != nil {
		return nil
	}
	out, err := jsonv1.Marshal(loose.Interface())
	if err != nil {
		return nil
	}
	again := reflect.New(t.Elem())
	if json.Unmarshal(out, again.Interface(), strict) != nil || !reflect.DeepEqual(again.Interface(), loose.Interface()) {
		return nil
	}
	return out
}

func isUnknownName(err error) bool {
	var se *json.SemanticError
	return errors.As(err, &se) && errors.Is(se.Err, json.ErrUnknownName)
}

// decodeError turns JSON v2's error into one naming the field and saying,
// in English and Persian, what is wrong with it.
func decodeError(prefix string, err error) *InputError {
	var (
		se  *json.SemanticError
		syn *jsontext.SyntacticError
	)
	switch {
	case errors.As(err, &se) && errors.Is(se.Err, json.ErrUnknownName):
		return invalidT(fieldPath(prefix, se.JSONPointer), T("is not a known field (names are matched exactly, in case too)",
			"فیلد شناخته‌شده‌ای نیست (نام‌ها دقیقاً، با بزرگی و کوچکی حروف، مقایسه می‌شوند)"))
	case errors.As(err, &syn) && errors.Is(syn.Err, jsontext.ErrDuplicateName):
		return invalidT(fieldPath(prefix, syn.JSONPointer), T("appears twice in the same object", "در یک شیء دو بار آمده است"))
	case errors.As(err, &syn) && strings.Contains(syn.Err.Error(), "invalid UTF-8"):
		return invalidT(fieldPath(prefix, syn.JSONPointer), T("is not valid UTF-8", "UTF-8 معتبر نیست"))
	case errors.As(err, &syn) && strings.Contains(syn.Err.Error(), "after top-level value"):
		return invalidT(prefix, T("must be a single JSON value with nothing after it", "باید فقط یک مقدار JSON باشد و چیزی پس از آن نیاید"))
	case errors.As(err, &syn) && errors.Is(syn.Err, io.ErrUnexpectedEOF):
		return invalidT(prefix, T("is not valid JSON (it ends too early)", "JSON معتبر نیست (زودتر از موعد تمام شده است)"))
	case errors.As(err, &syn):
		return invalidT(prefix, T(fmt.Sprintf("is not valid JSON (at byte %d)", syn.ByteOffset),
			fmt.Sprintf("JSON معتبر نیست (در بایت %d)", syn.ByteOffset)))
	case errors.As(err, &se) && se.GoType != nil:
		want, got := jsonKind(se.GoType), kindOf(se.JSONKind)
		if se.JSONValue != nil {
			got.EN += " " + string(se.JSONValue)
			got.FA += " " + string(se.JSONValue)
		}
		return invalidT(fieldPath(prefix, se.JSONPointer), T("must be "+want.EN+", not "+got.EN, "باید "+want.FA+" باشد، نه "+got.FA))
	default:
		return invalidT(prefix, T(err.Error(), err.Error()))
	}
}

func invalidT(field string, msg Text) *InputError {
	return &InputError{Fields: []FieldError{{Field: field, Message: msg.EN, MessageFA: msg.FA}}}
}

// fieldPath writes a JSON pointer as the field paths problems use:
// "/plays/2/card" under "data" is "data.plays[2].card".
func fieldPath(prefix string, p jsontext.Pointer) string {
	var b strings.Builder
	b.WriteString(prefix)
	for tok := range p.Tokens() {
		if _, err := strconv.Atoi(tok); err == nil && b.Len() > 0 {
			b.WriteString("[" + tok + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(tok)
	}
	if b.Len() == 0 {
		return "body"
	}
	return b.String()
}

var (
	kindInteger = T("a whole number", "عدد صحیح")
	kindNumber  = T("a number", "عدد")
	kindString  = T("text", "متن")
	kindBool    = T("yes or no", "بله یا نه")
	kindArray   = T("a list", "فهرست")
	kindObject  = T("an object", "شیء")
)

// jsonKind is what JSON a Go type takes.
func jsonKind(t reflect.Type) Text {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return kindInteger
	case reflect.Float32, reflect.Float64:
		return kindNumber
	case reflect.String:
		return kindString
	case reflect.Bool:
		return kindBool
	case reflect.Slice, reflect.Array:
		return kindArray
	case reflect.Map, reflect.Struct:
		return kindObject
	default:
		return T("a "+t.Kind().String(), t.Kind().String())
	}
}

// kindOf names a JSON kind as it was sent.
func kindOf(k jsontext.Kind) Text {
	switch k {
	case '"':
		return kindString
	case '0':
		return T("number", "عدد")
	case 't', 'f':
		return T("yes or no", "بله یا نه")
	case 'n':
		return T("null", "null")
	case '{':
		return kindObject
	case '[':
		return kindArray
	}
	return T(k.String(), k.String())
}
