// The referee in the phone: the rules compiled to WebAssembly
// (/assets/rules.wasm, run with Go's wasm_exec.js) check the events the
// table records while the network is gone, so that the game goes on: a
// refusal shows at once with its rule, worded as the server words it, and
// an accepted event moves the screen, the score sheet and what comes next.
// The events wait in the queue and are sent when the network is back; the
// server's answer wins, and the match is read again from it.
//
// The module is used only when it implements the same revision of the
// game's rules as the server (GET /v1/games gives each game's); otherwise
// the app behaves as without it: events are queued unchecked.

import { Problem, Offline, saveQueue, newKey } from './app-api.js';
import { addWords } from './app-i18n.js';

// What the phone cannot do without the server, and why: with no copy of
// the match in the phone (no module, or another revision of the rules), a
// fix and a redo are checked against the whole match's log, which the
// server keeps.
addWords({
  en: {
    off_title: 'No network',
    off_needs_server: 'This needs the server, and this phone has no network now. Events you record still wait here, checked by the phone, and are sent when the network is back.',
    off_fix: 'A fix needs the network: the server checks the whole match again with it. Fix it once the network is back; the events recorded meanwhile wait on this phone.',
    off_redo: 'Redo needs the network: the server keeps what was undone. Use it once the network is back.',
    off_here_no_referee: 'Starting a match needs the network, or this phone\'s referee, which has not loaded. Start it once the network is back.',
    off_here_revision: 'This phone\'s referee follows other rules of this game than the server, so a match of it cannot start with no network. Start it once the network is back, or reload the app then.',
    off_here_fix: 'This match waits on this phone to reach the server: Undo takes back its latest event, and fixes wait until it is sent.',
    off_here_redo: 'This match waits on this phone to reach the server: redo waits until it is sent.',
    off_here_match: 'Started on this phone · sent when the network is back',
  },
  fa: {
    off_title: 'شبکه نیست',
    off_needs_server: 'این کار به سرور نیاز دارد و این گوشی الان به شبکه وصل نیست. رویدادهایی که ثبت می‌کنید روی همین گوشی بررسی می‌شوند، منتظر می‌مانند و وقتی شبکه برگشت فرستاده می‌شوند.',
    off_fix: 'اصلاح به شبکه نیاز دارد: سرور کلِ بازی را با اصلاح دوباره بررسی می‌کند. وقتی شبکه برگشت اصلاح کنید؛ رویدادهایی که تا آن موقع ثبت می‌شوند روی این گوشی منتظر می‌مانند.',
    off_redo: '«دوباره» به شبکه نیاز دارد: آنچه برگردانده شده روی سرور نگه داشته می‌شود. وقتی شبکه برگشت از آن استفاده کنید.',
    off_here_no_referee: 'شروعِ بازی به شبکه نیاز دارد، یا به داورِ این گوشی که بار نشده است. وقتی شبکه برگشت بازی را شروع کنید.',
    off_here_revision: 'داورِ این گوشی قوانینِ این بازی را جورِ دیگری از سرور دنبال می‌کند، پس بازی‌اش بی‌شبکه شروع نمی‌شود. وقتی شبکه برگشت شروعش کنید، یا آن موقع برنامه را دوباره باز کنید.',
    off_here_fix: 'این بازی روی همین گوشی منتظر است تا به سرور برسد: «برگرداندن» آخرین رویدادش را برمی‌گرداند و اصلاح تا فرستاده شدنش صبر می‌کند.',
    off_here_redo: 'این بازی روی همین گوشی منتظر است تا به سرور برسد: «دوباره» تا فرستاده شدنش صبر می‌کند.',
    off_here_match: 'روی همین گوشی شروع شد، وقتی شبکه برگشت فرستاده می‌شود',
  },
});

// ---- a match started on this phone with no network
// A match started with no network lives on the phone under an ID of its
// own (here-...) until the network is back: its seats and options are kept
// here, its events wait in the queue, checked by the rules module, and the
// whole log is sent as one request (POST /v1/matches with its events and an
// Idempotency-Key), after which the phone follows the server's match.
const HERE = 'motamed.here.';
const MOVED = 'motamed.moved.';

