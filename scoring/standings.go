package scoring

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
)

// OrderingRule states how standings rows are ordered; the API returns it
// with every standings table.
const OrderingRule = "points desc, then rating (OpenSkill ordinal, mu - 3*sigma) desc, then wins desc, then name asc (by Unicode code point), then player id asc"

// DefaultProvisionalMatches is how many matches a player needs before
// their rating stops being provisional.
const DefaultProvisionalMatches = 5

// Errors about a league's match sequence.
var (
	// ErrDuplicateMatch: a match ID is added to a league twice.
	ErrDuplicateMatch = errors.New("scoring: match already in the league")
	// ErrUnknownMatch: Replace or Remove names a match not in the league.
	ErrUnknownMatch = errors.New("scoring: match not in the league")
)

// Config is a league's scoring configuration. The zero value is the
// default: placement points, DefaultPlackettLuce, DefaultElo, provisional
// below 5 matches.
type Config struct {
	// Scheme is the points scheme; "" means DefaultScheme.
	Scheme Scheme
	// OpenSkill is the rating model; the zero value means
	// DefaultPlackettLuce().
	OpenSkill PlackettLuce
	// Elo is the Elo view; the zero value means DefaultElo().
	Elo Elo
	// ProvisionalMatches: a player with fewer matches has a provisional
	// rating; 0 means DefaultProvisionalMatches.
	ProvisionalMatches int
}

// normalized fills in defaults and validates; errors wrap
// ErrUnknownScheme or ErrInvalidModel.
func (c Config) normalized() (Config, error) {
	s, err := ParseScheme(string(c.Scheme))
	if err != nil {
		return c, err
	}
	c.Scheme = s
	if c.OpenSkill == (PlackettLuce{}) {
		c.OpenSkill = DefaultPlackettLuce()
	}
	if c.Elo == (Elo{}) {
		c.Elo = DefaultElo()
	}
	if c.ProvisionalMatches == 0 {
		c.ProvisionalMatches = DefaultProvisionalMatches
	}
	if c.ProvisionalMatches < 0 {
		return c, fmt.Errorf("%w: ProvisionalMatches is negative", ErrInvalidModel)
	}
	if err := c.OpenSkill.Validate(); err != nil {
		return c, err
	}
	if err := c.Elo.Validate(); err != nil {
		return c, err
	}
	return c, nil
}

// Row is one player's line in a league's standings.
type Row struct {
	// Position is the row's 1-based position in the ordering.
	Position int    `json:"position"`
	PlayerID string `json:"player_id"`
	// Name is the player's name from the names given to Standings.
	Name   string `json:"name"`
	Played int    `json:"played"`
	// Wins counts first places, a first place shared by k sides as 1/k.
	Wins float64 `json:"wins"`
	// Points is the sum of the league points under the league's scheme.
	Points float64 `json:"points"`
	// AvgPlace is the mean place (the player's side's competition rank
	// among the match's sides: 1,1,3 for a tie for first of three).
	AvgPlace float64 `json:"avg_place"`
	// WinRate is Wins / Played.
	WinRate float64 `json:"win_rate"`
	// Streak is the current run: +n for n first places in a row (shared
	// first places count), -n for n matches in a row without one.
	Streak int `json:"streak"`
	// StreakText is Streak as "W3" or "L2" ("" with no matches).
	StreakText string `json:"streak_text"`
	// Mu, Sigma and Ordinal (mu - 3 sigma) are the OpenSkill rating.
	Mu      float64 `json:"mu"`
	Sigma   float64 `json:"sigma"`
	Ordinal float64 `json:"ordinal"`
	// Elo is the pairwise Elo rating.
	Elo float64 `json:"elo"`
	// Provisional is true below Config.ProvisionalMatches matches.
	Provisional bool `json:"provisional"`
}

// Standings is a league table: rows in OrderingRule order.
type Standings struct {
	Scheme Scheme `json:"scheme"`
	// Ordering is OrderingRule.
	Ordering string `json:"ordering"`
	// Matches is the number of matches counted.
	Matches int   `json:"matches"`
	Rows    []Row `json:"rows"`
}

// HistoryPoint is a player's state right after one of their matches.
type HistoryPoint struct {
	// Seq is the match's 1-based position in the league's match order.
	Seq     int    `json:"seq"`
	MatchID string `json:"match_id"`
	// Place is the player's place in that match (as Row.AvgPlace).
	Place int `json:"place"`
	// Played and Points are the player's totals after the match.
	Played  int     `json:"played"`
	Points  float64 `json:"points"`
	Mu      float64 `json:"mu"`
	Sigma   float64 `json:"sigma"`
	Ordinal float64 `json:"ordinal"`
	Elo     float64 `json:"elo"`
}

