// Package yatuk referees and scores Yatuk (یاتوک), the Baborka card game of
// wizards, monsters and five gems (seed 004_96e34b227543515a.txt, spec
// rules/yatuk.md). Its heart is the army-chain ruling (RuleArmy): which cards
// of an army are legally chained and count in battle.
package yatuk

import (
	"encoding/json"
	"fmt"

	"github.com/motamed/motamed/rules"
)

// ID is the game's ID.
const ID = "yatuk"

type game struct{}

// New returns the Yatuk game.
func New() rules.Game { return game{} }

func (game) Info() rules.Info {
	return rules.Info{
		ID:         ID,
		Name:       "Yatuk",
		NameFA:     "یاتوک",
		MinPlayers: 2,
		MaxPlayers: 4,
		Options: []rules.OptionDoc{
			{Name: "capacities",
				Label:   rules.T("Land capacities", "گنجایشِ سرزمین‌ها"),
				Hint:    rules.T("As printed on the land cards, 1 to 12 each; Gomati is 6.", "همان عددِ روی کارتِ سرزمین، هر کدام ۱ تا ۱۲؛ گوماتی ۶ است."),
				Choices: map[string]rules.Text{"vipas": rules.T("Vipas", "ویپاس"), "vitasta": rules.T("Vitasta", "ویتاستا"), "parushni": rules.T("Parushni", "پاروشنی"), "sutudri": rules.T("Sutudri", "سوتودری"), "gomati": rules.T("Gomati", "گوماتی")},
				Type:    "object", Default: map[string]int{"gomati": gomatiCapacity},
				Description: "Capacity of each land, as printed on the land cards: an object with vipas, vitasta, parushni, sutudri and gomati, each 1 to 12. Gomati defaults to 6; the rulebook does not print the other four, so they are required (YATUK-SETUP-3, YATUK-AMB-1)."},
			{Name: "mode",
				Label:   rules.T("Mode", "حالتِ بازی"),
				Hint:    rules.T("Standard ends at 3 gems or the fifth gem; advanced is a league of hands.", "معمولی با ۳ گوهر یا گرفتنِ گوهرِ پنجم تمام می‌شود؛ پیشرفته لیگی چند دستی است."),
				Choices: map[string]rules.Text{Standard: rules.T("Standard", "معمولی"), Advanced: rules.T("Advanced", "پیشرفته")},
				Type:    "string", Default: Standard, Enum: []string{Standard, Advanced},
				Description: "standard: the game ends when a player holds 3 gems or the fifth gem is taken. advanced: a league of several hands; hand 1 runs to the fifth gem, later hands start with the gems where they ended and run five battles (YATUK-ADV-1..10)."},
			{Name: "chain_resolution",
				Label:   rules.T("Chains", "زنجیره‌ها"),
				Hint:    rules.T("How the cards of an army are chained in a battle.", "کارت‌های یک سپاه در نبرد چگونه زنجیر می‌شوند."),
				Choices: map[string]rules.Text{string(Maximize): rules.T("The strongest chain counts", "قوی‌ترین زنجیره حساب می‌شود"), string(Declared): rules.T("As the players declare", "همان‌طور که بازیکن‌ها اعلام کنند")},
				Type:    "string", Default: string(Maximize), Enum: []string{string(Maximize), string(Declared)},
				Description: "maximize: when cards can be chained in several ways the strongest legal chain counts, gem bonuses included. declared: battle_resolved gives each card's summoner in links and the referee checks those links (YATUK-CHAIN-15, YATUK-AMB-5)."},
			// No single default: it depends on the mode (1 standard, 2 advanced).
			{Name: "hands",
				Label:       rules.T("Hands", "تعدادِ دست‌ها"),
				Hint:        rules.T("Standard: 1; advanced: 2 unless changed.", "معمولی: ۱؛ پیشرفته: ۲ مگر تغییر دهید."),
				Type:        "integer",
				Description: fmt.Sprintf("Number of hands in the match: 1 in standard mode; 1 to %d in advanced mode. Default: 1 in standard mode, 2 in advanced mode.", maxHands)},
			{Name: "first_player",
				Label:       rules.T("Who starts", "شروع‌کننده"),
				Hint:        rules.T("Chosen at random at the table; later hands start one seat to the left.", "سرِ میز به قرعه انتخاب می‌شود؛ دست‌های بعد را نفرِ سمتِ چپ شروع می‌کند."),
				Type:        "string",
				Description: "ID of the player who starts (chosen at random at the table, YATUK-SETUP-9); defaults to the first player in seat order. Later league hands start one seat to the left."},
		},
		Events: []rules.EventDoc{
			{Type: "card_played", Example: json.RawMessage(exampleCardPlayed),
				Description: "The player plays an army card at the end of their column at an active land, below its capacity (an action). Positions 1-2 are face up and card {kind, colors, power} is required; later cards are face down and card may be omitted until the battle reveals it. A spell is never played here."},
			{Type: "spell_played", Example: json.RawMessage(exampleSpellPlayed),
				Description: "The player plays a spell (an action; it is then burned). spell: night_raid {target, land, revealed?} burns the target's face-up cards at that land; betrayal {target, land, cards:[1|2], revealed?} removes the named face-up cards; extra_plays {extra_plays} lets them play that many more cards this turn; other {name?} records a spell whose effect the referee does not know. revealed gives, in column order, the face-down cards that move into positions 1-2 and turn face up."},
			{Type: "card_burned", Example: json.RawMessage(exampleCardBurned),
				Description: "The player burns a card from their hand without using it (an action; with 3 or more players, the whole turn). It is replaced at the end of the turn."},
			{Type: "battle_declared", Example: json.RawMessage(exampleBattleDeclared),
				Description: "At the start of their turn, with a full column at an active land, the player burns a card from their hand (never replaced) and declares battle there (an action). battle_resolved must follow."},
			{Type: "battle_resolved", Example: json.RawMessage(exampleBattleResolved),
				Description: "Result of the due battle (declared, or forced at a turn start): armies gives every participant's cards in column order (face-up ones must match); links {player_id:[position|null]} with chain_resolution declared; white_gem_color names the white gem's colour (default: the best); carrier is the position of the winner's wizard that carries the gem (default: their weakest wizard). The referee rules on each chain, adds gem bonuses, applies the tie rules, gives the gem to the winner and closes the land."},
			{Type: "turn_ended", Example: json.RawMessage(exampleTurnEnded),
				Description: "The player ends their turn without using the extra plays a spell gave them, or passes because they have no card in hand. Turns otherwise end by themselves when the actions are used up."},
		},
	}
}

