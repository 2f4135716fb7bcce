package yatuk

import (
	"encoding/json"
	"fmt"

	"github.com/motamed/motamed/rules"
)

// card_played {player, land, card?}: an army card joins the end of the
// player's column (YATUK-TURN-5, YATUK-ARMY-1..6). Positions 1-2 are face up
// and the card must be given; later cards are face down and may be omitted.

type cardPlayedData struct {
	Player string    `json:"player"`
	Land   string    `json:"land"`
	Card   *cardJSON `json:"card"`
}

type cardPlayed struct {
	p    int
	land Land
	card *Card
}

func (s *State) decodeCardPlayed(raw json.RawMessage) (cardPlayed, error) {
	var in cardPlayedData
	if err := rules.Decode(raw, "data", &in); err != nil {
		return cardPlayed{}, err
	}
	var f rules.Fields
	out := cardPlayed{p: s.parsePlayer(in.Player, "data.player", &f), land: parseLand(in.Land, "data.land", &f)}
	if in.Card != nil {
		c := in.Card.toCard("data.card", &f)
		out.card = &c
	}
	return out, f.Err()
}

func (s *State) applyCardPlayed(raw json.RawMessage) (*State, []rules.Ruling, error) {
	d, err := s.decodeCardPlayed(raw)
	if err != nil {
		return nil, nil, err
	}
	if rs := s.gate(d.p, actPlay); rs != nil {
		return nil, nil, rules.Violations(rs)
	}
	rs := s.actionRulings(d.p, actPlay)
	rs = append(rs, s.activeLand(d.land)...)
	ls := s.land(d.land)
	size := len(ls.Armies[d.p].slots)
	if size >= ls.Capacity {
		rs = append(rs, rules.Rule("YATUK-ARMY-5",
			fmt.Sprintf("%s's column at %s already holds %d cards, the land's capacity.", s.Players[d.p].Name, landEN[d.land], ls.Capacity),
			fmt.Sprintf("لشکر %s در %s همین حالا %d کارت دارد که برابر ظرفیت این سرزمین است.", s.Players[d.p].Name, landFA[d.land], ls.Capacity)))
	}
	if d.card != nil && d.card.Kind == Spell {
		rs = append(rs, rules.Rule("YATUK-ARMY-11",
			"A spell may never be placed in an army: play it with spell_played and carry out its ability.",
			"طلسم هرگز در لشکر قرار نمی‌گیرد: آن را به رو بازی کنید و عمل آن را اجرا کنید."))
	}
	if d.card == nil && size < 2 {
		rs = append(rs, rules.Rule("YATUK-ARMY-6",
			fmt.Sprintf("This card is position %d of the column, so it is played face up: give the card.", size+1),
			fmt.Sprintf("این کارت جای %d ستون لشکر است و باید به رو (محسوس) بازی شود: کارت را مشخص کنید.", size+1)))
	}
	if len(rs) > 0 {
		return nil, nil, rules.Violations(rs)
	}
	n := s.clone()
	col := &n.land(d.land).Armies[d.p]
	sl := slot{}
	if d.card != nil {
		sl = slot{known: true, card: *d.card}
	}
	col.slots = append(col.slots, sl)
	n.Players[d.p].HandSize--
	n.usePlay()
	n.afterAction()
	return n, nil, nil
}

// spell_played {player, spell, target?, land?, cards?, revealed?,
// extra_plays?, name?}: a spell is played face up, carried out and burned
// (YATUK-SPELL-1, -2).

// The spells the referee knows the effect of (YATUK-SPELL-3..6).
const (
	spellNightRaid  = "night_raid"
	spellBetrayal   = "betrayal"
	spellExtraPlays = "extra_plays"
	spellOther      = "other"
)

const maxExtraPlays = 4

type spellPlayedData struct {
	Player     string     `json:"player"`
	Spell      string     `json:"spell"`
	Target     *string    `json:"target"`
	Land       *string    `json:"land"`
	Cards      []int      `json:"cards"`
	Revealed   []cardJSON `json:"revealed"`
	ExtraPlays *int       `json:"extra_plays"`
	Name       *string    `json:"name"`
}

type spellPlayed struct {
	p          int
	spell      string
	target     int
	land       Land
	positions  []int // 1-based positions removed from the target column
	revealed   []Card
	hasReveal  bool
	extraPlays int
}

