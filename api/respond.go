package api

import (
	"encoding/json"
	"net/http"
	"strconv"
	"sync"

	"github.com/labstack/echo/v4"
	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules/jsonw"
)

// answerBuffers are reused for answer bodies: a match body is written
// into one from the encode cache's pieces, sent, and the buffer goes back,
// so an answer allocates nothing of its size.
var answerBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 16<<10); return &b }}

// largestPooled keeps an unusually large answer's buffer out of the pool.
const largestPooled = 1 << 20

// gatherAbove is the size of answer net/http sends in one write by itself:
// its own buffer in front of the connection's is 2 KB.
const gatherAbove = 2 << 10

// writeBody answers with the JSON that fill appends to an empty buffer,
// with its Content-Length and, as c.JSON does, a final newline. Match
// bodies are written this way from their cached pieces; encoding them again
// with encoding/json would check and copy every byte of a long score sheet
// on every request.
func writeBody(c echo.Context, status int, fill func([]byte) []byte) error {
	bp := answerBuffers.Get().(*[]byte)
	*bp = fill((*bp)[:0])
	return writePooled(c, status, bp)
}

// writePooled answers with the JSON in *bp, a buffer from answerBuffers,
// and gives the buffer back.
func writePooled(c echo.Context, status int, bp *[]byte) error {
	b := append(*bp, '\n')
	res := c.Response()
	res.Header().Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
	res.Header().Set(echo.HeaderContentLength, strconv.Itoa(len(b)))
	err := sendAnswer(c, status, b) // b is copied or sent before it returns: the buffer may go back
	*bp = b
	putAnswerBuffer(bp)
	return err
}

// putAnswerBuffer gives *bp back to answerBuffers, unless it grew unusually
// large.
func putAnswerBuffer(bp *[]byte) {
	if cap(*bp) <= largestPooled {
		*bp = (*bp)[:0]
		answerBuffers.Put(bp)
	}
}

// sendAnswer writes the answer's head, with status, and body. On a
// connection that gathers (gather.go) a body longer than net/http sends in
// one write leaves with its head in one write; the deferred send makes sure
// the connection stops gathering whatever happens.
func sendAnswer(c echo.Context, status int, body []byte) (err error) {
	res := c.Response()
	var g *gatherConn
	if len(body) > gatherAbove { // shorter answers need no lookup: see gatherAbove
		g = gatherConnFrom(c.Request().Context())
	}
	if g != nil {
		g.gather()
		defer func() {
			if errSend := g.send(); err == nil {
				err = errSend
			}
		}()
		res.WriteHeader(status)
		if _, err = res.Write(body); err != nil {
			return err
		}
		return http.NewResponseController(res).Flush()
	}
	res.WriteHeader(status)
	_, err = res.Write(body)
	return err
}

// appendEventJSON appends EventResponse for e in lang, written directly:
// the bytes encoding/json writes for s.eventResponse(e, lang), without
// reflecting over it on every event (the API tests compare the two).
func (s *Server) appendEventJSON(b []byte, e db.Event, lang string) []byte {
	r := s.eventResponse(e, lang)
	start := len(b)
	b = append(b, `{"seq":`...)
	b = strconv.AppendInt(b, r.Seq, 10)
	b = append(b, `,"type":`...)
	b = jsonw.String(b, r.Type)
	b = append(b, `,"data":`...)
	b, err := appendRaw(b, r.Data)
	if err != nil { // only a stored event whose data is not JSON
		s.log.Error("encode event", "seq", r.Seq, "err", err)
		return append(b[:start], `{}`...)
	}
	b = append(b, `,"notes":[`...)
	for i, n := range r.Notes {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"rule":`...)
		b = jsonw.String(b, n.Rule)
		b = append(b, `,"title":`...)
		b = jsonw.String(b, n.Title)
		b = append(b, `,"message":`...)
		b = jsonw.String(b, n.Message)
		if n.Section != "" {
			b = append(b, `,"section":`...)
			b = jsonw.String(b, n.Section)
		}
		b = append(b, '}')
	}
	b = append(b, `],"voided":`...)
	b = strconv.AppendBool(b, r.Voided)
	for _, ref := range [...]struct {
		key string
		seq *int64
	}{{`,"voids":`, r.Voids}, {`,"voided_by":`, r.VoidedBy}, {`,"replaced_by":`, r.ReplacedBy}, {`,"replaces":`, r.Replaces}, {`,"restores":`, r.Restores}} {
		if ref.seq != nil {
			b = append(b, ref.key...)
			b = strconv.AppendInt(b, *ref.seq, 10)
		}
	}
	if r.TokenID != "" {
		b = append(b, `,"token_id":`...)
		b = jsonw.String(b, r.TokenID)
	}
	b = append(b, `,"created_at":`...)
	b = jsonw.String(b, r.CreatedAt)
	return append(b, '}')
}

// writeMatch answers with the match body (MatchResponse).
func (s *Server) writeMatch(c echo.Context, status int, m *db.Match) error {
	lang := langOf(c)
	return writeBody(c, status, func(b []byte) []byte { return s.appendMatch(b, m, lang) })
}

// appendAppended appends AppendedResponse, {"event":...,"match":...}.
func (s *Server) appendAppended(b []byte, res *db.Appended, lang string) []byte {
	return s.appendAppendedFrom(b, res, nil, lang)
}

// appendAppendedFrom is appendAppended with the match's encoding at hand
// (e), or taken from the encode cache when e is nil.
func (s *Server) appendAppendedFrom(b []byte, res *db.Appended, e *encodedMatch, lang string) []byte {
	b = append(b, `{"event":`...)
	b = s.appendEventJSON(b, res.Event, lang)
	b = append(b, `,"match":`...)
	if e != nil {
		b = e.appendBody(b, lang)
	} else {
		b = s.appendMatch(b, res.Match, lang)
	}
	return append(b, '}')
}

// appendMinimal appends AppendedMinimalResponse: the event and the match's
// summary, written directly (encoding/json would reflect over it and
// check the event's data again on every event of a busy table).
func (s *Server) appendMinimal(b []byte, res *db.Appended, lang string) []byte {
	m := res.Match
	b = append(b, `{"event":`...)
	b = s.appendEventJSON(b, res.Event, lang)
	b = append(b, `,"match":{"id":`...)
	b = jsonw.String(b, m.ID)
	b = append(b, `,"game":`...)
	b = jsonw.String(b, m.Game)
	b = append(b, `,"status":`...)
	b = jsonw.String(b, m.Status)
	b = append(b, `,"version":`...)
	b = strconv.AppendInt(b, m.Version, 10)
	b = append(b, `,"next":`...)
	b = jsonw.String(b, m.State.Next().In(lang))
	b = append(b, `,"totals":`...)
	b = jsonw.IntMap(b, m.State.Scores().Totals)
	b = append(b, `,"result":`...)
	b = appendResult(b, m.State.Result())
	return append(b, `}}`...)
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
