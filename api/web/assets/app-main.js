// The table app: sign-in, the lists, starting a match, and what every
// game's screen shares (sending events through the device's queue, the
// referee's refusals with their rules, undo and redo, the live stream).
// Each game adds its own screen in app-<game>.js and a template in
// app_<game>.html. The app holds no rule of any game: it shows what the server
// and the referee answer.
import Alpine from './alpinejs-csp-3.17.4.esm.min.js';
import { client, loadQueue, saveQueue, newKey, Problem, Offline, idle } from './app-api.js';
import { digits, parseNumber, deviceLang, word, hasWord, FA_SEP, listSep, numberFields, renumberFields } from './app-i18n.js';
import { wizardScreen } from './app-wizard.js';
import { munchkinScreen } from './app-munchkin.js';
import { silverScreen } from './app-silver.js';
import { yatukScreen } from './app-yatuk.js';
import { wazabiScreen } from './app-wazabi.js';
import { sheetScreen } from './app-sheet.js';
import { defineScreen } from './app-define.js';
import { seating } from './app-seating.js';
import { capacityPicker } from './app-capacities.js';
import { storyOf } from './app-story.js';
import { fixer } from './app-fix.js';
import { viewSheet } from './app-viewsheet.js';
import { signinWatch } from './app-signin-watch.js';
import { deskScreen } from './app-desk.js';
import { importScreen, importedLine } from './app-import.js';
import { pocketReferee, isOffline, isHere, hereMatches, hereMatch, forgetHere } from './app-offline.js';

const TOKEN_KEY = 'motamed.token';

