package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/sheet"
	"github.com/motamed/motamed/scoring/bgstats"
)

// imports is what bringing plays in from another score app needs of the
// store.
type imports interface {
	ImportedPlays(ctx context.Context, leagueID string) (map[string]string, error)
	PlayersNamed(ctx context.Context, names []string) (map[string]db.Player, error)
	Import(ctx context.Context, imp db.Import) ([]string, error)
	LeaguePlayFacts(ctx context.Context, leagueID string) (map[string]*db.PlayFacts, error)
	historyImports
}

// ImportResult says what an import did (or, in a dry run, would do).
type ImportResult struct {
	DryRun     bool            `json:"dry_run"`
	SourceGame ImportGame      `json:"source_game"`
	Plays      ImportCounts    `json:"plays"`
	Players    []ImportPlayer  `json:"players"`
	Matches    []ImportedMatch `json:"matches"`
	Skipped    []ImportSkip    `json:"skipped"`
}

// ImportGame is the export's game whose plays are brought in.
type ImportGame struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
}

// ImportCounts counts the export's plays of the game.
type ImportCounts struct {
	OfGame          int `json:"of_game"`
	Duplicates      int `json:"duplicates"`
	AlreadyImported int `json:"already_imported"`
	Imported        int `json:"imported"`
}

// ImportPlayer is a player of the imported plays: matched to an existing
// player by folded name, created, or (dry run) to be created.
type ImportPlayer struct {
	Name   string `json:"name"`
	ID     string `json:"id,omitempty"`
	Status string `json:"status"` // matched, created, to_create
}

// ImportedMatch is one play brought in as a finished match.
type ImportedMatch struct {
	SourceID string    `json:"source_id"`
	MatchID  string    `json:"match_id,omitempty"`
	PlayedAt time.Time `json:"played_at"`
	Location string    `json:"location,omitempty"`
}

// ImportSkip is a play of the game that cannot come in, and why.
type ImportSkip struct {
	SourceID string `json:"source_id"`
	// Reason is in the language of the request; ReasonFA is in Persian.
	Reason   string `json:"reason"`
	ReasonFA string `json:"reason_fa,omitempty"`
}

// skipOf is why play p cannot come in (err from AsSheet), in the request's
// language lang, with the Persian alongside; sentence makes it a sentence
// naming the play's day.
func skipOf(lang string, p bgstats.PlannedPlay, err error, sentence bool) ImportSkip {
	en, fa := err.Error(), err.Error()
	var se *bgstats.SkipError
	if errors.As(err, &se) {
		en, fa = se.EN, se.FA
	}
	if sentence {
		day := p.PlayedAt.Format(time.DateOnly)
		en = "The play of " + day + " cannot come in: " + en
		fa = "بازیِ " + rules.PersianDigits(day) + " وارد نمی‌شود: " + fa
	}
	out := ImportSkip{SourceID: p.SourceID, Reason: en, ReasonFA: fa}
	if lang == "fa" {
		out.Reason = fa
	}
	return out
}

// importLeague brings one game's plays from a BG Stats export into a league
// of a score-sheet game, as finished matches in played order. It is all or
// nothing: a file with a text no other request could store (a player's
// name POST /v1/players would refuse, an overlong play UUID) is refused
// whole, naming the field, and the players, matches and results of an
// import are stored in one transaction, so a failure or a cut-off leaves
// the league as it was.
func (s *Server) importLeague(c echo.Context) error {
	id := c.Param("id")
	t, err := s.mayCreateMatch(c, id)
	if err != nil {
		return err
	}
	if t.Role != db.RoleAdmin && t.Role != db.RoleOwner {
		return forbidden("Only an admin or the league's owner may import plays.")
	}
	dry, err := boolParam(c, "dry_run")
	if err != nil {
		return err
	}
	sourceGame := 0
	if v := c.QueryParam("game"); v != "" {
		if sourceGame, err = strconv.Atoi(v); err != nil || sourceGame <= 0 {
			return rules.Invalid("game", "must be the id of a game in the export")
		}
	}
	ctx := c.Request().Context()
	l, err := s.store.GetLeague(ctx, id)
	if err != nil {
		return err
	}
	if l.ArchivedAt != nil {
		return db.ErrArchived
	}
	g, err := s.game(l.Game)
	if err != nil {
		return err
	}
	sg, ok := g.(*sheet.Game)
	if !ok {
		return &db.ConflictError{Reason: importRefusal(g.Info().Name)}
	}
	exp, err := readExport(c)
	if err != nil {
		return err
	}
	src, ok := exp.FindGame(sourceGame, g.Info().Name, g.Info().NameFA)
	if !ok {
		return &db.ConflictError{Reason: fmt.Sprintf("No game of the export is %s; name one with ?game= among: %s", g.Info().Name, exp.GameNames())}
	}
	doneIDs, err := s.knownPlays(ctx, id)
	if err != nil {
		return err
	}
	plays, dups, already := exp.Plan(src, doneIDs)
	res := ImportResult{DryRun: dry, SourceGame: ImportGame{ID: src.ID, Name: src.Name},
		Plays:   ImportCounts{Duplicates: dups, AlreadyImported: already},
		Players: []ImportPlayer{}, Matches: []ImportedMatch{}, Skipped: []ImportSkip{}}
	res.Plays.OfGame = len(plays) + dups + already
	var kept []bgstats.PlannedPlay
	for _, p := range plays {
		if _, err := p.AsSheet(sg, func(name string) string { return name }); err != nil {
			res.Skipped = append(res.Skipped, skipOf(langOf(c), p, err, false))
			continue
		}
		kept = append(kept, p)
	}
	ids, created, players, err := s.importPlayers(ctx, playerNames(kept), dry)
	if err != nil {
		return err
	}
	res.Players = players
	if dry {
		for _, p := range kept {
			res.Matches = append(res.Matches, ImportedMatch{SourceID: p.SourceID, PlayedAt: p.PlayedAt, Location: p.Location})
		}
		return c.JSON(http.StatusOK, res)
	}
	imp := db.Import{LeagueID: l.ID, Game: g.Info().ID, TokenID: t.ID, Players: created}
	for _, p := range kept {
		sm, err := p.AsSheet(sg, func(name string) string { return ids[name] })
		if err != nil {
			return err
		}
		imp.Plays = append(imp.Plays, importPlay(p, sm))
	}
	matchIDs, err := s.imports.Import(ctx, imp)
	if err != nil {
		return err
	}
	for i, p := range kept {
		res.Matches = append(res.Matches, ImportedMatch{SourceID: p.SourceID, MatchID: matchIDs[i], PlayedAt: p.PlayedAt, Location: p.Location})
	}
	res.Plays.Imported = len(res.Matches)
	s.leagues.markStale(l.ID)
	return c.JSON(http.StatusCreated, res)
}

// newPlayerName checks an imported player's name exactly as POST
// /v1/players checks a new player's.
func newPlayerName(name string) error {
	return check(&CreatePlayerRequest{Name: name})
}

// boolParam reads an optional true/false query parameter.
func boolParam(c echo.Context, name string) (bool, error) {
	switch c.QueryParam(name) {
	case "", "false", "0":
		return false, nil
	case "true", "1":
		return true, nil
	}
	return false, rules.Invalid(name, "must be true or false")
}

// importRefusal says why a league of a game whose rules Motamed knows
// takes no import.
func importRefusal(game string) string {
	return "Plays are imported only into leagues of score-sheet games: a match of " + game +
		" is refereed event by event, and a BG Stats export has only each play's final scores, not the events a rule-checked match needs."
}
