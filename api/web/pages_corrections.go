package web

import (
	"encoding/json"
	"time"

	"github.com/motamed/motamed/db"
)

// A match page marks each corrected event where it stands in the log: its
// number, what it recorded and when it was voided or replaced (the time of
// the record that did it). The script (match.js, corrections) draws the same from
// GET /v1/matches/{id}/events.

type correctionView struct {
	Seq, What, Player, At string
}

// corrections lists the voided events, latest first.
func corrections(log []db.Event, players []seatBody, labels map[string]string, lang string) []correctionView {
	names := map[string]string{}
	for _, p := range players {
		names[p.ID] = p.Name
	}
	when := map[int64]time.Time{}
	for _, e := range log {
		if e.Voids > 0 {
			when[e.Voids] = e.CreatedAt
		}
		if e.Replaces > 0 {
			when[e.Replaces] = e.CreatedAt
		}
	}
	var out []correctionView
	for i := len(log) - 1; i >= 0; i-- {
		e := log[i]
		if !e.Voided {
			continue
		}
		var d struct {
			Player string `json:"player"`
		}
		_ = json.Unmarshal(e.Data, &d)
		v := correctionView{Seq: formatNum(lang, float64(e.Seq), 0), What: eventLabel(labels, e.Type), Player: names[d.Player]}
		if t, ok := when[e.Seq]; ok {
			v.At = faDigitsIf(lang, t.Local().Format("15:04"))
		}
		out = append(out, v)
	}
	return out
}

// eventLabel names an event type for people.
func eventLabel(labels map[string]string, typ string) string {
	if l, ok := labels["e_"+typ]; ok {
		return l
	}
	return typ
}

// grandfatheredView is an event in force only by grandfathering, with the
// first rule today's rules refuse it by.
type grandfatheredView struct {
	Seq, What, Player, Rule, Message string
}

// grandfathered lists the events in force that today's rules refuse (see
// db.Event.Grandfathered), in the log's order.
func (s *pages) grandfathered(log []db.Event, players []seatBody, labels map[string]string, lang string) []grandfatheredView {
	names := map[string]string{}
	for _, p := range players {
		names[p.ID] = p.Name
	}
	var out []grandfatheredView
	for _, e := range log {
		if len(e.Grandfathered) == 0 || e.Voided {
			continue
		}
		var d struct {
			Player string `json:"player"`
		}
		_ = json.Unmarshal(e.Data, &d)
		r := e.Grandfathered[0]
		out = append(out, grandfatheredView{Seq: formatNum(lang, float64(e.Seq), 0), What: eventLabel(labels, e.Type),
			Player: names[d.Player], Rule: r.Rule, Message: r.Message.In(lang)})
	}
	return out
}
