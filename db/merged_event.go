package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"slices"
	"strings"

	"github.com/motamed/motamed/rules"
)

// mergedNamed explains a refused event that names a merged player: a
// tablet that missed the merge still sends the old ID, which the rules
// refuse as "not a player of this match". When err is such a refusal (an
// input error) and data names, as a value or a key, a player that is not
// seated in m and was merged into another, the answer is a *MergedError
// naming where the player went; otherwise err as it is.
func (s *Store) mergedNamed(ctx context.Context, q querier, m *Match, data json.RawMessage, err error) error {
	var in *rules.InputError
	if !errors.As(err, &in) || len(data) == 0 {
		return err
	}
	var v any
	if json.Unmarshal(data, &v) != nil {
		return err
	}
	ids := playerIDsIn(v, nil)
	slices.Sort(ids)
	looked := 0
	for _, id := range ids {
		if slices.ContainsFunc(m.Seats, func(st Seat) bool { return st.PlayerID == id }) {
			continue
		}
		if looked++; looked > maxMergedLookups {
			break
		}
		var into sql.NullString
		qerr := q.QueryRowContext(ctx, s.d.rebind(`SELECT merged_into FROM players WHERE id = ?`), id).Scan(&into)
		if qerr == nil && into.Valid {
			return &MergedError{ID: id, Into: into.String}
		}
	}
	return err
}

// maxMergedLookups bounds the look-ups one refused event costs.
const maxMergedLookups = 8

// playerIDsIn appends to out every string of v, value or object key, that
// looks like a player's ID.
func playerIDsIn(v any, out []string) []string {
	switch x := v.(type) {
	case string:
		if strings.HasPrefix(x, "pl_") && !slices.Contains(out, x) {
			out = append(out, x)
		}
	case []any:
		for _, e := range x {
			out = playerIDsIn(e, out)
		}
	case map[string]any:
		for k, e := range x {
			out = playerIDsIn(k, out)
			out = playerIDsIn(e, out)
		}
	}
	return out
}
