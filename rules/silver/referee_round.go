package silver

import (
	"encoding/json"
	"fmt"

	"github.com/motamed/motamed/rules"
)

// roundRequest asks for the scoring of one round without a match.
type roundRequest struct {
	// Players in clockwise seat order.
	Players  []string         `json:"players"`
	Villages map[string][]int `json:"villages"`
	CensusBy *string          `json:"census_by"`
	// FirstPlayer started the round; AmuletHolder held the amulet during
	// it (absent in round 1).
	FirstPlayer  *string        `json:"first_player"`
	AmuletHolder *string        `json:"amulet_holder"`
	TotalsBefore map[string]int `json:"totals_before"`
	// Round is the round's number, to tell whether a rounds game ends.
	Round *int `json:"round"`
	// ScoreJumpUsed lists players whose exact 100 already became 50.
	ScoreJumpUsed []string `json:"score_jump_used"`
	// Options is decoded on its own so that its field errors are named
	// "options.<name>".
	Options json.RawMessage `json:"options"`
}

type roundAnswer struct {
	Options Options        `json:"options"`
	Sums    map[string]int `json:"sums"`
	// Census is null when nobody called one.
	Census *censusAnswer `json:"census"`
	// Kamikaze is null unless a Kamikaze village set the round scores.
	Kamikaze   *playerAnswer  `json:"kamikaze"`
	Points     map[string]int `json:"points"`
	ScoreJumps []playerAnswer `json:"score_jumps"`
	Totals     map[string]int `json:"totals"`
	Amulet     amuletAnswer   `json:"amulet"`
	// GameEnds is null when a rounds game does not say which round this is.
	GameEnds *bool      `json:"game_ends"`
	End      ruleAnswer `json:"end"`
	// Result is the final standing when the game ends.
	Result *resultAnswer `json:"result"`
}

type censusAnswer struct {
	Caller string `json:"caller"`
	Sum    int    `json:"sum"`
	Lowest bool   `json:"lowest"`
	// Points is what the census rule gives the caller (Kamikaze may
	// override it).
	Points      int        `json:"points"`
	Rule        string     `json:"rule"`
	Explanation rules.Text `json:"explanation"`
}

type playerAnswer struct {
	Player      string     `json:"player"`
	Rule        string     `json:"rule"`
	Explanation rules.Text `json:"explanation"`
}

type amuletAnswer struct {
	Holder string `json:"holder"`
	// Tied lists the players tied for the lowest round score (empty when
	// one player is lowest).
	Tied            []string   `json:"tied"`
	Rule            string     `json:"rule"`
	Explanation     rules.Text `json:"explanation"`
	NextFirstPlayer string     `json:"next_first_player"`
}

type ruleAnswer struct {
	Rule        string     `json:"rule"`
	Explanation rules.Text `json:"explanation"`
}

type resultAnswer struct {
	Placements  []rules.Placement `json:"placements"`
	Winners     []string          `json:"winners"`
	Rule        string            `json:"rule"`
	Explanation rules.Text        `json:"explanation"`
}

func askRound(body json.RawMessage) (*roundAnswer, error) {
	var req roundRequest
	if err := rules.Decode(body, "", &req); err != nil {
		return nil, err
	}
	opts, err := req.check()
	if err != nil {
		return nil, err
	}
	seats := req.Players
	in := roundInput{
		Seats: seats, Villages: req.Villages, First: opts.FirstPlayer,
		Before: map[string]int{}, JumpUsed: map[string]bool{}, Options: opts,
	}
	if req.CensusBy != nil {
		in.Caller = *req.CensusBy
	}
	if req.AmuletHolder != nil {
		in.Holder = *req.AmuletHolder
	}
	for _, id := range seats {
		in.Before[id] = req.TotalsBefore[id]
	}
	for _, id := range req.ScoreJumpUsed {
		in.JumpUsed[id] = true
	}
	out := scoreRound(in)

	ans := &roundAnswer{
		Options: opts, Sums: out.Sums, Points: out.Points, Totals: out.Totals,
		ScoreJumps: []playerAnswer{},
		Amulet:     amuletExplained(in, out),
	}
	if in.Caller != "" {
		ans.Census = censusExplained(in, out)
	}
	if k := out.Kamikaze; k != "" {
		ans.Kamikaze = &playerAnswer{Player: k, Rule: "SILVER-POINTS-7", Explanation: rules.T(
			fmt.Sprintf("%s's village is exactly two 12s and two 13s: Kamikaze. %s scores 0 and every other player scores 50 this round, whatever the census.", k, k),
			fmt.Sprintf("دهکده‌ی %s دقیقاً دو کارت 12 و دو کارت 13 است: کامیکازه! در این دور %s امتیاز 0 و هر یک از بازیکنان دیگر 50 امتیاز می‌گیرند، سرشماری هر چه باشد.", k, k))}
	}
	for _, id := range out.Jumps {
		ans.ScoreJumps = append(ans.ScoreJumps, playerAnswer{Player: id, Rule: "SILVER-POINTS-5", Explanation: rules.T(
			fmt.Sprintf("%s's total reached exactly 100, so it becomes 50; %s cannot use the score jump again this game.", id, id),
			fmt.Sprintf("مجموع امتیاز %s دقیقاً به 100 رسید و به 50 تغییر می‌کند؛ %s دیگر در این بازی نمی‌تواند از امتیازپران استفاده کند.", id, id))})
	}
	over, endRule := gameEnds(opts, roundOr(req.Round), out.Totals)
	ans.End = ruleAnswer{Rule: endRule, Explanation: endExplained(opts, req.Round, over, out.Totals, seats)}
	if opts.points() || req.Round != nil {
		ans.GameEnds = &over
	}
	if ans.GameEnds != nil && over {
		res := standings(seats, opts, out.Totals, out.Points, out.Holder)
		rule := tieRule(seats, opts, out.Totals, out.Points)
		ans.Result = &resultAnswer{Placements: res.Placements, Winners: res.Winners, Rule: rule,
			Explanation: winnerExplained(seats, rule, res.Winners[0], out)}
	}
	return ans, nil
}

