package yatuk

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/motamed/motamed/rules"
)

// The stateless questions: POST /v1/referee/yatuk/army and .../battle.

func (game) Referees() []rules.Referee {
	return []rules.Referee{
		{Question: "army", Summary: "Which cards of an army are legally chained, what summons each, and its strength with the owner's gems.",
			Example: json.RawMessage(exampleArmyRequest), Ask: askArmy},
		{Question: "battle", Summary: "Every army's ruling and strength at one land, and the winner under the tie rules.",
			Example: json.RawMessage(exampleBattleRequest), Ask: askBattle},
	}
}

// The spec's example 9.1 (54 -> 57 with the red gem) and 9.4 (a forced
// battle tied at 40).
const (
	exampleArmyRequest = `{"cards":[{"kind":"wizard","colors":["red"],"power":5},{"kind":"monster","colors":["red","blue"],"power":20},{"kind":"demon","colors":["blue"],"power":15},{"kind":"weapon","colors":["red"],"power":6},{"kind":"weapon","colors":["blue","green"],"power":8}],"gems":["red"]}`

	exampleBattleRequest = `{"land":"gomati","armies":{` +
		`"left":[{"kind":"wizard","colors":["yellow"],"power":3},{"kind":"tool","colors":["yellow","green"],"power":6},{"kind":"monster","colors":["yellow"],"power":9},{"kind":"monster","colors":["green"],"power":15},{"kind":"weapon","colors":["green"],"power":7},{"kind":"demon","colors":["red"],"power":10}],` +
		`"right":[{"kind":"wizard","colors":["red"],"power":5},{"kind":"monster","colors":["red","blue"],"power":20},{"kind":"demon","colors":["blue"],"power":11},{"kind":"weapon","colors":["red"],"power":4},{"kind":"tool","colors":["green"],"power":5},{"kind":"weapon","colors":["yellow"],"power":6}]},` +
		`"current_player":"left","players":["left","right"]}`
)

type armyRequest struct {
	Cards           []cardJSON `json:"cards"`
	Gems            []string   `json:"gems"`
	WhiteGemColor   *string    `json:"white_gem_color"`
	ChainResolution *string    `json:"chain_resolution"`
	Links           []*int     `json:"links"`
}

func parseResolution(r *string, path string, f *rules.Fields) Resolution {
	if r == nil {
		return Maximize
	}
	switch x := Resolution(*r); x {
	case Maximize, Declared:
		return x
	}
	f.Add(path, fmt.Sprintf("%q is not a chain resolution: use maximize or declared", *r))
	return Maximize
}

// parseLinks turns declared links as sent (a 1-based position, or null
// for no summoner) into ArmyOptions.Links, where 0 means none. Only null
// means none on the wire: a sent 0 (or any position below 1) becomes -1,
// which checkLinks refuses as it refuses every position out of range.
func parseLinks(ls []*int) []int {
	if ls == nil {
		return nil
	}
	out := make([]int, len(ls))
	for i, l := range ls {
		switch {
		case l == nil:
			out[i] = 0
		case *l < 1:
			out[i] = -1
		default:
			out[i] = *l
		}
	}
	return out
}

func decodeArmyRequest(body json.RawMessage) ([]Card, GemSet, ArmyOptions, error) {
	var in armyRequest
	if err := rules.Decode(body, "", &in); err != nil {
		return nil, 0, ArmyOptions{}, err
	}
	var f rules.Fields
	switch {
	case len(in.Cards) == 0:
		f.Add("cards", "is required: the army's cards in column order, each {kind, colors, power}")
	case len(in.Cards) > MaxArmyCards:
		f.Add("cards", fmt.Sprintf("has %d cards; the referee rules on at most %d", len(in.Cards), MaxArmyCards))
	}
	if len(in.Cards) > MaxArmyCards {
		return nil, 0, ArmyOptions{}, f.Err()
	}
	cards := parseCards(in.Cards, "cards", &f)
	gems := parseGems(in.Gems, "gems", &f)
	opt := ArmyOptions{
		WhiteGemColor: parseColor(in.WhiteGemColor, "white_gem_color", &f),
		Resolution:    parseResolution(in.ChainResolution, "chain_resolution", &f),
		Links:         parseLinks(in.Links),
	}
	if err := f.Err(); err != nil {
		return nil, 0, ArmyOptions{}, err
	}
	checkArmyOptions(cards, gems, opt, "", &f)
	if err := f.Err(); err != nil {
		return nil, 0, ArmyOptions{}, err
	}
	if r := columnRuling("This army", "این", "", len(cards), 0); r != nil {
		return nil, 0, ArmyOptions{}, rules.Violations([]rules.Ruling{*r})
	}
	return cards, gems, opt, nil
}

func askArmy(body json.RawMessage) (any, error) {
	cards, gems, opt, err := decodeArmyRequest(body)
	if err != nil {
		return nil, err
	}
	return ruleArmy(cards, gems, opt), nil
}

