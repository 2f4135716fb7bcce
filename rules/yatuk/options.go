package yatuk

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/motamed/motamed/rules"
)

// Capacities are the five lands' capacities (YATUK-SETUP-3).
type Capacities struct {
	Vipas    int `json:"vipas"`
	Vitasta  int `json:"vitasta"`
	Parushni int `json:"parushni"`
	Sutudri  int `json:"sutudri"`
	Gomati   int `json:"gomati"`
}

func (c Capacities) of(l Land) int {
	switch l {
	case Vipas:
		return c.Vipas
	case Vitasta:
		return c.Vitasta
	case Parushni:
		return c.Parushni
	case Sutudri:
		return c.Sutudri
	case Gomati:
		return c.Gomati
	}
	return 0
}

func (c *Capacities) set(l Land, v int) {
	switch l {
	case Vipas:
		c.Vipas = v
	case Vitasta:
		c.Vitasta = v
	case Parushni:
		c.Parushni = v
	case Sutudri:
		c.Sutudri = v
	case Gomati:
		c.Gomati = v
	}
}

// The game modes.
const (
	Standard = "standard"
	Advanced = "advanced"
)

// Options are a match's effective options.
type Options struct {
	Capacities      Capacities `json:"capacities"`
	Mode            string     `json:"mode"`
	ChainResolution Resolution `json:"chain_resolution"`
	Hands           int        `json:"hands"`
	FirstPlayer     string     `json:"first_player"`
}

type optionsJSON struct {
	Capacities      map[string]*int `json:"capacities"`
	Mode            *string         `json:"mode"`
	ChainResolution *string         `json:"chain_resolution"`
	Hands           *int            `json:"hands"`
	FirstPlayer     *string         `json:"first_player"`
}

const maxHands = 10

// The rule the capacity messages cite.
const ruleCapacities = "YATUK-SETUP-3"

func decodeOptions(raw json.RawMessage, players []rules.Player) (Options, error) {
	var in optionsJSON
	if err := rules.Decode(raw, "options", &in); err != nil {
		return Options{}, err
	}
	var f rules.Fields
	var o Options
	if in.Capacities == nil {
		f.Add("options.capacities", fmt.Sprintf("is required: give the capacity of vipas, vitasta, parushni and sutudri as printed on the land cards; the rulebook prints only Gomati's (6), which is the default (%s)", ruleCapacities))
	} else {
		for name := range in.Capacities {
			if landIndex(Land(name)) < 0 {
				f.Add("options.capacities."+name, "is not a land: the lands are vipas, vitasta, parushni, sutudri and gomati")
			}
		}
		for _, l := range landOrder {
			v, ok := in.Capacities[string(l)]
			switch {
			case (!ok || v == nil) && l == Gomati:
				o.Capacities.set(l, gomatiCapacity)
			case !ok || v == nil:
				f.Add("options.capacities."+string(l), fmt.Sprintf("is required: the rulebook does not print %s's capacity; read it from the land card (%s)", landEN[l], ruleCapacities))
			case *v < 1 || *v > maxCapacity:
				f.Add("options.capacities."+string(l), fmt.Sprintf("must be a whole number from 1 to %d (the number printed on the land card)", maxCapacity))
			default:
				o.Capacities.set(l, *v)
			}
		}
	}
	o.Mode = Standard
	if in.Mode != nil {
		switch *in.Mode {
		case Standard, Advanced:
			o.Mode = *in.Mode
		default:
			f.Add("options.mode", fmt.Sprintf("%q is not a mode: use standard or advanced (the league of several hands)", *in.Mode))
		}
	}
	o.ChainResolution = Maximize
	if in.ChainResolution != nil {
		switch r := Resolution(*in.ChainResolution); r {
		case Maximize, Declared:
			o.ChainResolution = r
		default:
			f.Add("options.chain_resolution", fmt.Sprintf("%q is not a chain resolution: use maximize (the strongest legal chain counts) or declared (owners declare each card's summoner)", *in.ChainResolution))
		}
	}
	o.Hands = 1
	if o.Mode == Advanced {
		o.Hands = 2
	}
	if in.Hands != nil {
		switch {
		case o.Mode == Standard && *in.Hands != 1:
			f.Add("options.hands", "must be 1 in standard mode: only the advanced mode plays several hands")
		case *in.Hands < 1 || *in.Hands > maxHands:
			f.Add("options.hands", fmt.Sprintf("must be a whole number from 1 to %d", maxHands))
		default:
			o.Hands = *in.Hands
		}
	}
	if len(players) > 0 {
		o.FirstPlayer = players[0].ID
	}
	if in.FirstPlayer != nil {
		if !slices.ContainsFunc(players, func(p rules.Player) bool { return p.ID == *in.FirstPlayer }) {
			f.Add("options.first_player", fmt.Sprintf("%q is not a player of this match", *in.FirstPlayer))
		} else {
			o.FirstPlayer = *in.FirstPlayer
		}
	}
	return o, f.Err()
}
