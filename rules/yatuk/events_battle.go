package yatuk

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"

	"github.com/motamed/motamed/rules"
)

// battle_declared {player, land}: at the start of their turn, with a full
// column there, the player burns a card from their hand and declares battle
// (YATUK-BATTLE-1..3, YATUK-TURN-8, YATUK-TWO-5, -6, -8).

type battleDeclaredData struct {
	Player string `json:"player"`
	Land   string `json:"land"`
}

func (s *State) decodeBattleDeclared(raw json.RawMessage) (int, Land, error) {
	var in battleDeclaredData
	if err := rules.Decode(raw, "data", &in); err != nil {
		return -1, "", err
	}
	var f rules.Fields
	p := s.parsePlayer(in.Player, "data.player", &f)
	l := parseLand(in.Land, "data.land", &f)
	return p, l, f.Err()
}

func (s *State) applyBattleDeclared(raw json.RawMessage) (*State, []rules.Ruling, error) {
	p, l, err := s.decodeBattleDeclared(raw)
	if err != nil {
		return nil, nil, err
	}
	if rs := s.gate(p, actDeclare); rs != nil {
		return nil, nil, rules.Violations(rs)
	}
	rs := s.actionRulings(p, actDeclare)
	who := s.Players[p].Name
	if slices.Contains(s.ThisTurn.Declared, l) {
		rs = append(rs, rules.Rule("YATUK-TWO-6",
			fmt.Sprintf("%s already declared battle at %s this turn; a second declaration needs another land.", who, landEN[l]),
			fmt.Sprintf("%s در این نوبت در %s اعلام نبرد کرده است؛ اعلام نبرد دوم باید در سرزمین دیگری باشد.", who, landFA[l])))
	}
	if inactive := s.activeLand(l); inactive != nil {
		rs = append(rs, inactive...)
	} else if !slices.Contains(s.FullAtTurnStart, l) {
		ls := s.land(l)
		if size := len(ls.Armies[p].slots); size != ls.Capacity {
			rs = append(rs, declaredRulings(who, l, size, ls.Capacity)...)
		} else {
			rs = append(rs, rules.Rule("YATUK-BATTLE-1",
				fmt.Sprintf("%s may declare battle at %s only if their column there held %d cards, the capacity, at the start of their turn.", who, landEN[l], ls.Capacity),
				fmt.Sprintf("%s فقط وقتی می‌تواند در %s اعلام نبرد کند که در آغاز نوبتش به اندازه‌ی ظرفیت (%d کارت) در آن‌جا لشکر داشته باشد.", who, landFA[l], ls.Capacity)),
				rules.Rule("YATUK-TWO-8",
					fmt.Sprintf("%s filled %s during this turn; a land filled by one action cannot be declared by the next one.", who, landEN[l]),
					fmt.Sprintf("%s ظرفیت %s را در همین نوبت پر کرده است؛ سرزمینی که با یک عمل پر شده را نمی‌توان با عمل بعدی همان نوبت اعلام نبرد کرد.", who, landFA[l])))
		}
	}
	if len(rs) > 0 {
		return nil, nil, rules.Violations(rs)
	}
	n := s.clone()
	n.Players[p].HandSize--
	n.Players[p].BattlesDeclared++
	n.ActionsLeft--
	n.ThisTurn.Declared = append(n.ThisTurn.Declared, l)
	n.ThisTurn.Last = "declare"
	n.Passes = 0
	n.Phase = PhaseDeclared
	n.PendingBattle = &PendingBattle{Land: l, Type: DeclaredBattle, CurrentPlayer: n.Current, DeclaredBy: n.Current}
	return n, nil, nil
}

// battle_resolved {land, armies:{player_id:[cards]}, white_gem_color?,
// carrier?, links?}: every army at the land is revealed, ruled on, and the
// winner takes the gem with a carrying wizard (YATUK-BATTLE-7..15).

type battleResolvedData struct {
	Land          string                `json:"land"`
	Armies        map[string][]cardJSON `json:"armies"`
	WhiteGemColor *string               `json:"white_gem_color"`
	Carrier       *int                  `json:"carrier"`
	Links         map[string][]*int     `json:"links"`
}

type battleResolved struct {
	land    Land
	armies  map[int][]Card
	links   map[int][]int
	white   Color
	carrier int // 0: default
}

