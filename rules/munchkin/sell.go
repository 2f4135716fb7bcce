package munchkin

import (
	"fmt"
	"slices"
	"strings"

	"github.com/motamed/motamed/rules"
)

// goldPerLevel is the price of one level (SELL-2; AMB-3a).
const goldPerLevel = 1000

const maxSaleItems = 100

// SaleRecord is a sale as the score sheet keeps it.
type SaleRecord struct {
	Player string `json:"player,omitempty"`
	SaleResult
}

// SaleResult is the referee's ruling on a sale.
type SaleResult struct {
	Gold        []int      `json:"gold"`
	Value       int        `json:"value"`
	LevelBefore int        `json:"level_before"`
	Levels      int        `json:"levels"`
	LevelAfter  int        `json:"level_after"`
	GoldLost    int        `json:"gold_lost"`
	Rule        string     `json:"rule"`
	Explanation rules.Text `json:"explanation"`
	// Better, when a capped sale wastes a level's worth of gold, is the
	// cheapest part of the sale that gives the same levels.
	Better []int          `json:"better,omitempty"`
	Notes  []rules.Ruling `json:"notes"`
}

func parseGold(in *[]int, field string, bad *rules.Fields) []int {
	if in == nil || len(*in) == 0 {
		bad.Add(field, "is required: the gold value of each Item sold (0 for No Value)")
		return nil
	}
	if len(*in) > maxSaleItems {
		bad.Add(field, fmt.Sprintf("lists at most %d Items", maxSaleItems))
		return nil
	}
	for k, g := range *in {
		if g < 0 || g > maxItemGold {
			bad.Add(fmt.Sprintf("%s[%d]", field, k), fmt.Sprintf("must be from 0 (No Value) to %d gold pieces", maxItemGold))
		}
	}
	return *in
}

// computeSale rules on a sale of Items worth gold at level: one level per
// full 1,000 gold (SELL-2, SELL-4), the rest lost (SELL-3), never the
// winning level (WIN-4) under sell_overflow cap or reject (AMB-11).
func computeSale(level int, gold []int, opts Options, w who) (SaleResult, error) {
	res := SaleResult{Gold: slices.Clone(gold), LevelBefore: level, LevelAfter: level, Rule: "MUNCHKIN-SELL-2", Notes: []rules.Ruling{}}
	for _, g := range gold {
		res.Value += g
	}
	n := res.Value / goldPerLevel
	room := opts.MaxLevel - 1 - level
	var rs []rules.Ruling
	if n == 0 {
		rs = append(rs, rules.Rule("MUNCHKIN-SELL-2",
			fmt.Sprintf("Items worth %d gold buy no level: a sale needs at least 1000 gold, and Items cannot simply be discarded.", res.Value),
			fmt.Sprintf("وسیله‌های %d قطعه طلایی هیچ سطحی نمی‌خرن: فروش دست‌کم 1000 قطعه طلا می‌خواد و وسیله رو نمی‌شه همین‌جوری سوزوند.", res.Value)))
	}
	if room <= 0 {
		rs = append(rs, rules.Rule("MUNCHKIN-WIN-4",
			fmt.Sprintf("Selling can never reach level %d, so %s at level %d cannot sell at all.", opts.MaxLevel, w.en, level),
			fmt.Sprintf("با فروش وسیله نمی‌شه به سطح %d رسید، پس %s که سطح %d هست اصلاً نمی‌تونه بفروشه.", opts.MaxLevel, w.fa, level)))
	} else if n > room && opts.SellOverflow == overflowReject {
		rs = append(rs, rules.Rule("MUNCHKIN-WIN-4",
			fmt.Sprintf("Selling can never reach level %d: %s may gain %d level(s) by selling, so sell at most %d gold.", opts.MaxLevel, w.en, room, (room+1)*goldPerLevel-1),
			fmt.Sprintf("با فروش وسیله نمی‌شه به سطح %d رسید: %s حداکثر %d سطح با فروش می‌گیره، پس حداکثر %d قطعه طلا بفروشه.", opts.MaxLevel, w.fa, room, (room+1)*goldPerLevel-1)))
	}
	if err := rules.Violations(rs); err != nil {
		return res, err
	}
	res.Levels = min(n, room)
	res.LevelAfter = level + res.Levels
	res.GoldLost = res.Value - res.Levels*goldPerLevel
	res.Explanation = rules.T(
		fmt.Sprintf("%d gold buys %d level(s): %s goes from level %d to %d.", res.Value, res.Levels, w.en, level, res.LevelAfter),
		fmt.Sprintf("%d قطعه طلا %d سطح می‌خره: %s از سطح %d می‌ره به سطح %d.", res.Value, res.Levels, w.fa, level, res.LevelAfter))
	if n > room {
		res.Rule = "MUNCHKIN-WIN-4"
		en := fmt.Sprintf("Selling stops at level %d (level %d only by a kill): %d gold is lost.", res.LevelAfter, opts.MaxLevel, res.GoldLost)
		fa := fmt.Sprintf("فروش روی سطح %d متوقف می‌شه (سطح %d فقط با کشتن هیولا): %d قطعه طلا هدر می‌ره.", res.LevelAfter, opts.MaxLevel, res.GoldLost)
		if res.GoldLost >= goldPerLevel {
			if better := cheapestSubset(gold, res.Levels*goldPerLevel); better != nil {
				res.Better = better
				en += fmt.Sprintf(" Selling only %s (%d gold) would give the same level and keep the rest.", joinInts(better, ", "), sum(better))
				fa += fmt.Sprintf(" فروختن فقط %s (%d قطعه طلا) همین سطح رو می‌داد و بقیه می‌موند.", joinInts(better, "، "), sum(better))
			}
		}
		res.Notes = append(res.Notes, rules.Rule("MUNCHKIN-WIN-4", en, fa))
	} else if res.GoldLost > 0 {
		res.Rule = "MUNCHKIN-SELL-3"
		res.Notes = append(res.Notes, rules.Rule("MUNCHKIN-SELL-3",
			fmt.Sprintf("No change is given: the %d gold beyond the last full 1000 is lost.", res.GoldLost),
			fmt.Sprintf("پول خُرد پس نمی‌دن: %d قطعه طلای اضافه بر آخرین 1000 تای کامل از دست می‌ره.", res.GoldLost)))
	}
	return res, nil
}

