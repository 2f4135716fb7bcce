package sheet

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/motamed/motamed/rules"
)

type scoresData struct {
	Round    *int           `json:"round"`
	Category *string        `json:"category"`
	Scores   map[string]int `json:"scores"`
}

// applyScores records one row for every player: a round in order, or a
// category not yet recorded (SHEET-ROW-1, -2, SHEET-ROUND-1, -2), each
// value within its row's range and sign (SHEET-VALUE-1, -2).
func (s *State) applyScores(raw []byte) (rules.State, []rules.Ruling, error) {
	var d scoresData
	if err := rules.Decode(raw, "data", &d); err != nil {
		return nil, nil, err
	}
	def := s.def
	var f rules.Fields
	lo, hi := (*int)(nil), (*int)(nil)
	label, labelFA := "", ""
	if def.Rounds != nil {
		if d.Category != nil {
			f.Add("data.category", "is not used on a sheet of rounds: give round")
		}
		if d.Round == nil {
			f.Add("data.round", "is required: the round's number, from 1")
		} else if *d.Round < 1 || *d.Round > MaxRows {
			f.Add("data.round", fmt.Sprintf("must be from 1 to %d", MaxRows))
		} else {
			label, labelFA = fmt.Sprintf("round %d", *d.Round), fmt.Sprintf("دور %d", *d.Round)
		}
		lo, hi = def.Rounds.Min, def.Rounds.Max
	} else {
		if d.Round != nil {
			f.Add("data.round", "is not used on a sheet of categories: give category")
		}
		switch {
		case d.Category == nil:
			f.Add("data.category", "is required: one of "+categoryIDs(def))
		case def.category(*d.Category) < 0:
			f.Add("data.category", fmt.Sprintf("%q is not a category of this sheet: use %s", *d.Category, categoryIDs(def)))
		default:
			c := def.Categories[def.category(*d.Category)]
			lo, hi = c.Min, c.Max
			label, labelFA = nameOf(c.Name, c.NameFA), nameOf(c.NameFA, c.Name)
		}
	}
	if d.Scores == nil {
		f.Add("data.scores", "is required: every player's score in this row, by player ID (on a sheet scored by team, every team's, by team1, team2 ...)")
	}
	if err := f.Err(); err != nil {
		return nil, nil, err
	}
	entries, err := s.rowEntries(d.Scores, "data.scores", MaxValue)
	if err != nil {
		return nil, nil, err
	}
	var rs []rules.Ruling
	if missing, missingFA := entries.missing(); len(missing) > 0 {
		rs = append(rs, rules.Rule("SHEET-ROW-1",
			fmt.Sprintf("%s is recorded for every %s at once: %s missing.", capitalize(label), entries.side, strings.Join(missing, ", ")),
			fmt.Sprintf("%s برای همهٔ %s با هم ثبت می‌شود: امتیاز %s نیامده است.", labelFA, entries.sideFA, strings.Join(missingFA, "، "))))
	}
	if def.Rounds != nil {
		rs = append(rs, s.roundRulings(*d.Round)...)
	} else if s.row(*d.Category) >= 0 {
		rs = append(rs, rules.Rule("SHEET-ROW-2",
			fmt.Sprintf("%s is already recorded; correct that event instead of recording it again.", capitalize(label)),
			fmt.Sprintf("%s پیش‌تر ثبت شده است؛ به‌جای ثبت دوباره، همان رویداد را اصلاح کنید.", labelFA)))
	}
	for _, e := range entries.given {
		v := e.value
		if v < 0 && !def.Negative {
			rs = append(rs, rules.Rule("SHEET-VALUE-2",
				fmt.Sprintf("%s's score in %s is %d, but this sheet has no negative scores.", e.name, label, v),
				fmt.Sprintf("امتیاز %s در %s %d است، اما این برگه امتیاز منفی ندارد.", e.nameFA, labelFA, v)))
		}
		if (lo != nil && v < *lo) || (hi != nil && v > *hi) {
			rs = append(rs, rules.Rule("SHEET-VALUE-1",
				fmt.Sprintf("%s's score in %s is %d, outside the row's range %s.", e.name, label, v, rangeText(lo, hi)),
				fmt.Sprintf("امتیاز %s در %s %d است و بیرون از بازهٔ این سطر (%s).", e.nameFA, labelFA, v, rangeText(lo, hi))))
		}
	}
	if err := rules.Violations(rs); err != nil {
		return nil, nil, err
	}
	n := s.clone()
	row := Row{Scores: entries.players}
	if s.byTeam() {
		row.Teams = d.Scores
	}
	if d.Round != nil {
		row.Round = *d.Round
	} else {
		row.Category = *d.Category
	}
	n.Rows = append(n.Rows, row)
	for id, v := range entries.players {
		n.Totals[id] += v
	}
	n.TeamTotals = n.teamTotals()
	if (def.Rounds != nil && len(n.Rows) == def.Rounds.Count) || (def.Rounds == nil && len(n.Rows) == len(def.Categories)) {
		n.Finished = true
		return n, []rules.Ruling{n.resultRuling()}, nil
	}
	return n, nil, nil
}

