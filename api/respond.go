package api

import (
	"encoding/json"
	"strconv"

	"github.com/labstack/echo/v4"
	"github.com/motamed/motamed/db"
)

// writeJSONParts answers with parts written one after the other: together
// they are one JSON value. Match bodies are written this way from their
// cached encoding; encoding them again with encoding/json would check and
// copy every byte of a long score sheet on every request. The body ends
// with a newline, as c.JSON's does.
func writeJSONParts(c echo.Context, status int, parts ...[]byte) error {
	n := 1
	for _, p := range parts {
		n += len(p)
	}
	res := c.Response()
	res.Header().Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
	res.Header().Set(echo.HeaderContentLength, strconv.Itoa(n))
	res.WriteHeader(status)
	for _, p := range parts {
		if _, err := res.Write(p); err != nil {
			return err
		}
	}
	_, err := res.Write(newline)
	return err
}

var (
	newline       = []byte("\n")
	eventOpen     = []byte(`{"event":`)
	matchMember   = []byte(`,"match":`)
	closingBrace  = []byte(`}`)
	matchOpen     = []byte(`{"match":`)
	emptyEventRow = []byte(`{}`)
)

// eventJSON is the JSON of EventResponse for e in lang.
func (s *Server) eventJSON(e db.Event, lang string) []byte {
	b, err := json.Marshal(s.eventResponse(e, lang))
	if err != nil { // only a stored event whose data is not JSON
		s.log.Error("encode event", "seq", e.Seq, "err", err)
		return emptyEventRow
	}
	return b
}

// writeMatch answers with the match body (MatchResponse).
func (s *Server) writeMatch(c echo.Context, status int, m *db.Match) error {
	return writeJSONParts(c, status, s.matchJSON(m, langOf(c)))
}

// appendedJSON is AppendedResponse as parts: {"event":...,"match":...}.
func (s *Server) appendedJSON(res *db.Appended, lang string) [][]byte {
	return [][]byte{eventOpen, s.eventJSON(res.Event, lang), matchMember, s.matchJSON(res.Match, lang), closingBrace}
}

// joinParts concatenates parts into one slice.
func joinParts(parts [][]byte) []byte {
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	b := make([]byte, 0, n)
	for _, p := range parts {
		b = append(b, p...)
	}
	return b
}
