package web

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"html/template"
	"io/fs"
	"math"
	"mime"
	"net/http"
	"net/url"
	"path"
	"sort"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/sheet"
	"github.com/motamed/motamed/scoring"
)

// The pages: a match scoreboard at /matches/{id} and a league table at
// /leagues/{id}, in English or Persian (?lang=fa, right to left), with a
// large-type mode (?big=1) for a screen on the wall. Each page is complete
// without JavaScript (rendered here from the current state); its script
// then follows the live stream and redraws. The script only reads (GET and
// the stream, read with fetch so that a private screen's token goes in the
// Authorization header), so a page works without any token for public data.

//go:embed templates/*.html assets/*
var webFS embed.FS

var (
	assetFS, _   = fs.Sub(webFS, "assets")
	assetVersion = fingerprint(assetFS)
	pageTmpl     = template.Must(template.New("").Funcs(template.FuncMap{
		"asset": func(name string) string { return "/assets/" + name + "?v=" + assetVersion },
	}).ParseFS(webFS, "templates/*.html"))
)

// fingerprint hashes embedded files, names and contents, so the URLs or
// ETags made from it change with them (the assets can be cached for good).
func fingerprint(fsys fs.FS) string {
	h := sha256.New()
	_ = fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := fs.ReadFile(fsys, p)
			h.Write([]byte(p))
			h.Write(b)
		}
		return nil
	})
	return hex.EncodeToString(h.Sum(nil))[:12]
}

// asset serves the pages' CSS and JavaScript.
func (s *pages) asset(c echo.Context) error {
	name := path.Clean(c.Param("*"))
	b, err := fs.ReadFile(assetFS, name)
	if err != nil || name == "." {
		return &db.NotFoundError{Kind: "asset", ID: name}
	}
	ct := mime.TypeByExtension(path.Ext(name))
	if path.Ext(name) == ".woff2" {
		ct = "font/woff2" // not in every system's MIME table
	}
	if ct == "" {
		ct = "application/octet-stream"
	}
	h := c.Response().Header()
	h.Set("X-Content-Type-Options", "nosniff")
	if c.QueryParam("v") == assetVersion {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "no-cache")
	}
	return c.Blob(http.StatusOK, ct, b)
}

// pageBase is what every page shows around its content.
type pageBase struct {
	Lang, Dir string
	L         map[string]string
	Big       bool
	Title     string
	GameName  string
	OtherLang string // URL of this page in the other language
	BigURL    string // URL of this page with large type toggled
	APIURL    string
}

// Sep joins the parts of a line: a middle dot, or on a Persian page "، ",
// since a dot beside Persian digits reads as a zero (۰).
func (b pageBase) Sep() string { return sep(b.Lang) }

func sep(lang string) string {
	if lang == "fa" {
		return "، "
	}
	return " · "
}

func (s *pages) base(c echo.Context, title, game, apiURL string) pageBase {
	lang := s.Lang(c)
	b := pageBase{Lang: lang, Dir: "ltr", L: labelsIn(lang), Title: title, APIURL: apiURL}
	if lang == "fa" {
		b.Dir = "rtl"
	}
	b.Big = c.QueryParam("big") == "1"
	if g, ok := s.Games.Get(game); ok {
		b.GameName = g.Info().Name
		if lang == "fa" && g.Info().NameFA != "" {
			b.GameName = g.Info().NameFA
		}
		if sg, ok := g.(*sheet.Game); ok {
			categoryLabels(b.L, sg.Definition(), lang)
		}
	}
	link := func(lang string, big bool) string {
		q := url.Values{}
		if lang == "fa" {
			q.Set("lang", "fa")
		} else {
			q.Set("lang", "en")
		}
		if big {
			q.Set("big", "1")
		}
		return c.Request().URL.Path + "?" + q.Encode()
	}
	other := "fa"
	if lang == "fa" {
		other = "en"
	}
	b.OtherLang = link(other, b.Big)
	b.BigURL = link(lang, !b.Big)
	return b
}

type playerCard struct {
	ID, Name, Total, Class, Place string
	Neg, Winner                   bool
}

type rulingView struct {
	Seq     int64  `json:"seq"`
	Rule    string `json:"rule"`
	Title   string `json:"title"`
	Message string `json:"message"`
	Text    string `json:"text"`
}

type matchBoot struct {
	Lang   string            `json:"lang"`
	Labels map[string]string `json:"labels"`
	ID     string            `json:"id"`
	// Match is null on a locked page (see lockedPage).
	Match  json.RawMessage `json:"match"`
	Ruling *rulingView     `json:"ruling"`
}

