package yatuk

import (
	"slices"
	"testing"
)

// chainCase is one army from the spec with the expected ruling.
type chainCase struct {
	name    string
	army    string
	gems    []string
	white   Color
	total   int
	base    int // 0: not checked
	kept    []int
	removed map[int]string // position -> rule
	reasons map[int]string // position -> reason code
	links   map[int]int    // position -> summoner position
	white2  Color          // expected white-gem colour
	tie     bool
}

func runChainCases(t *testing.T, cases []chainCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cards := army(t, tc.army)
			r, err := RuleArmy(cards, gemList(tc.gems...), ArmyOptions{WhiteGemColor: tc.white})
			if err != nil {
				t.Fatal(err)
			}
			if r.Total != tc.total {
				t.Errorf("total = %d, want %d", r.Total, tc.total)
			}
			if tc.base != 0 && r.Base != tc.base {
				t.Errorf("base = %d, want %d", r.Base, tc.base)
			}
			var kept []int
			for _, c := range r.Cards {
				if c.Kept {
					kept = append(kept, c.Position)
				}
				if c.Rule == "" || c.Explanation.EN == "" || c.Explanation.FA == "" {
					t.Errorf("card %d: ruling without rule or text: %+v", c.Position, c)
				}
			}
			if !slices.Equal(kept, tc.kept) {
				t.Errorf("kept = %v, want %v", kept, tc.kept)
			}
			for pos, rule := range tc.removed {
				if got := r.Cards[pos-1]; got.Kept || got.Rule != rule {
					t.Errorf("card %d: kept=%v rule=%s, want removed by %s", pos, got.Kept, got.Rule, rule)
				}
			}
			for pos, reason := range tc.reasons {
				if got := r.Cards[pos-1].Reason; got != reason {
					t.Errorf("card %d: reason %q, want %q", pos, got, reason)
				}
			}
			for pos, by := range tc.links {
				if got := r.Cards[pos-1].SummonedBy; got != by {
					t.Errorf("card %d: summoned by %d, want %d", pos, got, by)
				}
			}
			if tc.white2 != "" && (r.WhiteGem == nil || r.WhiteGem.Color != tc.white2) {
				t.Errorf("white gem = %+v, want %s", r.WhiteGem, tc.white2)
			}
			if (r.TieBreak != nil) != tc.tie {
				t.Errorf("tie break = %+v, want %v", r.TieBreak, tc.tie)
			}
			checkLinksValid(t, cards, r)
		})
	}
}

// checkLinksValid: every kept card other than a wizard hangs from a kept card
// of a kind allowed to summon it, sharing a colour, within the limits.
func checkLinksValid(t testing.TB, cards []Card, r ArmyRuling) {
	t.Helper()
	slot := map[int]int{}
	for i, c := range r.Cards {
		if !c.Kept {
			if c.SummonedBy != 0 {
				t.Errorf("removed card %d has a summoner", i+1)
			}
			continue
		}
		if cards[i].Kind == Wizard {
			if c.SummonedBy != 0 {
				t.Errorf("wizard %d has a summoner", i+1)
			}
			continue
		}
		p := c.SummonedBy - 1
		if p < 0 || p >= len(cards) || !r.Cards[p].Kept {
			t.Errorf("card %d kept, but its summoner %d is not kept (YATUK-CHAIN-11)", i+1, c.SummonedBy)
			continue
		}
		if !canSummon(cards[p].Kind, cards[i].Kind) || cards[p].Colors&cards[i].Colors == 0 {
			t.Errorf("card %d: illegal link from %d", i+1, p+1)
		}
		if limited(cards[p].Kind, cards[i].Kind) {
			slot[p]++
			if slot[p] > 1 {
				t.Errorf("card %d: summoner %d used twice", i+1, p+1)
			}
		}
	}
}

