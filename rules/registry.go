package rules

import (
	"errors"
	"fmt"
	"sync"
)

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