// roundRulings: rounds in order, none recorded twice, none past the last.
func (s *State) roundRulings(round int) []rules.Ruling {
	next := len(s.Rows) + 1
	switch {
	case round < next:
		return []rules.Ruling{rules.Rule("SHEET-ROW-2",
			fmt.Sprintf("Round %d is already recorded; correct that event instead of recording it again.", round),
			fmt.Sprintf("دور %d پیش‌تر ثبت شده است؛ به‌جای ثبت دوباره، همان رویداد را اصلاح کنید.", round))}
	case s.def.Rounds.Count > 0 && round > s.def.Rounds.Count:
		return []rules.Ruling{rules.Rule("SHEET-ROUND-2",
			fmt.Sprintf("This sheet has %d rounds: there is no round %d.", s.def.Rounds.Count, round),
			fmt.Sprintf("این برگه %d دور دارد: دور %d وجود ندارد.", s.def.Rounds.Count, round))}
	case round > next:
		return []rules.Ruling{rules.Rule("SHEET-ROUND-1",
			fmt.Sprintf("Round %d is due before round %d: rounds are recorded in order.", next, round),
			fmt.Sprintf("پیش از دور %d نوبت ثبت دور %d است: دورها به ترتیب ثبت می‌شوند.", round, next))}
	}
	return nil
}

// resultRuling tells the table who won, citing the ranking rule.
func (s *State) resultRuling() rules.Ruling {
	res := s.Result()
	if res.Cooperative {
		if len(res.Winners) > 0 {
			return rules.Rule("SHEET-COOP-1", "The game is over: the table won together.", "بازی تمام شد: همهٔ بازیکنان با هم بردند.")
		}
		return rules.Rule("SHEET-COOP-1", "The game is over: the table lost together.", "بازی تمام شد: همهٔ بازیکنان با هم باختند.")
	}
	var names []string
	for _, id := range res.Winners {
		names = append(names, s.Players[s.seat(id)].Name)
	}
	rule := "SHEET-RANK-1"
	if s.def.WinnerOnly {
		rule = "SHEET-WINNER-1"
	}
	if len(s.Teams) > 0 {
		rule = "SHEET-TEAM-4"
	}
	if s.Places == nil && s.def.TieBreak != "" {
		top := s.sideTotal(res.Winners[0], s.Totals)
		for _, p := range s.Players {
			if !slices.Contains(res.Winners, p.ID) && s.sideTotal(p.ID, s.Totals) == top {
				rule = "SHEET-RANK-2"
			}
		}
	}
	return rules.Rule(rule,
		fmt.Sprintf("The sheet is complete: %s wins.", strings.Join(names, " and ")),
		fmt.Sprintf("برگه کامل شد: %s برنده است.", strings.Join(names, " و ")))
}

func (s *State) seat(id string) int {
	for i, p := range s.Players {
		if p.ID == id {
			return i
		}
	}
	return -1
}

func categoryIDs(d *Definition) string {
	ids := make([]string, len(d.Categories))
	for i, c := range d.Categories {
		ids[i] = c.ID
	}
	return strings.Join(ids, ", ")
}

func nameOf(first, second string) string {
	if first != "" {
		return first
	}
	return second
}

// capitalize upper-cases the first letter of a sentence's subject, a whole
// letter in any script (a row named in Persian keeps its first letter).
func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

func rangeText(lo, hi *int) string {
	switch {
	case lo != nil && hi != nil:
		return fmt.Sprintf("%d to %d", *lo, *hi)
	case lo != nil:
		return fmt.Sprintf("at least %d", *lo)
	case hi != nil:
		return fmt.Sprintf("at most %d", *hi)
	}
	return "any"
}

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
