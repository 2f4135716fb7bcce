package api

import (
	"regexp"
	"strings"

	"github.com/motamed/motamed/rules"
)

// persianProblem puts a problem's detail into Persian: the fixed sentences
// the handlers and problemFor write in English, and the ones that name an
// ID or a number; then every text's digits become Persian digits (IDs,
// rule IDs and quoted values keep theirs). The rules' own messages are
// bilingual already.
func persianProblem(p *Problem) {
	p.Detail = faProse(detailFA(p.Detail))
	for i := range p.Violations {
		p.Violations[i].Message = faProse(p.Violations[i].Message)
	}
	for i := range p.Fields {
		p.Fields[i].Message = faProse(detailFA(p.Fields[i].Message))
	}
}

// detailFA is an English detail in Persian, or the detail as it is.
func detailFA(detail string) string {
	if fa, ok := detailsFA[detail]; ok {
		return fa
	}
	for _, d := range detailPatternsFA {
		if m := d.re.FindStringSubmatch(detail); m != nil {
			return d.fa(m)
		}
	}
	return detail
}

// detailsFA are the fixed details, English to Persian.
var detailsFA = map[string]string{
	"This needs a token: send Authorization: Bearer <token>.":                                        "این کار توکن می‌خواهد: آن را در سرآیند Authorization: Bearer <token> بفرستید.",
	"The match is finished; no more events can be recorded. Undo the last event to correct it.":      "بازی تمام شده است و رویداد دیگری ثبت نمی‌شود. برای اصلاح، آخرین رویداد را برگردانید.",
	"Send a new Idempotency-Key for a new request; reuse a key only to retry the identical request.": "برای درخواست تازه کلید یکتایی (Idempotency-Key) تازه بفرستید؛ کلید را فقط برای تکرار همان درخواست دوباره به کار ببرید.",
	"The match has no event left to undo.":                                                           "بازی رویدادی برای برگرداندن ندارد.",
	"The request took too long.":                                                                     "درخواست بیش از حد طول کشید.",
	"No such route.":                                                                                 "چنین نشانی‌ای وجود ندارد.",
	"Only the token that started this match, or an admin, may record its events.":                    "فقط توکنی که این بازی را آغاز کرد، یا مدیر، می‌تواند رویدادهایش را ثبت کند.",
	"This token has no rights in the match's league.":                                                "این توکن در لیگِ این بازی دسترسی ندارد.",
	"Correcting a finished match is for the league's owner.":                                         "اصلاح بازیِ تمام‌شده کارِ مالک لیگ است.",
	"A viewer token may only read.":                                                                  "توکن بیننده فقط می‌تواند بخواند.",
	"The league is archived and takes no new match; its owner or an admin may unarchive it.":         "این لیگ بایگانی شده است و بازی تازه نمی‌پذیرد؛ مالک لیگ یا مدیر می‌تواند آن را از بایگانی بیرون بیاورد.",
	"Only the league's owner or an admin may manage it.":                                             "فقط مالک لیگ یا مدیر می‌تواند آن را اداره کند.",
	"This token has no rights in that league.":                                                       "این توکن در آن لیگ دسترسی ندارد.",
	"Only an admin may create leagues.":                                                              "فقط مدیر می‌تواند لیگ بسازد.",
	"Only an admin may create admin tokens.":                                                         "فقط مدیر می‌تواند توکن مدیر بسازد.",
	"Only an admin or a league owner may list tokens.":                                               "فقط مدیر یا مالک لیگ می‌تواند فهرست توکن‌ها را ببیند.",
	"An owner may list only their league's tokens.":                                                  "مالک لیگ فقط توکن‌های لیگ خودش را می‌بیند.",
	"The token this stream was opened with has been revoked.":                                        "توکنی که این جریان با آن باز شد باطل شده است.",
	"The league has been made private: this stream may no longer show it.":                           "لیگ خصوصی شده است: این جریان دیگر نمی‌تواند آن را نشان دهد.",
}

