package munchkin

import "slices"

// Unshared is s with the rows of past turns in an array of its own, as
// every state kept them before states shared them: the reference the
// shared rows are checked against. A state applied to it copies its rows
// again on the next turn's end.
func Unshared(s *State) *State {
	c := *s
	c.History = slices.Clip(slices.Clone(s.History))
	c.filed = nil
	return &c
}

// OwnRows is s's score sheet as one slice of its own, built as Scores built
// it when every state copied its rows: the past rows, then the current row
// with the levels and the fight as they are now.
func OwnRows(s *State) []*TurnRow {
	last := *s.Current
	last.Levels = s.levels()
	last.Combat = s.Combat
	return append(slices.Clone(s.History), &last)
}