// Section 5.5: derived test vectors of the link limits.
func TestChainDerivedVectors_5_5(t *testing.T) {
	runChainCases(t, []chainCase{
		{name: "D1 YATUK-CHAIN-4 one monster per wizard", army: "W red 4; M red 10; M red/green 18", total: 22, kept: []int{1, 3},
			removed: map[int]string{2: "YATUK-CHAIN-4"}, reasons: map[int]string{2: "summoner_used"}, links: map[int]int{3: 1}},
		{name: "D2 YATUK-CHAIN-10 a tool gives a second slot", army: "W red 4; T red 3; M red 10; M red/green 18", total: 35, kept: []int{1, 2, 3, 4},
			links: map[int]int{2: 1, 3: 1, 4: 2}},
		{name: "D3 YATUK-CHAIN-6 one demon per monster", army: "W red 4; M red 15; D red/blue 10; D red 14; X blue 6", total: 35, kept: []int{1, 2, 3, 5},
			removed: map[int]string{4: "YATUK-CHAIN-6"}, reasons: map[int]string{4: "summoner_used"}, links: map[int]int{2: 1, 3: 2, 5: 3}},
		{name: "D4 YATUK-CHAIN-15 gems count in the maximum", army: "W all 5; M green 15; M red/yellow 14", gems: []string{"red", "yellow"}, total: 23, kept: []int{1, 3},
			removed: map[int]string{2: "YATUK-CHAIN-4"}},
		{name: "D5 YATUK-CHAIN-8 wizards cannot use weapons", army: "W red 4; X red 9", total: 4, kept: []int{1},
			removed: map[int]string{2: "YATUK-CHAIN-8"}, reasons: map[int]string{2: "no_summoner"}},
		{name: "D6 YATUK-CHAIN-7 a demon needs a monster", army: "W red 4; D red 22", total: 4, kept: []int{1},
			removed: map[int]string{2: "YATUK-CHAIN-7"}, reasons: map[int]string{2: "no_summoner"}},
		{name: "D7 YATUK-CHAIN-9 tool without colour match", army: "W red 4; T blue 6", total: 4, kept: []int{1},
			removed: map[int]string{2: "YATUK-CHAIN-9"}, reasons: map[int]string{2: "color_mismatch"}},
		{name: "D8 YATUK-CHAIN-14 no wizard", army: "M red 20; D red 10; X red 5", total: 0, kept: nil,
			removed: map[int]string{1: "YATUK-CHAIN-14", 2: "YATUK-CHAIN-14", 3: "YATUK-CHAIN-14"}},
		{name: "D9 YATUK-CHAIN-12 two wizards two chains", army: "W red 3; W blue 4; M red 12; M blue 11", total: 30, kept: []int{1, 2, 3, 4},
			links: map[int]int{3: 1, 4: 2}},
		{name: "D10 YATUK-CHAIN-16 equal chains keep the lower position", army: "W red 3; M red 12; M red 12", total: 15, kept: []int{1, 2},
			removed: map[int]string{3: "YATUK-CHAIN-4"}, tie: true},
		{name: "D11 YATUK-COMP-7 the sample cards", army: "W all 5; T yellow/blue 8; M blue 20; D red/blue 22", total: 55, kept: []int{1, 2, 3, 4},
			links: map[int]int{2: 1, 3: 1, 4: 3}},
	})
}

// Section 5.6: the seed's eight example armies.
func TestChainSeedExamples_5_6(t *testing.T) {
	runChainCases(t, []chainCase{
		{name: "example 1 red chain with tool and weapons", army: "W red 4; T red/green 6; M red 18; X red/green 5; X red/yellow 7",
			total: 40, kept: []int{1, 2, 3, 4, 5}, links: map[int]int{2: 1, 4: 3, 5: 3}},
		{name: "example 2 a demon passes blue to a weapon", army: "W red 3; T green/red 7; M red 17; D red/blue 20; X blue/green 6",
			total: 53, kept: []int{1, 2, 3, 4, 5}, links: map[int]int{4: 3, 5: 4}},
		{name: "example 3 YATUK-CHAIN-13 wrong order correct chain", army: "D blue 19; X blue/green 4; M yellow/blue 15; X yellow 6; W yellow 4",
			total: 48, kept: []int{1, 2, 3, 4, 5}, links: map[int]int{1: 3, 2: 1, 3: 5, 4: 3}},
		{name: "example 4 YATUK-CHAIN-2 spell inside an army", army: "W blue 4; M blue/yellow 18; S; X yellow 5",
			total: 27, kept: []int{1, 2, 4}, removed: map[int]string{3: "YATUK-CHAIN-2"}, reasons: map[int]string{3: "spell"}},
		{name: "example 5 YATUK-CHAIN-9 tool colour mismatch", army: "W green 5; M green 17; D green/blue 14; X green/yellow 6; T yellow/red 7",
			total: 42, kept: []int{1, 2, 3, 4}, removed: map[int]string{5: "YATUK-CHAIN-9"}},
		{name: "example 6 YATUK-CHAIN-11 dependents fall with the monster", army: "W blue 4; M red 19; D red/yellow 13; X red/blue 6",
			total: 4, kept: []int{1},
			removed: map[int]string{2: "YATUK-CHAIN-9", 3: "YATUK-CHAIN-11", 4: "YATUK-CHAIN-11"},
			reasons: map[int]string{2: "color_mismatch", 3: "summoner_removed", 4: "summoner_removed"}},
		{name: "example 7 the demon falls and takes its weapon", army: "W red 4; M red 18; D green/yellow 15; X red/blue 6; X blue/green 5",
			total: 28, kept: []int{1, 2, 4},
			removed: map[int]string{3: "YATUK-CHAIN-9", 5: "YATUK-CHAIN-11"}},
		{name: "example 8 greedy linking is wrong", army: "W red 4; T green/red 6; M red/yellow 16; M green 14; D red/blue 20; D green/yellow 12",
			total: 72, kept: []int{1, 2, 3, 4, 5, 6}, links: map[int]int{2: 1, 3: 1, 4: 2, 5: 3, 6: 4}},
	})
}

