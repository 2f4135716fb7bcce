package munchkin

import (
	"encoding/json"
	"fmt"

	"github.com/motamed/motamed/rules"
)

// Options are a match's effective options, every default filled in.
type Options struct {
	// MaxLevel is the winning level: 10, or 20 for Epic play (WIN-1).
	MaxLevel int `json:"max_level"`
	// SharedVictory lets the helper of the winning fight win too (WIN-5).
	SharedVictory bool `json:"shared_victory"`
	// ElfHelperCanWin lets an Elf helper reach the winning level by helping (AMB-9).
	ElfHelperCanWin bool `json:"elf_helper_can_win"`
	// SellOverflow says what a sale worth more levels than allowed does (AMB-11):
	// "cap" stops at the last level below winning with a warning, "reject" refuses it.
	SellOverflow string `json:"sell_overflow"`
}

// Sale overflow modes.
const (
	overflowCap    = "cap"
	overflowReject = "reject"
)

// Limits of max_level: at least one level below winning must exist, and the
// upper bound only keeps arithmetic far from overflow.
const (
	minMaxLevel = 2
	maxMaxLevel = 100
)

func defaultOptions() Options {
	return Options{MaxLevel: 10, SellOverflow: overflowCap}
}

type rawOptions struct {
	MaxLevel        *int    `json:"max_level"`
	SharedVictory   *bool   `json:"shared_victory"`
	ElfHelperCanWin *bool   `json:"elf_helper_can_win"`
	SellOverflow    *string `json:"sell_overflow"`
}

func decodeOptions(raw json.RawMessage) (Options, error) {
	var in rawOptions
	if err := rules.Decode(raw, "options", &in); err != nil {
		return Options{}, err
	}
	return buildOptions(in, "options.")
}

// buildOptions fills defaults and checks values; prefix names the fields
// ("options." for a match, "body." for a referee question).
func buildOptions(in rawOptions, prefix string) (Options, error) {
	opts := defaultOptions()
	var bad rules.Fields
	if in.MaxLevel != nil {
		if *in.MaxLevel < minMaxLevel || *in.MaxLevel > maxMaxLevel {
			bad.Add(prefix+"max_level", fmt.Sprintf("must be an integer from %d to %d (10 is the standard game, 20 Epic)", minMaxLevel, maxMaxLevel))
		}
		opts.MaxLevel = *in.MaxLevel
	}
	if in.SharedVictory != nil {
		opts.SharedVictory = *in.SharedVictory
	}
	if in.ElfHelperCanWin != nil {
		opts.ElfHelperCanWin = *in.ElfHelperCanWin
	}
	if in.SellOverflow != nil {
		switch *in.SellOverflow {
		case overflowCap, overflowReject:
			opts.SellOverflow = *in.SellOverflow
		default:
			bad.Add(prefix+"sell_overflow", `must be "cap" (default: the sale stops one level below winning, with a warning) or "reject"`)
		}
	}
	if err := bad.Err(); err != nil {
		return Options{}, err
	}
	return opts, nil
}

func optionDocs() []rules.OptionDoc {
	return []rules.OptionDoc{
		{Name: "max_level",
			Label: rules.T("Winning level", "سطحِ برنده"),
			Hint:  rules.T("10 in the standard game, 20 for Epic play.", "۱۰ در بازیِ معمولی، ۲۰ در بازیِ حماسی."),
			Type:  "integer", Default: 10,
			Description: "The winning level (MUNCHKIN-WIN-1): 10 in the standard game, 20 for Epic play; 2 to 100. Selling and Go Up a Level stop one level below it."},
		{Name: "shared_victory",
			Label: rules.T("Shared victory", "پیروزیِ مشترک"),
			Hint:  rules.T("A helper in the winning fight wins too.", "کمک‌کننده در نبردِ برنده هم برنده می‌شود."),
			Type:  "boolean", Default: false,
			Description: "Shared Victory (MUNCHKIN-WIN-5): when the winning level comes from a fight with a helper, the helper wins too, whatever their level."},
		{Name: "elf_helper_can_win",
			Label: rules.T("An Elf helper may win", "اِلفِ کمک‌کننده می‌تواند ببرد"),
			Hint:  rules.T("Whether an Elf may reach the winning level by helping.", "آیا اِلف با کمک کردن می‌تواند به سطحِ برنده برسد."),
			Type:  "boolean", Default: false,
			Description: "Whether an Elf helper may reach the winning level through the levels it gains by helping (AMB-9). Off: the Elf's gain stops one level below winning."},
		{Name: "sell_overflow",
			Label:   rules.T("Selling past the winning level", "فروشِ بیش از سطحِ برنده"),
			Hint:    rules.T("Selling never reaches the winning level.", "با فروشِ وسایل نمی‌شود به سطحِ برنده رسید."),
			Choices: map[string]rules.Text{overflowCap: rules.T("Stop one level below", "یک سطح پایین‌تر بماند"), overflowReject: rules.T("Refuse the sale", "فروش پذیرفته نشود")},
			Type:    "string", Default: overflowCap, Enum: []string{overflowCap, overflowReject},
			Description: "A sale worth more levels than allowed below the winning level (AMB-11): cap = accept it, stop one level below winning and warn about the gold lost; reject = refuse it so the player sells less."},
	}
}
