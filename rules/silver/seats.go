package silver

import (
	"sort"
	"strings"
)

// Seats are player IDs in clockwise order. "Left" is the next seat clockwise:
// play goes clockwise, so the player on X's left plays after X (AMB-6).

// seatIndex returns id's seat, or -1.
func seatIndex(seats []string, id string) int {
	for i, s := range seats {
		if s == id {
			return i
		}
	}
	return -1
}

// nextSeat is the player on id's left (who plays after id).
func nextSeat(seats []string, id string) string {
	i := seatIndex(seats, id)
	if i < 0 {
		return ""
	}
	return seats[(i+1)%len(seats)]
}

// clockwiseDistance counts seats from "from" to "to" walking clockwise; from
// itself is 0. Both must be seated.
func clockwiseDistance(seats []string, from, to string) int {
	n := len(seats)
	return (seatIndex(seats, to) - seatIndex(seats, from) + n) % n
}

// firstClockwise returns the member of set met first walking clockwise from
// "from", counting "from" itself first (SILVER-AMULET-4, SILVER-END-3).
func firstClockwise(seats []string, from string, set []string) string {
	best, bestD := "", len(seats)
	for _, id := range set {
		if d := clockwiseDistance(seats, from, id); d < bestD {
			best, bestD = id, d
		}
	}
	return best
}

// othersClockwise lists every player but id, starting on id's left.
func othersClockwise(seats []string, id string) []string {
	i := seatIndex(seats, id)
	out := make([]string, 0, len(seats)-1)
	for k := 1; k < len(seats); k++ {
		out = append(out, seats[(i+k)%len(seats)])
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// listEN joins names as "A", "A and B", "A, B and C".
func listEN(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// listFA joins names the Persian way: "A، B و C".
func listFA(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], "، ") + " و " + names[len(names)-1]
}