// Section 9: the worked examples' armies.
func TestChainWorkedExamples_9(t *testing.T) {
	runChainCases(t, []chainCase{
		{name: "9.1 YATUK-GEM-1 54 to 57 with red", army: "W red 5; M red/blue 20; D blue 15; X red 6; X blue/green 8", gems: []string{"red"},
			base: 54, total: 57, kept: []int{1, 2, 3, 4, 5}},
		{name: "9.2 YATUK-GEM-2 33 to 38 with red and green", army: "W all 5; T red/yellow 4; M green/blue 16; X green 8", gems: []string{"red", "green"},
			base: 33, total: 38, kept: []int{1, 2, 3, 4}},
		{name: "9.3 YATUK-GEM-7 white gem best colour red", army: "W red 3; T red/blue 5; M red 16; D red/blue 22; X blue/green 3", gems: []string{"white"},
			base: 49, total: 53, kept: []int{1, 2, 3, 4, 5}, white2: Red},
		{name: "9.3 YATUK-GEM-3 white gem named blue", army: "W red 3; T red/blue 5; M red 16; D red/blue 22; X blue/green 3", gems: []string{"white"}, white: Blue,
			base: 49, total: 52, kept: []int{1, 2, 3, 4, 5}, white2: Blue},
		{name: "9.4 left army 40", army: "W yellow 3; T yellow/green 6; M yellow 9; M green 15; X green 7; D red 10",
			total: 40, kept: []int{1, 2, 3, 4, 5}, removed: map[int]string{6: "YATUK-CHAIN-9"}, links: map[int]int{3: 1, 4: 2, 5: 4}},
		{name: "9.4 right army 40", army: "W red 5; M red/blue 20; D blue 11; X red 4; T green 5; X yellow 6",
			total: 40, kept: []int{1, 2, 3, 4}, removed: map[int]string{5: "YATUK-CHAIN-9", 6: "YATUK-CHAIN-9"}},
		{name: "9.5 left army 42", army: "W green 4; T green/blue 7; M blue 20; X blue 6; X green/blue 5",
			total: 42, kept: []int{1, 2, 3, 4, 5}, links: map[int]int{3: 2}},
		{name: "9.5 right army 42", army: "W all 5; M yellow 18; D yellow/red 14; X red 5",
			total: 42, kept: []int{1, 2, 3, 4}, links: map[int]int{4: 3}},
	})
}