func (s *State) decodeSpellPlayed(raw json.RawMessage) (spellPlayed, error) {
	var in spellPlayedData
	if err := rules.Decode(raw, "data", &in); err != nil {
		return spellPlayed{}, err
	}
	var f rules.Fields
	out := spellPlayed{p: s.parsePlayer(in.Player, "data.player", &f), spell: in.Spell, target: -1}
	targeted := in.Spell == spellNightRaid || in.Spell == spellBetrayal
	switch in.Spell {
	case spellNightRaid, spellBetrayal, spellExtraPlays, spellOther:
	case "":
		f.Add("data.spell", "is required: night_raid, betrayal, extra_plays or other")
	default:
		f.Add("data.spell", fmt.Sprintf("%q is not a spell the referee knows: use night_raid, betrayal, extra_plays, or other for a spell whose effect is only recorded", in.Spell))
	}
	if targeted {
		if in.Target == nil {
			f.Add("data.target", "is required: the player whose army the spell is played against")
		} else {
			out.target = s.parsePlayer(*in.Target, "data.target", &f)
		}
		if in.Land == nil {
			f.Add("data.land", "is required: the land of the army the spell is played against")
		} else {
			out.land = parseLand(*in.Land, "data.land", &f)
		}
		if in.Revealed != nil {
			out.hasReveal = true
			out.revealed = parseCards(in.Revealed, "data.revealed", &f)
		}
	} else {
		for _, x := range []struct {
			field string
			set   bool
		}{{"target", in.Target != nil}, {"land", in.Land != nil}, {"revealed", in.Revealed != nil}} {
			if x.set {
				f.Add("data."+x.field, "is only used with night_raid and betrayal")
			}
		}
	}
	switch {
	case in.Spell == spellNightRaid:
		if in.Cards != nil {
			f.Add("data.cards", "is only used with betrayal: Night Raid always burns the face-up cards")
		}
	case in.Spell == spellBetrayal:
		if len(in.Cards) == 0 || len(in.Cards) > 2 {
			f.Add("data.cards", "is required: the positions (1 or 2) of the face-up cards Betrayal removes")
		}
		seen := map[int]bool{}
		for i, p := range in.Cards {
			if p != 1 && p != 2 || seen[p] {
				f.Add(fmt.Sprintf("data.cards[%d]", i), "must be 1 or 2, each at most once: Betrayal removes face-up cards")
			}
			seen[p] = true
		}
		out.positions = in.Cards
	case in.Cards != nil:
		f.Add("data.cards", "is only used with betrayal")
	}
	if in.Spell == spellExtraPlays {
		switch {
		case in.ExtraPlays == nil:
			f.Add("data.extra_plays", "is required: how many more cards the spell lets the player play this turn")
		case *in.ExtraPlays < 1 || *in.ExtraPlays > maxExtraPlays:
			f.Add("data.extra_plays", fmt.Sprintf("must be a whole number from 1 to %d", maxExtraPlays))
		default:
			out.extraPlays = *in.ExtraPlays
		}
	} else if in.ExtraPlays != nil {
		f.Add("data.extra_plays", "is only used with extra_plays")
	}
	if in.Name != nil && len(*in.Name) > 100 {
		f.Add("data.name", "must be at most 100 bytes")
	}
	return out, f.Err()
}

