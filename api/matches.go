package api

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
)

// createMatch seats players and starts a match. The game checks the player
// count and the options and fills in defaults.
func (s *Server) createMatch(c echo.Context) error {
	if _, err := mayWrite(c); err != nil {
		return err
	}
	var req CreateMatchRequest
	body, err := bind(c, &req)
	if err != nil {
		return err
	}
	t, err := s.mayCreateMatch(c, req.LeagueID)
	if err != nil {
		return err
	}
	if len(req.Options) > 0 {
		if t := bytes.TrimSpace(req.Options); len(t) > 0 && t[0] != '{' && string(t) != "null" {
			return rules.Invalid("options", "must be an object")
		}
	}
	if _, err := s.game(req.Game); err != nil {
		return err
	}
	meta, err := req.meta()
	if err != nil {
		return err
	}
	nm := db.NewMatch{Game: req.Game, LeagueID: req.LeagueID, Players: req.Players, Options: req.Options, CreatedBy: t.ID, Meta: meta}
	for i, ev := range req.Events {
		if err := mustObject("events["+strconv.Itoa(i)+"].data", ev.Data); err != nil {
			return err
		}
		nm.Events = append(nm.Events, rules.Event{Type: ev.Type, Data: ev.Data})
	}
	opt, err := appendOptions(c, body)
	if err != nil {
		return err
	}
	if opt.IfMatch != nil {
		return rules.Invalid("If-Match", "a new match has no version to match")
	}
	status := http.StatusCreated
	var m *db.Match
	if len(nm.Events) == 0 && opt.IdempotencyKey == "" {
		m, err = s.store.CreateMatch(c.Request().Context(), nm)
	} else {
		var replayed bool
		m, replayed, err = s.store.CreateMatchWithLog(c.Request().Context(), nm, opt.IdempotencyKey, opt.RequestHash)
		if replayed {
			status = http.StatusOK
			c.Response().Header().Set("Idempotent-Replayed", "true")
		}
	}
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderLocation, "/v1/matches/"+m.ID)
	setETag(c, m.Version)
	return s.writeMatch(c, status, m)
}

// getMatch returns a match at its current version; the ETag is the version.
func (s *Server) getMatch(c echo.Context) error {
	m, err := s.readableMatch(c, c.Param("id"))
	if err != nil {
		return err
	}
	setETag(c, m.Version)
	// The body is in the request's language while the ETag is the version:
	// a cache must not answer a Persian request with an English body.
	c.Response().Header().Add(echo.HeaderVary, "Accept-Language")
	if inm := c.Request().Header.Get("If-None-Match"); inm != "" && inm == etag(m.Version) {
		return c.NoContent(http.StatusNotModified)
	}
	return s.writeMatch(c, http.StatusOK, m)
}

func etag(version int64) string { return `"` + strconv.FormatInt(version, 10) + `"` }

func setETag(c echo.Context, version int64) { c.Response().Header().Set("ETag", etag(version)) }

// mustObject rejects a data member that is present but not a JSON object.
func mustObject(field string, raw json.RawMessage) error {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || string(t) == "null" || t[0] == '{' {
		return nil
	}
	return rules.Invalid(field, "must be an object")
}
