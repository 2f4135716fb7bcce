package rules

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"runtime/debug"
	"unsafe"
)

// A snapshot is a state written as bytes, so that a server can store a
// match's state and later continue from it instead of replaying the whole
// log. States are plain values (structs, slices, maps, pointers, strings,
// numbers), some of whose fields JSON does not show (a score sheet's rows),
// so snapshots are written field by field, every field, with a nil list or
// map told apart from an empty one: the state read back is the one written.
// A field tagged `snapshot:"-"` (bookkeeping that states share, such as a
// counter other goroutines update) is neither written nor read: it reads
// back as its zero value.

// EncodeState writes s as a snapshot.
func EncodeState(s State) ([]byte, error) {
	var e snapEncoder
	if err := e.value(reflect.ValueOf(s)); err != nil {
		return nil, err
	}
	return e.b, nil
}

// DecodeState reads a snapshot of a state of g for players and the
// effective options the match was set up with.
func DecodeState(g Game, players []Player, options json.RawMessage, data []byte) (State, error) {
	s, _, err := g.Setup(players, options)
	if err != nil {
		return nil, fmt.Errorf("setup: %w", err)
	}
	v := reflect.New(reflect.TypeOf(s)).Elem()
	d := snapDecoder{b: data}
	if err := d.value(v); err != nil {
		return nil, err
	}
	if len(d.b) != 0 {
		return nil, errors.New("rules: snapshot has bytes after its state")
	}
	st, ok := v.Interface().(State)
	if !ok || st == nil {
		return nil, errors.New("rules: snapshot is not a state")
	}
	return st, nil
}

// SnapshotVersion names what a snapshot of a state of g is written under:
// the build of the rules, the state's shape, and the players and options
// the match was set up with (a player renamed or merged since has another
// version). A snapshot of another version is not read but written again.
func SnapshotVersion(g Game, players []Player, options json.RawMessage) string {
	s, _, err := g.Setup(players, options)
	if err != nil {
		return ""
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%q\x00%s\x00", g.Info().ID, buildRevision, players, options)
	writeShape(h, reflect.TypeOf(s), map[reflect.Type]bool{})
	return hex.EncodeToString(h.Sum(nil)[:12])
}

// buildRevision is the commit the server was built from, when the build
// recorded it: the rules of another commit may fold the same log otherwise.
var buildRevision = func() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" {
				return s.Value
			}
		}
	}
	return ""
}()

func writeShape(h interface{ Write([]byte) (int, error) }, t reflect.Type, seen map[reflect.Type]bool) {
	fmt.Fprintf(h, "%s:%s(", t.Kind(), t.String())
	if !seen[t] {
		seen[t] = true
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array:
			writeShape(h, t.Elem(), seen)
		case reflect.Map:
			writeShape(h, t.Key(), seen)
			writeShape(h, t.Elem(), seen)
		case reflect.Struct:
			for i := range t.NumField() {
				if unsnapped(t.Field(i)) {
					continue
				}
				fmt.Fprintf(h, "%s ", t.Field(i).Name)
				writeShape(h, t.Field(i).Type, seen)
			}
		}
	}
	fmt.Fprint(h, ")")
}

// unsnapped reports whether a snapshot leaves field f out.
func unsnapped(f reflect.StructField) bool { return f.Tag.Get("snapshot") == "-" }

type snapEncoder struct{ b []byte }

