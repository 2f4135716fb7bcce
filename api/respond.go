package api

import (
	"encoding/json"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/jsonw"
)

// writeJSON answers with v's JSON.
func writeJSON(c echo.Context, status int, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return writeBody(c, status, b)
}

// writeBody answers with the JSON b, with its Content-Length and, as c.JSON
// does, a final newline.
func writeBody(c echo.Context, status int, b []byte) error {
	b = append(b, '\n')
	res := c.Response()
	res.Header().Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
	res.Header().Set(echo.HeaderContentLength, strconv.Itoa(len(b)))
	res.WriteHeader(status)
	_, err := res.Write(b)
	return err
}

// writeMatch answers with the match body (MatchResponse).
func (s *Server) writeMatch(c echo.Context, status int, m *db.Match) error {
	return writeJSON(c, status, s.matchResponse(m, langOf(c)))
}

// matchResponse is the match body.
func (s *Server) matchResponse(m *db.Match, lang string) MatchResponse {
	sc := m.State.Scores()
	r := MatchResponse{
		ID: m.ID, Game: m.Game, LeagueID: leagueRef(m), Status: m.Status, Players: seatResponses(m), Options: m.Options,
		Version: m.Version, Next: m.State.Next().In(lang), State: m.State,
		Scores: ScoresResponse{Totals: sc.Totals, Rounds: sc.Rounds}, Result: m.State.Result(), MatchTimes: matchTimesOf(m),
	}
	if v, ok := m.State.(rules.Viewer); ok {
		view := v.View()
		r.View = &view
	}
	return r
}

// leagueRef is m's league for an answer: null when it has none.
func leagueRef(m *db.Match) *string {
	if m.LeagueID == "" {
		return nil
	}
	return &m.LeagueID
}

// seatResponses are m's seated players as the match body lists them.
func seatResponses(m *db.Match) []SeatResponse {
	out := make([]SeatResponse, 0, len(m.Seats))
	for _, s := range m.Seats {
		out = append(out, SeatResponse{ID: s.PlayerID, Name: s.Name, Seat: s.Seat})
	}
	return out
}

// appendedWith answers an append, an undo or a correction: compact by
// default, the whole match with "Prefer: return=representation", the
// summary with "Prefer: return=minimal" (RFC 7240).
func (s *Server) appendedWith(c echo.Context, res *db.Appended, status int) error {
	lang := langOf(c)
	if res.Replayed {
		c.Response().Header().Set("Idempotent-Replayed", "true")
	}
	setETag(c, res.Match.Version)
	pref := preferredReturn(c)
	if pref != "" {
		c.Response().Header().Set("Preference-Applied", "return="+pref)
	}
	if pref == "representation" {
		return writeJSON(c, status, AppendedResponse{Event: s.eventResponse(res.Event, lang), Match: s.matchResponse(res.Match, lang)})
	}
	buf := answerBuffers.Get().(*[]byte)
	b := s.appendShort((*buf)[:0], res, lang, pref != "minimal")
	err := writeBody(c, status, b)
	if cap(b) <= maxPooledAnswer {
		*buf = b
		answerBuffers.Put(buf)
	}
	return err
}

// answerBuffers hold the buffers answers to changes are written in: the
// answer is copied to the connection before writeBody returns, so its buffer
// serves the next answer instead of becoming garbage every event.
var answerBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 4<<10); return &b }}

// maxPooledAnswer is the largest buffer kept for another answer (a
// correction's answer holds every row of a long match's sheet).
const maxPooledAnswer = 64 << 10

// appendShort appends the default answer to a change, AppendedCompactResponse
// (the event, the match without its score sheet and the sheet's rows the
// change touched: a size that does not grow with the match), or when not
// compact AppendedMinimalResponse (the event and the match's summary).
func (s *Server) appendShort(b []byte, res *db.Appended, lang string, compact bool) []byte {
	b = append(b, `{"event":`...)
	b = appendJSON(b, s.eventResponse(res.Event, lang))
	b = append(b, `,"match":`...)
	sc := res.Match.State.Scores()
	b = appendSummary(b, res.Match, sc.Totals, lang, compact)
	b = append(b, '}')
	if compact {
		b = appendChangedRounds(b, res, sc.Rounds)
	}
	return b
}

