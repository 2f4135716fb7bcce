package web

import "github.com/motamed/motamed/scoring"

// sharedPlaces is each standings row's place as a league page shows it:
// players with equal points (as shown, to two decimals) share a place, and
// the next place counts everyone above it (1, 2, 2, 4), as a match's
// places do. The rows keep their order; the rating and the other
// tie-breaks order equal places, they do not part them. league.js counts
// the same.
func sharedPlaces(rows []scoring.Row) []int {
	out := make([]int, len(rows))
	for i, r := range rows {
		out[i] = i + 1
		if i > 0 && round2(r.Points) == round2(rows[i-1].Points) {
			out[i] = out[i-1]
		}
	}
	return out
}
