package munchkin

import (
	"fmt"
	"slices"

	"github.com/motamed/motamed/rules"
)

// Reasons for a level change (the spec's table 9.3). bad_stuff is a
// monster's Bad Stuff after a failed run-away roll; curse is a Curse; card is
// Go Up a Level (positive) or another card (negative).
const (
	reasonKill       = "kill"
	reasonHelp       = "help"
	reasonSell       = "sell"
	reasonCard       = "card"
	reasonCurse      = "curse"
	reasonBadStuff   = "bad_stuff"
	reasonDeath      = "death"
	reasonCorrection = "correction"
)

var levelReasons = []string{reasonKill, reasonHelp, reasonSell, reasonCard, reasonCurse, reasonBadStuff, reasonDeath, reasonCorrection}

const maxDelta = 100

type levelData struct {
	Player *string `json:"player"`
	Delta  *int    `json:"delta"`
	Reason *string `json:"reason"`
}

// applyLevelChanged moves a pawn for a stated reason and checks that the
// reason may move it that way (table 9.3), under revision rev of the rules.
// A loss below 1 stops at 1.
func applyLevelChanged(s *State, raw []byte, rev int) ([]rules.Ruling, error) {
	var d levelData
	if err := rules.Decode(raw, "data", &d); err != nil {
		return nil, err
	}
	var bad rules.Fields
	i := s.playerField(d.Player, "data.player", &bad)
	if d.Reason == nil {
		bad.Add("data.reason", "is required: kill, help, sell, card, curse, bad_stuff, death or correction")
	} else if !slices.Contains(levelReasons, *d.Reason) {
		bad.Add("data.reason", fmt.Sprintf("%q is not a reason: use kill, help, sell, card, curse, bad_stuff, death or correction", *d.Reason))
	}
	if d.Delta == nil {
		bad.Add("data.delta", "is required: levels gained (positive) or lost (negative)")
	} else if *d.Delta < -maxDelta || *d.Delta > maxDelta {
		bad.Add("data.delta", fmt.Sprintf("must be from %d to %d", -maxDelta, maxDelta))
	} else if *d.Delta == 0 && (d.Reason == nil || *d.Reason != reasonDeath) {
		bad.Add("data.delta", "must not be 0 (only reason death records a level change of 0)")
	}
	if err := bad.Err(); err != nil {
		return nil, err
	}
	p := &s.Players[i]
	reason, delta := *d.Reason, *d.Delta
	top := s.Options.MaxLevel
	to := p.Level + delta
	var rs, notes []rules.Ruling
	if delta > 0 && p.Dead {
		rs = append(rs, deadRuling(p.Name))
	}
	if delta < 0 && (reason == reasonKill || reason == reasonHelp || reason == reasonSell) {
		rs = append(rs, rules.Rule("MUNCHKIN-LEVEL-4",
			fmt.Sprintf("A %s never costs levels: a level falls only when a card (a Curse, Bad Stuff or another card) says so.", reasonEN(reason)),
			fmt.Sprintf("%s هیچ‌وقت سطح کم نمی‌کنه: سطح فقط وقتی پایین می‌آد که یه کارت (نفرین، مکافات یا کارت دیگه) بگه.", reasonFA(reason))))
	}
	if delta > 0 && (reason == reasonCurse || reason == reasonBadStuff) {
		rs = append(rs, rules.Rule("MUNCHKIN-LEVEL-3",
			fmt.Sprintf("A %s never raises a level: levels rise only by killing monsters, by a card such as Go Up a Level, or by selling Items.", reasonEN(reason)),
			fmt.Sprintf("%s هیچ‌وقت سطح رو بالا نمی‌بره: سطح فقط با کشتن هیولا، با کارتی مثل «یه سطح میرین بالا» یا با فروش وسیله بالا می‌ره.", reasonFA(reason))))
	}
	switch reason {
	case reasonKill, reasonHelp:
		if delta <= 0 {
			break
		}
		if s.inCombat() {
			rs = append(rs,
				rules.Rule("MUNCHKIN-COMBAT-14", "No level can be collected while a combat is still going on; rewards come only after it ends.",
					"وسط مبارزه نمی‌شه پاداش (سطح) گرفت؛ پاداش فقط بعد از تموم شدن مبارزه می‌آد."),
				rules.Rule("MUNCHKIN-RUN-1", "This fight was lost: those who run away get no levels and no Treasure.",
					"این مبارزه باخته شده: کسی که فرار می‌کنه نه سطح می‌گیره نه گنج."))
			break
		}
		if reason == reasonKill && p.ID != s.Turn.Player {
			rs = append(rs, rules.Rule("MUNCHKIN-COMBAT-9",
				fmt.Sprintf("It is %s's turn: only the player whose fight it is gains levels for the kill; %s can gain only as an Elf helper (reason help).", s.name(s.Turn.Player), p.Name),
				fmt.Sprintf("نوبتِ %s است: فقط صاحب مبارزه برای کشتن هیولا سطح می‌گیره؛ %s فقط به‌عنوان «الف» کمک‌کننده سطح می‌گیره (دلیل help).", s.name(s.Turn.Player), p.Name)))
			break
		}
		if reason == reasonHelp && (p.ID == s.Turn.Player || !p.character().isRace("elf")) {
			rs = append(rs, rules.Rule("MUNCHKIN-HELP-12",
				p.Name+" gains no level for helping: only an Elf helper goes up, 1 level per monster killed.",
				p.Name+" برای کمک کردن سطح نمی‌گیره: فقط «الف»ِ کمک‌کننده به‌ازای هر هیولای کشته‌شده یه سطح می‌ره بالا."))
			break
		}
		if rev >= revisionKillFromCombat {
			rs = append(rs, unbackedReward(s, p, reason, delta)...)
		}
		to = min(to, top)
	case reasonSell:
		if p.ID != s.Turn.Player {
			rs = append(rs, notOwnTurnSale(s, playerWho(p.Name))...)
		} else if s.inCombat() {
			rs = append(rs, inCombatSale(playerWho(p.Name))...)
		}
		if to >= top {
			rs = append(rs, rules.Rule("MUNCHKIN-WIN-4",
				fmt.Sprintf("Selling can never reach level %d: %s may gain at most %d level(s) by selling now.", top, p.Name, max(0, top-1-p.Level)),
				fmt.Sprintf("با فروش وسیله نمی‌شه به سطح %d رسید: %s الان حداکثر %d سطح با فروش می‌گیره.", top, p.Name, max(0, top-1-p.Level))))
		}
	case reasonCard:
		if delta > 0 {
			if s.inCombat() {
				rs = append(rs,
					rules.Rule("MUNCHKIN-TREASURE-7", "Go Up a Level cannot be played during a combat (running away included).",
						"کارت «یه سطح میرین بالا» رو نمی‌شه وسط مبارزه (از جمله موقع فرار) بازی کرد."),
					rules.Rule("MUNCHKIN-TIMING-4", "Go Up a Level may be played at any time except in combat.",
						"«یه سطح میرین بالا» رو هر وقت می‌شه بازی کرد، بجز وسط مبارزه."))
			}
			if to >= top {
				rs = append(rs, rules.Rule("MUNCHKIN-WIN-3",
					fmt.Sprintf("Go Up a Level can never give level %d, so it cannot be played on %s at level %d.", top, p.Name, p.Level),
					fmt.Sprintf("«یه سطح میرین بالا» هیچ‌وقت کسی رو به سطح %d نمی‌رسونه، پس نمی‌شه روی %s که سطح %d هست بازیش کرد.", top, p.Name, p.Level)))
			}
		}
	case reasonBadStuff:
		if !slices.Contains(s.Turn.Caught, p.ID) {
			rs = append(rs, rules.Rule("MUNCHKIN-BADSTUFF-1",
				p.Name+" was not caught by a monster this turn: Bad Stuff follows only a failed run-away roll (use reason curse or card otherwise).",
				p.Name+" این نوبت گیر هیچ هیولایی نیفتاده: مکافات فقط بعد از فرار ناموفق می‌آد (وگرنه دلیل curse یا card رو بزنین)."))
		}
	case reasonDeath:
		if delta != 0 {
			rs = append(rs, rules.Rule("MUNCHKIN-DEATH-1",
				"Death does not change a level: record it with delta 0.",
				"مُردن سطح رو عوض نمی‌کنه: با delta برابر 0 ثبتش کنین."))
		}
	case reasonCorrection:
		if to >= top {
			rs = append(rs, rules.Rule("MUNCHKIN-WIN-2",
				fmt.Sprintf("A correction cannot give level %d: the winning level comes only from killing a monster.", top),
				fmt.Sprintf("با اصلاح نمی‌شه به سطح %d رسید: سطح آخر فقط با کشتن هیولا به دست می‌آد.", top)))
		}
		notes = append(notes, rules.Rule("MUNCHKIN-CONFLICT-3",
			fmt.Sprintf("Recorded as a table correction (the game owner's ruling), not as a move of play: %s %+d.", p.Name, delta),
			fmt.Sprintf("به‌عنوان اصلاح سر میز (رأی صاحب بازی) ثبت شد، نه یه حرکت بازی: %s %+d.", p.Name, delta)))
	}
	if err := rules.Violations(rs); err != nil {
		return nil, err
	}
	if to < 1 {
		notes = append(notes, rules.Rule("MUNCHKIN-LEVEL-2",
			fmt.Sprintf("Nothing takes a level below 1: %s stops at level 1 instead of %d.", p.Name, to),
			fmt.Sprintf("هیچی سطح رو از 1 پایین‌تر نمی‌بره: %s به‌جای %d روی سطح 1 می‌مونه.", p.Name, to)))
		to = 1
	}
	s.setLevel(i, reason, delta, to)
	if to >= top && (reason == reasonKill || reason == reasonHelp) {
		s.finish([]string{p.ID})
		notes = append(notes, winRuling(s, []string{p.ID}))
	}
	return notes, nil
}

