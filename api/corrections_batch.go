package api

import (
	"encoding/json"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
)

// CorrectionsRequest is the body of POST /v1/matches/{id}/corrections: an
// ordered list of replacements and voids, checked together.
type CorrectionsRequest struct {
	Corrections []CorrectionItem `json:"corrections" validate:"required,min=1,max=500,dive"`
}

// CorrectionItem replaces event Seq with {type, data}, or voids it.
type CorrectionItem struct {
	Seq  int64           `json:"seq" validate:"required,min=1"`
	Void bool            `json:"void,omitempty"`
	Type string          `json:"type,omitempty" validate:"required_without=Void,max=64"`
	Data json.RawMessage `json:"data,omitempty"`
}

// correctAll stores several corrections at once, or none: the log must
// hold with all of them applied. With ?dry_run=true nothing is stored and
// the answer is the match as the batch would leave it.
func (s *Server) correctAll(c echo.Context) error {
	dry, err := boolParam(c, "dry_run")
	if err != nil {
		return err
	}
	var req CorrectionsRequest
	body, err := bind(c, &req)
	if err != nil {
		return err
	}
	items := make([]db.Correction, len(req.Corrections))
	for i, it := range req.Corrections {
		if it.Void && (it.Type != "" || len(it.Data) > 0) {
			return rules.Invalid("corrections", "a void names only the event's seq")
		}
		if !it.Void {
			if err := mustObject("data", it.Data); err != nil {
				return err
			}
		}
		items[i] = db.Correction{Seq: it.Seq, Void: it.Void, Event: rules.Event{Type: it.Type, Data: it.Data}}
	}
	if dry {
		if err := s.checkMatchWrite(c, true); err != nil {
			return err
		}
		res, err := s.store.PreviewCorrections(c.Request().Context(), c.Param("id"), items)
		if err != nil {
			return err
		}
		return s.appendedWith(c, res, http.StatusOK)
	}
	return s.correction(c, body, func(opt db.AppendOptions) (*db.Appended, error) {
		return s.store.CorrectAll(c.Request().Context(), c.Param("id"), items, opt)
	})
}
