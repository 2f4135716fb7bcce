package api

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/fold"
	"github.com/motamed/motamed/rules/sheet"
	"github.com/motamed/motamed/scoring/bgstats"
)

// historyImports is what bringing a whole BG Stats history in needs of
// the store.
type historyImports interface {
	ImportHistory(ctx context.Context, h db.History) ([][]string, error)
}

// historyRoute is the route that plans and imports a whole BG Stats
// history.
const historyRoute = "/v1/imports/bgstats"

// ImportPlan says, game by game of a BG Stats export, what an import of
// the whole file does (or, in a dry run, would do).
type ImportPlan struct {
	DryRun  bool             `json:"dry_run"`
	Games   []ImportPlanGame `json:"games"`
	Players []ImportPlayer   `json:"players"`
	Plays   ImportPlanCounts `json:"plays"`
	Leagues []ImportPlanRef  `json:"leagues"`
}

// ImportPlanCounts counts the file's plays.
type ImportPlanCounts struct {
	InFile   int `json:"in_file"`
	ToImport int `json:"to_import"`
	Imported int `json:"imported"`
	Skipped  int `json:"skipped"`
}

// ImportPlanRef names a game or a league of the plan.
type ImportPlanRef struct {
	ID   string `json:"id,omitempty"`
	Name string `json:"name"`
	// New: the import creates it.
	New bool `json:"new"`
}

// ImportPlanSheet is the score-sheet game a BG Stats game's plays become
// matches of: one defined already, or one the import defines.
type ImportPlanSheet struct {
	ImportPlanRef
	LowestWins  bool `json:"lowest_wins"`
	Cooperative bool `json:"cooperative"`
	WinnerOnly  bool `json:"winner_only"`
	Teams       bool `json:"teams"`
	// ResultsOnly: the game is one Motamed referees; its plays come in as
	// results only, on a score sheet of their own, never as a refereed log.
	ResultsOnly bool `json:"results_only"`
}

// ImportPlanGame is one game of the file and what becomes of its plays.
type ImportPlanGame struct {
	SourceID int    `json:"source_id"`
	Name     string `json:"name"`
	// Action is "create" (a new score-sheet game and/or league), "import"
	// (into an existing league) or "skip"; Reason says why a game is
	// skipped, in words.
	Action   string `json:"action"`
	Reason   string `json:"reason,omitempty"`
	ReasonFA string `json:"reason_fa,omitempty"`
	// Selected: the game is imported (all games by default, or those
	// given with ?games=).
	Selected bool             `json:"selected"`
	Game     *ImportPlanSheet `json:"game,omitempty"`
	League   *ImportPlanRef   `json:"league,omitempty"`
	// LeagueChoices are the existing leagues of the game this sign-in may
	// import into, any of them named with ?into=.
	LeagueChoices []ImportPlanRef `json:"league_choices,omitempty"`
	// Plays counts the game's plays in the file; ToImport those that come
	// in; Duplicates, AlreadyImported and Skipped those that do not.
	Plays           int          `json:"plays"`
	ToImport        int          `json:"to_import"`
	Duplicates      int          `json:"duplicates"`
	AlreadyImported int          `json:"already_imported"`
	Skipped         []ImportSkip `json:"skipped"`
	Imported        int          `json:"imported"`
}

// historyGame is a game of the plan with what its import needs.
type historyGame struct {
	out    *ImportPlanGame
	game   *sheet.Game
	newDef *sheet.Definition
	league *db.League // nil: a new one
	kept   []bgstats.PlannedPlay
}

