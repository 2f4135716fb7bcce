// The phone's score sheet, drawn from the view the game describes (the
// match body's view.sheet), as the TV pages draw it: a row per round, turn,
// hand or battle, a cell per player with the adjustments that made it
// marked, and the game's word for the total. Each figure the table
// recorded (a bid and the tricks won, a village's cards, a level) is a
// button that opens its fix (app-fix.js).

import { addWords } from './app-i18n.js';

addWords({
  en: { vs_no_rows: 'Nothing is scored yet.' },
  fa: { vs_no_rows: 'هنوز امتیازی ثبت نشده.' },
});

export function viewSheet() {
  return {
    vsheet() { return (this.match && this.match.view && this.match.view.sheet) || null; },
    // vtx is a game's text ({en, fa}) in the page's language and digits.
    vtx(t) { return t ? this.text(this.lang === 'fa' && t.fa ? t.fa : t.en || '') : ''; },
    vsHead(key) { return this.vtx((this.vsheet() || {})[key]); },
    vsRows() {
      const sh = this.vsheet();
      if (!sh) return [];
      const players = this.players();
      return sh.rows.map((r, k) => {
        const label = this.vtx(r.label);
        return {
          key: k + ':' + label + (r.voided ? ':v' : ''),
          head: r.number ? this.n(r.number) : label,
          label,
          note: this.vtx(r.note),
          voided: !!r.voided,
          cells: players.map((p) => this.vsCell(r.cells[p.id], p, label)),
        };
      });
    },
    // vsCell is one player's cell: the figures to fix, the value (left out
    // for a figure the row did not move), and the small notes under it.
    vsCell(c, p, rowLabel) {
      if (!c) return { id: p.id, cls: 'num none', fix: [], value: '', notes: [] };
      const fix = (c.fix || []).map((f) => ({
        key: f.field + ':' + f.at, field: f.field, at: f.at || '', value: this.n(f.value),
        aria: this.t('fx_cell', { r: this.t('fx_cell_round', { r: rowLabel }), p: p.name, f: this.vtx(f.label), v: this.n(f.value) }),
      }));
      // what was recorded before the adjustments, each adjustment, and the
      // sub figures unless the buttons show them already (bid / won)
      const notes = [];
      if (typeof c.base === 'number') notes.push({ cls: 'base', text: this.n(c.base) });
      for (const m of c.marks || []) notes.push({ cls: 'mark mark-' + m.kind, text: this.vtx(m.label) });
      const sub = this.vtx(c.sub);
      if (sub && sub !== fix.map((f) => f.value).join(' / ')) notes.push({ cls: 'sub', text: sub });
      notes.forEach((x, i) => { x.k = i; });
      return {
        id: p.id, fix, value: c.held ? '' : this.n(c.value), notes,
        cls: 'num' + (c.value < 0 ? ' neg' : '') + (c.marks ? ' marked' : '') + (c.held ? ' held' : ''),
      };
    },
    vsTotals() {
      const sh = this.vsheet();
      const totals = (sh && sh.totals) || {};
      return this.players().map((p) => ({ id: p.id, value: this.n(totals[p.id] || 0), cls: 'total' + ((totals[p.id] || 0) < 0 ? ' neg' : '') }));
    },
  };
}
