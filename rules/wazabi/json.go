package wazabi

import (
	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/jsonw"
)

// AppendJSON appends the state as json.Marshal writes it (rules.JSONAppender).
func (s *State) AppendJSON(b []byte) ([]byte, error) {
	o := &s.Options
	b = append(b, `{"options":{"starting_dice":`...)
	b = jsonw.Int(b, o.StartingDice)
	b = append(b, `,"neighbours_only":`...)
	b = jsonw.Bool(b, o.NeighboursOnly)
	if len(o.Teams) > 0 {
		b = append(b, `,"teams":[`...)
		for i, team := range o.Teams {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonw.Strings(b, team)
		}
		b = append(b, ']')
	}
	b = append(b, `,"play_to_last":`...)
	b = jsonw.Bool(b, o.PlayToLast)
	b = append(b, `,"hands":`...)
	b = jsonw.Int(b, o.Hands)
	if o.FirstPlayer != "" {
		b = append(b, `,"first_player":`...)
		b = jsonw.String(b, o.FirstPlayer)
	}
	b = append(b, `},"seats":`...)
	b = jsonw.List(b, s.Seats, (*Seat).appendJSON)
	b = append(b, `,"hand":`...)
	b = jsonw.Int(b, s.Hand)
	b = append(b, `,"current":`...)
	b = jsonw.String(b, s.Current)
	b = append(b, `,"direction":`...)
	b = jsonw.String(b, s.Direction)
	b = append(b, `,"draw_pile":`...)
	b = jsonw.Int(b, s.DrawPile)
	b = append(b, `,"played_pile":`...)
	b = jsonw.Int(b, s.PlayedPile)
	b = append(b, `,"dice_out_of_play":`...)
	b = jsonw.Int(b, s.DiceOutOfPlay)
	b = append(b, `,"dice_in_box":`...)
	b = jsonw.Int(b, s.DiceInBox)
	b = append(b, `,"phase":`...)
	b = jsonw.String(b, s.Phase)
	b = append(b, `,"turn":`...)
	b = s.Turn.appendJSON(b)
	b = append(b, `,"opening_roll_open":`...)
	b = jsonw.Bool(b, s.OpeningOpen)
	if len(s.Reroll) > 0 {
		b = append(b, `,"reroll":`...)
		b = jsonw.Strings(b, s.Reroll)
	}
	b = append(b, `,"hand_starter":`...)
	b = jsonw.String(b, s.HandStarter)
	if len(s.LastSkipped) > 0 {
		b = append(b, `,"last_skipped":`...)
		b = jsonw.Strings(b, s.LastSkipped)
	}
	if len(s.FinishOrder) > 0 {
		b = append(b, `,"finish_order":`...)
		b = jsonw.Strings(b, s.FinishOrder)
	}
	b = append(b, `,"finished":`...)
	b = jsonw.Bool(b, s.Over)
	return append(b, '}'), nil
}

func (s *Seat) appendJSON(b []byte) []byte {
	b = append(b, `{"player_id":`...)
	b = jsonw.String(b, s.PlayerID)
	b = append(b, `,"name":`...)
	b = jsonw.String(b, s.Name)
	if s.Team != 0 {
		b = append(b, `,"team":`...)
		b = jsonw.Int(b, s.Team)
	}
	b = append(b, `,"dice":`...)
	b = jsonw.Int(b, s.Dice)
	b = append(b, `,"cards":`...)
	b = jsonw.Int(b, s.Cards)
	b = append(b, `,"skips":`...)
	b = jsonw.Int(b, s.Skips)
	b = append(b, `,"out":`...)
	b = jsonw.Bool(b, s.Out)
	b = append(b, `,"points":`...)
	b = jsonw.Int(b, s.Points)
	return append(b, '}')
}

func (t *Turn) appendJSON(b []byte) []byte {
	b = append(b, `{"player":`...)
	b = jsonw.String(b, t.Player)
	b = append(b, `,"rolled":`...)
	b = jsonw.Bool(b, t.Rolled)
	b = append(b, `,"roll":{"w":`...)
	b = jsonw.Int(b, t.Roll.W)
	b = append(b, `,"card":`...)
	b = jsonw.Int(b, t.Roll.Card)
	b = append(b, `,"give":`...)
	b = jsonw.Int(b, t.Roll.Give)
	b = append(b, `},"draws_due":`...)
	b = jsonw.Int(b, t.DrawsDue)
	if t.DrawRule != "" {
		b = append(b, `,"draw_rule":`...)
		b = jsonw.String(b, t.DrawRule)
	}
	b = append(b, `,"drew":`...)
	b = jsonw.Bool(b, t.Drew)
	b = append(b, `,"gives_due":`...)
	b = jsonw.Int(b, t.GivesDue)
	b = append(b, `,"gave":`...)
	b = jsonw.Bool(b, t.Gave)
	if t.CardPlayed != "" {
		b = append(b, `,"card_played":`...)
		b = jsonw.String(b, t.CardPlayed)
	}
	b = append(b, `,"play_again":`...)
	b = jsonw.Bool(b, t.PlayAgain)
	return append(b, '}')
}

var _ rules.JSONAppender = (*State)(nil)

// AppendJSON appends the row as json.Marshal writes it.
func (r *HandRow) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"hand":`...)
	b = jsonw.Int(b, r.Hand)
	b = append(b, `,"winner":`...)
	b = jsonw.String(b, r.Winner)
	if len(r.WinningTeam) > 0 {
		b = append(b, `,"winning_team":`...)
		b = jsonw.Strings(b, r.WinningTeam)
	}
	b = append(b, `,"dice_left":`...)
	b = jsonw.IntMap(b, r.DiceLeft)
	b = append(b, `,"points":`...)
	b = jsonw.Int(b, r.Points)
	if len(r.FinishOrder) > 0 {
		b = append(b, `,"finish_order":`...)
		b = jsonw.Strings(b, r.FinishOrder)
	}
	return append(b, '}'), nil
}

var _ rules.JSONAppender = (*HandRow)(nil)
