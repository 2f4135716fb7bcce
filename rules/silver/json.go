package silver

import (
	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/jsonw"
)

// AppendJSON appends the state as json.Marshal writes it (rules.JSONAppender).
// The result, present once the match is over, goes through json.Marshal.
func (s *State) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"players":`...)
	b = rules.AppendPlayers(b, s.Players)
	o := &s.Options
	b = append(b, `,"options":{"end":`...)
	b = jsonw.String(b, o.End)
	if o.Rounds != 0 {
		b = append(b, `,"rounds":`...)
		b = jsonw.Int(b, o.Rounds)
	}
	b = append(b, `,"kamikaze":`...)
	b = jsonw.Bool(b, o.Kamikaze)
	b = append(b, `,"first_player":`...)
	b = jsonw.String(b, o.FirstPlayer)
	b = append(b, `},"phase":`...)
	b = jsonw.String(b, s.Phase)
	b = append(b, `,"round":`...)
	b = jsonw.Int(b, s.Round)
	b = append(b, `,"first_player":`...)
	b = jsonw.String(b, s.FirstPlayer)
	if s.AmuletHolder != "" {
		b = append(b, `,"amulet_holder":`...)
		b = jsonw.String(b, s.AmuletHolder)
	}
	b = append(b, `,"census":`...)
	if c := s.Census; c == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, `{"caller":`...)
		b = jsonw.String(b, c.Caller)
		b = append(b, `,"village_size":`...)
		b = jsonw.Int(b, c.VillageSize)
		b = append(b, `,"owed_turns":`...)
		b = jsonw.Strings(b, c.OwedTurns)
		b = append(b, '}')
	}
	b = append(b, `,"turns_recorded":`...)
	b = jsonw.Int(b, s.TurnsRecorded)
	if s.NextTurn != "" {
		b = append(b, `,"next_turn":`...)
		b = jsonw.String(b, s.NextTurn)
	}
	b = append(b, `,"totals":`...)
	b = jsonw.IntMap(b, s.Totals)
	b = append(b, `,"score_jump_used":`...)
	b = jsonw.Map(b, s.ScoreJumpUsed, jsonw.Bool)
	b = append(b, `,"result":`...)
	if s.Outcome == nil {
		b = append(b, "null"...)
	} else {
		var err error
		if b, err = jsonw.Value(b, s.Outcome); err != nil {
			return b, err
		}
	}
	return append(b, '}'), nil
}

var _ rules.JSONAppender = (*State)(nil)

// AppendJSON appends the row as json.Marshal writes it.
func (r *RoundRow) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"round":`...)
	b = jsonw.Int(b, r.Round)
	b = append(b, `,"first_player":`...)
	b = jsonw.String(b, r.FirstPlayer)
	b = append(b, `,"reason":`...)
	b = jsonw.String(b, r.Reason)
	if r.CensusBy != "" {
		b = append(b, `,"census_by":`...)
		b = jsonw.String(b, r.CensusBy)
	}
	if r.CensusLowest {
		b = append(b, `,"census_lowest":true`...)
	}
	b = append(b, `,"villages":`...)
	b = jsonw.IntsMap(b, r.Villages)
	b = append(b, `,"sums":`...)
	b = jsonw.IntMap(b, r.Sums)
	if r.Kamikaze != "" {
		b = append(b, `,"kamikaze":`...)
		b = jsonw.String(b, r.Kamikaze)
	}
	b = append(b, `,"points":`...)
	b = jsonw.IntMap(b, r.Points)
	if len(r.ScoreJumps) > 0 {
		b = append(b, `,"score_jumps":`...)
		b = jsonw.Strings(b, r.ScoreJumps)
	}
	b = append(b, `,"totals":`...)
	b = jsonw.IntMap(b, r.Totals)
	b = append(b, `,"amulet_holder":`...)
	b = jsonw.String(b, r.AmuletHolder)
	b = append(b, `,"amulet_rule":`...)
	b = jsonw.String(b, r.AmuletRule)
	return append(b, '}'), nil
}

var _ rules.JSONAppender = (*RoundRow)(nil)
