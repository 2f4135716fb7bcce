package api

import (
	"bytes"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
)

// Corrections anywhere in the log: a replacement or a void of any event in
// force, and a redo of an accidental undo. Each is appended as a record of
// its own (nothing is deleted), every later event in force is checked again
// in order, and the answer is an append's. If-Match and Idempotency-Key
// apply as to appends. The league's owner may always correct; a scorer
// while the match is in progress and for a grace period after it finished.

// replaceEvent corrects event {seq}: the body is the right event.
func (s *Server) replaceEvent(c echo.Context) error {
	seq, err := seqParam(c)
	if err != nil {
		return err
	}
	var req AppendEventRequest
	body, err := bind(c, &req)
	if err != nil {
		return err
	}
	if err := mustObject("data", req.Data); err != nil {
		return err
	}
	return s.correction(c, body, func(opt db.AppendOptions) (*db.Appended, error) {
		return s.store.Replace(c.Request().Context(), c.Param("id"), seq, rules.Event{Type: req.Type, Data: req.Data}, opt)
	})
}

// voidEvent takes event {seq} out of force.
func (s *Server) voidEvent(c echo.Context) error {
	seq, err := seqParam(c)
	if err != nil {
		return err
	}
	if err := emptyBody(c); err != nil {
		return err
	}
	return s.correction(c, []byte("void"), func(opt db.AppendOptions) (*db.Appended, error) {
		return s.store.Void(c.Request().Context(), c.Param("id"), seq, opt)
	})
}

// redo brings back the event the latest undo voided.
func (s *Server) redo(c echo.Context) error {
	if err := emptyBody(c); err != nil {
		return err
	}
	return s.correction(c, []byte("redo"), func(opt db.AppendOptions) (*db.Appended, error) {
		return s.store.Redo(c.Request().Context(), c.Param("id"), opt)
	})
}

// correction authorizes, runs and answers one correction like an append.
func (s *Server) correction(c echo.Context, body []byte, run func(db.AppendOptions) (*db.Appended, error)) error {
	opt, err := appendOptions(c, body)
	if err != nil {
		return err
	}
	if _, err := requireToken(c); err != nil {
		return err
	}
	opt.Authorize = s.writeCheck(c, true)
	res, err := run(opt)
	if err != nil {
		return err
	}
	return s.answerChange(c, res, http.StatusOK)
}

func seqParam(c echo.Context) (int64, error) {
	seq, err := strconv.ParseInt(c.Param("seq"), 10, 64)
	if err != nil || seq < 1 {
		return 0, rules.Invalid("seq", "must be an event's seq: a whole number from 1")
	}
	return seq, nil
}

// emptyBody refuses a body other than nothing or {}.
func emptyBody(c echo.Context) error {
	body, err := readBody(c)
	if err != nil {
		return err
	}
	if t := bytes.TrimSpace(body); len(t) > 0 && string(t) != "{}" {
		return rules.Invalid("body", "must be empty or {}")
	}
	return nil
}
