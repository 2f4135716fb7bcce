package fold

import "testing"

func TestValidName(t *testing.T) {
	good := []string{"Sara", "علی", "پیش‌بینی", "سارا\u200f", "Zoë", "A", "۳", "خانۀ", "\u200cعلی"}
	for _, s := range good {
		if !ValidName(s) {
			t.Errorf("%q refused", s)
		}
	}
	bad := map[string]string{
		"empty":                   "",
		"spaces":                  "   ",
		"ZWNJ only":               "\u200c",
		"ZWNJ and spaces":         " \u200c\u200c ",
		"ZWJ only":                "\u200d",
		"direction marks":         "\u200e\u200f\u061c",
		"word joiner and BOM":     "\u2060\ufeff",
		"soft hyphen":             "\u00ad",
		"lone harakat":            "\u064e\u0650",
		"Hangul filler":           "\u3164",
		"braille blank":           "\u2800",
		"control":                 "Sa\x07ra",
		"newline":                 "Sara\nKarimi",
		"right-to-left override":  "\u202eSara",
		"left-to-right embedding": "Sara\u202a",
		"pop directional":         "Sara\u202c",
		"right-to-left isolate":   "\u2067علی\u2069",
		"first strong isolate":    "\u2068Sara",
		"invalid UTF-8":           "Sa\xffra",
	}
	for name, s := range bad {
		if ValidName(s) {
			t.Errorf("%s: %q accepted", name, s)
		}
	}
}
