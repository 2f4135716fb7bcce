// Package sheet turns a stored score-sheet definition into a game: any
// game of a cafe's shelf whose rules Motamed does not know is kept by its
// score sheet (rounds or named categories), checked for the sheet's own
// consistency and ranked by its totals.
package sheet

import (
	"fmt"
	"strings"

	"github.com/motamed/motamed/rules"
)

// Definition is a score sheet as an admin or a league owner defines it.
// Once matches use it, it never changes; a change is a new version, a
// definition of its own with its own ID.
type Definition struct {
	// ID is the game's ID (lower-case letters, digits and dashes); a later
	// version's ID is its first version's with "-v2", "-v3" ... appended.
	ID string `json:"id"`
	// Version is 1 for a new sheet; VersionOf names the first version's ID
	// for a later one.
	Version   int    `json:"version"`
	VersionOf string `json:"version_of,omitempty"`
	// Name and NameFA: at least one is given.
	Name       string `json:"name"`
	NameFA     string `json:"name_fa"`
	MinPlayers int    `json:"min_players"`
	MaxPlayers int    `json:"max_players"`
	// Exactly one of Rounds and Categories says what the rows are.
	Rounds     *Rounds    `json:"rounds,omitempty"`
	Categories []Category `json:"categories,omitempty"`
	// LowestWins: the lowest total wins (golf); otherwise the highest.
	LowestWins bool `json:"lowest_wins"`
	// Negative: scores may be below zero.
	Negative bool `json:"negative"`
	// TieBreak is a category whose score breaks a tie on the total (the
	// better score as for the total); players still equal share a place.
	TieBreak string `json:"tie_break,omitempty"`
	// Teams, when given, says the sheet is played in teams: every match
	// splits its players into teams when it starts, and teams are ranked.
	Teams *Teams `json:"teams,omitempty"`
	// Cooperative: the table plays together against the game and wins or
	// loses as one; a finished match records whether it won, and there are
	// no places between its players (SHEET-COOP-1).
	Cooperative bool `json:"cooperative,omitempty"`
	// WinnerOnly: a match has a winner (or several) and no scores; it is
	// finished by naming them (SHEET-WINNER-1).
	WinnerOnly bool `json:"winner_only,omitempty"`
}

// Teams is how a sheet played in teams forms them.
type Teams struct {
	// Count is the number of teams in every match; 0: any number from 2.
	Count int `json:"count,omitempty"`
	// Size is the number of players in every team; 0: teams of any size.
	Size int `json:"size,omitempty"`
	// Scores says how a row is scored: ScoresByPlayer (each player's score,
	// a team's total is the sum of its members') or ScoresByTeam (one score
	// for each team, keyed by TeamKey, shared by its members); "" is
	// ScoresByPlayer.
	Scores string `json:"scores"`
}

// How a sheet played in teams is scored.
const (
	ScoresByPlayer = "player"
	ScoresByTeam   = "team"
)

// TeamKey is the key of the i-th team (from 0) of a match's teams option
// in a row scored by team: "team1", "team2" ...
func TeamKey(i int) string { return fmt.Sprintf("team%d", i+1) }

// Rounds is a sheet of numbered rounds.
type Rounds struct {
	// Count is the number of rounds; 0 means open: the sheet ends when the
	// table records sheet_finished.
	Count int  `json:"count"`
	Min   *int `json:"min,omitempty"`
	Max   *int `json:"max,omitempty"`
}

// Category is one named row of a sheet.
type Category struct {
	ID     string `json:"id"`
	Name   string `json:"name,omitempty"`
	NameFA string `json:"name_fa,omitempty"`
	Min    *int   `json:"min,omitempty"`
	Max    *int   `json:"max,omitempty"`
}

// Limits of a definition: far beyond any real sheet, far from overflow.
const (
	MaxPlayers    = 20
	MaxRows       = 100
	MaxValue      = 1_000_000
	maxNameLength = 100
)

// isSlug: s is a lower-case letter or digit followed by n more of them or
// of the bytes in extra, min <= n <= max (an ID [a-z0-9][a-z0-9-]{1,39},
// a category [a-z0-9][a-z0-9_-]{0,39}).
func isSlug(s string, min, max int, extra string) bool {
	if len(s) < 1+min || len(s) > 1+max {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || i > 0 && strings.IndexByte(extra, c) >= 0) {
			return false
		}
	}
	return true
}

// Slug makes a game ID from a name: lower-case Latin letters and digits,
// the rest dashes; "" when nothing is left (a Persian-only name).
func Slug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		default:
			dash = true
		}
	}
	s := b.String()
	if len(s) > 40 {
		s = strings.TrimRight(s[:40], "-")
	}
	if len(s) < 2 {
		return ""
	}
	return s
}