// importHistory reads a whole BG Stats export and plans, per game in it,
// where its plays go: into an existing league of that game, or a new
// score-sheet game and league made from the file's flags (highest or
// lowest wins, cooperative, no points, teams). A dry run (the default)
// stores nothing; with dry_run=false the games ticked (?games=, all by
// default) are imported in one transaction, all or nothing.
func (s *Server) importHistory(c echo.Context) error {
	t, err := requireToken(c)
	if err != nil {
		return err
	}
	if t.Role != db.RoleAdmin && t.Role != db.RoleOwner {
		return forbidden("Only an admin or a league's owner may import a history.")
	}
	dry := true
	if v := c.QueryParam("dry_run"); v != "" {
		if dry, err = boolParam(c, "dry_run"); err != nil {
			return err
		}
	}
	ticked, into, err := planChoices(c)
	if err != nil {
		return err
	}
	exp, err := readExport(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	plan := ImportPlan{DryRun: dry, Games: []ImportPlanGame{}, Players: []ImportPlayer{}, Leagues: []ImportPlanRef{}}
	leagues, err := s.importTargets(ctx, t)
	if err != nil {
		return err
	}
	for _, l := range leagues {
		plan.Leagues = append(plan.Leagues, ImportPlanRef{ID: l.ID, Name: l.Name})
	}
	taken := map[string]bool{}
	var games []*historyGame
	for _, src := range exp.Games {
		out := &ImportPlanGame{SourceID: src.ID, Name: src.Name, Skipped: []ImportSkip{}}
		for _, p := range exp.Plays {
			if p.GameRefID == src.ID {
				out.Plays++
			}
		}
		plan.Plays.InFile += out.Plays
		if out.Plays == 0 {
			continue // a game of the shelf never played: nothing to bring in
		}
		plan.Games = append(plan.Games, ImportPlanGame{})
		hg := &historyGame{out: out}
		out.Selected = ticked == nil || ticked[src.ID]
		if err := s.planGame(ctx, t, hg, src, leagues, into[src.ID], taken); err != nil {
			return err
		}
		if out.Action != "skip" {
			if err := s.planPlays(ctx, langOf(c), exp, src, hg); err != nil {
				return err
			}
		}
		games = append(games, hg)
	}
	return s.finishPlan(c, t, &plan, games, dry)
}

// planChoices reads the owner's choices: ?games=3,5 (the export's game
// ids to import; all when absent) and ?into=3:lg_x (a game's plays into
// an existing league), repeatable.
func planChoices(c echo.Context) (map[int]bool, map[int]string, error) {
	var ticked map[int]bool
	if v, ok := c.QueryParams()["games"]; ok {
		ticked = map[int]bool{}
		for _, part := range strings.Split(strings.Join(v, ","), ",") {
			if part = strings.TrimSpace(part); part == "" {
				continue
			}
			id, err := strconv.Atoi(part)
			if err != nil {
				return nil, nil, rules.Invalid("games", "must list the export's game ids, separated by commas")
			}
			ticked[id] = true
		}
	}
	into := map[int]string{}
	for _, v := range c.QueryParams()["into"] {
		game, league, ok := strings.Cut(v, ":")
		id, err := strconv.Atoi(game)
		if !ok || err != nil || league == "" {
			return nil, nil, rules.Invalid("into", "must be a game id of the export and a league's id, as 3:lg_...")
		}
		into[id] = league
	}
	return ticked, into, nil
}

// importTargets are the leagues t may import into: every league in use for
// an admin, its own for an owner (refused while it is archived).
func (s *Server) importTargets(ctx context.Context, t *db.Token) ([]db.League, error) {
	if t.Role != db.RoleAdmin {
		l, err := s.store.GetLeague(ctx, t.LeagueID)
		if err != nil {
			return nil, err
		}
		if l.ArchivedAt != nil {
			return nil, db.ErrArchived
		}
		return []db.League{*l}, nil
	}
	var out []db.League
	p := db.Page{Limit: 500}
	for {
		ls, next, err := s.store.ListLeagues(ctx, db.Reader{All: true}, "", db.Unarchived, p)
		if err != nil {
			return nil, err
		}
		out = append(out, ls...)
		if next == nil {
			return out, nil
		}
		p.After = next
	}
}

// planGame decides where a game's plays go: the league named with ?into=,
// else a league of the same game (by folded name; for a game Motamed
// referees, of its results sheet), else a new league of a new score sheet
// made from the file's flags (an admin only).
func (s *Server) planGame(ctx context.Context, t *db.Token, hg *historyGame, src bgstats.Game, leagues []db.League, into string, taken map[string]bool) error {
	out := hg.out
	skip := func(en, fa string) error {
		out.Action, out.Reason, out.ReasonFA, out.Selected = "skip", en, fa, false
		return nil
	}
	if into != "" {
		i := slices.IndexFunc(leagues, func(l db.League) bool { return l.ID == into })
		if i < 0 {
			return rules.Invalid("into", fmt.Sprintf("%q is not a league this token may import into", into))
		}
		g, err := s.game(leagues[i].Game)
		if err != nil {
			return err
		}
		sg, ok := g.(*sheet.Game)
		if !ok {
			return rules.Invalid("into", fmt.Sprintf("%s is a league of %s, a game Motamed referees: plays come in only as results, on a score sheet of their own", leagues[i].Name, g.Info().Name))
		}
		hg.game, hg.league = sg, &leagues[i]
	} else {
		sg, resultsOnly := s.sheetFor(src)
		if sg == nil {
			def := newSheetFor(src, s.games, taken, resultsOnly)
			hg.newDef, hg.game = &def, sheet.New(def)
			taken[def.ID] = true
		} else {
			hg.game = sg
			for i := range leagues {
				if leagues[i].Game == sg.Definition().ID {
					hg.league = &leagues[i]
					break
				}
			}
		}
	}
	d := hg.game.Definition()
	if hg.newDef == nil {
		for _, l := range leagues {
			if l.Game == d.ID {
				out.LeagueChoices = append(out.LeagueChoices, ImportPlanRef{ID: l.ID, Name: l.Name})
			}
		}
	}
	out.Game = &ImportPlanSheet{ImportPlanRef: ImportPlanRef{ID: d.ID, Name: d.DisplayName(), New: hg.newDef != nil},
		LowestWins: d.LowestWins, Cooperative: d.Cooperative, WinnerOnly: d.WinnerOnly, Teams: d.Teams != nil,
		ResultsOnly: strings.HasSuffix(d.ID, resultsSuffix)}
	switch {
	case hg.league != nil:
		out.Action = "import"
		out.League = &ImportPlanRef{ID: hg.league.ID, Name: hg.league.Name}
	case t.Role != db.RoleAdmin:
		return skip("Only an admin may create a league for this game; this sign-in imports only into its own league.",
			"فقط مدیر می‌تواند برای این بازی لیگ بسازد؛ با این ورود فقط می‌توان به لیگ خودش وارد کرد.")
	default:
		out.Action = "create"
		out.League = &ImportPlanRef{Name: d.DisplayName(), New: true}
	}
	return nil
}

// resultsSuffix ends the ID of the score sheet that keeps the results of a
// game Motamed referees, imported from another app.
const resultsSuffix = "-results"

// sheetFor finds the score-sheet game a BG Stats game's plays become
// matches of: a sheet of the same folded name, or for a game Motamed
// referees its results sheet (resultsOnly; nil when it is not defined
// yet).
func (s *Server) sheetFor(src bgstats.Game) (sg *sheet.Game, resultsOnly bool) {
	name := fold.String(strings.TrimSpace(src.Name))
	for _, g := range s.games.All() {
		info := g.Info()
		if fold.String(info.Name) != name && fold.String(info.NameFA) != name {
			continue
		}
		if sg, ok := g.(*sheet.Game); ok {
			return sg, false
		}
		r, _ := s.games.Get(info.ID + resultsSuffix)
		rs, _ := r.(*sheet.Game)
		return rs, true
	}
	return nil, false
}

// gameIDs is what newSheetFor needs to pick a free game ID.
type gameIDs interface {
	Get(id string) (rules.Game, bool)
}

// newSheetFor is the score sheet a BG Stats game becomes: its name, open
// rounds, any number of players, the lowest or highest total winning,
// cooperative, winner-only (no points) and in teams as the file says. For
// a game Motamed referees it is the results sheet, named after the game.
func newSheetFor(src bgstats.Game, games gameIDs, taken map[string]bool, resultsOnly bool) sheet.Definition {
	name := strings.TrimSpace(src.Name)
	for len(name) > 100 {
		r := []rune(name)
		name = string(r[:len(r)-1])
	}
	d := sheet.Definition{Version: 1, Name: name, MinPlayers: 1, MaxPlayers: sheet.MaxPlayers, Rounds: &sheet.Rounds{},
		LowestWins: !src.Highest(), Negative: true, Cooperative: src.Cooperative, WinnerOnly: src.NoPoints && !src.Cooperative}
	if src.UsesTeams && !src.Cooperative {
		d.Teams = &sheet.Teams{Scores: sheet.ScoresByPlayer}
	}
	base := sheet.Slug(name)
	if resultsOnly {
		if g := findGame(games, name); g != nil {
			info := g.Info()
			d.Name, d.NameFA = info.Name+" (results)", info.NameFA+" (نتیجه‌ها)"
			base = info.ID + resultsSuffix
		}
	}
	if base == "" {
		base = "game-" + strconv.Itoa(src.ID)
	}
	d.ID = base
	for n := 2; taken[d.ID] || exists(games, d.ID); n++ {
		suffix := "-" + strconv.Itoa(n)
		d.ID = strings.TrimRight(base[:min(len(base), 40-len(suffix))], "-") + suffix
	}
	return d
}

func exists(games gameIDs, id string) bool {
	_, ok := games.Get(id)
	return ok
}

// findGame is a game Motamed referees named name (folded), or nil.
func findGame(games gameIDs, name string) rules.Game {
	all, ok := games.(interface{ All() []rules.Game })
	if !ok {
		return nil
	}
	for _, g := range all.All() {
		if fold.String(g.Info().Name) == fold.String(name) || fold.String(g.Info().NameFA) == fold.String(name) {
			return g
		}
	}
	return nil
}

// planPlays lists the plays of src that come in and those skipped, and why.
func (s *Server) planPlays(ctx context.Context, lang string, exp *bgstats.Export, src bgstats.Game, hg *historyGame) error {
	done := map[string]bool{}
	if hg.league != nil {
		var err error
		if done, err = s.knownPlays(ctx, hg.league.ID); err != nil {
			return err
		}
	}
	plays, dups, already := exp.Plan(src, done)
	out := hg.out
	out.Duplicates, out.AlreadyImported = dups, already
	for _, p := range plays {
		if _, err := p.AsSheet(hg.game, func(name string) string { return name }); err != nil {
			out.Skipped = append(out.Skipped, skipOf(lang, p, err, true))
			continue
		}
		hg.kept = append(hg.kept, p)
	}
	out.ToImport = len(hg.kept)
	return nil
}

// finishPlan matches the players of the plays that come in, answers a dry
// run, or stores everything ticked in one transaction.
func (s *Server) finishPlan(c echo.Context, t *db.Token, plan *ImportPlan, games []*historyGame, dry bool) error {
	ctx := c.Request().Context()
	var kept []bgstats.PlannedPlay
	for i, hg := range games {
		plan.Games[i] = *hg.out
		if !hg.out.Selected || hg.out.Action == "skip" {
			continue
		}
		plan.Plays.ToImport += hg.out.ToImport
		plan.Plays.Skipped += len(hg.out.Skipped)
		kept = append(kept, hg.kept...)
	}
	ids, created, players, err := s.importPlayers(ctx, playerNames(kept), dry)
	if err != nil {
		return err
	}
	plan.Players = players
	h := db.History{Players: created}
	if dry {
		return c.JSON(http.StatusOK, plan)
	}
	h.TokenID = t.ID
	options, _ := json.Marshal(LeagueOptions{PointsScheme: "placement"})
	var stale []string
	for _, hg := range games {
		if !hg.out.Selected || hg.out.Action == "skip" || len(hg.kept) == 0 && hg.league != nil {
			continue
		}
		d := hg.game.Definition()
		if hg.newDef != nil {
			h.Games = append(h.Games, *hg.newDef)
		}
		leagueID := ""
		if hg.league != nil {
			leagueID = hg.league.ID
			stale = append(stale, leagueID)
		} else {
			l := db.NewHistoryLeague(d.DisplayName(), d.ID, options)
			h.Leagues = append(h.Leagues, l)
			leagueID = l.ID
			hg.out.League.ID = l.ID
		}
		imp := db.Import{LeagueID: leagueID, Game: d.ID}
		for _, p := range hg.kept {
			sm, err := p.AsSheet(hg.game, func(name string) string { return ids[name] })
			if err != nil {
				return err
			}
			imp.Plays = append(imp.Plays, importPlay(p, sm))
		}
		h.Imports = append(h.Imports, imp)
	}
	matchIDs, err := s.imports.ImportHistory(ctx, h)
	if err != nil {
		return err
	}
	for _, ids := range matchIDs {
		plan.Plays.Imported += len(ids)
	}
	for i, hg := range games {
		if hg.out.Selected && hg.out.Action != "skip" {
			hg.out.Imported = hg.out.ToImport
		}
		plan.Games[i] = *hg.out
	}
	for _, id := range stale {
		s.leagues.markStale(id)
	}
	return c.JSON(http.StatusCreated, plan)
}