type battleRequest struct {
	Land            string                `json:"land"`
	Armies          map[string][]cardJSON `json:"armies"`
	Gems            map[string][]string   `json:"gems"`
	DeclaredBy      *string               `json:"declared_by"`
	CurrentPlayer   string                `json:"current_player"`
	Players         []string              `json:"players"`
	WhiteGemColor   *string               `json:"white_gem_color"`
	ChainResolution *string               `json:"chain_resolution"`
	Links           map[string][]*int     `json:"links"`
	// Capacity is the land's capacity as printed on its card; Gomati's
	// (6) is the rulebook's, the others are unknown unless given.
	Capacity *int `json:"capacity"`
}

// BattleAnswer is the battle referee's answer.
type BattleAnswer struct {
	Land          Land           `json:"land"`
	Capacity      CapacityAnswer `json:"capacity"`
	Gem           Gem            `json:"gem"`
	Type          BattleType     `json:"type"`
	CurrentPlayer string         `json:"current_player"`
	Armies        []ArmyResult   `json:"armies"`
	TopStrength   int            `json:"top_strength"`
	Tied          []string       `json:"tied"`
	Winner        string         `json:"winner"`
	// Rule is YATUK-BATTLE-11 for a clear winner, else YATUK-TIE-1, -2 or -3.
	Rule        string         `json:"rule"`
	Explanation rules.Text     `json:"explanation"`
	Carrier     *CarrierAnswer `json:"carrier"`
}

// CarrierAnswer is the wizard suggested to carry the gem.
type CarrierAnswer struct {
	Carrier
	Rule        string     `json:"rule"`
	Explanation rules.Text `json:"explanation"`
}

type battleQuestion struct {
	land     Land
	capacity CapacityAnswer
	armies   []battleArmy
	seats    []string
	current  string
	typ      BattleType
	white    Color
	res      Resolution
}

