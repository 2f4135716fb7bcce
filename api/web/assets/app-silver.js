// Silver at the table: each turn as it is played (draw, discard or a census
// with the caller's village size), the round's end with every village
// revealed and the referee's scoring (census, Kamikaze, amulet, the end)
// shown before it is recorded, the swap question at hand during a turn, and
// the score sheet with each round's villages and a fix for any of them.
// Whose turn it is, the census and the amulet come from the match's state;
// the server checks every event.
import { addWords, parseNumber } from './app-i18n.js';
import { answer, still, question } from './app-answer.js';

addWords({
  en: {
    sv_round_of: 'Round {r} of {n}', sv_round_to: 'Round {r} · until someone reaches 100',
    sv_start_player: 'Start player', sv_amulet: 'Amulet', sv_nobody_yet: 'nobody yet', sv_turn_of: 'Turn of', sv_draw: 'Drew a card',
    sv_calls_census: '{p} calls a census', sv_other_caller: 'Or another player calls (the turns before are taken as played):',
    sv_discard: 'Took the discard', sv_census: 'Census', sv_village_size: 'Cards in the caller\'s village',
    sv_call_census: 'Call a census', sv_size_needed: 'Tap how many cards are in the caller\'s village, then call the census.', sv_census_by: { one: '{p} called a census with {k} card', other: '{p} called a census with {k} cards' },
    sv_owed: 'One more turn each: {p}', sv_census_done: 'Every player has had the last turn: reveal the villages.',
    sv_round_end: 'The round ends', sv_reason: 'Why it ends', sv_reason_census: 'Census',
    sv_reason_deck_empty: 'The deck ran out', sv_reason_villagers: 'Both Villagers face up',
    sv_village_of: 'Village of {p}', sv_village_hint: 'Card values separated by spaces, e.g. 3 0 12',
    sv_ask_round: 'Ask the referee', sv_record_round: 'Record the round', sv_sum: 'sum {s}',
    sv_points: { one: '{p} point', other: '{p} points' }, sv_swap: 'Ask the referee: a swap', sv_village: 'The village, from the left (? for an unknown card)',
    sv_selected: 'Positions pulled forward', sv_selected_hint: 'e.g. 1 3', sv_drawn: 'Card drawn', sv_source: 'Drawn from',
    sv_source_deck: 'the deck', sv_source_discard: 'the discard pile', sv_legal: 'Allowed', sv_illegal: 'Not allowed',
    sv_village_after: 'The village afterwards', sv_ends: 'The game ends', sv_goes_on: 'The game goes on',
    sv_villages: 'Villages', sv_unknown: '?',
    sv_deal: 'Deal and start round {r}',
    sv_amulet_round: 'Round {r}: the amulet goes to {p}',
    'sv_why_SILVER-AMULET-1': 'the census caller scored lowest', 'sv_why_SILVER-AMULET-2': 'the lowest round score',
    'sv_why_SILVER-AMULET-3': 'a tie for lowest: the holder keeps it', 'sv_why_SILVER-AMULET-4': 'a tie for lowest: the tied player nearest the start player\'s left',
    sv_winner: 'Winner: {p}', 'sv_why_SILVER-END-2': 'after the last round, the lowest total wins',
    'sv_why_SILVER-POINTS-3': 'someone reached 100: the lowest total wins', 'sv_why_SILVER-POINTS-4': 'a tie on totals: the lowest score in the last round wins',
    'sv_why_SILVER-END-3': 'a tie: the amulet holder, or the tied player nearest the holder\'s left, wins',
  },
  fa: {
    sv_round_of: 'دورِ {r} از {n}', sv_round_to: 'دورِ {r} · تا کسی به ۱۰۰ برسد',
    sv_start_player: 'شروع‌کننده', sv_amulet: 'طلسم', sv_nobody_yet: 'هنوز هیچ‌کس', sv_turn_of: 'نوبتِ', sv_draw: 'کارت کشید',
    sv_calls_census: '{p} سرشماری می‌خواهد', sv_other_caller: 'یا بازیکنِ دیگری سرشماری می‌خواهد (نوبت‌های پیش از او بازی‌شده حساب می‌شوند):',
    sv_discard: 'کارتِ رو را برداشت', sv_census: 'سرشماری', sv_village_size: 'تعدادِ کارت‌های دهکده‌ی درخواست‌کننده',
    sv_call_census: 'درخواستِ سرشماری', sv_size_needed: 'تعدادِ کارت‌های دهکده‌ی درخواست‌کننده را بزنید، سپس سرشماری بخواهید.', sv_census_by: '{p} با {k} کارت سرشماری خواست',
    sv_owed: 'هر کدام یک نوبتِ دیگر: {p}', sv_census_done: 'همه نوبتِ آخر را بازی کردند: دهکده‌ها را رو کنید.',
    sv_round_end: 'پایانِ دور', sv_reason: 'چرا تمام شد', sv_reason_census: 'سرشماری',
    sv_reason_deck_empty: 'دسته تمام شد', sv_reason_villagers: 'هر دو روستایی رو شدند',
    sv_village_of: 'دهکده‌ی {p}', sv_village_hint: 'اعدادِ کارت‌ها با فاصله، مثلاً ۳ ۰ ۱۲',
    sv_ask_round: 'از داور بپرس', sv_record_round: 'ثبتِ دور', sv_sum: 'جمع {s}',
    sv_points: '{p} امتیاز', sv_swap: 'از داور بپرس: جابه‌جایی', sv_village: 'دهکده، از چپ (؟ برای کارتِ نامعلوم)',
    sv_selected: 'جایگاه‌های جلوکشیده', sv_selected_hint: 'مثلاً ۱ ۳', sv_drawn: 'کارتِ کشیده', sv_source: 'از کجا',
    sv_source_deck: 'دسته', sv_source_discard: 'کارت‌های رو', sv_legal: 'مجاز', sv_illegal: 'مجاز نیست',
    sv_village_after: 'دهکده پس از آن', sv_ends: 'بازی تمام می‌شود', sv_goes_on: 'بازی ادامه دارد',
    sv_villages: 'دهکده‌ها', sv_unknown: '؟',
    sv_deal: 'پخش و شروعِ دورِ {r}',
    sv_amulet_round: 'دورِ {r}: طلسم به {p} می‌رسد',
    'sv_why_SILVER-AMULET-1': 'درخواست‌کننده‌ی سرشماری کمترین امتیاز را گرفت', 'sv_why_SILVER-AMULET-2': 'کمترین امتیازِ دور',
    'sv_why_SILVER-AMULET-3': 'تساوی در کمترین امتیاز: دارنده‌ی طلسم آن را نگه می‌دارد', 'sv_why_SILVER-AMULET-4': 'تساوی در کمترین امتیاز: نزدیک‌ترین بازیکنِ هم‌امتیاز در سمتِ چپِ شروع‌کننده',
    sv_winner: 'برنده: {p}', 'sv_why_SILVER-END-2': 'پس از دورِ آخر، کمترین جمع برنده است',
    'sv_why_SILVER-POINTS-3': 'کسی به ۱۰۰ رسید: کمترین جمع برنده است', 'sv_why_SILVER-POINTS-4': 'تساوی در جمع: کمترین امتیازِ دورِ آخر برنده است',
    'sv_why_SILVER-END-3': 'تساوی: دارنده‌ی طلسم، یا نزدیک‌ترین بازیکنِ هم‌امتیاز در سمتِ چپِ او، برنده است',
  },
});