function tableApp() {
  return {
    ...seating(),
    ...capacityPicker(),
    lang: deviceLang(),
    token: localStorage.getItem(TOKEN_KEY) || '',
    tokenInput: '',
    me: null,
    signinError: '',
    route: { name: 'home', id: '' },
    loading: false,
    leagues: [], leaguesError: false,
    liveMatches: [], doneMatches: [], matchesError: false, startedHere: [],
    games: [],
    gameInfo: null,
    nm: null,
    nextGame: '',
    match: null,
    matchError: '',
    tab: 'play',
    queue: loadQueue(),
    sending: false,
    online: navigator.onLine,
    refusal: null,
    notes: [],
    remote: null,
    ruleShown: null,
    log: [],
    chapters: [],
    toast: null,
    undoEv: null,
    stream: null,
    flushing: null,
    ...signinWatch(),

    init() {
      const hash = location.hash || '';
      const m = hash.match(/^#token=([^&]+)/);
      if (m) {
        this.token = decodeURIComponent(m[1]);
        localStorage.setItem(TOKEN_KEY, this.token);
        history.replaceState(null, '', location.pathname + location.search);
      }
      this.api = this.guardSignIn(client(() => this.token, () => this.lang));
      this.applyLang();
      // A refusal's toast goes with it: once it is closed, or the table
      // records its next change, it no longer speaks of the game on screen.
      this.$watch('refusal', (r) => { if (!r && this.toast && this.toast.kind === 'refusal') this.toast = null; });
      window.addEventListener('hashchange', () => this.go());
      window.addEventListener('online', () => { this.online = true; this.flush(); });
      window.addEventListener('offline', () => { this.online = false; });
      setInterval(() => { if (this.waitingCount() > 0 && !this.sending) this.flush(); }, 2000);
      this.listenFix();
      this.loadMe().then(() => this.go());
      this.flush();
    },

    // f and list read a field of an object that may be gone (a panel
    // closing while its last update runs).
    f(o, k) { return o && o[k] !== undefined && o[k] !== null ? o[k] : ''; },
    list(o, k) { return (o && Array.isArray(o[k])) ? o[k] : []; },

    // ---- words and numbers
    t(key, vars) {
      const v = {};
      let count;
      for (const [k, x] of Object.entries(vars || {})) {
        if (typeof x === 'number' && (count === undefined || k === 'n')) count = x;
        v[k] = typeof x === 'number' ? digits(this.lang, x) : x;
      }
      return word(this.lang, key, v, count);
    },
    n(x) { return digits(this.lang, x); },
    // sep separates the parts of a line: "·" in English; in Persian a comma,
    // since a middle dot beside Persian digits reads as a zero (۰).
    sep() { return this.lang === 'fa' ? FA_SEP : ' · '; },
    // text shows a server's sentence as a player reads it: in the page's
    // digits, and with the players it names by ID (the referee's questions
    // and the shape checks know only IDs) named by their names as entered.
    // It is the one place where IDs become names.
    text(s) {
      s = s === null || s === undefined ? '' : String(s);
      const people = this.players().concat((this.nm && this.nm.seats) || []).filter((p) => p.id && p.name);
      if (!people.length || !/pl_/.test(s)) return digits(this.lang, s);
      const names = new Map(people.map((p) => [p.id, p.name]));
      return s.split(/(pl_[A-Za-z0-9]+)/).map((part, i) => (i % 2 ? names.get(part) || this.t('a_player') : digits(this.lang, part))).join('');
    },
    named(s) { return this.text(s); },
    toggleLang() {
      this.lang = this.lang === 'fa' ? 'en' : 'fa';
      localStorage.setItem('motamed.lang', this.lang);
      this.applyLang();
      this.notes = []; // the server wrote them in the other language
      this.refusal = null;
      this.toast = null;
      if (this.match) this.refresh();
      if (this.match && this.tabIs('events')) this.openEvents(); // told again in this language
    },
    applyLang() {
      document.documentElement.lang = this.lang;
      document.documentElement.dir = this.lang === 'fa' ? 'rtl' : 'ltr';
      renumberFields();
      document.title = this.t('app');
      const mf = document.getElementById('manifest');
      if (mf) mf.setAttribute('href', '/manifest.webmanifest?lang=' + this.lang);
    },
    gameName(g) {
      if (!g) return '';
      return this.lang === 'fa' && g.name_fa ? g.name_fa : g.name;
    },
    gameNameOf(id) {
      const g = this.games.find((x) => x.id === id);
      return g ? this.gameName(g) : id;
    },
    // gameOf is a game as GET /v1/games lists it ({} when unknown): a
    // score-sheet game carries its sheet.
    gameOf(id) { return this.games.find((x) => x.id === id) || {}; },

    // ---- sign-in
    async loadMe() {
      this.me = null;
      if (!this.token) return;
      try {
        this.me = await this.api.get('/v1/me');
        this.signinError = '';
        this.watchSignIn();
      } catch (e) {
        if (e instanceof Problem && e.status === 401) {
          this.signinError = e.message;
          this.token = '';
          localStorage.removeItem(TOKEN_KEY);
        }
      }
    },
    async signIn() {
      const t = this.tokenInput.trim();
      if (!t) return;
      this.token = t;
      localStorage.setItem(TOKEN_KEY, t);
      await this.loadMe();
      if (this.me) {
        this.tokenInput = '';
        this.loadHome();
      }
    },
    signOut() {
      this.stopWatching();
      this.token = '';
      this.me = null;
      localStorage.removeItem(TOKEN_KEY);
      location.hash = '#/';
      this.loadHome();
    },
    roleText() {
      if (!this.me) return '';
      if (this.me.role === 'admin') return this.t('role_admin');
      return this.t('role_' + this.me.role) + ' ' + (this.me.league_name || this.me.league_id || '');
    },
    canRecord() { return !!this.me && this.me.role !== 'viewer'; },
    canStart() { return this.canRecord(); },
    // canDefine: an admin or a league owner may define a score sheet.
    canDefine() { return !!this.me && (this.me.role === 'admin' || this.me.role === 'owner'); },

    // ---- screens
    go() {
      const h = location.hash.replace(/^#\/?/, '');
      const [name, id] = h.split('/');
      if (this.is('signedout')) return;
      this.leaveMatch();
      if (name === 'm' && id) {
        this.route = { name: 'match', id: decodeURIComponent(id) };
        this.tab = 'play';
        this.openMatch(this.route.id);
      } else if (name === 'desk' && this.canDesk()) {
        this.route = { name: 'desk', id: '' };
      } else if (name === 'import' && this.canDefine()) {
        this.route = { name: 'import', id: '' };
      } else if (name === 'sheet' && this.canDefine()) {
        this.route = { name: 'sheet', id: '' };
      } else if (name === 'new' && this.canStart()) {
        this.route = { name: 'new', id: '' };
        this.nm = null; // the form shows once the games are read
        this.startNew();
      } else {
        this.route = { name: 'home', id: '' };
        this.match = null;
        this.loadHome();
      }
      window.scrollTo(0, 0);
    },
    is(name) { return this.route.name === name; },
    // importedMark says a match came from BG Stats, when and where ("" if not).
    importedMark(m) { return importedLine(this, m); },
    // leaveMatch forgets what the screen held of the match left: the
    // referee's notes on its last event, a refusal, another phone's change,
    // its log and an open fix, so that nothing of it shows on the next.
    leaveMatch() {
      this.closeStream();
      this.notes = [];
      this.refusal = null;
      this.remote = null;
      this.ruleShown = null;
      this.log = [];
      this.chapters = [];
      this.toast = null;
      this.undoEv = null;
      this.closeFix();
      this.pocketClose();
    },
    // loadGames reads the games once, and again when asked (fresh) or when
    // a match is of a game defined since (a new score sheet).
    async loadGames(fresh) {
      if (this.games.length && !fresh) return;
      try { this.games = (await this.api.get('/v1/games')).games; } catch { this.games = []; }
    },
    async loadHome() {
      this.loadGames();
      this.startedHere = hereMatches(); // not on the server yet: listed from this phone
      try {
        const q = this.me && this.me.league_id ? '?limit=50' : '?limit=50';
        this.leagues = (await this.api.get('/v1/leagues' + q)).items || [];
        this.leaguesError = false;
      } catch { this.leagues = []; this.leaguesError = true; }
      try {
        this.liveMatches = (await this.api.get('/v1/matches?status=in_progress&limit=50')).items || [];
        this.doneMatches = (await this.api.get('/v1/matches?status=finished&limit=20')).items || [];
        this.matchesError = false;
      } catch { this.liveMatches = []; this.doneMatches = []; this.matchesError = true; }
    },
    playerNames(m) { return (m.players || []).map((p) => p.name).join(listSep(this.lang)); },
    // leaguesOf is the leagues a new match of game may join: the token's
    // own league, or for an admin every league of that game.
    leaguesOf(game) {
      if (this.me && this.me.league_id) return this.leagues.filter((l) => l.id === this.me.league_id);
      return this.leagues.filter((l) => l.game === game);
    },
    leagueName(id) {
      const l = this.leagues.find((x) => x.id === id);
      return l ? l.name : '';
    },
    screenURL(m) { return '/matches/' + encodeURIComponent(m.id) + '?lang=' + this.lang; },
    leagueURL(l) { return '/leagues/' + encodeURIComponent(l.id) + '?lang=' + this.lang; },
    appURL(m) { return '#/m/' + encodeURIComponent(m.id); },

    // ---- a new match
    async startNew() {
      await this.loadGames(true);
      if (!this.leagues.length) await this.loadHome();
      this.nm = { game: '', q: '', results: [], seats: [], options: {}, teams: {}, table: '', league_id: (this.me && this.me.league_id) || '', newName: '', same: null, error: '' };
      this.gameInfo = null;
      if (this.me && this.me.league_id) {
        try {
          const l = await this.api.get('/v1/leagues/' + encodeURIComponent(this.me.league_id));
          this.nm.game = l.game;
        } catch { /* the league's game stays to be chosen */ }
      }
      this.tableDefaults(this.nm);
      if (!this.nm.game && this.nextGame) this.nm.game = this.nextGame; // a sheet just defined
      this.nextGame = '';
      if (!this.nm.game && this.games.length) this.nm.game = this.games[0].id;
      if (this.rematch) await this.applyRematch();
      else this.pickGame();
      this.searchPlayers();
      this.loadRecent();
    },
    async pickGame() {
      const id = this.nm.game;
      let info;
      try { info = await this.api.get('/v1/games/' + encodeURIComponent(id)); } catch (e) {
        if (this.nm && this.nm.game === id) { this.gameInfo = null; this.nm.error = this.refusalOf(e).detail; }
        return;
      }
      if (!this.nm || this.nm.game !== id) return; // another game was picked meanwhile
      this.nm.error = '';
      this.gameInfo = info;
      const o = {};
      // a number is shown in the page's digits; createMatch reads either
      for (const opt of this.gameInfo.options) o[opt.name] = opt.type === 'integer' ? this.n(this.optionText(opt.default)) : this.optionText(opt.default);
      if (this.sheetTeams()) o.teams = 'pairs'; // a sheet played in teams always names them
      if (id === 'yatuk' && o.capacities !== undefined) o.capacities = this.capacityValue(o.capacities);
      this.nm.options = o;
    },
    optionInput(opt) {
      if (this.isCapacities(opt)) return 'capacities';
      if (opt.name === 'teams' && this.nm && (this.nm.game === 'wazabi' || this.sheetTeams())) return 'pairs'; // teams picked seat by seat
      if (opt.enum) return 'enum';
      if (opt.type === 'boolean') return 'boolean';
      if (['first_dealer', 'start_player', 'first_player'].includes(opt.name)) return 'player';
      return opt.type === 'integer' ? 'integer' : 'text';
    },
    // An option's label, one-line explanation and values in the page's
    // language are the game's own words (GET /v1/games/{game}: label, hint,
    // choices); an option its game does not word shows its name and the
    // server's description.
    optionWord(t) { return t && t.en ? this.text(this.lang === 'fa' && t.fa ? t.fa : t.en) : null; },
    optionLabel(opt) { return this.optionWord(opt.label) || opt.name; },
    optionHint(opt) { return this.optionWord(opt.hint) || this.text(opt.description); },
    optionValue(opt, v) { return this.optionWord((opt.choices || {})[v]) || this.n(v); },
    optionDefault(opt) {
      const v = opt.default;
      if (typeof v === 'boolean') return this.t(v ? 'yes' : 'no');
      if (v && typeof v === 'object' && !Array.isArray(v)) {
        return Object.entries(v).map(([k, x]) => this.optionValue(opt, k) + ' ' + this.n(x)).join(this.sep());
      }
      return typeof v === 'object' ? this.n(this.optionText(v)) : this.optionValue(opt, String(v));
    },
    // optionText writes an option's value as the form shows it: lists and
    // objects (teams, capacities) as JSON.
    optionText(v) {
      if (v === undefined || v === null) return '';
      return typeof v === 'object' ? JSON.stringify(v) : String(v);
    },
    // sheetTeams is how the chosen score sheet forms teams (null when it
    // is not played in teams): {count?, size?, scores?}.
    sheetTeams() { return (this.nm && (this.gameOf(this.nm.game).sheet || {}).teams) || null; },
    // Teams are picked seat by seat: each seat's team number. Partners sit
    // across the table until changed (seats 1 and 3 of four). Wazabi plays
    // in teams of two; a sheet in its count of teams, or teams of its size.
    teamCount() {
      const t = this.sheetTeams(), seats = this.nm.seats.length;
      if (!t) return Math.floor(seats / 2);
      return t.count || (t.size ? Math.floor(seats / t.size) : 2);
    },
    teamNumbers() {
      const t = this.sheetTeams();
      const k = t && !t.count ? Math.max(this.teamCount(), this.nm.seats.length) : this.teamCount();
      return Array.from({ length: k }, (_, i) => String(i + 1));
    },
    teamOf(id) {
      const picked = (this.nm.teams || {})[id];
      if (picked) return picked;
      const i = this.nm.seats.findIndex((s) => s.id === id);
      return String((i % Math.max(1, this.teamCount())) + 1);
    },
    setTeam(id, v) { this.nm.teams = Object.assign({}, this.nm.teams, { [id]: v }); },
    // pairs is the teams option: the seats of each team, in team order;
    // a team nobody was put in is left out.
    pairs() { return this.teamNumbers().map((k) => this.nm.seats.filter((s) => this.teamOf(s.id) === k).map((s) => s.id)).filter((team) => team.length > 0); },
    async searchPlayers() {
      const nm = this.nm;
      if (!nm) return;
      let items = [];
      try {
        items = (await this.api.get('/v1/players?limit=20&q=' + encodeURIComponent(nm.q.trim()))).items || [];
      } catch { /* no results */ }
      if (this.nm !== nm) return; // the form was left (a match started) before the answer came
      nm.results = items.filter((p) => !nm.seats.some((s) => s.id === p.id));
    },
    seat(p) {
      if (!this.nm.seats.some((s) => s.id === p.id)) this.nm.seats.push({ id: p.id, name: p.name });
      this.nm.results = this.nm.results.filter((x) => x.id !== p.id);
      this.nm.same = null;
    },
    unseat(i) { this.nm.seats.splice(i, 1); this.searchPlayers(); },
    moveSeat(i, d) {
      const j = i + d;
      if (j < 0 || j >= this.nm.seats.length) return;
      const s = this.nm.seats;
      [s[i], s[j]] = [s[j], s[i]];
    },
    async addPlayer(allowDuplicate) {
      const name = this.nm.newName.trim();
      if (!name) return;
      try {
        const body = { name };
        if (allowDuplicate) body.allow_duplicate = true;
        const r = await this.api.post('/v1/players', body);
        this.seat(r.data);
        this.nm.newName = '';
        this.nm.same = null;
      } catch (e) {
        if (e instanceof Problem && e.status === 409 && e.body.existing) {
          this.nm.same = e.body.existing;
        } else {
          this.nm.error = e instanceof Problem ? this.problemWords(e) : e.message;
        }
      }
    },
    async createMatch() {
      this.nm.error = '';
      const options = {};
      for (const opt of this.gameInfo.options) {
        const v = this.nm.options[opt.name];
        if (v === '' || v === undefined || v === null) continue;
        if (this.optionInput(opt) === 'pairs') { if (v === 'pairs') options[opt.name] = this.pairs(); continue; }
        const typed = opt.type === 'integer' ? parseNumber(v) : v;
        if (opt.default !== undefined && this.optionText(opt.default) === String(typed)) continue;
        if (opt.type === 'array' || opt.type === 'object') {
          try { options[opt.name] = JSON.parse(v); } catch { options[opt.name] = v; }
        } else if (opt.type === 'integer') {
          options[opt.name] = typed === null ? v : typed;
        } else if (opt.type === 'boolean') {
          options[opt.name] = v === true || v === 'true';
        } else options[opt.name] = v;
      }
      const body = { game: this.nm.game, players: this.nm.seats.map((s) => s.id), options };
      if (this.nm.league_id) body.league_id = this.nm.league_id;
      if (this.nm.table.trim()) body.table = this.nm.table.trim();
      try {
        const r = await this.api.post('/v1/matches', body);
        location.hash = '#/m/' + encodeURIComponent(r.data.id);
      } catch (e) {
        // with no network, the match starts on this phone (app-offline.js)
        if (isOffline(e)) {
          const why = await this.startHere(body, this.nm.seats, this.gameInfo);
          if (this.nm) this.nm.error = why;
          this.say(why, 'note'); // where the finger is
          return;
        }
        this.showRefusal(e);
      }
    },

    // ---- the match
    async openMatch(id) {
      this.match = null;
      this.matchError = '';
      await this.loadGames();
      if (isHere(id)) { await this.openHere(id); return; }
      try {
        const m = this.pocketKept(await this.api.get('/v1/matches/' + encodeURIComponent(id)));
        if (!this.gameOf(m.game).id) await this.loadGames(true);
        this.match = m;
        this.openStream(id);
        this.learnLast();
        this.pocketOpen();
      } catch (e) {
        this.matchError = e instanceof Problem && e.status === 404 ? this.t('not_found') : e.message;
      }
    },
    async refresh() {
      if (!this.match) return;
      if (isHere(this.match.id)) { this.pocketClose(); this.pocketOpen(); return; } // the phone's own
      if (this.remote) this.notes = []; // another phone's event came after the one they were on
      this.remote = null;
      try { this.match = this.pocketKept(await this.api.get('/v1/matches/' + encodeURIComponent(this.match.id))); } catch { /* kept */ }
      if (this.match && this.queue.some((q) => q.match === this.match.id && q.local)) this.pocketClose();
      this.pocketOpen();
    },
    // refreshView reads the match again for its view (what its screens
    // draw), when a change was answered without it and the phone's rules
    // could not give it; a change since leaves it to the next read.
    async refreshView() {
      const m = this.match;
      if (!m || isHere(m.id)) return;
      let body;
      try { body = await this.api.get('/v1/matches/' + encodeURIComponent(m.id)); } catch { return; }
      if (this.match === m && body && body.version === m.version && m.viewStale) {
        m.view = body.view;
        m.viewStale = false;
      }
    },
    st() { return (this.match && this.match.state) || {}; },
    players() { return (this.match && this.match.players) || []; },
    nameOf(id) {
      const p = this.players().find((x) => x.id === id);
      return p ? p.name : id;
    },
    totalOf(id) { return ((this.match && this.match.scores && this.match.scores.totals) || {})[id] || 0; },
    isFinished() { return !!this.match && this.match.status === 'finished'; },
    isWinner(id) { return !!(this.match && this.match.result && (this.match.result.winners || []).includes(id)); },
    // The result of a finished match as the server gives it: its winners,
    // each player's place (equal results share one), the players by place.
    placeOf(id) { const p = ((this.match && this.match.result && this.match.result.placements) || []).find((x) => x.player_id === id); return p ? p.place : 0; },
    resultText() {
      const w = (this.match && this.match.result && this.match.result.winners) || [];
      return w.length ? this.t(w.length > 1 ? 'winners_are' : 'winner_is', { p: w.map((id) => this.nameOf(id)).join(listSep(this.lang)) }) : '';
    },
    byPlace() {
      const ps = this.players();
      return this.isFinished() ? ps.slice().sort((a, b) => (this.placeOf(a.id) || ps.length + 1) - (this.placeOf(b.id) || ps.length + 1)) : ps;
    },
    nextText() { return this.text((this.match && this.match.next) || ''); },
    rounds() { return (this.match && this.match.scores && this.match.scores.rounds) || []; },
    isGame(id) { return !!this.match && this.match.game === id; },
    // isHereMatch: the match on the screen was started on this phone and
    // has not reached the server yet.
    isHereMatch() { return !!this.match && isHere(this.match.id); },
    // applyChange takes the compact answer to a change sent at version base:
    // the match's new state and totals, and the sheet's rows from
    // rounds.from on. It reports false when the answer cannot be applied to
    // the match held (another device changed it, or the match's status
    // changed, which a whole match shows better); the caller then reloads.
    applyChange(d, base) {
      const m = this.match, c = d.match, r = d.rounds;
      if (!m || !c || !r || !m.scores || c.status !== m.status) return false;
      if (m.version !== base && r.from !== 0) return false;
      for (const k of ['version', 'next', 'state', 'result', 'updated_at']) m[k] = c[k];
      m.viewStale = true; // the answer has no view: the phone's rules or a read give it
      const rows = Array.isArray(r.rows) && Array.isArray(m.scores.rounds) ? m.scores.rounds.slice(0, r.from).concat(r.rows) : r.rows;
      m.scores = Object.assign({}, m.scores, { totals: c.totals, rounds: rows });
      return true;
    },

    // openStream follows the match live (stream.js: read with fetch, the
    // token in the Authorization header, never in the URL).
    openStream(id) {
      if (!window.MotamedStream || !window.ReadableStream || isHere(id)) return;
      // The handle this.stream keeps is wrapped by Alpine's reactivity, so
      // whether this stream is still the screen's is a flag of its own.
      let current = true;
      const stream = window.MotamedStream('/v1/matches/' + encodeURIComponent(id) + '/stream', {
        token: this.token,
        on: {
          match: (d) => {
            if (!this.match || !d || !d.match || d.match.id !== this.match.id) return;
            this.streamSeen = { version: d.match.version, event: d.event };
            this.checkRemote();
          },
          // A whole match comes again after a rename or a merge: take its names.
          snapshot: (d) => {
            if (!this.match || !d || !d.match || d.match.id !== this.match.id || d.match.version !== this.match.version) return;
            this.match.players = d.match.players;
          },
        },
        // <body data-stream="open"> says the server follows the match for
        // this page: an event recorded from now on reaches it.
        state: (st) => {
          if (!current) return;
          if (st === 'live') document.body.dataset.stream = 'open';
          else delete document.body.dataset.stream;
        },
      });
      this.stream = { close: () => { current = false; stream.close(); } };
    },
    closeStream() {
      delete document.body.dataset.stream;
      if (this.stream) this.stream.close();
      this.stream = null;
      this.streamSeen = null;
    },
    // checkRemote offers a refresh when the stream shows an event this
    // device did not send (another phone at the table).
    checkRemote() {
      const s = this.streamSeen;
      if (!s || !this.match || this.sending || this.waitingFor(this.match.id) > 0) return;
      if (s.version > this.match.version) this.remote = s;
    },
    remoteText() {
      if (!this.remote) return '';
      const e = this.remote.event;
      return this.t('other_device') + (e ? ' ' + this.describe(e.type, e.data) : '');
    },
    // story tells this match's events in the page's language (app-story.js).
    story() { return storyOf(this.match, this.match ? this.gameOf(this.match.game) : null, this.lang); },
    // describe is one event as a sentence, with names and the game's words.
    describe(type, data) { return this.story().describe(type, data); },
    // time is a moment of today's match as a clock shows it.
    time(iso) {
      const d = new Date(iso);
      if (isNaN(d)) return '';
      return this.n(String(d.getHours()).padStart(2, '0') + ':' + String(d.getMinutes()).padStart(2, '0'));
    },
    // ---- feedback where the finger is: a toast inside the viewport,
    // announced (aria-live), that never takes a tap from what is under it
    say(text, kind) {
      if (!text) return;
      const id = (this.toast && this.toast.id || 0) + 1;
      this.toast = { id, text, kind: kind || 'info' };
      clearTimeout(this.toastTimer);
      this.toastTimer = setTimeout(() => { if (this.toast && this.toast.id === id) this.toast = null; }, kind === 'refusal' ? 12000 : 6000);
    },
    toastText() { return (this.toast && this.toast.text) || ''; },
    toastKind() { return 'toast ' + ((this.toast && this.toast.kind) || ''); },
    // undoWhat is what Undo would take back, in words.
    undoWhat() { return this.undoEv ? this.describe(this.undoEv.type, this.undoEv.data) : ''; },
    // learnLast reads what Undo would take back: the latest event in force.
    async learnLast() {
      if (!this.match) return;
      const id = this.match.id;
      try {
        const evs = await this.eventsInForce();
        if (!this.match || this.match.id !== id) return;
        const last = evs[evs.length - 1];
        this.undoEv = last ? { type: last.type, data: last.data } : null;
      } catch { this.undoEv = null; }
    },
    // isPlayerNumbers: v is a number for each of some players (a score
    // sheet's row, a roll of W per player).
    isPlayerNumbers(v) {
      if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
      const e = Object.entries(v);
      return e.length > 0 && e.every(([id, x]) => typeof x === 'number' && this.players().some((p) => p.id === id));
    },

    // ---- sending: every change goes through the queue, in order
    waitingFor(id) { return this.queue.filter((q) => q.match === id).length; },
    // showQueue: the waiting events are shown once they wait (offline, a
    // refusal, or more than the one being sent), so that a send on a good
    // connection does not shift the screen under the next tap.
    showQueue() {
      const w = this.waitingHere();
      return !this.online || w.length > 1 || w.some((q) => q.status === 'refused');
    },
    waitingCount() { return this.queue.filter((q) => q.status !== 'refused').length; },
    waitingHere() { return this.match ? this.queue.filter((q) => q.match === this.match.id) : []; },
    queueLabel(q) {
      if (q.kind === 'event' || q.kind === 'put') return this.describe(q.type, q.data || {});
      return this.t(q.kind === 'batch' ? 'fx_batch' : q.kind === 'void' ? 'void' : q.kind);
    },
    /**
     * send records an event: it is queued with its Idempotency-Key and
     * If-Match and sent in order. It resolves true once recorded, 'queued'
     * when it waits for the network, false when refused (the refusal shown).
     */
    send(type, data) { return this.enqueue({ kind: 'event', type, data }); },
    async undo() {
      const what = this.undoWhat();
      if (this.match && isHere(this.match.id)) return this.undoHere(what);
      const ok = await this.enqueue({ kind: 'undo' });
      if (ok === true) {
        this.say(what ? this.t('st_did_undo', { s: what }) : this.t('undo'), 'done');
        await this.learnLast();
        if (this.tabIs('events')) this.openEvents();
      }
      return ok;
    },
    // undoHere takes back the latest event of a match started on this
    // phone: it waits in the queue, so it leaves it.
    undoHere(what) {
      const last = this.waitingHere().filter((q) => q.status !== 'refused').pop();
      if (!last) { this.say(this.t('off_here_fix'), 'note'); return false; }
      this.discard(last.key);
      this.say(what ? this.t('st_did_undo', { s: what }) : this.t('undo'), 'done');
      return true;
    },
    async redo() {
      if (this.match && isHere(this.match.id)) { this.say(this.t('off_here_redo'), 'note'); return false; }
      if (!this.online && !this.pocketReady()) { this.say(this.t('off_redo'), 'note'); return false; }
      const ok = await this.enqueue({ kind: 'redo' });
      if (ok === true) {
        await this.learnLast();
        this.say(this.t('st_did_redo', { s: this.undoWhat() }), 'done');
        if (this.tabIs('events')) this.openEvents();
      }
      return ok;
    },
    correct(seq, type, data) { return this.enqueue({ kind: 'put', seq, type, data }); },
    enqueue(item) {
      if (!this.match) return Promise.resolve(false);
      if (isHere(this.match.id) && item.kind !== 'event') { this.say(this.t('off_here_fix'), 'note'); return Promise.resolve(false); }
      const waiting = this.waitingFor(this.match.id);
      this.refusal = null;
      const q = Object.assign({ key: newKey(), match: this.match.id, base: this.match.version + waiting, status: 'waiting' }, item);
      let checked = null; // while offline, the phone's referee checks it first, under the seq the server will give it
      try { checked = this.pocketCheck(q); } catch (e) { this.showRefusal(e); return Promise.resolve(false); }
      if (checked) { q.local = true; this.pocketShow(checked); }
      this.queue.push(q);
      saveQueue(this.queue);
      if (q.local) { this.undoEv = this.pocketLast(); this.eventsAgain(); } // what Undo takes back now
      return new Promise((resolve) => {
        this.resolvers = this.resolvers || {};
        this.resolvers[q.key] = resolve;
        this.flush().then(() => {
          if (this.queue.some((x) => x.key === q.key && x.status === 'waiting')) {
            if (!q.local && this.waitingHere().every((x) => x === q || x.local)) {
              // the network went as it was sent: the phone's referee checks it
              try {
                checked = this.pocketCheck(q);
                if (checked) { q.local = true; this.pocketShow(checked); saveQueue(this.queue); this.eventsAgain(); }
              } catch (e) {
                this.discard(q.key);
                this.showRefusal(e);
                return;
              }
            }
            delete this.resolvers[q.key];
            resolve('queued');
          }
        });
      });
    },
    settle(key, v) {
      const r = this.resolvers && this.resolvers[key];
      if (r) { delete this.resolvers[key]; r(v); }
    },
    flush() {
      if (this.flushing) return this.flushing.then(() => this.flush());
      this.flushing = this.flushAll().finally(() => { this.flushing = null; });
      return this.flushing;
    },
    async flushAll() {
      this.sending = true;
      let sent = false;
      try {
        while (this.queue.length) {
          const q = this.queue[0];
          if (isHere(q.match)) { // a match started here goes as one log
            if (!(await this.sendHere(q.match))) break;
            sent = true;
            continue;
          }
          if (q.status === 'refused') break;
          let r;
          try {
            r = await this.transmit(q);
          } catch (e) {
            if (e instanceof Offline) { this.online = false; break; }
            if (this.resolvers && this.resolvers[q.key]) {
              // the person is waiting for this answer: the refusal is shown
              // and the form keeps what was typed, so nothing stays queued
              this.queue.shift();
              for (const x of this.queue) if (x.match === q.match) x.base -= 1;
              saveQueue(this.queue);
              if (this.match && q.match === this.match.id) this.showRefusal(e);
              if (e instanceof Problem && e.status === 412) this.remote = { version: -1, event: null };
              this.settle(q.key, false);
              continue;
            }
            q.status = 'refused';
            q.problem = e instanceof Problem ? { status: e.status, body: e.body } : { status: 0, body: { detail: String(e) } };
            saveQueue(this.queue);
            if (q.local && e instanceof Problem) { await this.pocketRebuild(); this.eventsAgain(); } // the server wins
            if (this.match && q.match === this.match.id) {
              this.showRefusal(e);
              if (e instanceof Problem && e.status === 412) this.remote = { version: -1, event: null };
            }
            this.settle(q.key, false);
            break;
          }
          this.online = true;
          // the notes are on the event just recorded, shown only on its match
          if (this.match && q.match === this.match.id) {
            this.notes = (r && r.event && r.event.notes) || [];
            if (this.notes.length) this.say(this.notes.map((x) => x.rule + ' ' + this.named(x.message)).join(this.sep()), 'note');
            if (q.kind === 'event') this.undoEv = { type: q.type, data: q.data };
            else if (q.kind !== 'undo' && q.kind !== 'redo') this.learnLast();
          }
          this.queue.shift();
          // the changes queued after it follow it: a batch of fixes moves
          // the match on by one version a fix
          if (r && r.match && typeof r.match.version === 'number') {
            let k = 0;
            for (const x of this.queue) if (x.match === q.match) x.base = r.match.version + k++;
          }
          saveQueue(this.queue);
          if (this.match && q.match === this.match.id && r && r.match) {
            if (!this.applyChange(r, q.base)) {
              // the version the server is at now, before the reload
              // answers, so a tap meanwhile is sent against it
              this.match.version = r.match.version;
              this.pocketClose();
              await this.refresh();
            } else {
              this.pocketSent(q, r);
              if (this.match.viewStale) this.refreshView();
            }
          }
          this.settle(q.key, true);
          sent = true;
        }
        // a match started here with no event yet is sent as it is
        for (const m of hereMatches()) {
          if (this.queue.some((x) => x.match === m.id)) continue;
          if (!(await this.sendHere(m.id))) break;
          sent = true;
        }
      } finally {
        this.sending = false;
      }
      if (sent) this.eventsAgain(); // the server's list again
      this.checkRemote();
    },
    async transmit(q) {
      const base = '/v1/matches/' + encodeURIComponent(q.match);
      const h = { 'Idempotency-Key': q.key, 'If-Match': '"' + q.base + '"' };
      let res;
      if (q.kind === 'event') res = await this.api.post(base + '/events', { type: q.type, data: q.data }, h);
      else if (q.kind === 'undo') res = await this.api.post(base + '/undo', undefined, h);
      else if (q.kind === 'redo') res = await this.api.post(base + '/redo', undefined, h);
      else if (q.kind === 'put') res = await this.api.put(base + '/events/' + q.seq, { type: q.type, data: q.data }, h);
      else if (q.kind === 'void') res = await this.api.post(base + '/events/' + q.seq + '/void', undefined, h);
      else if (q.kind === 'batch') res = await this.api.post(base + '/corrections', { corrections: q.corrections }, h);
      const d = res.data || {};
      return d.match ? d : { match: d };
    },
    // discardsMatch: discarding q drops its whole match, started on this
    // phone and refused by the server as a whole.
    discardsMatch(q) { return !!q && isHere(q.match) && !!(hereMatch(q.match) || {}).refused; },
    discard(key) {
      const i = this.queue.findIndex((q) => q.key === key);
      if (i < 0) return;
      if (this.discardsMatch(this.queue[i])) {
        const id = this.queue[i].match;
        const gone = this.queue.filter((q) => q.match === id);
        this.queue = this.queue.filter((q) => q.match !== id);
        saveQueue(this.queue);
        forgetHere(id);
        this.refusal = null;
        for (const q of gone) this.settle(q.key, false);
        if (this.match && this.match.id === id) location.replace('#/');
        this.flush();
        return;
      }
      const [gone] = this.queue.splice(i, 1);
      for (const q of this.queue.slice(i)) if (q.match === gone.match) q.base -= 1;
      saveQueue(this.queue);
      if (gone.local) { this.pocketClose(); this.pocketOpen().then(() => this.eventsAgain()); } // the screen without it
      else this.eventsAgain();
      this.refusal = null;
      this.settle(key, false);
      this.flush();
    },
    retry(key) {
      const q = this.queue.find((x) => x.key === key);
      if (!q) return;
      q.status = 'waiting';
      if (this.match && q.match === this.match.id) q.base = this.match.version + this.queue.filter((x) => x.match === q.match).indexOf(q);
      saveQueue(this.queue);
      this.refusal = null;
      this.flush();
    },

    // ---- refusals and rules
    showRefusal(e) {
      this.refusal = this.refusalOf(e);
      const why = (this.refusal.violations.length ? this.refusal.violations.map((v) => v.rule + ' ' + this.named(v.message)) : [this.text(this.refusal.detail)]).join(this.sep());
      this.say(this.refusal.title + ': ' + why, 'refusal');
    },
    // refusalOf is what the app shows of a refusal: the problem's machine
    // fields (a version, a field's path) are for programs, a player reads
    // what happened in words.
    refusalOf(e) {
      if (isOffline(e)) return { title: this.t('off_title'), detail: this.t('off_needs_server'), violations: [] };
      if (!(e instanceof Problem)) return { title: this.t('error'), detail: this.t('send_failed'), violations: [] };
      const b = e.body || {};
      const fields = b.errors || b.fields || [];
      const r = {
        title: b.title || this.t('refused_title'),
        detail: b.detail || '',
        violations: b.violations || [],
        fields,
        breaksAt: b.breaks_at || null,
        status: e.status,
      };
      if (e.status === 412) Object.assign(r, { title: this.t('stale_title'), detail: this.t('stale_version') });
      else if (b.type === '/problems/player-merged') r.detail = this.t('refused_merged'); // its detail names IDs
      else if (fields.length && !r.violations.length) {
        Object.assign(r, { title: this.t('input_title'), detail: fields.map((x) => this.fieldSentence(x)).join(' ') });
      }
      return r;
    },
    // problemWords is a refusal in one line of words.
    problemWords(e) {
      const r = this.refusalOf(e);
      return r.violations.length ? r.violations.map((v) => this.text(v.message)).join(' ') : this.text(r.detail || r.title);
    },
    // fieldSentence is a field the server could not take, as a sentence: its
    // message, after the thing it is about when the message does not say.
    fieldSentence(x) {
      const msg = String((x && x.message) || '').trim();
      const full = /^[^a-z]/.test(msg) || /^(pl_|[0-9])/.test(msg);
      const end = /[.!?]$/.test(msg) ? '' : '.';
      return (full ? this.text(msg) : this.fieldWords((x && x.field) || '') + ' ' + this.text(msg)) + end;
    },
    // fieldWords names a field's path in words: players by name, list
    // positions counted from 1, names as words rather than keys.
    fieldWords(path) {
      const parts = String(path).split(/[.[\]]+/).filter((p) => p && p !== 'data');
      const opts = (this.gameInfo && this.gameInfo.options) || [];
      const opt = parts[0] === 'options' && opts.find((o) => o.name === parts[1]);
      if (opt) parts.splice(0, 2, '');
      const out = parts.map((p) => {
        if (p === '') return this.optionLabel(opt);
        if (/^pl_/.test(p)) return this.nameOf(p);
        if (/^[0-9]+$/.test(p)) return this.t('item_n', { n: Number(p) + 1 });
        return hasWord('field_' + p) ? this.t('field_' + p) : p.replace(/_/g, ' ');
      });
      const s = out.join(this.sep());
      return s ? s.charAt(0).toUpperCase() + s.slice(1) + ':' : '';
    },
    async showRule(id) {
      try {
        this.ruleShown = await this.api.get('/v1/rules/' + encodeURIComponent(id));
        this.$nextTick(() => { const d = document.getElementById('rule-dialog'); if (d && !d.open) d.showModal(); });
      } catch (e) { this.showRefusal(e); }
    },
    closeRule() {
      const d = document.getElementById('rule-dialog');
      if (d && d.open) d.close();
      this.ruleShown = null;
    },
    ruleURL(id) { return '/v1/rules/' + encodeURIComponent(id); },

    // ---- the event log, for corrections from the score sheet
    /**
     * eventsInForce is the match's events as they count now, in their
     * order: undone and voided ones left out, a correction in the place of
     * the event it replaced. Each keeps its own seq, the one to correct.
     */
    async eventsInForce() {
      if (isHere(this.match.id)) return this.pocketReady() ? this.pocketEvents() : [];
      let r;
      try {
        r = await this.api.get('/v1/matches/' + encodeURIComponent(this.match.id) + '/events');
      } catch (e) {
        // with no network, the phone's copy of the match knows them
        if (isOffline(e) && this.pocketReady()) return this.pocketEvents();
        throw e;
      }
      if (!this.online && this.pocketReady()) return this.pocketEvents(); // the read was the worker's, kept from before
      const all = r.items || r.events || [];
      const bySeq = new Map(all.map((e) => [e.seq, e]));
      const place = (e) => {
        let seq = e.seq;
        for (let x = e, hops = 0; x && hops < all.length; hops++) {
          const back = x.replaces ?? x.restores;
          if (back === undefined || back === null) break;
          seq = back;
          x = bySeq.get(back);
        }
        return seq;
      };
      return all
        .filter((e) => !e.voided && (e.voids === undefined || e.voids === null))
        .filter((e) => e.restores === undefined || e.restores === null || (bySeq.get(e.restores) || {}).voided)
        .map((e) => ({ seq: e.seq, place: place(e), type: e.type, data: e.data }))
        .sort((a, b) => a.place - b.place);
    },
    // ---- the events tab: every event in force, each fixable or voidable
    // Online, it is the server's list. With no network, or while changes
    // checked on this phone wait to be sent, it is the phone's copy of the
    // match (app-offline.js): the server's log it stands on, then the
    // changes waiting, each marked so, fixed and voided through the copy;
    // a change the copy did not check waits at the end, for the server.
    async openEvents() {
      this.tab = 'events';
      if (!this.match) return;
      const id = this.match.id;
      const ask = (this.eventsAsk || 0) + 1;
      this.eventsAsk = ask;
      let log = null, err = null;
      try {
        if (!isHere(id)) log = await this.api.get('/v1/matches/' + encodeURIComponent(id) + '/events');
      } catch (e) { err = e; }
      if (ask !== this.eventsAsk || !this.match || this.match.id !== id) return; // asked again since
      const time = (iso) => this.time(iso);
      const here = this.waitingHere().filter((q) => q.status !== 'refused');
      const away = !this.online || isOffline(err) || isHere(id);
      if (!away && !here.some((q) => q.local)) {
        if (err) { this.chapters = []; this.showRefusal(err); return; }
        this.chapters = this.story().chapters(log.items || log.events || [], time);
        return;
      }
      const copy = this.pocketReady();
      let groups = [];
      if (copy) {
        try { groups = this.story().chapters(this.pocketLog(log), time); } catch (e) { this.showRefusal(e); }
      }
      else if (log) groups = this.story().chapters(log.items || log.events || [], time); // as this phone last read it
      else this.showRefusal(err);
      const rest = here.filter((q) => !(copy && q.local));
      if (rest.length) {
        groups.push({ title: this.t('st_waiting_group'), key: 'waiting', lines: rest.map((q) => ({ seq: 0, first: 'q-' + q.key, line: this.queueLabel(q), struck: false, note: this.t('st_unchecked'), fixable: false, waiting: true })) });
      }
      if (isHere(id)) for (const g of groups) for (const l of g.lines) l.fixable = false; // fixed once it reaches the server
      this.chapters = groups;
    },
    // eventsAgain tells the Events list again, when it is on the screen,
    // after a change to what it tells.
    eventsAgain() { if (this.match && this.tabIs('events')) this.openEvents(); },
    lineClass(l) { return [l.struck ? 'struck' : '', l.waiting ? 'waiting' : ''].filter(Boolean).join(' '); },
    isPlayerList(v) { return Array.isArray(v) && v.length > 0 && v.every((x) => this.players().some((p) => p.id === x)); },

    ...fixer(),
    ...viewSheet(),
    ...pocketReferee(),

    setTab(t) { this.tab = t; },
    tabIs(t) { return this.tab === t; },
  };
}

numberFields();
Alpine.data('tableApp', tableApp);
Alpine.data('wizard', wizardScreen);
Alpine.data('munchkin', munchkinScreen);
Alpine.data('silver', silverScreen);
Alpine.data('yatuk', yatukScreen);
Alpine.data('wazabi', wazabiScreen);
Alpine.data('scoresheet', sheetScreen);
Alpine.data('defineSheet', defineScreen);
Alpine.data('desk', deskScreen);
Alpine.data('importer', importScreen);
window.Alpine = Alpine;
Alpine.start();
idle(); // a screen that asks nothing of the server is at rest at once