func decodeBattleRequest(body json.RawMessage) (battleQuestion, error) {
	var in battleRequest
	if err := rules.Decode(body, "", &in); err != nil {
		return battleQuestion{}, err
	}
	var f rules.Fields
	q := battleQuestion{land: parseLand(in.Land, "land", &f), current: in.CurrentPlayer, typ: ForcedBattle}
	if q.land != "" {
		q.capacity = questionCapacity(q.land, in.Capacity, "capacity", &f)
	}
	q.res = parseResolution(in.ChainResolution, "chain_resolution", &f)
	q.white = parseColor(in.WhiteGemColor, "white_gem_color", &f)
	if in.CurrentPlayer == "" {
		f.Add("current_player", "is required: the player whose turn it is (or whose turn is starting)")
	}
	if len(in.Armies) == 0 {
		f.Add("armies", "is required: each participant's cards in column order, by player ID")
	}
	ids := make([]string, 0, len(in.Armies))
	for id := range in.Armies {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	if in.Players != nil {
		seen := map[string]bool{}
		for i, p := range in.Players {
			if p == "" || seen[p] {
				f.Add(fmt.Sprintf("players[%d]", i), "each player ID must be given once")
			}
			seen[p] = true
		}
		for _, id := range ids {
			if !seen[id] {
				f.Add("players", fmt.Sprintf("must list every player in clockwise seat order; %q is missing", id))
			}
		}
		if in.CurrentPlayer != "" && !seen[in.CurrentPlayer] {
			f.Add("players", fmt.Sprintf("must list every player in clockwise seat order; the current player %q is missing", in.CurrentPlayer))
		}
		q.seats = in.Players
		// Report armies in seat order.
		ids = slices.DeleteFunc(slices.Clone(in.Players), func(p string) bool { _, ok := in.Armies[p]; return !ok })
	}
	for id := range in.Gems {
		if _, ok := in.Armies[id]; !ok {
			f.Add("gems."+id, "has no army in armies; only participants' gems count")
		}
	}
	for id := range in.Links {
		if _, ok := in.Armies[id]; !ok {
			f.Add("links."+id, "has no army in armies")
		}
	}
	holders := map[Gem]string{}
	var rs []rules.Ruling
	seats := len(ids)
	if in.Players != nil {
		seats = len(in.Players)
	}
	if r := seatsRuling(seats); r != nil && (in.Players != nil || seats > maxSeats) {
		rs = append(rs, *r)
	}
	capacity := 0
	if v := q.capacity.Value; v != nil {
		capacity = *v
	}
	whiteHeld := false
	for _, id := range ids {
		path := "armies." + id
		cards := in.Armies[id]
		switch {
		case len(cards) == 0:
			f.Add(path, "must hold at least one card: a player without cards takes no part (YATUK-BATTLE-7)")
			continue
		case len(cards) > MaxArmyCards:
			f.Add(path, fmt.Sprintf("has %d cards; the referee rules on at most %d", len(cards), MaxArmyCards))
			continue
		}
		if r := columnRuling(id, id, q.land, len(cards), capacity); r != nil {
			rs = append(rs, *r)
		}
		a := battleArmy{player: id, cards: parseCards(cards, path, &f), gems: parseGems(in.Gems[id], "gems."+id, &f)}
		for _, g := range a.gems.Gems() {
			if other, ok := holders[g]; ok {
				rs = append(rs, rules.Rule("YATUK-COMP-1",
					fmt.Sprintf("There is only one %s gem: %s and %s cannot both hold it.", g, other, id),
					fmt.Sprintf("فقط یک گوهر %s وجود دارد: %s و %s نمی‌توانند هر دو آن را داشته باشند.", gemFA(g), other, id)))
			}
			holders[g] = id
		}
		whiteHeld = whiteHeld || a.gems.white()
		if q.res == Declared {
			ls, ok := in.Links[id]
			if !ok {
				f.Add("links."+id, "is required with chain_resolution declared: each card's summoner position, or null")
			}
			a.links = parseLinks(ls)
			if ok {
				checkLinks(a.cards, a.links, "links."+id, &f)
			}
		}
		q.armies = append(q.armies, a)
	}
	if q.res != Declared && in.Links != nil {
		f.Add("links", "is only used with chain_resolution \"declared\"")
	}
	if q.white != "" && !whiteHeld {
		f.Add("white_gem_color", "only the holder of the white gem names a colour, and no army here holds it")
	}
	if err := f.Err(); err != nil {
		return q, err
	}
	cur, curHasArmy := in.Armies[in.CurrentPlayer]
	if in.DeclaredBy != nil {
		q.typ = DeclaredBattle
		switch {
		case *in.DeclaredBy != in.CurrentPlayer:
			rs = append(rs, rules.Rule("YATUK-BATTLE-16",
				fmt.Sprintf("A battle is declared by the player whose turn it is: declared_by %q is not the current player %q.", *in.DeclaredBy, in.CurrentPlayer),
				fmt.Sprintf("اعلام نبرد را بازیکنی می‌کند که نوبت اوست: %q بازیکن نوبت (%q) نیست.", *in.DeclaredBy, in.CurrentPlayer)))
		case !curHasArmy:
			rs = append(rs, rules.Rule("YATUK-BATTLE-1",
				fmt.Sprintf("%s has no army here; a player declares battle only where their column is full.", in.CurrentPlayer),
				fmt.Sprintf("%s در این سرزمین لشکری ندارد؛ بازیکن فقط جایی اعلام نبرد می‌کند که لشکرش به اندازه‌ی ظرفیت باشد.", in.CurrentPlayer)))
		case len(cur) <= capacity:
			rs = append(rs, declaredRulings(in.CurrentPlayer, q.land, len(cur), capacity)...)
		}
	} else if !curHasArmy {
		rs = append(rs, rules.Rule("YATUK-BATTLE-4",
			fmt.Sprintf("A forced battle starts only at the start of the turn of a player with a full column there, and %s has no army here. If the battle was declared, give declared_by.", in.CurrentPlayer),
			fmt.Sprintf("نبرد اجباری فقط در آغاز نوبت بازیکنی آغاز می‌شود که در آن سرزمین لشکر کامل دارد، و %s در این‌جا لشکری ندارد. اگر نبرد اعلام شده، declared_by را بدهید.", in.CurrentPlayer)))
	} else {
		var others []int
		for id, cards := range in.Armies {
			if id != in.CurrentPlayer {
				others = append(others, len(cards))
			}
		}
		if r := forcedRuling(in.CurrentPlayer, q.land, len(cur), others, capacity); r != nil {
			rs = append(rs, *r)
		}
	}
	return q, rules.Violations(rs)
}

func askBattle(body json.RawMessage) (any, error) {
	q, err := decodeBattleRequest(body)
	if err != nil {
		return nil, err
	}
	name := func(id string) string { return id }
	v, err := judge(q.armies, q.seats, q.current, q.typ, q.white, q.res, name)
	var need errNeedSeats
	if errors.As(err, &need) {
		return nil, rules.Invalid("players", fmt.Sprintf("is needed to break the tie between %s: the winner is the tied player nearest to the right of %s, so give every player's ID in clockwise seat order", strings.Join(need.tied, ", "), q.current))
	}
	if err != nil {
		return nil, err
	}
	ans := BattleAnswer{Land: q.land, Capacity: q.capacity, Gem: landGem[q.land], Type: q.typ, CurrentPlayer: q.current, Armies: v.armies,
		TopStrength: v.top, Tied: v.tied, Winner: v.winner, Rule: v.rule, Explanation: v.text}
	if c := v.carrier; c != nil {
		den, dfa := describe(c.Card)
		ans.Carrier = &CarrierAnswer{Carrier: *c, Rule: "YATUK-BATTLE-12", Explanation: rules.T(
			fmt.Sprintf("%s takes the %s gem with a wizard of their army; suggested: card %d (%s), their weakest, which the end-of-game tie-break favours (YATUK-END-3).", v.winner, landGem[q.land], c.Position, den),
			fmt.Sprintf("%s گوهر %s را با یکی از جادوگران لشکرش برمی‌دارد؛ پیشنهاد: کارت %d (%s)، ضعیف‌ترین جادوگرش، که در تساوی پایان بازی به سود اوست.", v.winner, gemFA(landGem[q.land]), c.Position, dfa))}
	}
	return ans, nil
}
