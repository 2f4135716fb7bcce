package yatuk

import (
	"fmt"
	"slices"

	"github.com/motamed/motamed/rules"
)

// BattleType says how a battle began; the tie rules depend on it
// (YATUK-BATTLE-16).
type BattleType string

// The battle types.
const (
	DeclaredBattle BattleType = "declared"
	ForcedBattle   BattleType = "forced"
)

// ArmyResult is one player's army in a battle.
type ArmyResult struct {
	Player   string     `json:"player"`
	Gems     []Gem      `json:"gems"`
	Strength int        `json:"strength"`
	Ruling   ArmyRuling `json:"ruling"`
}

// battleArmy is one participant's revealed army.
type battleArmy struct {
	player string
	cards  []Card
	gems   GemSet
	links  []int
}

// battleVerdict is who won a battle and why.
type battleVerdict struct {
	armies  []ArmyResult
	top     int
	tied    []string
	winner  string
	rule    string
	text    rules.Text
	carrier *Carrier
}

// Carrier is the wizard that brings a gem to its winner (YATUK-BATTLE-12).
type Carrier struct {
	Player string `json:"player"`
	// Position is the wizard's 1-based place in the winner's army.
	Position int  `json:"position"`
	Card     Card `json:"card"`
	// Power is the printed power counted by the end-of-game tie-break
	// (YATUK-END-3, YATUK-AMB-11).
	Power int `json:"power"`
}

// errNeedSeats is returned by tieWinner when seat order is needed but
// unknown (the referee without "players").
type errNeedSeats struct{ tied []string }

func (e errNeedSeats) Error() string { return "seat order needed to break the tie" }

// tieWinner applies YATUK-BATTLE-11 and YATUK-TIE-1..3. seats is the
// clockwise seat order of every player at the table (nil if unknown); tied is
// the set of players at the top strength, in any order. Walking to the right
// of the current player visits seats current-1, current-2, ...
func tieWinner(seats []string, current string, typ BattleType, tied []string) (string, string, error) {
	if len(tied) == 1 {
		return tied[0], "YATUK-BATTLE-11", nil
	}
	if typ == DeclaredBattle && slices.Contains(tied, current) {
		return current, "YATUK-TIE-1", nil
	}
	rule := "YATUK-TIE-3"
	if typ == DeclaredBattle {
		rule = "YATUK-TIE-2"
	}
	var others []string
	for _, p := range tied {
		if p != current {
			others = append(others, p)
		}
	}
	if len(others) == 1 {
		return others[0], rule, nil
	}
	cur := slices.Index(seats, current)
	if cur < 0 {
		return "", "", errNeedSeats{tied: others}
	}
	n := len(seats)
	for k := 1; k < n; k++ {
		p := seats[((cur-k)%n+n)%n]
		if slices.Contains(others, p) {
			return p, rule, nil
		}
	}
	return "", "", errNeedSeats{tied: others}
}

// judge rules on every army and picks the winner. armies are in the order to
// report them (seat order when known). name gives a player's display name.
func judge(armies []battleArmy, seats []string, current string, typ BattleType, white Color, res Resolution, name func(string) string) (battleVerdict, error) {
	var v battleVerdict
	v.top = -1
	for _, a := range armies {
		opt := ArmyOptions{Resolution: res, Links: a.links}
		if a.gems.white() {
			opt.WhiteGemColor = white
		}
		r := ruleArmy(a.cards, a.gems, opt)
		v.armies = append(v.armies, ArmyResult{Player: a.player, Gems: a.gems.Gems(), Strength: r.Total, Ruling: r})
		if r.Total > v.top {
			v.top = r.Total
		}
	}
	for _, a := range v.armies {
		if a.Strength == v.top {
			v.tied = append(v.tied, a.Player)
		}
	}
	w, rule, err := tieWinner(seats, current, typ, v.tied)
	if err != nil {
		return v, err
	}
	v.winner, v.rule = w, rule
	v.text = verdictText(rule, v.top, name(w), name(current))
	for i, a := range armies {
		if a.player == w {
			v.carrier = defaultCarrier(w, a.cards, v.armies[i].Ruling)
		}
	}
	return v, nil
}

// defaultCarrier is the winner's kept wizard with the lowest printed power
// (the lowest position on a tie): the choice the end-of-game tie-break
// favours (YATUK-END-3). Nil when the winner has no wizard (YATUK-AMB-10).
func defaultCarrier(player string, cards []Card, r ArmyRuling) *Carrier {
	var best *Carrier
	for i, c := range cards {
		if c.Kind == Wizard && r.Cards[i].Kept && (best == nil || c.Power < best.Power) {
			best = &Carrier{Player: player, Position: i + 1, Card: c, Power: c.Power}
		}
	}
	return best
}

func verdictText(rule string, top int, winner, current string) rules.Text {
	switch rule {
	case "YATUK-TIE-1":
		return rules.T(
			fmt.Sprintf("Tie at %d in a declared battle: %s declared it on their turn, so %s wins.", top, current, current),
			fmt.Sprintf("تساوی با قدرت %d در نبردی که اعلام شده: %s در نوبت خودش اعلام نبرد کرده، پس %s برنده است.", top, current, current))
	case "YATUK-TIE-2":
		return rules.T(
			fmt.Sprintf("Tie at %d in a declared battle, without the declarer: %s, the first tied player to the right of %s, wins.", top, winner, current),
			fmt.Sprintf("تساوی با قدرت %d در نبردی که اعلام شده، بدون اعلام‌کننده: %s، نخستین بازیکن مساوی در سمت راست %s، برنده است.", top, winner, current))
	case "YATUK-TIE-3":
		return rules.T(
			fmt.Sprintf("Tie at %d in a forced battle: the player whose turn it is (%s) never wins a tie; %s, the nearest tied player to their right, wins.", top, current, winner),
			fmt.Sprintf("تساوی با قدرت %d در نبرد اجباری: بازیکنی که نوبت اوست (%s) هرگز در تساوی پیروز نمی‌شود؛ %s که از سمت راست به او نزدیک‌تر است برنده است.", top, current, winner))
	default:
		return rules.T(
			fmt.Sprintf("%s has the strongest army (%d) and wins the battle.", winner, top),
			fmt.Sprintf("لشکر %s با قدرت %d قوی‌ترین است و %s برنده‌ی نبرد است.", winner, top, winner))
	}
}
