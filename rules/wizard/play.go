package wizard

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/motamed/motamed/rules"
)

// trickData is the data of trick: one card per player, in play order, and
// optionally the winner the table claims.
type trickData struct {
	Plays  []playData `json:"plays"`
	Winner *string    `json:"winner"`
}

type playData struct {
	Player *string `json:"player"`
	Card   *string `json:"card"`
}

func applyTrick(s *State, raw json.RawMessage) (*State, []rules.Ruling, error) {
	var d trickData
	if err := rules.Decode(raw, "data", &d); err != nil {
		return nil, nil, err
	}
	var bad rules.Fields
	switch {
	case d.Plays == nil:
		bad.Add("data.plays", "is required: the cards played, in play order, as {player, card}")
	case len(d.Plays) == 0:
		bad.Add("data.plays", "must list the cards played, one per player")
	}
	plays := make([]Play, len(d.Plays))
	cards := make([]card, len(d.Plays))
	for i, pl := range d.Plays {
		at := fmt.Sprintf("data.plays[%d]", i)
		switch {
		case pl.Player == nil:
			bad.Add(at+".player", "is required: the ID of the player")
		case seatOf(s.Players, *pl.Player) < 0:
			bad.Add(at+".player", "must be the ID of a seated player")
		default:
			plays[i].Player = *pl.Player
		}
		switch {
		case pl.Card == nil:
			bad.Add(at+".card", "is required: the card played")
		default:
			c, ok := parseCard(*pl.Card)
			if !ok {
				bad.Add(at+".card", "must be a card: "+cardFormat)
			}
			cards[i], plays[i].Card = c, c.String()
		}
	}
	if d.Winner != nil && seatOf(s.Players, *d.Winner) < 0 {
		bad.Add("data.winner", "must be the ID of a seated player")
	}
	if err := bad.Err(); err != nil {
		return nil, nil, err
	}
	if err := s.checkPlayPhase(); err != nil {
		return nil, nil, err
	}

	trump, _ := parseTrump(s.Trump)
	trickNo := len(s.Tricks) + 1
	var f rules.Findings
	ordered := s.checkOrder(plays, trickNo, &f)
	s.checkCards(plays, cards, trump, &f)
	winner, rule := -1, ""
	if ordered {
		winner, rule = trickWinner(cards, trump)
		if d.Winner != nil && *d.Winner != plays[winner].Player {
			claimed := slices.IndexFunc(plays, func(p Play) bool { return p.Player == *d.Winner })
			why := winReason(rule, cards[winner])
			f.Add(rule,
				s.nameOf(plays[winner].Player)+" wins this trick with "+cards[winner].en()+", not "+s.nameOf(*d.Winner)+". "+why.EN,
				s.nameOf(plays[winner].Player)+" با "+cards[winner].fa()+" این تریک را می‌بَرد، نه "+s.nameOf(*d.Winner)+". "+why.FA)
			if why, ok := cannotWin(cards[claimed], cards, trump); ok {
				f.Add("WIZARD-TRICK-5", why.EN, why.FA)
			}
		}
	}
	if err := f.Err(); err != nil {
		return nil, nil, err
	}

	next := s.clone()
	notes := next.proveRevokes(plays, cards, trickNo)
	next.noteUnfollowed(plays, cards, trickNo)
	next.Tricks = append(next.Tricks, Trick{Leader: plays[0].Player, Plays: plays, Winner: plays[winner].Player, Rule: rule})
	next.Won[plays[winner].Player]++
	next.Turn = plays[winner].Player // WIZARD-PLAY-3: the winner leads next
	for i, pl := range plays {
		if hand, ok := next.Hands[pl.Player]; ok {
			next.Hands[pl.Player] = without(hand, plays[i].Card)
		}
	}
	if len(next.Tricks) == next.Round {
		next.closeRound("tricks")
	}
	return next, notes, nil
}

