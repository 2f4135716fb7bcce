package munchkin

import (
	"fmt"
	"slices"
	"strings"

	"github.com/motamed/motamed/rules"
)

const maxBodyCards = 200

// DeathRecord is a death and the looting of the body.
type DeathRecord struct {
	Player string `json:"player"`
	// LootOrder lists the looters, highest level first; players in one group
	// tie on level and roll the die, the higher roll picking first (DEATH-3).
	LootOrder [][]string `json:"loot_order"`
	// BodyCards, when given, is the number of cards laid out to loot; Picks
	// go into the looters' hands and the rest is discarded (DEATH-4).
	BodyCards *int   `json:"body_cards,omitempty"`
	Picks     int    `json:"picks"`
	Discarded int    `json:"discarded"`
	Rule      string `json:"rule"`
}

type diedData struct {
	Player    *string `json:"player"`
	BodyCards *int    `json:"body_cards"`
}

// applyDied records a death: the character keeps level, Race and Class cards,
// Half-Breed, Super Munchkin and Curses (DEATH-1) and loses every Item; the
// others loot the body in level order (DEATH-3).
func applyDied(s *State, raw []byte) ([]rules.Ruling, error) {
	var d diedData
	if err := rules.Decode(raw, "data", &d); err != nil {
		return nil, err
	}
	var bad rules.Fields
	i := s.playerField(d.Player, "data.player", &bad)
	if d.BodyCards != nil && (*d.BodyCards < 0 || *d.BodyCards > maxBodyCards) {
		bad.Add("data.body_cards", fmt.Sprintf("must be from 0 to %d: the cards in hand plus the cards in play that are not kept", maxBodyCards))
	}
	if err := bad.Err(); err != nil {
		return nil, err
	}
	p := &s.Players[i]
	if p.Dead {
		return nil, rules.Violate("MUNCHKIN-DEATH-6",
			p.Name+" is already dead and returns to life when the next player's turn begins.",
			p.Name+" همین الانش مُرده و با شروع نوبت نفر بعدی زنده می‌شه.")
	}
	p.Dead, p.RedrawDue = true, true
	p.Items, p.Hirelings, p.Cheat, p.EquippedBonus = []Item{}, 0, "", 0
	notes := []rules.Ruling{rules.Rule("MUNCHKIN-DEATH-1",
		fmt.Sprintf("%s dies: keeps level %d, Race and Class cards and Curses in effect, and loses every Item and card in hand.", p.Name, p.Level),
		fmt.Sprintf("%s مُرد: سطح %d، کارت‌های نژاد و طبقه و نفرین‌های فعال می‌مونن و همه‌ی وسیله‌ها و کارت‌های دستش از دست می‌رن.", p.Name, p.Level))}

	// A runner who dies stops rolling (RUN-7).
	if s.inCombat() && s.Combat.involves(p.ID) {
		skipped := 0
		for k := range s.Combat.RunAway {
			r := &s.Combat.RunAway[k]
			if r.Runner == p.ID && !r.Rolled && !r.Skipped {
				r.Skipped = true
				skipped++
			}
		}
		if skipped > 0 {
			notes = append(notes, rules.Rule("MUNCHKIN-RUN-7",
				fmt.Sprintf("%s is dead and does not roll against the %d remaining monster(s).", p.Name, skipped),
				fmt.Sprintf("%s مُرده و لازم نیست از %d هیولای باقی‌مونده فرار کنه.", p.Name, skipped)))
		}
		notes = append(notes, closeIfDone(s)...)
	}

	rec := DeathRecord{Player: p.ID, LootOrder: lootOrder(s, p.ID), BodyCards: d.BodyCards, Rule: "MUNCHKIN-DEATH-3"}
	looters := 0
	var en, fa []string
	for _, g := range rec.LootOrder {
		looters += len(g)
		names := make([]string, len(g))
		for k, id := range g {
			names[k] = s.name(id)
		}
		lvl := s.Players[mustIndex(s, g[0])].Level
		if len(g) == 1 {
			en = append(en, fmt.Sprintf("%s (%d)", names[0], lvl))
			fa = append(fa, fmt.Sprintf("%s (%d)", names[0], lvl))
		} else {
			en = append(en, fmt.Sprintf("%s (tied at %d: roll the die, higher first)", strings.Join(names, " and "), lvl))
			fa = append(fa, fmt.Sprintf("%s (مساوی روی %d: تاس بریزن، عدد بالاتر اول)", strings.Join(names, " و "), lvl))
		}
	}
	if looters == 0 {
		notes = append(notes, rules.Rule("MUNCHKIN-DEATH-4",
			"Nobody alive can loot the body: it is discarded.",
			"هیچ بازیکن زنده‌ای نیست که جنازه رو غارت کنه: همه‌ی کارت‌ها می‌سوزن."))
	} else {
		notes = append(notes, rules.Rule("MUNCHKIN-DEATH-3",
			"Looting the body, one card each, in this order: "+strings.Join(en, ", then ")+".",
			"غارت جنازه، هر نفر یه کارت، به این ترتیب: "+strings.Join(fa, "، بعد ")+"."))
	}
	if d.BodyCards != nil {
		rec.Picks = min(looters, *d.BodyCards)
		rec.Discarded = *d.BodyCards - rec.Picks
		if looters > 0 {
			notes = append(notes, rules.Rule("MUNCHKIN-DEATH-4",
				fmt.Sprintf("%s taken into the looters' hands and the other %d discarded.", rules.Count(rec.Picks, "card is", "cards are"), rec.Discarded),
				fmt.Sprintf("%d کارت می‌ره تو دست غارتگرها و %d تای دیگه می‌سوزن.", rec.Picks, rec.Discarded)))
		}
	}
	r := s.Current
	r.Deaths = append(r.Deaths, rec)
	return notes, nil
}

// lootOrder groups the living other players by level, highest first.
func lootOrder(s *State, dead string) [][]string {
	var ids []string
	for _, q := range s.Players {
		if q.ID != dead && !q.Dead {
			ids = append(ids, q.ID)
		}
	}
	slices.SortStableFunc(ids, func(a, b string) int {
		return s.Players[mustIndex(s, b)].Level - s.Players[mustIndex(s, a)].Level
	})
	out := [][]string{}
	for k, id := range ids {
		if k > 0 && s.Players[mustIndex(s, id)].Level == s.Players[mustIndex(s, ids[k-1])].Level {
			out[len(out)-1] = append(out[len(out)-1], id)
			continue
		}
		out = append(out, []string{id})
	}
	return out
}

func mustIndex(s *State, id string) int {
	i, _ := s.player(id)
	return i
}
