package api

import (
	"errors"
	"strings"
	"testing"

	"github.com/motamed/motamed/rules"
)

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