// appendChangedRounds ends a compact answer (an event POST's by default, and
// every match stream's change) with the rows of the score sheet it changed,
// so that the table app and a live page update their sheet without the whole
// match: "rounds": {"from": i, "rows": [...]}
// replaces the rows from index i on. Only a sheet's last row may change
// (rules.Scores), so that is one or two rows, or none after an undo; after
// a correction it is every row. sheet is the match's score sheet after the
// change.
func appendChangedRounds(b []byte, res *db.Appended, sheet any) []byte {
	b = b[:len(b)-1] // the answer's closing brace
	n, list := rules.RowsLen(sheet)
	from := 0
	if list && res.Before != nil && !res.Match.Rewritten { // a correction may change any row
		if before, ok := rules.RowsLen(res.Before.State.Scores().Rounds); ok {
			from = max(0, min(before, n)-1)
		}
	}
	b = append(b, `,"rounds":{"from":`...)
	b = strconv.AppendInt(b, int64(from), 10)
	b = append(b, `,"rows":`...)
	start := len(b)
	var err error
	if !list {
		b, err = appendValue(b, sheet)
	} else {
		rows := reflect.ValueOf(rules.RowsSlice(sheet, from, n))
		b = append(b, '[')
		for i := 0; i < rows.Len() && err == nil; i++ {
			if i > 0 {
				b = append(b, ',')
			}
			row := rows.Index(i)
			if row.Kind() != reflect.Pointer {
				row = row.Addr() // a row writes its own JSON through its pointer
			}
			b, err = appendValue(b, row.Interface())
		}
		b = append(b, ']')
	}
	if err != nil {
		b = append(b[:start], "null"...)
	}
	return append(b, "}}"...)
}

// appendSummary appends MatchSummary or, when compact, MatchCompact (the
// summary with its league, state and time).
func appendSummary(b []byte, m *db.Match, totals map[string]int, lang string, compact bool) []byte {
	b = append(b, `{"id":`...)
	b = jsonw.String(b, m.ID)
	b = append(b, `,"game":`...)
	b = jsonw.String(b, m.Game)
	if compact {
		b = append(b, `,"league_id":`...)
		if m.LeagueID == "" {
			b = append(b, "null"...)
		} else {
			b = jsonw.String(b, m.LeagueID)
		}
	}
	b = append(b, `,"status":`...)
	b = jsonw.String(b, m.Status)
	b = append(b, `,"version":`...)
	b = strconv.AppendInt(b, m.Version, 10)
	b = append(b, `,"next":`...)
	b = jsonw.String(b, m.State.Next().In(lang))
	if compact {
		b = append(b, `,"state":`...)
		start := len(b)
		var err error
		if b, err = appendValue(b, m.State); err != nil {
			b = append(b[:start], "null"...)
		}
	}
	b = append(b, `,"totals":`...)
	b = jsonw.IntMap(b, totals)
	b = append(b, `,"result":`...)
	b = appendJSON(b, m.State.Result())
	if compact {
		b = append(b, `,"updated_at":`...)
		b = appendTime(b, m.UpdatedAt)
	}
	return append(b, '}')
}

// appendJSON appends v encoded by encoding/json ("null" if it cannot be,
// which no totals or result ever are).
func appendJSON(b []byte, v any) []byte {
	j, err := json.Marshal(v)
	if err != nil {
		return append(b, "null"...)
	}
	return append(b, j...)
}

// appendValue appends v's JSON: by v itself when it is a rules.JSONAppender
// (a state, or a row of a score sheet: the same bytes without reflection),
// else by encoding/json.
func appendValue(b []byte, v any) ([]byte, error) {
	if a, ok := v.(rules.JSONAppender); ok {
		return a.AppendJSON(b)
	}
	j, err := json.Marshal(v)
	return append(b, j...), err
}

// appendTime appends t as its quoted JSON string (RFC 3339 text needs no
// escaping).
func appendTime(b []byte, t time.Time) []byte {
	b = append(b, '"')
	b = t.UTC().AppendFormat(b, time.RFC3339Nano)
	return append(b, '"')
}

// answerChange publishes a recorded change of a match (an append, an undo
// or a correction) to its streams and its league's, and answers it with
// status, or 200 for a retry answered from its Idempotency-Key.
func (s *Server) answerChange(c echo.Context, res *db.Appended, status int) error {
	if res.Replayed {
		status = http.StatusOK
	}
	if s.leagues.onAppended(res) {
		s.hub.publishLeague(res.Match.LeagueID)
	}
	s.hub.publishMatch(res)
	return s.appendedWith(c, res, status)
}

// preferredReturn is the return preference of an RFC 7240 Prefer header
// that the server honours, "minimal" or "representation", or "".
func preferredReturn(c echo.Context) string {
	for _, v := range c.Request().Header.Values("Prefer") {
		for v != "" {
			var part string
			part, v, _ = strings.Cut(v, ",")
			name, val, _ := strings.Cut(strings.TrimSpace(part), "=")
			if !strings.EqualFold(strings.TrimSpace(name), "return") {
				continue
			}
			switch val = strings.ToLower(strings.Trim(strings.TrimSpace(val), `"`)); val {
			case "minimal", "representation":
				return val
			}
		}
	}
	return ""
}
