// The table app's words in English and Persian, and numbers written in the
// page's digits. Names are never translated: they are shown as entered.

const FA_DIGITS = '۰۱۲۳۴۵۶۷۸۹';

/**
 * FA_SEP separates the parts of a Persian line: a middle dot beside Persian
 * digits reads as a zero (۰), a comma cannot.
 */
export const FA_SEP = '، ';

// A Persian negative number is written minus first, left of its digits: the
// left-to-right mark before the minus makes the digits a left-to-right run,
// so a right-to-left line does not move the minus to their right (۱۰−).
const FA_MINUS = '\u200e−';

/**
 * digits writes s for lang: for fa, ASCII digits as Persian digits, a minus
 * sign before them that stays on their left, and the Persian separator for
 * "·".
 */
export function digits(lang, s) {
  s = s === null || s === undefined ? '' : String(s);
  if (lang !== 'fa') return s;
  return faSeparators(s.replace(/[0-9]/g, (d) => FA_DIGITS[d]).replace(/\u200e?[-−](?=[۰-۹])/g, FA_MINUS));
}

/** listSep separates the items of a list in lang: "Sara, Reza", "Sara، Reza". */
export function listSep(lang) { return lang === 'fa' ? FA_SEP : ', '; }

function faSeparators(s) { return String(s ?? "").replace(/ · /g, FA_SEP); }

/**
 * numberFields makes every number field (inputmode="numeric", or marked
 * data-number where a minus must stay on the keyboard) show its value in the
 * page's digits, whoever sets it: a Persian page shows ۳ where the screen's
 * code holds "3", an English one 3 where a Persian keyboard typed ۳. What
 * was typed is written in the page's digits once the field is left.
 * Everything that reads a field parses either (parseNumber).
 */
export function numberFields() {
  const own = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
  Object.defineProperty(HTMLInputElement.prototype, 'value', {
    configurable: true,
    enumerable: own.enumerable,
    get() { return own.get.call(this); },
    set(v) {
      if ((this.inputMode === 'numeric' || this.hasAttribute('data-number')) && v !== null && v !== undefined) {
        v = document.documentElement.lang === 'fa' ? digits('fa', v) : String(v).replace(/\u200e/g, '').replace(/[۰-۹]/g, (d) => String(FA_DIGITS.indexOf(d))).replace(/−/g, '-');
      }
      own.set.call(this, v);
    },
  });
  document.addEventListener('change', (e) => {
    const el = e.target;
    if (el instanceof HTMLInputElement && (el.inputMode === 'numeric' || el.hasAttribute('data-number'))) el.value = own.get.call(el);
  }, true);
}

/** renumberFields rewrites the number fields on the page in its digits. */
export function renumberFields() {
  // reading a field and setting it again writes it through numberFields
  for (const el of document.querySelectorAll('input[inputmode="numeric"], input[data-number]')) el.value = String(el.value);
}

/** parseNumber reads a whole number typed with ASCII or Persian digits. */
export function parseNumber(s) {
  const t = String(s ?? '').replace(/\u200e/g, '').trim().replace(/[۰-۹]/g, (d) => String(FA_DIGITS.indexOf(d))).replace(/[−–]/g, '-');
  if (!/^-?[0-9]+$/.test(t)) return null;
  return Number(t);
}

/** deviceLang is the language chosen on this device, else the browser's. */
export function deviceLang() {
  const saved = localStorage.getItem('motamed.lang');
  if (saved === 'en' || saved === 'fa') return saved;
  return (navigator.language || 'en').toLowerCase().startsWith('fa') ? 'fa' : 'en';
}

