// Fixing a mistake as on paper: a tap on a number of the score sheet (a
// button that dispatches 'motamed:fix' with {seq, field, player, round},
// and from the game's view the entry of the event's data it is, the
// figure as recorded and its name)
// or on "Fix" in the Events list opens an editor at the bottom of the
// screen, in words, with the game's own choices. "Check" asks the server
// what the fix would do (POST .../corrections?dry_run=true): the totals
// before → after, or which later event would break and why; that one can be
// fixed too, or voided, in the same batch, until the whole log holds. Only
// then is the batch saved, all of it at once.
import { addWords, parseNumber } from './app-i18n.js';
import { Problem, Offline } from './app-api.js';

addWords({
  en: {
    fx_title: 'Fix', fx_check: 'Check the fix', fx_save: 'Save the fix', fx_cancel: 'Cancel', fx_batch: 'Several fixes',
    fx_changes: 'What changes', fx_nothing_changes: 'The totals stay as they are.', fx_before_after: '{p}: {a} → {b}',
    fx_breaks: 'With this fix, a later event no longer holds: {e}', fx_fix_next: 'Fix that one too', fx_void_next: 'Void it',
    fx_in_batch: 'Fixed together: {n}', fx_saved: 'Fixed: {s}', fx_voided: 'Voided: {s}', fx_not_allowed: 'Not allowed as it is:',
    fx_f_delta: 'Levels', fx_f_give: 'Give symbols', fx_f_count: 'Cards drawn', fx_f_to: 'Die {k} to', fx_f_n: 'Points',
    fx_f_w: 'W symbols', fx_f_card: 'Card', fx_f_land: 'Land', fx_f_direction: 'Direction', fx_f_target: 'On', fx_f_trump: 'Trump',
    fx_f_villages: 'Village', fx_f_village: 'Village', fx_f_scores: 'Score', fx_f_won: 'Tricks won', fx_f_gold: 'Gold', fx_f_kind: 'Kind', fx_f_power: 'Power',
    fx_f_action: 'What they did', fx_f_winner: 'Winner', fx_f_helper: 'Helper', fx_f_bonus: 'Bonus', fx_f_round: 'Round',
    fx_f_hand_size: 'Cards in hand', fx_f_village_size: 'Cards in the caller\'s village', fx_f_dice: 'Dice', fx_f_gems: 'Gems',
    fx_f_level: 'Level', fx_f_value: 'Value', fx_f_tricks: 'Tricks won', fx_f_reason: 'Why',
    fx_cell: '{r}{p} · {f}: {v}', fx_cell_round: '{r} · ', fx_minus: 'One less', fx_plus: 'One more',
    fx_nothing_here: 'No event of this turn or round set this number: fix the event that did from Events.',
  },
  fa: {
    fx_title: 'اصلاح', fx_check: 'بررسیِ اصلاح', fx_save: 'ثبتِ اصلاح', fx_cancel: 'انصراف', fx_batch: 'چند اصلاح با هم',
    fx_changes: 'چه تغییر می‌کند', fx_nothing_changes: 'جمع‌ها همان می‌مانند.', fx_before_after: '{p}: {a} ← {b}',
    fx_breaks: 'با این اصلاح، رویدادی بعدی دیگر درست نیست: {e}', fx_fix_next: 'آن را هم اصلاح کن', fx_void_next: 'باطلش کن',
    fx_in_batch: 'با هم اصلاح می‌شوند: {n}', fx_saved: 'اصلاح شد: {s}', fx_voided: 'باطل شد: {s}', fx_not_allowed: 'این‌طور مجاز نیست:',
    fx_f_delta: 'سطح', fx_f_give: 'علامتِ دادنِ تاس', fx_f_count: 'کارت‌های کشیده', fx_f_to: 'تاسِ {k} به', fx_f_n: 'امتیاز',
    fx_f_w: 'علامتِ W', fx_f_card: 'کارت', fx_f_land: 'سرزمین', fx_f_direction: 'جهت', fx_f_target: 'روی', fx_f_trump: 'حکم',
    fx_f_villages: 'دهکده', fx_f_village: 'دهکده', fx_f_scores: 'امتیاز', fx_f_won: 'تریک‌های بُرده', fx_f_gold: 'سکه', fx_f_kind: 'نوع', fx_f_power: 'قدرت',
    fx_f_action: 'چه کرد', fx_f_winner: 'برنده', fx_f_helper: 'کمک‌کننده', fx_f_bonus: 'امتیازِ اضافه', fx_f_round: 'دور',
    fx_f_hand_size: 'کارت‌های دست', fx_f_village_size: 'تعدادِ کارت‌های دهکده‌ی درخواست‌کننده', fx_f_dice: 'تاس', fx_f_gems: 'گوهر',
    fx_f_level: 'سطح', fx_f_value: 'مقدار', fx_f_tricks: 'تریک‌های بُرده', fx_f_reason: 'چرا',
    fx_cell: '{r}{p} · {f}: {v}', fx_cell_round: '{r} · ', fx_minus: 'یکی کمتر', fx_plus: 'یکی بیشتر',
    fx_nothing_here: 'هیچ رویدادی در این نوبت یا دور این عدد را نساخت: رویدادی را که ساخت از «رویدادها» اصلاح کنید.',
  },
});