func TestWhiteGemTotals_9_3(t *testing.T) {
	r, err := RuleArmy(army(t, "W red 3; T red/blue 5; M red 16; D red/blue 22; X blue/green 3"), gemList("white"), ArmyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := []ColorTotal{{Red, 53}, {Green, 50}, {Yellow, 49}, {Blue, 52}}
	if !slices.Equal(r.WhiteGem.Totals, want) || r.WhiteGem.ChosenBy != "referee" || r.WhiteGem.Rule != "YATUK-GEM-7" {
		t.Errorf("white gem = %+v, want totals %v chosen by the referee", r.WhiteGem, want)
	}
	if len(r.GemBonuses) != 1 || r.GemBonuses[0].Bonus != 4 || !slices.Equal(r.GemBonuses[0].Cards, []int{1, 2, 3, 4}) {
		t.Errorf("gem bonuses = %+v", r.GemBonuses)
	}
}

// YATUK-GEM-4: the white gem stacks with the same coloured gem.
func TestWhiteGemStacks(t *testing.T) {
	r, err := RuleArmy(army(t, "W red 3"), gemList("red", "white"), ArmyOptions{WhiteGemColor: Red})
	if err != nil {
		t.Fatal(err)
	}
	if r.Total != 5 || r.Cards[0].Bonus != 2 {
		t.Errorf("total %d bonus %d, want 5 and 2", r.Total, r.Cards[0].Bonus)
	}
}

// Ties between white-gem colours go to the first in colour order.
func TestWhiteGemColourTie(t *testing.T) {
	r, err := RuleArmy(army(t, "W green/blue 3"), gemList("white"), ArmyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if r.WhiteGem.Color != Green || r.Total != 4 {
		t.Errorf("white %s total %d, want green 4", r.WhiteGem.Color, r.Total)
	}
}

func TestDeclaredLinks(t *testing.T) {
	// Example 8 with correct declared links counts everything.
	ex8 := army(t, "W red 4; T green/red 6; M red/yellow 16; M green 14; D red/blue 20; D green/yellow 12")
	r, err := RuleArmy(ex8, nil, ArmyOptions{Resolution: Declared, Links: []int{0, 1, 1, 2, 3, 4}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Total != 72 || r.Removed != 0 || r.Rule != "YATUK-AMB-5" {
		t.Errorf("declared example 8: total %d removed %d rule %s", r.Total, r.Removed, r.Rule)
	}
	// Greedy links: both demons declared on the red/yellow monster; it
	// summons only one, so the later one (card 6) falls.
	r, err = RuleArmy(ex8, nil, ArmyOptions{Resolution: Declared, Links: []int{0, 1, 1, 2, 3, 3}})
	if err != nil {
		t.Fatal(err)
	}
	if c := r.Cards[5]; c.Kept || c.Reason != "summoner_used" || c.Rule != "YATUK-CHAIN-6" {
		t.Errorf("card 6: %+v, want removed as summoner_used by YATUK-CHAIN-6", c)
	}
	if r.Total != 4+6+16+14+20 {
		t.Errorf("total %d", r.Total)
	}
	cases := []struct {
		name   string
		army   string
		links  []int
		pos    int
		reason string
		rule   string
	}{
		{"no link YATUK-CHAIN-8", "W red 4; M red 10; X red 3", []int{0, 1, 0}, 3, "no_link", "YATUK-CHAIN-8"},
		{"wrong kind YATUK-CHAIN-8", "W red 4; M red 10; X red 3", []int{0, 1, 1}, 3, "wrong_summoner_kind", "YATUK-CHAIN-8"},
		{"colour YATUK-CHAIN-9", "W red 4; M blue 10", []int{0, 1}, 2, "color_mismatch", "YATUK-CHAIN-9"},
		{"removed summoner YATUK-CHAIN-11", "W red 4; M blue 10; D blue 5", []int{0, 1, 2}, 3, "summoner_removed", "YATUK-CHAIN-11"},
		{"wizard slot YATUK-CHAIN-4", "W red 4; M red 10; M red 9", []int{0, 1, 1}, 3, "summoner_used", "YATUK-CHAIN-4"},
		{"tool slot YATUK-CHAIN-5", "W red 4; T red 1; M red 10; M red 9", []int{0, 1, 2, 2}, 4, "summoner_used", "YATUK-CHAIN-5"},
		{"no wizard YATUK-CHAIN-14", "M red 10", []int{0}, 1, "no_wizard", "YATUK-CHAIN-14"},
		{"spell YATUK-CHAIN-2", "W red 4; S", []int{0, 0}, 2, "spell", "YATUK-CHAIN-2"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r, err := RuleArmy(army(t, tc.army), nil, ArmyOptions{Resolution: Declared, Links: tc.links})
			if err != nil {
				t.Fatal(err)
			}
			c := r.Cards[tc.pos-1]
			if c.Kept || c.Reason != tc.reason || c.Rule != tc.rule {
				t.Errorf("card %d: %+v, want %s by %s", tc.pos, c, tc.reason, tc.rule)
			}
		})
	}
}

func TestRuleArmyBadInput(t *testing.T) {
	cases := []struct {
		name  string
		cards []Card
		gems  []Gem
		opt   ArmyOptions
	}{
		{"three colours YATUK-COMP-6", []Card{{Kind: Wizard, Colors: 0x07, Power: 1}}, nil, ArmyOptions{}},
		{"negative power", []Card{{Kind: Wizard, Colors: 1, Power: -1}}, nil, ArmyOptions{}},
		{"unknown kind", []Card{{Kind: "dragon", Colors: 1}}, nil, ArmyOptions{}},
		{"unknown gem", []Card{{Kind: Wizard, Colors: 1}}, gemList("purple"), ArmyOptions{}},
		{"white colour without white gem", []Card{{Kind: Wizard, Colors: 1}}, nil, ArmyOptions{WhiteGemColor: Red}},
		{"links without declared", []Card{{Kind: Wizard, Colors: 1}}, nil, ArmyOptions{Links: []int{0}}},
		{"declared without links", []Card{{Kind: Wizard, Colors: 1}}, nil, ArmyOptions{Resolution: Declared}},
		{"link out of range", []Card{{Kind: Wizard, Colors: 1}, {Kind: Tool, Colors: 1}}, nil, ArmyOptions{Resolution: Declared, Links: []int{0, 3}}},
		{"wizard with a link", []Card{{Kind: Wizard, Colors: 1}, {Kind: Wizard, Colors: 1}}, nil, ArmyOptions{Resolution: Declared, Links: []int{2, 0}}},
		{"too many cards", make([]Card, MaxArmyCards+1), nil, ArmyOptions{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := RuleArmy(tc.cards, tc.gems, tc.opt); err == nil {
				t.Error("want an input error")
			}
		})
	}
}
