package wizard

import (
	"strconv"

	"github.com/motamed/motamed/rules"
)

// Next says what the table records next.
func (s *State) Next() rules.Text {
	switch s.Phase {
	case phaseDeal:
		n := s.nextRound()
		r := strconv.Itoa(n)
		return rules.T(
			"Round "+r+": "+s.nameOf(s.Turn)+" deals "+rules.Count(n, "card", "cards")+" to each player; record the start of the round with the trump.",
			"دورِ "+r+": "+s.nameOf(s.Turn)+" (مُعتمد) به هر بازیکن "+r+" کارت می‌دهد؛ شروعِ دور را همراه با خالِ حکم ثبت کنید.")
	case phaseBidding:
		r := strconv.Itoa(s.Round)
		return rules.T(
			"Round "+r+": "+s.nameOf(s.Turn)+" bids next.",
			"دورِ "+r+": نوبتِ پیش‌بینیِ "+s.nameOf(s.Turn)+" است.")
	case phasePlaying:
		r, k := strconv.Itoa(s.Round), strconv.Itoa(len(s.Tricks)+1)
		return rules.T(
			"Round "+r+", trick "+k+" of "+r+": "+s.nameOf(s.Turn)+" leads. Record the trick, or the round's tricks won.",
			"دورِ "+r+"، تریکِ "+k+" از "+r+": "+s.nameOf(s.Turn)+" کارتِ اول را بازی می‌کند. تریک را ثبت کنید، یا تعدادِ تریک‌های بُرده‌ی این دور را.")
	}
	return rules.Text{}
}
