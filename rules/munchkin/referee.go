package munchkin

import (
	"encoding/json"
	"fmt"

	"github.com/motamed/motamed/rules"
)

// Referee questions answer without a match: every number is in the request.
// Field errors name "body.<field>".

var (
	fighterWho = who{"the fighter", "مبارز"}
	helperWho  = who{"the helper", "کمک‌کننده"}
)

func referees() []rules.Referee {
	return []rules.Referee{
		{
			Question: "combat",
			Summary:  "Who wins a fight, with what strengths, levels and Treasures, and which run-away rolls a loss leaves (levels given in the request).",
			Example:  json.RawMessage(combatExample),
			Ask:      askCombat,
		},
		{
			Question: "loadout",
			Summary:  "Whether a set of carried Items is legal: slot limits, the Big-Item limit and class/race-only Items, every violation with its rule.",
			Example:  json.RawMessage(loadoutExample),
			Ask:      askLoadout,
		},
		{
			Question: "sell",
			Summary:  "The levels a sale of Items gives at a given level: 1 per full 1000 gold, the rest lost, never the winning level.",
			Example:  json.RawMessage(sellExample),
			Ask:      askSell,
		},
	}
}

// The seed's own fight: Reza, a level 4 Warrior with a +3 chainsaw, Magic
// Missile (+5) and Berserking (+3), against the Stupid Troll made Savage.
const combatExample = `{"player_level":4,"bonus":6,"player_is_warrior":true,"one_shot_bonus":5,"monsters":[{"name":"Stupid Troll","level":10,"treasures":3,"modifiers":[{"name":"Savage","strength":5,"treasures":1}]}],"max_level":10}`

const loadoutExample = `{"items":[{"name":"Helmet A","slot":"headgear","bonus":1,"gold":200},{"name":"Helmet B","slot":"headgear","bonus":2,"gold":400,"equipped":false},{"name":"Two-hand sword","slot":"two_hands","big":true,"bonus":3,"gold":600},{"name":"Shield","slot":"one_hand","bonus":2,"gold":400},{"name":"Pointy Mace","slot":"one_hand","bonus":3,"gold":600,"class_only":"cleric","equipped":false}],"races":[],"classes":["warrior"],"hirelings":0}`

const sellExample = `{"level":8,"gold":[400,500,600,800],"max_level":10,"sell_overflow":"cap"}`

type combatQuestion struct {
	PlayerLevel     *int           `json:"player_level"`
	Bonus           *int           `json:"bonus"`
	PlayerIsWarrior *bool          `json:"player_is_warrior"`
	HelperLevel     *int           `json:"helper_level"`
	HelperBonus     *int           `json:"helper_bonus"`
	HelperIsWarrior *bool          `json:"helper_is_warrior"`
	HelperIsElf     *bool          `json:"helper_is_elf"`
	HelperCompelled *bool          `json:"helper_compelled"`
	OneShotBonus    *int           `json:"one_shot_bonus"`
	Monsters        *[]monsterData `json:"monsters"`
	Outcome         *string        `json:"outcome"`
	MaxLevel        *int           `json:"max_level"`
	ElfHelperCanWin *bool          `json:"elf_helper_can_win"`
	SharedVictory   *bool          `json:"shared_victory"`
}

// ruleLevelRange: a level is a space of the track, 1 to the winning level.
const ruleLevelRange = "MUNCHKIN-LEVEL-1"

func checkLevel(v *int, field string, top int, bad *rules.Fields) int {
	if v == nil {
		bad.Add(field, "is required: the level on the track")
		return 1
	}
	if *v < 1 || *v > top {
		bad.Add(field, fmt.Sprintf("must be a level from 1 to %d, the winning level (%s)", top, ruleLevelRange))
		return 1
	}
	return *v
}