type matchPageView struct {
	pageBase
	Locked  bool
	M       matchBody
	Players []playerCard
	Version string // the match's version, for people
	Totals  []playerCard
	Ruling  *rulingView
	// Corrections are the voided events, latest first.
	Corrections []correctionView
	// Grandfathered are the events in force that today's rules refuse but
	// the rules they were accepted under allowed.
	Grandfathered []grandfatheredView
	LeagueURL     string
	Boot          matchBoot
	// Imported says the match came from another app, not refereed here,
	// with the day and place it was played ("" for a match recorded here).
	Imported string
}

// matchPage serves a match's scoreboard.
func (s *pages) matchPage(c echo.Context) error {
	lang := s.Lang(c)
	body, log, err := s.Reader.ReadMatch(c, c.Param("id"), lang)
	if isNotFound(err) {
		id := c.Param("id")
		v := matchPageView{pageBase: s.base(c, "", "", "/v1/matches/"+id), Locked: true, M: matchBody{ID: id}}
		v.Title = v.L["scoreboard"]
		v.Boot = matchBoot{Lang: v.Lang, Labels: v.L, ID: id}
		return s.lockedPage(c, "match.html", v)
	}
	if err != nil {
		return err
	}
	var mr matchBody
	if err := json.Unmarshal(body, &mr); err != nil {
		return err
	}
	v := matchPageView{pageBase: s.base(c, "", mr.Game, "/v1/matches/"+mr.ID), M: mr}
	v.Title = v.GameName + sep(v.Lang) + v.L["scoreboard"]
	if mr.LeagueID != nil && *mr.LeagueID != "" {
		v.LeagueURL = "/leagues/" + url.PathEscape(*mr.LeagueID) + "?lang=" + lang
	}
	v.Version = formatNum(lang, float64(mr.Version), 0)
	v.Imported = importedText(mr, v.L, lang)
	v.Players = playerCards(mr, lang)
	v.Ruling = s.latestRuling(log, lang)
	v.Corrections = corrections(log, mr.Players, v.L, lang)
	v.Grandfathered = s.grandfathered(log, mr.Players, v.L, lang)
	v.Boot = matchBoot{Lang: lang, Labels: v.L, ID: mr.ID, Match: body, Ruling: v.Ruling}
	return s.renderPage(c, "match.html", v)
}

func playerCards(mr matchBody, lang string) []playerCard {
	places := map[string]int{}
	winners := map[string]bool{}
	if mr.Result != nil {
		for _, p := range mr.Result.Placements {
			places[p.PlayerID] = p.Place
		}
		for _, w := range mr.Result.Winners {
			winners[w] = true
		}
	}
	out := make([]playerCard, len(mr.Players))
	for i, p := range mr.Players {
		t := mr.Scores.Totals[p.ID]
		out[i] = playerCard{ID: p.ID, Name: p.Name, Total: formatNum(lang, float64(t), 0), Neg: t < 0,
			Class: "c" + strconv.Itoa(i%playerColours), Winner: winners[p.ID]}
		if pl, ok := places[p.ID]; ok {
			out[i].Place = formatNum(lang, float64(pl), 0)
		}
	}
	return out
}

// latestRuling is the last note on the events in force, in their
// effective order, with its rule: after a correction, a ruling on the
// corrected history (the store rules the log in force again), never one
// on a voided or replaced event.
func (s *pages) latestRuling(log []db.Event, lang string) *rulingView {
	inForce := db.InForce(log)
	for i := len(inForce) - 1; i >= 0; i-- {
		if e := inForce[i]; len(e.Notes) > 0 {
			return s.ruling(e.Seq, e.Notes[len(e.Notes)-1], lang)
		}
	}
	return nil
}

func (s *pages) ruling(seq int64, n rules.Ruling, lang string) *rulingView {
	r := &rulingView{Seq: seq, Rule: n.Rule, Message: n.Message.In(lang)}
	if e, ok := s.Reader.RuleEntry(n.Rule); ok {
		r.Title, r.Text = e.Title.In(lang), e.Text.In(lang)
	}
	if lang == "fa" {
		r.Title, r.Message, r.Text = s.PersianProse(r.Title), s.PersianProse(r.Message), s.PersianProse(r.Text)
	}
	return r
}

type standRow struct {
	Pos, ID, Name, Played, Wins, Points, AvgPlace, Streak, Rating, Spread, Elo, Class string
	Provisional                                                                       bool
}

type leagueBoot struct {
	Lang     string            `json:"lang"`
	Labels   map[string]string `json:"labels"`
	LeagueID string            `json:"league_id"`
	// Standings is null on a locked page (see lockedPage).
	Standings *standingsBody                    `json:"standings"`
	History   map[string][]scoring.HistoryPoint `json:"history"`
}

// standingsBody is a league's standings as GET /v1/leagues/{id}/standings
// answers them.
type standingsBody struct {
	LeagueID string `json:"league_id"`
	Game     string `json:"game"`
	scoring.Standings
}

