package api

import (
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
)

// BGGPlay is the fields a BoardGameGeek play log takes. BGG identifies the
// game by its own object ID, which Motamed does not know: pick the game on
// BGG and paste these fields.
type BGGPlay struct {
	Format     string      `json:"format"`
	MatchID    string      `json:"match_id"`
	Game       string      `json:"game"`
	PlayDate   string      `json:"playdate"`
	Length     int         `json:"length"`
	Quantity   int         `json:"quantity"`
	Incomplete bool        `json:"incomplete"`
	Comments   string      `json:"comments"`
	Players    []BGGPlayer `json:"players"`
}

// BGGPlayer is one player line of a BGG play.
type BGGPlayer struct {
	Name          string `json:"name"`
	Username      string `json:"username"`
	Score         string `json:"score"`
	Win           bool   `json:"win"`
	StartPosition string `json:"startposition"`
	New           bool   `json:"new"`
}

// BGStatsExport is the JSON shape BG Stats imports: games, players and plays
// that refer to them by small integer IDs.
type BGStatsExport struct {
	About     string            `json:"about"`
	Games     []BGStatsGame     `json:"games"`
	Players   []BGStatsPlayer   `json:"players"`
	Locations []BGStatsLocation `json:"locations"`
	Plays     []BGStatsPlay     `json:"plays"`
}

// BGStatsGame is a game of a BG Stats export.
type BGStatsGame struct {
	ID          int    `json:"id"`
	Name        string `json:"name"`
	Cooperative bool   `json:"cooperative"`
	HighestWins bool   `json:"highestWins"`
	NoPoints    bool   `json:"noPoints"`
	UsesTeams   bool   `json:"usesTeams"`
}

// BGStatsLocation is a place where plays happened.
type BGStatsLocation struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
}

// BGStatsPlayer is a player of a BG Stats export.
type BGStatsPlayer struct {
	ID          int    `json:"id"`
	Name        string `json:"name"`
	IsAnonymous bool   `json:"isAnonymous"`
}

// BGStatsPlay is a play of a BG Stats export.
type BGStatsPlay struct {
	// UUID is the play's ID: the match's, so importing the export again
	// recognises the plays it brought in before.
	UUID      string `json:"uuid,omitempty"`
	GameRefID int    `json:"gameRefId"`
	// LocationRefID is the location's id in locations, 0 for none.
	LocationRefID int            `json:"locationRefId,omitempty"`
	PlayDate      string         `json:"playDate"`
	DurationMin   int            `json:"durationMin"`
	Ignored       bool           `json:"ignored"`
	ManualWinner  bool           `json:"manualWinner"`
	Rounds        int            `json:"rounds"`
	UsesTeams     bool           `json:"usesTeams"`
	Board         string         `json:"board"`
	Comments      string         `json:"comments"`
	PlayerScores  []BGStatsScore `json:"playerScores"`
}

// BGStatsScore is one player's line of a BG Stats play.
type BGStatsScore struct {
	PlayerRefID int    `json:"playerRefId"`
	Score       string `json:"score"`
	Winner      bool   `json:"winner"`
	NewPlayer   bool   `json:"newPlayer"`
	StartPlayer bool   `json:"startPlayer"`
	SeatOrder   int    `json:"seatOrder"`
	Rank        int    `json:"rank"`
	Team        string `json:"team,omitempty"`
}

// exportMatch exports a match for other score apps.
func (s *Server) exportMatch(c echo.Context) error {
	format := c.QueryParam("format")
	if format != "bgg" && format != "bgstats" {
		return rules.Invalid("format", "must be bgg or bgstats")
	}
	m, err := s.readableMatch(c, c.Param("id"))
	if err != nil {
		return err
	}
	g, err := s.game(m.Game)
	if err != nil {
		return err
	}
	if format == "bgg" {
		return c.JSON(http.StatusOK, bggPlay(m, g.Info().Name))
	}
	return c.JSON(http.StatusOK, bgStats(m, g.Info().Name))
}

// exportFacts are what both formats need from a match.
type exportFacts struct {
	totals  map[string]int
	places  map[string]int
	winners map[string]bool
	teams   map[string]string
	minutes int
	highest bool
}

func factsOf(m *db.Match) exportFacts {
	f := exportFacts{totals: m.State.Scores().Totals, places: map[string]int{}, winners: map[string]bool{}, teams: map[string]string{}, highest: true}
	if r := m.State.Result(); r != nil {
		for _, p := range r.Placements {
			f.places[p.PlayerID] = p.Place
		}
		for _, w := range r.Winners {
			f.winners[w] = true
		}
		for i, team := range r.Teams {
			for _, id := range team {
				f.teams[id] = "Team " + strconv.Itoa(i+1)
			}
		}
		// Does the highest score win this game? Judge by the winners.
		for w := range f.winners {
			for id, v := range f.totals {
				if !f.winners[id] && v > f.totals[w] {
					f.highest = false
				}
			}
		}
	}
	f.minutes = int(math.Round(m.UpdatedAt.Sub(m.CreatedAt).Minutes()))
	return f
}

func bggPlay(m *db.Match, gameName string) BGGPlay {
	f := factsOf(m)
	out := BGGPlay{Format: "bgg", MatchID: m.ID, Game: gameName, PlayDate: m.CreatedAt.UTC().Format(time.DateOnly),
		Length: f.minutes, Quantity: 1, Incomplete: m.Status != db.StatusFinished,
		Comments: "Recorded and refereed with Motamed, match " + m.ID, Players: []BGGPlayer{}}
	for _, seat := range m.Seats {
		out.Players = append(out.Players, BGGPlayer{Name: seat.Name, Score: strconv.Itoa(f.totals[seat.PlayerID]),
			Win: f.winners[seat.PlayerID], StartPosition: strconv.Itoa(seat.Seat + 1)})
	}
	return out
}

func bgStats(m *db.Match, gameName string) BGStatsExport {
	f := factsOf(m)
	out := BGStatsExport{About: "Exported from Motamed, match " + m.ID, Locations: []BGStatsLocation{},
		Games: []BGStatsGame{{ID: 1, Name: gameName, HighestWins: f.highest, UsesTeams: len(f.teams) > 0}}}
	play := BGStatsPlay{GameRefID: 1, PlayDate: m.CreatedAt.UTC().Format(time.DateTime), DurationMin: f.minutes,
		Ignored: m.Status != db.StatusFinished, UsesTeams: len(f.teams) > 0, Comments: "Refereed with Motamed"}
	for i, seat := range m.Seats {
		out.Players = append(out.Players, BGStatsPlayer{ID: i + 1, Name: seat.Name})
		play.PlayerScores = append(play.PlayerScores, BGStatsScore{PlayerRefID: i + 1, Score: strconv.Itoa(f.totals[seat.PlayerID]),
			Winner: f.winners[seat.PlayerID], StartPlayer: seat.Seat == 0, SeatOrder: seat.Seat + 1,
			Rank: f.places[seat.PlayerID], Team: f.teams[seat.PlayerID]})
	}
	out.Plays = []BGStatsPlay{play}
	return out
}
