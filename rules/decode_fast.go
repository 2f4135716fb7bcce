package rules

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strings"
	"sync"
	"unicode/utf8"
)

// Every event's data is decoded on the request's path, and encoding/json
// reads it twice (once to find the value's end, once to decode it) through
// a byte-at-a-time state machine. decodeFast reads the plain JSON nearly
// every event is, in one pass, into the shapes event data has: structs of
// strings, integers, booleans, pointers, lists of those and maps of them by
// player ID. Anything it
// does not take on (an escape in a string, a key spelled in another case, a
// number with a fraction, a key named twice, an unknown field, any error)
// is left to encoding/json, so that what is accepted, the value it gives,
// and every error's wording are encoding/json's. VerifyDecoding makes
// every decode check the two agree; the games' tests and fuzzers turn it on.

// decodeFast decodes data into v and reports whether it did. It takes on
// only a pointer to a zero struct of a type it has a plan for (see
// planFor). When it reports false, v is zero again.
func decodeFast(data []byte, v any) bool {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return false
	}
	e := rv.Elem()
	p := planFor(e.Type())
	if p == nil || p.kind != reflect.Struct || !e.IsZero() {
		return false
	}
	d := fastDecoder{data: data}
	i, ok := d.value(d.space(0), e, p, 0)
	if ok && d.space(i) == len(data) {
		return true
	}
	e.SetZero()
	return false
}

// maxFastDepth bounds the nesting decodeFast follows (a type that contains
// itself could otherwise be followed as deep as the data goes).
const maxFastDepth = 32

// plan is how decodeFast fills one type.
type plan struct {
	typ    reflect.Type
	kind   reflect.Kind // String, Int kinds, Bool, Pointer, Slice, Map or Struct
	elem   *plan        // Pointer, Slice and Map: the element's plan
	fields []fieldPlan  // Struct: the fields JSON can name
}

type fieldPlan struct {
	name  string // the JSON key encoding/json matches exactly
	index int    // the field's index in the struct
	plan  *plan
}

var plans sync.Map // reflect.Type -> *plan, or nil for a type left to encoding/json

// planFor returns t's plan, or nil when decodeFast leaves t to encoding/json.
func planFor(t reflect.Type) *plan {
	if p, ok := plans.Load(t); ok {
		return p.(*plan)
	}
	p := buildPlan(t, map[reflect.Type]*plan{})
	plans.Store(t, p)
	return p
}

var (
	jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// buildPlan makes t's plan; building holds the plans under way, so that a
// type that contains itself (through a pointer or a list) is planned once.
func buildPlan(t reflect.Type, building map[reflect.Type]*plan) *plan {
	if p, ok := building[t]; ok {
		return p
	}
	if t.Implements(jsonUnmarshaler) || t.Implements(textUnmarshaler) ||
		reflect.PointerTo(t).Implements(jsonUnmarshaler) || reflect.PointerTo(t).Implements(textUnmarshaler) {
		return nil // decodes itself
	}
	p := &plan{typ: t, kind: t.Kind()}
	building[t] = p
	ok := true
	switch t.Kind() {
	case reflect.String, reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
	case reflect.Pointer, reflect.Slice:
		p.elem = buildPlan(t.Elem(), building)
		ok = p.elem != nil && !(t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8)
	case reflect.Map: // by player ID: keys that are strings as they are
		k := t.Key()
		p.elem = buildPlan(t.Elem(), building)
		ok = p.elem != nil && k.Kind() == reflect.String &&
			!k.Implements(textUnmarshaler) && !reflect.PointerTo(k).Implements(textUnmarshaler)
	case reflect.Struct:
		p.fields, ok = planFields(t, building)
	default:
		ok = false // interfaces, floats, unsigned integers, arrays
	}
	if !ok {
		building[t] = nil
		return nil
	}
	return p
}

// planFields lists the fields encoding/json decodes into, by the names it
// gives them. It gives up on what needs encoding/json's own rules: embedded
// structs, the ",string" option, and two fields of one name.
func planFields(t reflect.Type, building map[reflect.Type]*plan) ([]fieldPlan, bool) {
	var fields []fieldPlan
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous {
			return nil, false
		}
		if !f.IsExported() {
			continue
		}
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if strings.Contains(","+opts+",", ",string,") || !plainKey(name) {
			return nil, false
		}
		if name == "" {
			name = f.Name
		}
		fp := buildPlan(f.Type, building)
		if fp == nil {
			return nil, false
		}
		for _, g := range fields {
			if g.name == name {
				return nil, false
			}
		}
		fields = append(fields, fieldPlan{name: name, index: i, plan: fp})
	}
	if len(fields) > 64 { // seen fields are kept in a uint64
		return nil, false
	}
	return fields, true
}

