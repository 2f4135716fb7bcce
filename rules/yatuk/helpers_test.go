package yatuk

import (
	"strconv"
	"strings"
	"testing"
)

// army parses a compact army: "W red 4; M red/green 18; S; T all 5".
// Kinds: W wizard, T tool, M monster, D demon, X weapon, S spell.
// Colours are slash-separated; "all" is the four colours.
func army(t testing.TB, spec string) []Card {
	t.Helper()
	kindOf := map[string]Kind{"W": Wizard, "T": Tool, "M": Monster, "D": Demon, "X": Weapon, "S": Spell}
	var out []Card
	for _, part := range strings.Split(spec, ";") {
		f := strings.Fields(part)
		if len(f) == 0 {
			continue
		}
		k, ok := kindOf[f[0]]
		if !ok {
			t.Fatalf("army %q: bad kind %q", spec, f[0])
		}
		if k == Spell {
			out = append(out, Card{Kind: Spell})
			continue
		}
		if len(f) != 3 {
			t.Fatalf("army %q: want kind colours power in %q", spec, part)
		}
		var cs ColorSet
		if f[1] == "all" {
			cs = 0x0f
		} else {
			for _, name := range strings.Split(f[1], "/") {
				b, ok := colorBit(Color(name))
				if !ok {
					t.Fatalf("army %q: bad colour %q", spec, name)
				}
				cs |= b
			}
		}
		p, err := strconv.Atoi(f[2])
		if err != nil {
			t.Fatalf("army %q: bad power %q", spec, f[2])
		}
		out = append(out, Card{Kind: k, Colors: cs, Power: p})
	}
	return out
}

// cardsJSON turns cards into the wire form used by events and referees.
func cardsJSON(cards []Card) []map[string]any {
	out := make([]map[string]any, len(cards))
	for i, c := range cards {
		m := map[string]any{"kind": string(c.Kind)}
		if c.Kind != Spell {
			m["colors"] = c.Colors.Colors()
			m["power"] = c.Power
		}
		out[i] = m
	}
	return out
}

func gemList(names ...string) []Gem {
	out := make([]Gem, len(names))
	for i, n := range names {
		out[i] = Gem(n)
	}
	return out
}
