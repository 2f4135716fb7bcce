// Package bgstats reads a BG Stats export (BGStatsExport.json: players,
// games, plays, locations) and plans how one game's plays come into a
// league: which plays, in played order, with whose scores, places and
// winners. It is pure: the caller stores what the plan says.
package bgstats

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/fold"
)

// Export is the part of a BG Stats export Motamed reads. BG Stats writes
// many more fields (and adds some in new releases); they are ignored.
type Export struct {
	Players   []Player   `json:"players"`
	Games     []Game     `json:"games"`
	Plays     []Play     `json:"plays"`
	Locations []Location `json:"locations"`
}

// Player is a player of the export.
type Player struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
}

// Game is a game of the export.
type Game struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
	// HighestWins: the highest score wins (absent: true); otherwise the
	// lowest.
	HighestWins *bool `json:"highestWins,omitempty"`
	// Cooperative: the table wins or loses together, against the game.
	Cooperative bool `json:"cooperative,omitempty"`
	// NoPoints: a play has winners and no scores.
	NoPoints bool `json:"noPoints,omitempty"`
	// UsesTeams: the game is played in teams.
	UsesTeams bool `json:"usesTeams,omitempty"`
}

// Highest reports whether the highest score wins g.
func (g Game) Highest() bool { return g.HighestWins == nil || *g.HighestWins }

// Location is where plays happened.
type Location struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
}

// Play is one play of the export.
type Play struct {
	// UUID is the play's own ID; an import keeps it so the same play is
	// never imported twice.
	UUID          string  `json:"uuid"`
	GameRefID     int     `json:"gameRefId"`
	LocationRefID int     `json:"locationRefId,omitempty"`
	PlayDate      string  `json:"playDate"`
	Ignored       bool    `json:"ignored,omitempty"`
	PlayerScores  []Score `json:"playerScores"`
	// DurationMin is how long the play took, in minutes (0: not kept).
	DurationMin int    `json:"durationMin,omitempty"`
	Comments    string `json:"comments,omitempty"`
	// ManualWinner: the winners were marked by hand rather than worked out
	// from the scores; their winner flags then decide ties on score.
	ManualWinner bool `json:"manualWinner,omitempty"`
	// UsesTeams says whether the play was played in teams; false means
	// team fields left on its lines are ignored; absent, a line's team
	// decides.
	UsesTeams *bool `json:"usesTeams,omitempty"`
}

// Score is one player's line of a play.
type Score struct {
	PlayerRefID int    `json:"playerRefId"`
	Score       string `json:"score"`
	Winner      bool   `json:"winner"`
	Rank        int    `json:"rank,omitempty"`
	SeatOrder   int    `json:"seatOrder,omitempty"`
	// Team is the name of the player's team in a play in teams ("" for
	// none); teammates carry the same name.
	Team string `json:"team,omitempty"`
	// StartPlayer marks who started the play.
	StartPlayer bool `json:"startPlayer,omitempty"`
}

// dateLayouts are the play dates BG Stats writes ("2024-03-01 19:30:00").
var dateLayouts = []string{time.DateTime, "2006-01-02T15:04:05Z07:00", time.DateOnly}

// Parse reads an export leniently about fields it does not use and
// strictly about the ones it does: every play names a known game and known
// players, has a date and a score for each player (a number, or empty when
// the game keeps none), and every text an import stores is one any other
// request could store (see checkTexts; name checks players' names). A
// problem is an *rules.InputError naming the field; players' names come
// back with surrounding spaces trimmed.
func Parse(raw []byte, name NameCheck) (*Export, error) {
	var e Export
	if err := json.Unmarshal(raw, &e); err != nil {
		return nil, rules.Invalid("body", "is not a BG Stats export (BGStatsExport.json): "+err.Error())
	}
	var f rules.Fields
	if e.Players == nil || e.Games == nil || e.Plays == nil {
		f.Add("body", "is not a BG Stats export: it needs players, games and plays")
		return nil, f.Err()
	}
	players, games, places := map[int]bool{}, map[int]bool{}, map[int]bool{}
	for i, p := range e.Players {
		if strings.TrimSpace(p.Name) == "" {
			f.Add(fmt.Sprintf("players[%d].name", i), "is required")
		}
		players[p.ID] = true
	}
	for _, g := range e.Games {
		games[g.ID] = true
	}
	for _, l := range e.Locations {
		places[l.ID] = true
	}
	for i, p := range e.Plays {
		at := fmt.Sprintf("plays[%d]", i)
		if !games[p.GameRefID] {
			f.Add(at+".gameRefId", fmt.Sprintf("%d is not a game of the export", p.GameRefID))
		}
		if p.LocationRefID != 0 && !places[p.LocationRefID] {
			f.Add(at+".locationRefId", fmt.Sprintf("%d is not a location of the export", p.LocationRefID))
		}
		if _, ok := playedAt(p.PlayDate); !ok {
			f.Add(at+".playDate", fmt.Sprintf("%q is not a date (2006-01-02 15:04:05)", p.PlayDate))
		}
		if len(p.PlayerScores) == 0 {
			f.Add(at+".playerScores", "lists no player")
		}
		seen := map[int]bool{}
		for j, s := range p.PlayerScores {
			sat := fmt.Sprintf("%s.playerScores[%d]", at, j)
			if !players[s.PlayerRefID] {
				f.Add(sat+".playerRefId", fmt.Sprintf("%d is not a player of the export", s.PlayerRefID))
			}
			if seen[s.PlayerRefID] {
				f.Add(sat+".playerRefId", "names a player twice in one play")
			}
			seen[s.PlayerRefID] = true
			if _, ok := scoreOf(s.Score); !ok {
				f.Add(sat+".score", fmt.Sprintf("%q is not a whole number", s.Score))
			}
		}
	}
	e.checkTexts(&f, raw, name)
	if err := f.Err(); err != nil {
		return nil, err
	}
	return &e, nil
}

func playedAt(s string) (time.Time, bool) {
	for _, l := range dateLayouts {
		if t, err := time.Parse(l, strings.TrimSpace(s)); err == nil {
			return t.UTC(), true
		}
	}
	return time.Time{}, false
}

// scoreOf reads a score: a whole number (BG Stats writes "62" or "62.0"),
// or empty (0).
func scoreOf(s string) (int, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, true
	}
	if v, err := strconv.Atoi(s); err == nil {
		return v, true
	}
	if v, err := strconv.ParseFloat(s, 64); err == nil && v == float64(int(v)) {
		return int(v), true
	}
	return 0, false
}

// FindGame picks the export's game for a league's game: the one with
// sourceID when it is given (not 0), else the one whose folded name equals
// one of names (folded). ok is false when none does.
func (e *Export) FindGame(sourceID int, names ...string) (Game, bool) {
	for _, g := range e.Games {
		if sourceID != 0 && g.ID == sourceID {
			return g, true
		}
		if sourceID == 0 && slices.ContainsFunc(names, func(n string) bool { return n != "" && fold.String(n) == fold.String(g.Name) }) {
			return g, true
		}
	}
	return Game{}, false
}

// GameNames lists the export's games as "name (id)", for a message.
func (e *Export) GameNames() string {
	var out []string
	for _, g := range e.Games {
		out = append(out, fmt.Sprintf("%s (%d)", g.Name, g.ID))
	}
	return strings.Join(out, ", ")
}
