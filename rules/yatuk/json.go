package yatuk

import (
	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/jsonw"
)

// AppendJSON appends the state as json.Marshal writes it (rules.JSONAppender).
func (s *State) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"options":`...)
	b = s.Options.appendJSON(b)
	b = append(b, `,"players":`...)
	b = jsonw.List(b, s.Players, (*PlayerState).appendJSON)
	b = append(b, `,"hand":`...)
	b = jsonw.Int(b, s.Hand)
	b = append(b, `,"turn":`...)
	b = jsonw.Int(b, s.Turn)
	b = append(b, `,"first_player":`...)
	b = jsonw.String(b, s.FirstPlayer)
	b = append(b, `,"current_player":`...)
	b = jsonw.String(b, s.Current)
	b = append(b, `,"phase":`...)
	b = jsonw.String(b, s.Phase)
	b = append(b, `,"actions_left":`...)
	b = jsonw.Int(b, s.ActionsLeft)
	b = append(b, `,"extra_plays_left":`...)
	b = jsonw.Int(b, s.ExtraPlaysLeft)
	b = append(b, `,"this_turn":{"plays":`...)
	b = jsonw.Int(b, s.ThisTurn.Plays)
	b = append(b, `,"burns":`...)
	b = jsonw.Int(b, s.ThisTurn.Burns)
	b = append(b, `,"declared":`...)
	b = jsonw.Strings(b, s.ThisTurn.Declared)
	b = appendLastAction(b, s.ThisTurn.Last)
	b = append(b, `},"last_turn":`...)
	if t := s.LastTurn; t == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, `{"player":`...)
		b = jsonw.String(b, t.Player)
		b = append(b, `,"turn":`...)
		b = jsonw.Int(b, t.Turn)
		b = appendLastAction(b, t.Last)
		b = append(b, '}')
	}
	b = append(b, `,"full_at_turn_start":`...)
	b = jsonw.Strings(b, s.FullAtTurnStart)
	b = append(b, `,"pending_battle":`...)
	if p := s.PendingBattle; p == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, `{"land":`...)
		b = jsonw.String(b, string(p.Land))
		b = append(b, `,"type":`...)
		b = jsonw.String(b, string(p.Type))
		b = append(b, `,"current_player":`...)
		b = jsonw.String(b, p.CurrentPlayer)
		if p.DeclaredBy != "" {
			b = append(b, `,"declared_by":`...)
			b = jsonw.String(b, p.DeclaredBy)
		}
		b = append(b, '}')
	}
	b = append(b, `,"forced_queue":`...)
	b = jsonw.Strings(b, s.ForcedQueue)
	b = append(b, `,"lands":`...)
	b = jsonw.List(b, s.Lands, (*LandState).appendJSON)
	b = append(b, `,"gems":`...)
	b = jsonw.List(b, s.Gems, (*GemState).appendJSON)
	b = append(b, `,"draw_pile":`...)
	b = jsonw.Int(b, s.DrawPile)
	b = append(b, `,"passes":`...)
	b = jsonw.Int(b, s.Passes)
	b = append(b, `,"hand_results":`...)
	// Results of finished hands are rare and go through json.Marshal.
	switch {
	case s.HandResults == nil:
		b = append(b, "null"...)
	case len(s.HandResults) == 0:
		b = append(b, "[]"...)
	default:
		var err error
		if b, err = jsonw.Value(b, s.HandResults); err != nil {
			return b, err
		}
	}
	b = append(b, `,"finished":`...)
	b = jsonw.Bool(b, s.Finished)
	if s.EndRule != "" {
		b = append(b, `,"end_rule":`...)
		b = jsonw.String(b, s.EndRule)
	}
	return append(b, '}'), nil
}

func appendLastAction(b []byte, last string) []byte {
	if last == "" {
		return b
	}
	b = append(b, `,"last_action":`...)
	return jsonw.String(b, last)
}

func (o *Options) appendJSON(b []byte) []byte {
	c := &o.Capacities
	b = append(b, `{"capacities":{"vipas":`...)
	b = jsonw.Int(b, c.Vipas)
	b = append(b, `,"vitasta":`...)
	b = jsonw.Int(b, c.Vitasta)
	b = append(b, `,"parushni":`...)
	b = jsonw.Int(b, c.Parushni)
	b = append(b, `,"sutudri":`...)
	b = jsonw.Int(b, c.Sutudri)
	b = append(b, `,"gomati":`...)
	b = jsonw.Int(b, c.Gomati)
	b = append(b, `},"mode":`...)
	b = jsonw.String(b, o.Mode)
	b = append(b, `,"chain_resolution":`...)
	b = jsonw.String(b, string(o.ChainResolution))
	b = append(b, `,"hands":`...)
	b = jsonw.Int(b, o.Hands)
	b = append(b, `,"first_player":`...)
	b = jsonw.String(b, o.FirstPlayer)
	return append(b, '}')
}

func (p *PlayerState) appendJSON(b []byte) []byte {
	b = append(b, `{"id":`...)
	b = jsonw.String(b, p.ID)
	b = append(b, `,"name":`...)
	b = jsonw.String(b, p.Name)
	b = append(b, `,"seat":`...)
	b = jsonw.Int(b, p.Seat)
	b = append(b, `,"hand_size":`...)
	b = jsonw.Int(b, p.HandSize)
	b = append(b, `,"battles_declared":`...)
	b = jsonw.Int(b, p.BattlesDeclared)
	b = append(b, `,"gems":`...)
	b = jsonw.Strings(b, p.Gems)
	b = append(b, `,"carrier_power":`...)
	b = jsonw.Int(b, p.CarrierPower)
	return append(b, '}')
}

func (l *LandState) appendJSON(b []byte) []byte {
	b = append(b, `{"land":`...)
	b = jsonw.String(b, string(l.Land))
	b = append(b, `,"gem":`...)
	b = jsonw.String(b, string(l.Gem))
	b = append(b, `,"capacity":`...)
	b = jsonw.Int(b, l.Capacity)
	b = append(b, `,"active":`...)
	b = jsonw.Bool(b, l.Active)
	b = append(b, `,"armies":`...)
	b = jsonw.List(b, l.Armies, (*Column).appendJSON)
	return append(b, '}')
}

// appendJSON writes what MarshalJSON writes.
func (c *Column) appendJSON(b []byte) []byte {
	b = append(b, `{"player":`...)
	b = jsonw.String(b, c.Player)
	b = append(b, `,"size":`...)
	b = jsonw.Int(b, len(c.slots))
	b = append(b, `,"face_up":[`...)
	down, up := 0, 0
	for i, s := range c.slots {
		if i < 2 && s.known {
			if up > 0 {
				b = append(b, ',')
			}
			b = s.card.appendJSON(b)
			up++
		} else {
			down++
		}
	}
	b = append(b, `],"face_down":`...)
	b = jsonw.Int(b, down)
	return append(b, '}')
}

// appendJSON writes what MarshalJSON writes.
func (c *Card) appendJSON(b []byte) []byte {
	b = append(b, `{"kind":`...)
	b = jsonw.String(b, string(c.Kind))
	b = append(b, `,"colors":[`...)
	n := 0
	for i, col := range colorOrder {
		if c.Colors&(1<<i) != 0 {
			if n > 0 {
				b = append(b, ',')
			}
			b = jsonw.String(b, string(col))
			n++
		}
	}
	b = append(b, `],"power":`...)
	b = jsonw.Int(b, c.Power)
	return append(b, '}')
}

func (g *GemState) appendJSON(b []byte) []byte {
	b = append(b, `{"gem":`...)
	b = jsonw.String(b, string(g.Gem))
	b = append(b, `,"land":`...)
	b = jsonw.String(b, string(g.Land))
	if g.Holder != "" {
		b = append(b, `,"holder":`...)
		b = jsonw.String(b, g.Holder)
	}
	b = append(b, `,"carrier":`...)
	b = appendCarrier(b, g.Carrier)
	return append(b, '}')
}

func appendCarrier(b []byte, c *Carrier) []byte {
	if c == nil {
		return append(b, "null"...)
	}
	b = append(b, `{"player":`...)
	b = jsonw.String(b, c.Player)
	b = append(b, `,"position":`...)
	b = jsonw.Int(b, c.Position)
	b = append(b, `,"card":`...)
	b = c.Card.appendJSON(b)
	b = append(b, `,"power":`...)
	b = jsonw.Int(b, c.Power)
	return append(b, '}')
}

var _ rules.JSONAppender = (*State)(nil)

// AppendJSON appends the row as json.Marshal writes it.
func (r *BattleRow) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"hand":`...)
	b = jsonw.Int(b, r.Hand)
	b = append(b, `,"number":`...)
	b = jsonw.Int(b, r.Number)
	b = append(b, `,"land":`...)
	b = jsonw.String(b, string(r.Land))
	b = append(b, `,"gem":`...)
	b = jsonw.String(b, string(r.Gem))
	b = append(b, `,"type":`...)
	b = jsonw.String(b, string(r.Type))
	b = append(b, `,"current_player":`...)
	b = jsonw.String(b, r.CurrentPlayer)
	b = append(b, `,"strengths":`...)
	b = jsonw.IntMap(b, r.Strengths)
	b = append(b, `,"removed":`...)
	b = jsonw.IntsMap(b, r.Removed)
	b = append(b, `,"winner":`...)
	b = jsonw.String(b, r.Winner)
	b = append(b, `,"rule":`...)
	b = jsonw.String(b, r.Rule)
	b = append(b, `,"carrier":`...)
	b = appendCarrier(b, r.Carrier)
	if r.TakenFrom != "" {
		b = append(b, `,"taken_from":`...)
		b = jsonw.String(b, r.TakenFrom)
	}
	return append(b, '}'), nil
}

var _ rules.JSONAppender = (*BattleRow)(nil)