export const words = {
  en: {
    app: 'Motamed', other_lang: 'فارسی', other_lang_code: 'fa', a_player: 'a player',
    stale_title: 'Someone else was first', stale_version: 'Someone else recorded an event first, so yours was not recorded. Refresh to see theirs, then record yours again if it still holds.',
    input_title: 'Check what was typed', item_n: 'number {n}', field_villages: 'villages', field_village: 'village', field_cards: 'cards',
    field_count: 'count', field_to: 'dice given', field_from: 'cards drawn from', field_players: 'players', field_options: 'options',
    home: 'Home', sign_in: 'Sign in', sign_out: 'Sign out', token: 'Token',
    token_hint: 'Paste the token the organiser gave you.', signed_in_as: 'Signed in',
    role_admin: 'Admin: everything', role_owner: 'Owner of', role_scorer: 'Scorer of', role_viewer: 'Viewer of',
    leagues: 'Leagues', matches_now: 'Being played now', matches_done: 'Finished', none_yet: 'Nothing here yet.',
    open_screen: 'Screen', open_app: 'Record', list_unavailable: 'This list is not available on this server yet.',
    new_match: 'New match', game: 'Game', players: 'Players', search_players: 'Search players',
    add_player: 'Add a new player', add: 'Add', remove: 'Remove', move_up: 'Move up', move_down: 'Move down',
    seats: 'Seats, clockwise', same_name: 'Is this the player you mean?', use_existing: 'Use this one',
    create_anyway: 'No, a new player', options: 'Options', default: 'default', table: 'Table label',
    league: 'League', no_league: 'No league', start: 'Start the match', need_players: 'Seat at least {n} players.',
    yes: 'yes', no: 'no', no_teams: 'No teams', teams_of_two: 'Teams of two', teams_seat_by_seat: 'Each player\'s team', team_no: 'Team {n}',
    round: 'Round', dealer: 'Dealer', trump: 'Trump', trump_card: 'Turned-up card (optional)', start_round: 'Deal: start the round',
    no_trump_card: 'not recorded', bids: 'Bids', bid: 'Bid', bids_of: 'Bid of', allowed: 'Allowed: {a} to {b}',
    forbidden: 'The dealer may not bid {f}', bid_next: 'bids now', tricks_won: 'Tricks won', sum: 'Sum {s} of {r}',
    sum_ok: 'adds up', sum_bad: 'must add up to {r}', record_tricks: 'Record the tricks won', by_trick: 'Trick by trick',
    by_total: 'Totals', trick: 'Trick {k}', leads: 'leads', card: 'Card', ask_winner: 'Who wins?',
    winner: 'Winner', record_trick: 'Record the trick', points: 'Points', total: 'Total', totals: 'Totals',
    sheet: 'Score sheet', play: 'Play', finished: 'Finished', in_progress: 'In progress', winners: 'Winners',
    breaks_at: 'Event {n} would no longer be legal:', void: 'Void', next: 'Next', undo: 'Undo', redo: 'Redo', refresh: 'Refresh', fix: 'Fix', save: 'Save', cancel: 'Cancel',
    fix_bid: 'Fix the bid of {p} in round {r}', waiting: 'Waiting to be sent', offline: 'Offline: events wait on this device',
    queued: 'waiting', refused: 'Refused', discard: 'Discard', discard_match: 'Discard the match', retry: 'Send again',
    other_device: 'Another device recorded an event.', stale: 'This match changed on another device.',
    rule: 'Rule', rule_text: 'The rule', close: 'Close', refused_title: 'The referee refused this', refused_merged: 'A player of this match has been merged into another player since it started, so the match cannot be recorded as it is.',
    version: 'Version', error: 'Something went wrong', not_found: 'Not found',
    blue: 'Blue', green: 'Green', red: 'Red', yellow: 'Yellow', none: 'None', wizard_card: 'Wizard', jester: 'Jester',
    level: 'Level', gear: 'Gear', race: 'Race', class: 'Class', human: 'Human', dead: 'dead',
    level_up: 'Level up', level_down: 'Level down', reason: 'Reason', player: 'Player', turn_of: 'Turn {n}: {p}',
    reason_card: 'Card', reason_curse: 'Curse', reason_bad_stuff: 'Bad Stuff', reason_correction: 'Table fix', reason_help: 'Elf helper',
    combat: 'Combat', fighter: 'Fighter', helper: 'Helper', no_helper: 'No helper', bonus: 'Bonus', helper_bonus: 'Helper bonus',
    one_shot: 'One-shot bonus', monsters: 'Monsters', monster: 'Monster', monster_level: 'Level', treasures: 'Treasures',
    modifier: 'Modifier', add_monster: 'Add a monster', ask_referee: 'Ask the referee', record_combat: 'Record the combat',
    verdict: 'Verdict', outcome_won: 'The players win', outcome_lost: 'The monsters win', strength: '{a} against {b}',
    run_away: 'Run away', roll: 'Die roll', escaped: 'escaped', caught: 'caught', sell: 'Sell items', gold: 'Gold of each item',
    gold_hint: 'Values separated by spaces, e.g. 400 600', preview: 'Preview', record_sale: 'Record the sale',
    levels_gained: 'Levels: {a} → {b}', died: 'Died', record_death: 'Record the death', body_cards: 'Cards laid out',
    end_turn: 'End the turn', hand_size: 'Cards in hand', character: 'Race and class', record_character: 'Record',
    charity: 'Charity', level_short: 'L', win_by_kill: 'Only a won combat reaches the winning level.',
    levels: 'Levels', changes: 'Changes', turn: 'Turn', event: 'Event', events: 'Events',
    race_elf: 'Elf', race_dwarf: 'Dwarf', race_halfling: 'Halfling', class_warrior: 'Warrior', class_wizard: 'Wizard', class_thief: 'Thief', class_cleric: 'Cleric',
    no_class: 'No class', notes: 'The referee notes', winner_is: 'Winner: {p}', winners_are: 'Winners: {p}', place_n: 'Place {n}',
    new_player_name: 'New player\'s name', language: 'Language', loading: 'Loading…', send_failed: 'Not sent: the server did not answer.',
  },
  fa: {
    app: 'مُعتمد', other_lang: 'English', other_lang_code: 'en', a_player: 'بازیکنی',
    stale_title: 'کسی زودتر ثبت کرد', stale_version: 'کسی زودتر رویدادی ثبت کرد، پس رویدادِ شما ثبت نشد. صفحه را تازه کنید تا آن را ببینید، و اگر رویدادِ شما هنوز درست است دوباره ثبتش کنید.',
    input_title: 'آنچه وارد شد را بررسی کنید', item_n: 'شماره‌ی {n}', field_villages: 'دهکده‌ها', field_village: 'دهکده', field_cards: 'کارت‌ها',
    field_count: 'تعداد', field_to: 'تاس‌های داده‌شده', field_from: 'کارت‌های کشیده‌شده از', field_players: 'بازیکنان', field_options: 'گزینه‌ها',
    home: 'خانه', sign_in: 'ورود', sign_out: 'خروج', token: 'توکن',
    token_hint: 'توکنی را که برگزارکننده داده است این‌جا بچسبانید.', signed_in_as: 'وارد شده‌اید',
    role_admin: 'مدیر: همه‌چیز', role_owner: 'صاحبِ', role_scorer: 'امتیازنویسِ', role_viewer: 'بیننده‌ی',
    leagues: 'لیگ‌ها', matches_now: 'در حالِ بازی', matches_done: 'تمام‌شده', none_yet: 'هنوز چیزی نیست.',
    open_screen: 'صفحه', open_app: 'ثبت', list_unavailable: 'این فهرست هنوز روی این سرور نیست.',
    new_match: 'بازیِ تازه', game: 'بازی', players: 'بازیکن‌ها', search_players: 'جست‌وجوی بازیکن',
    add_player: 'افزودنِ بازیکنِ تازه', add: 'افزودن', remove: 'حذف', move_up: 'بالاتر', move_down: 'پایین‌تر',
    seats: 'جای نشستن، در جهتِ عقربه‌های ساعت', same_name: 'منظورتان همین بازیکن است؟', use_existing: 'همین',
    create_anyway: 'نه، بازیکنِ تازه', options: 'گزینه‌ها', default: 'پیش‌فرض', table: 'نامِ میز',
    league: 'لیگ', no_league: 'بدونِ لیگ', start: 'شروعِ بازی', need_players: 'دست‌کم {n} بازیکن بنشانید.',
    yes: 'بله', no: 'نه', no_teams: 'بدون تیم', teams_of_two: 'تیم‌های دونفره', teams_seat_by_seat: 'تیمِ هر بازیکن', team_no: 'تیمِ {n}',
    round: 'دور', dealer: 'مُعتمد (پخش‌کننده)', trump: 'حکم', trump_card: 'کارتِ رو شده (اختیاری)', start_round: 'پخش: شروعِ دور',
    no_trump_card: 'ثبت نشده', bids: 'پیش‌بینی‌ها', bid: 'پیش‌بینی', bids_of: 'پیش‌بینیِ', allowed: 'مجاز: {a} تا {b}',
    forbidden: 'مُعتمد نمی‌تواند {f} بگوید', bid_next: 'نوبتِ پیش‌بینی', tricks_won: 'تریک‌های بُرده', sum: 'جمع {s} از {r}',
    sum_ok: 'درست است', sum_bad: 'باید {r} شود', record_tricks: 'ثبتِ تریک‌های بُرده', by_trick: 'تریک به تریک',
    by_total: 'جمعِ دور', trick: 'تریکِ {k}', leads: 'شروع می‌کند', card: 'کارت', ask_winner: 'چه کسی می‌بَرد؟',
    winner: 'برنده', record_trick: 'ثبتِ تریک', points: 'امتیاز', total: 'جمع', totals: 'جمعِ امتیازها',
    sheet: 'برگه‌ی امتیاز', play: 'بازی', finished: 'تمام شد', in_progress: 'در جریان', winners: 'برنده‌ها',
    breaks_at: 'رویدادِ {n} دیگر مجاز نمی‌بود:', void: 'باطل کردن', next: 'بعدی', undo: 'برگرداندن', redo: 'دوباره', refresh: 'تازه کردن', fix: 'اصلاح', save: 'ذخیره', cancel: 'انصراف',
    fix_bid: 'اصلاحِ پیش‌بینیِ {p} در دورِ {r}', waiting: 'در صفِ ارسال', offline: 'بی‌اتصال: رویدادها روی این دستگاه منتظرند',
    queued: 'منتظر', refused: 'رد شد', discard: 'کنار گذاشتن', discard_match: 'کنار گذاشتنِ بازی', retry: 'ارسالِ دوباره',
    other_device: 'دستگاهِ دیگری رویدادی ثبت کرد.', stale: 'این بازی روی دستگاهِ دیگری تغییر کرد.',
    rule: 'قانون', rule_text: 'متنِ قانون', close: 'بستن', refused_title: 'داور این را نپذیرفت', refused_merged: 'یکی از بازیکنانِ این بازی پس از شروعش با بازیکنِ دیگری یکی شده است، پس این بازی همان‌طور که هست ثبت نمی‌شود.',
    version: 'نسخه', error: 'خطایی پیش آمد', not_found: 'پیدا نشد',
    blue: 'آبی', green: 'سبز', red: 'قرمز', yellow: 'زرد', none: 'بی‌حکم', wizard_card: 'جادوگر', jester: 'دلقک',
    level: 'سطح', gear: 'تجهیزات', race: 'نژاد', class: 'طبقه', human: 'انسان', dead: 'مُرده',
    level_up: 'سطح بالا', level_down: 'سطح پایین', reason: 'دلیل', player: 'بازیکن', turn_of: 'نوبتِ {n}: {p}',
    reason_card: 'کارت', reason_curse: 'نفرین', reason_bad_stuff: 'بلا', reason_correction: 'اصلاحِ میز', reason_help: 'کمکِ اِلف',
    combat: 'نبرد', fighter: 'مبارز', helper: 'کمک‌کننده', no_helper: 'بدونِ کمک', bonus: 'امتیازِ اضافه', helper_bonus: 'امتیازِ کمک‌کننده',
    one_shot: 'امتیازِ یک‌بارمصرف', monsters: 'هیولاها', monster: 'هیولا', monster_level: 'سطح', treasures: 'گنج',
    modifier: 'تغییردهنده', add_monster: 'افزودنِ هیولا', ask_referee: 'از داور بپرس', record_combat: 'ثبتِ نبرد',
    verdict: 'رأیِ داور', outcome_won: 'بازیکن‌ها می‌بَرند', outcome_lost: 'هیولاها می‌بَرند', strength: '{a} در برابرِ {b}',
    run_away: 'فرار', roll: 'تاس', escaped: 'فرار کرد', caught: 'گیر افتاد', sell: 'فروشِ وسایل', gold: 'ارزشِ هر وسیله',
    gold_hint: 'ارزش‌ها با فاصله، مثلاً ۴۰۰ ۶۰۰', preview: 'پیش‌نمایش', record_sale: 'ثبتِ فروش',
    levels_gained: 'سطح: {a} ← {b}', died: 'مُرد', record_death: 'ثبتِ مرگ', body_cards: 'کارت‌های روی میز',
    end_turn: 'پایانِ نوبت', hand_size: 'کارت‌های دست', character: 'نژاد و طبقه', record_character: 'ثبت',
    charity: 'خیرات', level_short: 'س', win_by_kill: 'سطحِ برنده فقط با نبردِ بُرده می‌رسد.',
    levels: 'سطح‌ها', changes: 'تغییرها', turn: 'نوبت', event: 'رویداد', events: 'رویدادها',
    race_elf: 'اِلف', race_dwarf: 'کوتوله', race_halfling: 'نیم‌قد', class_warrior: 'جنگجو', class_wizard: 'جادوگر', class_thief: 'دزد', class_cleric: 'روحانی',
    no_class: 'بدونِ طبقه', notes: 'یادداشتِ داور', winner_is: 'برنده: {p}', winners_are: 'برنده‌ها: {p}', place_n: 'رتبه‌ی {n}',
    new_player_name: 'نامِ بازیکنِ تازه', language: 'زبان', loading: 'در حالِ بارگذاری…', send_failed: 'ارسال نشد: سرور پاسخ نداد.',
  },
};

