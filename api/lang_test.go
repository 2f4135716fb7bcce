package api

import (
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v4"
)

func TestLangOf(t *testing.T) {
	cases := []struct {
		query, accept, want string
	}{
		{"", "", "en"},
		{"", "fa", "fa"},
		{"", "FA-ir, en;q=0.8", "fa"},
		{"", "de, fa-IR;q=0.9, en;q=0.8", "fa"},
		{"", "de, en-GB;q=0.9, fa", "en"},
		{"", "fas, fa", "fa"},  // "fas" is another tag, not Persian
		{"", "far-x,en", "en"}, // so is "far-x"
		{"", " ;q=1,fa", "fa"}, // an empty tag is skipped
		{"", "de, fr", "en"},
		{"lang=fa", "en", "fa"},
		{"lang=FA-IR", "", "fa"},
		{"lang=en", "fa", "en"},
		{"lang=xx", "fa", "en"},
		{"other=1", "fa", "fa"},
		{"lang=", "fa", "fa"},
	}
	e := echo.New()
	for _, tc := range cases {
		req := httptest.NewRequest("GET", "/?"+tc.query, nil)
		if tc.accept != "" {
			req.Header.Set("Accept-Language", tc.accept)
		}
		if got := langOf(e.NewContext(req, httptest.NewRecorder())); got != tc.want {
			t.Errorf("?%s, Accept-Language %q: %s, want %s", tc.query, tc.accept, got, tc.want)
		}
	}
}

func TestPreferredReturn(t *testing.T) {
	cases := []struct {
		prefer []string
		want   string
	}{
		{nil, ""},
		{[]string{"return=minimal"}, "minimal"},
		{[]string{"respond-async, RETURN=Minimal "}, "minimal"},
		{[]string{"wait=5", "return=minimal"}, "minimal"},
		{[]string{"return=representation"}, "representation"},
		{[]string{`return="representation"`}, "representation"},
		{[]string{"return=minimalist"}, ""},
		{[]string{","}, ""},
	}
	e := echo.New()
	for _, tc := range cases {
		req := httptest.NewRequest("POST", "/", nil)
		for _, v := range tc.prefer {
			req.Header.Add("Prefer", v)
		}
		if got := preferredReturn(e.NewContext(req, httptest.NewRecorder())); got != tc.want {
			t.Errorf("Prefer %q: %q, want %q", tc.prefer, got, tc.want)
		}
	}
}
