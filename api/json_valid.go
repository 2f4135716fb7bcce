package api

// validJSON reports whether b is one JSON value, as json.Valid does, in
// one pass (see validObjectEnd).
func validJSON(b []byte) bool {
	end, ok := validValue(b, skipSpace(b, 0), 0)
	return ok && skipSpace(b, end) == len(b)
}

// validObjectEnd is the index just after the JSON object starting at b[i],
// when that object is valid JSON as json.Valid judges it. It reads the
// object once, where matching its braces and then calling json.Valid read
// it twice, the second time a byte at a time through encoding/json's state
// machine; every event's data is read so.
func validObjectEnd(b []byte, i int) (int, bool) {
	if i >= len(b) || b[i] != '{' {
		return 0, false
	}
	return validValue(b, i, 0)
}

// maxValidDepth is encoding/json's nesting limit: json.Valid refuses a
// value nested deeper.
const maxValidDepth = 10000

// validValue reads the JSON value at b[i], at depth objects and arrays
// deep, and returns the index after it.
func validValue(b []byte, i, depth int) (int, bool) {
	if i >= len(b) {
		return 0, false
	}
	switch c := b[i]; {
	case c == '{':
		return validObject(b, i, depth+1)
	case c == '[':
		return validArray(b, i, depth+1)
	case c == '"':
		return validString(b, i)
	case c == '-' || '0' <= c && c <= '9':
		return validNumber(b, i)
	case c == 't':
		return validWord(b, i, "true")
	case c == 'f':
		return validWord(b, i, "false")
	case c == 'n':
		return validWord(b, i, "null")
	}
	return 0, false
}

func validObject(b []byte, i, depth int) (int, bool) {
	if depth > maxValidDepth {
		return 0, false
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return i + 1, true
	}
	for more, ok := true, true; more; {
		if i, ok = validString(b, i); !ok {
			return 0, false
		}
		i = skipSpace(b, i)
		if i >= len(b) || b[i] != ':' {
			return 0, false
		}
		if i, ok = validValue(b, skipSpace(b, i+1), depth); !ok {
			return 0, false
		}
		if i, more, ok = validAfter(b, i, '}'); !ok {
			return 0, false
		}
	}
	return i, true
}

func validArray(b []byte, i, depth int) (int, bool) {
	if depth > maxValidDepth {
		return 0, false
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == ']' {
		return i + 1, true
	}
	for more, ok := true, true; more; {
		if i, ok = validValue(b, i, depth); !ok {
			return 0, false
		}
		if i, more, ok = validAfter(b, i, ']'); !ok {
			return 0, false
		}
	}
	return i, true
}

// validAfter reads what follows a member of an object or an array at b[i]:
// a comma (more follows at next) or the closing byte (next is after it).
func validAfter(b []byte, i int, closing byte) (next int, more, ok bool) {
	i = skipSpace(b, i)
	if i >= len(b) {
		return 0, false, false
	}
	switch b[i] {
	case ',':
		return skipSpace(b, i+1), true, true
	case closing:
		return i + 1, false, true
	}
	return 0, false, false
}

// validString reads a string at b[i]. As json.Valid, it refuses control
// characters and unknown escapes, and takes bytes that are not UTF-8.
func validString(b []byte, i int) (int, bool) {
	if i >= len(b) || b[i] != '"' {
		return 0, false
	}
	for j := i + 1; j < len(b); j++ {
		switch c := b[j]; {
		case c == '"':
			return j + 1, true
		case c < 0x20:
			return 0, false
		case c == '\\':
			j++
			if j >= len(b) {
				return 0, false
			}
			switch b[j] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if j+4 >= len(b) {
					return 0, false
				}
				for _, h := range b[j+1 : j+5] {
					if !('0' <= h && h <= '9' || 'a' <= h && h <= 'f' || 'A' <= h && h <= 'F') {
						return 0, false
					}
				}
				j += 4
			default:
				return 0, false
			}
		}
	}
	return 0, false
}

// validNumber reads -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? at b[i].
func validNumber(b []byte, i int) (int, bool) {
	if b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && '1' <= b[i] && b[i] <= '9':
		i = digits(b, i)
	default:
		return 0, false
	}
	if i < len(b) && b[i] == '.' {
		if i+1 >= len(b) || !isDigit(b[i+1]) {
			return 0, false
		}
		i = digits(b, i+1)
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if i >= len(b) || !isDigit(b[i]) {
			return 0, false
		}
		i = digits(b, i)
	}
	return i, true
}

func digits(b []byte, i int) int {
	for i < len(b) && isDigit(b[i]) {
		i++
	}
	return i
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func validWord(b []byte, i int, word string) (int, bool) {
	end := i + len(word)
	if end > len(b) || string(b[i:end]) != word {
		return 0, false
	}
	return end, true
}
