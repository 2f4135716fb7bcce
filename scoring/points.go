package scoring

import (
	"errors"
	"fmt"
)

// Scheme is a league points scheme: how a finished match turns into league
// points. It is chosen when a league is created and stored with it.
type Scheme string

// The points schemes.
const (
	// SchemePlacement gives points by place among the match's sides:
	//
	//	points(place p, k sides tied there, N sides) = N - p - (k-1)/2
	//
	// that is, N-1 for first, N-2 for second ... 0 for last, and tied sides
	// share the average of the points of the places they span. With one
	// player per side (no teams), N is the number of players:
	//
	//	players | 1st  2nd  3rd  4th  5th  6th
	//	--------+------------------------------
	//	   2    |  1    0
	//	   3    |  2    1    0
	//	   4    |  3    2    1    0
	//	   5    |  4    3    2    1    0
	//	   6    |  5    4    3    2    1    0
	//
	// Ties (places as recorded, e.g. 1,1,3: the next place skips):
	//
	//	3 players, 1,1,3       -> (2+1)/2 = 1.5, 1.5, 0
	//	4 players, 1,2,2,4     -> 3, (2+1)/2 = 1.5, 1.5, 0
	//	4 players, 1,1,1,4     -> (3+2+1)/3 = 2, 2, 2, 0
	//	5 players, 1,2,3,3,3   -> 4, 3, (2+1+0)/3 = 1, 1, 1
	//	6 players, 1,1,3,3,5,6 -> 4.5, 4.5, 2.5, 2.5, 1, 0
	//	any N, all tied        -> (N-1)/2 each
	//
	// In a team game each team is one side and every member scores the
	// team's points (2 teams: 1 and 0; 3 teams: 2, 1, 0).
	SchemePlacement Scheme = "placement"
	// SchemeWins gives 1 point to the winning side's players; when k sides
	// share first place each gets 1/k. Everyone else gets 0.
	SchemeWins Scheme = "wins"
	// DefaultScheme is used when a league names no scheme.
	DefaultScheme = SchemePlacement
)

// ErrUnknownScheme is wrapped by ParseScheme's error for a scheme that does
// not exist; the API answers it with 400.
var ErrUnknownScheme = errors.New("unknown points scheme")

// Schemes lists the points schemes, the default first.
func Schemes() []Scheme { return []Scheme{SchemePlacement, SchemeWins} }

// ParseScheme returns the scheme named name; "" means DefaultScheme. An
// unknown name gives an error wrapping ErrUnknownScheme.
func ParseScheme(name string) (Scheme, error) {
	switch Scheme(name) {
	case "":
		return DefaultScheme, nil
	case SchemePlacement, SchemeWins:
		return Scheme(name), nil
	}
	return "", fmt.Errorf("%w %q (want %q or %q)", ErrUnknownScheme, name, SchemePlacement, SchemeWins)
}

// PlacePoints is the placement scheme's points for a side at competition
// rank place (1 is best) with tied sides sharing that place (tied >= 1,
// counting itself) among n sides: n - place - (tied-1)/2.
func PlacePoints(n, place, tied int) float64 {
	return float64(n-place) - float64(tied-1)/2
}

// Points returns each player's league points for m under scheme s (see
// SchemePlacement and SchemeWins). Errors wrap ErrUnknownScheme or
// ErrInvalidResult.
func (s Scheme) Points(m MatchResult) (map[string]float64, error) {
	if _, err := ParseScheme(string(s)); err != nil {
		return nil, err
	}
	sides, err := m.sides()
	if err != nil {
		return nil, err
	}
	out := make(map[string]float64, len(m.Placements))
	for _, sd := range sides {
		p := s.sidePoints(sides, sd)
		for _, id := range sd.players {
			out[id] = p
		}
	}
	return out, nil
}

// sidePoints is the points of side sd of sides under s (a valid scheme).
func (s Scheme) sidePoints(sides []side, sd side) float64 {
	if s == SchemeWins {
		return winShare(sides, sd)
	}
	if sd.coop { // the table against the game: two sides
		return PlacePoints(2, sd.rank, 1)
	}
	return PlacePoints(len(sides), sd.rank, tiedWith(sides, sd.rank))
}

// winShare is 1/k for a side among k sides sharing first place, else 0.
func winShare(sides []side, sd side) float64 {
	if sd.rank != 1 {
		return 0
	}
	return 1 / float64(winnerSides(sides))
}