// The event examples, valid in the order listed in a 3-player match (see
// TestInfoExamples): p1 plays at Gomati, p2 raids it, p3 burns, p1 fills
// Vipas (capacity 1), ... p1 declares and wins there, p2 ends a turn early.
const (
	exampleCardPlayed     = `{"player":"p1","land":"vipas","card":{"kind":"wizard","colors":["green"],"power":4}}`
	exampleSpellPlayed    = `{"player":"p2","spell":"night_raid","target":"p1","land":"gomati"}`
	exampleCardBurned     = `{"player":"p3"}`
	exampleBattleDeclared = `{"player":"p1","land":"vipas"}`
	exampleBattleResolved = `{"land":"vipas","armies":{"p1":[{"kind":"wizard","colors":["green"],"power":4}]},"carrier":1}`
	exampleTurnEnded      = `{"player":"p2"}`
)

func (game) Catalog() []rules.RuleEntry { return catalog() }

func (game) Setup(players []rules.Player, options json.RawMessage) (rules.State, any, error) {
	if r := seatsRuling(len(players)); r != nil {
		return nil, nil, rules.Violations([]rules.Ruling{*r})
	}
	if err := rules.CheckPlayerIDs(players); err != nil {
		return nil, nil, err
	}
	opts, err := decodeOptions(options, players)
	if err != nil {
		return nil, nil, err
	}
	s := &State{Options: opts, Players: make([]PlayerState, len(players)), Battles: []BattleRow{}, HandResults: []HandResult{}}
	for i, p := range players {
		s.Players[i] = PlayerState{ID: p.ID, Name: p.Name, Seat: i, Gems: []Gem{}}
	}
	s.startHand(s.seat(opts.FirstPlayer))
	return s, opts, nil
}

func (game) Apply(st rules.State, ev rules.Event) (rules.State, []rules.Ruling, error) {
	s, ok := st.(*State)
	if !ok || s == nil {
		return nil, nil, fmt.Errorf("yatuk: the state is a %T, not a Yatuk state", st)
	}
	if s.Finished {
		return nil, nil, fmt.Errorf("%w: record no more events", rules.ErrFinished)
	}
	var (
		next  *State
		notes []rules.Ruling
		err   error
	)
	switch ev.Type {
	case "card_played":
		next, notes, err = s.applyCardPlayed(ev.Data)
	case "spell_played":
		next, notes, err = s.applySpellPlayed(ev.Data)
	case "card_burned":
		next, notes, err = s.applyCardBurned(ev.Data)
	case "battle_declared":
		next, notes, err = s.applyBattleDeclared(ev.Data)
	case "battle_resolved":
		next, notes, err = s.applyBattleResolved(ev.Data)
	case "turn_ended":
		next, notes, err = s.applyTurnEnded(ev.Data)
	default:
		return nil, nil, fmt.Errorf("%w: %q", rules.ErrUnknownEvent, ev.Type)
	}
	if err != nil {
		return nil, nil, err
	}
	return next, notes, nil
}
