package api

// What the two BG Stats imports (a league's, and a whole history's) share:
// reading the export and settling who its players are.

import (
	"context"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/scoring/bgstats"
)

// playerNames are the names of the players of plays, each once, in the
// order they first appear.
func playerNames(plays []bgstats.PlannedPlay) []string {
	var names []string
	seen := map[string]bool{}
	for _, p := range plays {
		for _, n := range p.Players {
			if !seen[n] {
				seen[n] = true
				names = append(names, n)
			}
		}
	}
	return names
}

// importPlayers settles who the players named are: a player already here
// by that name, or (not dry) a new player the import creates. It returns
// the player ID by name (none for those a dry run would create), the new
// players, and each name as the import's answer lists it.
func (s *Server) importPlayers(ctx context.Context, names []string, dry bool) (map[string]string, []db.Player, []ImportPlayer, error) {
	matched, err := s.imports.PlayersNamed(ctx, names)
	if err != nil {
		return nil, nil, nil, err
	}
	ids := map[string]string{}
	var created []db.Player
	out := []ImportPlayer{}
	for _, n := range names {
		switch p, ok := matched[n]; {
		case ok:
			ids[n] = p.ID
			out = append(out, ImportPlayer{Name: n, ID: p.ID, Status: "matched"})
		case dry:
			out = append(out, ImportPlayer{Name: n, Status: "to_create"})
		default:
			np := db.NewImportPlayer(n)
			ids[n] = np.ID
			created = append(created, np)
			out = append(out, ImportPlayer{Name: n, ID: np.ID, Status: "created"})
		}
	}
	return ids, created, out, nil
}

// readExport reads the request's body as a BG Stats export, its players'
// names checked as POST /v1/players checks a new player's.
func readExport(c echo.Context) (*bgstats.Export, error) {
	raw, err := readBody(c)
	if err != nil {
		return nil, err
	}
	return bgstats.Parse(raw, newPlayerName)
}