// StreakText formats a streak: +3 is "W3", -2 is "L2", 0 is "".
func StreakText(streak int) string {
	switch {
	case streak > 0:
		return "W" + strconv.Itoa(streak)
	case streak < 0:
		return "L" + strconv.Itoa(-streak)
	}
	return ""
}

// playerState is everything standings keep per player.
type playerState struct {
	played   int
	wins     float64
	points   float64
	placeSum int
	// placed counts the matches with places (not cooperative ones), the
	// divisor of the average place.
	placed int
	streak int
	rating Rating
	elo    float64
}

// table folds matches into player states; shared by League and Compute.
type table struct {
	cfg     Config
	players map[string]*playerState
	matches int
	scratch struct {
		ranks   []float64
		teams   [][]Rating
		elos    [][]float64
		states  []*playerState
		ratings []Rating
		eloBuf  []float64
	}
}

// grow returns s resized to n, reallocating only when it is too small.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

func newTable(cfg Config) table {
	return table{cfg: cfg, players: make(map[string]*playerState)}
}

// apply folds one valid match (canonical sides) into the table and calls
// visit for each of its players with their new state.
func (t *table) apply(sides []side, visit func(id string, place int, st *playerState)) {
	n := len(sides)
	players := 0
	for _, s := range sides {
		players += len(s.players)
	}
	// Scratch buffers are reused from match to match.
	sc := &t.scratch
	sc.ranks = grow(sc.ranks, n)
	sc.teams = grow(sc.teams, n)
	sc.elos = grow(sc.elos, 2*n)
	sc.states = grow(sc.states, players)
	sc.ratings = grow(sc.ratings, players)
	sc.eloBuf = grow(sc.eloBuf, 2*players)
	ranks, teams, elos, states := sc.ranks, sc.teams, sc.elos, sc.states
	off := 0
	for i, s := range sides {
		ranks[i] = float64(s.rank)
		k := len(s.players)
		teams[i] = sc.ratings[off : off+k : off+k]
		elos[i] = sc.eloBuf[off : off+k : off+k]
		elos[n+i] = sc.eloBuf[players+off : players+off+k : players+off+k]
		for j, id := range s.players {
			st := t.players[id]
			if st == nil {
				st = &playerState{rating: t.cfg.OpenSkill.NewRating(), elo: t.cfg.Elo.Initial}
				t.players[id] = st
			}
			states[off+j] = st
			teams[i][j] = st.rating
			elos[i][j] = st.elo
		}
		off += k
	}
	coop := n == 1 && sides[0].coop
	if !coop {
		t.cfg.OpenSkill.rate(teams, ranks)
		t.cfg.Elo.rate(elos[:n], ranks, elos[n:])
	} else {
		copy(elos[n], elos[0])
	}
	off = 0
	for i, s := range sides {
		pts := t.cfg.Scheme.sidePoints(sides, s)
		share := winShare(sides, s)
		for j, id := range s.players {
			st := states[off+j]
			st.played++
			st.wins += share
			st.points += pts
			place := 0
			if !coop {
				st.placeSum += s.rank
				st.placed++
				place = s.rank
			}
			switch {
			case s.rank == 1 && st.streak > 0:
				st.streak++
			case s.rank == 1:
				st.streak = 1
			case st.streak < 0:
				st.streak--
			default:
				st.streak = -1
			}
			st.rating = teams[i][j]
			st.elo = elos[n+i][j]
			if visit != nil {
				visit(id, place, st)
			}
		}
		off += len(s.players)
	}
	t.matches++
}

// standings builds the ordered table.
func (t *table) standings(names map[string]string) Standings {
	rows := make([]Row, 0, len(t.players))
	for id, st := range t.players {
		rows = append(rows, t.row(id, names[id], st))
	}
	sort.Slice(rows, func(i, j int) bool { return rowLess(&rows[i], &rows[j]) })
	for i := range rows {
		rows[i].Position = i + 1
	}
	return Standings{Scheme: t.cfg.Scheme, Ordering: OrderingRule, Matches: t.matches, Rows: rows}
}

func (t *table) row(id, name string, st *playerState) Row {
	return Row{
		PlayerID:    id,
		Name:        name,
		Played:      st.played,
		Wins:        st.wins,
		Points:      st.points,
		AvgPlace:    avgPlace(st),
		WinRate:     st.wins / float64(st.played),
		Streak:      st.streak,
		StreakText:  StreakText(st.streak),
		Mu:          st.rating.Mu,
		Sigma:       st.rating.Sigma,
		Ordinal:     st.rating.Ordinal(),
		Elo:         st.elo,
		Provisional: st.played < t.cfg.ProvisionalMatches,
	}
}

