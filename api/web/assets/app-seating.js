// Seating players fast: the players of recent matches first in the picker,
// one tap each, and "Play again" from a finished match, which opens the
// new-match form with the same game, seats, league, table and options, one
// tap from starting.
import { addWords } from './app-i18n.js';

addWords({
  en: {
    recent_players: 'Recent players', play_again: 'Play again', play_again_hint: 'Same players, same seats, same options',
    already_seated: '{p} is seated already.',
  },
  fa: {
    recent_players: 'بازیکنانِ اخیر', play_again: 'دوباره بازی کنیم', play_again_hint: 'همان بازیکنان، همان جاها، همان تنظیمات',
    already_seated: '{p} پیش‌تر نشسته است.',
  },
});

// The recent players as this phone last read them.
const RECENT = 'motamed.recent';

/** seating is the table app's part that seats players and plays again. */
export function seating() {
  return {
    recent: [],
    rematch: null,

    // loadRecent reads the players of the latest matches, most recent
    // first, each once.
    async loadRecent() {
      let items = null;
      try { items = (await this.api.get('/v1/matches?limit=20')).items || []; } catch { /* none */ }
      if (!items) { // with no network, the players this phone last read: it can seat them offline
        try { this.recent = JSON.parse(localStorage.getItem(RECENT) || '[]'); } catch { this.recent = []; }
        return;
      }
      const out = [];
      for (const m of items) for (const p of m.players || []) if (!out.some((x) => x.id === p.id)) out.push({ id: p.id, name: p.name });
      this.recent = out.slice(0, 12);
      try { localStorage.setItem(RECENT, JSON.stringify(this.recent)); } catch { /* full */ }
    },
    // recentToSeat is the recent players not seated yet.
    recentToSeat() {
      if (!this.nm) return [];
      return this.recent.filter((p) => !this.nm.seats.some((s) => s.id === p.id));
    },
    seatKnown(p) {
      if (this.nm.seats.some((s) => s.id === p.id)) {
        this.nm.error = this.t('already_seated', { p: p.name });
        this.nm.same = null;
        this.nm.newName = '';
        return;
      }
      this.nm.newName = '';
      this.nm.error = '';
      this.seat(p);
    },

    // playAgain opens the new-match form filled as the finished match was.
    playAgain() {
      const m = this.match;
      if (!m) return;
      this.rematch = {
        game: m.game,
        seats: (m.players || []).map((p) => ({ id: p.id, name: p.name })),
        options: m.options || {},
        league_id: m.league_id || '',
        table: m.table || '',
      };
      location.hash = '#/new';
    },
    // applyRematch fills the form from the match played before: a value
    // equal to the default stays the default.
    async applyRematch() {
      const r = this.rematch;
      this.rematch = null;
      if (!r || !this.nm) return;
      this.nm.game = r.game;
      this.nm.seats = r.seats.slice();
      if (!(this.me && this.me.league_id)) this.nm.league_id = r.league_id;
      this.nm.table = r.table;
      await this.pickGame();
      if (!this.gameInfo) return;
      for (const opt of this.gameInfo.options) {
        const v = r.options[opt.name];
        if (v === undefined || v === null) continue;
        const kind = this.optionInput(opt);
        if (kind === 'pairs') {
          if (!Array.isArray(v) || !v.length) continue;
          const teams = {};
          v.forEach((team, k) => { for (const id of team) teams[id] = String(k + 1); });
          this.nm.teams = teams;
          this.nm.options[opt.name] = 'pairs';
        } else if (kind === 'capacities') this.nm.options[opt.name] = this.capacityValue(v);
        else if (opt.type === 'integer') this.nm.options[opt.name] = this.n(String(v));
        else this.nm.options[opt.name] = this.optionText(v);
      }
      this.nm.results = this.nm.results.filter((p) => !this.nm.seats.some((s) => s.id === p.id));
    },
  };
}

// A number field selects what it holds when tapped, so that typing 3 into
// a field holding 4 gives 3, not 43. The tap's own mouseup would clear the
// selection again, so the first one after the focus is held back.
let justFocused = null;
document.addEventListener('focusin', (e) => {
  const el = e.target;
  if (!(el instanceof HTMLInputElement) || el.inputMode !== 'numeric') return;
  el.select();
  justFocused = el;
});
document.addEventListener('mouseup', (e) => {
  if (justFocused && e.target === justFocused) e.preventDefault();
  justFocused = null;
});
