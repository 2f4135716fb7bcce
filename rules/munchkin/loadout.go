package munchkin

import (
	"fmt"
	"strings"

	"github.com/motamed/motamed/rules"
)

// Item slots (EQUIP-1). "other" Items (rings, potions kept for later...) use no slot.
const (
	slotHeadgear = "headgear"
	slotArmor    = "armor"
	slotFootgear = "footgear"
	slotOneHand  = "one_hand"
	slotTwoHands = "two_hands"
	slotOther    = "other"
)

var slotNames = map[string][2]string{
	slotHeadgear: {"headgear", "سر-پوش"},
	slotArmor:    {"armor", "زره"},
	slotFootgear: {"footgear", "پا-پوش"},
	slotOneHand:  {"one-hand Item", "وسیله‌ی یه‌دستی"},
	slotTwoHands: {"two-hand Item", "وسیله‌ی دودستی"},
	slotOther:    {"other Item", "وسیله‌ی دیگه"},
}

// Bounds that keep declared numbers sane (and sums far from overflow).
const (
	maxItems     = 100
	maxItemBonus = 100
	maxItemGold  = 100000
	maxHirelings = 10
)

type itemData struct {
	Name      *string `json:"name"`
	Slot      *string `json:"slot"`
	Big       *bool   `json:"big"`
	Bonus     *int    `json:"bonus"`
	Gold      *int    `json:"gold"`
	ClassOnly *string `json:"class_only"`
	RaceOnly  *string `json:"race_only"`
	Equipped  *bool   `json:"equipped"`
}

// parseItems validates declared Items. An Item not marked Big is Small
// (BIG-2); an Item is equipped unless declared "equipped": false (EQUIP-3).
func parseItems(in []itemData, prefix string, bad *rules.Fields) []Item {
	if len(in) > maxItems {
		bad.Add(prefix, fmt.Sprintf("lists at most %d Items", maxItems))
		return nil
	}
	out := make([]Item, 0, len(in))
	for i, d := range in {
		f := fmt.Sprintf("%s[%d]", prefix, i)
		it := Item{Equipped: true}
		if d.Name == nil || strings.TrimSpace(*d.Name) == "" {
			bad.Add(f+".name", "is required: the Item card's name")
		} else {
			it.Name = *d.Name
		}
		if d.Slot == nil {
			bad.Add(f+".slot", "is required: headgear, armor, footgear, one_hand, two_hands or other")
		} else if _, ok := slotNames[*d.Slot]; !ok {
			bad.Add(f+".slot", fmt.Sprintf("%q is not a slot: use headgear, armor, footgear, one_hand, two_hands or other", *d.Slot))
		} else {
			it.Slot = *d.Slot
		}
		if d.Big != nil {
			it.Big = *d.Big
		}
		if d.Bonus != nil {
			if *d.Bonus < -maxItemBonus || *d.Bonus > maxItemBonus {
				bad.Add(f+".bonus", fmt.Sprintf("must be from %d to %d", -maxItemBonus, maxItemBonus))
			}
			it.Bonus = *d.Bonus
		}
		if d.Gold != nil {
			if *d.Gold < 0 || *d.Gold > maxItemGold {
				bad.Add(f+".gold", fmt.Sprintf("must be from 0 (No Value) to %d gold pieces", maxItemGold))
			}
			it.Gold = *d.Gold
		}
		if d.ClassOnly != nil {
			if _, ok := classNames[*d.ClassOnly]; !ok {
				bad.Add(f+".class_only", "must be warrior, wizard, thief or cleric")
			}
			it.ClassOnly = *d.ClassOnly
		}
		if d.RaceOnly != nil {
			if _, ok := raceNames[*d.RaceOnly]; !ok && *d.RaceOnly != "human" {
				bad.Add(f+".race_only", "must be elf, dwarf, halfling or human")
			}
			it.RaceOnly = *d.RaceOnly
		}
		if d.Equipped != nil {
			it.Equipped = *d.Equipped
		}
		out = append(out, it)
	}
	return out
}