// plainKey reports whether a tag's name is one encoding/json uses as it is
// and decodeFast can match byte for byte: letters, digits and underscores.
func plainKey(name string) bool {
	for i := range len(name) {
		c := name[i]
		if !(c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return true
}

// fastDecoder reads data; each method takes the offset to read from and
// returns the offset after what it read, and false for anything it leaves
// to encoding/json.
type fastDecoder struct{ data []byte }

func (d *fastDecoder) space(i int) int {
	for i < len(d.data) {
		switch d.data[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// value decodes the value at i into v, which p is the plan of.
func (d *fastDecoder) value(i int, v reflect.Value, p *plan, depth int) (int, bool) {
	if i >= len(d.data) || depth > maxFastDepth {
		return i, false
	}
	if d.data[i] == 'n' {
		end, ok := d.literal(i, "null")
		if ok && (p.kind == reflect.Pointer || p.kind == reflect.Slice || p.kind == reflect.Map) {
			v.SetZero() // as encoding/json: null empties a pointer, a list or a map, and leaves the rest as they are
		}
		return end, ok
	}
	switch p.kind {
	case reflect.Pointer:
		if v.IsNil() {
			v.Set(reflect.New(p.elem.typ))
		}
		return d.value(i, v.Elem(), p.elem, depth+1)
	case reflect.String:
		s, end, ok := d.str(i)
		if ok {
			v.SetString(string(s))
		}
		return end, ok
	case reflect.Bool:
		switch d.data[i] {
		case 't':
			end, ok := d.literal(i, "true")
			if ok {
				v.SetBool(true)
			}
			return end, ok
		case 'f':
			end, ok := d.literal(i, "false")
			if ok {
				v.SetBool(false)
			}
			return end, ok
		}
		return i, false
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, end, ok := d.integer(i)
		if !ok || v.OverflowInt(n) {
			return i, false
		}
		v.SetInt(n)
		return end, true
	case reflect.Slice:
		return d.list(i, v, p, depth)
	case reflect.Map:
		return d.mapObject(i, v, p, depth)
	case reflect.Struct:
		return d.object(i, v, p, depth)
	}
	return i, false
}

// literal reads word (null, true or false) at i.
func (d *fastDecoder) literal(i int, word string) (int, bool) {
	end := i + len(word)
	if end > len(d.data) || string(d.data[i:end]) != word {
		return i, false
	}
	return end, true
}

// str reads a string at i that needs no unquoting: no escape, no control
// character, valid UTF-8 (encoding/json gives such a string's bytes as
// they are).
func (d *fastDecoder) str(i int) ([]byte, int, bool) {
	if i >= len(d.data) || d.data[i] != '"' {
		return nil, i, false
	}
	ascii := true
	for j := i + 1; j < len(d.data); j++ {
		switch c := d.data[j]; {
		case c == '"':
			s := d.data[i+1 : j]
			if !ascii && !utf8.Valid(s) {
				return nil, i, false
			}
			return s, j + 1, true
		case c == '\\' || c < 0x20:
			return nil, i, false
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return nil, i, false
}

// integer reads a JSON integer at i of at most 18 digits (so that it fits
// an int64), with nothing after it that would make it another number.
func (d *fastDecoder) integer(i int) (int64, int, bool) {
	j, neg := i, false
	if j < len(d.data) && d.data[j] == '-' {
		neg = true
		j++
	}
	start := j
	var n int64
	for j < len(d.data) && '0' <= d.data[j] && d.data[j] <= '9' {
		n = n*10 + int64(d.data[j]-'0')
		j++
	}
	digits := j - start
	if digits == 0 || digits > 18 || digits > 1 && d.data[start] == '0' {
		return 0, i, false
	}
	if j < len(d.data) {
		switch d.data[j] {
		case '.', 'e', 'E':
			return 0, i, false
		}
	}
	if neg {
		n = -n
	}
	return n, j, true
}

// open reads the byte that opens an object or a list at i, and reports
// whether the container is empty; next is the index of its first member, or
// the one after it when it is empty.
func (d *fastDecoder) open(i int, opening, closing byte) (next int, empty, ok bool) {
	if d.data[i] != opening {
		return i, false, false
	}
	i = d.space(i + 1)
	if i < len(d.data) && d.data[i] == closing {
		return i + 1, true, true
	}
	return i, false, true
}

// key reads an object's key and its colon at i; next is the index of the
// member's value.
func (d *fastDecoder) key(i int) (key []byte, next int, ok bool) {
	key, end, ok := d.str(i)
	if !ok {
		return nil, i, false
	}
	i = d.space(end)
	if i >= len(d.data) || d.data[i] != ':' {
		return nil, i, false
	}
	return key, d.space(i + 1), true
}

// after reads what follows a member of an object or a list at i: a comma
// (more follows at next) or the closing byte (next is after it).
func (d *fastDecoder) after(i int, closing byte) (next int, more, ok bool) {
	i = d.space(i)
	if i >= len(d.data) {
		return i, false, false
	}
	switch d.data[i] {
	case ',':
		return d.space(i + 1), true, true
	case closing:
		return i + 1, false, true
	}
	return i, false, false
}

// list reads an array at i into the slice v.
func (d *fastDecoder) list(i int, v reflect.Value, p *plan, depth int) (int, bool) {
	i, empty, ok := d.open(i, '[', ']')
	if !ok || empty {
		if empty {
			v.Set(reflect.MakeSlice(p.typ, 0, 0)) // [] is an empty list, not null
		}
		return i, ok
	}
	for n, more := 0, true; more; n++ {
		switch {
		case n < v.Len():
		case n < v.Cap():
			v.SetLen(n + 1)
		default: // a table's lists are short: start at four
			grown := reflect.MakeSlice(p.typ, n+1, max(4, 2*n))
			reflect.Copy(grown, v)
			v.Set(grown)
		}
		if i, ok = d.value(i, v.Index(n), p.elem, depth+1); !ok {
			return i, false
		}
		if i, more, ok = d.after(i, ']'); !ok {
			return i, false
		}
		if !more {
			v.SetLen(n + 1)
		}
	}
	return i, true
}

// object reads an object at i into the struct v: each key must name one of
// p's fields exactly, once.
func (d *fastDecoder) object(i int, v reflect.Value, p *plan, depth int) (int, bool) {
	i, empty, ok := d.open(i, '{', '}')
	if !ok || empty {
		return i, ok
	}
	var seen uint64
	for more := true; more; {
		var key []byte
		if key, i, ok = d.key(i); !ok {
			return i, false
		}
		f := -1
		for k := range p.fields {
			if p.fields[k].name == string(key) {
				f = k
				break
			}
		}
		if f < 0 || seen&(1<<f) != 0 {
			return i, false // unknown, named in another case, or named twice
		}
		seen |= 1 << f
		fp := &p.fields[f]
		if i, ok = d.value(i, v.Field(fp.index), fp.plan, depth+1); !ok {
			return i, false
		}
		if i, more, ok = d.after(i, '}'); !ok {
			return i, false
		}
	}
	return i, true
}

// mapObject reads an object at i into the map v, each key once.
func (d *fastDecoder) mapObject(i int, v reflect.Value, p *plan, depth int) (int, bool) {
	i, empty, ok := d.open(i, '{', '}')
	if !ok {
		return i, false
	}
	if v.IsNil() {
		v.Set(reflect.MakeMap(p.typ)) // {} is an empty map, not null
	}
	for more := !empty; more; {
		var key []byte
		if key, i, ok = d.key(i); !ok {
			return i, false
		}
		k := reflect.New(p.typ.Key()).Elem()
		k.SetString(string(key))
		if v.MapIndex(k).IsValid() {
			return i, false // named twice
		}
		e := reflect.New(p.elem.typ).Elem()
		if i, ok = d.value(i, e, p.elem, depth+1); !ok {
			return i, false
		}
		v.SetMapIndex(k, e)
		if i, more, ok = d.after(i, '}'); !ok {
			return i, false
		}
	}
	return i, true
}
