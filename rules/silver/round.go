package silver

import (
	"encoding/json"
	"fmt"
	"maps"

	"github.com/motamed/motamed/rules"
)

// Why a round ended (SILVER-ROUND-1, -2, -3).
const (
	reasonCensus    = "census"
	reasonDeckEmpty = "deck_empty"
	reasonVillagers = "villagers"
)

type roundStartedData struct {
	Round       *int    `json:"round"`
	FirstPlayer *string `json:"first_player"`
}

type roundEndedData struct {
	Villages map[string][]int `json:"villages"`
	Reason   *string          `json:"reason"`
}

// startRound puts the pending round in play; everything that belongs to a
// round starts afresh, the holder and the totals carry over
// (SILVER-NEWROUND-5).
func (s *State) startRound() {
	if s.Phase == phasePending {
		s.Phase = phaseInPlay
	}
}

func (s *State) roundStarted(raw json.RawMessage) (rules.State, []rules.Ruling, error) {
	var d roundStartedData
	if err := rules.Decode(raw, "data", &d); err != nil {
		return nil, nil, err
	}
	var f rules.Fields
	if d.Round != nil && *d.Round != s.Round {
		f.Add("data.round", fmt.Sprintf("must be %d: that is the round due now", s.Round))
	}
	if d.FirstPlayer != nil {
		s.checkPlayer(&f, "data.first_player", d.FirstPlayer)
	}
	if err := f.Err(); err != nil {
		return nil, nil, err
	}
	if s.Phase == phaseInPlay && s.roundHasEvents() {
		return nil, nil, rules.Violate("SILVER-ROUND-4",
			fmt.Sprintf("Round %d is still in play: a new round starts only after this one's villages are revealed and scored (record the end of the round).", s.Round),
			fmt.Sprintf("دور %d هنوز در جریان است: دور جدید فقط پس از رو کردن و امتیازشماری دهکده‌های این دور آغاز می‌شود (پایانِ دور را ثبت کنید).", s.Round))
	}
	if d.FirstPlayer != nil && *d.FirstPlayer != s.FirstPlayer {
		want, got := s.name(s.FirstPlayer), s.name(*d.FirstPlayer)
		if s.Round == 1 {
			return nil, nil, rules.Violate("SILVER-SETUP-8",
				fmt.Sprintf("Round 1 starts with %s, the start player agreed when the match was created (option first_player), not %s.", want, got),
				fmt.Sprintf("دور 1 را %s آغاز می‌کند، آغازکننده‌ای که هنگام ساختن بازی توافق شد (گزینه‌ی first_player)، نه %s.", want, got))
		}
		return nil, nil, rules.Violate("SILVER-NEWROUND-4",
			fmt.Sprintf("Round %d starts with %s, who holds the silver amulet, not %s.", s.Round, want, got),
			fmt.Sprintf("دور %d را %s آغاز می‌کند که طلسم محافظ نقره‌ای را در اختیار دارد، نه %s.", s.Round, want, got))
	}
	next := s.clone()
	next.startRound()
	return next, nil, nil
}

func (s *State) roundEnded(raw json.RawMessage) (rules.State, []rules.Ruling, error) {
	var d roundEndedData
	if err := rules.Decode(raw, "data", &d); err != nil {
		return nil, nil, err
	}
	seats := s.seats()
	var f rules.Fields
	switch {
	case d.Reason == nil:
		f.Add("data.reason", "is required: \"census\", \"deck_empty\" or \"villagers\"")
	case *d.Reason != reasonCensus && *d.Reason != reasonDeckEmpty && *d.Reason != reasonVillagers:
		f.Add("data.reason", fmt.Sprintf("%q is not a reason: use \"census\", \"deck_empty\" or \"villagers\"", *d.Reason))
	}
	checkVillages(&f, "data.villages", seats, d.Villages)
	if err := f.Err(); err != nil {
		return nil, nil, err
	}
	if s.Phase == phasePending {
		return nil, nil, rules.Violate("SILVER-ROUND-4",
			fmt.Sprintf("Round %d has already been revealed and scored, and round %d has not started: record the start of the round when its cards are dealt.", s.Round-1, s.Round),
			fmt.Sprintf("دور %d قبلاً رو و امتیازشماری شده و دور %d هنوز آغاز نشده است: وقتی کارت‌هایش پخش شد، شروعِ دور را ثبت کنید.", s.Round-1, s.Round))
	}
	if err := rules.Violations(s.roundEndRulings(*d.Reason, d.Villages)); err != nil {
		return nil, nil, err
	}
	notes := s.censusSizeNotes(d.Villages)

	in := roundInput{
		Seats: seats, Villages: d.Villages, First: s.FirstPlayer, Holder: s.AmuletHolder,
		Before: s.Totals, JumpUsed: s.ScoreJumpUsed, Options: s.Options,
	}
	if s.Census != nil {
		in.Caller = s.Census.Caller
	}
	out := scoreRound(in)

	next := s.clone()
	next.History = append(next.History, RoundRow{
		Round: s.Round, FirstPlayer: s.FirstPlayer, Reason: *d.Reason,
		CensusBy: in.Caller, CensusLowest: in.Caller != "" && out.CallerLowest,
		Villages: d.Villages, Sums: out.Sums, Kamikaze: out.Kamikaze, Points: out.Points,
		ScoreJumps: out.Jumps, Totals: out.Totals,
		AmuletHolder: out.Holder, AmuletRule: out.HolderRule,
	})
	next.Totals = maps.Clone(out.Totals)
	for _, id := range out.Jumps {
		next.ScoreJumpUsed[id] = true
	}
	// The new holder starts the next round (SILVER-AMULET-5).
	next.AmuletHolder = out.Holder
	next.FirstPlayer = out.Holder
	next.Census = nil
	next.TurnsRecorded = 0
	next.NextTurn = ""
	if over, _ := gameEnds(s.Options, s.Round, out.Totals); over {
		next.Phase = phaseFinished
		next.Outcome = standings(seats, s.Options, out.Totals, out.Points, out.Holder)
		return next, notes, nil
	}
	next.Phase = phasePending
	next.Round = s.Round + 1
	return next, notes, nil
}

