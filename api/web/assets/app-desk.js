// The owner's desk (an admin, or a league's owner for its league): the
// league's settings and screen links, its players, its tables and tokens,
// and its play log. Everything goes through the public API with the
// desk's token; the secrets of the tables' codes are kept on this device
// (the server keeps only their hashes), so a reload or a second print
// shows the same tables, and "New code" revokes the old one first.
import { Problem } from './app-api.js';
import { addWords, parseNumber, listSep } from './app-i18n.js';

addWords({
  en: {
    dk_title: 'Owner\'s desk', dk_leagues: 'League', dk_players: 'Players', dk_tables: 'Tables and tokens', dk_log: 'Play log',
    dk_pick_league: 'League', dk_new_league: 'New league', dk_name: 'Name', dk_points: 'Points', dk_points_placement: 'By place',
    dk_points_wins: 'Wins', dk_visibility: 'Who sees it', dk_public: 'Everyone (public)', dk_private: 'Only with a code (private)',
    dk_create: 'Create the league', dk_save: 'Save', dk_saved: 'Saved.', dk_added: 'Added: {p}', dk_links: 'Screens', dk_screen: 'TV screen',
    dk_rotation: 'Rotating screen', dk_sheet: 'Print the table codes', dk_standings: 'Standings', dk_import: 'BG Stats import',
    dk_search: 'Search players', dk_add_player: 'Add a player', dk_add: 'Add', dk_rename: 'Rename', dk_delete: 'Delete',
    dk_merge: 'Merge', dk_merge_into: 'Merge {a} into', dk_merge_preview: 'After the merge', dk_merge_do: 'Merge them',
    dk_moved_n: 'Matches that move: {n}', dk_pv_played: 'Played: {a} → {b}', dk_pv_wins: 'Wins: {a} → {b}',
    dk_pv_points: 'Points: {a} → {b}', dk_pv_ordinal: 'Rating: {a} → {b}', dk_merged: '{a} is now part of {b}.',
    dk_same: 'A player with this name exists: {p}.', dk_add_anyway: 'Add another player', dk_deleted: '{p} was deleted.',
    dk_player_page: 'Open', dk_matches: 'Matches', dk_wins: 'Wins', dk_avg_place: 'Average place', dk_rating_in: 'Rating in {l}:', dk_none: 'Nothing here yet.',
    dk_tables_list: 'Tables', dk_add_tables: 'Add tables', dk_how_many: 'How many', dk_table_n: 'Table {n}',
    dk_new_code: 'New code', dk_revoke: 'Revoke', dk_revoked: '{p} was revoked.', dk_code_here: 'code on this device',
    dk_code_elsewhere: 'code made on another device: print it with New code', dk_tokens: 'Every code of this league',
    dk_role_owner: 'owner', dk_role_scorer: 'scorer', dk_role_viewer: 'viewer', dk_role_admin: 'admin',
    dk_created: 'made {d}', dk_last_use: 'last used {d}', dk_never_used: 'never used', dk_viewer_link: 'Add a viewer link',
    dk_viewer_label: 'Screen', dk_link: 'Link', dk_copy_hint: 'Open it on the screen, or copy it.',
    dk_filter_player: 'Player', dk_anyone: 'Anyone', dk_from: 'From', dk_to: 'To', dk_more: 'More',
    dk_status_in_progress: 'in progress', dk_status_finished: 'finished', dk_status_abandoned: 'abandoned', dk_status_correcting: 'being corrected',
    dk_winner: 'Winner: {p}', dk_table_label: 'Table: {t}', dk_open: 'Open', dk_place: '{n}.',
    dk_archive: 'Archive the league', dk_archive_q: 'Archive {l}? Its matches, standings and ratings stay readable, but no new match can be started in it until it is back in use.',
    dk_archive_do: 'Archive it', dk_cancel: 'Cancel', dk_archived: '{l} is archived.', dk_archived_note: 'Archived: readable, but it takes no new match.',
    dk_unarchive: 'Put it back in use', dk_unarchived: '{l} is back in use.', dk_archived_tag: '{l} (archived)',
  },
  fa: {
    dk_title: 'میزِ برگزارکننده', dk_leagues: 'لیگ', dk_players: 'بازیکنان', dk_tables: 'میزها و کدها', dk_log: 'دفترِ بازی‌ها',
    dk_pick_league: 'لیگ', dk_new_league: 'لیگِ تازه', dk_name: 'نام', dk_points: 'امتیاز', dk_points_placement: 'بر پایه‌ی رتبه',
    dk_points_wins: 'بُردها', dk_visibility: 'چه کسی می‌بیند', dk_public: 'همه (عمومی)', dk_private: 'فقط با کد (خصوصی)',
    dk_create: 'ساختنِ لیگ', dk_save: 'ذخیره', dk_saved: 'ذخیره شد.', dk_added: 'افزوده شد: {p}', dk_links: 'صفحه‌ها', dk_screen: 'صفحه‌ی تلویزیون',
    dk_rotation: 'صفحه‌ی چرخان', dk_sheet: 'چاپِ کدهای میزها', dk_standings: 'جدول', dk_import: 'واردکردن از BG Stats',
    dk_search: 'جست‌وجوی بازیکن', dk_add_player: 'افزودنِ بازیکن', dk_add: 'افزودن', dk_rename: 'تغییرِ نام', dk_delete: 'حذف',
    dk_merge: 'ادغام', dk_merge_into: 'ادغامِ {a} در', dk_merge_preview: 'پس از ادغام', dk_merge_do: 'ادغام کن',
    dk_moved_n: 'بازی‌هایی که جابه‌جا می‌شوند: {n}', dk_pv_played: 'بازی‌ها: {a} ← {b}', dk_pv_wins: 'بُردها: {a} ← {b}',
    dk_pv_points: 'امتیاز: {a} ← {b}', dk_pv_ordinal: 'رتبه‌بندی: {a} ← {b}', dk_merged: '{a} اکنون بخشی از {b} است.',
    dk_same: 'بازیکنی با این نام هست: {p}.', dk_add_anyway: 'افزودنِ بازیکنِ دیگر', dk_deleted: '{p} حذف شد.',
    dk_player_page: 'باز کن', dk_matches: 'بازی‌ها', dk_wins: 'بُردها', dk_avg_place: 'میانگینِ رتبه', dk_rating_in: 'رتبه‌بندی در {l}:', dk_none: 'هنوز چیزی نیست.',
    dk_tables_list: 'میزها', dk_add_tables: 'افزودنِ میز', dk_how_many: 'چند میز', dk_table_n: 'میز {n}',
    dk_new_code: 'کدِ تازه', dk_revoke: 'باطل کن', dk_revoked: '{p} باطل شد.', dk_code_here: 'کد روی این دستگاه است',
    dk_code_elsewhere: 'کد روی دستگاهِ دیگری ساخته شده: با «کدِ تازه» چاپش کنید', dk_tokens: 'همه‌ی کدهای این لیگ',
    dk_role_owner: 'برگزارکننده', dk_role_scorer: 'امتیازنویس', dk_role_viewer: 'بیننده', dk_role_admin: 'مدیر',
    dk_created: 'ساخته {d}', dk_last_use: 'آخرین استفاده {d}', dk_never_used: 'هنوز استفاده نشده', dk_viewer_link: 'افزودنِ پیوندِ بیننده',
    dk_viewer_label: 'صفحه', dk_link: 'پیوند', dk_copy_hint: 'آن را روی صفحه باز کنید یا رونوشت بگیرید.',
    dk_filter_player: 'بازیکن', dk_anyone: 'همه', dk_from: 'از', dk_to: 'تا', dk_more: 'بیشتر',
    dk_status_in_progress: 'در جریان', dk_status_finished: 'تمام‌شده', dk_status_abandoned: 'رهاشده', dk_status_correcting: 'در حالِ اصلاح',
    dk_winner: 'برنده: {p}', dk_table_label: 'میز: {t}', dk_open: 'باز کن', dk_place: '{n}.',
    dk_archive: 'بایگانیِ لیگ', dk_archive_q: '{l} بایگانی شود؟ بازی‌ها، جدول و رتبه‌بندی‌اش خواندنی می‌مانند، اما تا دوباره به کار نیفتد بازیِ تازه‌ای در آن آغاز نمی‌شود.',
    dk_archive_do: 'بایگانی کن', dk_cancel: 'انصراف', dk_archived: '{l} بایگانی شد.', dk_archived_note: 'بایگانی‌شده: خواندنی است، اما بازیِ تازه نمی‌پذیرد.',
    dk_unarchive: 'دوباره به کار بینداز', dk_unarchived: '{l} دوباره به کار افتاد.', dk_archived_tag: '{l} (بایگانی‌شده)',
  },
});

