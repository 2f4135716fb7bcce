package sheet

import "github.com/motamed/motamed/rules"

// The rules every score sheet keeps: the sheet's own consistency, not a
// game's rules (which Motamed does not know for these games).
var catalog = func() []rules.RuleEntry {
	src := rules.Source{Seed: "", Kind: "default", Section: "برگهٔ امتیاز", SectionEN: "Score sheet"}
	entry := func(id string, check rules.Checkability, titleEN, titleFA, textEN, textFA string) rules.RuleEntry {
		return rules.RuleEntry{ID: id, Title: rules.T(titleEN, titleFA), Text: rules.T(textEN, textFA), Source: src, Check: check}
	}
	return []rules.RuleEntry{
		entry("SHEET-PLAYERS-1", rules.Checked, "Player count", "تعداد بازیکنان",
			"A match seats as many players as the sheet's definition allows (from its fewest to its most players).",
			"هر بازی به تعدادی بازیکن که تعریف برگه اجازه می‌دهد (از کمترین تا بیشترین تعدادِ بازیکنانش) نیاز دارد."),
		entry("SHEET-ROW-1", rules.Checked, "Every player in every row", "همهٔ بازیکنان در هر سطر",
			"A row (a round or a category) is recorded for every player at once: nobody is left out.",
			"هر سطر (یک دور یا یک دسته) برای همهٔ بازیکنان با هم ثبت می‌شود و کسی جا نمی‌ماند."),
		entry("SHEET-ROW-2", rules.Checked, "A row once", "هر سطر یک بار",
			"Each round or category is recorded once; a wrong row is corrected, not recorded again.",
			"هر دور یا دسته یک بار ثبت می‌شود؛ سطر اشتباه اصلاح می‌شود، نه دوباره ثبت."),
		entry("SHEET-ROUND-1", rules.Checked, "Rounds in order", "دورها به ترتیب",
			"Rounds are recorded in their order: 1, 2, 3 ...",
			"دورها به ترتیب ثبت می‌شوند: ۱، ۲، ۳ ..."),
		entry("SHEET-ROUND-2", rules.Checked, "No round past the last", "نه دوری پس از آخرین",
			"A sheet with a fixed number of rounds has no round past its last.",
			"برگه‌ای که شمار دورهایش معلوم است دوری پس از دور آخر ندارد."),
		entry("SHEET-VALUE-1", rules.Checked, "A value within its row's range", "امتیاز در بازهٔ سطر",
			"A score lies within its row's minimum and maximum, when the sheet gives them.",
			"هر امتیاز در بازهٔ کمینه و بیشینهٔ سطرش است، اگر برگه آن‌ها را تعیین کرده باشد."),
		entry("SHEET-VALUE-2", rules.Checked, "No negative score unless allowed", "امتیاز منفی فقط اگر مجاز باشد",
			"A score is zero or more unless the sheet allows negative scores.",
			"امتیاز صفر یا بیشتر است، مگر آن‌که برگه امتیاز منفی را مجاز کرده باشد."),
		entry("SHEET-FINISH-1", rules.Checked, "The end of the sheet", "پایان برگه",
			"A sheet ends when its last round or every category is recorded; a sheet of open rounds ends when the table says so, after at least one round.",
			"برگه وقتی تمام می‌شود که دور آخر یا همهٔ دسته‌ها ثبت شده باشد؛ برگهٔ دورهای باز وقتی تمام می‌شود که سر میز اعلام شود، پس از دست‌کم یک دور."),
		entry("SHEET-FINAL-1", rules.Checked, "Final totals recorded elsewhere", "امتیازهای نهایی ثبت‌شده در جای دیگر",
			"A match kept elsewhere (an import) is recorded by its final totals and places, on an empty sheet.",
			"بازی‌ای که جای دیگری ثبت شده (درون‌ریزی) با امتیازها و رتبه‌های نهایی‌اش، روی برگهٔ خالی ثبت می‌شود."),
		entry("SHEET-TEAM-1", rules.Checked, "Every player in one team", "هر بازیکن در یک تیم",
			"On a sheet played in teams, every player of a match plays in exactly one team: nobody in no team, nobody in two.",
			"در برگه‌ای که تیمی بازی می‌شود، هر بازیکن دقیقاً در یک تیم است: نه بی‌تیم، نه در دو تیم."),
		entry("SHEET-TEAM-2", rules.Checked, "Teams as the sheet defines them", "تیم‌ها همان‌طور که برگه تعیین کرده",
			"A match has at least two teams, as many as the sheet fixes, each of the size it fixes.",
			"هر بازی دست‌کم دو تیم دارد، به تعدادی که برگه تعیین کرده و هر تیم به اندازه‌ای که برگه تعیین کرده است."),
		entry("SHEET-TEAM-3", rules.Checked, "Teammates share a place", "هم‌تیمی‌ها هم‌رتبه‌اند",
			"Final places recorded for a match in teams give every member of a team the same place.",
			"در رتبه‌های نهایی بازی تیمی، همهٔ اعضای یک تیم رتبهٔ یکسان دارند."),
		entry("SHEET-TEAM-4", rules.Computed, "Teams are ranked", "رتبهٔ تیم‌ها",
			"Teams are ranked by their totals (a team's total is the sum of its members' scores, or its own score on a sheet scored by team), as players are; every member takes the team's place.",
			"تیم‌ها مانند بازیکنان با مجموعشان رتبه می‌گیرند (مجموع تیم جمع امتیاز اعضای آن است، یا امتیاز خود تیم در برگه‌ای که تیمی امتیاز می‌گیرد)؛ هر عضو رتبهٔ تیمش را می‌گیرد."),
		entry("SHEET-COOP-1", rules.Computed, "Won or lost together", "برد یا باخت با هم",
			"In a cooperative game the whole table plays against the game: everyone wins or everyone loses, and there are no places between the players.",
			"در بازی همکاری همهٔ بازیکنان با هم در برابر بازی بازی می‌کنند: یا همه می‌برند یا همه می‌بازند و میان بازیکنان رتبه‌ای نیست."),
		entry("SHEET-WINNER-1", rules.Computed, "A winner, no scores", "برنده، بی‌امتیاز",
			"A game with a winner and no scores is finished by naming its winners; everyone else shares the next place.",
			"بازی‌ای که برنده دارد و امتیاز ندارد با نام بردن برندگانش تمام می‌شود؛ بقیه رتبهٔ بعدی را با هم دارند."),
		entry("SHEET-RANK-1", rules.Computed, "Who wins", "برنده",
			"The highest total wins (the lowest, on a lowest-wins sheet); equal totals share a place.",
			"بیشترین مجموع می‌برد (در برگهٔ کمترین‌برنده، کمترین)؛ مجموع‌های برابر رتبهٔ مشترک دارند."),
		entry("SHEET-RANK-2", rules.Computed, "Tie-break", "شکستن تساوی",
			"With a tie-break category, equal totals are ordered by that category's score; players still equal share a place.",
			"اگر دستهٔ شکستن تساوی تعیین شده باشد، مجموع‌های برابر با امتیاز آن دسته مرتب می‌شوند؛ بازیکنانی که باز هم برابرند رتبهٔ مشترک دارند."),
	}
}()

// Catalog is every rule a score sheet can cite: the same for every sheet.
func Catalog() []rules.RuleEntry { return catalog }
