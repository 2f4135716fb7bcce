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

	"github.com/go-playground/validator/v10"
	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/fold"
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

// validDisplayName is fold.ValidName, the one check of names people see.
func validDisplayName(s string) bool { return fold.ValidName(s) }

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
	return body, nil
}

// bind reads the body strictly into v (see rules.Decode: unknown or
// differently cased fields, duplicate names, invalid UTF-8, trailing data
// and type mismatches are 400s naming the field) and validates it.
func bind(c echo.Context, v any) ([]byte, error) {
	body, err := readBody(c)
	if err != nil {
		return nil, err
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, rules.Invalid("body", "is empty; send a JSON object")
	}
	if err := rules.Decode(body, "", v); err != nil {
		return nil, err
	}
	return body, check(v)
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
		msg := fieldMessage(fe)
		fields = append(fields, rules.FieldError{Field: fieldPath(fe.Namespace()), Message: msg.EN, MessageFA: msg.FA})
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

// fieldMessage says, in English and Persian, which check a field failed.
func fieldMessage(fe validator.FieldError) rules.Text {
	p := fe.Param()
	switch fe.Tag() {
	case "required":
		return rules.T("is required", "لازم است")
	case "min", "max":
		least := fe.Tag() == "min"
		en, fa := map[bool]string{true: "at least", false: "at most"}[least], map[bool]string{true: "دست‌کم", false: "حداکثر"}[least]
		switch fe.Kind() {
		case reflect.String:
			return rules.T(fmt.Sprintf("must have %s %s characters", en, p), fmt.Sprintf("باید %s %s نویسه داشته باشد", fa, p))
		case reflect.Slice:
			return rules.T(fmt.Sprintf("must have %s %s items", en, p), fmt.Sprintf("باید %s %s مورد داشته باشد", fa, p))
		}
		return rules.T(fmt.Sprintf("must be %s %s", en, p), fmt.Sprintf("باید %s %s باشد", fa, p))
	case "oneof":
		list := strings.ReplaceAll(p, " ", ", ")
		return rules.T("must be one of: "+list, "باید یکی از این‌ها باشد: "+list)
	case "displayname":
		return rules.T("must show something (not only spaces or invisible characters) and contain no control or text-direction override characters",
			"باید چیزی نشان دهد (نه فقط فاصله یا نویسه‌های نامرئی) و نویسهٔ کنترلی یا نویسهٔ تغییر جهت متن نداشته باشد")
	case "unique":
		return rules.T("must not list the same value twice", "نباید یک مقدار را دو بار بیاورد")
	case "printascii":
		return rules.T("must be printable ASCII", "باید نویسه‌های چاپ‌پذیر ASCII باشد")
	default:
		return rules.T(fmt.Sprintf("fails the %q check", fe.Tag()), fmt.Sprintf("بررسی %q را نمی‌گذراند", fe.Tag()))
	}
}

func jsonEncode(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