// roundOr is the round number, or 0 (never the last) when not given.
func roundOr(r *int) int {
	if r == nil {
		return 0
	}
	return *r
}

// check validates the request and returns the effective options (with the
// round's first player).
func (req *roundRequest) check() (Options, error) {
	var f rules.Fields
	if req.Players == nil {
		f.Add("players", "is required: player IDs in clockwise seat order")
	}
	for i, id := range req.Players {
		switch {
		case id == "":
			f.Add(fmt.Sprintf("players[%d]", i), "must not be empty")
		case seatIndex(req.Players[:i], id) >= 0:
			f.Add(fmt.Sprintf("players[%d]", i), fmt.Sprintf("%q is seated twice", id))
		}
	}
	var in endInput
	if err := rules.Decode(req.Options, "options", &in); err != nil {
		return Options{}, err
	}
	opts := in.resolve(&f, "options")
	seated := func(field string, id *string, required bool) {
		switch {
		case id == nil && required:
			f.Add(field, "is required: a player ID")
		case id != nil && seatIndex(req.Players, *id) < 0:
			f.Add(field, fmt.Sprintf("%q is not one of the players", *id))
		}
	}
	seated("census_by", req.CensusBy, false)
	seated("first_player", req.FirstPlayer, true)
	seated("amulet_holder", req.AmuletHolder, false)
	for _, id := range sortedKeys(req.TotalsBefore) {
		switch {
		case seatIndex(req.Players, id) < 0:
			f.Add("totals_before."+id, "is not one of the players")
		case req.TotalsBefore[id] < 0:
			f.Add("totals_before."+id, "must be 0 or more: scores are penalty points")
		}
	}
	if r := req.Round; r != nil {
		switch {
		case *r < 1:
			f.Add("round", "must be 1 or more")
		case opts.End == endRounds && *r > opts.Rounds:
			f.Add("round", fmt.Sprintf("must be at most %d: the game has %d rounds", opts.Rounds, opts.Rounds))
		}
	}
	if len(req.ScoreJumpUsed) > 0 && !opts.points() {
		f.Add("score_jump_used", "is only for the points model (options.end \"points\")")
	}
	for i, id := range req.ScoreJumpUsed {
		if seatIndex(req.Players, id) < 0 {
			f.Add(fmt.Sprintf("score_jump_used[%d]", i), fmt.Sprintf("%q is not one of the players", id))
		}
	}
	if len(f) == 0 {
		checkVillages(&f, "villages", req.Players, req.Villages)
	}
	if err := f.Err(); err != nil {
		return Options{}, err
	}
	if n := len(req.Players); n < 2 || n > 4 {
		return Options{}, rules.Violate("SILVER-SETUP-1",
			fmt.Sprintf("Silver is played by 2, 3 or 4 players, not %d.", n),
			fmt.Sprintf("سیلور را 2، 3 یا 4 نفر بازی می‌کنند، نه %d نفر.", n))
	}
	opts.FirstPlayer = *req.FirstPlayer
	var counts valueCounts
	for _, id := range req.Players {
		counts.add(req.Villages[id]...)
	}
	rs := copyLimitRuling(counts, "the villages", "در دهکده‌ها")
	if c := req.CensusBy; c != nil && len(req.Villages[*c]) > 4 {
		n := len(req.Villages[*c])
		rs = append(rs, rules.Rule("SILVER-CENSUS-1",
			fmt.Sprintf("%s's village has %d cards; a census can be called only with 4 or fewer, and the caller's village does not change after the call.", *c, n),
			fmt.Sprintf("دهکده‌ی %s %d کارت دارد؛ فقط با 4 کارت یا کمتر می‌توان تقاضای سرشماری کرد و پس از تقاضا دهکده‌ی او تغییر نمی‌کند.", *c, n)))
	}
	if h := req.AmuletHolder; h != nil && *h != opts.FirstPlayer {
		rs = append(rs, rules.Rule("SILVER-NEWROUND-4",
			fmt.Sprintf("%s held the amulet, so %s started the round, not %s.", *h, *h, opts.FirstPlayer),
			fmt.Sprintf("طلسم محافظ نقره‌ای در اختیار %s بود، پس دور را %s آغاز کرده است، نه %s.", *h, *h, opts.FirstPlayer)))
	}
	if opts.points() {
		for _, id := range req.Players {
			if t := req.TotalsBefore[id]; t >= 100 {
				rs = append(rs, rules.Rule("SILVER-POINTS-2",
					fmt.Sprintf("%s already has %d: a points game ends at the end of the round in which someone reaches 100 or more, so there is no further round.", id, t),
					fmt.Sprintf("%s از قبل %d امتیاز دارد: در مدل امتیازی بازی در پایان دوری که کسی به 100 یا بیشتر برسد تمام می‌شود، پس دور دیگری در کار نیست.", id, t)))
				break
			}
		}
	}
	return opts, rules.Violations(rs)
}

