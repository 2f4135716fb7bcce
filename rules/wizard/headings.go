package wizard

import "github.com/motamed/motamed/rules"

// seedFile is the Persian rulebook this package follows.
const seedFile = "002_6c21a62b62e6296c.txt"

// section pairs a heading exactly as printed in the seed with the English
// heading the spec cites (spec 0.2). The front matter has no heading of its
// own; its entries cite the label of the line they come from.
type section struct{ fa, en string }

var (
	secPlayers     = section{"بازیکنان", "Front matter"}
	secComponents  = section{"اجزاء بازی", "Front matter"}
	secChallenge   = section{"چالش", "The challenge"}
	secPreparation = section{"آمادهسازی", "Preparation"}
	secCards       = section{"کارتهای شخصیت", "Character cards"}
	secDealing     = section{"تقسیمِ کارتها", "Dealing the cards"}
	secTrump       = section{"خالِ حُکم (رنگِ حُکم)", "Trump suit"}
	secPrediction  = section{"پیشبینی", "Prediction"}
	secBattle      = section{"نبرد برای تصاحبِ «تریک»", "Battle for the trick"}
	secNote        = section{"نکته", "Battle for the trick — Note"}
	secWho         = section{"چه کسی «تریک» را میبرد؟", "Who wins the trick?"}
	secSpecial     = section{"اختصاصات «جادوگر» و «دلک»", "Special properties of the Wizard and the Jester"}
	secCounting    = section{"شمارش «امتیازات آزمون»", "Counting exam points"}
	secExample     = section{"مثال", "Example"}
	secEnd         = section{"پایان بازی", "End of the game"}
	secNone        = section{"", ""}
)

// The provenance tags of the spec.
const (
	kindSeed    = "seed"
	kindDerived = "seed-derived"
	kindDefault = "default"
)

func source(sec section, kind string) rules.Source {
	return rules.Source{Seed: seedFile, Section: sec.fa, SectionEN: sec.en, Kind: kind}
}