/** isHere: id is a match started on this phone, not on the server yet. */
export function isHere(id) { return typeof id === 'string' && id.startsWith('here-'); }

/** hereMatch is the kept record of a match started on this phone. */
export function hereMatch(id) {
  try { return JSON.parse(localStorage.getItem(HERE + id) || 'null'); } catch { return null; }
}

/** keepHere keeps a match started on this phone. */
export function keepHere(rec) { localStorage.setItem(HERE + rec.id, JSON.stringify(rec)); }

/** hereSent: the match started here is the server's match real now, at version. */
export function hereSent(id, real, version) {
  localStorage.setItem(MOVED + id, JSON.stringify({ id: real, version }));
  localStorage.removeItem(HERE + id);
}

/** forgetHere drops a match started on this phone, which will not be sent. */
export function forgetHere(id) { localStorage.removeItem(HERE + id); }

/** hereMatches are the matches started on this phone not sent yet. */
export function hereMatches() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (!k || !k.startsWith(HERE)) continue;
    const rec = hereMatch(k.slice(HERE.length));
    if (rec && rec.body) out.push({ id: rec.id, game: rec.body.game, players: rec.players });
  }
  return out;
}

/** movedTo is the server's match ({id, version} as sent) of a match started here, or null. */
export function movedTo(id) {
  try { return JSON.parse(localStorage.getItem(MOVED + id) || 'null'); } catch { return null; }
}

/** isOffline reports whether e is the network failing, not a refusal. */
export function isOffline(e) { return e instanceof Offline; }

let loading = null;
// opening is the copy of the match being opened, if any; openAgain asks
// for one more opening after it (the match moved on meanwhile).
let opening = null;
let openAgain = false;

// The app shell: the service worker of this version keeps the app for a
// reload with no network (see sw.js).
if ('serviceWorker' in navigator && window.isSecureContext) {
  const v = new URL(import.meta.url).searchParams.get('v') || '';
  navigator.serviceWorker.register('/sw.js?v=' + v, { scope: '/' }).catch(() => { /* the app works without it, online */ });
  if (navigator.serviceWorker.controller) shellReady();
  else navigator.serviceWorker.addEventListener('controllerchange', keepReads, { once: true });
}

// keepReads reads again, once the worker has taken control of a page it
// did not load, the reads of a match screen that page made and had
// answered (the token's rights, the games, the open match and its log),
// so that the worker keeps them for a reload with no network.
async function keepReads() {
  const token = localStorage.getItem('motamed.token');
  const kept = [/^\/v1\/me$/, /^\/v1\/games(\/[^/]+)?$/, /^\/v1\/matches\/[^/]+$/, /^\/v1\/matches\/[^/]+\/events$/];
  const paths = new Set(performance.getEntriesByType('resource')
    .filter((e) => e.initiatorType === 'fetch' && (e.responseStatus === undefined || e.responseStatus === 200))
    .map((e) => new URL(e.name))
    .filter((u) => u.origin === location.origin && kept.some((re) => re.test(u.pathname)))
    .map((u) => u.pathname + u.search));
  if (token && paths.size) {
    const h = { Accept: 'application/json', Authorization: 'Bearer ' + token, 'Accept-Language': document.documentElement.lang || 'en' };
    await Promise.all([...paths].map((p) => fetch(p, { headers: h }).catch(() => null)));
  }
  shellReady();
}

// shellReady says on the page that a reload with no network opens the app.
function shellReady() {
  const mark = () => { document.body.dataset.shell = 'kept'; };
  if (document.body) mark();
  else document.addEventListener('DOMContentLoaded', mark, { once: true });
}

function script(src) {
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = src;
    s.onload = resolve;
    s.onerror = reject;
    document.head.appendChild(s);
  });
}

// moduleResponse is the module of this version as the app shell keeps it
// (the service worker's cache, filled when the worker was installed), else
// from the network. Compiled while it streams in, from a response the
// browser can key, it lets the browser keep the compiled code, so a later
// open skips most of the compiling.
async function moduleResponse(url) {
  try {
    const hit = window.caches && await caches.match(url);
    if (hit) return hit;
  } catch { /* no cache storage: the network */ }
  return fetch(url);
}

