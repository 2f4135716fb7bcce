package silver

import (
	"encoding/json"

	"github.com/motamed/motamed/rules"
)

// referees lists the stateless questions Silver answers.
func referees() []rules.Referee {
	return []rules.Referee{
		{
			Question: "round",
			Summary:  "Score one round from the revealed villages: round points, new totals, the amulet's new holder and why, and whether the game ends.",
			Example:  json.RawMessage(exampleRoundRequest),
			Ask:      func(body json.RawMessage) (any, error) { return askRound(body) },
		},
		{
			Question: "swap",
			Summary:  "Rule on a swap of one or more village cards for a drawn card: legal or not, and what happens to the cards (with the penalty card after a failed set of 3 or more).",
			Example:  json.RawMessage(exampleSwapRequest),
			Ask:      func(body json.RawMessage) (any, error) { return askSwap(body) },
		},
	}
}

// The examples are the spec's worked examples S1 and S3.
const (
	exampleRoundRequest = `{"players":["a","b","c"],"villages":{"a":[3,0,4],"b":[2,5,6],"c":[1,2,4]},"census_by":"a","first_player":"b","amulet_holder":"b","totals_before":{"a":14,"b":6,"c":20},"round":2}`
	exampleSwapRequest  = `{"village":[10,10,7,null,null],"selected":[1,2,3],"drawn":4}`
)