func (s *State) applySpellPlayed(raw json.RawMessage) (*State, []rules.Ruling, error) {
	d, err := s.decodeSpellPlayed(raw)
	if err != nil {
		return nil, nil, err
	}
	if rs := s.gate(d.p, actPlay); rs != nil {
		return nil, nil, rules.Violations(rs)
	}
	rs := s.actionRulings(d.p, actPlay)
	var notes []rules.Ruling
	var removeAt []int
	var moving []int // 0-based old indices of face-down cards that turn face up
	if d.spell == spellNightRaid || d.spell == spellBetrayal {
		rule, spellEN, spellFA := "YATUK-SPELL-4", "Night Raid", "شبیخون"
		if d.spell == spellBetrayal {
			rule, spellEN, spellFA = "YATUK-SPELL-5", "Betrayal", "خیانت"
		}
		target := s.Players[d.target].Name
		rs = append(rs, s.activeLand(d.land)...)
		col := s.land(d.land).Armies[d.target].slots
		switch {
		case d.target == d.p:
			rs = append(rs, rules.Rule(rule,
				fmt.Sprintf("%s is played against an opponent's army, not one's own.", spellEN),
				fmt.Sprintf("طلسم %s علیه لشکر حریف بازی می‌شود، نه لشکر خود بازیکن.", spellFA)))
		case len(col) == 0:
			rs = append(rs, rules.Rule(rule,
				fmt.Sprintf("%s has no army at %s for %s to strike.", target, landEN[d.land], spellEN),
				fmt.Sprintf("%s در %s لشکری ندارد که طلسم %s علیه آن بازی شود.", target, landFA[d.land], spellFA)))
		}
		if d.spell == spellNightRaid {
			for i := 0; i < min(2, len(col)); i++ {
				removeAt = append(removeAt, i)
			}
		} else {
			for _, p := range d.positions {
				if p > len(col) {
					rs = append(rs, rules.Rule(rule,
						fmt.Sprintf("%s's column at %s has no face-up card at position %d.", target, landEN[d.land], p),
						fmt.Sprintf("ستون لشکر %s در %s در جای %d کارت رویی ندارد.", target, landFA[d.land], p)))
					continue
				}
				removeAt = append(removeAt, p-1)
			}
			notes = append(notes, rules.Rule("YATUK-SPELL-5",
				"Betrayal's full effect is not in the rulebook; only the face-up cards leaving the column are recorded (YATUK-AMB-19).",
				"اثر کامل طلسم خیانت در دفترچه نیامده؛ فقط خارج شدن کارت‌های رویی از ستون ثبت می‌شود."))
		}
		if len(rs) == 0 {
			// YATUK-ARMY-7: the rest close up; face-down cards reaching
			// positions 1-2 turn face up at once.
			newIdx := 0
			gone := map[int]bool{}
			for _, i := range removeAt {
				gone[i] = true
			}
			for i := range col {
				if gone[i] {
					continue
				}
				if newIdx < 2 && i >= 2 {
					moving = append(moving, i)
				}
				newIdx++
			}
			switch {
			case len(d.revealed) != len(moving):
				rs = append(rs, rules.Rule("YATUK-ARMY-7",
					fmt.Sprintf("%s of %s move up into the first two positions and are turned face up at once: give them, in column order, in \"revealed\" (%d given).", rules.Count(len(moving), "face-down card", "face-down cards"), target, len(d.revealed)),
					fmt.Sprintf("%d کارت به پشت %s به دو جای اول ستون می‌آید و بلافاصله رو می‌شود: آن‌ها را به ترتیب ستون در «revealed» مشخص کنید (%d کارت داده شده).", len(moving), target, len(d.revealed))))
			default:
				for k, i := range moving {
					if col[i].known && col[i].card != d.revealed[k] {
						rs = append(rs, rules.Rule("YATUK-ARMY-7",
							fmt.Sprintf("Revealed card %d does not match the card recorded face down at position %d.", k+1, i+1),
							fmt.Sprintf("کارت رو شده‌ی %d با کارتی که در جای %d به پشت ثبت شده بود یکی نیست.", k+1, i+1)))
					}
				}
			}
		}
	}
	if len(rs) > 0 {
		return nil, nil, rules.Violations(rs)
	}
	n := s.clone()
	if len(removeAt) > 0 {
		col := &n.land(d.land).Armies[d.target]
		gone := map[int]bool{}
		for _, i := range removeAt {
			gone[i] = true
		}
		revealedAt := map[int]Card{}
		for k, i := range moving {
			revealedAt[i] = d.revealed[k]
		}
		kept := make([]slot, 0, len(col.slots))
		for i, sl := range col.slots {
			if gone[i] {
				continue
			}
			if c, ok := revealedAt[i]; ok {
				sl = slot{known: true, card: c}
				if c.Kind == Spell {
					notes = append(notes, hiddenSpellNote(n.Players[d.target].Name, d.land))
				}
			}
			kept = append(kept, sl)
		}
		col.slots = kept
	}
	if d.spell == spellOther {
		notes = append(notes, rules.Rule("YATUK-SPELL-6",
			"This spell's effect is not in the referee's catalogue: only its play is recorded.",
			"اثر این طلسم در فهرست داور نیست: فقط بازی شدن آن ثبت می‌شود."))
	}
	n.Players[d.p].HandSize--
	n.usePlay()
	n.ExtraPlaysLeft += d.extraPlays
	n.afterAction()
	return n, notes, nil
}

