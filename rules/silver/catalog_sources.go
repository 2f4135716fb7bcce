package silver

import "github.com/motamed/motamed/rules"

// Section headings exactly as the seed prints them (misprints included, e.g.
// "نفرهای" for "نقرهای" and "گامیکازه"), with the spec's transliteration.
const (
	faComponents   = "اجزاء بازی"
	enComponents   = "Ajzā-ye bāzi / Components"
	faSetup        = "آمادهسازی"
	enSetup        = "Āmādeh-sāzi / Setup"
	faObjective    = "هدف بازی"
	enObjective    = "Hadaf-e bāzi / Objective"
	faCards        = "کارتها"
	enCards        = "Kārt-hā / Cards"
	faFlow         = "رَوندِ بازی"
	enFlow         = "Ravand-e bāzi / Flow of play"
	faFromDeck     = "برداشتن کارت از ستون کارتها"
	enFromDeck     = "Bardāshtan-e kārt az sotun-e kārt-hā / Taking a card from the deck"
	faFromDiscard  = "برداشتن کارت از ستون کارتهای سوخته"
	enFromDiscard  = "Bardāshtan-e kārt az sotun-e kārt-hā-ye sukhte / Taking a card from the discard pile"
	faCensus       = "تقاضای سرشماری"
	enCensus       = "Taqāzā-ye sarshomāri / Calling a census"
	faMultiSwap    = "معاوضهی بیش از ۱ کارت"
	enMultiSwap    = "Mo'āveze-ye bish az 1 kārt / Swapping more than one card"
	faAbilities    = "قابلیتهای ویژه"
	enAbilities    = "Qābeliyat-hā-ye vizhe / Special abilities"
	faPlacement    = "جای کارتها"
	enPlacement    = "Jā-ye kārt-hā / Card placement"
	faRoundEnd     = "پایان یک دور و امتیاز شماری"
	enRoundEnd     = "Pāyān-e yek dowr va emtiyāz-shomāri / End of a round and scoring"
	faNewRound     = "آغاز دور جدید"
	enNewRound     = "Āghāz-e dowr-e jadid / Starting a new round"
	faAmulet       = "طلسم محافظ نفرهای"
	enAmulet       = "Telesm-e mohāfez-e noqre'i / Silver amulet"
	faGameEnd      = "پایان بازی"
	enGameEnd      = "Pāyān-e bāzi / End of the game"
	faPointsModel  = "پایان بازی: مُدل امتیازی"
	enPointsModel  = "Pāyān-e bāzi: model-e emtiyāzi / End of the game: points model"
	faScoreJump    = "امتیازپران!"
	enScoreJump    = "Emtiyāz-parān / Score jump"
	faKamikaze     = "گامیکازه: عملیاتِ انتحاری!"
	enKamikaze     = "Kāmikāze: 'amaliyāt-e entehāri / Kamikaze: suicide mission"
	faHints        = "سرنخها و یادآوریها"
	enHints        = "Sarnakh-hā va yādāvari-hā / Hints and reminders"
	faMemory       = "به خاطر سپردن کارتها"
	enMemory       = "Be khāter sepordan-e kārt-hā / Memorising cards"
	faCardAbilites = "توضیحات قابلیتهای ویژهی کارتها"
)

// Provenance kinds (the spec's tags: unmarked, [DERIVED], [DEFAULT]).
const (
	kindSeed    = "seed"
	kindDerived = "seed-derived"
	kindDefault = "default"
)

func src(kind, fa, en string) rules.Source {
	return rules.Source{Seed: SeedFile, Section: fa, SectionEN: en, Kind: kind}
}

// cardText cites the seed's text for card n (its heading is the seed's
// "Card ability explanations").
func cardText(kind, n string) rules.Source {
	return src(kind, faCardAbilites, "Card ability explanations — card "+n+" text")
}

type ruleText struct{ titleEN, textEN, titleFA, textFA string }

func entry(id string, check rules.Checkability, s rules.Source, t ruleText) rules.RuleEntry {
	return rules.RuleEntry{
		ID:     id,
		Title:  rules.T(t.titleEN, t.titleFA),
		Text:   rules.T(t.textEN, t.textFA),
		Source: s,
		Check:  check,
	}
}
