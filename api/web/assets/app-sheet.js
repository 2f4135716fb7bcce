// A score-sheet game at the table: any game of the shelf kept by its sheet.
// The sheet's rows (numbered rounds or named categories) down the side and
// the players across; a row is entered for every player at once, with the
// row's range shown; totals and places live; an open sheet of rounds is
// finished by the table; a recorded row is fixed by tapping it. The sheet's
// definition comes from GET /v1/games; the server checks every value.
import { addWords, parseNumber } from './app-i18n.js';

addWords({
  en: {
    sh_record_row: 'Record the row', sh_category: 'Category',
    sh_range: '{a} to {b}', sh_at_least: 'at least {a}', sh_at_most: 'at most {b}', sh_any: 'any whole number', sh_not_negative: '0 or more',
    sh_lowest_wins: 'The lowest total wins', sh_highest_wins: 'The highest total wins',
    sh_negative: 'Scores may be negative', sh_tie_break: 'Ties: broken by {c}', sh_tie_mark: 'tie-break',
    sh_place: 'Place', sh_finish: 'End the sheet', sh_rounds_of: 'Round {r} of {n}', sh_round_open: 'Round {r} · open rounds',
    sh_fix_row: 'Fix {r}', sh_sign: 'Plus or minus: {p}',
    sh_allowed: 'Allowed: {x}',
    sh_finish_sure: 'End the sheet now? No more rows can be recorded.', sh_finish_yes: 'Yes, end it', sh_keep_playing: 'Keep playing',
  },
  fa: {
    sh_record_row: 'ثبتِ سطر', sh_category: 'دسته',
    sh_range: '{a} تا {b}', sh_at_least: 'دست‌کم {a}', sh_at_most: 'حداکثر {b}', sh_any: 'هر عددِ صحیح', sh_not_negative: '۰ یا بیشتر',
    sh_lowest_wins: 'کمترین مجموع می‌بَرد', sh_highest_wins: 'بیشترین مجموع می‌بَرد',
    sh_negative: 'امتیازِ منفی مجاز است', sh_tie_break: 'تساوی: با {c} شکسته می‌شود', sh_tie_mark: 'شکستنِ تساوی',
    sh_place: 'رتبه', sh_finish: 'پایانِ برگه', sh_rounds_of: 'دورِ {r} از {n}', sh_round_open: 'دورِ {r} · دورهای باز',
    sh_fix_row: 'اصلاحِ {r}', sh_sign: 'مثبت یا منفی: {p}',
    sh_allowed: 'مجاز: {x}',
    sh_finish_sure: 'برگه همین حالا تمام شود؟ پس از آن سطری ثبت نمی‌شود.', sh_finish_yes: 'بله، تمام شود', sh_keep_playing: 'ادامه‌ی بازی',
  },
});

const closedFix = () => ({ open: false, key: '', label: '', values: {} });

