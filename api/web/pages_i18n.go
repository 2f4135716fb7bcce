package web

import (
	"strconv"
	"strings"
)

// pageLabels are the pages' words in English and Persian. The pages' script
// reads the same labels from the page, so there is one list.
var pageLabels = map[string][2]string{
	"scoreboard":      {"Scoreboard", "جدول امتیاز"},
	"next":            {"Next", "گام بعد"},
	"totals":          {"Totals", "مجموع"},
	"sheet":           {"Score sheet", "برگهٔ امتیاز"},
	"chart":           {"Running totals", "روند امتیازها"},
	"chart_levels":    {"Levels", "سطح‌ها"},
	"chart_totals":    {"Totals so far", "مجموع تاکنون"},
	"ruling":          {"Latest ruling", "آخرین رأی داور"},
	"no_ruling":       {"No rulings so far: every event was within the rules.", "تاکنون رأیی صادر نشده است: همهٔ رویدادها مطابق قوانین بوده‌اند."},
	"in_progress":     {"In progress", "در جریان"},
	"imported":        {"Imported from BG Stats, not refereed", "واردشده از BG Stats، بی‌داوری"},
	"finished":        {"Finished", "پایان یافته"},
	"event":           {"Event", "رویداد"},
	"live":            {"Live", "زنده"},
	"connecting":      {"Connecting…", "در حال اتصال…"},
	"offline":         {"Reconnecting…", "در حال اتصال دوباره…"},
	"static":          {"Static page: reload to update", "صفحهٔ ایستا: برای به‌روزرسانی دوباره بارگذاری کنید"},
	"winner":          {"Winner", "برنده"},
	"place":           {"Place", "رتبه"},
	"details":         {"Details", "جزئیات"},
	"no_rounds":       {"No rounds scored yet.", "هنوز هیچ دوری امتیاز نگرفته است."},
	"voided":          {"voided", "باطل"},
	"league":          {"League", "لیگ"},
	"standings":       {"Standings", "جدول رده‌بندی"},
	"player":          {"Player", "بازیکن"},
	"played":          {"Played", "بازی"},
	"wins":            {"Wins", "برد"},
	"points":          {"Points", "امتیاز"},
	"avg_place":       {"Avg. place", "میانگین رتبه"},
	"streak":          {"Streak", "روند"},
	"rating":          {"Rating", "درجه"},
	"elo":             {"Elo", "اِلو"},
	"provisional":     {"provisional", "موقت"},
	"rating_chart":    {"Rating over time", "درجه در گذر زمان"},
	"rating_note":     {"OpenSkill rating (μ − 3σ) after each league match", "درجهٔ اوپن‌اسکیل (μ − ۳σ) پس از هر بازی لیگ"},
	"no_matches":      {"No finished matches yet.", "هنوز هیچ بازی‌ای تمام نشده است."},
	"matches":         {"Matches", "بازی‌ها"},
	"match_n":         {"Match", "بازی"},
	"large":           {"Large type", "حروف درشت"},
	"json":            {"JSON", "JSON"},
	"other_lang":      {"فارسی", "English"},
	"#":               {"#", "#"},
	"round":           {"Round", "دور"},
	"turn":            {"Turn", "نوبت"},
	"number":          {"Battle", "نبرد"},
	"hand":            {"Hand", "دست"},
	"bid_won":         {"bid / won", "پیش‌بینی / بُرده"},
	"rule_text":       {"Rule", "قانون"},
	"locked":          {"Not found, or private: open this screen with the link (or QR code) that carries its token.", "پیدا نشد، یا خصوصی است: این صفحه را با پیوند (یا کد QR) دارای توکنش باز کنید."},
	"tables_title":    {"Table QR codes", "کدهای QR میزها"},
	"tables_note":     {"Each table gets its own scorer token; a tablet that scans its code opens the table app signed in. The screen's code opens the league on a TV or a phone. Print this page and put each code on its table.", "هر میز توکن ثبت‌کنندهٔ خودش را می‌گیرد؛ تبلتی که کد میزش را اسکن کند، برنامهٔ میز را واردشده باز می‌کند. کد نمایشگر، لیگ را روی تلویزیون یا گوشی باز می‌کند. این صفحه را چاپ کنید و هر کد را روی میز خودش بگذارید."},
	"owner_token":     {"Owner token", "توکن مالک لیگ"},
	"table_count":     {"Tables", "تعداد میزها"},
	"label_prefix":    {"Label", "برچسب"},
	"table":           {"Table", "میز"},
	"make_codes":      {"Make the codes", "ساختن کدها"},
	"print":           {"Print", "چاپ"},
	"screen":          {"Screen", "نمایشگر"},
	"screen_note":     {"Scan to follow the league", "برای دنبال کردن لیگ اسکن کنید"},
	"table_note":      {"Scan with this table's tablet to keep score", "با تبلت همین میز اسکن کنید تا امتیازها را ثبت کند"},
	"tables_failed":   {"The codes could not be made:", "کدها ساخته نشدند:"},
	"tables_reused":   {"These are the league's tables as the desk keeps them: printing again shows the same codes. New tables, new codes and revoking are in the owner's desk of the table app.", "این‌ها میزهای لیگ‌اند، همان‌طور که میزِ برگزارکننده نگهشان می‌دارد: چاپِ دوباره همین کدها را نشان می‌دهد. میزِ تازه، کدِ تازه و باطل‌کردن در میزِ برگزارکننده‌ی برنامه‌ی میز است."},
	"address":         {"Address the codes open", "نشانی‌ای که کدها باز می‌کنند"},
	"loopback_warn":   {"Warning: this address works only on this computer. A phone that scans these codes will not reach the server. Choose the network address, or start the server with --public-url.", "هشدار: این نشانی فقط روی همین رایانه کار می‌کند. گوشی‌ای که این کدها را اسکن کند به سرور نمی‌رسد. نشانیِ شبکه را برگزینید، یا سرور را با ‎--public-url‎ راه بیندازید."},
	"no_codes_here":   {"Made on another device; give it a new code in the desk to print it here:", "روی دستگاهِ دیگری ساخته شده؛ برای چاپ در این‌جا، در میزِ برگزارکننده کدِ تازه بسازید:"},
	"follow_note":     {"Scan to follow on your phone", "برای دنبال‌کردن روی گوشی اسکن کنید"},
	"desk_link":       {"Owner's desk", "میزِ برگزارکننده"},
	"points_short":    {"Pts", "امتیاز"},
	"played_short":    {"P", "بازی"},
	"wins_short":      {"W", "برد"},
	"avg_place_short": {"Avg", "میانگین"},
	"streak_short":    {"Str", "روند"},
	"rating_short":    {"Rtg", "درجه"},
	"streak_won":      {"W{n}", "{n} برد"},
	"streak_lost":     {"L{n}", "{n} بی‌برد"},
	"rotation":        {"Rotation", "نمایش چرخشی"},
	"correcting":      {"being corrected", "در حال اصلاح"},
	"every":           {"every", "هر"},
	"seconds":         {"s", "ثانیه"},
	"corrected_note":  {"Being corrected, out of the standings until it finishes again:", "در حال اصلاح، تا پایان دوباره بیرون از جدول:"},
	"round_of":        {"of", "از"},
	"dealer":          {"Dealer", "پخش‌کننده"},
	"turn_of":         {"Turn", "نوبتِ"},
	"team":            {"Team", "تیم"},
	"hidden_rows":     {"{a} to {b} are above, not shown", "{a} تا {b} بالاتر است و دیده نمی‌شود"},
	"trump":           {"Trump", "حکم"},
	"bid":             {"bid", "پیش‌بینی"},
	"won":             {"won", "بُرده"},
	"deals":           {"deals", "پخش می‌کند"},
	"colour_red":      {"red", "قرمز"},
	"colour_blue":     {"blue", "آبی"},
	"colour_green":    {"green", "سبز"},
	"colour_yellow":   {"yellow", "زرد"},
	"colour_none":     {"no trump", "بدون حکم"},
	"card_wizard":     {"Wizard", "جادوگر"},
	"card_jester":     {"Jester", "دلک"},
	"corrections":     {"Corrections", "اصلاح‌ها"},
	"voided_at":       {"voided at", "باطل شد، ساعت"},
	"grandfathered":   {"Accepted under earlier rules", "پذیرفته‌شده با قوانین قبلی"},
	// The games' event types.
	"e_round_started":     {"round started", "آغاز دور"},
	"e_hand_dealt":        {"hand dealt", "دست پخش‌شده"},
	"e_bid":               {"bid", "پیش‌بینی"},
	"e_trick":             {"trick", "تریک"},
	"e_tricks":            {"tricks won", "تریک‌های بُرده"},
	"e_census_called":     {"census called", "اعلام سرشماری"},
	"e_turn_taken":        {"turn", "نوبت"},
	"e_round_ended":       {"round ended", "پایان دور"},
	"e_level_changed":     {"level changed", "تغییر سطح"},
	"e_character_updated": {"character updated", "تغییر شخصیت"},
	"e_loadout_declared":  {"items declared", "اعلام وسایل"},
	"e_items_sold":        {"items sold", "فروش وسایل"},
	"e_combat":            {"combat", "نبرد"},
	"e_run_away":          {"run away", "فرار"},
	"e_died":              {"died", "مرگ"},
	"e_turn_ended":        {"turn ended", "پایان نوبت"},
	"e_opening_roll":      {"opening roll", "پرتاب آغازین"},
	"e_rolled":            {"rolled", "پرتاب تاس"},
	"e_cards_drawn":       {"cards drawn", "برداشتن کارت"},
	"e_dice_given":        {"dice given", "دادن تاس"},
	"e_card_played":       {"card played", "بازی کارت"},
	"e_spell_played":      {"spell played", "بازی طلسم"},
	"e_card_burned":       {"card burned", "سوزاندن کارت"},
	"e_battle_declared":   {"battle declared", "اعلام نبرد"},
	"e_battle_resolved":   {"battle resolved", "نتیجهٔ نبرد"},
	"e_undo":              {"undo", "برگرداندن"},
	// Values of the games' round rows, by key and value.
	"v_entry_tricks": {"trick by trick", "تریک‌به‌تریک"},
	"v_entry_totals": {"totals", "فقط مجموع"},
	// Keys of the games' round rows, for the details column.
	"k_dealer":         {"dealer", "پخش‌کننده"},
	"k_trump":          {"trump", "حکم"},
	"k_trump_card":     {"trump card", "کارت حکم"},
	"k_entry":          {"entry", "ثبت"},
	"k_winner":         {"winner", "برنده"},
	"k_reason":         {"reason", "دلیل"},
	"k_player":         {"player", "بازیکن"},
	"k_first_player":   {"first player", "بازیکن نخست"},
	"k_census_by":      {"census by", "سرشماری توسط"},
	"k_census_lowest":  {"census lowest", "کمترین در سرشماری"},
	"k_amulet_holder":  {"amulet", "طلسم"},
	"k_amulet_rule":    {"amulet rule", "قانون طلسم"},
	"k_kamikaze":       {"kamikaze", "کامیکازه"},
	"k_points":         {"points", "امتیاز"},
	"k_current_player": {"player", "بازیکن"},
	"k_type":           {"type", "نوع"},
	"k_land":           {"land", "سرزمین"},
	"k_gem":            {"gem", "گوهر"},
	"k_rule":           {"rule", "قانون"},
	"k_taken_from":     {"taken from", "گرفته از"},
	"k_hand":           {"hand", "دست"},
	"k_winning_team":   {"winning team", "تیم برنده"},
	"k_finish_order":   {"finish order", "ترتیب پایان"},
	"k_voided":         {"voided", "باطل"},
}

