package rules

import "strings"

var persianDigits = strings.NewReplacer(
	"0", "۰", "1", "۱", "2", "۲", "3", "۳", "4", "۴", "5", "۵", "6", "۶", "7", "۷", "8", "۸", "9", "۹")

// PersianDigits writes every digit of s as a Persian digit.
func PersianDigits(s string) string { return persianDigits.Replace(s) }

// FAProse writes a Persian text's numbers in Persian digits, leaving IDs,
// rule IDs and quoted values as they are: a run of digits becomes Persian
// unless it stands in a "quoted" or «quoted» text or in a word with a Latin
// letter or an underscore (a run of [A-Za-z0-9_-]). The server's answers
// and the phone's module both use it; the pages' script does the same
// (assets/common.js, M.prose). It is written by hand, not as a regular
// expression, so that the phone's module carries no regexp engine.
func FAProse(s string) string {
	if strings.IndexAny(s, "0123456789") < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == '"':
			if j := strings.IndexByte(s[i+1:], '"'); j >= 0 {
				b.WriteString(s[i : i+j+2])
				i += j + 2
				continue
			}
		case strings.HasPrefix(s[i:], "«"):
			if j := strings.Index(s[i+len("«"):], "»"); j >= 0 {
				end := i + len("«") + j + len("»")
				b.WriteString(s[i:end])
				i = end
				continue
			}
		case wordByte(c):
			j, letter := i, false
			for ; j < len(s) && wordByte(s[j]); j++ {
				letter = letter || !digitByte(s[j]) && s[j] != '-'
			}
			if letter {
				b.WriteString(s[i:j])
				i = j
				continue
			}
			if digitByte(c) {
				k := i
				for k < len(s) && digitByte(s[k]) {
					k++
				}
				b.WriteString(persianDigits.Replace(s[i:k]))
				i = k
				continue
			}
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

func digitByte(c byte) bool { return c >= '0' && c <= '9' }

// wordByte: c may stand in an ID ([A-Za-z0-9_-]).
func wordByte(c byte) bool {
	return digitByte(c) || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '-'
}