func askCombat(body json.RawMessage) (any, error) {
	var q combatQuestion
	if err := rules.Decode(body, "body", &q); err != nil {
		return nil, err
	}
	opts, err := buildOptions(rawOptions{MaxLevel: q.MaxLevel, ElfHelperCanWin: q.ElfHelperCanWin, SharedVictory: q.SharedVictory}, "body.")
	if err != nil {
		return nil, err
	}
	var bad rules.Fields
	in := combatIn{Opts: opts, Fighter: fighterIn{Who: fighterWho}}
	in.Fighter.Level = checkLevel(q.PlayerLevel, "body.player_level", opts.MaxLevel, &bad)
	in.Fighter.Bonus = checkBonus(q.Bonus, "body.bonus", true, &bad)
	in.Fighter.Warrior = q.PlayerIsWarrior != nil && *q.PlayerIsWarrior
	in.OneShot = checkBonus(q.OneShotBonus, "body.one_shot_bonus", false, &bad)
	in.Monsters = parseMonsters(q.Monsters, "body.monsters", &bad)
	in.Claimed = checkClaimed(q.Outcome, "body.outcome", &bad)
	if q.HelperLevel != nil {
		h := fighterIn{Who: helperWho}
		h.Level = checkLevel(q.HelperLevel, "body.helper_level", opts.MaxLevel, &bad)
		h.Bonus = checkBonus(q.HelperBonus, "body.helper_bonus", false, &bad)
		h.Warrior = q.HelperIsWarrior != nil && *q.HelperIsWarrior
		h.Elf = q.HelperIsElf != nil && *q.HelperIsElf
		in.Helper = &h
		in.Compelled = q.HelperCompelled != nil && *q.HelperCompelled
	} else {
		helperOnlyFields(&combatData{HelperBonus: q.HelperBonus, HelperIsWarrior: q.HelperIsWarrior, HelperIsElf: q.HelperIsElf, HelperCompelled: q.HelperCompelled}, "body.", &bad)
	}
	if err := bad.Err(); err != nil {
		return nil, err
	}
	out, err := resolveCombat(in)
	if err != nil {
		return nil, err
	}
	return out, nil
}

type loadoutQuestion struct {
	Items         *[]itemData `json:"items"`
	Races         *[]string   `json:"races"`
	Classes       *[]string   `json:"classes"`
	SuperMunchkin *bool       `json:"super_munchkin"`
	HalfBreed     *bool       `json:"half_breed"`
	Hirelings     *int        `json:"hirelings"`
	Cheat         *string     `json:"cheat"`
}

func askLoadout(body json.RawMessage) (any, error) {
	var q loadoutQuestion
	if err := rules.Decode(body, "body", &q); err != nil {
		return nil, err
	}
	var bad rules.Fields
	items, hirelings, cheat := parseLoadout(q.Items, q.Hirelings, q.Cheat, "body.", &bad)
	c := character{Races: []string{}, Classes: []string{}}
	if q.Races != nil {
		c.Races = parseCards(*q.Races, "body.races", raceNames, "race", &bad)
	}
	if q.Classes != nil {
		c.Classes = parseCards(*q.Classes, "body.classes", classNames, "class", &bad)
	}
	c.SuperMunchkin = q.SuperMunchkin != nil && *q.SuperMunchkin
	c.HalfBreed = q.HalfBreed != nil && *q.HalfBreed
	if err := bad.Err(); err != nil {
		return nil, err
	}
	w := who{"the character", "کاراکتر"}
	rep := evaluateLoadout(items, hirelings, cheat, c, w, false)
	if cr := checkCharacter(c, w); len(cr) > 0 {
		rep.Violations = append(cr, rep.Violations...)
		rep.Legal = false
	}
	return rep, nil
}

type sellQuestion struct {
	Level        *int    `json:"level"`
	Gold         *[]int  `json:"gold"`
	MaxLevel     *int    `json:"max_level"`
	SellOverflow *string `json:"sell_overflow"`
	InCombat     *bool   `json:"in_combat"`
	OwnTurn      *bool   `json:"own_turn"`
}

func askSell(body json.RawMessage) (any, error) {
	var q sellQuestion
	if err := rules.Decode(body, "body", &q); err != nil {
		return nil, err
	}
	opts, err := buildOptions(rawOptions{MaxLevel: q.MaxLevel, SellOverflow: q.SellOverflow}, "body.")
	if err != nil {
		return nil, err
	}
	var bad rules.Fields
	level := checkLevel(q.Level, "body.level", opts.MaxLevel, &bad)
	gold := parseGold(q.Gold, "body.gold", &bad)
	if err := bad.Err(); err != nil {
		return nil, err
	}
	w := who{"the seller", "فروشنده"}
	var rs []rules.Ruling
	switch {
	case q.OwnTurn != nil && !*q.OwnTurn:
		rs = append(rs,
			rules.Rule("MUNCHKIN-SELL-1", "Items may be sold only during the seller's own turn.", "وسیله رو فقط تو نوبت خود فروشنده می‌شه فروخت."),
			rules.Rule("MUNCHKIN-TIMING-10", "Selling is an own-turn action.", "فروختن وسیله فقط کار نوبت خود آدمه."))
	case q.InCombat != nil && *q.InCombat:
		rs = append(rs, inCombatSale(who{"the seller", "فروشنده"})...)
	}
	res, err := computeSale(level, gold, opts, w)
	if v, ok := err.(*rules.ViolationError); ok {
		rs = append(rs, v.Rulings...)
	}
	if err := rules.Violations(rs); err != nil {
		return nil, err
	}
	return res, nil
}
