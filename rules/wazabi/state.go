package wazabi

import (
	"strconv"

	"github.com/motamed/motamed/rules"
)

// State is a Wazabi match: the public counts the table can see (dice and
// cards per player, the two piles, skip cards), whose turn it is and how far
// that turn has gone. Card faces in hands are hidden and never recorded.
type State struct {
	Options Options `json:"options"`
	// Seats in clockwise order.
	Seats []Seat `json:"seats"`
	// Hand is the hand being played (1-based); a match of one hand has 1.
	Hand int `json:"hand"`
	// Current is the player whose turn it is.
	Current string `json:"current"`
	// Direction of play: "clockwise" or "counterclockwise" (Reverse).
	Direction  string `json:"direction"`
	DrawPile   int    `json:"draw_pile"`
	PlayedPile int    `json:"played_pile"`
	// DiceOutOfPlay were put out of the game by Lose cards this hand.
	DiceOutOfPlay int `json:"dice_out_of_play"`
	// DiceInBox were never dealt (24 - players x starting dice).
	DiceInBox int `json:"dice_in_box"`
	// Phase: "reroll" (opening tie), "roll", "draw", "give", "play", "end"
	// or "finished".
	Phase string `json:"phase"`
	Turn  Turn   `json:"turn"`
	// OpeningOpen: an opening_roll may still decide who starts this hand.
	OpeningOpen bool `json:"opening_roll_open"`
	// Reroll lists the players tied in the opening roll who roll again.
	Reroll []string `json:"reroll,omitempty"`
	// HandStarter started (or starts) this hand.
	HandStarter string `json:"hand_starter"`
	// LastSkipped are the players whose turn was skipped when the turn last
	// passed.
	LastSkipped []string `json:"last_skipped,omitempty"`
	// FinishOrder lists the players out of dice this hand, first out first.
	FinishOrder []string `json:"finish_order,omitempty"`
	// Played holds one row per finished hand.
	Played []HandRow `json:"-"` // the score sheet: served as scores.rounds, not repeated in the state
	Over   bool      `json:"finished"`
}

// Seat is one player's public counts.
type Seat struct {
	PlayerID string `json:"player_id"`
	Name     string `json:"name"`
	// Team is the 1-based team number in team play, else 0.
	Team  int `json:"team,omitempty"`
	Dice  int `json:"dice"`
	Cards int `json:"cards"`
	// Skips counts the Miss-a-turn cards waiting in front of the player.
	Skips int `json:"skips"`
	// Out: the player has no dice left this hand.
	Out bool `json:"out"`
	// Points are tournament points (a team's points for each member).
	Points int `json:"points"`
}

// Turn is the progress of the current turn.
type Turn struct {
	Player string `json:"player"`
	Rolled bool   `json:"rolled"`
	Roll   Roll   `json:"roll"`
	// DrawsDue are cards still to draw: the roll's card symbols, or 3 after
	// Draw 3. DrawRule is the rule that asks for them.
	DrawsDue int    `json:"draws_due"`
	DrawRule string `json:"draw_rule,omitempty"`
	Drew     bool   `json:"drew"`
	// GivesDue are give symbols whose dice have not been handed over yet.
	GivesDue int  `json:"gives_due"`
	Gave     bool `json:"gave"`
	// CardPlayed is the card played this turn, if any.
	CardPlayed string `json:"card_played,omitempty"`
	// PlayAgain: Reverse was played, the same player takes the next turn.
	PlayAgain bool `json:"play_again"`
}

// Roll is a recorded roll as counts of each symbol.
type Roll struct {
	W    int `json:"w"`
	Card int `json:"card"`
	Give int `json:"give"`
}

// HandRow is the score sheet row of one finished hand.
type HandRow struct {
	Hand int `json:"hand"`
	// Winner got rid of their dice first.
	Winner      string   `json:"winner"`
	WinningTeam []string `json:"winning_team,omitempty"`
	// DiceLeft is every player's dice when the hand ended.
	DiceLeft map[string]int `json:"dice_left"`
	// Points scored by the winner (each member of the winning team):
	// one per die still held by an opponent (WAZABI-TOURN-2).
	Points int `json:"points"`
	// FinishOrder ranks everyone when the hand is played to the last player.
	FinishOrder []string `json:"finish_order,omitempty"`
}

// clone copies s so that the copy can change without touching s. Slices
// that are only ever replaced, never written in place (Reroll, LastSkipped,
// FinishOrder, Played, Options.Teams), may stay shared, but appends go
// through appendCopy.
func (s *State) clone() *State {
	c := *s
	c.Seats = make([]Seat, len(s.Seats))
	copy(c.Seats, s.Seats)
	return &c
}