// rowLess is OrderingRule.
func rowLess(a, b *Row) bool {
	switch {
	case a.Points != b.Points:
		return a.Points > b.Points
	case a.Ordinal != b.Ordinal:
		return a.Ordinal > b.Ordinal
	case a.Wins != b.Wins:
		return a.Wins > b.Wins
	case a.Name != b.Name:
		return a.Name < b.Name
	}
	return a.PlayerID < b.PlayerID
}

func historyPoint(seq int, matchID string, place int, st *playerState) HistoryPoint {
	return HistoryPoint{
		Seq: seq, MatchID: matchID, Place: place,
		Played: st.played, Points: st.points,
		Mu: st.rating.Mu, Sigma: st.rating.Sigma, Ordinal: st.rating.Ordinal(),
		Elo: st.elo,
	}
}

// Compute derives a league's standings from scratch from its finished
// matches in match order. It agrees exactly with a League fed the same
// matches. Errors wrap ErrUnknownScheme, ErrInvalidModel, ErrInvalidResult
// or ErrDuplicateMatch.
func Compute(cfg Config, results []MatchResult, names map[string]string) (Standings, error) {
	t, err := fold(cfg, results, "", nil)
	if err != nil {
		return Standings{}, err
	}
	return t.standings(names), nil
}

// ComputeHistory derives from scratch the player's state after each of
// their matches among results (in match order), as League.History.
func ComputeHistory(cfg Config, results []MatchResult, playerID string) ([]HistoryPoint, error) {
	var out []HistoryPoint
	_, err := fold(cfg, results, playerID, &out)
	return out, err
}

func fold(cfg Config, results []MatchResult, playerID string, hist *[]HistoryPoint) (*table, error) {
	cfg, err := cfg.normalized()
	if err != nil {
		return nil, err
	}
	t := newTable(cfg)
	seen := make(map[string]bool, len(results))
	for i, m := range results {
		if err := checkMatchID(m, seen); err != nil {
			return nil, err
		}
		sides, err := m.sides()
		if err != nil {
			return nil, err
		}
		seen[m.MatchID] = true
		var visit func(string, int, *playerState)
		if hist != nil {
			seq, id := i+1, m.MatchID
			visit = func(pid string, place int, st *playerState) {
				if pid == playerID {
					*hist = append(*hist, historyPoint(seq, id, place, st))
				}
			}
		}
		t.apply(sides, visit)
	}
	return &t, nil
}

func checkMatchID(m MatchResult, seen map[string]bool) error {
	if m.MatchID == "" {
		return invalid(m, "empty match id")
	}
	if seen[m.MatchID] {
		return fmt.Errorf("%w: %q", ErrDuplicateMatch, m.MatchID)
	}
	return nil
}

// League keeps a league's standings, ratings and rating history
// materialized and updates them as matches finish (Add), are corrected
// (Replace) or stop counting (Remove). A League is not safe for concurrent
// use; guard it with a lock.
type League struct {
	t       table
	matches []leagueMatch
	pos     map[string]int // match ID -> index in matches
	history map[string][]historyEntry
}

type leagueMatch struct {
	id    string
	sides []side
}

type historyEntry struct {
	seq     int
	matchID string
	place   int
	st      playerState
}

// NewLeague returns an empty league; errors wrap ErrUnknownScheme or
// ErrInvalidModel.
func NewLeague(cfg Config) (*League, error) {
	cfg, err := cfg.normalized()
	if err != nil {
		return nil, err
	}
	return &League{
		t:       newTable(cfg),
		pos:     make(map[string]int),
		history: make(map[string][]historyEntry),
	}, nil
}

// Config is the league's configuration with the defaults filled in.
func (l *League) Config() Config { return l.t.cfg }

// Len is the number of matches counted.
func (l *League) Len() int { return len(l.matches) }

// Add counts a newly finished match after all others. An invalid result
// or a match already in the league is an error and changes nothing.
func (l *League) Add(m MatchResult) error {
	if err := checkMatchID(m, nil); err != nil {
		return err
	}
	if _, dup := l.pos[m.MatchID]; dup {
		return fmt.Errorf("%w: %q", ErrDuplicateMatch, m.MatchID)
	}
	sides, err := m.sides()
	if err != nil {
		return err
	}
	l.add(leagueMatch{id: m.MatchID, sides: sides})
	return nil
}