export function sheetScreen() {
  return {
    entry: {},
    rowChoice: '',
    fixRow: closedFix(),

    // ---- the definition
    def() { return (this.match && this.gameOf(this.match.game).sheet) || {}; },
    byRounds() { return !!this.def().rounds; },
    openRounds() { return this.byRounds() && !this.def().rounds.count; },
    negative() { return !!this.def().negative; },
    catName(c) {
      if (!c) return '';
      return (this.lang === 'fa' ? c.name_fa || c.name : c.name || c.name_fa) || c.id;
    },
    category(id) { return (this.def().categories || []).find((c) => c.id === id) || null; },
    rangeText(lo, hi) {
      const has = (v) => v !== undefined && v !== null;
      if (has(lo) && has(hi)) return this.t('sh_range', { a: lo, b: hi });
      if (has(lo)) return this.t('sh_at_least', { a: lo });
      if (has(hi)) return this.t('sh_at_most', { b: hi });
      return this.t(this.negative() ? 'sh_any' : 'sh_not_negative');
    },
    // rowRange is a row's range on the sheet: only where the sheet gives one.
    rowRange(row) {
      const has = (v) => v !== undefined && v !== null;
      return has(row.min) || has(row.max) ? this.rangeText(row.min, row.max) : '';
    },
    // ---- teams: a sheet scored by team has one column (and one score a
    // row) per team, keyed team1, team2 ...; scored by player, a team's
    // total is its members' sum.
    teams() { return this.st().teams || []; },
    byTeam() { return !!(this.def().teams && this.def().teams.scores === 'team') && this.teams().length > 0; },
    teamList() {
      return this.teams().map((members, i) => ({ id: 'team' + (i + 1), name: this.t('team_no', { n: i + 1 }),
        members: members.map((id) => this.nameOf(id)).join(this.lang === 'fa' ? '، ' : ', '), first: members[0] }));
    },
    teamTotal(key) { return ((this.st().team_totals || {})[key]) || 0; },
    // columns are the sheet's columns: the teams on a sheet scored by
    // team, else the players.
    columns() { return this.byTeam() ? this.teamList() : this.players().map((p) => ({ id: p.id, name: p.name, first: p.id })); },
    // sideTotal is a player's side's sum of scores (the player's own
    // without teams), as the sheet ranks sides.
    sideTotal(id, scores) {
      const team = this.teams().find((m) => m.includes(id));
      if (!team) return scores[id] || 0;
      if (this.byTeam()) return scores[team[0]] || 0;
      return team.reduce((sum, m) => sum + (scores[m] || 0), 0);
    },
    winsText() { return this.t(this.def().lowest_wins ? 'sh_lowest_wins' : 'sh_highest_wins'); },
    tieText() { const c = this.category(this.def().tie_break); return c ? this.t('sh_tie_break', { c: this.catName(c) }) : ''; },

    // ---- the rows: every category, or the rounds so far and the one due
    recorded() { return this.st().rows || []; },
    recordedRow(key) { return this.recorded().find((r) => this.keyOf(r) === key) || null; },
    // pending are the rows entered on this device that wait to be sent
    // (offline): shown on the sheet, and the next row is due meanwhile.
    pending() {
      return this.waitingHere().filter((q) => q.kind === 'event' && q.type === 'scores_recorded' && q.status !== 'refused').map((q) => q.data);
    },
    pendingRow(key) { return this.pending().find((r) => this.keyOf(r) === key) || null; },
    keyOf(r) { return r.category ? 'c:' + r.category : 'r:' + r.round; },
    sheetRows() {
      const d = this.def();
      if (d.categories) {
        return d.categories.map((c) => ({ key: 'c:' + c.id, category: c.id, label: this.catName(c), min: c.min, max: c.max, tie: c.id === d.tie_break }));
      }
      if (!d.rounds) return [];
      const done = this.recorded().filter((r) => r.round).length + this.pending().filter((r) => r.round).length;
      const n = d.rounds.count || (this.isFinished() ? done : done + 1);
      const out = [];
      for (let r = 1; r <= n; r++) out.push({ key: 'r:' + r, round: r, label: this.t('round') + ' ' + this.n(r), min: d.rounds.min, max: d.rounds.max, tie: false });
      return out;
    },
    isRecorded(row) { return !!this.recordedRow(row.key); },
    isPending(row) { return !this.isRecorded(row) && !!this.pendingRow(row.key); },

    // The sheet as the game's view has it (app-viewsheet.js), every row the
    // sheet defines in its order: those still due show a dash, those
    // waiting on this phone their scores in italics; a column per team on a
    // sheet scored by team, and the places under the totals.
    vsColumns() { return this.columns().map((c) => ({ id: c.id, name: c.name, members: c.members || '', cell: c.first })); },
    vsRows() {
      const viewed = {}, rest = [];
      ((this.vsheet() || {}).rows || []).forEach((r) => {
        const f = Object.values(r.cells).flatMap((c) => c.fix || [])[0];
        if (f) viewed[(this.byRounds() ? 'r:' : 'c:') + f.at] = r;
        else rest.push(r);
      });
      const rows = this.sheetRows().map((row) => {
        const extra = [];
        if (this.rowRange(row)) extra.push({ cls: 'range', text: this.rowRange(row) });
        if (row.tie) extra.push({ cls: 'tie-mark', text: '★ ' + this.t('sh_tie_mark') });
        const own = { key: row.key, head: row.label, label: row.label, note: '', extra, cls: row.tie ? 'tie' : '' };
        if (viewed[row.key]) return Object.assign(this.vsRow(viewed[row.key], row.key), own);
        const pend = this.pendingRow(row.key);
        own.cells = this.vsColumns().map((col) => ({ id: col.id, cls: 'num', fix: [], notes: [],
          value: pend ? this.n(pend.scores[col.id] ?? '') : '—', valueCls: pend ? 'queued' : 'muted' }));
        return own;
      });
      return rows.concat(rest.map((r, i) => this.vsRow(r, 'final:' + i)));
    },
    vsPlaces() {
      return this.columns().map((c) => ({ id: c.id, value: this.n(this.placeOf(c.first)), cls: 'place' + (this.placeOf(c.first) === 1 ? ' first' : '') }));
    },

    // ---- places, counted among the sides (teams or players): by the
    // server's placements once finished; meanwhile by the totals so far
    // (and the tie-break row once recorded), equal sides sharing a place
    placeOf(id) {
      const res = this.match && this.match.result;
      let key;
      if (res && res.placements) {
        const place = (pid) => (res.placements.find((x) => x.player_id === pid) || {}).place || 0;
        key = (pid) => [place(pid), 0];
      } else {
        const sign = this.def().lowest_wins ? 1 : -1;
        const tie = this.recordedRow('c:' + this.def().tie_break);
        const totals = (this.match.scores && this.match.scores.totals) || {};
        key = (pid) => [sign * this.sideTotal(pid, totals), tie ? sign * this.sideTotal(pid, tie.scores) : 0];
      }
      const mine = key(id);
      let place = 1;
      for (const p of this.sides()) {
        const k = key(p);
        if (k[0] < mine[0] || (k[0] === mine[0] && k[1] < mine[1])) place++;
      }
      return place;
    },

    // sides are one player of each side: a team's first, or each player.
    sides() { return this.teams().length ? this.teams().map((m) => m[0]) : this.players().map((p) => p.id); },

    // ---- entering the row that is due
    dueRows() { return this.sheetRows().filter((r) => !this.isRecorded(r) && !this.isPending(r)); },
    dueRow() {
      const due = this.dueRows();
      if (this.byRounds()) return due[0] || null;
      return due.find((r) => r.key === this.rowChoice) || due[0] || null;
    },
    canEnter() { return this.canRecord() && !this.isFinished() && !!this.dueRow(); },
    entryTitle() {
      const r = this.dueRow();
      if (!r) return '';
      if (!this.byRounds()) return this.t('sh_record_row');
      return this.openRounds() ? this.t('sh_round_open', { r: r.round }) : this.t('sh_rounds_of', { r: r.round, n: this.def().rounds.count });
    },
    // The values typed, in the row's entry ('score') or a fix ('fix').
    typedOf(form, id) { return (form === 'fix' ? this.fixRow.values : this.entry)[id] ?? ''; },
    setTyped(form, id, v) {
      if (form === 'fix') this.fixRow = Object.assign({}, this.fixRow, { values: Object.assign({}, this.fixRow.values, { [id]: v }) });
      else this.entry = Object.assign({}, this.entry, { [id]: v });
    },
    flip(form, id) { this.setTyped(form, id, flipSign(this.typedOf(form, id))); },
    // rowData is the event's data for a row: the values typed as numbers;
    // a field left empty is left out, and the server names who is missing.
    rowData(row, values) {
      const scores = {};
      for (const c of this.columns()) {
        const v = parseNumber(values[c.id]);
        if (v !== null) scores[c.id] = v;
      }
      return row.category ? { category: row.category, scores } : { round: row.round, scores };
    },
    async recordRow() {
      const row = this.dueRow();
      if (!row) return;
      // The form is cleared at once for the next row (the row sent shows
      // on the sheet while it waits); a refused row comes back as typed.
      const typed = this.entry, choice = this.rowChoice;
      this.entry = {};
      this.rowChoice = '';
      const sent = await this.send('scores_recorded', this.rowData(row, typed));
      if (sent === false && Object.keys(this.entry).length === 0) {
        this.entry = typed;
        this.rowChoice = choice;
      }
    },
    canFinish() { return this.openRounds() && this.canRecord() && !this.isFinished() && this.recorded().length > 0; },
    // Ending the sheet early is asked once: the first tap asks, the answer ends it.
    finishAsked: false,
    askFinish() { this.finishAsked = true; },
    keepPlaying() { this.finishAsked = false; },
    async finishSheet() { this.finishAsked = false; await this.send('sheet_finished', {}); },

  };
}

/** flipSign turns a typed value's sign: "4" to "-4" and back. */
function flipSign(v) {
  const s = String(v ?? '').replace(/\u200e/g, '').trim();
  if (/^[-−]/.test(s)) return s.slice(1);
  return '-' + s;
}