type leaguePageView struct {
	pageBase
	Locked bool
	// Correcting lists the league's matches reopened for a correction:
	// their results are out of the standings until they finish again.
	Correcting []inPlayView
	League     *db.League
	Matches    string
	Rows       []standRow
	Boot       leagueBoot
	// Follow is the code guests scan to follow a public league.
	Follow template.URL
}

// leaguePage serves a league's standings and rating chart.
func (s *pages) leaguePage(c echo.Context) error {
	l, err := s.Reader.ReadLeague(c, c.Param("id"))
	if isNotFound(err) {
		id := c.Param("id")
		v := leaguePageView{pageBase: s.base(c, "", "", "/v1/leagues/"+id+"/standings"), Locked: true, League: &db.League{ID: id}}
		v.Title = v.L["standings"]
		v.Boot = leagueBoot{Lang: v.Lang, Labels: v.L, LeagueID: id}
		return s.lockedPage(c, "league.html", v)
	}
	if err != nil {
		return err
	}
	st, hist, err := s.Reader.Standings(c.Request().Context(), l.ID)
	if err != nil {
		return err
	}
	lang := s.Lang(c)
	v := leaguePageView{pageBase: s.base(c, "", l.Game, "/v1/leagues/"+l.ID+"/standings"), League: l}
	v.Title = l.Name + sep(v.Lang) + v.L["standings"]
	v.Matches = formatNum(lang, float64(st.Matches), 0)
	class := playerClasses(st.Rows)
	places := sharedPlaces(st.Rows)
	for i, r := range st.Rows {
		v.Rows = append(v.Rows, standRow{
			Pos: formatNum(lang, float64(places[i]), 0), ID: r.PlayerID, Name: r.Name,
			Played: formatNum(lang, float64(r.Played), 0), Wins: formatNum(lang, round2(r.Wins), -1),
			Points: formatNum(lang, round2(r.Points), -1), AvgPlace: formatNum(lang, r.AvgPlace, 2),
			Streak: streakText(v.L, lang, r.Streak), Rating: formatNum(lang, r.Ordinal, 1),
			Spread: formatNum(lang, r.Mu, 1) + " ± " + formatNum(lang, r.Sigma, 1),
			Elo:    formatNum(lang, r.Elo, 0), Provisional: r.Provisional, Class: class[r.PlayerID],
		})
	}
	in, err := s.leagueInPlay(c.Request().Context(), l.ID, lang)
	if err != nil {
		return err
	}
	for _, m := range in {
		if m.Correcting {
			m.URL = "/matches/" + url.PathEscape(m.ID) + "?lang=" + lang
			v.Correcting = append(v.Correcting, m)
		}
	}
	v.Boot = leagueBoot{Lang: lang, Labels: v.L, LeagueID: l.ID, Standings: &standingsBody{LeagueID: l.ID, Game: l.Game, Standings: st}, History: hist}
	v.Follow = s.followQR(c, l)
	return s.renderPage(c, "league.html", v)
}

func round2(f float64) float64 { return math.Round(f*100) / 100 }

// playerColours is how many colours the pages tell players apart by
// (app.css, .c0 to .c11): a league of 12 has no two alike.
const playerColours = 12

// playerClasses gives each player a color by the order of their IDs, so a
// player keeps it while the table reorders.
func playerClasses(rows []scoring.Row) map[string]string {
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.PlayerID
	}
	sort.Strings(ids)
	out := map[string]string{}
	for i, id := range ids {
		out[id] = "c" + strconv.Itoa(i%playerColours)
	}
	return out
}

// lockedPage answers a page the caller may not read (or that does not
// exist: the two look alike) with 404 and the page's frame. A screen of a
// private league is opened with its viewer token in the fragment
// (/leagues/{id}#token=...), which never reaches the server: the frame's
// script reads it and fills the page from the API with it.
func (s *pages) lockedPage(c echo.Context, name string, v any) error {
	return s.renderPageStatus(c, http.StatusNotFound, name, v)
}

func isNotFound(err error) bool {
	var nf *db.NotFoundError
	return errors.As(err, &nf)
}

func (s *pages) renderPage(c echo.Context, name string, v any) error {
	return s.renderPageStatus(c, http.StatusOK, name, v)
}

func (s *pages) renderPageStatus(c echo.Context, status int, name string, v any) error {
	var buf bytes.Buffer
	if err := pageTmpl.ExecuteTemplate(&buf, name, v); err != nil {
		return err
	}
	h := c.Response().Header()
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; base-uri 'none'; form-action 'self'")
	return c.HTMLBlob(status, buf.Bytes())
}

// categoryLabels names a score sheet's categories for its rows ("c_<id>"),
// in lang when the definition has the name in it.
func categoryLabels(labels map[string]string, def sheet.Definition, lang string) {
	for _, c := range def.Categories {
		name := c.Name
		if lang == "fa" && c.NameFA != "" || name == "" {
			name = c.NameFA
		}
		labels["c_"+c.ID] = name
	}
}
