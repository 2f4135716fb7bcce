// Silver at the table: each round's start player (the amulet holder), the
// turns as the table plays them, the census call, and the round's end with
// every village, scored by the referee before it is recorded. The census
// limit, the points and the amulet are the server's.

export function silverScreen() {
  return {
    census: { player: '', size: '' },
    turnPlayer: '',
    reason: 'census',
    villages: {},
    roundVerdict: null,

    sv() { return this.st(); },
    svPhase() { return this.sv().phase || ''; },
    svInPlay() { return this.svPhase() === 'round_in_play'; },
    svBetween() { return !this.isFinished() && !this.svInPlay(); },
    svRound() { return this.sv().round || 0; },
    svFirst() { return this.nameOf(this.sv().first_player); },
    svCensusBy() { const c = this.sv().census; return c ? this.nameOf(c.caller) : ''; },
    reasons() { return ['census', 'deck_empty', 'villagers']; },
    reasonText(r) { return this.t(r === 'census' ? 'silver_census_reason' : 'silver_' + r); },
    async startRound() { await this.send('round_started', {}); },
    async callCensus() {
      const d = { player: this.census.player || this.sv().first_player, village_size: this.num(this.census.size) };
      if (await this.send('census_called', d)) this.census = { player: '', size: '' };
    },
    async takeTurn(action) {
      await this.send('turn_taken', { player: this.turnPlayer || this.sv().first_player, action });
    },
    num(s) {
      const t = String(s ?? '').trim().replace(/[۰-۹]/g, (x) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(x)));
      return /^[0-9]+$/.test(t) ? Number(t) : null;
    },
    villageOf(id) { return this.villages[id] || ''; },
    setVillage(id, v) { this.villages = Object.assign({}, this.villages, { [id]: v }); this.roundVerdict = null; },
    villagesData() {
      const out = {};
      for (const p of this.players()) {
        out[p.id] = String(this.villages[p.id] || '').split(/[\s,،]+/).filter((x) => x !== '').map((x) => this.num(x));
      }
      return out;
    },
    async askRound() {
      const s = this.sv();
      const q = { players: this.players().map((p) => p.id), villages: this.villagesData(), first_player: s.first_player, amulet_holder: s.first_player, totals_before: s.totals || {}, round: this.svRound() };
      if (this.reason === 'census' && s.census) q.census_by = s.census.caller;
      try { this.roundVerdict = (await this.api.post('/v1/referee/silver/round', q)).data; } catch (e) { this.roundVerdict = null; this.showRefusal(e); }
    },
    verdictPoints(id) {
      const v = this.roundVerdict;
      if (!v) return '';
      const pts = (v.points || {})[id];
      return pts === undefined ? '' : this.n(pts);
    },
    verdictLines() {
      const v = this.roundVerdict;
      if (!v) return [];
      return [v.census, v.amulet, v.end].filter((x) => x && x.rule).map((x) => ({ rule: x.rule, text: x.explanation || '' }));
    },
    async endRound() {
      const ok = await this.send('round_ended', { reason: this.reason, villages: this.villagesData() });
      if (ok) { this.villages = {}; this.roundVerdict = null; }
    },
    svRows() { return this.rounds(); },
    svCell(row, id, key) { const m = row[key] || {}; return m[id] === undefined ? '' : this.n(m[id]); },
    svAmulet(row) { return this.nameOf(row.amulet_holder); },
  };
}
