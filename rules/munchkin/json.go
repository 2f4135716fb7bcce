package munchkin

import (
	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/jsonw"
)

// AppendJSON appends the state as json.Marshal writes it (rules.JSONAppender).
// A combat record, present only in a turn with a fight, goes through
// json.Marshal.
func (s *State) AppendJSON(b []byte) ([]byte, error) {
	o := &s.Options
	b = append(b, `{"options":{"max_level":`...)
	b = jsonw.Int(b, o.MaxLevel)
	b = append(b, `,"shared_victory":`...)
	b = jsonw.Bool(b, o.SharedVictory)
	b = append(b, `,"elf_helper_can_win":`...)
	b = jsonw.Bool(b, o.ElfHelperCanWin)
	b = append(b, `,"sell_overflow":`...)
	b = jsonw.String(b, o.SellOverflow)
	b = append(b, `},"players":`...)
	b = jsonw.List(b, s.Players, (*PlayerState).appendJSON)
	t := &s.Turn
	b = append(b, `,"turn":{"number":`...)
	b = jsonw.Int(b, t.Number)
	b = append(b, `,"player":`...)
	b = jsonw.String(b, t.Player)
	b = append(b, `,"fought":`...)
	b = jsonw.Bool(b, t.Fought)
	b = append(b, `,"caught":`...)
	b = jsonw.Strings(b, t.Caught)
	b = append(b, `},"combat":`...)
	if s.Combat == nil {
		b = append(b, "null"...)
	} else {
		var err error
		if b, err = jsonw.Value(b, s.Combat); err != nil {
			return b, err
		}
	}
	b = append(b, `,"finished":`...)
	b = jsonw.Bool(b, s.Finished)
	b = append(b, `,"winners":`...)
	b = jsonw.Strings(b, s.Winners)
	return append(b, '}'), nil
}

func (p *PlayerState) appendJSON(b []byte) []byte {
	b = append(b, `{"id":`...)
	b = jsonw.String(b, p.ID)
	b = append(b, `,"name":`...)
	b = jsonw.String(b, p.Name)
	b = append(b, `,"seat":`...)
	b = jsonw.Int(b, p.Seat)
	b = append(b, `,"level":`...)
	b = jsonw.Int(b, p.Level)
	if p.Gender != "" {
		b = append(b, `,"gender":`...)
		b = jsonw.String(b, p.Gender)
	}
	b = append(b, `,"races":`...)
	b = jsonw.Strings(b, p.Races)
	b = append(b, `,"classes":`...)
	b = jsonw.Strings(b, p.Classes)
	b = append(b, `,"super_munchkin":`...)
	b = jsonw.Bool(b, p.SuperMunchkin)
	b = append(b, `,"half_breed":`...)
	b = jsonw.Bool(b, p.HalfBreed)
	b = append(b, `,"items":`...)
	b = jsonw.List(b, p.Items, (*Item).appendJSON)
	b = append(b, `,"hirelings":`...)
	b = jsonw.Int(b, p.Hirelings)
	if p.Cheat != "" {
		b = append(b, `,"cheat":`...)
		b = jsonw.String(b, p.Cheat)
	}
	b = append(b, `,"equipped_bonus":`...)
	b = jsonw.Int(b, p.EquippedBonus)
	b = append(b, `,"dead":`...)
	b = jsonw.Bool(b, p.Dead)
	b = append(b, `,"redraw_due":`...)
	b = jsonw.Bool(b, p.RedrawDue)
	return append(b, '}')
}

func (it *Item) appendJSON(b []byte) []byte {
	b = append(b, `{"name":`...)
	b = jsonw.String(b, it.Name)
	b = append(b, `,"slot":`...)
	b = jsonw.String(b, it.Slot)
	b = append(b, `,"big":`...)
	b = jsonw.Bool(b, it.Big)
	b = append(b, `,"bonus":`...)
	b = jsonw.Int(b, it.Bonus)
	b = append(b, `,"gold":`...)
	b = jsonw.Int(b, it.Gold)
	if it.ClassOnly != "" {
		b = append(b, `,"class_only":`...)
		b = jsonw.String(b, it.ClassOnly)
	}
	if it.RaceOnly != "" {
		b = append(b, `,"race_only":`...)
		b = jsonw.String(b, it.RaceOnly)
	}
	b = append(b, `,"equipped":`...)
	b = jsonw.Bool(b, it.Equipped)
	return append(b, '}')
}

var _ rules.JSONAppender = (*State)(nil)

// AppendJSON appends the row as json.Marshal writes it. The records of a
// fight, sales, deaths and charity, present in few turns, go through
// json.Marshal.
func (r *TurnRow) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"turn":`...)
	b = jsonw.Int(b, r.Turn)
	b = append(b, `,"player":`...)
	b = jsonw.String(b, r.Player)
	b = append(b, `,"changes":`...)
	b = jsonw.List(b, r.Changes, func(c *LevelChange, b []byte) []byte {
		b = append(b, `{"player":`...)
		b = jsonw.String(b, c.Player)
		b = append(b, `,"reason":`...)
		b = jsonw.String(b, c.Reason)
		b = append(b, `,"delta":`...)
		b = jsonw.Int(b, c.Delta)
		b = append(b, `,"from":`...)
		b = jsonw.Int(b, c.From)
		b = append(b, `,"to":`...)
		b = jsonw.Int(b, c.To)
		return append(b, '}')
	})
	var err error
	if r.Combat != nil {
		if b, err = jsonw.Value(append(b, `,"combat":`...), r.Combat); err != nil {
			return b, err
		}
	}
	if len(r.Sales) > 0 {
		if b, err = jsonw.Value(append(b, `,"sales":`...), r.Sales); err != nil {
			return b, err
		}
	}
	if len(r.Deaths) > 0 {
		if b, err = jsonw.Value(append(b, `,"deaths":`...), r.Deaths); err != nil {
			return b, err
		}
	}
	if r.Charity != nil {
		if b, err = jsonw.Value(append(b, `,"charity":`...), r.Charity); err != nil {
			return b, err
		}
	}
	b = append(b, `,"levels":`...)
	b = jsonw.IntMap(b, r.Levels)
	return append(b, '}'), nil
}

var _ rules.JSONAppender = (*TurnRow)(nil)