func (s *State) decodeBattleResolved(raw json.RawMessage) (battleResolved, error) {
	var in battleResolvedData
	if err := rules.Decode(raw, "data", &in); err != nil {
		return battleResolved{}, err
	}
	var f rules.Fields
	out := battleResolved{land: parseLand(in.Land, "data.land", &f), armies: map[int][]Card{}, links: map[int][]int{}}
	if in.Armies == nil {
		f.Add("data.armies", "is required: every player with cards at the land, with their cards in column order")
	}
	ids := make([]string, 0, len(in.Armies))
	for id := range in.Armies {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	declared := s.Options.ChainResolution == Declared
	for _, id := range ids {
		path := "data.armies." + id
		p := s.seat(id)
		if p < 0 {
			f.Add(path, fmt.Sprintf("%q is not a player of this match", id))
			continue
		}
		if len(in.Armies[id]) > maxCapacity {
			f.Add(path, fmt.Sprintf("has %d cards; no land holds more than %d", len(in.Armies[id]), maxCapacity))
			continue
		}
		out.armies[p] = parseCards(in.Armies[id], path, &f)
		if declared {
			ls, ok := in.Links[id]
			if !ok {
				f.Add("data.links."+id, "is required: the match's chain_resolution is declared, so give each card's summoner (a position, or null)")
				continue
			}
			links := parseLinks(ls)
			checkLinks(out.armies[p], links, "data.links."+id, &f)
			out.links[p] = links
		}
	}
	if declared {
		for id := range in.Links {
			if _, ok := in.Armies[id]; !ok {
				f.Add("data.links."+id, "has no army in data.armies")
			}
		}
	} else if in.Links != nil {
		f.Add("data.links", "is only used when the match's chain_resolution is declared")
	}
	out.white = parseColor(in.WhiteGemColor, "data.white_gem_color", &f)
	if in.Carrier != nil {
		if *in.Carrier < 1 {
			f.Add("data.carrier", "must be the position (from 1) of a wizard in the winner's army")
		} else {
			out.carrier = *in.Carrier
		}
	}
	return out, f.Err()
}

func (s *State) applyBattleResolved(raw json.RawMessage) (*State, []rules.Ruling, error) {
	d, err := s.decodeBattleResolved(raw)
	if err != nil {
		return nil, nil, err
	}
	if rs := s.battleDue(d.land); rs != nil {
		return nil, nil, rules.Violations(rs)
	}
	ls := s.land(d.land)
	var rs []rules.Ruling
	var armies []battleArmy
	var notes []rules.Ruling
	for j, col := range ls.Armies {
		who := s.Players[j].Name
		cards, given := d.armies[j]
		switch {
		case len(col.slots) == 0 && given:
			rs = append(rs, rules.Rule("YATUK-BATTLE-7",
				fmt.Sprintf("%s has no cards at %s and takes no part in its battle.", who, landEN[d.land]),
				fmt.Sprintf("%s در %s کارتی ندارد و در نبرد آن شرکت نمی‌کند.", who, landFA[d.land])))
			continue
		case len(col.slots) == 0:
			continue
		case !given:
			rs = append(rs, rules.Rule("YATUK-BATTLE-7",
				fmt.Sprintf("%s has %d cards at %s; every player with cards there takes part: give their army.", who, len(col.slots), landEN[d.land]),
				fmt.Sprintf("%s در %s %d کارت دارد؛ هر بازیکنی که در آن‌جا کارت دارد در نبرد شرکت می‌کند: لشکر او را هم ثبت کنید.", who, landFA[d.land], len(col.slots))))
			continue
		case len(cards) != len(col.slots):
			rs = append(rs, rules.Rule("YATUK-BATTLE-8",
				fmt.Sprintf("%s's column at %s holds %d cards, but %d were revealed.", who, landEN[d.land], len(col.slots), len(cards)),
				fmt.Sprintf("ستون لشکر %s در %s %d کارت دارد، اما %d کارت رو شده است.", who, landFA[d.land], len(col.slots), len(cards))))
			continue
		}
		for i, sl := range col.slots {
			if sl.known && sl.card != cards[i] {
				was, wasFA := describe(sl.card)
				now, nowFA := describe(cards[i])
				rs = append(rs, rules.Rule("YATUK-BATTLE-8",
					fmt.Sprintf("%s's card at position %d of %s was recorded as %s, but is revealed as %s.", who, i+1, landEN[d.land], was, now),
					fmt.Sprintf("کارت جای %d لشکر %s در %s به صورت %s ثبت شده بود، اما %s رو شده است.", i+1, who, landFA[d.land], wasFA, nowFA)))
			}
			if i >= 2 && !sl.known && cards[i].Kind == Spell {
				notes = append(notes, hiddenSpellNote(who, d.land))
			}
		}
		armies = append(armies, battleArmy{player: s.Players[j].ID, cards: cards, gems: s.gemsOf(s.Players[j].ID), links: d.links[j]})
	}
	if d.white != "" {
		holder := s.gem(White).Holder
		if holder == "" || len(ls.Armies[s.seat(holder)].slots) == 0 {
			rs = append(rs, rules.Rule("YATUK-GEM-3",
				"Nobody in this battle holds the white gem, so no colour is named for it.",
				"هیچ‌یک از بازیکنان این نبرد گوهر سفید را ندارد، پس رنگی برای آن انتخاب نمی‌شود."))
		}
	}
	if len(rs) > 0 {
		return nil, nil, rules.Violations(rs)
	}
	pb := *s.PendingBattle
	v, err := judge(armies, s.seats(), pb.CurrentPlayer, pb.Type, d.white, s.Options.ChainResolution, s.name)
	if err != nil {
		return nil, nil, fmt.Errorf("yatuk: internal: %w", err)
	}
	carrier := v.carrier
	winner := s.Players[s.seat(v.winner)]
	if d.carrier != 0 {
		cards := d.armies[winner.Seat]
		if d.carrier > len(cards) || cards[d.carrier-1].Kind != Wizard {
			return nil, nil, rules.Violate("YATUK-BATTLE-12",
				fmt.Sprintf("The gem is carried by one of the winner's wizards at %s; %s's card %d is not a wizard.", landEN[d.land], winner.Name, d.carrier),
				fmt.Sprintf("گوهر را یکی از جادوگران لشکر برنده در %s می‌برد؛ کارت %d لشکر %s جادوگر نیست.", landFA[d.land], d.carrier, winner.Name))
		}
		c := cards[d.carrier-1]
		carrier = &Carrier{Player: winner.ID, Position: d.carrier, Card: c, Power: c.Power}
	}
	notes = append(notes, rules.Ruling{Rule: v.rule, Message: v.text})
	if carrier == nil {
		notes = append(notes, rules.Rule("YATUK-AMB-10",
			fmt.Sprintf("%s's army has no wizard to carry the gem: the gem is taken without a carrier and counts 0 in the end-of-game tie-break.", winner.Name),
			fmt.Sprintf("لشکر %s جادوگری ندارد که گوهر را ببرد: گوهر بدون جادوگر برداشته می‌شود و در تساوی پایان بازی صفر حساب می‌شود.", winner.Name)))
	}

	n := s.clone()
	g := n.gem(landGem[d.land])
	row := BattleRow{Hand: n.Hand, Number: n.battlesThisHand() + 1, Land: d.land, Gem: g.Gem, Type: pb.Type,
		CurrentPlayer: pb.CurrentPlayer, Strengths: map[string]int{}, Removed: map[string][]int{},
		Winner: v.winner, Rule: v.rule, Carrier: carrier}
	if g.Holder != "" && g.Holder != v.winner {
		row.TakenFrom = g.Holder
	}
	for _, a := range v.armies {
		row.Strengths[a.Player] = a.Strength
		removed := []int{}
		for _, c := range a.Ruling.Cards {
			if !c.Kept {
				removed = append(removed, c.Position)
			}
		}
		row.Removed[a.Player] = removed
	}
	g.Holder = v.winner
	g.Carrier = carrier
	nl := n.land(d.land)
	nl.Active = false
	for j := range nl.Armies {
		nl.Armies[j].slots = nil
	}
	n.Battles = append(slices.Clone(n.Battles), row)
	n.refreshPlayers()
	n.PendingBattle = nil
	n.afterBattle(pb.Type, v.winner)
	return n, notes, nil
}

// battleDue checks that a battle is waiting at l (YATUK-BATTLE-4,
// YATUK-BATTLE-6, YATUK-ARMY-4).
func (s *State) battleDue(l Land) []rules.Ruling {
	if pb := s.PendingBattle; pb != nil && pb.Land == l {
		return nil
	}
	if inactive := s.activeLand(l); inactive != nil {
		return inactive
	}
	if pb := s.PendingBattle; pb != nil && pb.Type == ForcedBattle && slices.Contains(s.ForcedQueue, l) {
		return []rules.Ruling{rules.Rule("YATUK-BATTLE-6",
			fmt.Sprintf("Forced battles are resolved in land order: %s comes before %s.", landEN[pb.Land], landEN[l]),
			fmt.Sprintf("نبردهای اجباری به ترتیب سرزمین‌ها انجام می‌شوند: نخست %s و سپس %s.", landFA[pb.Land], landFA[l]))}
	}
	if pb := s.PendingBattle; pb != nil {
		return []rules.Ruling{rules.Rule("YATUK-BATTLE-4",
			fmt.Sprintf("The battle due now is at %s, not %s.", landEN[pb.Land], landEN[l]),
			fmt.Sprintf("نبردی که اکنون باید انجام شود در %s است، نه %s.", landFA[pb.Land], landFA[l]))}
	}
	return []rules.Ruling{rules.Rule("YATUK-BATTLE-4",
		fmt.Sprintf("No battle is due at %s: a battle begins only when declared, or forced at the start of a turn when the current player and another have full columns there.", landEN[l]),
		fmt.Sprintf("در %s نبردی در کار نیست: نبرد فقط با اعلام نبرد آغاز می‌شود، یا به‌طور اجباری در آغاز نوبت وقتی بازیکن نوبت و بازیکن دیگری به اندازه‌ی ظرفیت در آن‌جا لشکر داشته باشند.", landFA[l]))}
}