/** numbers reads card values typed with spaces or commas; null when one is not a number. */
function numbers(s, unknown) {
  const out = [];
  for (const w of String(s ?? '').split(/[\s,،]+/).filter(Boolean)) {
    if (unknown && (w === '?' || w === '؟')) { out.push(null); continue; }
    const v = parseNumber(w);
    if (v === null) return null;
    out.push(v);
  }
  return out;
}

// turnFields describe the turn at hand (the census's village size, the
// swap question): each turn starts with them empty.
function turnFields() { return { censusSize: null, swap: { village: '', selected: '', drawn: '', source: 'deck' }, swapAnswer: null }; }

export function silverScreen() {
  return {
    ...turnFields(),
    turnSeen: '',
    // syncTurn empties the turn's fields once a turn is recorded (here or
    // on another phone) or another match opens.
    syncTurn() {
      const key = (this.match && this.match.id) + ':' + (this.match && this.match.version);
      if (key === this.turnSeen) return;
      Object.assign(this, turnFields(), { turnSeen: key });
    },
    reason: '',
    villages: {},
    roundAnswer: null,

    // The referee's verdicts hold for the villages, or the swap, they were
    // asked about, in the turn they were asked in.
    get roundVerdict() { return still(this.roundAnswer, this.roundQuestion()); },
    get swapVerdict() { return still(this.swapAnswer, this.swapQuestion()); },
    roundQuestion() { return question(this.villages, this.reasonNow(), this.match && this.match.id, this.match && this.match.version); },
    swapQuestion() { return question(this.swap, this.match && this.match.id, this.match && this.match.version); },

    sv() { return this.st(); },
    svOptions() { return this.sv().options || (this.match && this.match.options) || {}; },
    roundTitle() {
      const o = this.svOptions();
      if (o.end === 'points') return this.t('sv_round_to', { r: this.sv().round || 1 });
      return this.t('sv_round_of', { r: this.sv().round || 1, n: o.rounds || 0 });
    },
    startPlayerName() { return this.nameOf(this.sv().first_player); },
    amuletName() { return this.sv().amulet_holder ? this.nameOf(this.sv().amulet_holder) : this.t('sv_nobody_yet'); },
    census() { return this.sv().census || null; },
    // pending is the pause between a scored round and the next deal.
    pending() { return this.sv().phase === 'round_pending'; },
    nextRound() { return this.sv().round || 1; },
    async startRound() { await this.send('round_started', { round: this.nextRound() }); },
    // turnPlayer is whose turn the referee says it is; null once a census
    // has had its last turns (the round can only end).
    turnPlayer() {
      const s = this.sv();
      if (s.next_turn) return s.next_turn;
      if (s.census && (s.census.owed_turns || []).length === 0) return null;
      return s.turns_recorded ? null : s.first_player;
    },
    turnName() { const p = this.turnPlayer(); return p ? this.nameOf(p) : ''; },
    censusText() {
      const c = this.census();
      return c ? this.t('sv_census_by', { p: this.nameOf(c.caller), k: c.village_size }) : '';
    },
    owedText() {
      const c = this.census();
      if (!c) return '';
      const owed = c.owed_turns || [];
      if (!owed.length) return this.t('sv_census_done');
      return this.t('sv_owed', { p: owed.map((id) => this.nameOf(id)).join(this.lang === 'fa' ? '، ' : ', ') });
    },
    sizes() { return [1, 2, 3, 4, 5, 6]; },
    pickSize(k) { this.censusSize = k; },
    sizeIs(k) { return this.censusSize === k; },
    // censusCallers are the players who may call a census now from any
    // seat: everyone but the turn's player, whose button is the turn's own.
    censusCallers() { return this.players().filter((p) => p.id !== this.turnPlayer()); },
    censusByLabel(p) { return this.t('sv_calls_census', { p: p.name }); },
    // callCensusBy records that p called a census though the turns before
    // theirs were not recorded: those turns are implied.
    async callCensusBy(id) {
      if (this.censusSize === null) {
        this.refusal = { title: this.t('sv_census'), detail: this.t('sv_size_needed'), violations: [] };
        return;
      }
      await this.send('census_called', { player: id, village_size: this.censusSize, implied_turns: true });
    },
    async takeTurn(action) {
      const p = this.turnPlayer();
      if (!p) return;
      const data = { player: p, action };
      if (action === 'census') {
        if (this.censusSize === null) { // a census names the village's size: none is assumed
          this.refusal = { title: this.t('sv_census'), detail: this.t('sv_size_needed'), violations: [] };
          return;
        }
        data.village_size = this.censusSize;
      }
      await this.send('turn_taken', data);
    },

    // The round's end: every village revealed, scored by the referee first.
    reasons() { return ['census', 'deck_empty', 'villagers']; },
    reasonNow() { return this.reason || (this.census() ? 'census' : 'deck_empty'); },
    setReason(v) { this.reason = v; },
    villageOf(id) { return this.villages[id] || ''; },
    setVillage(id, v) { this.villages = Object.assign({}, this.villages, { [id]: v }); },
    villageData() {
      const out = {};
      for (const p of this.players()) {
        const v = numbers(this.villages[p.id]);
        out[p.id] = v === null ? [] : v;
      }
      return out;
    },
    async askRound() {
      const s = this.sv();
      const o = this.svOptions();
      const q = {
        players: this.players().map((p) => p.id), villages: this.villageData(), first_player: s.first_player,
        totals_before: s.totals || {}, round: s.round, options: { end: o.end, kamikaze: !!o.kamikaze },
      };
      if (o.end !== 'points') q.options.rounds = o.rounds;
      if (s.census) q.census_by = s.census.caller;
      if (s.amulet_holder) q.amulet_holder = s.amulet_holder;
      const jumped = Object.keys(s.score_jump_used || {}).filter((k) => s.score_jump_used[k]);
      if (jumped.length) q.score_jump_used = jumped;
      const asked = this.roundQuestion();
      try {
        this.roundAnswer = answer(await this.askReferee('silver', 'round', q), asked);
      } catch (e) {
        this.roundAnswer = null;
        this.showRefusal(e);
      }
    },
    // verdictLines are the referee's rulings on the round, each with its rule.
    verdictLines() {
      const v = this.roundVerdict;
      if (!v) return [];
      const out = [];
      for (const k of ['census', 'kamikaze']) if (v[k]) out.push(v[k]);
      for (const j of v.score_jumps || []) out.push(j);
      if (v.amulet) out.push(v.amulet);
      if (v.end) out.push(v.end);
      if (v.result) out.push(v.result);
      return out.map((x, i) => ({ key: i + x.rule, rule: x.rule, title: x.title || '', text: this.named(x.explanation) }));
    },
    verdictPoints(id) {
      const v = this.roundVerdict;
      if (!v) return '';
      return this.t('sv_sum', { s: (v.sums || {})[id] }) + this.sep() + this.t('sv_points', { p: (v.points || {})[id] });
    },
    async recordRound() {
      const ok = await this.send('round_ended', { reason: this.reasonNow(), villages: this.villageData() });
      if (ok) { this.villages = {}; this.reason = ''; this.roundAnswer = null; }
    },

    // The swap question: legal or not, and what happens to the cards.
    async askSwap() {
      const village = numbers(this.swap.village, true);
      const selected = numbers(this.swap.selected);
      const drawn = parseNumber(this.swap.drawn);
      const q = { village: village || [], selected: selected || [], source: this.swap.source };
      if (drawn !== null) q.drawn = drawn;
      const asked = this.swapQuestion();
      try {
        this.swapAnswer = answer(await this.askReferee('silver', 'swap', q), asked);
      } catch (e) {
        this.swapAnswer = null;
        this.showRefusal(e);
      }
    },
    swapHeadline() {
      const v = this.swapVerdict;
      return v ? (v.legal ? this.t('sv_legal') : this.t('sv_illegal')) + (v.title ? ': ' + v.title : '') : '';
    },
    swapAfter() {
      const v = this.swapVerdict;
      return v ? (v.village_after || []).map((x) => (x === null ? this.t('sv_unknown') : this.n(x))).join(' ') : '';
    },
    swapSteps() {
      const v = this.swapVerdict;
      if (!v) return [];
      const out = [];
      for (const k of ['burned', 'returned_face_down', 'drawn_card', 'penalty_card', 'discard_top']) {
        if (v[k]) out.push({ key: k, rule: v[k].rule, text: this.text(v[k].explanation) });
      }
      return out;
    },

    // The amulet after each scored round, with the rule that gave it (the
    // tie-breaks included), and the winner once the game is over.
    amuletRows() {
      return this.rounds().filter((r) => r.amulet_holder).map((r) => ({
        round: r.round, rule: r.amulet_rule,
        line: this.t('sv_amulet_round', { r: this.n(r.round), p: this.nameOf(r.amulet_holder) }),
        text: this.t('sv_why_' + r.amulet_rule),
      }));
    },
    lastAmulet() { const a = this.amuletRows(); return a.length ? a[a.length - 1] : null; },
    winnersText() {
      const w = (this.match && this.match.result && this.match.result.winners) || [];
      return this.t('sv_winner', { p: w.map((id) => this.nameOf(id)).join(this.sep()) });
    },
    // endRule mirrors the referee's ranking: the lowest total, then in the
    // points model the lowest last-round score, then the amulet.
    endRule() {
      const points = this.svOptions().end === 'points';
      const ids = this.players().map((p) => p.id);
      const low = (score) => { const m = Math.min(...ids.map((id) => score[id] ?? 0)); return ids.filter((id) => (score[id] ?? 0) === m); };
      const best = low(Object.fromEntries(ids.map((id) => [id, this.totalOf(id)])));
      if (best.length === 1) return points ? 'SILVER-POINTS-3' : 'SILVER-END-2';
      const rows = this.rounds();
      const last = rows.length ? rows[rows.length - 1].points || {} : {};
      if (points && low(Object.fromEntries(best.map((id) => [id, last[id]]))).length === 1) return 'SILVER-POINTS-4';
      return 'SILVER-END-3';
    },
    endText() { return this.t('sv_why_' + this.endRule()); },
  };
}
