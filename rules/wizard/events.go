package wizard

import (
	"encoding/json"

	"github.com/motamed/motamed/rules"
)

// eventDocs documents the event types. The examples are a valid opening of a
// 3-player match with default options (players p1, p2, p3; p1 deals round
// 1): round_started, hand_dealt, the three bids from p2, then either the
// trick or the tricks example. A test applies them in that order.
func eventDocs() []rules.EventDoc {
	return []rules.EventDoc{
		{Type: evRoundStarted,
			Description: `The cards of a round are dealt and the trump is known. {round?, dealer?, trump, trump_card?}: trump is "blue", "green", ` +
				`"red", "yellow" or "none". round and dealer (a player ID) are derived when omitted and checked when given (WIZARD-DEAL-2, WIZARD-DEAL-4). ` +
				`trump_card is the turned-up card, when the table records it: a numbered card makes its colour trump, a Jester means "none", a Wizard lets ` +
				`the dealer name a colour (WIZARD-TRUMP-1 to -3). The round that deals all 60 cards has no trump card and trump "none" (WIZARD-TRUMP-4). ` +
				`It is rejected while a round is still being played (WIZARD-PLAY-4, WIZARD-TRUMP-6).`,
			Example: json.RawMessage(`{"round":1,"dealer":"p1","trump":"red","trump_card":"red-7"}`)},
		{Type: evHandDealt,
			Description: `Optional, before the round's first trick: the cards a player was dealt, {player, cards}. The hand must have as many cards as ` +
				`the round number (WIZARD-DEAL-2) and fit the deck with the other recorded hands and the trump card (WIZARD-COMP-2). That player's ` +
				`plays are then checked as they happen: the card must be in the hand (WIZARD-PLAY-13) and follow the led colour when it can (WIZARD-PLAY-7); ` +
				`a breach is rejected.`,
			Example: json.RawMessage(`{"player":"p2","cards":["blue-3"]}`)},
		{Type: evBid,
			Description: `A player's bid, {player, bid}: once per player, in turn from the dealer's left (WIZARD-BID-1, -2, -4), from 0 to the round number ` +
				`unless bid_upper_bound is "none" (WIZARD-BID-3), and under bid_total_rule "dealer_must_break" the last bid may not make the total equal ` +
				`the number of tricks (WIZARD-AMB-7).`,
			Example: json.RawMessage(`{"player":"p2","bid":1}`)},
		{Type: evTrick,
			Description: `One trick, {plays:[{player, card}], winner?}, in play order: led by the player left of the dealer (first trick) or the last ` +
				`winner (WIZARD-PLAY-1, -3), every player once clockwise (WIZARD-PLAY-2), no card twice in a round nor the trump card (WIZARD-PLAY-13, ` +
				`WIZARD-TRUMP-5). Cards: blue-1 … blue-13, green-…, red-…, yellow-…, wizard, jester. The winner is computed (WIZARD-TRICK-1 to -4); a ` +
				`claimed winner that differs is rejected. A player who did not follow the led colour and later in the round plays it has revoked ` +
				`(WIZARD-PLAY-7): the trick is accepted, the revoke comes back as a note and is listed in the round's disputes (revoke_penalty). ` +
				`The round is scored when its last trick is recorded.`,
			Example: json.RawMessage(`{"plays":[{"player":"p2","card":"blue-3"},{"player":"p3","card":"wizard"},{"player":"p1","card":"red-2"}],"winner":"p3"}`)},
		{Type: evTricks,
			Description: `The tricks each player won in the round, {won:{player_id: n}}, for tables that do not record every trick. Every player is ` +
				`listed and the counts add up to the round number (WIZARD-PLAY-4). If some tricks were recorded one by one, the counts are still the ` +
				`whole round's and include those (WIZARD-TRICK-6). The round is scored at once.`,
			Example: json.RawMessage(`{"won":{"p1":0,"p2":0,"p3":1}}`)},
	}
}