// appendCopy appends to a fresh slice so a shared backing array is never
// written.
func appendCopy[T any](xs []T, more ...T) []T {
	out := make([]T, 0, len(xs)+len(more))
	out = append(out, xs...)
	return append(out, more...)
}

// seatOf returns the seat index of id, or -1.
func (s *State) seatOf(id string) int {
	for i := range s.Seats {
		if s.Seats[i].PlayerID == id {
			return i
		}
	}
	return -1
}

// name returns a player's name for messages.
func (s *State) name(id string) string {
	if i := s.seatOf(id); i >= 0 && s.Seats[i].Name != "" {
		return s.Seats[i].Name
	}
	return id
}

// step returns the next seat from i, going clockwise (dir +1) or
// counterclockwise (dir -1), passing over players who are out. It returns i
// when nobody else is still in.
func (s *State) step(i, dir int) int {
	n := len(s.Seats)
	for k := 1; k < n; k++ {
		j := ((i+dir*k)%n + n) % n
		if !s.Seats[j].Out {
			return j
		}
	}
	return i
}

// left is the next seat clockwise still in the hand; right the previous one
// (the spec's default reading of "left", AMB-7).
func (s *State) left(i int) int  { return s.step(i, +1) }
func (s *State) right(i int) int { return s.step(i, -1) }

// dir is +1 clockwise, -1 counterclockwise.
func (s *State) dir() int {
	if s.Direction == counterwise {
		return -1
	}
	return +1
}

// active counts the players still in the hand.
func (s *State) active() int {
	n := 0
	for _, st := range s.Seats {
		if !st.Out {
			n++
		}
	}
	return n
}

// teamOf returns the player IDs of seat i's team (just the player without
// teams).
func (s *State) teamOf(i int) []string {
	if s.Seats[i].Team == 0 {
		return []string{s.Seats[i].PlayerID}
	}
	var out []string
	for _, st := range s.Seats {
		if st.Team == s.Seats[i].Team {
			out = append(out, st.PlayerID)
		}
	}
	return out
}

// refreshPhase sets Phase from the turn's progress.
func (s *State) refreshPhase() {
	t := s.Turn
	switch {
	case s.Over:
		s.Phase = "finished"
	case len(s.Reroll) > 0:
		s.Phase = "reroll"
	case !t.Rolled:
		s.Phase = "roll"
	case t.DrawsDue > 0 && t.CardPlayed == "":
		s.Phase = "draw"
	case t.GivesDue > 0:
		s.Phase = "give"
	case t.DrawsDue > 0:
		s.Phase = "draw"
	case t.CardPlayed == "":
		s.Phase = "play"
	default:
		s.Phase = "end"
	}
}

// Next says what the table records next.
func (s *State) Next() rules.Text {
	if s.Over {
		return rules.Text{}
	}
	who := s.name(s.Current)
	dice := 0
	if i := s.seatOf(s.Current); i >= 0 {
		dice = s.Seats[i].Dice
	}
	switch s.Phase {
	case "reroll":
		names := ""
		for i, id := range s.Reroll {
			if i > 0 {
				names += ", "
			}
			names += s.name(id)
		}
		return rules.T("Opening roll tie: "+names+" roll again.",
			"در پرتاب آغازین مساوی شد: "+names+" دوباره تاس می ریزند.")
	case "roll":
		n := strconv.Itoa(dice)
		if s.OpeningOpen {
			return rules.T(who+" rolls all "+n+" dice (or record the opening roll that decides who starts).",
				who+" هر "+n+" تاسش را می ریزد (یا پرتاب آغازین را ثبت کنید تا معلوم شود چه کسی شروع می کند).")
		}
		return rules.T(who+" rolls all "+n+" dice.",
			who+" هر "+n+" تاسش را می ریزد.")
	case "draw":
		return rules.T(who+" draws "+nCards(s.Turn.DrawsDue)+".",
			who+" باید "+strconv.Itoa(s.Turn.DrawsDue)+" کارت بکشد.")
	case "give":
		return rules.T(who+" gives away "+nDice(s.Turn.GivesDue)+".",
			who+" باید "+strconv.Itoa(s.Turn.GivesDue)+" تاس به دیگران بدهد.")
	case "play":
		w := strconv.Itoa(s.Turn.Roll.W)
		return rules.T(who+" may play one card costing up to "+w+" W, then ends the turn.",
			who+" می تواند یک کارت با ارزش حداکثر "+w+" W بازی کند و بعد نوبتش را تمام کند.")
	default:
		return rules.T(who+" ends the turn.", who+" نوبتش را تمام می کند.")
	}
}
