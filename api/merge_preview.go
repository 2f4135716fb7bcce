package api

import (
	"context"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/scoring"
)

// MergePreviewLeague is one league a merge changes: the kept player's row
// before and after (absent when the player has no row), and the merged
// player's row, which the merge removes.
type MergePreviewLeague struct {
	LeagueID   string       `json:"league_id"`
	LeagueName string       `json:"league_name"`
	Merged     *scoring.Row `json:"merged,omitempty"`
	Before     *scoring.Row `json:"before,omitempty"`
	After      *scoring.Row `json:"after,omitempty"`
}

// MergePreviewResponse answers a merge's dry run: the matches whose seats
// change, and each league's standings rows before and after.
type MergePreviewResponse struct {
	Merged  string               `json:"merged"`
	Into    PlayerResponse       `json:"into"`
	Matches []string             `json:"matches"`
	Leagues []MergePreviewLeague `json:"leagues"`
}

// previewMerge tells what a merge would change, storing nothing. The two
// never sat in one match (a merge that would seat one person twice is
// refused), so each match's result stays as it is with the merged
// player's ID replaced by the kept one's: the league's standings after are
// those of its results so renamed.
func (s *Server) previewMerge(c echo.Context, from, into string) error {
	ctx := c.Request().Context()
	if from == into {
		return db.ErrMergeIntoItself
	}
	if _, err := s.store.GetPlayer(ctx, from); err != nil {
		return err
	}
	target, err := s.store.GetPlayer(ctx, into)
	if err != nil {
		return err
	}
	played, err := s.store.PlayedBy(ctx, from)
	if err != nil {
		return err
	}
	kept, err := s.store.PlayedBy(ctx, into)
	if err != nil {
		return err
	}
	var met []string
	for _, a := range played.Matches {
		for _, b := range kept.Matches {
			if a == b {
				met = append(met, a)
			}
		}
	}
	if len(met) > 0 {
		return &db.MetError{Matches: met}
	}
	out := MergePreviewResponse{Merged: from, Into: playerResponse(target), Matches: nonNil(played.Matches), Leagues: []MergePreviewLeague{}}
	for _, id := range played.Leagues {
		pl, err := s.leaguePreview(ctx, id, from, into)
		if err != nil {
			return err
		}
		out.Leagues = append(out.Leagues, pl)
	}
	return c.JSON(http.StatusOK, out)
}

func (s *Server) leaguePreview(ctx context.Context, leagueID, from, into string) (MergePreviewLeague, error) {
	l, err := s.store.GetLeague(ctx, leagueID)
	if err != nil {
		return MergePreviewLeague{}, err
	}
	scheme, err := schemeOf(l)
	if err != nil {
		return MergePreviewLeague{}, err
	}
	results, names, err := s.store.LeagueResults(ctx, leagueID)
	if err != nil {
		return MergePreviewLeague{}, err
	}
	before, err := scoring.NewLeague(scoring.Config{Scheme: scheme})
	if err != nil {
		return MergePreviewLeague{}, err
	}
	after, _ := scoring.NewLeague(scoring.Config{Scheme: scheme})
	for _, f := range results {
		if err := before.Add(matchResult(f)); err != nil {
			return MergePreviewLeague{}, err
		}
		if err := after.Add(matchResult(renamedResult(f, from, into))); err != nil {
			return MergePreviewLeague{}, err
		}
	}
	out := MergePreviewLeague{LeagueID: l.ID, LeagueName: l.Name}
	row := func(lg *scoring.League, id string) *scoring.Row {
		if r, ok := lg.Player(id, names[into]); ok {
			return &r
		}
		return nil
	}
	if r, ok := before.Player(from, names[from]); ok {
		out.Merged = &r
	}
	out.Before, out.After = row(before, into), row(after, into)
	return out, nil
}

// renamedResult is f with from's placements and scores given to into.
func renamedResult(f db.FinishedMatch, from, into string) db.FinishedMatch {
	swap := func(id string) string {
		if id == from {
			return into
		}
		return id
	}
	g := f
	g.Result.Placements = append(g.Result.Placements[:0:0], f.Result.Placements...)
	for i := range g.Result.Placements {
		g.Result.Placements[i].PlayerID = swap(g.Result.Placements[i].PlayerID)
	}
	g.Result.Winners = make([]string, len(f.Result.Winners))
	for i, w := range f.Result.Winners {
		g.Result.Winners[i] = swap(w)
	}
	g.Result.Teams = make([][]string, len(f.Result.Teams))
	for i, t := range f.Result.Teams {
		g.Result.Teams[i] = make([]string, len(t))
		for j, p := range t {
			g.Result.Teams[i][j] = swap(p)
		}
	}
	if f.Scores != nil {
		g.Scores = make(map[string]int, len(f.Scores))
		for k, v := range f.Scores {
			g.Scores[swap(k)] = v
		}
	}
	return g
}