// detailPatternsFA are the details that name an ID or a number.
var detailPatternsFA = []struct {
	re *regexp.Regexp
	fa func(m []string) string
}{
	{regexp.MustCompile(`^No (\w+) with ID (".*")\.$`), func(m []string) string {
		return kindFA(m[1]) + " با شناسهٔ " + m[2] + " پیدا نشد."
	}},
	{regexp.MustCompile(`^Too many writes; retry after (\d+) s\.$`), func(m []string) string {
		return "نوشتن‌ها بیش از حد است؛ پس از " + m[1] + " ثانیه دوباره بفرستید."
	}},
	{regexp.MustCompile(`^This (token|address) has (\d+) streams open, the most allowed; close one first\.$`), func(m []string) string {
		return map[string]string{"token": "این توکن", "address": "این نشانی"}[m[1]] + " " + m[2] + " جریان باز دارد که بیشترین اندازهٔ مجاز است؛ نخست یکی را ببندید."
	}},
	{regexp.MustCompile(`^The body is larger than the server accepts \((.*)\)\.$`), func(m []string) string {
		return "بدنهٔ درخواست از اندازه‌ای که کارساز می‌پذیرد (" + m[1] + ") بزرگ‌تر است."
	}},
	{regexp.MustCompile(`^the match is at version (\d+), not (\d+)$`), func(m []string) string {
		return "نسخهٔ بازی " + m[1] + " است، نه " + m[2] + "؛ بازی را دوباره بخوانید."
	}},
	{regexp.MustCompile(`^the match is no longer at version (\d+).*$`), func(m []string) string {
		return "بازی دیگر در نسخهٔ " + m[1] + " نیست: نوشتن دیگری زودتر رسید؛ بازی را دوباره بخوانید."
	}},
	{regexp.MustCompile(`^The database cannot take this write now \((.*)\); nothing was changed, retry in a moment\.$`), func(m []string) string {
		return "پایگاه داده اکنون این نوشتن را نمی‌پذیرد (" + m[1] + ")؛ چیزی تغییر نکرد، کمی بعد دوباره بفرستید."
	}},
	{regexp.MustCompile(`^league (".*") is a (\w+) league; a (\w+) match cannot join it$`), func(m []string) string {
		return "لیگ " + m[1] + " لیگِ \"" + m[2] + "\" است؛ بازیِ \"" + m[3] + "\" نمی‌تواند در آن باشد."
	}},
	{regexp.MustCompile(`^unknown event type: (".*?")(?: \((\w+) knows (.*)\))?$`), func(m []string) string {
		out := "نوع رویداد " + m[1] + " شناخته نیست"
		if m[2] != "" {
			known := strings.Split(strings.ReplaceAll(m[3], " and ", ", "), ", ")
			out += "؛ رویدادهای \"" + m[2] + "\": \"" + strings.Join(known, "\"، \"") + "\""
		}
		return out + "."
	}},
	{regexp.MustCompile(`^A player named (".*") exists\. Use that player, or send again with allow_duplicate: true for a different person\.$`), func(m []string) string {
		return "بازیکنی به نام " + m[1] + " هست. همان بازیکن را برگزینید، یا اگر کسِ دیگری است، ساختنِ بازیکنِ تازه را تأیید کنید."
	}},
	{regexp.MustCompile(`^Event (\d+) cannot be corrected: it was voided by record (\d+)\.$`), func(m []string) string {
		return "رویداد " + m[1] + " را نمی‌توان اصلاح کرد: رکورد " + m[2] + " آن را باطل کرده است."
	}},
	{regexp.MustCompile(`^Event (\d+) cannot be corrected: it was replaced by event (\d+): correct that one\.$`), func(m []string) string {
		return "رویداد " + m[1] + " را نمی‌توان اصلاح کرد: رویداد " + m[2] + " جای آن را گرفته است؛ آن را اصلاح کنید."
	}},
	{regexp.MustCompile(`^Event (\d+) cannot be corrected: it is a (\w+) record, not an event of the game\.$`), func(m []string) string {
		return "رویداد " + m[1] + " را نمی‌توان اصلاح کرد: رکوردِ اصلاح است، نه رویدادِ بازی."
	}},
	{regexp.MustCompile(`^Plays are imported only into leagues of score-sheet games: a match of (.+) is refereed event by event, .*$`), func(m []string) string {
		return "بازی‌ها فقط به لیگ‌های بازی‌های برگهٔ امتیاز درون‌ریزی می‌شوند: هر بازیِ " + m[1] + " رویداد به رویداد داوری می‌شود و خروجی BG Stats فقط امتیازهای نهایی هر بازی را دارد، نه رویدادهایی که بازیِ قانون‌سنجی‌شده لازم دارد."
	}},
	{regexp.MustCompile(`^Player (".*") was merged into (".*"): use that ID\.$`), func(m []string) string {
		return "بازیکن " + m[1] + " با " + m[2] + " یکی شده است: آن شناسه را به کار ببرید."
	}},
}

// kindFA names what was not found, in Persian.
func kindFA(kind string) string {
	if fa, ok := map[string]string{"match": "بازی", "league": "لیگ", "player": "بازیکن", "token": "توکن", "game": "نوع بازی",
		"rule": "قانون", "asset": "فایل", "event": "رویداد"}[kind]; ok {
		return fa
	}
	return kind
}

// faProse writes a Persian text's numbers in Persian digits (rules.FAProse).
func faProse(s string) string { return rules.FAProse(s) }