// The choices a field offers, by its name: the same values the entry
// screens offer, shown in words.
const CHOICES = {
  reason: { level_changed: ['kill', 'card', 'curse', 'bad_stuff', 'help', 'correction'], round_ended: ['census', 'deck_empty', 'villagers'] },
  direction: ['left', 'right'],
  trump: ['blue', 'green', 'red', 'yellow', 'none'],
  land: ['vipas', 'vitasta', 'parushni', 'sutudri', 'gomati'],
  action: ['draw', 'discard', 'census'],
  kind: ['wizard', 'tool', 'monster', 'demon', 'weapon'],
};

// The event that set a cell of a sheet drawn before cells carried their
// event's seq: found in the log in force by the cell's field, player and
// round.
const CELL_EVENTS = {
  bid: (e, c) => e.type === 'bid' && e.data.player === c.player,
  tricks: (e) => e.type === 'tricks',
  village: (e) => e.type === 'round_ended',
  value: (e, c) => e.type === 'scores_recorded',
  level: (e, c) => (e.type === 'level_changed' || e.type === 'combat' || e.type === 'died') && (e.data.player === c.player || e.data.helper === c.player),
  dice: (e, c) => ['dice_given', 'rolled', 'card_played'].includes(e.type) && (e.data.player === c.player || (e.data.to || []).includes(c.player) || e.data.target === c.player),
  gems: (e) => e.type === 'battle_resolved',
};

