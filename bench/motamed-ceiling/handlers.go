package main

import (
	"encoding/json"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
)

type handlers struct {
	st *store
	// pad, when not empty, ends every event's answer: `,"pad":"xx..."}`,
	// written as it is (see --answer-bytes).
	pad []byte
}

// newEcho routes the bare server's three requests. An event's answer is
// about answerBytes long when that is more than its usual size.
func newEcho(st *store, answerBytes int) *echo.Echo {
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.Use(middleware.BodyLimit("64K"))
	h := &handlers{st: st}
	if answerBytes > 0 {
		h.pad = []byte(`,"pad":"` + strings.Repeat("x", answerBytes) + `"}`)
	}
	e.GET("/healthz", h.health)
	e.POST("/matches/:id/events", h.appendEvent)
	e.GET("/matches/:id/events", h.listEvents)
	return e
}

// eventBody is what a table sends: the same envelope as Motamed's events.
type eventBody struct {
	Type string          `json:"type"`
	Data json.RawMessage `json:"data"`
}

// appendedAnswer is an event's answer.
type appendedAnswer struct {
	MatchID string `json:"match_id"`
	Seq     int64  `json:"seq"`
}

func (h *handlers) health(c echo.Context) error {
	return c.JSON(http.StatusOK, map[string]string{"status": "ok"})
}

// appendEvent decodes the event, stores it and answers with its seq once
// it is durable.
func (h *handlers) appendEvent(c echo.Context) error {
	var body eventBody
	if err := c.Bind(&body); err != nil {
		return err
	}
	if body.Type == "" || len(body.Data) == 0 {
		return echo.NewHTTPError(http.StatusBadRequest, "type and data are required")
	}
	matchID := c.Param("id")
	seq, err := h.st.appendEvent(c.Request().Context(), matchID, body.Type, string(body.Data))
	if err != nil {
		c.Logger().Error(err)
		return echo.NewHTTPError(http.StatusInternalServerError, "the event was not stored")
	}
	answer := appendedAnswer{MatchID: matchID, Seq: seq}
	if h.pad != nil {
		// A body as long as a match's: the small answer without its
		// closing brace, then the padding, prepared once and written as
		// it is, the way Motamed writes a match from its stored pieces.
		head, err := json.Marshal(answer)
		if err != nil {
			return err
		}
		return c.Blob(http.StatusCreated, echo.MIMEApplicationJSON, append(head[:len(head)-1], h.pad...))
	}
	return c.JSON(http.StatusCreated, answer)
}

// listEvents answers with a match's whole log.
func (h *handlers) listEvents(c echo.Context) error {
	evs, err := h.st.events(c.Request().Context(), c.Param("id"))
	if err != nil {
		c.Logger().Error(err)
		return echo.NewHTTPError(http.StatusInternalServerError, "the log could not be read")
	}
	return c.JSON(http.StatusOK, evs)
}
