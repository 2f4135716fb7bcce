// Motamed pages: shared helpers. Plain browser JavaScript, no build step.
// Every screen draws a match from the view its game describes (the match
// body's "view"), so a live update draws what a reload would.
'use strict';
(function () {
  const M = (window.Motamed = {});

  // A page shown inside another (the rotation screen) leaves out its bar.
  if (window.top !== window) document.documentElement.classList.add('framed');

  M.boot = () => JSON.parse(document.getElementById('boot').textContent);

  // fmt writes a number as formatNum does: d decimals (-1: as short as
  // possible), Persian digits for fa.
  const FA = { 0: '۰', 1: '۱', 2: '۲', 3: '۳', 4: '۴', 5: '۵', 6: '۶', 7: '۷', 8: '۸', 9: '۹', '.': '٫', '-': '−' };
  M.fmt = (lang, v, d) => {
    let s = d < 0 ? String(v) : Number(v).toFixed(d);
    if (/^-0(\.0*)?$/.test(s)) s = s.slice(1);
    return lang === 'fa' ? s.replace(/[0-9.-]/g, (c) => FA[c]) : s;
  };

  // prose writes a Persian text's numbers in Persian digits, leaving IDs,
  // rule IDs and quoted values as they are (faProse in problem_fa.go).
  M.prose = (lang, s) => (lang !== 'fa' || !s ? s || ''
    : s.replace(/"[^"]*"|«[^»]*»|[A-Za-z0-9_-]*[A-Za-z_][A-Za-z0-9_-]*|[0-9]+/g, (t) => (/^[0-9]+$/.test(t) ? t.replace(/[0-9]/g, (c) => FA[c]) : t)));

  // sep joins the parts of a line: a middle dot, or on a Persian page
  // "، ", since a dot beside Persian digits reads as a zero (۰).
  M.sep = (lang) => (lang === 'fa' ? '، ' : ' · ');

  // h builds an element: h('td', {class: 'num'}, 'text', child...).
  M.h = (tag, attrs, ...kids) => build(document.createElement(tag), attrs, kids);
  const SVG = 'http://www.w3.org/2000/svg';
  M.s = (tag, attrs, ...kids) => build(document.createElementNS(SVG, tag), attrs, kids);
  function build(el, attrs, kids) {
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      el.setAttribute(k, v === true ? '' : String(v));
    }
    for (const k of kids.flat(Infinity)) {
      if (k === null || k === undefined || k === false) continue;
      el.append(k instanceof Node ? k : document.createTextNode(String(k)));
    }
    return el;
  }
  M.replace = (id, ...kids) => {
    const el = document.getElementById(id);
    if (el) el.replaceChildren(...kids.flat(Infinity).filter((k) => k !== null && k !== undefined && k !== false));
  };

  const isNum = (v) => typeof v === 'number';

  // tx is a game's text (rules.Text: {en, fa}) in lang, Persian digits for fa.
  M.tx = (t, lang) => (t ? M.prose(lang, lang === 'fa' && t.fa ? t.fa : t.en || '') : '');

  // sheetTable draws a game's score sheet view (the match body's
  // view.sheet): a row per round, turn, hand or battle, a cell per player
  // with the adjustments that made it (a 100->50 drop, a Kamikaze, a level
  // held at 1) marked, and the game's total column. opts.cell, when given,
  // makes the element of a cell (the phone makes a button to fix it).
  M.sheetTable = (sheet, players, lang, L, opts) => {
    opts = opts || {};
    const classOf = opts.classOf || ((i) => 'c' + (i % 12));
    if (!sheet || !sheet.rows.length) return M.h('p', { class: 'empty' }, L.no_rounds);
    const notes = sheet.rows.some((r) => r.note && r.note.en);
    const head = M.h('tr', {}, M.h('th', { scope: 'col' }, M.tx(sheet.row_header, lang)),
      players.map((p, i) => M.h('th', { scope: 'col', class: classOf(i) }, M.h('span', { class: 'swatch' }), M.h('bdi', {}, p.name))),
      notes ? M.h('th', { scope: 'col', class: 'details' }, L.details) : null);
    const body = sheet.rows.map((r, k) => M.h('tr', { class: r.voided ? 'voided' : null, 'data-row': k },
      M.h('th', { scope: 'row', class: r.number ? 'num' : 'label', title: M.tx(r.label, lang) }, r.number ? M.fmt(lang, r.number, 0) : M.tx(r.label, lang)),
      players.map((p) => {
        const c = r.cells[p.id];
        if (!c || (c.held && !opts.cell)) return M.h('td', { class: 'num none' });
        const kids = [M.h('span', { class: 'v' }, M.fmt(lang, c.value, 0)), M.cellNotes(c, lang)];
        return opts.cell ? opts.cell(r, p, c, kids) : M.h('td', { class: 'num' + (c.value < 0 ? ' neg' : '') + (c.marks ? ' marked' : '') }, kids);
      }),
      notes ? M.h('td', { class: 'details' }, M.tx(r.note, lang)) : null));
    const foot = M.h('tfoot', {}, M.h('tr', {}, M.h('th', { scope: 'row' }, M.tx(sheet.total_header, lang)),
      players.map((p) => {
        const t = sheet.totals[p.id] || 0;
        return M.h('td', { class: 'num total' + (t < 0 ? ' neg' : '') }, M.fmt(lang, t, 0));
      }),
      notes ? M.h('td', {}) : null));
    return M.h('table', { class: 'sheet' }, M.h('caption', { class: 'older-note', hidden: true }), M.h('thead', {}, head), M.h('tbody', {}, body), foot);
  };

  // cellNotes are the small figures under a cell: what was recorded before
  // the adjustments, each adjustment, and the game's sub figure (bid / won).
  M.cellNotes = (c, lang) => {
    const parts = [];
    if (isNum(c.base)) parts.push(M.h('span', { class: 'base' }, M.fmt(lang, c.base, 0)));
    for (const m of c.marks || []) parts.push(M.h('span', { class: 'mark mark-' + m.kind }, M.tx(m.label, lang)));
    if (c.sub && c.sub.en) parts.push(M.h('span', { class: 'sub' }, M.tx(c.sub, lang)));
    return parts.length ? M.h('small', {}, parts.map((e, i) => (i ? [lang === 'fa' ? '، ' : ', ', e] : e))) : null;
  };

  // nowParts draws the state of play (the match body's view.now): the
  // round or turn, the dealer, whose turn it is, the round's facts, teams.
  M.nowParts = (now, players, lang, L) => {
    const names = Object.fromEntries(players.map((p) => [p.id, p.name]));
    const k = (t) => M.h('span', { class: 'k' }, t);
    return [
      M.h('span', { class: 'now-round' }, M.tx(now.title, lang)),
      now.dealer ? M.h('span', { class: 'now-dealer' }, k(L.dealer), ' ', M.h('bdi', {}, names[now.dealer] || '')) : null,
      now.turn ? M.h('span', { class: 'now-turn' }, k(L.turn_of), ' ', M.h('bdi', {}, names[now.turn] || '')) : null,
      (now.facts || []).map((f) => M.h('span', { class: 'now-fact' }, k(M.tx(f.label, lang)), ' ', M.h('span', { class: 'v' }, M.tx(f.value, lang)))),
      (now.teams || []).map((t, i) => M.h('span', { class: 'now-team' }, k(L.team + ' ' + M.fmt(lang, i + 1, 0)), ' ',
        M.h('bdi', {}, t.map((id) => names[id] || '').join(lang === 'fa' ? '، ' : ', ')))),
    ];
  };

  // seatNow draws one player's figures now (bid and won, dice and cards),
  // for the player's card; null when the game shows none.
  M.seatNow = (now, id, lang, L) => {
    const seat = now && now.seats.find((s) => s.player === id);
    if (!seat) return null;
    const parts = [];
    (now.columns || []).forEach((c, i) => {
      const v = seat.values[i];
      if (!isNum(v)) return;
      parts.push(M.h('span', { class: 'k' }, M.tx(c, lang)), ' ', M.h('span', { class: 'num' }, M.fmt(lang, v, 0)), ' ');
    });
    const cls = 'seat-now' + (now.turn === id ? ' turn' : '') + (seat.out ? ' out' : '');
    return M.h('span', { class: cls }, parts, now.dealer === id ? M.h('span', { class: 'dealer-badge' }, L.dealer) : null);
  };

  // viewSeries is every player's running total after each row, from where
  // the game starts, for the chart; null when the rows are standings, not
  // sums (the chart then shows the totals as bars).
  M.viewSeries = (sheet, ids) => {
    if (!sheet || !sheet.sum) return null;
    const sum = ids.map(() => sheet.start || 0);
    const series = ids.map((id, i) => [sum[i]]);
    for (const r of sheet.rows) ids.forEach((id, i) => { sum[i] += (r.cells[id] || { value: 0 }).value; series[i].push(sum[i]); });
    return series;
  };

  const W = 640, H = 300, PL = 64, PR = 16, PT = 14, PB = 34;
  const round1 = (f) => Math.round(f * 10) / 10;
  function niceScale(lo, hi) {
    lo = Math.min(lo, 0); hi = Math.max(hi, 0);
    if (hi - lo < 1e-9) hi = lo + 10;
    const raw = (hi - lo) / 5;
    const mag = Math.pow(10, Math.floor(Math.log10(raw)));
    let step = mag;
    for (const m of [1, 2, 2.5, 5, 10]) if (raw <= m * mag) { step = m * mag; break; }
    return [Math.floor(lo / step) * step, Math.ceil(hi / step) * step, step];
  }
  const decimalsOf = (step) => {
    for (let d = 0; d < 6; d++) {
      const f = step * Math.pow(10, d);
      if (Math.abs(f - Math.round(f)) < 1e-9) return d;
    }
    return 6;
  };

  function axes(svg, lo, hi, step, py, lang) {
    for (let y = lo; y <= hi + step / 2; y += step) {
      const p = py(y);
      svg.append(M.s('line', { class: 'grid', x1: PL, x2: W - PR, y1: p, y2: p }),
        M.s('text', { class: 'ylab', x: PL - 6, y: p }, M.fmt(lang, y, decimalsOf(step))));
    }
    svg.append(M.s('line', { class: 'zero', x1: PL, x2: W - PR, y1: py(0), y2: py(0) }));
  }
  const newSVG = (label) => M.s('svg', { class: 'chart', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': label, dir: 'ltr', preserveAspectRatio: 'xMidYMid meet' });

  // lineChart is lineChart in pages_view.go; xs (optional) gives each
  // series' x values.
  M.lineChart = (series, classes, labels, lang, xs) => {
    let lo = Infinity, hi = -Infinity, n = 0;
    series.forEach((s, k) => s.forEach((y, i) => {
      lo = Math.min(lo, y); hi = Math.max(hi, y);
      n = Math.max(n, xs ? xs[k][i] : i);
    }));
    if (!isFinite(lo)) return null;
    const [a, b, step] = niceScale(lo, hi);
    n = Math.max(n, 1);
    const px = (x) => round1(PL + (x * (W - PL - PR)) / n);
    const py = (y) => round1(PT + ((b - y) * (H - PT - PB)) / (b - a));
    const svg = newSVG(labels.join(', '));
    axes(svg, a, b, step, py, lang);
    const every = Math.max(1, Math.ceil(n / 10));
    for (let x = 0; x <= n; x += every) svg.append(M.s('text', { class: 'xlab', x: px(x), y: H - 8 }, M.fmt(lang, x, 0)));
    series.forEach((s, k) => {
      if (!s.length) return;
      const pts = s.map((y, i) => [px(xs ? xs[k][i] : i), py(y)]);
      const [lx, ly] = pts[pts.length - 1];
      svg.append(
        M.s('polyline', { class: 'line ' + classes[k], points: pts.map((p) => p.join(',')).join(' ') }, M.s('title', {}, labels[k])),
        M.s('circle', { class: 'dot ' + classes[k], cx: lx, cy: ly, r: 5 }, M.s('title', {}, labels[k])));
    });
    return svg;
  };

  M.barChart = (values, classes, labels, lang) => {
    if (!values.length) return null;
    let lo = 0, hi = 0;
    for (const y of values) { lo = Math.min(lo, y); hi = Math.max(hi, y); }
    const [a, b, step] = niceScale(lo, hi);
    const py = (y) => round1(PT + ((b - y) * (H - PT - PB)) / (b - a));
    const svg = newSVG(labels.join(', '));
    axes(svg, a, b, step, py, lang);
    const slot = (W - PL - PR) / values.length;
    values.forEach((y, i) => {
      const top = py(Math.max(y, 0)), bottom = py(Math.min(y, 0));
      const x = round1(PL + i * slot + slot * 0.2);
      svg.append(M.s('rect', { class: 'bar ' + classes[i], x, y: top, width: round1(slot * 0.6), height: Math.max(round1(bottom - top), 1) }),
        M.s('text', { class: 'barlab', x: round1(x + slot * 0.3), y: round1(top - 4) }, labels[i]));
    });
    return svg;
  };

  // fragmentToken is the token a link carries in its fragment
  // (/leagues/{id}#token=...): the fragment never reaches the server or its
  // logs.
  M.fragmentToken = () => new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token') || '';

  // pageToken is the token the page was opened with: from the fragment, or
  // from an older link with access_token in its query (a viewer token, the
  // only kind the server takes in a URL). The page sends it to the API only
  // in the Authorization header.
  M.pageToken = () => M.fragmentToken() || new URLSearchParams(window.location.search).get('access_token') || '';

  // follow reads a live stream (stream.js: fetch, the token in a header)
  // and shows its state in #live.
  M.follow = (url, L, handlers) => {
    const live = document.getElementById('live');
    const show = (state, text) => { if (live) { live.dataset.state = state; live.textContent = text; } };
    if (!window.MotamedStream || !window.ReadableStream) return null;
    const on = {};
    for (const [name, fn] of Object.entries(handlers)) {
      on[name] = (d, id) => { show('live', L.live); fn(d, { lastEventId: id }); };
    }
    const texts = { connecting: ['offline', L.connecting], live: ['live', L.live], offline: ['offline', L.offline], closed: ['static', L.static] };
    return window.MotamedStream(url, { token: M.pageToken(), on, state: (s) => show(...texts[s]) });
  };

  // getJSON reads the API, with the page's token (if any) in the
  // Authorization header.
  M.getJSON = async (url, lang) => {
    const headers = { Accept: 'application/json', 'Accept-Language': lang };
    const token = M.pageToken();
    if (token) headers.Authorization = 'Bearer ' + token;
    const r = await fetch(url, { headers });
    if (!r.ok) throw new Error(url.split('?')[0] + ': ' + r.status);
    return r.json();
  };

  // A page opened with a token in its fragment keeps it on its own links
  // (language, large type, league), so a screen stays signed in.
  document.addEventListener('DOMContentLoaded', () => {
    if (!M.fragmentToken()) return;
    for (const a of document.querySelectorAll('a[href^="/leagues/"], a[href^="/matches/"], a[hreflang], #big-toggle')) {
      const u = new URL(a.href, location.href);
      if (u.origin === location.origin && !u.hash) { u.hash = location.hash; a.href = u; }
    }
  });

  // fit makes a screen on the wall (large type on a landscape screen) fit
  // without scrolling: the score sheet keeps the latest rounds that fit,
  // and the standings drop their least needed columns, then their last
  // rows, until they fit.
  M.fit = () => {
    const big = document.documentElement.classList.contains('big') && window.matchMedia('(min-width: 1000px) and (orientation: landscape)').matches;
    const sheet = document.getElementById('sheet');
    if (sheet) {
      const rows = [...sheet.querySelectorAll('tbody tr')];
      const note = sheet.querySelector('caption.older-note');
      rows.forEach((r) => r.classList.remove('older'));
      if (note) note.hidden = true;
      let n = 0;
      if (big) {
        for (; n < rows.length - 1 && sheet.scrollHeight > sheet.clientHeight + 1; n++) {
          rows[n].classList.add('older');
          // The notice takes a line of its own: one more row makes room for it.
          if (n === 0 && note) note.hidden = false;
        }
      }
      // Rows left out are said to be there: "Round 1 to Round 5 are above".
      if (note && n > 0) {
        const L = (M.boot().labels || {});
        const label = (r) => r.querySelector('th').getAttribute('title') || r.querySelector('th').textContent;
        note.textContent = (L.hidden_rows || '{a}–{b}').replace('{a}', label(rows[0])).replace('{b}', label(rows[n - 1]));
      }
    }
    const st = document.getElementById('standings');
    if (st) {
      st.querySelectorAll('.dropped').forEach((e) => e.classList.remove('dropped'));
      if (!big) return;
      for (const c of ['col-elo', 'col-avg', 'col-played', 'col-streak', 'col-wins']) {
        if (st.scrollWidth <= st.clientWidth + 1) break;
        st.querySelectorAll('.' + c).forEach((e) => e.classList.add('dropped'));
      }
      const rows = [...st.querySelectorAll('tbody tr')];
      for (let i = rows.length - 1; i > 0 && st.scrollHeight > st.clientHeight + 1; i--) rows[i].classList.add('dropped');
    }
  };
  window.addEventListener('resize', () => M.fit());
  document.addEventListener('DOMContentLoaded', () => M.fit());
  if (document.fonts) document.fonts.ready.then(() => M.fit()); // the fonts change what fits

  // The large-type switch works in place, keeping the URL in step.
  document.addEventListener('DOMContentLoaded', () => {
    const t = document.getElementById('big-toggle');
    if (!t) return;
    t.addEventListener('click', (e) => {
      e.preventDefault();
      const on = document.documentElement.classList.toggle('big');
      M.fit();
      t.setAttribute('aria-pressed', on ? 'true' : 'false');
      const u = new URL(location.href);
      if (on) u.searchParams.set('big', '1'); else u.searchParams.delete('big');
      history.replaceState(null, '', u);
      for (const a of document.querySelectorAll('a[hreflang]')) {
        const o = new URL(a.href);
        if (on) o.searchParams.set('big', '1'); else o.searchParams.delete('big');
        a.href = o;
      }
    });
  });
})();
