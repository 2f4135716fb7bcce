package rules

import (
	"encoding/json"
	"reflect"
	"testing"
)

// The shapes event data has, for checking decodeFast against encoding/json.
type (
	fastPlay struct {
		Player *string `json:"player"`
		Card   *string `json:"card"`
	}
	fastMod struct {
		Name     *string `json:"name"`
		Strength *int    `json:"strength"`
	}
	fastNested struct {
		Level *int       `json:"level"`
		Mods  *[]fastMod `json:"mods"`
	}
	fastTarget struct {
		Plays  []fastPlay        `json:"plays"`
		Winner *string           `json:"winner"`
		Name   string            `json:"name"`
		N      int               `json:"n"`
		Small  int8              `json:"small"`
		B      *bool             `json:"b"`
		Flag   bool              `json:"flag"`
		Tags   *[]string         `json:"tags"`
		Nums   []int             `json:"nums"`
		Grid   [][]int           `json:"grid"`
		Nested *fastNested       `json:"nested"`
		Many   []fastNested      `json:"many,omitempty"`
		Won    map[string]*int   `json:"won"`
		Rolls  map[string][]int  `json:"rolls"`
		Seats  map[seat]fastPlay `json:"seats"`
		NoTag  string
		hidden int
	}
	seat     string
	fastNode struct {
		V    int       `json:"v"`
		Next *fastNode `json:"next"`
	}
)

// againstJSON decodes data with decodeFast into a zero T and checks the
// outcome against encoding/json's: a value decodeFast takes must be one
// encoding/json takes, decoded alike; one it leaves must leave v zero. It
// reports whether decodeFast took data.
func againstJSON[T any](t *testing.T, data []byte) bool {
	t.Helper()
	var fast T
	took := decodeFast(data, &fast)
	if !took {
		var zero T
		if !reflect.DeepEqual(fast, zero) {
			t.Fatalf("%q: left to encoding/json, but the value is not zero again: %#v", data, fast)
		}
		return false
	}
	var slow T
	if err := decodeFresh(data, "data", &slow); err != nil {
		t.Fatalf("%q: decoded without encoding/json, which refuses it: %v", data, err)
	}
	if !reflect.DeepEqual(fast, slow) {
		t.Fatalf("%q: decoded as %#v; encoding/json gives %#v", data, fast, slow)
	}
	return true
}

func TestDecodeFastTakesPlainData(t *testing.T) {
	for _, data := range []string{
		`{}`,
		` { } `,
		`null`,
		`{"plays":[{"player":"pl_1","card":"blue-9"},{"player":"pl_2","card":"jester"}],"winner":"pl_1"}`,
		`{"name":"شیرین","n":-42,"small":-128,"b":false,"flag":true}`,
		"{\n\t\"tags\" : [ \"a\" , \"b\" ] ,\r\n\"nums\":[0,7,-0]}",
		`{"tags":[],"nums":[],"plays":[]}`,
		`{"tags":null,"nums":null,"winner":null,"b":null,"name":null,"n":null,"flag":null}`,
		`{"nums":[null,3],"plays":[null,{}]}`,
		`{"grid":[[1,2],[],[3]]}`,
		`{"nested":{"level":3,"mods":[{"name":"Goblin","strength":-2},{}]}}`,
		`{"many":[{"level":1},{"mods":null}]}`,
		`{"won":{"pl_1":2,"pl_2":null,"شیرین":0},"rolls":{"a":[1,2],"b":[],"c":null},"seats":{"x":{"card":"y"}}}`,
		`{"won":{},"rolls":null}`,
		`{"NoTag":"x","n":999999999999999999}`,
		"{\"name\":\"\x7f\xef\xbf\xbd\"}", // DEL and U+FFFD itself need no unquoting
	} {
		if !againstJSON[fastTarget](t, []byte(data)) {
			t.Errorf("%s: left to encoding/json", data)
		}
	}
	if !againstJSON[fastNode](t, []byte(`{"v":1,"next":{"v":2,"next":{"v":3,"next":null}}}`)) {
		t.Error("a type that contains itself was left to encoding/json")
	}
}

