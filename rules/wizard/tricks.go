package wizard

import (
	"encoding/json"
	"sort"
	"strconv"

	"github.com/motamed/motamed/rules"
)

// tricksData is the data of tricks: how many tricks each player won in the
// round, for tables that do not record every trick. It closes the round. If
// some tricks were recorded one by one first, the counts are the whole
// round's and include them.
type tricksData struct {
	Won map[string]*int `json:"won"`
}

func applyTricks(s *State, raw json.RawMessage) (*State, error) {
	var d tricksData
	if err := rules.Decode(raw, "data", &d); err != nil {
		return nil, err
	}
	var bad rules.Fields
	if d.Won == nil {
		bad.Add("data.won", "is required: an object of player ID to tricks won, for every player")
	}
	keys := make([]string, 0, len(d.Won))
	for id := range d.Won {
		keys = append(keys, id)
	}
	sort.Strings(keys) // stable error order
	for _, id := range keys {
		v := d.Won[id]
		switch {
		case seatOf(s.Players, id) < 0:
			bad.Add("data.won."+id, "is not a seated player's ID")
		case v == nil || *v < 0:
			bad.Add("data.won."+id, "must be a whole number of tricks, 0 or more")
		}
	}
	if d.Won != nil {
		for _, p := range s.Players {
			if _, ok := d.Won[p.ID]; !ok {
				bad.Add("data.won."+p.ID, "is required: every player's tricks won, 0 included")
			}
		}
	}
	if err := bad.Err(); err != nil {
		return nil, err
	}
	if err := s.checkPlayPhase(); err != nil {
		return nil, err
	}

	r := s.Round
	var f rules.Findings
	sum, overflow := 0, false
	for _, p := range s.Players {
		n := *d.Won[p.ID]
		if n > r {
			overflow = true
		} else {
			sum += n
		}
		if n < s.Won[p.ID] {
			f.Add("WIZARD-TRICK-6",
				s.nameOf(p.ID)+" already won "+strconv.Itoa(s.Won[p.ID])+" of the tricks recorded this round, so cannot end it with "+strconv.Itoa(n)+".",
				s.nameOf(p.ID)+" در تریک‌های ثبت‌شده‌ی همین دور "+strconv.Itoa(s.Won[p.ID])+" تریک بُرده است، پس نمی‌تواند دور را با "+strconv.Itoa(n)+" تریک تمام کند.")
		}
	}
	if overflow || sum != r {
		got := strconv.Itoa(sum)
		if overflow {
			got = "more"
		}
		f.Add("WIZARD-PLAY-4",
			"Round "+strconv.Itoa(r)+" has exactly "+rules.Count(r, "trick", "tricks")+", so the tricks won must add up to "+strconv.Itoa(r)+", not "+got+".",
			"دورِ "+strconv.Itoa(r)+" دقیقاً "+strconv.Itoa(r)+" تریک دارد، پس جمعِ تریک‌های بُرده باید "+strconv.Itoa(r)+" باشد، نه "+faCount(got)+".")
	}
	if err := f.Err(); err != nil {
		return nil, err
	}

	next := s.clone()
	for _, p := range s.Players {
		next.Won[p.ID] = *d.Won[p.ID]
	}
	next.closeRound("totals")
	return next, nil
}

func faCount(got string) string {
	if got == "more" {
		return "بیشتر"
	}
	return got
}
