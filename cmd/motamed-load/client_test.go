package main

import (
	"encoding/json"
	"testing"
)

// stringAt reads what decoding the whole answer would, and says when the
// value is not there.
func TestStringAt(t *testing.T) {
	cases := []struct {
		body string
		path []string
		want string // "" with wantErr
		err  bool
	}{
		{`{"event":{"seq":3,"status":"x"},"match":{"id":"m_1","status":"finished","state":{"status":"in_progress"}}}`, []string{"match", "status"}, "finished", false},
		{`{"match":{"state":{"status":"nested"},"scores":[{"status":1}],"status":"in_progress"},"event":{}}`, []string{"match", "status"}, "in_progress", false},
		{` { "match" : { "status" : "fin\u0069shed" } } `, []string{"match", "status"}, "finished", false},
		{`{"id":"m_2","players":[{"id":"p"}]}`, []string{"id"}, "m_2", false},
		{`{"players":[{"id":"p"}],"id":"m_3"}`, []string{"id"}, "m_3", false},
		{`{"event":{}}`, []string{"match", "status"}, "", true},
		{`{"match":{"version":3}}`, []string{"match", "status"}, "", true},
		{`{"match":"finished"}`, []string{"match", "status"}, "", true},
		{`{"match":{"status":3}}`, []string{"match", "status"}, "", true},
		{`[{"match":{"status":"finished"}}]`, []string{"match", "status"}, "", true},
		{`{"event":{"seq":`, []string{"match", "status"}, "", true},
		{``, []string{"id"}, "", true},
	}
	for _, c := range cases {
		got, err := stringAt([]byte(c.body), c.path...)
		if (err != nil) != c.err || got != c.want {
			t.Errorf("stringAt(%s, %v) = %q, %v; want %q (error %v)", c.body, c.path, got, err, c.want, c.err)
		}
		if c.err || len(c.path) != 2 {
			continue
		}
		var full map[string]map[string]any
		if err := json.Unmarshal([]byte(c.body), &full); err != nil || full[c.path[0]][c.path[1]] != got {
			t.Errorf("%s: decoding it all gives %v (%v), stringAt %q", c.body, full[c.path[0]][c.path[1]], err, got)
		}
	}
}
