package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
)

// LeagueResults returns the finished matches of a league in finish order,
// with the names of every player who appears in them.
func (s *Store) LeagueResults(ctx context.Context, leagueID string) ([]FinishedMatch, map[string]string, error) {
	if _, err := s.GetLeague(ctx, leagueID); err != nil {
		return nil, nil, err
	}
	return s.finishedMatches(ctx, `m.league_id = ?`, leagueID)
}

// PlayerResults returns the finished matches a player took part in, in
// finish order, optionally only of one game and/or one league.
func (s *Store) PlayerResults(ctx context.Context, playerID, game, leagueID string) ([]FinishedMatch, map[string]string, error) {
	if _, err := s.GetPlayer(ctx, playerID); err != nil {
		return nil, nil, err
	}
	where := []string{`m.id IN (SELECT match_id FROM result_placements WHERE player_id = ?)`}
	args := []any{playerID}
	if game != "" {
		where = append(where, `m.game = ?`)
		args = append(args, game)
	}
	if leagueID != "" {
		where = append(where, `m.league_id = ?`)
		args = append(args, leagueID)
	}
	return s.finishedMatches(ctx, strings.Join(where, " AND "), args...)
}

// finishedMatches reads the results matching where (a fixed SQL fragment;
// values only through args).
func (s *Store) finishedMatches(ctx context.Context, where string, args ...any) ([]FinishedMatch, map[string]string, error) {
	// A match entered afterwards (played_at) takes its place among the
	// others by when it was played; the others stand in the order they
	// finished. Abandoned matches do not count.
	where = `m.abandoned_at IS NULL AND ` + where
	rows, err := s.read.QueryContext(ctx, s.d.rebind(`SELECT m.id, m.game, m.league_id, m.finish_seq, r.finished_at, r.result, m.played_at
		FROM matches m JOIN match_results r ON r.match_id = m.id
		WHERE `+where+` ORDER BY COALESCE(m.played_at, m.finished_at, r.finished_at), m.finish_seq`), args...)
	if err != nil {
		return nil, nil, err
	}
	var out []FinishedMatch
	index := map[string]int{}
	for rows.Next() {
		var f FinishedMatch
		var league sql.NullString
		var finished, result string
		var played sql.NullString
		if err := rows.Scan(&f.MatchID, &f.Game, &league, &f.FinishSeq, &finished, &result, &played); err != nil {
			rows.Close()
			return nil, nil, err
		}
		f.LeagueID = league.String
		f.FinishedAt = parseTime(finished)
		f.PlayedAt = optionalTime(played)
		if err := json.Unmarshal([]byte(result), &f.Result); err != nil {
			rows.Close()
			return nil, nil, fmt.Errorf("db: result of %s: %w", f.MatchID, err)
		}
		f.Scores = map[string]int{}
		index[f.MatchID] = len(out)
		out = append(out, f)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, nil, err
	}
	names := map[string]string{}
	if len(out) == 0 {
		return out, names, nil
	}
	// Scores and names in one pass over the placements of these matches.
	prows, err := s.read.QueryContext(ctx, s.d.rebind(`SELECT rp.match_id, rp.player_id, rp.score, p.name
		FROM result_placements rp JOIN players p ON p.id = rp.player_id
		JOIN matches m ON m.id = rp.match_id
		WHERE `+where), args...)
	if err != nil {
		return nil, nil, err
	}
	defer prows.Close()
	for prows.Next() {
		var matchID, playerID, name string
		var score sql.NullInt64
		if err := prows.Scan(&matchID, &playerID, &score, &name); err != nil {
			return nil, nil, err
		}
		names[playerID] = name
		if i, ok := index[matchID]; ok && score.Valid {
			out[i].Scores[playerID] = int(score.Int64)
		}
	}
	return out, names, prows.Err()
}

// LeagueStamp is a short fingerprint of a league's results that changes
// whenever any of them changes: a match finishes, a correction re-scores or
// reopens one. It is for a cache of standings on a database other
// instances write too (PostgreSQL): compare the stamp before serving the
// cache, rebuild when it moved. On SQLite this process is the only writer,
// so a cache it keeps up to date itself is never stale: the stamp is "".
func (s *Store) LeagueStamp(ctx context.Context, leagueID string) (string, error) {
	if !s.d.shared {
		return "", nil
	}
	// A result written again gets a new finished_at, so the sum moves even
	// when the count and the finish order do not.
	var n, last, sum int64
	err := s.read.QueryRowContext(ctx, `SELECT COUNT(*) + 1000000 * COUNT(m.abandoned_at), COALESCE(MAX(m.finish_seq), 0),
			COALESCE(SUM((EXTRACT(EPOCH FROM r.finished_at) * 1000000)::bigint), 0)
			+ COALESCE(SUM((EXTRACT(EPOCH FROM m.played_at) * 1000000)::bigint), 0)
		FROM matches m JOIN match_results r ON r.match_id = m.id WHERE m.league_id = $1`, leagueID).Scan(&n, &last, &sum)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%d.%d.%d", n, last, sum), nil
}