func TestDecodeFastLeavesTheRest(t *testing.T) {
	for _, data := range []string{
		``,
		`{"name":"a\"b"}`,           // an escape
		`{"name":"a\u0062"}`,        // an escape
		"{\"name\":\"a\tb\"}",       // a control character (encoding/json refuses it)
		"{\"name\":\"\xff\"}",       // not UTF-8 (encoding/json replaces it)
		`{"Name":"a"}`,              // another case: encoding/json matches it
		`{"hidden":1}`,              // not a field JSON can name
		`{"other":1}`,               // unknown
		`{"n":1,"n":2}`,             // named twice
		`{"n":1.0}`,                 // a fraction
		`{"n":1e2}`,                 // an exponent
		`{"n":01}`,                  // not JSON
		`{"n":-}`,                   // not JSON
		`{"n":1234567890123456789}`, // 19 digits
		`{"small":128}`,             // overflows int8
		`{"n":"1"}`,                 // a string for a number
		`{"name":1}`,                // a number for a string
		`{"flag":"true"}`,           // a string for a boolean
		`{"flag":tru}`,              // not JSON
		`{"nums":[1,]}`,             // a trailing comma
		`{"n":1,}`,                  // a trailing comma
		`{"n":1}x`,                  // trailing data
		`{"n":1}{}`,                 // a second value
		`[]`,                        // not an object
		`{"plays":{}}`,              // an object for a list
		`{"won":{"a":1,"a":2}}`,     // a key named twice
		`{"won":{"a\u0062":1}}`,     // an escape in a key
		`{"won":[]}`,                // a list for a map
		`{"nested":[]}`,             // a list for an object
		`{"n":1`,                    // ends too early
		`{"name":"abc`,              // ends too early
		`{`,                         // ends too early
		`{"plays":[`,                // ends too early
	} {
		if againstJSON[fastTarget](t, []byte(data)) {
			t.Errorf("%s: decoded without encoding/json", data)
		}
	}
	deep := []byte(`{"next":`)
	for range maxFastDepth {
		deep = append(deep, `{"next":`...)
	}
	deep = append(deep, `null`...)
	for range maxFastDepth + 1 {
		deep = append(deep, '}')
	}
	if againstJSON[fastNode](t, deep) {
		t.Error("nesting deeper than maxFastDepth was followed")
	}
}

type selfDecoding struct{ n int }

type textKey string

func (k *textKey) UnmarshalText(b []byte) error { *k = textKey("k" + string(b)); return nil }

func (s *selfDecoding) UnmarshalJSON([]byte) error { s.n = 1; return nil }

func TestPlanForLeavesTypesToEncodingJSON(t *testing.T) {
	type embedded struct{ A int }
	for name, v := range map[string]any{
		"a map by number":     struct{ M map[int]int }{},
		"a map by a text key": struct{ M map[textKey]int }{},
		"an interface":        struct{ X any }{},
		"a float":             struct{ F float64 }{},
		"an unsigned integer": struct{ U uint }{},
		"an array":            struct{ A [2]int }{},
		"bytes":               struct{ B []byte }{},
		"an embedded struct":  struct{ embedded }{},
		"the string option": struct {
			N int `json:"n,string"`
		}{},
		"two fields of one name": struct {
			A int `json:"B"`
			B int
		}{},
		"a name with punctuation": struct {
			A int `json:"a-b"`
		}{},
		"a json.Unmarshaler": struct{ S selfDecoding }{},
	} {
		if planFor(reflect.TypeOf(v)) != nil {
			t.Errorf("%s: planned", name)
		}
	}
	var d struct {
		N int `json:"n"`
	}
	d.N = 5
	if decodeFast([]byte(`{}`), &d) || d.N != 5 {
		t.Error("a value that was not zero was decoded into, or changed")
	}
}

func FuzzDecodeFast(f *testing.F) {
	for _, seed := range []string{
		`{"plays":[{"player":"pl_1","card":"blue-9"}],"winner":"pl_1"}`,
		`{"name":"شیرین","n":-42,"small":7,"b":true,"tags":["a"],"nums":[1,2]}`,
		`{"nested":{"level":3,"mods":[{"name":"x","strength":2}]},"grid":[[1]]}`,
		`{"many":[{"level":1}],"NoTag":"y","flag":false}`,
		`{"won":{"a":1,"b":null},"rolls":{"c":[2]}}`,
		`{"n":1.5}`, `{"Name":"a"}`, `{"name":"\u00e9"}`, `null`, ` {} `,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		againstJSON[fastTarget](t, data)
		againstJSON[fastNode](t, data)
		againstJSON[fastNested](t, data)
	})
}

// BenchmarkDecode compares decoding a trick's data with and without the
// fast path.
func BenchmarkDecode(b *testing.B) {
	data := []byte(`{"plays":[{"player":"pl_5nn6wqzpwv804e33","card":"blue-9"},{"player":"pl_yx39vjg5mn1gbcvy","card":"blue-2"},{"player":"pl_cv7nq44jvxyadjn4","card":"blue-6"}],"winner":"pl_5nn6wqzpwv804e33"}`)
	b.Run("fast", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var v fastTarget
			if err := Decode(data, "data", &v); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var v fastTarget
			d := strictDecoders.Get().(*strictDecoder)
			if !d.decode(data, &v) {
				b.Fatal("refused")
			}
			strictDecoders.Put(d)
		}
	})
}

var _ json.Unmarshaler = (*selfDecoding)(nil)