// checkPlayPhase rejects tricks (and trick counts) outside the play of a
// round: before the deal, before every bid is in, or after the last trick.
func (s *State) checkPlayPhase() error {
	switch s.Phase {
	case phasePlaying:
		return nil
	case phaseBidding:
		var due []string
		for id, k := s.Turn, 0; k < s.n(); id, k = s.leftOf(id, 1), k+1 {
			due = append(due, s.nameOf(id))
			if id == s.Dealer {
				break
			}
		}
		list := strings.Join(due, ", ")
		return rules.Violate("WIZARD-BID-1",
			"Every bid comes before the first card; bids are still due from "+list+".",
			"همه‌ی پیش‌بینی‌ها پیش از کارتِ اول گفته می‌شوند؛ هنوز پیش‌بینیِ این بازیکن‌ها مانده است: "+list+".")
	}
	if s.Round == 0 {
		return rules.Violate("WIZARD-BID-1",
			"No round has started: record the start of the round and the bids before any trick.",
			"هنوز دوری شروع نشده است: پیش از هر تریک، شروعِ دور و پیش‌بینی‌ها را ثبت کنید.")
	}
	r := strconv.Itoa(s.Round)
	return rules.Violate("WIZARD-PLAY-4",
		"Round "+r+" is over: it has "+r+" tricks and all are recorded. Record the start of the next round.",
		"دورِ "+r+" تمام شده است: "+r+" تریک دارد و همه ثبت شده‌اند. شروعِ دورِ بعد را ثبت کنید.")
}

// checkOrder checks who plays: the right leader (WIZARD-PLAY-1 for the first
// trick of a round, WIZARD-PLAY-3 after it) and then every player once,
// clockwise (WIZARD-PLAY-2). It reports whether the order is right, so
// that the trick's winner can be computed.
func (s *State) checkOrder(plays []Play, trickNo int, f *rules.Findings) bool {
	leader := s.Turn
	ok := plays[0].Player == leader
	if !ok && trickNo == 1 {
		f.Add("WIZARD-PLAY-1",
			s.nameOf(leader)+" leads the first trick of round "+strconv.Itoa(s.Round)+": the player to the left of the dealer "+s.nameOf(s.Dealer)+".",
			"کارتِ اولِ نخستین تریکِ دورِ "+strconv.Itoa(s.Round)+" را "+s.nameOf(leader)+" بازی می‌کند: نفرِ سمت چپِ مُعتمد ("+s.nameOf(s.Dealer)+").")
	} else if !ok {
		f.Add("WIZARD-PLAY-3",
			s.nameOf(leader)+" won trick "+strconv.Itoa(trickNo-1)+" and leads trick "+strconv.Itoa(trickNo)+".",
			s.nameOf(leader)+" تریکِ "+strconv.Itoa(trickNo-1)+" را بُرد و تریکِ "+strconv.Itoa(trickNo)+" را شروع می‌کند.")
	}
	clockwise := len(plays) == s.n()
	for i := 1; clockwise && i < len(plays); i++ {
		clockwise = plays[i].Player == s.leftOf(plays[0].Player, i)
	}
	if !clockwise {
		names := make([]string, s.n())
		for i := range names {
			names[i] = s.nameOf(s.leftOf(leader, i))
		}
		list := strings.Join(names, ", ")
		f.Add("WIZARD-PLAY-2",
			"Each player plays exactly one card, clockwise from the leader: "+list+" ("+strconv.Itoa(s.n())+" cards, not "+strconv.Itoa(len(plays))+" in this order).",
			"هر بازیکن دقیقاً یک کارت بازی می‌کند، در جهتِ عقربه‌های ساعت از نفرِ اول: "+list+" ("+strconv.Itoa(s.n())+" کارت، نه "+strconv.Itoa(len(plays))+" کارت به این ترتیب).")
	}
	return ok && clockwise
}

