// The phone's score sheet, drawn from the view the game describes (the
// match body's view.sheet), as the TV pages draw it: a row per round, turn,
// hand or battle, a cell per player with the adjustments that made it
// marked, and the game's word for the total. Each figure the table
// recorded (a bid and the tricks won, a village's cards, a level) is a
// button that opens its fix (app-fix.js). A screen with more to show (a
// score sheet's rows still due and those waiting on the phone, its team
// columns and places) overrides vsColumns, vsRows and vsPlaces.
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
    // vsColumns are the sheet's columns: id names the column, cell the
    // player whose cells and total it shows.
    vsColumns() { return this.players().map((p) => ({ id: p.id, name: p.name, cell: p.id })); },
    vsRows() { return ((this.vsheet() || {}).rows || []).map((r, k) => this.vsRow(r, k)); },
    vsRow(r, key) {
      const label = this.vtx(r.label);
      return {
        key, head: r.number ? this.n(r.number) : label, label, note: this.vtx(r.note), extra: [],
        cls: r.voided ? 'voided' : '',
        cells: this.vsColumns().map((col) => this.vsCell(r.cells[col.cell], col, label)),
      };
    },
    // vsCell is one column's cell: the figures to fix, the value (left out
    // for a figure the row did not move, and for a score that counts as
    // recorded, which its button shows), and the small notes under it.
    vsCell(c, col, rowLabel) {
      if (!c) return { id: col.id, cls: 'num none', fix: [], value: '', valueCls: 'v', notes: [] };
      const fix = (c.fix || []).map((f) => ({
        key: f.field + ':' + f.at, field: f.field, at: f.at || '', player: f.player, entry: f.entry || '', recorded: f.value,
        label: this.vtx(f.label), value: this.n(f.value),
        aria: this.t('fx_cell', { r: this.t('fx_cell_round', { r: rowLabel }), p: col.name, f: this.vtx(f.label), v: this.n(f.value) }),
      }));
      // what was recorded before the adjustments, each adjustment, and the
      // sub figures unless the buttons show them already (bid / won)
      const notes = [];
      if (typeof c.base === 'number') notes.push({ cls: 'base', text: this.n(c.base) });
      for (const m of c.marks || []) notes.push({ cls: 'mark mark-' + m.kind, text: this.vtx(m.label) });
      const sub = this.vtx(c.sub);
      if (sub && sub !== fix.map((f) => f.value).join(' / ')) notes.push({ cls: 'sub', text: sub });
      notes.forEach((x, i) => { x.k = i; });
      const plain = fix.length === 1 && fix[0].field === 'value' && !notes.length && fix[0].value === this.n(c.value);
      return {
        id: col.id, fix, value: c.held || plain ? '' : this.n(c.value), valueCls: 'v', notes,
        cls: 'num' + (c.value < 0 ? ' neg' : '') + (c.marks ? ' marked' : '') + (c.held ? ' held' : ''),
      };
    },
    vsTotals() {
      const totals = (this.vsheet() || {}).totals || {};
      return this.vsColumns().map((col) => {
        const t = totals[col.cell] || 0;
        return { id: col.id, value: this.n(t), cls: 'total' + (t < 0 ? ' neg' : '') };
      });
    },
    // vsPlaces is a line of places under the totals, where a screen shows one.
    vsPlaces() { return []; },
  };
}
