package api

import (
	"context"
	"math"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/sheet"
	"github.com/motamed/motamed/scoring/bgstats"
)

// playNamespace names the UUIDs of plays recorded in Motamed: a match's
// play UUID is derived from its ID, so every export of it says the same.
var playNamespace = uuid.NewSHA1(uuid.NameSpaceURL, []byte("https://motamed.app/plays"))

// playUUID is the BG Stats play UUID of a match recorded in Motamed.
func playUUID(matchID string) string { return uuid.NewSHA1(playNamespace, []byte(matchID)).String() }

// exportLeague exports a league's finished matches, in the order they
// count for the standings, as one BG Stats export. A play imported from
// BG Stats goes back as it came: its uuid, its playDate as written, its
// duration, location, comments and start player. A match recorded here is
// a new play with a UUID of its own (the same in every export), the date
// it was played, how long it took and where. Imported again, into this
// league or BG Stats, nothing is added twice.
func (s *Server) exportLeague(c echo.Context) error {
	if format := c.QueryParam("format"); format != "bgstats" {
		return rules.Invalid("format", "must be bgstats")
	}
	l, err := s.readableLeague(c, c.Param("id"))
	if err != nil {
		return err
	}
	g, err := s.game(l.Game)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	results, names, err := s.store.LeagueResults(ctx, l.ID)
	if err != nil {
		return err
	}
	facts, err := s.store.LeaguePlayFacts(ctx, l.ID)
	if err != nil {
		return err
	}
	game := BGStatsGame{ID: 1, Name: g.Info().Name, HighestWins: true}
	if sg, ok := g.(*sheet.Game); ok {
		d := sg.Definition()
		game.HighestWins, game.Cooperative, game.NoPoints, game.UsesTeams = !d.LowestWins, d.Cooperative, d.WinnerOnly, d.Teams != nil
	}
	return c.JSON(http.StatusOK, bgStatsLeague(l, game, results, names, facts))
}

func bgStatsLeague(l *db.League, game BGStatsGame, results []db.FinishedMatch, names map[string]string, facts map[string]*db.PlayFacts) BGStatsExport {
	out := BGStatsExport{About: "Exported from Motamed, league " + l.Name, Locations: []BGStatsLocation{}, Players: []BGStatsPlayer{},
		Plays: []BGStatsPlay{}, Games: []BGStatsGame{game}}
	ref, where := map[string]int{}, map[string]int{}
	for _, f := range results {
		pf := facts[f.MatchID]
		if pf == nil {
			pf = &db.PlayFacts{}
		}
		play := exportedPlay(f, pf)
		if pf.Location != "" {
			if where[pf.Location] == 0 {
				where[pf.Location] = len(out.Locations) + 1
				out.Locations = append(out.Locations, BGStatsLocation{ID: where[pf.Location], Name: pf.Location})
			}
			play.LocationRefID = where[pf.Location]
		}
		place, winners, team := map[string]int{}, map[string]bool{}, map[string]string{}
		for _, p := range f.Result.Placements {
			place[p.PlayerID] = p.Place
		}
		for _, w := range f.Result.Winners {
			winners[w] = true
		}
		for i, members := range f.Result.Teams {
			for _, id := range members {
				team[id] = "Team " + strconv.Itoa(i+1)
			}
		}
		play.UsesTeams = len(team) > 0
		seats := pf.Seats
		if len(seats) != len(f.Result.Placements) {
			seats = nil
			for _, p := range f.Result.Placements {
				seats = append(seats, p.PlayerID)
			}
		}
		scores, places := make([]int, len(seats)), make([]int, len(seats))
		allZero := true
		for i, id := range seats {
			scores[i], places[i] = f.Scores[id], place[id]
			allZero = allZero && scores[i] == 0
		}
		// BG Stats writes rank 0 unless ranks were entered by hand: a rank
		// is written only where the scores alone would place otherwise.
		ranked := !f.Result.Cooperative && !game.NoPoints && (play.UsesTeams || !slices.Equal(places, bgstats.ScorePlaces(scores, game.HighestWins)))
		for i, id := range seats {
			if ref[id] == 0 {
				ref[id] = len(out.Players) + 1
				out.Players = append(out.Players, BGStatsPlayer{ID: ref[id], Name: names[id]})
			}
			line := BGStatsScore{PlayerRefID: ref[id], Score: strconv.Itoa(scores[i]), Winner: winners[id], SeatOrder: i + 1, Team: team[id]}
			if game.NoPoints || f.Result.Cooperative && allZero {
				line.Score = ""
			}
			if ranked {
				line.Rank = places[i]
			}
			if pf.Source != nil {
				line.StartPlayer = pf.Source.StartSeat != nil && *pf.Source.StartSeat == i
			} else {
				line.StartPlayer = i == 0
			}
			play.PlayerScores = append(play.PlayerScores, line)
		}
		out.Plays = append(out.Plays, play)
	}
	return out
}

// exportedPlay is the play of finished match f without its lines: the
// source's uuid, date, duration and comments for an imported play; for a
// match recorded here its own play UUID, the date it was played (when it
// was entered afterwards) or started, its length and its notes.
func exportedPlay(f db.FinishedMatch, pf *db.PlayFacts) BGStatsPlay {
	play := BGStatsPlay{GameRefID: 1, PlayerScores: []BGStatsScore{}}
	if src := pf.Source; src != nil && src.Source == db.SourceBGStats {
		play.UUID, play.PlayDate, play.DurationMin, play.Comments = src.SourceID, src.PlayDate, src.DurationMin, src.Comments
		return play
	}
	play.UUID, play.Comments = playUUID(f.MatchID), pf.Notes
	at := f.FinishedAt
	switch {
	case pf.PlayedAt != nil:
		at = *pf.PlayedAt
	case pf.StartedAt != nil:
		at = *pf.StartedAt
		if pf.FinishedAt != nil {
			play.DurationMin = int(math.Round(pf.FinishedAt.Sub(*pf.StartedAt).Minutes()))
		}
	}
	play.PlayDate = at.UTC().Format(time.DateTime)
	return play
}

// knownPlays are the play IDs a league holds already, as an import of a
// BG Stats export recognises them: the UUIDs of the plays imported into
// it, and for each match recorded here its play UUID (what its export
// says) and its ID (what an older export said).
func (s *Server) knownPlays(ctx context.Context, leagueID string) (map[string]bool, error) {
	done, err := s.imports.ImportedPlays(ctx, leagueID)
	if err != nil {
		return nil, err
	}
	facts, err := s.imports.LeaguePlayFacts(ctx, leagueID)
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for id := range done {
		out[id] = true
	}
	for id := range facts {
		out[id], out[playUUID(id)] = true, true
	}
	return out, nil
}