// labelsIn returns every label in lang.
func labelsIn(lang string) map[string]string {
	out := make(map[string]string, len(pageLabels))
	for k, v := range pageLabels {
		out[k] = v[0]
		if lang == "fa" {
			out[k] = v[1]
		}
	}
	return out
}

// keyLabel names a round row's field for people.
func keyLabel(labels map[string]string, key string) string {
	if l, ok := labels["k_"+key]; ok {
		return l
	}
	return strings.ReplaceAll(key, "_", " ")
}

// streakText is a streak for people: +3 is three first places in a row,
// -2 two matches in a row without one (scoring.StreakText in English).
func streakText(labels map[string]string, lang string, streak int) string {
	switch {
	case streak > 0:
		return strings.ReplaceAll(labels["streak_won"], "{n}", formatNum(lang, float64(streak), 0))
	case streak < 0:
		return strings.ReplaceAll(labels["streak_lost"], "{n}", formatNum(lang, float64(-streak), 0))
	}
	return ""
}

var faDigits = strings.NewReplacer(
	"0", "۰", "1", "۱", "2", "۲", "3", "۳", "4", "۴",
	"5", "۵", "6", "۶", "7", "۷", "8", "۸", "9", "۹", ".", "٫", "-", "−")

// formatNum writes a number for people: decimals places (trailing zeros
// kept), Persian digits for fa. The script's fmt does the same.
func formatNum(lang string, v float64, decimals int) string {
	s := strconv.FormatFloat(v, 'f', decimals, 64)
	if s == "-0" || strings.HasPrefix(s, "-0.") && strings.Trim(s[3:], "0") == "" {
		s = s[1:]
	}
	if lang == "fa" {
		return faDigits.Replace(s)
	}
	return s
}

// faDigitsIf writes s's digits in Persian for fa.
func faDigitsIf(lang, s string) string {
	if lang == "fa" {
		return faDigits.Replace(s)
	}
	return s
}