// cheapestSubset finds the Items of least total value worth at least target
// (so a capped sale can keep the rest). It gives up (nil) on sales too large
// to search cheaply; the warning then only states the loss.
func cheapestSubset(gold []int, target int) []int {
	total := sum(gold)
	if total > 200000 || len(gold) > 40 {
		return nil
	}
	// from[v] = index of the last Item added to reach value v, -1 unreached.
	from := make([]int, total+1)
	for v := range from {
		from[v] = -2
	}
	from[0] = -1
	for k, g := range gold {
		for v := total - g; v >= 0; v-- {
			if from[v] != -2 && from[v+g] == -2 {
				from[v+g] = k
			}
		}
	}
	for v := target; v <= total; v++ {
		if from[v] == -2 {
			continue
		}
		var picked []int
		used := make([]bool, len(gold))
		for x := v; x > 0; {
			k := from[x]
			if k < 0 || used[k] {
				return nil
			}
			used[k] = true
			picked = append(picked, gold[k])
			x -= gold[k]
		}
		if len(picked) == len(gold) {
			return nil
		}
		slices.Sort(picked)
		return picked
	}
	return nil
}

func sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

func joinInts(xs []int, sep string) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, sep)
}

type saleData struct {
	Player *string `json:"player"`
	Gold   *[]int  `json:"gold"`
}

// applyItemsSold records a sale on the seller's own turn, out of combat
// (SELL-1), and moves the pawn.
func applyItemsSold(s *State, raw []byte) ([]rules.Ruling, error) {
	var d saleData
	if err := rules.Decode(raw, "data", &d); err != nil {
		return nil, err
	}
	var bad rules.Fields
	i := s.playerField(d.Player, "data.player", &bad)
	gold := parseGold(d.Gold, "data.gold", &bad)
	if err := bad.Err(); err != nil {
		return nil, err
	}
	p := &s.Players[i]
	var rs []rules.Ruling
	if p.Dead {
		rs = append(rs, deadRuling(p.Name))
	}
	if p.ID != s.Turn.Player {
		rs = append(rs, notOwnTurnSale(s, playerWho(p.Name))...)
	} else if s.inCombat() {
		rs = append(rs, inCombatSale(playerWho(p.Name))...)
	}
	res, err := computeSale(p.Level, gold, s.Options, playerWho(p.Name))
	if err != nil {
		if v, ok := err.(*rules.ViolationError); ok {
			rs = append(rs, v.Rulings...)
		}
	}
	if err := rules.Violations(rs); err != nil {
		return nil, err
	}
	s.setLevel(i, reasonSell, res.Levels, res.LevelAfter)
	r := s.Current
	r.Sales = append(r.Sales, SaleRecord{Player: p.ID, SaleResult: res})
	notes := []rules.Ruling{rules.Rule(res.Rule, res.Explanation.EN, res.Explanation.FA)}
	return append(notes, res.Notes...), nil
}