// hiddenSpellNote flags a spell found among face-down cards (YATUK-ARMY-11):
// it stays until the chain check removes it (YATUK-AMB-13, remove only).
func hiddenSpellNote(owner string, l Land) rules.Ruling {
	return rules.Rule("YATUK-ARMY-11",
		fmt.Sprintf("%s had a spell face down in their army at %s: that breaks the rules; it counts for nothing and is removed at the chain check (YATUK-AMB-13).", owner, landEN[l]),
		fmt.Sprintf("%s یک طلسم را به پشت در لشکرش در %s گذاشته بود که خلاف قوانین است؛ این طلسم حساب نمی‌شود و هنگام بررسی زنجیره حذف می‌شود.", owner, landFA[l]))
}

// card_burned {player}: a card from the hand is put out of the game as the
// action (YATUK-TURN-7, YATUK-TWO-3).

type playerData struct {
	Player string `json:"player"`
}

func (s *State) decodePlayer(raw json.RawMessage) (int, error) {
	var in playerData
	if err := rules.Decode(raw, "data", &in); err != nil {
		return -1, err
	}
	var f rules.Fields
	p := s.parsePlayer(in.Player, "data.player", &f)
	return p, f.Err()
}

func (s *State) applyCardBurned(raw json.RawMessage) (*State, []rules.Ruling, error) {
	p, err := s.decodePlayer(raw)
	if err != nil {
		return nil, nil, err
	}
	if rs := s.gate(p, actBurn); rs != nil {
		return nil, nil, rules.Violations(rs)
	}
	if rs := s.actionRulings(p, actBurn); len(rs) > 0 {
		return nil, nil, rules.Violations(rs)
	}
	n := s.clone()
	n.Players[p].HandSize--
	n.ActionsLeft--
	n.ThisTurn.Burns++
	n.ThisTurn.Last = "burn"
	n.Passes = 0
	n.afterAction()
	return n, nil, nil
}

// turn_ended {player}: ends the turn early. Allowed only when what is left is
// optional (extra plays from a spell) or the player has no card at all
// (YATUK-TURN-4, YATUK-AMB-14, YATUK-AMB-18).
func (s *State) applyTurnEnded(raw json.RawMessage) (*State, []rules.Ruling, error) {
	p, err := s.decodePlayer(raw)
	if err != nil {
		return nil, nil, err
	}
	if rs := s.gate(p, actEnd); rs != nil {
		return nil, nil, rules.Violations(rs)
	}
	empty := s.Players[p].HandSize == 0
	if s.ActionsLeft > 0 && !empty {
		who := s.Players[p].Name
		return nil, nil, rules.Violate("YATUK-TURN-4",
			fmt.Sprintf("%s still has %s and cards in hand; a player may not pass while they can play, burn or declare battle.", who, rules.Count(s.ActionsLeft, "action", "actions")),
			fmt.Sprintf("%s هنوز %d عمل و کارت در دست دارد؛ تا وقتی بازیکن می‌تواند کارتی بازی کند، بسوزاند یا اعلام نبرد کند، نمی‌تواند نوبتش را رد کند.", who, s.ActionsLeft))
	}
	n := s.clone()
	acted := s.ThisTurn.Plays+s.ThisTurn.Burns+len(s.ThisTurn.Declared) > 0
	if empty && !acted {
		n.Passes++
		if n.Passes >= len(n.Players) {
			n.endHand("YATUK-AMB-14")
			return n, []rules.Ruling{rules.Rule("YATUK-AMB-14",
				"Every player passed for a full round with no card to play: the hand ends and is scored with the gems held.",
				"همه‌ی بازیکنان یک دور کامل بدون کارت نوبت خود را رد کردند: این دست تمام می‌شود و با گوهرهای موجود امتیازدهی می‌شود.")}, nil
		}
	} else {
		n.Passes = 0
	}
	n.endTurn()
	return n, nil, nil
}
