package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/go-playground/validator/v10"
	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/rules"
)

var validate = newValidator()

func newValidator() *validator.Validate {
	v := validator.New(validator.WithRequiredStructEnabled())
	// Name fields by their JSON names in error messages.
	v.RegisterTagNameFunc(func(f reflect.StructField) string {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			return ""
		}
		return name
	})
	_ = v.RegisterValidation("displayname", func(fl validator.FieldLevel) bool {
		return validDisplayName(fl.Field().String())
	})
	return v
}

// validDisplayName accepts any Unicode name people write (Persian included),
// but not a blank one or one with control characters.
func validDisplayName(s string) bool {
	if strings.TrimSpace(s) == "" || !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if unicode.IsControl(r) {
			return false
		}
	}
	return true
}

// readBody returns the raw request body. The body limit middleware turns an
// oversized body into 413 before we get here or while we read.
func readBody(c echo.Context) ([]byte, error) {
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		var he *echo.HTTPError
		if errors.As(err, &he) {
			return nil, he
		}
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, echo.NewHTTPError(http.StatusRequestEntityTooLarge)
		}
		return nil, rules.Invalid("body", "could not be read")
	}
	if !utf8.Valid(body) {
		return nil, rules.Invalid("body", "is not valid UTF-8")
	}
	return body, nil
}

// bind reads the body strictly into v (unknown fields, trailing data and
// type mismatches are 400s naming the field) and validates it.
func bind(c echo.Context, v any) ([]byte, error) {
	body, err := readBody(c)
	if err != nil {
		return nil, err
	}
	return body, bindBody(body, v)
}

// bindBody decodes body strictly into v and validates it (see bind).
func bindBody(body []byte, v any) error {
	if err := checkBodyShape(body); err != nil {
		return err
	}
	if err := rules.Decode(body, "", v); err != nil {
		return err
	}
	return check(v)
}

// checkBodyShape rejects an empty body, duplicate keys and deep nesting.
func checkBodyShape(body []byte) error {
	if len(bytes.TrimSpace(body)) == 0 {
		return rules.Invalid("body", "is empty; send a JSON object")
	}
	return checkJSONShape(body)
}

// check runs the validator and turns its errors into field errors.
func check(v any) error {
	err := validate.Struct(v)
	if err == nil {
		return nil
	}
	var verrs validator.ValidationErrors
	if !errors.As(err, &verrs) {
		return rules.Invalid("body", err.Error())
	}
	var fields rules.Fields
	for _, fe := range verrs {
		fields.Add(fieldPath(fe.Namespace()), fieldMessage(fe))
	}
	return fields.Err()
}

// fieldPath drops the struct name from a validator namespace
// ("createPlayer.name" -> "name").
func fieldPath(ns string) string {
	if _, rest, ok := strings.Cut(ns, "."); ok {
		return rest
	}
	return ns
}

func fieldMessage(fe validator.FieldError) string {
	switch fe.Tag() {
	case "required":
		return "is required"
	case "min":
		if fe.Kind() == reflect.String {
			return fmt.Sprintf("must have at least %s characters", fe.Param())
		}
		if fe.Kind() == reflect.Slice {
			return fmt.Sprintf("must have at least %s items", fe.Param())
		}
		return "must be at least " + fe.Param()
	case "max":
		if fe.Kind() == reflect.String {
			return fmt.Sprintf("must have at most %s characters", fe.Param())
		}
		if fe.Kind() == reflect.Slice {
			return fmt.Sprintf("must have at most %s items", fe.Param())
		}
		return "must be at most " + fe.Param()
	case "oneof":
		return "must be one of: " + strings.ReplaceAll(fe.Param(), " ", ", ")
	case "displayname":
		return "must not be blank or contain control characters"
	case "unique":
		return "must not list the same value twice"
	case "printascii":
		return "must be printable ASCII"
	default:
		return fmt.Sprintf("fails the %q check", fe.Tag())
	}
}

// maxDepth bounds JSON nesting: no request needs more, and a deeply nested
// body only costs the decoder.
const maxDepth = 32

// checkJSONShape rejects duplicate object keys and excessive nesting, which
// encoding/json would silently accept (it keeps the last duplicate). Keys
// are compared without regard to case, because encoding/json matches struct
// fields that way: {"name":"a","NAME":"b"} is a duplicate too. It scans the
// bytes once without allocating for keys; malformed JSON is left to the
// decoder, which reports it with more context.
func checkJSONShape(body []byte) error {
	type frame struct {
		object bool
		first  int // where this object's keys start in keys
	}
	var stackBuf [8]frame
	stack := stackBuf[:0]
	// The keys of the objects open on stack, innermost last: one shared
	// list, so that a body's keys are not stored in a list per object.
	var keysBuf [16][]byte
	keys := keysBuf[:0]
	expectKey := false
	for i := 0; i < len(body); i++ {
		switch c := body[i]; c {
		case '{', '[':
			if len(stack) >= maxDepth {
				return rules.Invalid("body", fmt.Sprintf("nests deeper than %d levels", maxDepth))
			}
			stack = append(stack, frame{object: c == '{', first: len(keys)})
			expectKey = c == '{'
		case '}', ']':
			if len(stack) == 0 {
				return nil
			}
			keys = keys[:stack[len(stack)-1].first]
			stack = stack[:len(stack)-1]
			expectKey = false
		case ',':
			expectKey = len(stack) > 0 && stack[len(stack)-1].object
		case ':':
			expectKey = false
		case '"':
			start := i + 1
			escaped := false
			for i++; i < len(body) && body[i] != '"'; i++ {
				if body[i] == '\\' {
					escaped = true
					i++
				}
			}
			if i >= len(body) {
				return nil
			}
			if !expectKey || len(stack) == 0 {
				continue
			}
			key := body[start:i]
			if escaped {
				var k string
				if err := json.Unmarshal(body[start-1:i+1], &k); err != nil {
					return nil
				}
				key = []byte(k)
			}
			for _, seen := range keys[stack[len(stack)-1].first:] {
				if bytes.EqualFold(seen, key) {
					return rules.Invalid(string(key), "appears twice in the same object")
				}
			}
			keys = append(keys, key)
			expectKey = false
		}
	}
	return nil
}

func jsonEncode(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
