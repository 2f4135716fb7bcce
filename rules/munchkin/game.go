// Package munchkin referees Munchkin Deluxe (seed 001): levels with reasons,
// combat, running away, selling, loadouts, death, charity and the winning
// rules. Rule IDs are those of shared/rules/munchkin.md.
package munchkin

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/motamed/motamed/rules"
)

// Event types.
const (
	evLevelChanged     = "level_changed"
	evCharacterUpdated = "character_updated"
	evLoadoutDeclared  = "loadout_declared"
	evCombat           = "combat"
	evRunAway          = "run_away"
	evItemsSold        = "items_sold"
	evDied             = "died"
	evTurnEnded        = "turn_ended"
)

// Player range (COMP-2).
const (
	minPlayers = 3
	maxPlayers = 6
)

type game struct{}

// New returns the Munchkin Deluxe rules.
func New() rules.Game { return game{} }

func (game) Info() rules.Info {
	return rules.Info{
		ID:         "munchkin",
		Name:       "Munchkin Deluxe",
		NameFA:     "مانچکین دلوکس",
		MinPlayers: minPlayers,
		MaxPlayers: maxPlayers,
		Options:    optionDocs(),
		Events:     eventDocs(),
	}
}

func (game) Catalog() []rules.RuleEntry { return catalog() }

// Setup seats the players in the given (clockwise) order; the first seated
// player takes the first turn (SETUP-8 leaves the choice to the table, which
// expresses it through the seat order). Every character starts at level 1, a
// Human with no class and no Items (SETUP-5).
func (game) Setup(players []rules.Player, options json.RawMessage) (rules.State, any, error) {
	opts, err := decodeOptions(options)
	if err != nil {
		return nil, nil, err
	}
	if len(players) < minPlayers || len(players) > maxPlayers {
		return nil, nil, rules.Violate("MUNCHKIN-COMP-2",
			fmt.Sprintf("Munchkin is played by 3 to 6 players, not %d.", len(players)),
			fmt.Sprintf("مانچکین رو 3 تا 6 نفر بازی می‌کنن، نه %d نفر.", len(players)))
	}
	var bad rules.Fields
	seen := map[string]bool{}
	s := &State{Options: opts, Players: make([]PlayerState, len(players)), Winners: []string{}}
	for i, p := range players {
		if p.ID == "" {
			bad.Add(fmt.Sprintf("players[%d].id", i), "must not be empty")
		} else if seen[p.ID] {
			bad.Add(fmt.Sprintf("players[%d].id", i), "is seated twice")
		}
		seen[p.ID] = true
		name := p.Name
		if name == "" {
			name = p.ID
		}
		s.Players[i] = PlayerState{ID: p.ID, Name: name, Seat: i, Level: 1, Races: []string{}, Classes: []string{}, Items: []Item{}}
	}
	if err := bad.Err(); err != nil {
		return nil, nil, err
	}
	s.Turn = TurnState{Number: 1, Player: s.Players[0].ID, Caught: []string{}}
	s.Current = &TurnRow{Turn: 1, Player: s.Players[0].ID, Changes: []LevelChange{}}
	return s, opts, nil
}

// Apply checks one table event and returns the next state. It never changes s.
func (game) Apply(st rules.State, ev rules.Event) (rules.State, []rules.Ruling, error) {
	return applyUnder(st, ev, revision)
}

// ApplyAt applies a stored event as revision rev of the rules did (see
// revision).
func (game) ApplyAt(st rules.State, ev rules.Event, rev int) (rules.State, []rules.Ruling, error) {
	return applyUnder(st, ev, min(rev, revision))
}

// Revision is the revision of today's rules.
func (game) Revision() int { return revision }

// applyUnder checks one table event under revision rev of the rules.
func applyUnder(st rules.State, ev rules.Event, rev int) (next rules.State, notes []rules.Ruling, err error) {
	s, ok := st.(*State)
	if !ok || s == nil || len(s.Players) == 0 || s.Current == nil {
		return nil, nil, errors.New("munchkin: the state is not a Munchkin state")
	}
	if s.Finished {
		return nil, nil, fmt.Errorf("%w: %s has already won", rules.ErrFinished, s.winnerNames())
	}
	var apply func(*State, []byte) ([]rules.Ruling, error)
	switch ev.Type {
	case evLevelChanged:
		apply = func(s *State, raw []byte) ([]rules.Ruling, error) { return applyLevelChanged(s, raw, rev) }
	case evCharacterUpdated:
		apply = applyCharacterUpdated
	case evLoadoutDeclared:
		apply = applyLoadoutDeclared
	case evCombat:
		apply = applyCombat
	case evRunAway:
		apply = applyRunAway
	case evItemsSold:
		apply = applyItemsSold
	case evDied:
		apply = applyDied
	case evTurnEnded:
		apply = applyTurnEnded
	default:
		return nil, nil, fmt.Errorf("%w: %q", rules.ErrUnknownEvent, ev.Type)
	}
	c := s.clone()
	notes, err = apply(c, ev.Data)
	if err != nil {
		return nil, nil, err
	}
	if notes == nil {
		notes = []rules.Ruling{}
	}
	return c, notes, nil
}

func (s *State) winnerNames() string {
	out := ""
	for i, id := range s.Winners {
		if i > 0 {
			out += " and "
		}
		out += s.name(id)
	}
	return out
}

func (game) Referees() []rules.Referee { return referees() }

// playerField resolves a player ID given in data.<field>.
func (s *State) playerField(id *string, field string, bad *rules.Fields) int {
	if id == nil || *id == "" {
		bad.Add(field, "is required: a player ID of this match")
		return -1
	}
	i, ok := s.player(*id)
	if !ok {
		bad.Add(field, fmt.Sprintf("%q is not a player of this match", *id))
		return -1
	}
	return i
}