func (e *snapEncoder) value(v reflect.Value) error {
	switch v.Kind() {
	case reflect.Bool:
		if v.Bool() {
			e.b = append(e.b, 1)
		} else {
			e.b = append(e.b, 0)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		e.b = binary.AppendVarint(e.b, v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		e.b = binary.AppendUvarint(e.b, v.Uint())
	case reflect.Float32, reflect.Float64:
		e.b = binary.LittleEndian.AppendUint64(e.b, math.Float64bits(v.Float()))
	case reflect.String:
		e.b = binary.AppendUvarint(e.b, uint64(v.Len()))
		e.b = append(e.b, v.String()...)
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			e.b = append(e.b, 0)
			return nil
		}
		if v.Kind() == reflect.Interface {
			return fmt.Errorf("rules: a state cannot be snapshot through an interface field (%s)", v.Type())
		}
		e.b = append(e.b, 1)
		return e.value(v.Elem())
	case reflect.Slice, reflect.Map:
		if v.IsNil() {
			e.b = append(e.b, 0)
			return nil
		}
		e.b = binary.AppendUvarint(e.b, uint64(v.Len())+1)
		if v.Kind() == reflect.Map {
			for it := v.MapRange(); it.Next(); {
				if err := e.value(it.Key()); err != nil {
					return err
				}
				if err := e.value(it.Value()); err != nil {
					return err
				}
			}
			return nil
		}
		return e.elems(v)
	case reflect.Array:
		return e.elems(v)
	case reflect.Struct:
		for i := range v.NumField() {
			if unsnapped(v.Type().Field(i)) {
				continue
			}
			if err := e.value(v.Field(i)); err != nil {
				return err
			}
		}
	default:
		return fmt.Errorf("rules: a state cannot be snapshot with a %s", v.Type())
	}
	return nil
}

func (e *snapEncoder) elems(v reflect.Value) error {
	for i := range v.Len() {
		if err := e.value(v.Index(i)); err != nil {
			return err
		}
	}
	return nil
}

type snapDecoder struct{ b []byte }

var errSnapshotShort = errors.New("rules: snapshot ends early")

func (d *snapDecoder) uvarint() (uint64, error) {
	n, k := binary.Uvarint(d.b)
	if k <= 0 {
		return 0, errSnapshotShort
	}
	d.b = d.b[k:]
	return n, nil
}

// value reads into v, which may be an unexported field: it is set through
// its address.
func (d *snapDecoder) value(v reflect.Value) error {
	if !v.CanSet() {
		v = reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
	}
	switch v.Kind() {
	case reflect.Bool:
		if len(d.b) == 0 {
			return errSnapshotShort
		}
		v.SetBool(d.b[0] == 1)
		d.b = d.b[1:]
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, k := binary.Varint(d.b)
		if k <= 0 {
			return errSnapshotShort
		}
		d.b = d.b[k:]
		v.SetInt(n)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, err := d.uvarint()
		if err != nil {
			return err
		}
		v.SetUint(n)
	case reflect.Float32, reflect.Float64:
		if len(d.b) < 8 {
			return errSnapshotShort
		}
		v.SetFloat(math.Float64frombits(binary.LittleEndian.Uint64(d.b)))
		d.b = d.b[8:]
	case reflect.String:
		n, err := d.uvarint()
		if err != nil || uint64(len(d.b)) < n {
			return errSnapshotShort
		}
		v.SetString(string(d.b[:n]))
		d.b = d.b[n:]
	case reflect.Pointer, reflect.Interface:
		if len(d.b) == 0 {
			return errSnapshotShort
		}
		present := d.b[0] == 1
		d.b = d.b[1:]
		if !present {
			return nil
		}
		if v.Kind() == reflect.Interface {
			return errors.New("rules: snapshot of an interface field")
		}
		p := reflect.New(v.Type().Elem())
		if err := d.value(p.Elem()); err != nil {
			return err
		}
		v.Set(p)
	case reflect.Slice, reflect.Map:
		n, err := d.uvarint()
		if err != nil {
			return err
		}
		if n == 0 {
			return nil // nil
		}
		n--
		if n > uint64(len(d.b)) { // every element takes a byte at least
			return errSnapshotShort
		}
		if v.Kind() == reflect.Map {
			m := reflect.MakeMapWithSize(v.Type(), int(n))
			for range n {
				k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
				if err := d.value(k); err != nil {
					return err
				}
				if err := d.value(e); err != nil {
					return err
				}
				m.SetMapIndex(k, e)
			}
			v.Set(m)
			return nil
		}
		s := reflect.MakeSlice(v.Type(), int(n), int(n))
		for i := range int(n) {
			if err := d.value(s.Index(i)); err != nil {
				return err
			}
		}
		v.Set(s)
	case reflect.Array:
		for i := range v.Len() {
			if err := d.value(v.Index(i)); err != nil {
				return err
			}
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if unsnapped(v.Type().Field(i)) {
				continue
			}
			if err := d.value(v.Field(i)); err != nil {
				return err
			}
		}
	default:
		return fmt.Errorf("rules: snapshot of a %s", v.Type())
	}
	return nil
}