/** loadRules loads the rules module once; it resolves to its calls, or null. */
export function loadRules() {
  if (!loading) {
    loading = (async () => {
      if (!window.WebAssembly || !WebAssembly.instantiateStreaming) return null;
      const v = new URL(import.meta.url).searchParams.get('v') || '';
      const exec = script('/assets/wasm_exec.js?v=' + v);
      const compiled = WebAssembly.compileStreaming(moduleResponse('/assets/rules.wasm?v=' + v));
      await exec;
      const go = new window.Go();
      const ready = new Promise((resolve) => { window.motamedRulesReady = resolve; });
      const instance = await WebAssembly.instantiate(await compiled, go.importObject);
      go.run(instance);
      await ready;
      return window.motamedRules;
    })().catch(() => null);
  }
  return loading;
}

// A phone signed in loads the module as soon as the app has opened, not
// when a match opens, so that a tap with no network finds it ready.
if (localStorage.getItem('motamed.token')) {
  const start = () => setTimeout(loadRules, 0);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

// warmed are the games whose sample match this page has played.
const warmed = new Set();

/** whenIdle runs f when the page is next idle (within a second). */
function whenIdle(f) {
  if (window.requestIdleCallback) window.requestIdleCallback(f, { timeout: 1000 });
  else setTimeout(f, 0);
}

// tidying is true while a collection waits for the page to be idle.
let tidying = false;

/**
 * tidySoon has the module collect its garbage when the page is next idle,
 * once however many steps asked. The module's Go runtime collects on the
 * one thread the page has; left to itself it did so in the middle of a
 * tap now and then (20 to 40 ms at 4x CPU throttling, where an event takes
 * about 5).
 */
function tidySoon(rules) {
  if (tidying) return;
  tidying = true;
  whenIdle(() => {
    tidying = false;
    try { call(rules, 'tidy'); } catch { /* gone */ }
  });
}

/**
 * warmUp plays the module's sample match of game (one generated match) in
 * the background, a few events each time the page is idle, then closes it.
 * The browser compiles the module's code on its first call, so without it
 * the first event of each kind the table records offline waits for that
 * (up to 60 ms at 4x CPU throttling, where a warmed-up event takes under
 * 20). Once a page per game; a refusal ends it early.
 */
export function warmUp(rules, game, lang) {
  if (warmed.has(game)) return Promise.resolve();
  warmed.add(game);
  let sample = null;
  try { sample = call(rules, 'sample', game); } catch { /* none */ }
  if (!sample) return Promise.resolve();
  return new Promise((resolve) => {
    let h = '', i = 0;
    const step = () => {
      try {
        if (!h) h = String(call(rules, 'open', sample.match, lang).handle);
        for (const end = Math.min(i + 6, sample.events.length); i < end; i++) {
          const e = sample.events[i];
          call(rules, 'apply', h, { type: e.type, data: e.data, seq: i + 1 }, lang);
        }
        if (i < sample.events.length) { whenIdle(step); return; }
        call(rules, 'undo', h, lang);
        call(rules, 'redo', h, lang);
      } catch { /* what is left stays cold */ }
      if (h) { try { call(rules, 'close', h); } catch { /* gone */ } }
      document.body.dataset.warmed = [...warmed].join(' '); // the games warmed up
      tidySoon(rules);
      resolve();
    };
    whenIdle(step);
  });
}

/** call runs one call of the module: its answer, or a Problem it refused with. */
export function call(rules, name, ...args) {
  const a = JSON.parse(rules[name](...args.map((x) => (typeof x === 'string' ? x : JSON.stringify(x)))));
  if (a.problem) throw new Problem(a.problem.status, a.problem);
  return a.ok;
}

/**
 * effectiveLog is a match's events in force, in the order they stand, from
 * its log as GET /v1/matches/{id}/events lists it: a correction stands
 * where the event it replaced stood; undos, redos, voids and match updates
 * are the log's own records.
 */
export function effectiveLog(events) {
  const own = new Set(['undo', 'redo', 'void', 'match_updated']);
  const bySeq = new Map(events.map((e) => [e.seq, e]));
  const place = (e) => {
    let p = e;
    for (let i = 0; p && p.replaces && i < events.length; i++) p = bySeq.get(p.replaces) || null;
    return p ? p.seq : e.seq;
  };
  return events
    .filter((e) => !e.voided && !own.has(e.type))
    .map((e) => ({ at: place(e), ev: { seq: e.seq, type: e.type, data: e.data, revision: e.grandfathered ? e.grandfathered.revision : 0 } }))
    .sort((a, b) => a.at - b.at)
    .map((x) => x.ev);
}

/**
 * undoneLog are the events the latest undos of a log took back, the latest
 * last, while nothing else was recorded after them: what a redo brings
 * back (the server's rule: a redo follows an undo, before anything else).
 */
export function undoneLog(events) {
  const bySeq = new Map(events.map((e) => [e.seq, e]));
  let undone = [];
  for (const e of events) {
    if (e.type === 'undo') {
      const v = bySeq.get(e.voids);
      if (v) undone.push(v);
    } else if (e.type === 'redo') {
      if (e.restores) undone = undone.filter((x) => x.seq !== e.restores);
    } else if (e.type !== 'match_updated') undone = [];
  }
  return undone.map((e) => ({ seq: e.seq, type: e.type, data: e.data, revision: e.grandfathered ? e.grandfathered.revision : 0 }));
}

/**
 * pocketReferee is the table app's part that keeps a copy of the open
 * match in the module: opened from the server's log, moved on by the events
 * this phone sends, and by those it checks while offline.
 */
export function pocketReferee() {
  return {
    // pocket: {match, version, lang, handle, rules, events}: the copy of the
    // open match at the server's version, telling it in lang, or null when
    // there is none.
    pocket: null,

    // pocketOpen reads the match's log and opens the copy (in the
    // background: nothing on the screen waits for it). One opening runs at
    // a time; asked again meanwhile, it runs once more after, for the match
    // as it is then.
    pocketOpen() {
      if (opening) { openAgain = true; return opening; }
      opening = this.pocketOpenOnce().catch(() => {}).finally(() => {
        opening = null;
        if (openAgain) { openAgain = false; this.pocketOpen(); }
      });
      return opening;
    },
    async pocketOpenOnce() {
      const m = this.match;
      if (!m || m.status !== 'in_progress') { this.pocketClose(); return; }
      if (this.pocket && this.pocket.match === m.id && this.pocket.version === m.version && this.pocket.lang === this.lang) return;
      const rules = await loadRules();
      if (!rules || !this.match || this.match.id !== m.id) return;
      const game = this.gameOf(m.game);
      if (!this.sameRevision(rules, m.game)) { this.pocketClose(); return; }
      const kept = isHere(m.id) ? null : keptMatch(m.id);
      let events, undone;
      if (isHere(m.id)) { // nothing of it is on the server yet
        events = [];
        undone = [];
      } else if (kept && kept.version === m.version) {
        events = kept.events;
        undone = kept.undone || [];
      } else {
        let log;
        try {
          log = await this.api.get('/v1/matches/' + encodeURIComponent(m.id) + '/events');
        } catch { return; }
        if (!this.match || this.match.id !== m.id) return;
        if (log.version !== this.match.version) {
          // the match moved on while its log was read: read it again
          if (this.match.version !== m.version) openAgain = true;
          return;
        }
        events = effectiveLog(log.events || []);
        undone = undoneLog(log.events || []);
      }
      const req = { game: m.game, sheet: game.sheet || undefined, players: m.players.map((p) => ({ id: p.id, name: p.name })), options: m.options, events, undone };
      try {
        const lang = this.lang;
        const { handle, view } = call(rules, 'open', req, lang);
        this.pocketClose();
        this.pocket = { match: m.id, version: m.version, lang, handle, rules, events, undone, rows: [], sheet: [] };
        this.pocketWhole(view);
        // The next step in the phone's language, whatever language the
        // match on the screen was read in (an answer kept from before a
        // switch of language, or a body kept by this phone).
        if (view && view.next && this.match && this.match.id === m.id && this.match.version === m.version) this.match.next = view.next;
        document.body.dataset.pocket = 'ready'; // the phone referees this match offline
        if (!isHere(m.id)) keepMatch(m, events, undone);
        else this.pocketShow(view); // its first screen, before the events waiting
        this.pocketReplay();
        if (isHere(m.id)) this.undoEv = this.pocketLast(); // what Undo takes back: the latest event waiting
        warmUp(rules, m.game, lang);
      } catch { this.pocketClose(); }
    },
    // startHere starts a match with no network (body as POST /v1/matches
    // takes it, seats the players the phone knows): kept on this phone and
    // played through the rules module, when it implements the server's
    // revision of the game's rules. It says why not otherwise.
    async startHere(body, seats, info) {
      const rules = await loadRules();
      if (!rules) return this.t('off_here_no_referee');
      if (!this.sameRevision(rules, body.game)) return this.t('off_here_revision');
      const options = {};
      for (const opt of (info && info.options) || []) if (opt.default !== undefined) options[opt.name] = opt.default;
      Object.assign(options, body.options || {});
      const rec = { id: 'here-' + newKey(), key: newKey(), body, players: seats.map((p, i) => ({ id: p.id, name: p.name, seat: i })), options };
      try { // the rules take these seats and options
        const { handle } = call(rules, 'open', { game: body.game, players: rec.players.map((p) => ({ id: p.id, name: p.name })), options: body.options || {}, events: [] }, this.lang);
        call(rules, 'close', String(handle));
      } catch (e) { return this.problemWords(e); }
      keepHere(rec);
      location.hash = '#/m/' + rec.id;
      return '';
    },
    // openHere opens a match started on this phone: its first screen as
    // the rules module sets it up, then the copy with its events waiting.
    async openHere(id) {
      const rec = hereMatch(id);
      if (!rec) {
        const moved = movedTo(id);
        if (moved) { location.replace('#/m/' + encodeURIComponent(moved.id)); return; }
        this.matchError = this.t('not_found');
        return;
      }
      const rules = await loadRules();
      if (!rules || !this.sameRevision(rules, rec.body.game)) { this.matchError = this.t(rules ? 'off_here_revision' : 'off_here_no_referee'); return; }
      const req = { game: rec.body.game, players: rec.players.map((p) => ({ id: p.id, name: p.name })), options: rec.body.options || {}, events: [] };
      const { handle, view } = call(rules, 'open', req, this.lang);
      call(rules, 'close', String(handle));
      if (!this.route || this.route.id !== id) return;
      this.match = { id, game: rec.body.game, league_id: rec.body.league_id || null, status: view.status, players: rec.players, options: rec.options, version: 0, state: view.state, next: view.next, scores: view.scores, result: view.result, view: view.view, here: true };
      await this.pocketOpen();
      this.undoEv = this.pocketLast();
    },
    // sendHere sends a match started on this phone, its log as one request:
    // the server checks it as any log. Accepted, its events leave the queue
    // and the phone follows the server's match; refused, the event the
    // server refused waits with its reason, to send again or discard. It
    // reports whether the queue may go on.
    async sendHere(id) {
      const rec = hereMatch(id);
      const items = this.queue.filter((x) => x.match === id);
      if (!rec) {
        // sent already: events recorded while it went follow it on the
        // server's match; with no record of it, they cannot be sent
        const moved = movedTo(id);
        let k = 0;
        for (const x of this.queue) if (x.match === id && moved) { x.match = moved.id; x.base = moved.version + k++; }
        this.queue = this.queue.filter((x) => x.match !== id);
        saveQueue(this.queue);
        return true;
      }
      if (items.some((x) => x.status === 'refused')) return false;
      const body = Object.assign({}, rec.body, { events: items.map((x) => ({ type: x.type, data: x.data })) });
      let r;
      try {
        r = await this.api.post('/v1/matches', body, { 'Idempotency-Key': rec.key });
      } catch (e) {
        if (isOffline(e)) { this.online = false; return false; }
        const at = e instanceof Problem && e.body ? e.body.refused_at : 0;
        // with no event named, the server refused the match itself (a
        // player merged away, a league archived): Discard then drops the
        // whole match, which no fix of an event would let through
        rec.refused = !at;
        keepHere(rec);
        const bad = items[(at || 1) - 1] || items[0];
        if (!bad) { // nothing the table recorded waits: the match goes, saying why
          forgetHere(id);
          this.showRefusal(e);
          if (this.match && this.match.id === id) location.replace('#/');
          return true;
        }
        if (bad) {
          bad.status = 'refused';
          bad.problem = e instanceof Problem ? { status: e.status, body: e.body } : { status: 0, body: { detail: String(e) } };
        }
        saveQueue(this.queue);
        if (this.match && this.match.id === id) { this.showRefusal(e); this.pocketClose(); await this.pocketOpen(); }
        if (bad) this.settle(bad.key, false);
        return false;
      }
      this.online = true;
      const real = r.data && r.data.id;
      const sent = new Set(items.map((x) => x.key));
      this.queue = this.queue.filter((x) => !sent.has(x.key));
      if (real) {
        hereSent(id, real, r.data.version);
        // an event recorded while the log was on its way follows it
        let k = 0;
        for (const x of this.queue) if (x.match === id) { x.match = real; x.base = r.data.version + k++; }
      }
      saveQueue(this.queue);
      for (const x of items) this.settle(x.key, true);
      if (real && this.match && this.match.id === id) location.replace('#/m/' + encodeURIComponent(real));
      return true;
    },
    // askReferee asks a game's referee a question: the server, and with no
    // network the module, whose answer is the server's word for word
    // (rules.LocalizeAnswer words both), when it implements the server's
    // revision of the game's rules. It resolves to the answer, or throws
    // the refusal (or Offline, when the phone cannot answer).
    async askReferee(game, question, body) {
      try {
        return (await this.api.post('/v1/referee/' + game + '/' + question, body)).data;
      } catch (e) {
        if (!isOffline(e)) throw e;
        const rules = await loadRules();
        if (!rules || !this.sameRevision(rules, game)) throw e;
        return call(rules, 'ask', game, question, body, this.lang);
      }
    },
    // sameRevision: the module implements the revision of game's rules that
    // the server does.
    sameRevision(rules, game) {
      const g = this.gameOf(game);
      let rev;
      try { rev = call(rules, 'revisions'); } catch { return false; }
      return !!g.id && (rev[game] || 1) === (g.revision || 1);
    },
    // pocketKept is the match as this phone last had it from the server,
    // when that is later than m (a read answered from the offline cache).
    pocketKept(m) {
      const k = keptMatch(m.id);
      return k && k.version > m.version ? k.body : m;
    },
    pocketClose() {
      if (this.pocket) { try { call(this.pocket.rules, 'close', String(this.pocket.handle)); } catch { /* gone */ } }
      this.pocket = null;
      delete document.body.dataset.pocket;
    },
    // pocketReady: the copy is the match on the screen, with the events
    // checked here since.
    pocketReady() {
      return !!(this.pocket && this.match && this.pocket.match === this.match.id);
    },
    // pocketReplay applies the events checked here that still wait (after a
    // reload offline, or the copy opened again) and shows where they lead.
    pocketReplay() {
      if (!this.pocketReady()) return;
      const k = keptMatch(this.match.id);
      if (k && k.version === this.match.version && this.queue.some((q) => q.match === this.match.id && q.local)) this.pocketShow(k.body);
      let local = false;
      for (const q of this.queue) {
        if (q.match !== this.match.id || !q.local || q.status === 'refused') continue;
        local = true;
        try {
          this.pocketShow(this.pocketStep(q));
        } catch (e) {
          q.status = 'refused';
          q.problem = { status: e.status, body: e.body };
        }
      }
      if (local) this.undoEv = this.pocketLast();
    },
    // pocketLast is the latest event in force as this phone has it: the
    // server's log the copy was opened from, then the changes checked here
    // that still wait (what Undo takes back next).
    pocketLast() {
      if (!this.pocketReady()) return this.undoEv;
      try {
        const evs = this.pocketEvents();
        const last = evs[evs.length - 1];
        return last ? { type: last.type, data: last.data } : null;
      } catch { return this.undoEv; }
    },
    // pocketStep applies a change to the copy: an event (under the seq the
    // server will give it), an undo, a redo, a batch of fixes.
    pocketStep(q) {
      const p = this.pocket;
      const h = String(p.handle);
      tidySoon(p.rules); // after this step, once the page is idle
      if (q.kind === 'undo') return this.pocketWhole(call(p.rules, 'undo', h, this.lang));
      if (q.kind === 'redo') return this.pocketWhole(call(p.rules, 'redo', h, this.lang));
      if (q.kind === 'batch') return this.pocketWhole(call(p.rules, 'correct', h, q.corrections, String(q.base + 1), this.lang, ''));
      return this.pocketWhole(call(p.rules, 'apply', h, { type: q.type, data: q.data, seq: q.base + 1 }, this.lang));
    },
    // pocketWhole puts back together a view the copy gave after a step: it
    // gives only the score rows and the sheet's rows from the first that
    // changed (rows_from, sheet_from), the rows before being those of the
    // view it gave before, which the copy's own record keeps here.
    pocketWhole(v) {
      const p = this.pocket;
      if (!v || !p) return v;
      if (v.scores && Array.isArray(v.scores.rounds)) {
        p.rows = v.rows_from ? p.rows.slice(0, v.rows_from).concat(v.scores.rounds) : v.scores.rounds;
        v.scores.rounds = p.rows;
      }
      if (v.view && v.view.sheet) {
        const rows = v.view.sheet.rows || [];
        p.sheet = v.sheet_from ? p.sheet.slice(0, v.sheet_from).concat(rows) : rows;
        v.view.sheet.rows = p.sheet;
      }
      return v;
    },
    // pocketFix checks a batch of fixes against the copy, storing nothing:
    // the view it leads to, or the refusal as the server words it.
    pocketFix(items) {
      const p = this.pocket;
      return call(p.rules, 'correct', String(p.handle), items, '0', this.lang, 'dry');
    },
    // pocketLog is the match's log as the Events list tells it while the
    // changes checked here wait to be sent: the server's log the copy stands
    // on (log, when it is at the copy's version, with the undone, voided and
    // corrected events and their times; else the copy's events in force as
    // the server had them), then each change waiting, as the server will
    // record it under the seq it will give it, marked as waiting (an event
    // or a fix), out (an undo or a void) or back (a redo). Told this way, it
    // must come to the copy's events in force now; when it does not, the
    // copy's events are told as they stand, those not sent yet waiting.
    pocketLog(log) {
      const p = this.pocket;
      const now = this.pocketEvents();
      const plain = () => now.map((e) => ({ seq: e.seq, type: e.type, data: e.data, waiting: !(e.seq > 0 && e.seq <= p.version) }));
      const items = log && log.version === p.version ? log.items || log.events : null;
      const entries = Array.isArray(items) ? items.map((e) => Object.assign({}, e)) : p.events.map((e) => ({ seq: e.seq, type: e.type, data: e.data }));
      const bySeq = new Map(entries.map((e) => [e.seq, e]));
      const add = (e) => { entries.push(e); bySeq.set(e.seq, e); };
      const force = p.events.map((e) => e.seq);
      let undone = (p.undone || []).map((e) => e.seq);
      for (const q of this.queue) {
        if (q.match !== p.match || !q.local || q.status === 'refused') continue;
        const rec = q.base + 1;
        if (q.kind === 'event') {
          add({ seq: rec, type: q.type, data: q.data, waiting: true });
          force.push(rec);
          undone = [];
        } else if (q.kind === 'undo') {
          const x = bySeq.get(force.pop());
          if (!x) return plain();
          Object.assign(x, { voided: true, out: 'undone', back: false });
          undone.push(x.seq);
        } else if (q.kind === 'redo') {
          const seq = undone.pop();
          let x = bySeq.get(seq);
          if (!x) {
            const u = (p.undone || []).find((e) => e.seq === seq);
            if (!u) return plain();
            x = { seq, type: u.type, data: u.data };
            add(x);
          }
          Object.assign(x, { voided: false, out: '', back: !x.waiting });
          force.push(seq);
        } else if (q.kind === 'batch') {
          for (const [i, c] of (q.corrections || []).entries()) {
            const at = force.indexOf(c.seq);
            const x = bySeq.get(c.seq);
            if (at < 0 || !x) return plain();
            if (c.void) {
              Object.assign(x, { voided: true, out: 'voided' });
              force.splice(at, 1);
            } else {
              x.replaced_by = rec + i;
              add({ seq: rec + i, type: c.type, data: c.data, replaces: c.seq, waiting: true });
              force[at] = rec + i;
            }
          }
          undone = [];
        } else return plain();
      }
      return force.join() === now.map((e) => e.seq).join() ? entries : plain();
    },
    // pocketEvents are the copy's events in force, each with its seq.
    pocketEvents() {
      const p = this.pocket;
      return call(p.rules, 'events', String(p.handle)).map((e) => ({ seq: e.seq, type: e.type, data: e.data || {} }));
    },
    // pocketCheck checks a change about to be queued while the network is
    // gone: the view it leads to, a Problem it is refused with, or null when
    // the phone cannot check it (the server will).
    pocketCheck(item) {
      // a match started here is checked here until it reaches the server
      if ((this.online && !isHere(this.match.id)) || !this.pocketReady()) return null;
      if (!['event', 'undo', 'redo', 'batch'].includes(item.kind)) return null;
      // the copy is behind a change waiting before this one that it did not check
      const at = this.queue.indexOf(item);
      if (this.queue.slice(0, at < 0 ? this.queue.length : at).some((q) => q.match === this.match.id && !q.local)) return null;
      return this.pocketStep(item);
    },
    // pocketShow puts a view the module gave on the screen.
    pocketShow(v) {
      const m = this.match;
      if (!m || !v) return;
      m.state = v.state;
      m.next = v.next;
      m.result = v.result;
      m.status = v.status;
      if (v.view) { m.view = v.view; m.viewStale = false; }
      m.scores = Object.assign({}, m.scores, { totals: v.scores.totals, rounds: v.scores.rounds });
      this.notes = (v.notes || []).map((n) => Object.assign({}, n));
    },
    // pocketSent follows a change the server took: the copy moves on with
    // it when it was the next event, and is opened again otherwise.
    pocketSent(q, r) {
      const p = this.pocket;
      if (!r || !r.match || !this.match || q.match !== this.match.id) return;
      if (!p || q.match !== p.match) { this.pocketOpen(); return; }
      const step = q.kind === 'event' || q.kind === 'undo';
      if (step && r.match.version === p.version + 1 && this.match && this.match.version === r.match.version) {
        try {
          if (!q.local) { // checked here already: the copy holds it, and the screen its view
            const v = this.pocketStep(q);
            if (v && v.view) { this.match.view = v.view; this.match.viewStale = false; }
          } else this.match.viewStale = false;
          if (q.kind === 'undo') p.undone.push(p.events.pop());
          else { p.events.push({ seq: r.match.version, type: q.type, data: q.data }); p.undone = []; }
          p.version = r.match.version;
          keepMatch(this.match, p.events, p.undone);
          return;
        } catch { /* the server's rules took it: read the log again */ }
      }
      this.pocketClose();
      this.pocketOpen();
    },
    // pocketRebuild: the server refused a change checked here (another
    // phone recorded first, a correction landed): the server wins. The
    // match is read again, and every change still waiting is checked
    // against it, those that no longer hold shown with their reason.
    async pocketRebuild() {
      this.pocketClose();
      forgetMatch(this.match && this.match.id);
      await this.refresh();
      await this.pocketOpen();
      saveQueue(this.queue);
    },
  };
}

// The match as this phone last had it from the server, kept for a reload
// with no network: its body at a version and its effective log.
const KEPT = 'motamed.pocket.';

function keptMatch(id) {
  try {
    const k = JSON.parse(localStorage.getItem(KEPT + id) || 'null');
    return k && typeof k.version === 'number' && Array.isArray(k.events) ? k : null;
  } catch { return null; }
}

function keepMatch(m, events, undone) {
  try {
    localStorage.setItem(KEPT + m.id, JSON.stringify({ version: m.version, body: m, events, undone }));
  } catch { /* full: the next reload reads the server */ }
}

function forgetMatch(id) { if (id) localStorage.removeItem(KEPT + id); }
