package rules

import (
	"sort"
)

// Rank places players by score. Players with equal scores share a place and
// the next place skips ("1, 1, 3"). higherWins says whether a higher score is
// better. The order of ids breaks nothing: placements are listed by place,
// then in the order ids were given (seat order).
func Rank(ids []string, score map[string]int, higherWins bool) *Result {
	order := make([]string, len(ids))
	copy(order, ids)
	better := func(a, b int) bool {
		if higherWins {
			return a > b
		}
		return a < b
	}
	sort.SliceStable(order, func(i, j int) bool { return better(score[order[i]], score[order[j]]) })
	res := &Result{Placements: make([]Placement, len(order))}
	for i, id := range order {
		place := i + 1
		if i > 0 && score[id] == score[order[i-1]] {
			place = res.Placements[i-1].Place
		}
		res.Placements[i] = Placement{PlayerID: id, Place: place}
		if place == 1 {
			res.Winners = append(res.Winners, id)
		}
	}
	return res
}

// RankKeys is Rank for games whose order needs more than one number (a
// tie-break chain): key returns a sort key compared lexicographically, lower
// first; players with equal keys share a place.
func RankKeys(ids []string, key func(id string) []int) *Result {
	keys := make(map[string][]int, len(ids))
	for _, id := range ids {
		keys[id] = key(id)
	}
	less := func(a, b []int) int {
		for i := 0; i < len(a) && i < len(b); i++ {
			if a[i] != b[i] {
				if a[i] < b[i] {
					return -1
				}
				return 1
			}
		}
		return len(a) - len(b)
	}
	order := make([]string, len(ids))
	copy(order, ids)
	sort.SliceStable(order, func(i, j int) bool { return less(keys[order[i]], keys[order[j]]) < 0 })
	res := &Result{Placements: make([]Placement, len(order))}
	for i, id := range order {
		place := i + 1
		if i > 0 && less(keys[id], keys[order[i-1]]) == 0 {
			place = res.Placements[i-1].Place
		}
		res.Placements[i] = Placement{PlayerID: id, Place: place}
		if place == 1 {
			res.Winners = append(res.Winners, id)
		}
	}
	return res
}