// roundEndRulings checks the revealed villages and the reason against the
// round as recorded.
func (s *State) roundEndRulings(reason string, villages map[string][]int) []rules.Ruling {
	var counts valueCounts
	for _, id := range s.seats() {
		counts.add(villages[id]...)
	}
	rs := copyLimitRuling(counts, "the villages", "در دهکده‌ها")
	switch reason {
	case reasonCensus:
		c := s.Census
		switch {
		case c == nil:
			rs = append(rs, rules.Rule("SILVER-ROUND-1",
				"Nobody called a census this round, so it cannot have ended by census: record the census call first, or give another reason: the deck ran out, or both Villagers are face-up.",
				"در این دور کسی تقاضای سرشماری نکرده است، پس دور با سرشماری تمام نشده: اول تقاضای سرشماری را ثبت کنید، یا دلیل دیگری بدهید: کارت‌ها تمام شد، یا هر دو دهاتی رو شدند."))
		case s.TurnsRecorded > 0 && len(c.OwedTurns) > 0:
			owed := s.names(c.OwedTurns)
			rs = append(rs, rules.Rule("SILVER-CENSUS-5",
				fmt.Sprintf("After %s's census every other player has one more turn, and %s have not had it yet: record their turns first (or give the reason deck_empty or villagers if the round ended otherwise).", s.name(c.Caller), listEN(owed)),
				fmt.Sprintf("پس از سرشماری %s، هر یک از بقیه‌ی بازیکنان یک نوبت دیگر دارد و %s هنوز بازی نکرده‌اند: اول نوبت‌هایشان را ثبت کنید (یا اگر دور به دلیل دیگری تمام شد، دلیل را deck_empty یا villagers بدهید).", s.name(c.Caller), listFA(owed))))
		}
	case reasonVillagers:
		if counts[villagerValue] < 2 {
			rs = append(rs, rules.Rule("SILVER-CARD0-1",
				fmt.Sprintf("The round ends on Villagers only when both Villagers (0) are face-up in villages, but the villages hold %d.", counts[villagerValue]),
				fmt.Sprintf("دور فقط وقتی با دهاتی‌ها تمام می‌شود که هر دو دهاتی (0) در دهکده‌ها رو شده باشند، اما در دهکده‌ها %d دهاتی هست.", counts[villagerValue])))
		}
	}
	return rs
}

// censusSizeNotes flags a caller whose revealed village does not match the
// census call: after the call no card joins or leaves the caller's village,
// so the revealed size is the size at the call (SILVER-CENSUS-1).
func (s *State) censusSizeNotes(villages map[string][]int) []rules.Ruling {
	c := s.Census
	if c == nil {
		return nil
	}
	n, who := len(villages[c.Caller]), s.name(c.Caller)
	switch {
	case n > 4:
		return []rules.Ruling{rules.Rule("SILVER-CENSUS-1",
			fmt.Sprintf("%s called the census, but %d cards of their village were revealed; a census needs 4 or fewer, and no card joins or leaves the caller's village after the call. Check the census and the village.", who, n),
			fmt.Sprintf("%s تقاضای سرشماری کرد، اما %d کارت از دهکده‌اش رو شد؛ سرشماری 4 کارت یا کمتر می‌خواهد و پس از تقاضا هیچ کارتی به دهکده‌ی او اضافه یا از آن کم نمی‌شود. سرشماری و دهکده را بررسی کنید.", who, n))}
	case n != c.VillageSize:
		return []rules.Ruling{rules.Rule("SILVER-CENSUS-1",
			fmt.Sprintf("%s called the census with %d cards, but %d were revealed; no card joins or leaves the caller's village after the call. Check the entries.", who, c.VillageSize, n),
			fmt.Sprintf("%s با %d کارت تقاضای سرشماری کرد، اما %d کارت رو شد؛ پس از تقاضا هیچ کارتی به دهکده‌ی او اضافه یا از آن کم نمی‌شود. ورودی‌ها را بررسی کنید.", who, c.VillageSize, n))}
	}
	return nil
}
