package rules

import "fmt"

// View is what a match's screens show, as the game describes it: its score
// sheet and the state of play now. Screens draw it without knowing the game
// (the TV pages, the rotation, the league screen and the phone's sheets).
type View struct {
	Sheet Sheet `json:"sheet"`
	// Now is the round or turn being played; nil when the match is over or
	// nothing is being played.
	Now *Now `json:"now,omitempty"`
}

// Viewer is a State that describes its own screens.
type Viewer interface {
	View() View
}

// Sheet is a game's score sheet as people read it: one row per round (turn,
// hand, battle, category), one cell per player, and the total column.
//
// When Sum is true, every player's Total is Start plus the Value of each of
// the player's cells in rows that are not voided; a cell whose Value differs
// from what the table recorded (its Base) carries a mark for each
// adjustment, Base plus the marks' Delta being the Value. When Sum is false
// the cells are a standing at the end of their row (dice held after a hand)
// and the total is the standing now.
type Sheet struct {
	// RowHeader names the rows' label column ("Round", "Turn", "Hand").
	RowHeader Text `json:"row_header"`
	// TotalHeader is the game's word for the total ("Total", "Level", "Dice").
	TotalHeader Text `json:"total_header"`
	// SubHeader names the small figures under a cell ("bid / won"), if any.
	SubHeader Text `json:"sub_header,omitempty"`
	Sum       bool `json:"sum"`
	// Start is where every player's total starts (level 1 in Munchkin).
	Start  int            `json:"start"`
	Rows   []SheetRow     `json:"rows"`
	Totals map[string]int `json:"totals"`
	// Lower is true when the lowest total leads.
	Lower bool `json:"lower,omitempty"`
}

// SheetRow is one row of a score sheet.
type SheetRow struct {
	Label Text `json:"label"`
	// Number is the round's (turn's, hand's) number, for a screen that has
	// room for the number alone under the RowHeader; 0 when the label is a
	// name (a category).
	Number int `json:"number,omitempty"`
	// Cells are the players' cells by player ID; a player without a cell in
	// this row has none.
	Cells map[string]Cell `json:"cells"`
	// Note says what else the row records (the trump, who called a census).
	Note   Text `json:"note,omitempty"`
	Voided bool `json:"voided,omitempty"`
}

// Cell is one player's figure in a row.
type Cell struct {
	Value int `json:"value"`
	// Base is what the table recorded before the game's adjustments (a
	// village's cards before a census or a 100->50 drop); nil when the
	// Value is what was recorded.
	Base *int `json:"base,omitempty"`
	// Sub is a small figure under the value ("2 / 1": bid and won).
	Sub   Text   `json:"sub,omitempty"`
	Marks []Mark `json:"marks,omitempty"`
	// Field names what the cell records (tricks, level, village, value...).
	Field string `json:"field,omitempty"`
	// Fix lists the figures behind the cell that the table recorded, each
	// of which a phone offers to fix (Wizard's bid and tricks won; one
	// village's cards); none for a cell no event of its row recorded.
	Fix []FixTarget `json:"fix,omitempty"`
	// Held is true for a cell whose player's figure the row did not move
	// (a level no event of the turn changed): its Value is 0 and it has no
	// marks; it is there for the figure to fix, which a screen without
	// fixes leaves out.
	Held bool `json:"held,omitempty"`
}

// FixTarget is one recorded figure behind a cell: which kind of event set
// it and where in the match that event is (together they find the event in
// the log in force), the entry of its data it sets, the figure as
// recorded, and the words of its button.
type FixTarget struct {
	// Field is the kind of figure: "bid", "tricks", "village", "level",
	// "dice", "gems" or "value" (a score sheet's score). It names the event
	// that records it: a bid, tricks, round_ended, a level change, a dice
	// event, battle_resolved, scores_recorded.
	Field string `json:"field"`
	// Player is the player whose figure it is.
	Player string `json:"player"`
	// At is where the event is: the round or turn number, a category's ID
	// or a land; empty for the player's latest such event.
	At string `json:"at,omitempty"`
	// Entry is the key of the event's data the figure is ("bid", "won",
	// "villages", "scores"); a map by player holds it at Player.
	Entry string `json:"entry,omitempty"`
	// Value is the figure as the table recorded it ("2", "9 9 9").
	Value string `json:"value"`
	// Label names the figure for the button ("Bid", "Tricks won").
	Label Text `json:"label"`
}

// Mark is one adjustment or event a cell carries: a 100->50 drop, a
// Kamikaze, a census, a death, a level held at 1.
type Mark struct {
	// Kind is a stable name for styling ("jump", "kamikaze", "census",
	// "death", "clamped", "penalty", "winner", "taken").
	Kind  string `json:"kind"`
	Label Text   `json:"label"`
	// Delta is what the mark added to the cell's Value (0 for a mark that
	// only tells).
	Delta int `json:"delta,omitempty"`
}

// Now is the state of play: the round or turn being played.
type Now struct {
	// Title is "Round 3 of 15", "Turn 12", "Hand 2".
	Title Text `json:"title"`
	// Turn is the player whose turn it is, if any; Dealer the dealer.
	Turn   string `json:"turn,omitempty"`
	Dealer string `json:"dealer,omitempty"`
	// Facts are the round's facts: the trump, the amulet, the land fought.
	Facts []Fact `json:"facts,omitempty"`
	// Columns name the figures each seat shows ("Bid", "Won"; "Dice",
	// "Cards"); Seats are in seat order.
	Columns []Text    `json:"columns,omitempty"`
	Seats   []NowSeat `json:"seats"`
	// Teams lists the player IDs of each team, in a team game.
	Teams [][]string `json:"teams,omitempty"`
	// Next is what the table records next.
	Next Text `json:"next"`
}

// Fact is one labelled fact of the state of play.
type Fact struct {
	Label Text `json:"label"`
	Value Text `json:"value"`
}

// NowSeat is one player's figures now, one per Columns entry (nil: none yet).
type NowSeat struct {
	Player string `json:"player"`
	Values []*int `json:"values"`
	// Out is true for a player out of the hand or the game.
	Out bool `json:"out,omitempty"`
}

// Num returns a pointer to n, for a NowSeat value or a Cell's Base.
func Num(n int) *int { return &n }

// Nf writes an integer into both languages' texts: Nf("Round %d", "دورِ %d", 3).
func Nf(en, fa string, n int) Text {
	return T(fmt.Sprintf(en, n), fmt.Sprintf(fa, n))
}