func censusExplained(in roundInput, out roundOutcome) *censusAnswer {
	c := in.Caller
	a := &censusAnswer{Caller: c, Sum: out.Sums[c], Lowest: out.CallerLowest}
	if out.CallerLowest {
		a.Points, a.Rule = 0, "SILVER-SCORE-3"
		a.Explanation = rules.T(
			fmt.Sprintf("%s called the census and their village total %d is the lowest at the table (ties count), so %s scores 0.", c, a.Sum, c),
			fmt.Sprintf("%s تقاضای سرشماری کرد و مجموع اعداد دهکده‌اش (%d) کمترین است (تساوی هم حساب است)، پس %s امتیاز 0 می‌گیرد.", c, a.Sum, c))
		return a
	}
	low := out.Sums[lowest(in.Seats, out.Sums)[0]]
	a.Points, a.Rule = a.Sum+10, "SILVER-SCORE-4"
	a.Explanation = rules.T(
		fmt.Sprintf("%s called the census but their village total %d is not the lowest (%d is), so %s scores %d + 10 = %d.", c, a.Sum, low, c, a.Sum, a.Points),
		fmt.Sprintf("%s تقاضای سرشماری کرد اما مجموع اعداد دهکده‌اش (%d) کمترین نیست (کمترین %d است)، پس %s امتیاز %d + 10 = %d می‌گیرد.", c, a.Sum, low, c, a.Sum, a.Points))
	return a
}

func amuletExplained(in roundInput, out roundOutcome) amuletAnswer {
	h, score := out.Holder, out.Points[out.Holder]
	a := amuletAnswer{Holder: h, Tied: []string{}, Rule: out.HolderRule, NextFirstPlayer: h}
	if len(out.Lowest) > 1 {
		a.Tied = out.Lowest
	}
	tied := listEN(out.Lowest)
	tiedFA := listFA(out.Lowest)
	switch out.HolderRule {
	case "SILVER-AMULET-1":
		a.Explanation = rules.T(
			fmt.Sprintf("%s called the census and has the lowest round score (%d), so %s receives the amulet and starts the next round.", h, score, h),
			fmt.Sprintf("%s تقاضای سرشماری کرد و کمترین امتیاز دور (%d) را دارد، پس طلسم محافظ نقره‌ای به او می‌رسد و دور بعد را آغاز می‌کند.", h, score))
	case "SILVER-AMULET-2":
		a.Explanation = rules.T(
			fmt.Sprintf("%s has the lowest round score (%d), so %s receives the amulet and starts the next round.", h, score, h),
			fmt.Sprintf("%s کمترین امتیاز دور (%d) را دارد، پس طلسم محافظ نقره‌ای به او می‌رسد و دور بعد را آغاز می‌کند.", h, score))
	case "SILVER-AMULET-3":
		a.Explanation = rules.T(
			fmt.Sprintf("%s tie for the lowest round score (%d); %s held the amulet during the round and keeps it.", tied, score, h),
			fmt.Sprintf("%s با امتیاز دور %d مساوی‌اند و کمترین امتیاز را دارند؛ طلسم در طول دور در اختیار %s بود و نزد او می‌ماند.", tiedFA, score, h))
	default:
		holderEN, holderFA := "nobody held the amulet", "طلسم در اختیار کسی نبود"
		if in.Holder != "" {
			holderEN = fmt.Sprintf("the holder %s is not among them", in.Holder)
			holderFA = fmt.Sprintf("دارنده‌ی طلسم (%s) جزو مساوی‌شدگان نیست", in.Holder)
		}
		a.Explanation = rules.T(
			fmt.Sprintf("%s tie for the lowest round score (%d) and %s, so the amulet goes to the tied player nearest the start player %s's left, counting %s first: %s.", tied, score, holderEN, in.First, in.First, h),
			fmt.Sprintf("%s با امتیاز دور %d مساوی‌اند و %s، پس طلسم به بازیکنی از مساوی‌شدگان می‌رسد که از سمت چپ به آغازکننده (%s، که خودش اول حساب می‌شود) نزدیک‌تر است: %s.", tiedFA, score, holderFA, in.First, h))
	}
	return a
}

