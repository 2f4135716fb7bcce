package rules

// Card is one card of a game played with a list of named cards (Wazabi):
// what the table app shows, and asks for, when one is played.
type Card struct {
	ID   string `json:"card"`
	Name Text   `json:"name"`
	// Cost is the card's value: the W symbols the roll must show to play it.
	Cost int `json:"cost"`
	// Rule is the rule ID of the card's effect.
	Rule string `json:"rule"`
	// Target says the card names another player (data.target).
	Target bool `json:"target"`
	// Direction says the card needs "left" or "right" (data.direction).
	Direction bool `json:"direction"`
	Effect    Text `json:"effect"`
}

// CardGame is a game whose card_played events name a card of its list,
// served with the game (GET /v1/games/{game}).
type CardGame interface {
	Game
	Cards() []Card
}
