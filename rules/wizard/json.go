package wizard

import (
	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/jsonw"
)

// AppendJSON appends the state as json.Marshal writes it (rules.JSONAppender).
func (s *State) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"players":`...)
	b = rules.AppendPlayers(b, s.Players)
	b = append(b, `,"options":`...)
	b = s.Options.appendJSON(b)
	b = append(b, `,"phase":`...)
	b = jsonw.String(b, s.Phase)
	b = append(b, `,"round":`...)
	b = jsonw.Int(b, s.Round)
	b = append(b, `,"rounds_scored":`...)
	b = jsonw.Int(b, s.RoundsScored)
	if s.Turn != "" {
		b = append(b, `,"turn":`...)
		b = jsonw.String(b, s.Turn)
	}
	if s.BidRange != nil {
		b = append(b, `,"bid_range":{"min":`...)
		b = jsonw.Int(b, s.BidRange.Min)
		b = append(b, `,"max":`...)
		b = jsonw.Int(b, s.BidRange.Max)
		if s.BidRange.Forbidden != nil {
			b = append(b, `,"forbidden":`...)
			b = jsonw.Int(b, *s.BidRange.Forbidden)
		}
		b = append(b, '}')
	}
	if s.Dealer != "" {
		b = append(b, `,"dealer":`...)
		b = jsonw.String(b, s.Dealer)
	}
	if s.Trump != "" {
		b = append(b, `,"trump":`...)
		b = jsonw.String(b, s.Trump)
	}
	if s.TrumpCard != "" {
		b = append(b, `,"trump_card":`...)
		b = jsonw.String(b, s.TrumpCard)
	}
	b = append(b, `,"bids":`...)
	b = jsonw.IntMap(b, s.Bids)
	b = append(b, `,"tricks_won":`...)
	b = jsonw.IntMap(b, s.Won)
	b = append(b, `,"tricks":`...)
	b = jsonw.List(b, s.Tricks, (*Trick).appendJSON)
	if len(s.Hands) > 0 {
		b = append(b, `,"hands":`...)
		b = jsonw.Map(b, s.Hands, jsonw.Strings[string])
	}
	b = append(b, `,"unfollowed":`...)
	b = jsonw.List(b, s.Unfollowed, (*Unfollowed).appendJSON)
	b = append(b, `,"disputes":`...)
	b = jsonw.List(b, s.Disputes, (*Dispute).appendJSON)
	b = append(b, `,"totals":`...)
	b = jsonw.IntMap(b, s.Totals)
	return append(b, '}'), nil
}

func (o *Options) appendJSON(b []byte) []byte {
	b = append(b, `{"rounds":`...)
	b = jsonw.Int(b, o.Rounds)
	b = append(b, `,"bid_total_rule":`...)
	b = jsonw.String(b, o.BidTotalRule)
	b = append(b, `,"first_dealer":`...)
	b = jsonw.String(b, o.FirstDealer)
	b = append(b, `,"bid_upper_bound":`...)
	b = jsonw.String(b, o.BidUpperBound)
	b = append(b, `,"wizard_indicator_allows_no_trump":`...)
	b = jsonw.Bool(b, o.WizardIndicatorAllowsNoTrump)
	b = append(b, `,"final_tie":`...)
	b = jsonw.String(b, o.FinalTie)
	b = append(b, `,"revoke_penalty":`...)
	b = jsonw.String(b, o.RevokePenalty)
	b = append(b, `,"revoke_points":`...)
	b = jsonw.Int(b, o.RevokePoints)
	return append(b, '}')
}

func (t *Trick) appendJSON(b []byte) []byte {
	b = append(b, `{"leader":`...)
	b = jsonw.String(b, t.Leader)
	b = append(b, `,"plays":`...)
	b = jsonw.List(b, t.Plays, func(p *Play, b []byte) []byte {
		b = append(b, `{"player":`...)
		b = jsonw.String(b, p.Player)
		b = append(b, `,"card":`...)
		b = jsonw.String(b, p.Card)
		return append(b, '}')
	})
	b = append(b, `,"winner":`...)
	b = jsonw.String(b, t.Winner)
	b = append(b, `,"rule":`...)
	b = jsonw.String(b, t.Rule)
	return append(b, '}')
}

func (u *Unfollowed) appendJSON(b []byte) []byte {
	b = append(b, `{"trick":`...)
	b = jsonw.Int(b, u.Trick)
	b = append(b, `,"player":`...)
	b = jsonw.String(b, u.Player)
	b = append(b, `,"led":`...)
	b = jsonw.String(b, u.Led)
	b = append(b, `,"card":`...)
	b = jsonw.String(b, u.Card)
	return append(b, '}')
}

func (d *Dispute) appendJSON(b []byte) []byte {
	b = append(b, `{"rule":`...)
	b = jsonw.String(b, d.Rule)
	b = append(b, `,"player":`...)
	b = jsonw.String(b, d.Player)
	b = append(b, `,"trick":`...)
	b = jsonw.Int(b, d.Trick)
	b = append(b, `,"led":`...)
	b = jsonw.String(b, d.Led)
	b = append(b, `,"card":`...)
	b = jsonw.String(b, d.Card)
	b = append(b, `,"proven_by":`...)
	b = jsonw.Int(b, d.ProvenBy)
	b = append(b, `,"proof_card":`...)
	b = jsonw.String(b, d.ProofCard)
	b = append(b, `,"message":`...)
	b = d.Message.AppendJSON(b)
	return append(b, '}')
}

var _ rules.JSONAppender = (*State)(nil)

// AppendJSON appends the row as json.Marshal writes it.
func (r *RoundRow) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"round":`...)
	b = jsonw.Int(b, r.Round)
	b = append(b, `,"dealer":`...)
	b = jsonw.String(b, r.Dealer)
	b = append(b, `,"trump":`...)
	b = jsonw.String(b, r.Trump)
	if r.TrumpCard != "" {
		b = append(b, `,"trump_card":`...)
		b = jsonw.String(b, r.TrumpCard)
	}
	b = append(b, `,"bids":`...)
	b = jsonw.IntMap(b, r.Bids)
	b = append(b, `,"tricks":`...)
	b = jsonw.IntMap(b, r.Tricks)
	b = append(b, `,"entry":`...)
	b = jsonw.String(b, r.Entry)
	b = append(b, `,"points":`...)
	b = jsonw.IntMap(b, r.Points)
	if len(r.Penalties) > 0 {
		b = append(b, `,"penalties":`...)
		b = jsonw.IntMap(b, r.Penalties)
	}
	b = append(b, `,"totals":`...)
	b = jsonw.IntMap(b, r.Totals)
	b = append(b, `,"disputes":`...)
	b = jsonw.List(b, r.Disputes, (*Dispute).appendJSON)
	if r.Voided {
		b = append(b, `,"voided":true`...)
	}
	return append(b, '}'), nil
}

var _ rules.JSONAppender = (*RoundRow)(nil)