// SlotUse counts the equipped Items per slot; hands count 1 per one-hand and
// 2 per two-hand Item.
type SlotUse struct {
	Headgear int `json:"headgear"`
	Armor    int `json:"armor"`
	Footgear int `json:"footgear"`
	Hands    int `json:"hands"`
}

// LoadoutReport is the referee's reading of a declared loadout.
type LoadoutReport struct {
	Legal bool    `json:"legal"`
	Slots SlotUse `json:"slots"`
	// BigItems counts carried Big Items; BigAllowance is how many may be
	// carried (null: any number, for a Dwarf).
	BigItems     int  `json:"big_items"`
	BigAllowance *int `json:"big_allowance"`
	// EquippedBonus sums the bonuses of equipped Items the character may use.
	EquippedBonus int            `json:"equipped_bonus"`
	Violations    []rules.Ruling `json:"violations"`
	Notes         []rules.Ruling `json:"notes"`
	Rule          string         `json:"rule"`
	slotRuling    *rules.Ruling  // EQUIP-1
	bigRuling     *rules.Ruling  // BIG-1
	restricted    []rules.Ruling // EQUIP-6, one per Item
	Warnings      []rules.Ruling `json:"-"` // for a character change: notes that do not reject
	Overload      []rules.Ruling `json:"-"` // for a character change: BIG-5
}

