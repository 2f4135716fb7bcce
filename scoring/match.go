package scoring

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/motamed/motamed/rules"
)

// ErrInvalidResult is wrapped by every error about a malformed MatchResult
// (no placements, a player listed twice, a team whose members placed
// differently, fewer than two sides...).
var ErrInvalidResult = errors.New("scoring: invalid match result")

// MatchResult is one finished match as a league sees it: the game's result
// plus the match's identity and final score totals.
type MatchResult struct {
	// MatchID identifies the match; unique within a league.
	MatchID string
	// Game is the game ID ("wizard"...); optional, used by StatsByGame.
	Game string
	// Placements lists every player; place 1 is best; only the order of
	// the place values matters (1,1,3 and 1,1,2 read the same).
	Placements []rules.Placement
	// Teams optionally groups players who placed as one side (team games,
	// shared victories). Players not in any team are sides of their own.
	// All members of a team must have the same place.
	Teams [][]string
	// Scores are the final totals per player (optional; used for best and
	// worst scores in player statistics).
	Scores map[string]int
	// Cooperative: the whole table played together against the game and
	// Won says whether it won. The players form one side with no places
	// between them: each counts a play, and a win when the table won; the
	// match scores points as a two-sided match against the game would, and
	// ratings do not change (a rating ranks players against players).
	Cooperative bool
	Won         bool
}

// FromResult builds a MatchResult from a finished match's rules.Result.
func FromResult(matchID, game string, r rules.Result, scores map[string]int) MatchResult {
	return MatchResult{
		MatchID:     matchID,
		Game:        game,
		Placements:  r.Placements,
		Teams:       r.Teams,
		Scores:      scores,
		Cooperative: r.Cooperative,
		Won:         r.Cooperative && len(r.Winners) > 0,
	}
}

// Validate reports whether m can be scored; errors wrap ErrInvalidResult.
func (m MatchResult) Validate() error {
	_, err := m.sides()
	return err
}

// side is one side of a match in canonical form: players sorted by ID,
// sides sorted by place then first player ID, and rank the standard
// competition rank among sides (1 + the number of sides placed better).
type side struct {
	players []string
	place   int
	rank    int
	// coop marks the one side of a cooperative match: rank 1 when the
	// table won, 2 when it lost (to the game).
	coop bool
}

func invalid(m MatchResult, format string, args ...any) error {
	return fmt.Errorf("%w %q: %s", ErrInvalidResult, m.MatchID, fmt.Sprintf(format, args...))
}

// sides validates m and returns its sides in canonical order, so that the
// same result listed in another order rates exactly the same.
func (m MatchResult) sides() ([]side, error) {
	n := len(m.Placements)
	if n == 0 {
		return nil, invalid(m, "no placements")
	}
	// index finds a player's placement; a linear scan for table-sized
	// matches, a map beyond that.
	var byID map[string]int
	if n > 16 {
		byID = make(map[string]int, n)
	}
	index := func(id string, upTo int) int {
		if byID != nil {
			if i, ok := byID[id]; ok && i < upTo {
				return i
			}
			return -1
		}
		for i, p := range m.Placements[:upTo] {
			if p.PlayerID == id {
				return i
			}
		}
		return -1
	}
	for i, p := range m.Placements {
		if p.PlayerID == "" {
			return nil, invalid(m, "empty player id")
		}
		if p.Place < 1 {
			return nil, invalid(m, "player %q has place %d (places start at 1)", p.PlayerID, p.Place)
		}
		if index(p.PlayerID, i) >= 0 {
			return nil, invalid(m, "player %q is placed twice", p.PlayerID)
		}
		if byID != nil {
			byID[p.PlayerID] = i
		}
	}
	if m.Cooperative {
		ids := make([]string, 0, n)
		for _, p := range m.Placements {
			ids = append(ids, p.PlayerID)
		}
		slices.Sort(ids)
		rank := 2
		if m.Won {
			rank = 1
		}
		return []side{{players: ids, place: rank, rank: rank, coop: true}}, nil
	}
	// One backing array holds every side's players.
	ids := make([]string, 0, n)
	out := make([]side, 0, n)
	var inTeam []bool
	if len(m.Teams) > 0 {
		inTeam = make([]bool, n)
	}
	for ti, team := range m.Teams {
		if len(team) == 0 {
			return nil, invalid(m, "team %d is empty", ti+1)
		}
		start := len(ids)
		pl := 0
		for _, id := range team {
			i := index(id, n)
			if i < 0 {
				return nil, invalid(m, "team member %q has no placement", id)
			}
			if inTeam[i] {
				return nil, invalid(m, "player %q is in two teams", id)
			}
			inTeam[i] = true
			p := m.Placements[i].Place
			if pl != 0 && p != pl {
				return nil, invalid(m, "team %d's members have different places", ti+1)
			}
			pl = p
			ids = append(ids, id)
		}
		players := ids[start:len(ids):len(ids)]
		slices.Sort(players)
		out = append(out, side{players: players, place: pl})
	}
	for i, p := range m.Placements {
		if inTeam == nil || !inTeam[i] {
			ids = append(ids, p.PlayerID)
			out = append(out, side{players: ids[len(ids)-1 : len(ids) : len(ids)], place: p.Place})
		}
	}
	if len(out) < 2 {
		return nil, invalid(m, "a match needs at least two sides")
	}
	slices.SortFunc(out, func(a, b side) int {
		if a.place != b.place {
			return cmp.Compare(a.place, b.place)
		}
		return strings.Compare(a.players[0], b.players[0])
	})
	for i := range out {
		if i > 0 && out[i].place == out[i-1].place {
			out[i].rank = out[i-1].rank
		} else {
			out[i].rank = i + 1
		}
	}
	return out, nil
}

// winnerSides counts the sides with rank 1.
func winnerSides(sides []side) int {
	n := 0
	for _, s := range sides {
		if s.rank == 1 {
			n++
		}
	}
	return n
}

// tiedWith counts the sides sharing rank r.
func tiedWith(sides []side, r int) int {
	n := 0
	for _, s := range sides {
		if s.rank == r {
			n++
		}
	}
	return n
}