func reasonEN(r string) string {
	switch r {
	case reasonKill:
		return "kill"
	case reasonHelp:
		return "helper's reward"
	case reasonSell:
		return "sale"
	case reasonCurse:
		return "Curse"
	case reasonBadStuff:
		return "Bad Stuff"
	}
	return r
}

func reasonFA(r string) string {
	switch r {
	case reasonKill:
		return "کشتن هیولا"
	case reasonHelp:
		return "پاداش کمک کردن"
	case reasonSell:
		return "فروش وسیله"
	case reasonCurse:
		return "نفرین"
	case reasonBadStuff:
		return "مکافات"
	}
	return r
}

func notOwnTurnSale(s *State, w who) []rules.Ruling {
	turn := s.name(s.Turn.Player)
	return []rules.Ruling{
		rules.Rule("MUNCHKIN-SELL-1",
			fmt.Sprintf("It is %s's turn: %s may sell Items only during their own turn.", turn, w.en),
			fmt.Sprintf("نوبتِ %s است: %s فقط تو نوبت خودش می‌تونه وسیله بفروشه.", turn, w.fa)),
		rules.Rule("MUNCHKIN-TIMING-10",
			"Selling is an own-turn action.",
			"فروختن وسیله فقط کار نوبت خود آدمه."),
	}
}

