package web

import (
	"encoding/json"
	"strings"
)

// The round being played, read from a match's state: its number, dealer,
// trump and each player's bid and tricks so far (the fields Wizard's state
// has; a game whose state lacks them shows only what is due next). The
// script (assets/common.js, M.now) reads the same fields for live updates.

type nowView struct {
	Show      bool
	Round     string // the round's number, for people
	Rounds    string // how many rounds the match has, "" when unknown
	Dealer    string // the dealer's name
	Trump     string // the trump in people's words
	TrumpCard string
	Seats     map[string]nowSeat // by player ID
}

type nowSeat struct {
	Bid, Won         string
	HasBid, IsDealer bool
	IsTurn           bool
}

type roundState struct {
	Phase     string         `json:"phase"`
	Round     int            `json:"round"`
	Turn      string         `json:"turn"`
	Dealer    string         `json:"dealer"`
	Trump     string         `json:"trump"`
	TrumpCard string         `json:"trump_card"`
	Bids      map[string]int `json:"bids"`
	Won       map[string]int `json:"tricks_won"`
}

func buildNow(mr matchBody, labels map[string]string, lang string) nowView {
	var st roundState
	if mr.Status == "finished" || json.Unmarshal(mustJSON(mr.State), &st) != nil || st.Round < 1 || st.Dealer == "" {
		return nowView{}
	}
	names := map[string]string{}
	for _, p := range mr.Players {
		names[p.ID] = p.Name
	}
	v := nowView{Show: true, Round: formatNum(lang, float64(st.Round), 0), Dealer: names[st.Dealer],
		Trump: trumpText(labels, st.Trump), TrumpCard: cardText(labels, lang, st.TrumpCard), Seats: map[string]nowSeat{}}
	var opts struct {
		Rounds int `json:"rounds"`
	}
	if json.Unmarshal(mr.Options, &opts) == nil && opts.Rounds > 0 {
		v.Rounds = formatNum(lang, float64(opts.Rounds), 0)
	}
	for _, p := range mr.Players {
		s := nowSeat{IsDealer: p.ID == st.Dealer, IsTurn: p.ID == st.Turn && st.Phase != "awaiting_round"}
		if b, ok := st.Bids[p.ID]; ok {
			s.HasBid, s.Bid = true, formatNum(lang, float64(b), 0)
		}
		s.Won = formatNum(lang, float64(st.Won[p.ID]), 0)
		v.Seats[p.ID] = s
	}
	return v
}

// trumpText names a trump colour ("none" is no trump) for people.
func trumpText(labels map[string]string, trump string) string {
	if trump == "" {
		return ""
	}
	if l, ok := labels["colour_"+trump]; ok {
		return l
	}
	return trump
}

// cardText names a card ("red-7", "wizard", "jester") for people.
func cardText(labels map[string]string, lang, card string) string {
	if l, ok := labels["card_"+card]; ok {
		return l
	}
	colour, value, ok := strings.Cut(card, "-")
	if !ok {
		return card
	}
	return trumpText(labels, colour) + " " + faDigitsIf(lang, value)
}

// faDigitsIf writes s's digits in Persian for fa.
func faDigitsIf(lang, s string) string {
	if lang == "fa" {
		return faDigits.Replace(s)
	}
	return s
}