// checkCards checks that each card can be played: not seen before in the
// round (WIZARD-PLAY-13), not the trump card (WIZARD-TRUMP-5), within the
// deck (WIZARD-COMP-2) and, for a player whose hand is recorded, held and
// following the led colour (WIZARD-PLAY-13, WIZARD-PLAY-7).
func (s *State) checkCards(plays []Play, cards []card, trump colour, f *rules.Findings) {
	var seen deckCount
	for _, t := range s.Tricks {
		for _, p := range t.Plays {
			c, _ := parseCard(p.Card)
			seen.add(c)
		}
	}
	indicator, hasIndicator := parseCard(s.TrumpCard)
	held := s.heldElsewhere(plays)
	for i, c := range cards {
		name := s.nameOf(plays[i].Player)
		fits := seen.add(c)
		if _, own := s.Hands[plays[i].Player]; !own {
			s.checkHeld(name, c, held, seen, hasIndicator && indicator.kind == c.kind, f)
		}
		switch {
		case c.kind == numbered && hasIndicator && c == indicator:
			f.Add("WIZARD-TRUMP-5",
				name+" plays "+c.en()+", but "+c.en()+" is the turned-up trump card: it is in no hand this round.",
				name+" "+c.fa()+" بازی کرده، اما "+c.fa()+" کارتِ برگردانده‌شده‌ی حکم است و این دور در دستِ هیچ‌کس نیست.")
		case c.kind == numbered && !fits:
			f.Add("WIZARD-PLAY-13",
				name+" plays "+c.en()+", which was already played this round; each card is played once a round.",
				name+" "+c.fa()+" بازی کرده که در همین دور قبلاً بازی شده است؛ هر کارت در هر دور فقط یک بار بازی می‌شود.")
		case !fits:
			en, fa := tooManyEN(c), tooManyFA(c)
			f.Add("WIZARD-COMP-2",
				name+" plays "+c.en()+", one more than the deck holds: "+en+".",
				name+" "+c.fa()+" بازی کرده، یکی بیشتر از آنچه در دسته هست: "+fa+".")
		case c.kind != numbered && hasIndicator && indicator.kind == c.kind && seen.count(c.kind) == 4:
			f.Add("WIZARD-TRUMP-5",
				name+" plays "+c.en()+", but the fourth one is the turned-up trump card and is out of play this round.",
				name+" "+c.fa()+" بازی کرده، اما چهارمی همان کارتِ برگردانده‌شده‌ی حکم است و این دور بازی نمی‌شود.")
		}
		s.checkHand(plays[i].Player, c, cards[:i], trump, f)
	}
}

// heldElsewhere tallies the cards still in recorded hands that stay there
// after this trick: nobody else can play them now.
func (s *State) heldElsewhere(plays []Play) deckCount {
	var held deckCount
	for id, hand := range s.Hands {
		mine := ""
		for _, p := range plays {
			if p.Player == id {
				mine = p.Card
				break
			}
		}
		for _, h := range without(hand, mine) {
			c, _ := parseCard(h)
			held.add(c)
		}
	}
	return held
}

// checkHeld checks the play of a player whose hand is not recorded against
// the hands that are: a numbered card another player holds cannot be played
// (WIZARD-PLAY-13), and the Wizards or Jesters played, held and turned up
// cannot exceed 4 (WIZARD-COMP-2).
func (s *State) checkHeld(name string, c card, held, seen deckCount, turnedUp bool, f *rules.Findings) {
	if c.kind == numbered {
		if held.has(c) {
			f.Add("WIZARD-PLAY-13",
				name+" plays "+c.en()+", but it is in another player's recorded hand.",
				name+" "+c.fa()+" بازی کرده، اما این کارت در دستِ ثبت‌شده‌ی بازیکنِ دیگری است.")
		}
		return
	}
	total := seen.count(c.kind) + held.count(c.kind)
	if turnedUp {
		total++
	}
	if total > 4 && seen.count(c.kind) <= 4 {
		en, fa := tooManyEN(c), tooManyFA(c)
		f.Add("WIZARD-COMP-2",
			name+" plays "+c.en()+", one more than the deck holds: "+en+", counting the recorded hands and the trump card.",
			name+" "+c.fa()+" بازی کرده، یکی بیشتر از آنچه در دسته هست: "+fa+" (با حسابِ دست‌های ثبت‌شده و کارتِ حکم).")
	}
}

// checkHand checks a play against the player's recorded hand, if any: the
// card must be held (WIZARD-PLAY-13) and must follow the led colour when
// the hand can (WIZARD-PLAY-7). Under WIZARD-AMB-11 such a play is rejected,
// not merely flagged, because the referee knows the hand.
func (s *State) checkHand(p string, c card, before []card, trump colour, f *rules.Findings) {
	recorded, ok := s.Hands[p]
	if !ok {
		return
	}
	name := s.nameOf(p)
	hand := make([]card, len(recorded))
	for i, h := range recorded {
		hand[i], _ = parseCard(h)
	}
	if !slices.Contains(hand, c) {
		f.Add("WIZARD-PLAY-13",
			name+"'s recorded hand holds no "+strings.TrimPrefix(c.en(), "a ")+"; a player plays only cards from their hand.",
			"در دستِ ثبت‌شده‌ی "+name+" "+strings.TrimPrefix(c.fa(), "یک ")+" نیست؛ هر بازیکن فقط کارت‌های دستِ خودش را بازی می‌کند.")
		return
	}
	if v := isLegal(c, hand, before, trump); !v.legal {
		_, led := ledColour(before)
		f.Add("WIZARD-PLAY-7",
			name+" must follow "+colourName(led)+" (or play a Wizard or a Jester): the recorded hand holds "+colourName(led)+", so "+c.en()+" is not allowed.",
			name+" باید همرنگ ("+colourFA(led)+") بازی کند یا جادوگر یا دلک بیندازد: در دستِ ثبت‌شده‌اش "+colourFA(led)+" هست، پس "+c.fa()+" مجاز نیست.")
	}
}

