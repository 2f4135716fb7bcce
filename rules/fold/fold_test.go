package fold

import (
	"testing"
	"unicode/utf8"
)

func TestFoldMeetsVariants(t *testing.T) {
	same := [][2]string{
		{"علی", "علي"},
		{"کیان", "كيان"},
		{"پیش‌بینی", "پیشبینی"},
		{"مُحَمَّد", "محمد"},
		{"آرش", "ارش"},
		{"Sara", "SARA"},
		{"  Sara   Karimi ", "sara karimi"},
		{"میز ۳", "میز 3"},
		{"فاطمة", "فاطمه"},
		{"ســارا", "سارا"},
		// Presentation forms, as some keyboards and PDFs produce them.
		{"\ufeb3\ufe8e\ufead\ufe8d", "سارا"},
		{"\ufecb\ufee0\ufef0", "علی"},
		{"\ufef5\ufe8d", "لاا"},
		// Heh with yeh above and heh goal are heh.
		{"خانهٔ", "خانه"},
		{"خانۀ", "خانه"},
		{"ہادی", "هادی"},
		{"\ufba4", "ه"},
		{"Ｓａｒａ", "sara"},
	}
	for _, p := range same {
		if String(p[0]) != String(p[1]) {
			t.Errorf("%q folds to %q, %q to %q", p[0], String(p[0]), p[1], String(p[1]))
		}
	}
	if String("Sara") == String("Sami") {
		t.Error("different names fold together")
	}
}

// Folding is idempotent and never grows the text: a folded name stored once
// is folded again at no change.
func FuzzFoldIdempotent(f *testing.F) {
	for _, s := range []string{"علی", "پیش‌بینی", " a  b ", "مُحَمَّد ۱۲", "e\u200d\u0301", "\ufeb3\ufe8e\ufead\ufe8d ۀ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return
		}
		once := String(s)
		if String(once) != once {
			t.Fatalf("not idempotent: %q -> %q -> %q", s, once, String(once))
		}
	})
}
