package yatuk

import (
	"fmt"

	"github.com/motamed/motamed/rules"
)

// Land is one of the five lands (section 2.1).
type Land string

// The five lands, in the order setup step 2 lists them; this is also the
// order forced battles are resolved in (YATUK-BATTLE-6).
const (
	Vipas    Land = "vipas"
	Vitasta  Land = "vitasta"
	Parushni Land = "parushni"
	Sutudri  Land = "sutudri"
	Gomati   Land = "gomati"
)

var landOrder = [5]Land{Vipas, Vitasta, Parushni, Sutudri, Gomati}

// landGem is the gem placed on each land (YATUK-SETUP-2).
var landGem = map[Land]Gem{Vipas: Gem(Green), Vitasta: Gem(Yellow), Parushni: Gem(Blue), Sutudri: Gem(Red), Gomati: White}

var landEN = map[Land]string{Vipas: "Vipas", Vitasta: "Vitasta", Parushni: "Parushni", Sutudri: "Sutudri", Gomati: "Gomati"}
var landFA = map[Land]string{Vipas: "ویپاس", Vitasta: "ویتاستا", Parushni: "پاروشنی", Sutudri: "سوتودری", Gomati: "گوماتی"}

// gomatiCapacity is the only capacity the seed prints (YATUK-SETUP-3).
const gomatiCapacity = 6

// maxCapacity bounds a configured capacity; the exact chain search is
// exponential in an army's monsters and demons.
const maxCapacity = 12

func landIndex(l Land) int {
	for i, x := range landOrder {
		if x == l {
			return i
		}
	}
	return -1
}

func parseLand(name string, path string, f *rules.Fields) Land {
	if name == "" {
		f.Add(path, "is required: one of vipas, vitasta, parushni, sutudri, gomati")
		return ""
	}
	if landIndex(Land(name)) < 0 {
		f.Add(path, fmt.Sprintf("%q is not a land: use vipas, vitasta, parushni, sutudri or gomati", name))
		return ""
	}
	return Land(name)
}
