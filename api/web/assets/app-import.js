// The BG Stats import (an admin, or a league's owner into its league):
// choose the export file, read the plan the server proposes game by game
// (a new score sheet and league, or an existing league; the plays that
// come in and those skipped, and why; the players matched by name and
// those to be added), tick the games, and import them all in one go.
import { Problem } from './app-api.js';
import { addWords } from './app-i18n.js';

addWords({
  en: {
    im_title: 'Import from BG Stats', im_file: 'BG Stats export file (BGStatsExport.json)', im_reading: 'Reading the file…',
    im_not_json: 'This file is not a BG Stats export.', im_games: 'Games in the file', im_plays: 'Plays: {n}',
    im_to_import: 'To bring in: {n}', im_already: 'Already here: {n}', im_dups: 'Listed twice: {n}',
    im_create: 'New game and league: {g}', im_into: 'Into the league {l}', im_skip: 'Left out',
    im_lowest: 'lowest score wins', im_highest: 'highest score wins', im_coop: 'played together against the game',
    im_winner_only: 'a winner, no scores', im_teams: 'in teams', im_results_only: 'results only, not refereed',
    im_skipped: 'Cannot come in', im_players: 'Players', im_matched: 'already here', im_new_player: 'new',
    im_confirm: 'Import the ticked games', im_nothing: 'Tick at least one game with plays to bring in.',
    im_done: '{n} plays came in.', im_mark: 'Imported from BG Stats, not refereed', im_again: 'Choose another file', im_summary: '{a} of {b} plays would come in.',
    im_into_label: 'League to bring them into',
  },
  fa: {
    im_title: 'واردکردن از BG Stats', im_file: 'فایلِ خروجیِ BG Stats (BGStatsExport.json)', im_reading: 'در حالِ خواندنِ فایل…',
    im_not_json: 'این فایل خروجیِ BG Stats نیست.', im_games: 'بازی‌های فایل', im_plays: 'بازی‌ها: {n}',
    im_to_import: 'واردشدنی: {n}', im_already: 'از پیش اینجا: {n}', im_dups: 'دوبار آمده: {n}',
    im_create: 'بازی و لیگِ تازه: {g}', im_into: 'به لیگِ {l}', im_skip: 'کنار گذاشته',
    im_lowest: 'کمترین امتیاز می‌بَرد', im_highest: 'بیشترین امتیاز می‌بَرد', im_coop: 'همه با هم در برابرِ بازی',
    im_winner_only: 'برنده دارد، امتیاز ندارد', im_teams: 'تیمی', im_results_only: 'فقط نتیجه، بی‌داوری',
    im_skipped: 'وارد نمی‌شود', im_players: 'بازیکنان', im_matched: 'از پیش هست', im_new_player: 'تازه',
    im_confirm: 'واردکردنِ بازی‌های تیک‌خورده', im_nothing: 'دست‌کم یک بازی با بازی‌های واردشدنی را تیک بزنید.',
    im_done: '{n} بازی وارد شد.', im_mark: 'واردشده از BG Stats، بی‌داوری', im_again: 'انتخابِ فایلی دیگر', im_summary: '{a} از {b} بازی وارد می‌شود.',
    im_into_label: 'لیگی که به آن وارد می‌شوند',
  },
});

