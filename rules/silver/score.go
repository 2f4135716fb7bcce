package silver

import "github.com/motamed/motamed/rules"

// roundInput is everything the end-of-round scoring needs (spec §4.5).
type roundInput struct {
	Seats    []string
	Villages map[string][]int
	Caller   string // "" when nobody called a census
	First    string // the round's start player
	Holder   string // who held the amulet during the round; "" in round 1
	Before   map[string]int
	JumpUsed map[string]bool
	Options  Options
}

// roundOutcome is the scored round.
type roundOutcome struct {
	Sums map[string]int
	// CallerLowest: the census caller's sum was the lowest, ties included.
	CallerLowest bool
	// Kamikaze is the player whose village scored Kamikaze, or "".
	Kamikaze string
	Points   map[string]int
	Totals   map[string]int
	// Jumps lists the players whose exact 100 became 50, in seat order.
	Jumps []string
	// Lowest lists the players with the lowest round score, in seat order.
	Lowest []string
	// Holder is who gets the amulet and starts the next round; HolderRule
	// is the rule that decided it.
	Holder     string
	HolderRule string
}

// scoreRound runs the scoring procedure of spec §4.5.
func scoreRound(in roundInput) roundOutcome {
	out := roundOutcome{
		Sums:   make(map[string]int, len(in.Seats)),
		Points: make(map[string]int, len(in.Seats)),
		Totals: make(map[string]int, len(in.Seats)),
	}
	// Every player scores their village total (SILVER-SCORE-1, -2).
	for _, id := range in.Seats {
		out.Sums[id] = sum(in.Villages[id])
		out.Points[id] = out.Sums[id]
	}
	// The caller scores 0 when lowest, ties included, else sum + 10
	// (SILVER-SCORE-3, -4).
	if in.Caller != "" {
		out.CallerLowest = true
		for _, id := range in.Seats {
			if id != in.Caller && out.Sums[id] < out.Sums[in.Caller] {
				out.CallerLowest = false
			}
		}
		if out.CallerLowest {
			out.Points[in.Caller] = 0
		} else {
			out.Points[in.Caller] = out.Sums[in.Caller] + 10
		}
	}
	// Kamikaze overrides every other round score (SILVER-POINTS-7, AMB-22b).
	// Only one village can qualify: there are only two Doubles.
	if in.Options.Kamikaze {
		for _, id := range in.Seats {
			if isKamikaze(in.Villages[id]) {
				out.Kamikaze = id
				for _, q := range in.Seats {
					out.Points[q] = 50
				}
				out.Points[id] = 0
				break
			}
		}
	}
	// Running totals (SILVER-SCORE-5), then the score jump once per player
	// per game in the points model (SILVER-POINTS-5, -6).
	for _, id := range in.Seats {
		out.Totals[id] = in.Before[id] + out.Points[id]
		if in.Options.points() && out.Totals[id] == 100 && !in.JumpUsed[id] {
			out.Totals[id] = 50
			out.Jumps = append(out.Jumps, id)
		}
	}
	out.Lowest = lowest(in.Seats, out.Points)
	out.Holder, out.HolderRule = awardAmulet(in, out)
	return out
}

// lowest lists the players with the lowest score, in seat order.
func lowest(seats []string, score map[string]int) []string {
	var low []string
	for _, id := range seats {
		switch {
		case len(low) == 0 || score[id] < score[low[0]]:
			low = []string{id}
		case score[id] == score[low[0]]:
			low = append(low, id)
		}
	}
	return low
}

// awardAmulet gives the amulet to the lowest round score (basis: round score,
// AMB-5). A tie keeps it with the holder; else the tied player nearest the
// start player's left, counting the start player first (AMB-6).
func awardAmulet(in roundInput, out roundOutcome) (string, string) {
	low := out.Lowest
	switch {
	case len(low) == 1 && low[0] == in.Caller:
		return low[0], "SILVER-AMULET-1"
	case len(low) == 1:
		return low[0], "SILVER-AMULET-2"
	}
	for _, id := range low {
		if id == in.Holder {
			return id, "SILVER-AMULET-3"
		}
	}
	return firstClockwise(in.Seats, in.First, low), "SILVER-AMULET-4"
}

// gameEnds says whether the game ends after round number round, and by
// which rule.
func gameEnds(o Options, round int, totals map[string]int) (bool, string) {
	if o.points() {
		for _, t := range totals {
			if t >= 100 {
				return true, "SILVER-POINTS-2"
			}
		}
		return false, "SILVER-POINTS-2"
	}
	return round >= o.Rounds, "SILVER-END-1"
}

// standings places everyone by lowest total (SILVER-END-2, SILVER-POINTS-3).
// Ties: in the points model the lowest last-round score first
// (SILVER-POINTS-4); then the amulet holder, then the tied player nearest the
// holder's left (SILVER-END-3; AMB-24 for the points model).
func standings(seats []string, o Options, totals, lastPoints map[string]int, holder string) *rules.Result {
	return rules.RankKeys(seats, func(id string) []int {
		key := []int{totals[id]}
		if o.points() {
			key = append(key, lastPoints[id])
		}
		if holder != "" {
			key = append(key, clockwiseDistance(seats, holder, id))
		}
		return key
	})
}

// tieRule names the rule that decided the winner of a finished game.
func tieRule(seats []string, o Options, totals, lastPoints map[string]int) string {
	best := lowest(seats, totals)
	if len(best) == 1 {
		if o.points() {
			return "SILVER-POINTS-3"
		}
		return "SILVER-END-2"
	}
	if o.points() {
		sub := make(map[string]int, len(best))
		for _, id := range best {
			sub[id] = lastPoints[id]
		}
		if len(lowest(best, sub)) == 1 {
			return "SILVER-POINTS-4"
		}
	}
	return "SILVER-END-3"
}
