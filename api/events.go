package api

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strings"
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

// writeCheck is the authorization of a write (with correction, of an undo
// or a correction) that the store asks under the match's lock, on the
// match as the write finds it (db.AppendOptions.Authorize).
func (s *Server) writeCheck(c echo.Context, correction bool) func(*db.Match) error {
	return func(m *db.Match) error { return s.mayWriteMatch(c, m, correction) }
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