export function fixer() {
  return {
    fx: null,

    listenFix() {
      document.addEventListener('motamed:fix', (e) => this.onFix(e.detail || {}, e.target));
    },
    // fixCell is a sheet's cell tapped: it says which number it shows.
    fixCell(ev) {
      const b = ev.currentTarget;
      const d = b.dataset;
      b.dispatchEvent(new CustomEvent('motamed:fix', { bubbles: true, detail: { seq: Number(d.seq) || 0, field: d.field, player: d.player || '', round: d.round || '', entry: d.entry || '', value: d.value, label: d.label || '' } }));
    },
    async onFix(cell, from) {
      if (!this.match || !this.canRecord()) return;
      if (this.isHereMatch()) { this.say(this.t('off_here_fix'), 'note'); return; } // not on the server yet
      if (!this.online && !this.pocketReady()) { this.say(this.t('off_fix'), 'note'); return; }
      let evs;
      try { evs = await this.eventsInForce(); } catch (e) { this.showRefusal(e); return; }
      let ev = cell.seq ? evs.find((e) => e.seq === cell.seq) : null;
      if (!ev && CELL_EVENTS[cell.field]) {
        // rounds begin with round_started (a sheet's rows name their own);
        // a turn (Munchkin's rows) ends with turn_ended
        // (Silver's first round may begin without one: a round ends once)
        // A level a turn did not change was set by the player's latest
        // level change at or before that turn.
        let round = 0, turn = 1, ended = 0, held = null;
        for (const e of evs) {
          if (e.type === 'round_started') round = e.data.round || round + 1;
          let at = round;
          if (cell.field === 'level') at = turn;
          else if (cell.field === 'gems') at = e.data.land;
          else if (e.type === 'scores_recorded') at = e.data.round ?? e.data.category;
          else if (e.type === 'round_ended') at = e.data.round || ended + 1;
          if ((!cell.round || String(at) === String(cell.round)) && CELL_EVENTS[cell.field](e, cell)) ev = e;
          if (cell.field === 'level' && e.type === 'level_changed' && e.data.player === cell.player && (!cell.round || turn <= Number(cell.round))) held = e;
          if (e.type === 'turn_ended') turn++;
          if (e.type === 'round_ended') ended++;
        }
        if (!ev) ev = held;
      }
      if (!ev) { this.say(this.t('fx_nothing_here'), 'note'); return; }
      // the number as the event recorded it, else as the cell shows it
      let value = cell.value !== undefined && cell.value !== '' ? cell.value : this.cellValue(ev, cell);
      if ((value === '' || value === undefined) && from) value = String(from.textContent || '').trim();
      const title = this.t('fx_cell', {
        r: cell.round ? this.t('fx_cell_round', { r: cell.field === 'level' ? this.t('turn') + ' ' + this.n(cell.round) : cell.field === 'gems' ? this.t('land_' + cell.round) : this.roundWord(cell.round) }) : '',
        p: cell.player ? this.nameOf(cell.player) : this.describe(ev.type, ev.data),
        f: cell.label || this.fieldLabel(cell.field), v: this.text(value),
      });
      this.openFix(ev, title, from, cell);
    },
    roundWord(r) { return /^\d+$/.test(String(r)) ? this.t('st_round', { n: this.n(r) }) : this.story().describe('scores_recorded', { category: r }).split(':')[0]; },
    // cellValue is the number a cell without its recorded figure shows, as
    // its event recorded it.
    cellValue(ev, cell) {
      const d = ev.data || {};
      return typeof d[cell.field] === 'number' ? d[cell.field] : '';
    },
    // editEvent opens an event of the Events list in the editor.
    editEvent(e) {
      if (this.isHereMatch()) { this.say(this.t('off_here_fix'), 'note'); return; }
      this.openFix(e, this.describe(e.type, e.data), null, null);
    },
    openFix(ev, title, from, cell) {
      // with no network and no copy of the match on the phone, the editor
      // opens saying why a fix must wait
      this.fx = { batch: [], cur: this.fixItem(ev, title, cell), preview: null, breaks: null, error: this.online || this.pocketReady() ? '' : this.t('off_fix'), violations: [], busy: false };
      this.$nextTick(() => {
        const box = document.getElementById('fx');
        if (!box) return;
        const first = box.querySelector('[data-focus]') || box.querySelector('input, select');
        if (first) first.focus({ preventScroll: true });
        if (from && from.scrollIntoView) from.scrollIntoView({ block: 'center' });
      });
    },
    // voidEvent offers to take an event of the Events list out of force:
    // what it would change, or which later event it would break, first.
    voidEvent(seq) {
      if (this.isHereMatch()) { this.say(this.t('off_here_fix'), 'note'); return; }
      const l = this.chapters.flatMap((g) => g.lines).find((x) => x.seq === seq);
      const line = l ? l.line : this.n(seq);
      this.fx = { batch: [], cur: { seq, void: true, type: '', data: {}, fields: [], title: this.t('void') + ': ' + line, line }, preview: null, breaks: null, error: '', violations: [], busy: false };
      this.checkVoid().then(() => this.$nextTick(() => { const b = document.querySelector('#fx-save, #fx-fix-next, #fx-cancel'); if (b) b.focus({ preventScroll: true }); }));
    },
    closeFix() { this.fx = null; },
    fxOpen() { return !!this.fx; },
    fxTitle() { return this.fx ? this.fx.cur.title : ''; },
    // fxWhat is the event being fixed, as the Events list tells it.
    fxWhat() { return this.fx && this.fx.cur.line !== this.fx.cur.title ? this.fx.cur.line : ''; },
    fxFields() { return this.fx ? this.fx.cur.fields : []; },
    fxBatchText() { return this.fx && this.fx.batch.length ? this.t('fx_in_batch', { n: this.fx.batch.map((b) => b.line).join(this.sep()) }) : ''; },
    // fixItem lists the fields of an event a table may fix, each with its
    // control: a number with − and +, a player, one of the game's choices.
    fixItem(ev, title, cell) {
      const fields = [];
      const players = this.players().map((p) => ({ value: p.id, label: p.name }));
      const isPlayer = (v) => typeof v === 'string' && players.some((p) => p.value === v);
      const add = (path, v, label) => {
        const key = path.join('-');
        const name = path[path.length - 1];
        const base = { key, path, label, focus: false };
        if (typeof v === 'number') fields.push(Object.assign(base, { kind: 'number', value: this.n(v) }));
        else if (typeof v === 'boolean') fields.push(Object.assign(base, { kind: 'choice', value: String(v), options: [{ value: 'true', label: this.t('yes') }, { value: 'false', label: this.t('no') }], bool: true }));
        else if (isPlayer(v)) fields.push(Object.assign(base, { kind: 'choice', value: v, options: players }));
        else if (typeof v === 'string') {
          const opts = this.choicesOf(ev.type, name, v);
          fields.push(Object.assign(base, opts ? { kind: 'choice', value: v, options: opts } : { kind: 'text', value: v }));
        } else if (Array.isArray(v) && v.every((x) => typeof x === 'number')) fields.push(Object.assign(base, { kind: 'numbers', value: this.n(v.join(' ')) }));
      };
      for (const [k, v] of Object.entries(ev.data || {})) {
        if (k === 'player' && isPlayer(v)) continue; // who did it stays: fix what they did
        if (v && typeof v === 'object' && !Array.isArray(v)) {
          for (const [k2, v2] of Object.entries(v)) {
            add([k, k2], v2, isPlayer(k2) || players.some((p) => p.value === k2) ? this.fieldLabel(k) + this.sep() + this.nameOf(k2) : this.fieldLabel(k2));
          }
        } else if (Array.isArray(v) && v.length && v.every(isPlayer)) {
          v.forEach((id, i) => add([k, i], id, this.t('fx_f_to', { k: this.n(i + 1) })));
        } else add([k], v, this.fieldLabel(k));
      }
      // the tapped number first, ready to change: the entry of the data it
      // is, at its player in a map by player
      if (cell && cell.entry) {
        const v = (ev.data || {})[cell.entry];
        const want = v && typeof v === 'object' && !Array.isArray(v) ? cell.entry + '-' + cell.player : cell.entry;
        const i = fields.findIndex((f) => f.key === want);
        if (i > 0) fields.unshift(fields.splice(i, 1)[0]);
      }
      if (fields.length) fields[0].focus = true;
      return { seq: ev.seq, type: ev.type, data: ev.data, title, fields, line: this.describe(ev.type, ev.data) };
    },
    choicesOf(type, name, v) {
      let list = CHOICES[name];
      if (list && !Array.isArray(list)) list = list[type];
      if (name === 'card' && type === 'card_played' && this.isGame('wazabi')) {
        return (this.gameOf('wazabi').cards || []).map((c) => ({ value: c.card, label: c.name ? this.n(c.name[this.lang] || c.name.en) : c.card }));
      }
      if (!list || !list.includes(v)) return null;
      return list.map((x) => ({ value: x, label: this.choiceLabel(name, x) }));
    },
    choiceLabel(name, x) {
      const keys = { reason: ['reason_' + x, 'sv_reason_' + x], direction: ['st_' + x], trump: [x], land: ['land_' + x], action: ['sv_' + x], kind: ['kind_' + x] }[name] || [];
      for (const k of keys) { const s = this.t(k); if (s !== k) return s; }
      return x.replace(/_/g, ' ');
    },
    fieldLabel(k) {
      for (const key of ['fx_f_' + k, k === 'bid' ? 'bid' : '', k === 'tricks' ? 'tricks_won' : '']) {
        if (key && this.t(key) !== key) return this.t(key);
      }
      return String(k).replace(/_/g, ' ');
    },
    fieldIs(f, kind) { return f.kind === kind; },
    fieldId(f) { return 'edit-' + f.key; },
    step(f, d) {
      const v = parseNumber(f.value);
      f.value = this.n((v === null ? 0 : v) + d);
      this.fx.preview = null;
      this.fx.breaks = null;
    },
    edited() { if (this.fx) { this.fx.preview = null; this.fx.breaks = null; this.fx.error = ''; } },
    // fixedData is the event's data with the fields as the editor holds them.
    fixedData(cur) {
      const data = JSON.parse(JSON.stringify(cur.data || {}));
      for (const f of cur.fields) {
        let v = f.value;
        if (f.kind === 'number') { v = parseNumber(f.value); if (v === null) throw new Error(f.label); }
        if (f.kind === 'numbers') v = String(f.value).trim().split(/\s+/).filter(Boolean).map(parseNumber);
        if (f.bool) v = f.value === 'true';
        let o = data;
        for (const k of f.path.slice(0, -1)) o = o[k];
        o[f.path[f.path.length - 1]] = v;
      }
      return data;
    },
    corrections() {
      const fx = this.fx;
      const items = fx.batch.map((b) => b.item);
      items.push({ seq: fx.cur.seq, type: fx.cur.type, data: this.fixedData(fx.cur) });
      return items;
    },
    // checkFix asks the server what the batch would do, storing nothing.
    async checkFix() {
      const fx = this.fx;
      if (!fx || fx.busy) return;
      fx.error = ''; fx.violations = []; fx.preview = null; fx.breaks = null;
      let items;
      try { items = this.corrections(); } catch (e) { fx.error = this.t('fx_not_allowed') + ' ' + e.message; return; }
      fx.busy = true;
      try {
        this.showPreview(await this.previewFix(items));
      } catch (e) {
        this.fixRefused(e, items);
      } finally {
        fx.busy = false;
        this.$nextTick(() => { const b = document.querySelector('#fx-save, #fx-fix-next, #fx-error'); if (b && b.focus) b.focus({ preventScroll: true }); });
      }
    },
    async fixRefused(e, items) {
      const fx = this.fx;
      if (e instanceof Offline) { fx.error = this.t('off_fix'); return; }
      if (!(e instanceof Problem)) { fx.error = this.t('send_failed'); return; }
      const b = e.body || {};
      const why = (b.violations || []).map((v) => ({ rule: v.rule, message: this.named(v.message) }));
      const at = b.breaks_at;
      if (at && !items.some((x) => x.seq === at)) {
        let ev = null;
        try { ev = (await this.eventsInForce()).find((x) => x.seq === at); } catch { /* named by its seq */ }
        fx.breaks = { seq: at, ev, line: ev ? this.describe(ev.type, ev.data) : this.n(at), why };
        return;
      }
      fx.error = this.t('fx_not_allowed');
      fx.violations = why.length ? why : [{ rule: '', message: this.named(b.detail || '') }];
    },
    breaksText() { return this.fx && this.fx.breaks ? this.t('fx_breaks', { e: this.fx.breaks.line }) : ''; },
    breaksWhy() { return this.fx && this.fx.breaks ? this.fx.breaks.why : []; },
    fxViolations() { return this.fx ? this.fx.violations : []; },
    fxPreview() { return (this.fx && this.fx.preview) || []; },
    fxNothingChanges() { return !!this.fx && !!this.fx.preview && !this.fx.preview.some((x) => x.changed); },
    // keep puts the fix at hand into the batch and opens the event it
    // breaks, or voids that event, and checks again.
    keep() {
      const fx = this.fx;
      const cur = fx.cur;
      fx.batch.push({ item: { seq: cur.seq, type: cur.type, data: this.fixedData(cur) }, line: this.describe(cur.type, this.fixedData(cur)) });
    },
    fixNext() {
      const fx = this.fx;
      if (!fx || !fx.breaks || !fx.breaks.ev) return;
      const ev = fx.breaks.ev;
      this.keep();
      fx.cur = this.fixItem(ev, this.describe(ev.type, ev.data), null);
      fx.breaks = null;
      this.$nextTick(() => { const f = document.querySelector('#fx [data-focus]') || document.querySelector('#fx input, #fx select'); if (f) f.focus({ preventScroll: true }); });
    },
    async voidNext() {
      const fx = this.fx;
      if (!fx || !fx.breaks) return;
      const seq = fx.breaks.seq;
      this.keep();
      const line = fx.breaks.line;
      fx.cur = { seq, void: true, type: '', data: {}, fields: [], title: this.t('void') + ': ' + line, line };
      fx.breaks = null;
      await this.checkVoid();
    },
    async checkVoid() {
      const fx = this.fx;
      const items = fx.batch.map((b) => b.item).concat([{ seq: fx.cur.seq, void: true }]);
      try {
        this.showPreview(await this.previewFix(items));
      } catch (e) { this.fixRefused(e, items); }
    },
    // previewFix is each player's total with a batch of fixes, storing
    // nothing: the server's answer (POST .../corrections?dry_run=true), or
    // with no network the phone's copy of the match, which checks it as the
    // server does (the refusal, a Problem, is thrown alike).
    async previewFix(items) {
      try {
        const r = await this.api.post('/v1/matches/' + encodeURIComponent(this.match.id) + '/corrections?dry_run=true', { corrections: items });
        return (r.data && r.data.match && r.data.match.totals) || {};
      } catch (e) {
        if (!(e instanceof Offline) || !this.pocketReady()) throw e;
        return this.pocketFix(items).scores.totals || {};
      }
    },
    showPreview(after) {
      const before = (this.match.scores && this.match.scores.totals) || {};
      this.fx.preview = this.players().map((p) => ({ id: p.id, line: this.t('fx_before_after', { p: p.name, a: this.n(before[p.id] ?? 0), b: this.n(after[p.id] ?? 0) }), changed: (before[p.id] ?? 0) !== (after[p.id] ?? 0) }));
    },
    // saveFix stores the batch, once the server said the log holds with it.
    async saveFix() {
      const fx = this.fx;
      if (!fx || !fx.preview) return;
      const items = fx.cur.void ? fx.batch.map((b) => b.item).concat([{ seq: fx.cur.seq, void: true }]) : this.corrections();
      const line = fx.cur.void ? fx.cur.title : this.describe(fx.cur.type, this.fixedData(fx.cur));
      const ok = await this.enqueue({ kind: 'batch', corrections: items });
      if (ok === true || ok === 'queued') {
        this.fx = null;
        // a void alone is told as one, not as a fix
        this.say(fx.cur.void && !fx.batch.length ? this.t('fx_voided', { s: fx.cur.line }) : this.t('fx_saved', { s: line }), 'done');
        if (this.tabIs('events')) this.openEvents();
      }
    },
  };
}