func (l *League) add(m leagueMatch) {
	seq := len(l.matches) + 1
	l.pos[m.id] = len(l.matches)
	l.matches = append(l.matches, m)
	l.t.apply(m.sides, func(id string, place int, st *playerState) {
		l.history[id] = append(l.history[id], historyEntry{seq: seq, matchID: m.id, place: place, st: *st})
	})
}

// Replace swaps in a corrected result for a match already in the league
// (same MatchID, same position in the match order) and re-derives it and
// every later match. An invalid result is an error and changes nothing.
func (l *League) Replace(m MatchResult) error {
	idx, ok := l.pos[m.MatchID]
	if !ok {
		return fmt.Errorf("%w: %q", ErrUnknownMatch, m.MatchID)
	}
	sides, err := m.sides()
	if err != nil {
		return err
	}
	rest := append([]leagueMatch{{id: m.MatchID, sides: sides}}, l.matches[idx+1:]...)
	l.rewind(idx)
	for _, lm := range rest {
		l.add(lm)
	}
	return nil
}

// Remove stops counting a match (say, its finishing event was undone) and
// re-derives every later match.
func (l *League) Remove(matchID string) error {
	idx, ok := l.pos[matchID]
	if !ok {
		return fmt.Errorf("%w: %q", ErrUnknownMatch, matchID)
	}
	rest := append([]leagueMatch(nil), l.matches[idx+1:]...)
	l.rewind(idx)
	for _, lm := range rest {
		l.add(lm)
	}
	return nil
}

// rewind forgets matches[idx:], restoring each of their players to their
// state after their last earlier match (from the history).
func (l *League) rewind(idx int) {
	for _, m := range l.matches[idx:] {
		delete(l.pos, m.id)
		for _, s := range m.sides {
			for _, id := range s.players {
				h := l.history[id]
				n := sort.Search(len(h), func(i int) bool { return h[i].seq > idx })
				if n == len(h) {
					continue // already rewound
				}
				clear(h[n:])
				l.history[id] = h[:n] // keeps its capacity for the replay
				if n == 0 {
					delete(l.t.players, id)
					continue
				}
				*l.t.players[id] = h[n-1].st
			}
		}
	}
	clear(l.matches[idx:])
	l.matches = l.matches[:idx]
	l.t.matches = idx
}

// Standings returns the current table; names maps player IDs to names
// (used for display and the name tie-break).
func (l *League) Standings(names map[string]string) Standings {
	return l.t.standings(names)
}

// Player returns one player's current row (Position 0: unranked view).
func (l *League) Player(playerID, name string) (Row, bool) {
	st, ok := l.t.players[playerID]
	if !ok {
		return Row{}, false
	}
	return l.t.row(playerID, name, st), true
}

// History returns the player's state after each of their matches, in
// match order (nil if they have not played). For
// GET /v1/leagues/{id}/ratings/history?player=.
func (l *League) History(playerID string) []HistoryPoint {
	h := l.history[playerID]
	if len(h) == 0 {
		return nil
	}
	out := make([]HistoryPoint, len(h))
	for i := range h {
		out[i] = historyPoint(h[i].seq, h[i].matchID, h[i].place, &h[i].st)
	}
	return out
}

// csvHeader is the header row of Standings.Records.
func csvHeader() []string {
	return []string{
		"position", "player_id", "name", "played", "wins", "points", "avg_place", "win_rate",
		"streak", "mu", "sigma", "ordinal", "elo", "provisional",
	}
}

// Records returns the standings as CSV records, header first (for
// ?format=csv; write them with encoding/csv). Points and wins are exact;
// averages, rates and ratings have 4 decimals; streak is StreakText.
func (s Standings) Records() [][]string {
	f := func(v float64, prec int) string { return strconv.FormatFloat(v, 'f', prec, 64) }
	out := make([][]string, 0, len(s.Rows)+1)
	out = append(out, csvHeader())
	for _, r := range s.Rows {
		out = append(out, []string{
			strconv.Itoa(r.Position), r.PlayerID, r.Name, strconv.Itoa(r.Played),
			f(r.Wins, -1), f(r.Points, -1), f(r.AvgPlace, 4), f(r.WinRate, 4),
			r.StreakText, f(r.Mu, 4), f(r.Sigma, 4), f(r.Ordinal, 4), f(r.Elo, 4),
			strconv.FormatBool(r.Provisional),
		})
	}
	return out
}

// avgPlace is the mean place over the matches with places; 0 when every
// match the player played was cooperative.
func avgPlace(st *playerState) float64 {
	if st.placed == 0 {
		return 0
	}
	return float64(st.placeSum) / float64(st.placed)
}