// Check validates a definition; every problem is a field error naming the
// field (an *rules.InputError).
func (d *Definition) Check() error {
	var f rules.Fields
	if !isSlug(d.ID, 1, 39, "-") {
		f.Add("id", "must be 2 to 40 lower-case letters, digits and dashes, starting with a letter or digit")
	}
	if strings.TrimSpace(d.Name) == "" && strings.TrimSpace(d.NameFA) == "" {
		f.Add("name", "is required (or name_fa): the game's name in English and/or Persian")
	}
	if len(d.Name) > maxNameLength || len(d.NameFA) > maxNameLength {
		f.Add("name", fmt.Sprintf("must be at most %d bytes", maxNameLength))
	}
	if d.MinPlayers < 1 || d.MinPlayers > MaxPlayers {
		f.Add("min_players", fmt.Sprintf("must be from 1 to %d", MaxPlayers))
	}
	if d.MaxPlayers < d.MinPlayers || d.MaxPlayers > MaxPlayers {
		f.Add("max_players", fmt.Sprintf("must be from min_players to %d", MaxPlayers))
	}
	switch {
	case d.Rounds == nil && len(d.Categories) == 0:
		f.Add("rounds", "is required unless categories are given: a sheet has rounds or named categories")
	case d.Rounds != nil && len(d.Categories) > 0:
		f.Add("categories", "cannot be given together with rounds: a sheet has rounds or categories")
	case d.Rounds != nil:
		if d.Rounds.Count < 0 || d.Rounds.Count > MaxRows {
			f.Add("rounds.count", fmt.Sprintf("must be from 1 to %d, or 0 for open rounds", MaxRows))
		}
		d.checkRange(d.Rounds.Min, d.Rounds.Max, "rounds", &f)
	default:
		if len(d.Categories) > MaxRows {
			f.Add("categories", fmt.Sprintf("lists at most %d categories", MaxRows))
		}
		seen := map[string]bool{}
		for i, c := range d.Categories {
			path := fmt.Sprintf("categories[%d]", i)
			if !isSlug(c.ID, 0, 39, "_-") {
				f.Add(path+".id", "must be 1 to 40 lower-case letters, digits, dashes and underscores")
			}
			if seen[c.ID] {
				f.Add(path+".id", fmt.Sprintf("%q is given twice", c.ID))
			}
			seen[c.ID] = true
			if strings.TrimSpace(c.Name) == "" && strings.TrimSpace(c.NameFA) == "" {
				f.Add(path+".name", "is required (or name_fa)")
			}
			d.checkRange(c.Min, c.Max, path, &f)
		}
	}
	if d.TieBreak != "" && d.category(d.TieBreak) < 0 {
		f.Add("tie_break", "must be the id of one of the categories")
	}
	if d.Teams != nil {
		d.checkTeams(&f)
	}
	if d.Cooperative && d.Teams != nil {
		f.Add("cooperative", "cannot be given together with teams: a cooperative game is played by the whole table as one team")
	}
	return f.Err()
}

// checkTeams: at least two teams of at least one player must fit in the
// sheet's player range; a fixed count and size must fit it exactly.
func (d *Definition) checkTeams(f *rules.Fields) {
	t := d.Teams
	if t.Scores != "" && t.Scores != ScoresByPlayer && t.Scores != ScoresByTeam {
		f.Add("teams.scores", `must be "player" (each player's score; a team's total is its members' sum) or "team" (one score per team)`)
	}
	if t.Count != 0 && (t.Count < 2 || t.Count > d.MaxPlayers) {
		f.Add("teams.count", "must be from 2 to max_players, or 0 for any number of teams")
	}
	if t.Size != 0 && (t.Size < 1 || 2*t.Size > d.MaxPlayers) {
		f.Add("teams.size", "must be from 1 to half of max_players, or 0 for teams of any size")
	}
	if d.MaxPlayers < 2 {
		f.Add("max_players", "must be at least 2 on a sheet played in teams")
	}
	if t.Count > 0 && t.Size > 0 && (t.Count*t.Size < d.MinPlayers || t.Count*t.Size > d.MaxPlayers) {
		f.Add("teams", fmt.Sprintf("%d teams of %d make %d players, outside min_players to max_players", t.Count, t.Size, t.Count*t.Size))
	}
}

func (d *Definition) checkRange(lo, hi *int, path string, f *rules.Fields) {
	for _, b := range []struct {
		v    *int
		name string
	}{{lo, ".min"}, {hi, ".max"}} {
		if b.v != nil && (*b.v < -MaxValue || *b.v > MaxValue) {
			f.Add(path+b.name, fmt.Sprintf("must be from %d to %d", -MaxValue, MaxValue))
		}
		if b.v != nil && *b.v < 0 && !d.Negative {
			f.Add(path+b.name, "cannot be negative unless negative is true")
		}
	}
	if lo != nil && hi != nil && *lo > *hi {
		f.Add(path+".max", "must not be below min")
	}
}

// category returns the index of the category with id, or -1.
func (d *Definition) category(id string) int {
	for i, c := range d.Categories {
		if c.ID == id {
			return i
		}
	}
	return -1
}

// DisplayName is the English name, else the Persian one.
func (d *Definition) DisplayName() string {
	if d.Name != "" {
		return d.Name
	}
	return d.NameFA
}

// displayNameFA is the Persian name, else the English one.
func (d *Definition) displayNameFA() string {
	if d.NameFA != "" {
		return d.NameFA
	}
	return d.Name
}
