// Package scoring is Motamed's cross-game league arithmetic: it turns
// finished matches' placements into league points (points schemes),
// ratings (OpenSkill Weng-Lin Plackett-Luce, and a pairwise Elo view),
// standings with rating history, and player statistics.
//
// It is pure: standard library and the rules package only, no I/O, no
// clock, no mutable globals. Matches are given in match order; the caller
// (the store) decides which matches count (finished ones, in a league).
//
// A League keeps standings materialized and updates them per finished
// match (Add), per corrected match (Replace) and per match that no longer
// counts (Remove); Compute and ComputeHistory derive the same figures from
// scratch and agree with a League exactly (bit for bit).
//
// Every match is read as a list of sides: each team in
// MatchResult.Teams is one side, every other player a side of their own.
// A side's place is its standard competition rank among the sides
// (1 + the number of sides placed strictly better), so places 1,1,3 and
// 1,1,2 read the same, and two teams placed 1,1,3,3 by player read as
// first and second.
package scoring
