package rules

import (
	"errors"
	"strings"
)

// Ruling is one finding of the referee: the rule it rests on and a sentence a
// player understands. Rejections carry rulings inside a *ViolationError;
// accepted events may carry rulings as notes (a flagged revoke, a capped sale).
type Ruling struct {
	Rule    string `json:"rule"`
	Message Text   `json:"message"`
}

// Rule builds a Ruling.
func Rule(id string, en, fa string) Ruling { return Ruling{Rule: id, Message: T(en, fa)} }

// ViolationError rejects an event or a setup because it breaks one or more
// rules. The API answers it with 422 and the rulings.
type ViolationError struct {
	Rulings []Ruling
}

func (e *ViolationError) Error() string {
	parts := make([]string, len(e.Rulings))
	for i, r := range e.Rulings {
		parts[i] = r.Rule + ": " + r.Message.EN
	}
	return "rule violation: " + strings.Join(parts, "; ")
}

// Violate returns a *ViolationError with one ruling.
func Violate(id string, en, fa string) error {
	return &ViolationError{Rulings: []Ruling{Rule(id, en, fa)}}
}

// Violations returns a *ViolationError holding rs, or nil when rs is empty, so
// a check that collects every broken rule can end with `return rules.Violations(rs)`.
func Violations(rs []Ruling) error {
	if len(rs) == 0 {
		return nil
	}
	return &ViolationError{Rulings: rs}
}

// FieldError names one malformed field of a request by its JSON path
// (e.g. "data.plays[2].card") and says what is wrong with it, in English
// and, where it has one, in Persian (see In).
type FieldError struct {
	Field     string `json:"field"`
	Message   string `json:"message"`
	MessageFA string `json:"-"`
}

// In returns the field error with its message in lang ("fa", or anything
// else for English); Persian falls back to English.
func (f FieldError) In(lang string) FieldError {
	f.Message = T(f.Message, f.MessageFA).In(lang)
	f.MessageFA = ""
	return f
}

// InputError rejects a request whose shape is wrong before any rule is
// consulted: unknown fields, wrong types, values outside their domain. The
// API answers it with 400 and the fields.
type InputError struct {
	Fields []FieldError
	// respelled, for data whose only fault is a name spelled in another
	// case than its field's, is that data with the field's own names (see
	// ApplyStored).
	respelled, from []byte
}

func (e *InputError) Error() string {
	return "invalid input: " + joinFields(e.Fields)
}

// In returns the field errors with their messages in lang, and the
// sentence a problem's detail gives of them ("field: message; ...").
func (e *InputError) In(lang string) ([]FieldError, string) {
	var fields []FieldError
	for _, f := range e.Fields {
		fields = append(fields, f.In(lang))
	}
	return fields, joinFields(fields)
}

func joinFields(fields []FieldError) string {
	parts := make([]string, len(fields))
	for i, f := range fields {
		parts[i] = f.Field + ": " + f.Message
	}
	return strings.Join(parts, "; ")
}

// Invalid returns an *InputError for one field.
func Invalid(field, message string) error {
	return &InputError{Fields: []FieldError{{Field: field, Message: message}}}
}

// Fields collects field errors and turns them into one *InputError.
type Fields []FieldError

// Add records a field error.
func (f *Fields) Add(field, message string) {
	*f = append(*f, FieldError{Field: field, Message: message})
}

// Err returns nil when nothing was recorded, else an *InputError.
func (f Fields) Err() error {
	if len(f) == 0 {
		return nil
	}
	return &InputError{Fields: f}
}

// ErrUnknownEvent is wrapped by games when an event type is not theirs.
var ErrUnknownEvent = errors.New("unknown event type")

// ErrFinished is returned by games for any event after the match finished.
// The API answers 409.
var ErrFinished = errors.New("the match is finished")
