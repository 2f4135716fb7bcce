package api

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strconv"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
)

// appendEvent records one table event after the game's rules accept it.
func (s *Server) appendEvent(c echo.Context) error {
	var req AppendEventRequest
	body, err := bind(c, &req)
	if err != nil {
		return err
	}
	if err := mustObject("data", req.Data); err != nil {
		return err
	}
	opt, err := appendOptions(c, body)
	if err != nil {
		return err
	}
	if _, err := requireToken(c); err != nil {
		return err
	}
	opt.Authorize = s.writeCheck(c, false)
	res, err := s.store.Append(c.Request().Context(), c.Param("id"), rules.Event{Type: req.Type, Data: req.Data}, opt)
	if err != nil {
		return err
	}
	return s.answerChange(c, res, http.StatusCreated)
}

// undo voids the latest effective event.
func (s *Server) undo(c echo.Context) error {
	if err := emptyBody(c); err != nil {
		return err
	}
	return s.correction(c, []byte("undo"), func(opt db.AppendOptions) (*db.Appended, error) {
		return s.store.Undo(c.Request().Context(), c.Param("id"), opt)
	})
}

func appendOptions(c echo.Context, body []byte) (db.AppendOptions, error) {
	var opt db.AppendOptions
	v, err := ifMatch(c)
	if err != nil {
		return opt, err
	}
	opt.IfMatch = v
	if key := c.Request().Header.Get("Idempotency-Key"); key != "" {
		if len(key) > 200 || !utf8.ValidString(key) {
			return opt, rules.Invalid("Idempotency-Key", "must be at most 200 characters of text")
		}
		opt.IdempotencyKey = key
		opt.RequestHash = requestHash(c.Request().URL.Path, body)
	}
	if t := principal(c); t != nil {
		opt.TokenID = t.ID
	}
	return opt, nil
}

// requestHash identifies a request's intent: its path and its body with
// insignificant whitespace removed.
func requestHash(path string, body []byte) string {
	var compact bytes.Buffer
	if err := json.Compact(&compact, body); err != nil {
		compact.Reset()
		compact.Write(body)
	}
	h := sha256.New()
	h.Write([]byte(path))
	h.Write([]byte{0})
	h.Write(compact.Bytes())
	return hex.EncodeToString(h.Sum(nil))
}

// listEvents returns a match's log, voided events marked.
func (s *Server) listEvents(c echo.Context) error {
	if _, err := s.readableMatch(c, c.Param("id")); err != nil {
		return err
	}
	log, err := s.store.Events(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	lang := langOf(c)
	out := EventsResponse{MatchID: c.Param("id"), Events: make([]EventResponse, 0, len(log))}
	for _, e := range log {
		out.Events = append(out.Events, s.eventResponse(e, lang))
	}
	out.Version = int64(len(log))
	setETag(c, out.Version)
	return c.JSON(http.StatusOK, out)
}

// checkMatchWrite authorizes a write to the match named in the path, for a
// request that reads the match without writing it (a correction's preview).
func (s *Server) checkMatchWrite(c echo.Context, correction bool) error {
	if _, err := requireToken(c); err != nil {
		return err
	}
	m, err := s.store.GetMatch(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	return s.mayWriteMatch(c, m, correction)
}

// MatchSummary is the match after an event, without its state and score
// rows: what a table's tablet needs to carry on.
type MatchSummary struct {
	ID      string         `json:"id"`
	Game    string         `json:"game"`
	Status  string         `json:"status"`
	Version int64          `json:"version"`
	Next    string         `json:"next"`
	Totals  map[string]int `json:"totals"`
	Result  *rules.Result  `json:"result"`
}

// AppendedMinimalResponse answers an event POST sent with
// "Prefer: return=minimal".
type AppendedMinimalResponse struct {
	Event EventResponse `json:"event"`
	Match MatchSummary  `json:"match"`
}

// ifMatch parses If-Match: a version as sent in ETag ("3", W/"3" or 3), or *.
func ifMatch(c echo.Context) (*int64, error) {
	h := c.Request().Header.Get("If-Match")
	if h == "" || h == "*" {
		return nil, nil
	}
	v := h
	if len(v) > 2 && v[:2] == "W/" {
		v = v[2:]
	}
	if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
		v = v[1 : len(v)-1]
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 {
		return nil, rules.Invalid("If-Match", `must be a match version as given in ETag, e.g. "3"`)
	}
	return &n, nil
}
