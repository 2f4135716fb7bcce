package wizard

// roundPoints scores one player's round: an exact bid earns 20 plus 10 per
// trick (WIZARD-SCORE-1), any miss costs 10 per trick off (WIZARD-SCORE-2).
func roundPoints(bid, won int) int {
	if won == bid {
		return 20 + 10*won
	}
	if won > bid {
		return -10 * (won - bid)
	}
	return -10 * (bid - won)
}

// closeRound scores the round just completed on s (a clone owned by the
// caller), adds it to the score sheet (WIZARD-SCORE-3) and ends the match
// after the last round (WIZARD-END-1). entry says how the tricks came in.
func (s *State) closeRound(entry string) {
	row := RoundRow{
		Round:     s.Round,
		Dealer:    s.Dealer,
		Trump:     s.Trump,
		TrumpCard: s.TrumpCard,
		Bids:      s.Bids,
		Tricks:    s.Won,
		Entry:     entry,
		Points:    make(map[string]int, s.n()),
		Disputes:  s.Disputes,
	}
	voided := len(s.Disputes) > 0 && s.Options.RevokePenalty == revokeReplayRound
	if len(s.Disputes) > 0 && s.Options.RevokePenalty == revokeFixedPoints {
		row.Penalties = map[string]int{}
		for _, d := range s.Disputes {
			row.Penalties[d.Player] += s.Options.RevokePoints
		}
	}
	for _, p := range s.Players {
		pts := 0
		if !voided {
			pts = roundPoints(s.Bids[p.ID], s.Won[p.ID]) - row.Penalties[p.ID]
		}
		row.Points[p.ID] = pts
		s.Totals[p.ID] += pts
	}
	row.Totals = cloneMap(s.Totals)
	row.Voided = voided
	s.Rows = append(s.Rows, row)

	if !voided {
		s.RoundsScored++
	}
	// The round's maps now belong to the row; the next round starts afresh.
	s.Bids, s.Won = map[string]int{}, map[string]int{}
	s.Tricks, s.Unfollowed, s.Disputes = []Trick{}, []Unfollowed{}, []Dispute{}
	s.Hands = nil
	s.Dealer, s.Trump, s.TrumpCard = "", "", ""
	if s.RoundsScored == s.Options.Rounds {
		s.Phase, s.Turn = phaseFinished, ""
		return
	}
	s.Phase = phaseDeal
	s.Turn = s.dealerOf(s.nextRound())
}