/**
 * addWords adds a game screen's own words ({en: {...}, fa: {...}}), so that
 * each game keeps its words beside its screen.
 */
export function addWords(w) {
  for (const lang of Object.keys(w)) words[lang] = Object.assign(words[lang] || {}, w[lang]);
}

/** hasWord reports whether key has a word of its own (in English at least). */
export function hasWord(key) { return Object.prototype.hasOwnProperty.call(words.en, key); }

/**
 * word is the word for key in lang, with {name} filled from vars. A word
 * that agrees with a number is an object of plural forms ({one, other}, as
 * Intl.PluralRules names them), chosen by count.
 */
export function word(lang, key, vars, count) {
  let s = (words[lang] && words[lang][key]) || words.en[key] || key;
  if (typeof s === 'object') s = s[pluralOf(lang, count)] || s.other;
  if (vars) for (const [k, v] of Object.entries(vars)) s = s.split('{' + k + '}').join(String(v));
  return lang === 'fa' ? faSeparators(s) : s;
}

const plurals = {};

/** pluralOf is the plural form ("one", "other", ...) of count in lang. */
export function pluralOf(lang, count) {
  if (typeof count !== 'number') return 'other';
  plurals[lang] = plurals[lang] || new Intl.PluralRules(lang);
  return plurals[lang].select(count);
}
