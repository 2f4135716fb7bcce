package web

import (
	"context"
	"errors"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
)

// inPlayView is a league match in progress, named by its players.
type inPlayView struct {
	ID, Players, URL string
	Correcting       bool
}

// leagueInPlay names a league's matches in progress by their players.
func (s *pages) leagueInPlay(ctx context.Context, leagueID string, lang string) ([]inPlayView, error) {
	list, err := s.Store.LeagueMatchesInPlay(ctx, leagueID)
	if err != nil {
		return nil, err
	}
	out := make([]inPlayView, 0, len(list))
	for _, ip := range list {
		m, err := s.Store.GetMatch(ctx, ip.ID)
		var re *db.ReplayError
		if errors.As(err, &re) { // left out; the store logged it
			continue
		}
		if err != nil {
			return nil, err
		}
		names := make([]string, len(m.Seats))
		for i, seat := range m.Seats {
			names[i] = seat.Name
		}
		sep := ", "
		if lang == "fa" {
			sep = "، "
		}
		out = append(out, inPlayView{ID: m.ID, Players: strings.Join(names, sep), Correcting: ip.Correcting,
			URL: "/matches/" + url.PathEscape(m.ID) + "?big=1&lang=" + lang})
	}
	return out, nil
}

type rotationFrame struct {
	URL, Label string
	Correcting bool
}

type rotationBoot struct {
	Lang     string            `json:"lang"`
	Labels   map[string]string `json:"labels"`
	LeagueID string            `json:"league_id"`
	Every    int               `json:"every"`
	Locked   bool              `json:"locked"`
}

type rotationPageView struct {
	pageBase
	LeagueName string
	Every      string
	Frames     []rotationFrame
	Boot       rotationBoot
}

// rotationPage serves a screen that cycles through a league's standings
// and the matches being played now, each shown as its own large-type page
// (which follows its stream) for ?every= seconds (20 by default, 5 to
// 600). After each full turn it reloads, so matches that started or
// finished meanwhile come and go.
func (s *pages) rotationPage(c echo.Context) error {
	id := c.Param("id")
	every := 20
	if e := c.QueryParam("every"); e != "" {
		n, err := strconv.Atoi(e)
		if err != nil || n < 5 || n > 600 {
			return rules.Invalid("every", "must be a whole number of seconds from 5 to 600")
		}
		every = n
	}
	lang := s.Lang(c)
	v := rotationPageView{pageBase: s.base(c, "", "", "/v1/leagues/"+id+"/standings")}
	v.Big = true
	v.Every = formatNum(lang, float64(every), 0)
	v.Boot = rotationBoot{Lang: lang, Labels: v.L, LeagueID: id, Every: every}
	v.Frames = []rotationFrame{{URL: "/leagues/" + url.PathEscape(id) + "?big=1&lang=" + lang, Label: v.L["standings"]}}
	l, err := s.Reader.ReadLeague(c, id)
	if isNotFound(err) {
		// A private league: the script has the token (in the fragment) and
		// shows the standings with it.
		v.Title = v.L["rotation"]
		v.Boot.Locked = true
		return s.lockedPage(c, "rotation.html", v)
	}
	if err != nil {
		return err
	}
	v.LeagueName = l.Name
	v.Title = l.Name + sep(v.Lang) + v.L["rotation"]
	in, err := s.leagueInPlay(c.Request().Context(), l.ID, lang)
	if err != nil {
		return err
	}
	for _, m := range in {
		v.Frames = append(v.Frames, rotationFrame{URL: m.URL, Label: m.Players, Correcting: m.Correcting})
	}
	return s.renderPage(c, "rotation.html", v)
}