// inCombatSale: selling is locked in combat and while running away (AMB-22).
func inCombatSale(w who) []rules.Ruling {
	return []rules.Ruling{
		rules.Rule("MUNCHKIN-SELL-1",
			w.start()+" cannot sell while in combat or running away.",
			w.fa+" وسط مبارزه یا موقع فرار نمی‌تونه وسیله بفروشه."),
		rules.Rule("MUNCHKIN-TIMING-10",
			"Selling is allowed on your own turn, but not in combat or while running away.",
			"فروش وسیله تو نوبت خودتون مجازه، ولی نه وسط مبارزه یا موقع فرار."),
		combatLock(),
	}
}

// combatLock is the "Remember" box: in combat, no selling, equipping,
// unequipping, trading or Treasures from the hand.
func combatLock() rules.Ruling {
	return rules.Rule("MUNCHKIN-COMBAT-11",
		"While a combat lasts (running away included), the combatants may not sell, equip, unequip, trade or play Treasures from the hand, one-shots aside.",
		"تا وقتی مبارزه ادامه داره (فرار هم جزوشه)، مبارزها نمی‌تونن چیزی بفروشن، مجهز یا نامجهز بشن، معامله کنن یا از دستشون کارت گنج بازی کنن، بجز یکبارمصرف‌ها.")
}
