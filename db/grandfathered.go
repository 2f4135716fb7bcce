package db

import (
	"context"
	"fmt"
	"slices"

	"github.com/motamed/motamed/rules"
)

// Grandfathered events: a rules fix may refuse what an older revision of a
// game's rules accepted (see rules.Reviser). Such an event stays in force,
// applied as its own revision did; these find and show it, with the
// refusal today's rules give, so that people can see it and an admin can
// correct it if the table agrees.

// GrandfatheredEvent is an event in force that today's rules refuse but the
// revision it was accepted under allowed.
type GrandfatheredEvent struct {
	MatchID  string
	Game     string
	Seq      int64
	Type     string
	Revision int
	// Rulings are today's refusal.
	Rulings []rules.Ruling
}

// markGrandfathered sets Grandfathered on each event of log (as readEvents
// returned it, for match m) that is in force only by grandfathering. Only
// a log holding an event of an older revision than the game's today is
// replayed for it.
func (s *Store) markGrandfathered(ctx context.Context, m *Match, log []Event) error {
	game, ok := s.game(ctx, m.Game)
	if !ok {
		return nil
	}
	today := rules.RevisionOf(game)
	if !slices.ContainsFunc(log, func(e Event) bool { return isGameEvent(e.Type) && e.Revision < today }) {
		return nil
	}
	state, _, err := game.Setup(m.Players(), m.Options)
	if err != nil {
		return fmt.Errorf("setup: %w", err)
	}
	order, _ := markLog(log)
	for n, i := range order {
		e := &log[i]
		next, gf, err := rules.ApplyStored(game, state, rules.Event{Type: e.Type, Data: e.Data, Revision: e.Revision})
		if err != nil {
			return fmt.Errorf("effective event %d (%s): %w", n+1, e.Type, err)
		}
		e.Grandfathered, state = gf, next
	}
	return nil
}

// Grandfathered lists, match by match, every event in force that replays
// only by grandfathering. Only matches holding an event of an older
// revision than their game's today are replayed; one that does not replay
// at all is left to Check.
func (s *Store) Grandfathered(ctx context.Context) ([]GrandfatheredEvent, error) {
	var out []GrandfatheredEvent
	for _, g := range s.games.All() {
		today := rules.RevisionOf(g)
		if today <= rules.FirstRevision {
			continue
		}
		ids, err := s.matchesBelowRevision(ctx, g.Info().ID, today)
		if err != nil {
			return nil, err
		}
		for _, id := range ids {
			m, err := s.readMatchRow(ctx, s.read, id)
			if err != nil {
				return nil, err
			}
			log, err := s.readEvents(ctx, s.read, id)
			if err != nil {
				return nil, err
			}
			if err := s.markGrandfathered(ctx, m, log); err != nil {
				continue
			}
			for _, e := range log {
				if e.Grandfathered != nil {
					out = append(out, GrandfatheredEvent{MatchID: id, Game: m.Game, Seq: e.Seq, Type: e.Type, Revision: e.Revision, Rulings: e.Grandfathered})
				}
			}
		}
	}
	return out, nil
}

// matchesBelowRevision lists the matches of game holding an event stored
// under an older revision than rev (or before events recorded theirs).
func (s *Store) matchesBelowRevision(ctx context.Context, game string, rev int) ([]string, error) {
	return s.queryIDs(ctx, `SELECT m.id FROM matches m WHERE m.game = ?
		AND EXISTS (SELECT 1 FROM events e WHERE e.match_id = m.id AND COALESCE(e.revision, 1) < ?)
		ORDER BY m.created_at, m.id`, game, rev)
}