const SECRETS_KEY = 'motamed.tables';

/** tableSecrets are the secrets of the table codes made on this device, by token ID. */
export function tableSecrets() {
  try { return JSON.parse(localStorage.getItem(SECRETS_KEY) || '{}') || {}; } catch { return {}; }
}
function keepSecret(id, secret) {
  const all = tableSecrets();
  if (secret) all[id] = secret; else delete all[id];
  localStorage.setItem(SECRETS_KEY, JSON.stringify(all));
}

const enc = encodeURIComponent;

export function deskScreen() {
  return {
    dk: { tab: 'league', leagues: [], league: '', l: null, msg: '', err: '', archiving: false },
    nl: { name: '', game: '', points: 'placement', visibility: 'public' },
    ls: { name: '', visibility: 'public' },
    pl: { q: '', items: [], name: '', same: null, open: '', stats: null, renaming: '', newName: '', merging: '', into: '', preview: null },
    tb: { tokens: [], count: '4', viewer: '', relabel: '', label: '' },
    lg: { items: [], next: '', player: '', from: '', to: '', players: [] },

    async init() {
      await this.loadGames();
      if (!this.nl.game && this.games.length) this.nl.game = this.games[0].id;
      await this.loadLeagues();
    },
    isAdmin() { return !!this.me && this.me.role === 'admin'; },
    dkTab(t) { return this.dk.tab === t; },
    setDkTab(t) {
      this.dk.tab = t;
      this.dk.msg = ''; this.dk.err = '';
      if (t === 'players') this.searchDesk();
      if (t === 'tables') this.loadTokens();
      if (t === 'log') this.loadLog(true);
    },
    say(msg) { this.dk.err = ''; this.dk.msg = msg; },
    fail(e) { this.dk.msg = ''; this.dk.err = this.problemText(e); },
    // problemText is a refusal's sentence in the page's digits.
    problemText(e) {
      if (e instanceof Problem) {
        const errs = (e.body && e.body.errors) || [];
        const first = errs.length ? (errs[0].message || '') : '';
        return this.text(first ? (e.body.detail || e.message) + ' ' + first : (e.body.detail || e.message));
      }
      return this.t('send_failed');
    },

    // ---- leagues
    async loadLeagues() {
      try {
        // Archived leagues too: the desk is where they are put back in use.
        const ls = (await this.api.get('/v1/leagues?limit=100&archived=any')).items || [];
        this.dk.leagues = this.me && this.me.league_id ? ls.filter((l) => l.id === this.me.league_id) : ls;
        if (this.me && this.me.league_id && !this.dk.leagues.length) {
          this.dk.leagues = [await this.api.get('/v1/leagues/' + enc(this.me.league_id))];
        }
      } catch (e) { this.fail(e); return; }
      if (!this.dk.league || !this.dk.leagues.some((l) => l.id === this.dk.league)) this.dk.league = this.dk.leagues.length ? this.dk.leagues[0].id : '';
      this.pickLeague();
    },
    pickLeague() {
      this.dk.l = this.dk.leagues.find((l) => l.id === this.dk.league) || null;
      this.ls = { name: this.dk.l ? this.dk.l.name : '', visibility: this.dk.l ? this.dk.l.visibility : 'public' };
      this.dk.archiving = false;
      if (this.dkTab('tables')) this.loadTokens();
      if (this.dkTab('log')) this.loadLog(true);
    },
    hasLeague() { return !!this.dk.l; },
    leagueTitle() { return this.dk.l ? this.dk.l.name : ''; },
    async createLeague() {
      try {
        const r = await this.api.post('/v1/leagues', { name: this.nl.name.trim(), game: this.nl.game, visibility: this.nl.visibility, options: { points_scheme: this.nl.points } });
        this.nl.name = '';
        this.dk.league = r.data.id;
        await this.loadLeagues();
        this.say(this.t('dk_saved'));
      } catch (e) { this.fail(e); }
    },
    async saveLeague() {
      const body = {};
      if (this.ls.name.trim() !== this.dk.l.name) body.name = this.ls.name.trim();
      if (this.ls.visibility !== this.dk.l.visibility) body.visibility = this.ls.visibility;
      try {
        const l = await this.api.patch('/v1/leagues/' + enc(this.dk.l.id), body);
        this.dk.leagues = this.dk.leagues.map((x) => (x.id === l.id ? l : x));
        this.pickLeague();
        this.say(this.t('dk_saved'));
      } catch (e) { this.fail(e); }
    },
    // Archiving: the league stays readable but takes no new match.
    isArchived() { return !!this.dk.l && !!this.dk.l.archived; },
    leagueOption(l) { return l.archived ? this.t('dk_archived_tag', { l: l.name }) : l.name; },
    askArchive() { this.dk.archiving = true; this.dk.msg = ''; this.dk.err = ''; },
    cancelArchive() { this.dk.archiving = false; },
    archiveQuestion() { return this.dk.l ? this.t('dk_archive_q', { l: this.dk.l.name }) : ''; },
    async archiveLeague() { await this.setArchived(true); },
    async unarchiveLeague() { await this.setArchived(false); },
    async setArchived(archived) {
      try {
        const l = await this.api.patch('/v1/leagues/' + enc(this.dk.l.id), { archived });
        this.dk.leagues = this.dk.leagues.map((x) => (x.id === l.id ? l : x));
        this.pickLeague();
        this.say(this.t(archived ? 'dk_archived' : 'dk_unarchived', { l: l.name }));
      } catch (e) { this.fail(e); }
    },
    pageURL(kind) {
      if (!this.dk.l) return '#/desk';
      const id = enc(this.dk.l.id), lang = this.lang === 'fa' ? 'lang=fa' : '';
      if (kind === 'screen') return '/leagues/' + id + '?big=1' + (lang ? '&' + lang : '');
      if (kind === 'rotation') return '/leagues/' + id + '/rotation' + (lang ? '?' + lang : '');
      if (kind === 'sheet') return '/leagues/' + id + '/tables' + (lang ? '?' + lang : '');
      return '/leagues/' + id + (lang ? '?' + lang : '');
    },
    // importShown: the BG Stats import screen, where this server has one.
    importShown() { return !!document.querySelector('template[x-if*="\'import\'"], [data-screen="import"]'); },

    // ---- players
    async searchDesk() {
      const q = this.pl.q.trim();
      try {
        const items = (await this.api.get('/v1/players?limit=50&q=' + enc(q))).items || [];
        if (this.pl.q.trim() === q) this.pl.items = items;
      } catch (e) { this.fail(e); }
    },
    async addDeskPlayer(anyway) {
      const name = this.pl.name.trim();
      if (!name) return;
      try {
        const body = { name };
        if (anyway) body.allow_duplicate = true;
        const r = await this.api.post('/v1/players', body);
        this.pl.name = ''; this.pl.same = null;
        this.say(this.t('dk_added', { p: r.data.name }));
        this.searchDesk();
      } catch (e) {
        if (e instanceof Problem && e.status === 409 && e.body.existing) { this.pl.same = e.body.existing; this.dk.msg = ''; this.dk.err = ''; } else this.fail(e);
      }
    },
    sameText() { return this.pl.same ? this.t('dk_same', { p: [].concat(this.pl.same).map((x) => x.name).join(listSep(this.lang)) }) : ''; },
    startRename(p) { this.pl.renaming = p.id; this.pl.newName = p.name; this.pl.merging = ''; },
    renamingThis(p) { return this.pl.renaming === p.id; },
    async renameDeskPlayer(p) {
      try {
        await this.api.patch('/v1/players/' + enc(p.id), { name: this.pl.newName.trim() });
        this.pl.renaming = '';
        this.say(this.t('dk_saved'));
        this.searchDesk();
      } catch (e) { this.fail(e); }
    },
    async deleteDeskPlayer(p) {
      try {
        await this.api.request('DELETE', '/v1/players/' + enc(p.id));
        this.say(this.t('dk_deleted', { p: p.name }));
        this.searchDesk();
      } catch (e) { this.fail(e); }
    },
    startMerge(p) { this.pl.merging = p.id; this.pl.into = ''; this.pl.preview = null; this.pl.renaming = ''; },
    mergingThis(p) { return this.pl.merging === p.id; },
    mergeChoices(p) { return this.pl.items.filter((x) => x.id !== p.id); },
    // statsOf sums a player's matches and wins over every game.
    async statsOf(id) {
      const st = await this.api.get('/v1/players/' + enc(id) + '/stats');
      const games = st.games || [];
      return {
        matches: games.reduce((a, g) => a + (g.matches || 0), 0),
        wins: games.reduce((a, g) => a + (g.wins || 0), 0),
        games,
      };
    },
    // previewMerge asks the server what the merge would change (a dry
    // run: nothing is stored): the matches whose seats move and, in each
    // league, the kept player's standings row before and after.
    async previewMerge(p) {
      this.pl.preview = null;
      if (!this.pl.into) return;
      try {
        const r = await this.api.post('/v1/players/' + enc(p.id) + '/merge?dry_run=true', { into: this.pl.into });
        if (this.pl.merging === p.id) this.pl.preview = r.data;
      } catch (e) { this.fail(e); }
    },
    previewMatches() { return this.pl.preview ? this.t('dk_moved_n', { n: (this.pl.preview.matches || []).length }) : ''; },
    previewLeagues() { return (this.pl.preview && this.pl.preview.leagues) || []; },
    // previewRow is one league's change in words: played, wins, points
    // and rating, before → after.
    previewRow(lg, k) {
      const b = lg.before || {}, a = lg.after || {};
      const num = (v, d) => this.n(Number(v || 0).toFixed(d));
      const d = k === 'ordinal' ? 1 : 0;
      return this.t('dk_pv_' + k, { a: num(b[k], d), b: num(a[k], d) });
    },
    intoName() { const x = this.pl.items.find((p) => p.id === this.pl.into); return x ? x.name : ''; },
    async mergeDeskPlayer(p) {
      try {
        const into = this.intoName();
        await this.api.post('/v1/players/' + enc(p.id) + '/merge', { into: this.pl.into });
        this.pl.merging = ''; this.pl.preview = null;
        this.say(this.t('dk_merged', { a: p.name, b: into }));
        this.searchDesk();
      } catch (e) { this.fail(e); }
    },
    async openPlayer(p) {
      if (this.pl.open === p.id) { this.pl.open = ''; return; }
      try {
        const s = await this.statsOf(p.id);
        s.history = [];
        s.matches = [];
        if (this.dk.l) {
          const h = await this.api.get('/v1/leagues/' + enc(this.dk.l.id) + '/ratings/history?player=' + enc(p.id));
          s.history = (h.players && h.players[p.id]) || [];
          s.matches = (await this.api.get('/v1/matches?limit=10&league_id=' + enc(this.dk.l.id) + '&player_id=' + enc(p.id))).items || [];
        }
        this.pl.open = p.id;
        this.pl.stats = s;
      } catch (e) { this.fail(e); }
    },
    // ratingLine is the player's rating after each of their matches in
    // the league: "Rating in Cafe Night: 1.5 → 3.3 → 4.0".
    ratingLine() {
      const h = (this.pl.stats && this.pl.stats.history) || [];
      if (!h.length || !this.dk.l) return '';
      return this.t('dk_rating_in', { l: this.dk.l.name }) + ' ' + h.map((x) => this.n(Number(x.ordinal).toFixed(1))).join(' → ');
    },
    playerMatches() { return (this.pl.stats && this.pl.stats.matches) || []; },
    placeLine(m, p) {
      const me = (m.players || []).find((x) => x.id === p.id);
      return this.logDate(m) + this.sep() + (me && me.place ? this.t('place_n', { n: me.place }) : this.logStatus(m));
    },
    openThis(p) { return this.pl.open === p.id; },
    playerGames() { return (this.pl.stats && this.pl.stats.games) || []; },
    statLine(g) {
      return this.gameNameOf(g.game) + this.sep() + this.t('dk_matches') + ' ' + this.n(g.matches) + this.sep() + this.t('dk_wins') + ' ' + this.n(g.wins) +
        (g.avg_place ? this.sep() + this.t('dk_avg_place') + ' ' + this.n(Number(g.avg_place).toFixed(2)) : '');
    },

    // ---- tables and tokens
    async loadTokens() {
      if (!this.dk.l) { this.tb.tokens = []; return; }
      try {
        this.tb.tokens = (await this.api.get('/v1/tokens?league=' + enc(this.dk.l.id))).tokens || [];
      } catch (e) { this.fail(e); }
    },
    tables() { return this.tb.tokens.filter((t) => t.role === 'scorer' && !t.revoked); },
    liveTokens() { return this.tb.tokens.filter((t) => !t.revoked); },
    hasCode(t) { return !!tableSecrets()[t.id]; },
    codeNote(t) { return this.hasCode(t) ? this.t('dk_code_here') : this.t('dk_code_elsewhere'); },
    roleWord(t) { return this.t('dk_role_' + t.role); },
    when(iso) {
      if (!iso) return '';
      try {
        return new Intl.DateTimeFormat(this.lang === 'fa' ? 'fa-IR' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
      } catch { return this.text(iso); }
    },
    tokenLine(t) {
      return this.roleWord(t) + this.sep() + this.t('dk_created', { d: this.when(t.created_at) }) + this.sep() +
        (t.last_used_at ? this.t('dk_last_use', { d: this.when(t.last_used_at) }) : this.t('dk_never_used'));
    },
    // addTables makes the tables that are missing up to the count asked:
    // "Table 1"... numbered after the league's highest.
    async addTables() {
      const n = Math.max(1, Math.min(40, parseNumber(this.tb.count) || 1));
      const used = new Set(this.tables().map((t) => t.label));
      try {
        let k = 1;
        for (let made = 0; made < n; k++) {
          const label = this.t('dk_table_n', { n: k });
          if (used.has(label)) continue;
          const r = await this.api.post('/v1/tokens', { role: 'scorer', league_id: this.dk.l.id, label });
          keepSecret(r.data.id, r.data.token);
          made++;
        }
        await this.loadTokens();
        this.say(this.t('dk_saved'));
      } catch (e) { this.fail(e); this.loadTokens(); }
    },
    // newCode revokes a table's code, then makes the same table a new one.
    async newCode(t) {
      try {
        await this.api.request('DELETE', '/v1/tokens/' + enc(t.id));
        keepSecret(t.id, '');
        const r = await this.api.post('/v1/tokens', { role: 'scorer', league_id: this.dk.l.id, label: t.label });
        keepSecret(r.data.id, r.data.token);
        await this.loadTokens();
        this.say(this.t('dk_saved'));
      } catch (e) { this.fail(e); }
    },
    async revokeToken(t) {
      try {
        await this.api.request('DELETE', '/v1/tokens/' + enc(t.id));
        keepSecret(t.id, '');
        await this.loadTokens();
        this.say(this.t('dk_revoked', { p: t.label }));
      } catch (e) { this.fail(e); }
    },
    startRelabel(t) { this.tb.relabel = t.id; this.tb.label = t.label; },
    relabelling(t) { return this.tb.relabel === t.id; },
    async relabel(t) {
      try {
        await this.api.patch('/v1/tokens/' + enc(t.id), { label: this.tb.label.trim() });
        this.tb.relabel = '';
        await this.loadTokens();
        this.say(this.t('dk_saved'));
      } catch (e) { this.fail(e); }
    },
    // addViewer makes a viewer code for a screen and shows its link (the
    // secret goes in the fragment, which never reaches the server).
    async addViewer() {
      try {
        const r = await this.api.post('/v1/tokens', { role: 'viewer', league_id: this.dk.l.id, label: this.t('dk_viewer_label') });
        this.tb.viewer = location.origin + this.pageURL('screen') + '#token=' + enc(r.data.token);
        await this.loadTokens();
      } catch (e) { this.fail(e); }
    },

    // ---- the play log
    async loadLog(fresh) {
      if (!this.dk.l) { this.lg.items = []; return; }
      if (fresh) { this.lg.items = []; this.lg.next = ''; }
      let q = '/v1/matches?limit=20&league_id=' + enc(this.dk.l.id);
      if (this.lg.player) q += '&player_id=' + enc(this.lg.player);
      if (this.lg.from) q += '&from=' + enc(this.lg.from);
      if (this.lg.to) q += '&to=' + enc(this.lg.to);
      if (!fresh && this.lg.next) q += '&cursor=' + enc(this.lg.next);
      try {
        const page = await this.api.get(q);
        this.lg.items = this.lg.items.concat(page.items || []);
        this.lg.next = page.next_cursor || '';
        if (fresh && !this.lg.players.length) this.lg.players = (await this.api.get('/v1/players?limit=100')).items || [];
      } catch (e) { this.fail(e); }
    },
    moreLog() { this.loadLog(false); },
    hasMore() { return !!this.lg.next; },
    logDate(m) { return this.when(m.played_at || m.finished_at || m.started_at || m.created_at); },
    logStatus(m) { return this.t(m.correcting ? 'dk_status_correcting' : 'dk_status_' + m.status); },
    logTable(m) { return m.table ? this.t('dk_table_label', { t: m.table }) : ''; },
    // logPlayers lists the seats by place when the match has a result:
    // "1. Sara 12 · 2. Reza 9".
    logPlayers(m) {
      const ps = (m.players || []).slice().sort((a, b) => (a.place || 99) - (b.place || 99));
      const total = (id) => (m.totals && m.totals[id] !== undefined ? ' ' + this.n(m.totals[id]) : '');
      return ps.map((p) => (p.place ? this.t('dk_place', { n: this.n(p.place) }) + ' ' : '') + p.name + total(p.id)).join(this.sep());
    },
    logWinner(m) {
      const w = (m.players || []).filter((p) => p.place === 1).map((p) => p.name);
      return w.length ? this.t('dk_winner', { p: w.join(listSep(this.lang)) }) : '';
    },
    logURL(m) { return '#/m/' + enc(m.id); },
  };
}
