package wizard

import (
	"encoding/json"
	"strconv"

	"github.com/motamed/motamed/rules"
)

// bidData is the data of bid: one player's prediction for the round.
type bidData struct {
	Player *string `json:"player"`
	Bid    *int    `json:"bid"`
}

// maxBid is the technical ceiling of any bid: no round has more tricks.
const maxBid = 60

func applyBid(s *State, raw json.RawMessage) (*State, error) {
	var d bidData
	if err := rules.Decode(raw, "data", &d); err != nil {
		return nil, err
	}
	var bad rules.Fields
	if d.Player == nil {
		bad.Add("data.player", "is required: the ID of the bidding player")
	} else if seatOf(s.Players, *d.Player) < 0 {
		bad.Add("data.player", "must be the ID of a seated player")
	}
	if d.Bid == nil {
		bad.Add("data.bid", "is required: the number of tricks the player expects to win")
	} else if *d.Bid < 0 || *d.Bid > maxBid {
		bad.Add("data.bid", "must be a whole number of tricks from 0 to 60")
	}
	if err := bad.Err(); err != nil {
		return nil, err
	}
	p, bid := *d.Player, *d.Bid
	name := s.nameOf(p)

	var f rules.Findings
	if s.Phase == phaseDeal {
		r := strconv.Itoa(s.nextRound())
		f.Add("WIZARD-BID-1",
			"Bids come after the deal: record the start of round "+r+" first.",
			"پیش‌بینی بعد از پخشِ کارت‌هاست: اول شروعِ دورِ "+r+" را ثبت کنید.")
		return nil, f.Err()
	}
	r := s.Round
	if prev, done := s.Bids[p]; done {
		f.Add("WIZARD-BID-1",
			name+" already bid "+strconv.Itoa(prev)+" in round "+strconv.Itoa(r)+"; each player bids once a round.",
			name+" در دورِ "+strconv.Itoa(r)+" پیش‌بینیِ "+strconv.Itoa(prev)+" را گفته است؛ هر بازیکن در هر دور یک بار پیش‌بینی می‌کند.")
		f.Add("WIZARD-BID-4",
			"A recorded bid cannot be changed ("+name+": "+strconv.Itoa(prev)+").",
			"پیش‌بینیِ ثبت‌شده را نمی‌شود عوض کرد ("+name+": "+strconv.Itoa(prev)+").")
	}
	if s.Phase == phaseBidding && p != s.Turn {
		f.Add("WIZARD-BID-2",
			"It is "+s.nameOf(s.Turn)+"'s turn to bid: bids go clockwise, starting left of the dealer "+s.nameOf(s.Dealer)+".",
			"نوبتِ پیش‌بینیِ "+s.nameOf(s.Turn)+" است: پیش‌بینی‌ها در جهتِ عقربه‌های ساعت گفته می‌شوند و از نفرِ سمت چپِ مُعتمد ("+s.nameOf(s.Dealer)+") شروع می‌شوند.")
	}
	if s.Options.BidUpperBound == bidBoundRound && bid > r {
		f.Add("WIZARD-BID-3",
			name+" cannot bid "+strconv.Itoa(bid)+": round "+strconv.Itoa(r)+" has only "+strconv.Itoa(r)+" tricks, so a bid is from 0 to "+strconv.Itoa(r)+".",
			name+" نمی‌تواند "+strconv.Itoa(bid)+" پیش‌بینی کند: دورِ "+strconv.Itoa(r)+" فقط "+strconv.Itoa(r)+" تریک دارد، پس پیش‌بینی از 0 تا "+strconv.Itoa(r)+" است.")
	}
	if _, done := s.Bids[p]; !done && s.Options.BidTotalRule == bidTotalDealerMustBreak && len(s.Bids) == s.n()-1 {
		sum := bid
		for _, b := range s.Bids {
			sum += b
		}
		if sum == r {
			f.Add("WIZARD-AMB-7",
				name+" bids last and may not bid "+strconv.Itoa(bid)+": the bids would add up to "+strconv.Itoa(r)+", the number of tricks, and at this table the dealer's bid may not make them equal.",
				name+" آخرین پیش‌بینی را می‌گوید و نمی‌تواند "+strconv.Itoa(bid)+" بگوید: جمعِ پیش‌بینی‌ها "+strconv.Itoa(r)+" می‌شد، برابر با تعدادِ تریک‌ها، و سرِ این میز پیش‌بینیِ مُعتمد نباید جمع را برابر کند.")
		}
	}
	if err := f.Err(); err != nil {
		return nil, err
	}

	next := s.clone()
	next.Bids[p] = bid
	if len(next.Bids) == next.n() {
		next.Phase = phasePlaying
		next.Turn = next.leftOf(next.Dealer, 1) // WIZARD-PLAY-1
	} else {
		next.Turn = next.leftOf(p, 1)
	}
	return next, nil
}