// noteUnfollowed records the plays of this trick that did not follow an
// established led colour with a numbered card. Without the hand, the player
// may have been void (WIZARD-PLAY-9); it is a revoke only if that player later plays
// that colour (spec 8.3). Players whose hand is recorded were checked already.
func (s *State) noteUnfollowed(plays []Play, cards []card, trickNo int) {
	for i, c := range cards {
		state, led := ledColour(cards[:i])
		if state != leadColour || c.kind != numbered || c.colour == led || s.Hands[plays[i].Player] != nil {
			continue
		}
		s.Unfollowed = append(s.Unfollowed, Unfollowed{Trick: trickNo, Player: plays[i].Player, Led: colourName(led), Card: plays[i].Card})
	}
}

// proveRevokes finds earlier failures to follow that this trick proves to be
// revokes: the player now plays a numbered card of the colour they did not
// follow, so they held it then (WIZARD-PLAY-7, spec 8.3). Each becomes a
// dispute of the round and a note; the event is accepted (WIZARD-AMB-11).
func (s *State) proveRevokes(plays []Play, cards []card, trickNo int) []rules.Ruling {
	var notes []rules.Ruling
	for i, c := range cards {
		if c.kind != numbered {
			continue
		}
		p, col := plays[i].Player, colourName(c.colour)
		kept := s.Unfollowed[:0]
		for _, u := range s.Unfollowed {
			if u.Player != p || u.Led != col {
				kept = append(kept, u)
				continue
			}
			msg := s.revokeMessage(u, c)
			s.Disputes = append(s.Disputes, Dispute{
				Rule: "WIZARD-PLAY-7", Player: p, Trick: u.Trick, Led: u.Led, Card: u.Card,
				ProvenBy: trickNo, ProofCard: c.String(), Message: msg,
			})
			notes = append(notes, rules.Ruling{Rule: "WIZARD-PLAY-7", Message: msg})
		}
		s.Unfollowed = kept
	}
	return notes
}

func (s *State) revokeMessage(u Unfollowed, proof card) rules.Text {
	name := s.nameOf(u.Player)
	led, _ := parseColour(u.Led)
	played, _ := parseCard(u.Card)
	t := strconv.Itoa(u.Trick)
	en := "Revoke: " + name + " did not follow " + u.Led + " in trick " + t + " (played " + played.en() + ") but now plays " +
		proof.en() + ", so " + name + " held " + u.Led + " then and had to follow. "
	fa := "تخلف از همرنگی: " + name + " در تریکِ " + t + " رنگِ " + colourFA(led) + " را دنبال نکرد (" + played.fa() + " بازی کرد) اما حالا " +
		proof.fa() + " بازی می‌کند، پس آن موقع " + colourFA(led) + " در دست داشته و باید همرنگ بازی می‌کرد. "
	switch s.Options.RevokePenalty {
	case revokeReplayRound:
		en += "The round is disputed: it will score nothing and be played again."
		fa += "این دور مورد اختلاف است: امتیازی ندارد و دوباره بازی می‌شود."
	case revokeFixedPoints:
		pts := strconv.Itoa(s.Options.RevokePoints)
		en += "The round is disputed: " + name + " loses " + pts + " points."
		fa += "این دور مورد اختلاف است: " + name + " " + pts + " امتیاز از دست می‌دهد."
	default:
		en += "The round is marked as disputed; the scores stand."
		fa += "این دور «مورد اختلاف» علامت می‌خورد و امتیازها تغییری نمی‌کنند."
	}
	return rules.T(en, fa)
}

// without returns hand minus one copy of c, in a new slice.
func without(hand []string, c string) []string {
	out := make([]string, 0, len(hand))
	removed := false
	for _, h := range hand {
		if h == c && !removed {
			removed = true
			continue
		}
		out = append(out, h)
	}
	return out
}
