package wizard

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/motamed/motamed/rules"
)

// The range a state offers is exactly what a bid event accepts: every bid
// in it is accepted and every bid outside it is refused.
func TestBidRangeIsWhatBidAccepts(t *testing.T) {
	for _, opts := range []string{`{}`, `{"bid_total_rule":"dealer_must_break"}`, `{"bid_upper_bound":"none","bid_total_rule":"dealer_must_break"}`} {
		s := setup(t, 3, opts)
		for round := 1; round <= 3; round++ {
			s, _ = apply(t, s, "round_started", m{"trump": "none"})
			for range 3 {
				r := s.BidRange
				if r == nil {
					t.Fatalf("%s round %d: no bid_range while bids are due", opts, round)
				}
				first := -1
				for bid := 0; bid <= 61; bid++ {
					_, _, err := New().Apply(s, rules.Event{Type: "bid", Data: json.RawMessage(`{"player":"` + s.Turn + `","bid":` + strconv.Itoa(bid) + `}`)})
					in := bid >= r.Min && bid <= r.Max && (r.Forbidden == nil || *r.Forbidden != bid)
					if (err == nil) != in {
						t.Fatalf("%s round %d: bid %d accepted=%v, range %+v", opts, round, bid, err == nil, r)
					}
					if err == nil && first < 0 {
						first = bid
					}
				}
				s, _ = apply(t, s, "bid", m{"player": s.Turn, "bid": first})
			}
			if s.BidRange != nil {
				t.Fatalf("%s: bid_range while tricks are due", opts)
			}
			s, _ = apply(t, s, "tricks", m{"won": m{"p1": round, "p2": 0, "p3": 0}})
		}
	}
}
