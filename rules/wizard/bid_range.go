package wizard

// BidRange is the bids the player on turn may make: from Min to Max, and
// never Forbidden, the one bid that would make the total equal the number
// of tricks when that player bids last under dealer_must_break.
type BidRange struct {
	Min       int  `json:"min"`
	Max       int  `json:"max"`
	Forbidden *int `json:"forbidden,omitempty"`
}

// bidRange is the range of the bid due next, or nil when no bid is due.
// It states what applyBid checks (WIZARD-BID-3, WIZARD-AMB-7).
func (s *State) bidRange() *BidRange {
	if s.Phase != phaseBidding {
		return nil
	}
	r := &BidRange{Max: maxBid}
	if s.Options.BidUpperBound == bidBoundRound {
		r.Max = s.Round
	}
	if s.Options.BidTotalRule == bidTotalDealerMustBreak && len(s.Bids) == s.n()-1 {
		sum := 0
		for _, b := range s.Bids {
			sum += b
		}
		if f := s.Round - sum; f >= 0 && f <= r.Max {
			r.Forbidden = &f
		}
	}
	return r
}
