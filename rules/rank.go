package rules

import (
	"errors"
	"fmt"
	"sort"
	"sync"
)

// Rank places players by score. Players with equal scores share a place and
// the next place skips ("1, 1, 3"). higherWins says whether a higher score is
// better. The order of ids breaks nothing: placements are listed by place,
// then in the order ids were given (seat order).
func Rank(ids []string, score map[string]int, higherWins bool) *Result {
	order := make([]string, len(ids))
	copy(order, ids)
	better := func(a, b int) bool {
		if higherWins {
			return a > b
		}
		return a < b
	}
	sort.SliceStable(order, func(i, j int) bool { return better(score[order[i]], score[order[j]]) })
	res := &Result{Placements: make([]Placement, len(order))}
	for i, id := range order {
		place := i + 1
		if i > 0 && score[id] == score[order[i-1]] {
			place = res.Placements[i-1].Place
		}
		res.Placements[i] = Placement{PlayerID: id, Place: place}
		if place == 1 {
			res.Winners = append(res.Winners, id)
		}
	}
	return res
}

// RankKeys is Rank for games whose order needs more than one number (a
// tie-break chain): key returns a sort key compared lexicographically, lower
// first; players with equal keys share a place.
func RankKeys(ids []string, key func(id string) []int) *Result {
	keys := make(map[string][]int, len(ids))
	for _, id := range ids {
		keys[id] = key(id)
	}
	less := func(a, b []int) int {
		for i := 0; i < len(a) && i < len(b); i++ {
			if a[i] != b[i] {
				if a[i] < b[i] {
					return -1
				}
				return 1
			}
		}
		return len(a) - len(b)
	}
	order := make([]string, len(ids))
	copy(order, ids)
	sort.SliceStable(order, func(i, j int) bool { return less(keys[order[i]], keys[order[j]]) < 0 })
	res := &Result{Placements: make([]Placement, len(order))}
	for i, id := range order {
		place := i + 1
		if i > 0 && less(keys[id], keys[order[i-1]]) == 0 {
			place = res.Placements[i-1].Place
		}
		res.Placements[i] = Placement{PlayerID: id, Place: place}
		if place == 1 {
			res.Winners = append(res.Winners, id)
		}
	}
	return res
}

// Registry holds the games a server offers, by ID: the built-in games
// and the score sheets defined while it runs. It is safe for concurrent use.
type Registry struct {
	mu    sync.RWMutex
	games map[string]Game
	order []string
}

// NewRegistry builds a registry from games, kept in the given order.
func NewRegistry(games ...Game) *Registry {
	r := &Registry{games: make(map[string]Game, len(games))}
	for _, g := range games {
		if err := r.Add(g); err != nil {
			panic("rules: " + err.Error())
		}
	}
	return r
}

// ErrGameExists: a game with the same ID is already offered.
var ErrGameExists = errors.New("a game with this ID exists")

// Add offers one more game, after the others.
func (r *Registry) Add(g Game) error {
	id := g.Info().ID
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, dup := r.games[id]; dup {
		return fmt.Errorf("%w: %s", ErrGameExists, id)
	}
	r.games[id] = g
	r.order = append(r.order, id)
	return nil
}

// Get returns the game with the given ID.
func (r *Registry) Get(id string) (Game, bool) {
	r.mu.RLock()
	g, ok := r.games[id]
	r.mu.RUnlock()
	return g, ok
}

// All returns the games in registration order.
func (r *Registry) All() []Game {
	r.mu.RLock()
	defer r.mu.RUnlock()
	out := make([]Game, len(r.order))
	for i, id := range r.order {
		out[i] = r.games[id]
	}
	return out
}

// FindRule returns the catalog entry with the given ID from any game.
func (r *Registry) FindRule(id string) (RuleEntry, string, bool) {
	for _, g := range r.All() {
		for _, e := range g.Catalog() {
			if e.ID == id {
				return e, g.Info().ID, true
			}
		}
	}
	return RuleEntry{}, "", false
}