export function importScreen() {
  return {
    im: { body: null, plan: null, ticked: {}, into: {}, busy: false, err: '', msg: '' },

    // pick reads the chosen file and asks the server for its plan.
    async pick(ev) {
      const f = ev.target.files && ev.target.files[0];
      this.im.plan = null; this.im.err = ''; this.im.msg = ''; this.im.into = {}; this.im.ticked = {};
      if (!f) return;
      this.im.busy = true;
      try {
        this.im.body = JSON.parse(await f.text());
        ev.target.value = ''; // the same file chosen again is read again
      } catch {
        this.im.busy = false;
        this.im.err = this.t('im_not_json');
        return;
      }
      await this.planImport();
    },
    async planImport() {
      this.im.busy = true;
      try {
        const r = await this.api.post('/v1/imports/bgstats' + this.imInto('?'), this.im.body);
        this.im.plan = r.data;
        const ticked = {};
        for (const g of r.data.games) {
          const was = this.im.ticked[g.source_id];
          ticked[g.source_id] = this.imTickable(g) && (was === undefined ? g.selected : was);
        }
        this.im.ticked = ticked;
      } catch (e) {
        this.im.err = this.importProblem(e);
      } finally {
        this.im.busy = false;
      }
    },
    importProblem(e) {
      if (e instanceof Problem) {
        const errs = (e.body && e.body.errors) || [];
        const first = errs.length ? ' ' + (errs[0].message || '') : '';
        return this.text(((e.body && e.body.detail) || e.message) + first);
      }
      return this.t('send_failed');
    },
    imGames() { return this.im.plan ? this.im.plan.games : []; },
    imTickable(g) { return g.action !== 'skip' && g.to_import > 0; },
    imTick(g) { this.im.ticked[g.source_id] = !this.im.ticked[g.source_id]; },
    imIsTicked(g) { return !!this.im.ticked[g.source_id]; },
    // imInto is the ?into= choices made on the screen, each game's plays
    // into the league chosen for it (lead: the first separator).
    imInto(lead) {
      const parts = Object.keys(this.im.into).filter((id) => this.im.into[id]).map((id) => 'into=' + encodeURIComponent(id + ':' + this.im.into[id]));
      return parts.length ? lead + parts.join('&') : '';
    },
    // imChoices are the existing leagues of g's game to choose among; the
    // choice shows only when there is more than one.
    imChoices(g) { return g.league_choices || []; },
    imCanChoose(g) { return g.action !== 'skip' && this.imChoices(g).length > 1; },
    imIsChosen(g, l) { return !!g.league && g.league.id === l.id; },
    async imChoose(g, ev) {
      this.im.into[g.source_id] = ev.target.value;
      await this.planImport();
    },
    imReason(s) { return this.text(this.lang === 'fa' && s.reason_fa ? s.reason_fa : s.reason); },
    imTarget(g) {
      if (g.action === 'skip') return this.t('im_skip') + ': ' + (this.lang === 'fa' && g.reason_fa ? g.reason_fa : g.reason || '');
      if (g.action === 'import') return this.t('im_into', { l: g.league ? g.league.name : '' });
      return this.t('im_create', { g: g.game ? g.game.name : g.name });
    },
    imKind(g) {
      if (!g.game) return '';
      const parts = [];
      if (g.game.results_only) parts.push(this.t('im_results_only'));
      if (g.game.cooperative) parts.push(this.t('im_coop'));
      else if (g.game.winner_only) parts.push(this.t('im_winner_only'));
      else parts.push(this.t(g.game.lowest_wins ? 'im_lowest' : 'im_highest'));
      if (g.game.teams) parts.push(this.t('im_teams'));
      return parts.join(this.sep());
    },
    imCounts(g) {
      const parts = [this.t('im_plays', { n: g.plays }), this.t('im_to_import', { n: g.to_import })];
      if (g.already_imported) parts.push(this.t('im_already', { n: g.already_imported }));
      if (g.duplicates) parts.push(this.t('im_dups', { n: g.duplicates }));
      return parts.join(this.sep());
    },
    imPlayers() { return this.im.plan ? this.im.plan.players : []; },
    imPlayerWord(p) { return this.t(p.status === 'matched' ? 'im_matched' : 'im_new_player'); },
    imTickedIDs() { return this.imGames().filter((g) => this.imTickable(g) && this.im.ticked[g.source_id]).map((g) => g.source_id); },
    imSummary() {
      const ids = this.imTickedIDs();
      const a = this.imGames().filter((g) => ids.includes(g.source_id)).reduce((s, g) => s + g.to_import, 0);
      return this.t('im_summary', { a, b: this.im.plan ? this.im.plan.plays.in_file : 0 });
    },
    async confirmImport() {
      const ids = this.imTickedIDs();
      this.im.err = ''; this.im.msg = '';
      if (!ids.length) { this.im.err = this.t('im_nothing'); return; }
      this.im.busy = true;
      try {
        const r = await this.api.post('/v1/imports/bgstats?dry_run=false&games=' + ids.join(',') + this.imInto('&'), this.im.body);
        this.im.plan = null;
        this.im.msg = this.t('im_done', { n: r.data.plays.imported });
      } catch (e) {
        this.im.err = this.importProblem(e);
      } finally {
        this.im.busy = false;
      }
    },
  };
}

// importedLine says that a match came from BG Stats, with when and where
// it was played ("" for a match recorded here): app is the table app's
// scope (its language and words), m a match or a match summary.
export function importedLine(app, m) {
  if (!m || m.source !== 'bgstats') return '';
  const parts = [app.t('im_mark')];
  if (m.played_at) {
    try {
      parts.push(new Intl.DateTimeFormat(app.lang === 'fa' ? 'fa-IR' : 'en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(m.played_at)));
    } catch { parts.push(app.text(m.played_at.slice(0, 10))); }
  }
  if (m.location) parts.push(m.location);
  return parts.join(app.sep());
}