// evaluateLoadout checks slot limits (EQUIP-1), the Big-item limit (BIG-1,
// BIG-4), and class/race-only Items (EQUIP-6); the Item a Cheat card is
// attached to is exempt from slots and restrictions (EQUIP-2). canSell says
// whether the owner could sell excess Big Items now (BIG-6).
func evaluateLoadout(items []Item, hirelings int, cheat string, c character, w who, canSell bool) LoadoutReport {
	rep := LoadoutReport{Violations: []rules.Ruling{}, Notes: []rules.Ruling{}, Rule: "MUNCHKIN-EQUIP-1"}
	var heads, armors, feet, handNames []string
	for _, it := range items {
		if it.Big {
			rep.BigItems++
		}
		if !it.Equipped {
			continue
		}
		cheated := cheat != "" && it.Name == cheat
		usable, why := itemUsable(it, c)
		if usable || cheated {
			rep.EquippedBonus += it.Bonus
		}
		if !usable && !cheated {
			r := rules.Rule("MUNCHKIN-EQUIP-6",
				fmt.Sprintf("%s is usable only by %s; %s cannot use it now, so it gives no bonus and must be turned sideways (not equipped).", it.Name, why[0], w.en),
				fmt.Sprintf("«%s» فقط به درد %s می‌خوره؛ %s الان نمی‌تونه ازش استفاده کنه، پس جایزه‌ای نمی‌ده و باید 90 درجه بچرخه (مجهز نباشه).", it.Name, why[1], w.fa))
			rep.restricted = append(rep.restricted, r)
		}
		if cheated {
			continue
		}
		switch it.Slot {
		case slotHeadgear:
			heads = append(heads, it.Name)
			rep.Slots.Headgear++
		case slotArmor:
			armors = append(armors, it.Name)
			rep.Slots.Armor++
		case slotFootgear:
			feet = append(feet, it.Name)
			rep.Slots.Footgear++
		case slotOneHand:
			handNames = append(handNames, it.Name)
			rep.Slots.Hands++
		case slotTwoHands:
			handNames = append(handNames, it.Name)
			rep.Slots.Hands += 2
		}
	}
	var en, fa []string
	over := func(names []string, slot string) {
		if len(names) > 1 {
			en = append(en, fmt.Sprintf("%d %s equipped (%s), at most 1", len(names), slotNames[slot][0], strings.Join(names, ", ")))
			fa = append(fa, fmt.Sprintf("%d تا %s مجهزه (%s)، حداکثر 1 تا", len(names), slotNames[slot][1], strings.Join(names, "، ")))
		}
	}
	over(heads, slotHeadgear)
	over(armors, slotArmor)
	over(feet, slotFootgear)
	if rep.Slots.Hands > 2 {
		en = append(en, fmt.Sprintf("hand Items needing %d hands (%s), at most 2: two one-hand Items or one two-hand Item", rep.Slots.Hands, strings.Join(handNames, ", ")))
		fa = append(fa, fmt.Sprintf("وسیله‌های دستی %d تا دست می‌خوان (%s)، حداکثر 2 تا: دوتا یه‌دستی یا یه دودستی", rep.Slots.Hands, strings.Join(handNames, "، ")))
	}
	if len(en) > 0 {
		r := rules.Rule("MUNCHKIN-EQUIP-1",
			w.start()+" has too much equipped: "+strings.Join(en, "; ")+". Turn the extra Items sideways.",
			w.fa+": "+strings.Join(fa, "؛ ")+". وسیله‌های اضافه رو 90 درجه بچرخونین.")
		rep.slotRuling = &r
	}
	allow, unlimited := c.bigAllowance()
	allow += hirelings
	if !unlimited {
		rep.BigAllowance = &allow
		if rep.BigItems > allow {
			r := rules.Rule("MUNCHKIN-BIG-1",
				fmt.Sprintf("%s carries %d Big Items but may carry %d (one, plus one per Hireling; a Dwarf may carry any number).", w.start(), rep.BigItems, allow),
				fmt.Sprintf("%s %d تا وسیله‌ی گنده حمل می‌کنه ولی فقط %d تا مجازه (یکی، به‌اضافه‌ی یکی برای هر «نوکر»؛ «کوتوله» هر چندتا بخواد).", w.fa, rep.BigItems, allow))
			rep.bigRuling = &r
			rep.Overload = append(rep.Overload, bigOverload(w, rep.BigItems, allow, canSell))
		}
	}
	if cheat != "" {
		rep.Notes = append(rep.Notes, rules.Rule("MUNCHKIN-EQUIP-2",
			fmt.Sprintf("The Cheat card lets %s use %s beyond the slot limits and restrictions.", w.en, cheat),
			fmt.Sprintf("کارت «فریب» به %s اجازه می‌ده «%s» رو بیرون از محدودیت‌های جا و ممنوعیت‌ها استفاده کنه.", w.fa, cheat)))
	}
	if rep.slotRuling != nil {
		rep.Violations = append(rep.Violations, *rep.slotRuling)
	}
	if rep.bigRuling != nil {
		rep.Violations = append(rep.Violations, *rep.bigRuling)
		rep.Rule = "MUNCHKIN-BIG-1"
	}
	rep.Violations = append(rep.Violations, rep.restricted...)
	rep.Warnings = append(rep.Warnings, rep.restricted...)
	rep.Legal = len(rep.Violations) == 0
	return rep
}

// bigOverload is BIG-5: a character left with too many Big Items deals with
// it at once, in the order of BIG-6.
func bigOverload(w who, n, allow int, canSell bool) rules.Ruling {
	en := fmt.Sprintf("%s now carries %d Big Items but may carry %d: fix it at once (regain an allowance) or get rid of the extra ones: ", w.start(), n, allow)
	fa := fmt.Sprintf("%s الان %d تا وسیله‌ی گنده داره ولی فقط %d تا مجازه: همین الان درستش کنین (دوباره اجازه‌ش رو بگیرین) یا اضافه‌ها رو رد کنین: ", w.fa, n, allow)
	if canSell {
		en += "sell them (it is your turn and you are not in combat), else "
		fa += "بفروشینشون (نوبت خودتونه و وسط مبارزه نیستین)، وگرنه "
	}
	en += "give them to the lowest-level player(s) who can carry them, and discard what is left (BIG-6)."
	fa += "بدینشون به پایین‌ترین سطح‌هایی که می‌تونن حملشون کنن و بقیه رو بسوزونین (BIG-6)."
	return rules.Rule("MUNCHKIN-BIG-5", en, fa)
}

