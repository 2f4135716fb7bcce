package wazabi

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/motamed/motamed/rules"
)

type openingRollData struct {
	W map[string]int `json:"w"`
}

// applyOpeningRoll records who rolled how many W before the hand's first
// turn. The most W starts; tied players roll again (WAZABI-SETUP-5,
// WAZABI-SETUP-6). The opening roll has no other effect.
func applyOpeningRoll(s *State, raw json.RawMessage) (*State, []rules.Ruling, error) {
	var d openingRollData
	if err := rules.Decode(raw, "data", &d); err != nil {
		return nil, nil, err
	}
	if d.W == nil {
		return nil, nil, rules.Invalid("data.w", "is required: an object of player ID to the number of W rolled")
	}
	var bad rules.Fields
	ids := make([]string, 0, len(d.W))
	for id := range d.W {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		switch {
		case s.seatOf(id) < 0:
			bad.Add("data.w."+id, "is not a player of this match")
		case d.W[id] < 0:
			bad.Add("data.w."+id, "must be a number of W symbols, 0 or more")
		}
	}
	if err := bad.Err(); err != nil {
		return nil, nil, err
	}
	if !s.OpeningOpen {
		if s.Hand == 1 && s.Options.FirstPlayer != "" {
			return nil, nil, rules.Violate("WAZABI-SETUP-5",
				fmt.Sprintf("The match options already name %s as the first player, so there is no opening roll.", s.name(s.Options.FirstPlayer)),
				fmt.Sprintf("در تنظیمات بازی %s شروع کننده تعیین شده است، پس پرتاب آغازین لازم نیست.", s.name(s.Options.FirstPlayer)))
		}
		return nil, nil, rules.Violate("WAZABI-SETUP-5",
			"The opening roll comes before the first turn of the hand; this hand has already begun.",
			"پرتاب آغازین پیش از اولین نوبت هر دست انجام می شود؛ این دست شروع شده است.")
	}

	// Who must be in this roll: every player, or only those tied last time.
	want := make([]string, 0, len(s.Seats))
	rule := "WAZABI-SETUP-5"
	if len(s.Reroll) > 0 {
		want = append(want, s.Reroll...)
		rule = "WAZABI-SETUP-6"
	} else {
		for _, st := range s.Seats {
			want = append(want, st.PlayerID)
		}
	}
	var missing, extra []string
	wanted := map[string]bool{}
	for _, id := range want {
		wanted[id] = true
		if _, ok := d.W[id]; !ok {
			missing = append(missing, s.name(id))
		}
	}
	for _, st := range s.Seats {
		if _, ok := d.W[st.PlayerID]; ok && !wanted[st.PlayerID] {
			extra = append(extra, st.Name)
		}
	}
	var broken rules.Findings
	switch {
	case len(extra) > 0:
		broken.Add("WAZABI-SETUP-6",
			"Only the players tied for the most W roll again; "+strings.Join(extra, ", ")+" did not tie.",
			"فقط بازیکنانی که در بیش ترین W مساوی شده اند دوباره تاس می ریزند؛ "+strings.Join(extra, "، ")+" مساوی نشده اند.")
	case len(missing) > 0 && rule == "WAZABI-SETUP-6":
		broken.Add(rule,
			"The tied players all roll again; missing: "+strings.Join(missing, ", ")+".",
			"همه ی بازیکنانی که مساوی شده اند دوباره تاس می ریزند؛ این ها جا افتاده اند: "+strings.Join(missing, "، ")+".")
	case len(missing) > 0:
		broken.Add(rule,
			"Every player rolls all their dice for the opening roll; missing: "+strings.Join(missing, ", ")+".",
			"در پرتاب آغازین همه ی بازیکنان همه ی تاس هایشان را می ریزند؛ این ها جا افتاده اند: "+strings.Join(missing, "، ")+".")
	}
	for _, st := range s.Seats {
		if n, ok := d.W[st.PlayerID]; ok && n > st.Dice {
			broken.Add("WAZABI-SETUP-5",
				fmt.Sprintf("%s rolls %d dice and cannot show %d W.", st.Name, st.Dice, n),
				fmt.Sprintf("%s با %d تاس نمی تواند %d علامت W بیاورد.", st.Name, st.Dice, n))
		}
	}
	if err := broken.Err(); err != nil {
		return nil, nil, err
	}

	best, top := -1, []string(nil)
	for _, st := range s.Seats {
		n, ok := d.W[st.PlayerID]
		switch {
		case !ok:
		case n > best:
			best, top = n, []string{st.PlayerID}
		case n == best:
			top = append(top, st.PlayerID)
		}
	}
	next := s.clone()
	if len(top) > 1 {
		next.Reroll = top
		names := make([]string, len(top))
		for i, id := range top {
			names[i] = s.name(id)
		}
		return next, []rules.Ruling{rules.Rule("WAZABI-SETUP-6",
			fmt.Sprintf("%s tie with %d W and roll again.", strings.Join(names, ", "), best),
			fmt.Sprintf("%s با %d علامت W مساوی شدند و دوباره تاس می ریزند.", strings.Join(names, "، "), best))}, nil
	}
	next.Reroll = nil
	next.HandStarter = top[0]
	next.beginTurn(next.seatOf(top[0]))
	return next, []rules.Ruling{rules.Rule("WAZABI-SETUP-5",
		fmt.Sprintf("%s rolled the most W (%d) and starts.", s.name(top[0]), best),
		fmt.Sprintf("%s با %d علامت W بیش ترین را آورد و بازی را شروع می کند.", s.name(top[0]), best))}, nil
}