func endExplained(o Options, round *int, over bool, totals map[string]int, seats []string) rules.Text {
	if o.points() {
		var high []string
		for _, id := range seats {
			if totals[id] >= 100 {
				high = append(high, fmt.Sprintf("%s (%d)", id, totals[id]))
			}
		}
		if over {
			return rules.T(
				fmt.Sprintf("%s reached 100 or more: the points game ends after this round.", listEN(high)),
				fmt.Sprintf("%s به 100 یا بیشتر رسید: بازی در مدل امتیازی با همین دور تمام می‌شود.", listFA(high)))
		}
		return rules.T("Nobody has 100 or more: the points game goes on.",
			"هیچ‌کس به 100 یا بیشتر نرسیده است: بازی در مدل امتیازی ادامه دارد.")
	}
	switch {
	case round == nil:
		return rules.T(
			fmt.Sprintf("A rounds game ends after round %d; give round to know whether this is the last.", o.Rounds),
			fmt.Sprintf("بازی پس از دور %d تمام می‌شود؛ برای دانستن این‌که این دور آخر است یا نه، شماره‌ی دور (round) را بدهید.", o.Rounds))
	case over:
		return rules.T(
			fmt.Sprintf("Round %d of %d is the last: the game ends.", *round, o.Rounds),
			fmt.Sprintf("دور %d از %d دور آخر است: بازی تمام می‌شود.", *round, o.Rounds))
	default:
		return rules.T(
			fmt.Sprintf("Round %d of %d: the game goes on.", *round, o.Rounds),
			fmt.Sprintf("دور %d از %d: بازی ادامه دارد.", *round, o.Rounds))
	}
}

func winnerExplained(seats []string, rule, winner string, out roundOutcome) rules.Text {
	total := out.Totals[winner]
	tied := lowest(seats, out.Totals)
	switch rule {
	case "SILVER-END-2", "SILVER-POINTS-3":
		return rules.T(
			fmt.Sprintf("%s has the lowest total (%d) and wins.", winner, total),
			fmt.Sprintf("%s کمترین مجموع امتیاز (%d) را دارد و برنده است.", winner, total))
	case "SILVER-POINTS-4":
		return rules.T(
			fmt.Sprintf("%s tie on %d; %s scored the least in the last round (%d) and wins.", listEN(tied), total, winner, out.Points[winner]),
			fmt.Sprintf("%s با %d امتیاز مساوی‌اند؛ %s در دور آخر کمترین امتیاز (%d) را گرفته و برنده است.", listFA(tied), total, winner, out.Points[winner]))
	}
	if winner == out.Holder {
		return rules.T(
			fmt.Sprintf("%s tie on %d; %s holds the amulet and wins.", listEN(tied), total, winner),
			fmt.Sprintf("%s با %d امتیاز مساوی‌اند؛ طلسم محافظ نقره‌ای در اختیار %s است و او برنده است.", listFA(tied), total, winner))
	}
	return rules.T(
		fmt.Sprintf("%s tie on %d; the amulet holder %s is not among them, so %s, the tied player nearest %s's left, wins.", listEN(tied), total, out.Holder, winner, out.Holder),
		fmt.Sprintf("%s با %d امتیاز مساوی‌اند؛ دارنده‌ی طلسم (%s) جزو آن‌ها نیست، پس %s که از سمت چپ به او نزدیک‌تر است برنده است.", listFA(tied), total, out.Holder, winner))
}
