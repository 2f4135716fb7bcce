package rules

import "strconv"

// Count writes n with the English noun that agrees with it: "1 card",
// "2 cards", "0 cards". Persian needs no such helper: a noun after a
// number stays singular ("۲ کارت").
func Count(n int, one, other string) string {
	if n == 1 || n == -1 {
		return strconv.Itoa(n) + " " + one
	}
	return strconv.Itoa(n) + " " + other
}
