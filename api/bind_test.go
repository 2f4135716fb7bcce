package api

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/motamed/motamed/rules"
)

// manyKeys is n members "k0":0,"k1":1,... of an object.
func manyKeys(n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"k%d":%d`, i, i)
	}
	return b.String()
}

func TestCheckJSONShape(t *testing.T) {
	cases := []struct {
		body  string
		field string // "" for accepted
	}{
		{`{"a":1,"b":{"a":2},"c":[{"a":1},{"a":1}]}`, ""},
		{`{"a":1,"a":2}`, "a"},
		{`{"name":"x","NAME":"y"}`, "NAME"},
		{`{"a":{"b":1,"b":2}}`, "b"},
		{`{"a\u0062":1,"ab":2}`, "ab"},
		{`{"s":"a,\"b\":1","b":2}`, ""},
		{`[{"k":1},{"k":2}]`, ""},
		{`{"v":"}{","w":"\\"}`, ""},
		{strings.Repeat("[", 40) + strings.Repeat("]", 40), "body"},
		{`{"a":`, ""},
		// Each object's keys are its own, before and after the objects it holds.
		{`{"a":{"x":1},"x":2}`, ""},
		{`{"x":1,"a":{"x":1,"y":2},"y":3}`, ""},
		{`{"x":1,"a":{"y":1},"x":2}`, "x"},
		{`{"k":[{"k":1},{"k":2}],"k":3}`, "k"},
		{`{"a":{"b":{"c":1},"c":2},"b":{"a":1,"c":{"a":1}},"c":3}`, ""},
		{`{` + manyKeys(40) + `}`, ""},
		{`{` + manyKeys(40) + `,"k7":0}`, "k7"},
		{`{"o":{` + manyKeys(20) + `},` + manyKeys(20) + `}`, ""},
		{`"just a string"`, ""},
	}
	for _, c := range cases {
		err := checkJSONShape([]byte(c.body))
		var in *rules.InputError
		switch {
		case c.field == "" && err != nil:
			t.Errorf("%s: rejected: %v", c.body, err)
		case c.field != "" && (!errors.As(err, &in) || in.Fields[0].Field != c.field):
			t.Errorf("%s: want a field error on %q, got %v", c.body, c.field, err)
		}
	}
}