// itemUsable says whether c meets an Item's class or race restriction, and
// if not, who may use it.
func itemUsable(it Item, c character) (bool, [2]string) {
	if it.ClassOnly != "" && !c.isClass(it.ClassOnly) {
		return false, [2]string{"a " + classEN(it.ClassOnly), "«" + classFA(it.ClassOnly) + "»ها"}
	}
	switch {
	case it.RaceOnly == "human" && !c.isHumanOrHalf():
		return false, [2]string{"a Human", "«آدم»ها"}
	case it.RaceOnly != "" && it.RaceOnly != "human" && !c.isRace(it.RaceOnly):
		return false, [2]string{"an " + raceEN(it.RaceOnly), "«" + raceFA(it.RaceOnly) + "»ها"}
	}
	return true, [2]string{}
}

type loadoutData struct {
	Player    *string     `json:"player"`
	Items     *[]itemData `json:"items"`
	Hirelings *int        `json:"hirelings"`
	Cheat     *string     `json:"cheat"`
}

// parseLoadout validates items, hirelings and cheat at prefix.
func parseLoadout(items *[]itemData, hirelings *int, cheat *string, prefix string, bad *rules.Fields) ([]Item, int, string) {
	var its []Item
	if items == nil {
		bad.Add(prefix+"items", "is required: every carried Item (an empty list for none)")
	} else {
		its = parseItems(*items, prefix+"items", bad)
	}
	h := 0
	if hirelings != nil {
		if *hirelings < 0 || *hirelings > maxHirelings {
			bad.Add(prefix+"hirelings", fmt.Sprintf("must be from 0 to %d Hireling cards", maxHirelings))
		}
		h = *hirelings
	}
	ch := ""
	if cheat != nil {
		found := false
		for _, it := range its {
			found = found || it.Name == *cheat
		}
		if !found {
			bad.Add(prefix+"cheat", "must name one of the declared Items: the Item the Cheat card is attached to")
		}
		ch = *cheat
	}
	return its, h, ch
}

// applyLoadoutDeclared replaces a player's carried Items with the declared
// ones. Equipment may not change in combat or while running away (EQUIP-5).
func applyLoadoutDeclared(s *State, raw []byte) ([]rules.Ruling, error) {
	var d loadoutData
	if err := rules.Decode(raw, "data", &d); err != nil {
		return nil, err
	}
	var bad rules.Fields
	i := s.playerField(d.Player, "data.player", &bad)
	items, hirelings, cheat := parseLoadout(d.Items, d.Hirelings, d.Cheat, "data.", &bad)
	if err := bad.Err(); err != nil {
		return nil, err
	}
	p := &s.Players[i]
	var rs []rules.Ruling
	if s.inCombat() && s.Combat.involves(p.ID) {
		rs = append(rs,
			rules.Rule("MUNCHKIN-EQUIP-5",
				p.Name+" is running away and cannot change which Items are equipped until the combat ends.",
				p.Name+" داره فرار می‌کنه و تا مبارزه تموم نشه نمی‌تونه تجهیزاتش رو عوض کنه."),
			rules.Rule("MUNCHKIN-TIMING-7",
				"Equipment may be changed at any time except in combat or while running away.",
				"تجهیزات رو هر وقت می‌شه عوض کرد، بجز وسط مبارزه یا در حال فرار."),
			combatLock())
	}
	rep := evaluateLoadout(items, hirelings, cheat, p.character(), playerWho(p.Name), false)
	rs = append(rs, rep.Violations...)
	if err := rules.Violations(rs); err != nil {
		return nil, err
	}
	p.Items, p.Hirelings, p.Cheat, p.EquippedBonus = items, hirelings, cheat, rep.EquippedBonus
	return rep.Notes, nil
}
