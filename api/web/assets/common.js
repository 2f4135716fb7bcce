// Motamed pages: shared helpers. Plain browser JavaScript, no build step.
// The score sheet and chart rules mirror api/pages_view.go, so a live
// update draws what a reload would.
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

  // h builds an element: h('td', {class: 'num'}, 'text', child...).
  M.h = (tag, attrs, ...kids) => build(document.createElement(tag), attrs, kids);
  const SVG = 'http://www.w3.org/2000/svg';
  M.s = (tag, attrs, ...kids) => build(document.createElementNS(SVG, tag), attrs, kids);
  function build(el, attrs, kids) {
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      el.setAttribute(k, v === true ? '' : String(v));
    }
    for (const k of kids.flat()) {
      if (k === null || k === undefined || k === false) continue;
      el.append(k instanceof Node ? k : document.createTextNode(String(k)));
    }
    return el;
  }
  M.replace = (id, ...kids) => {
    const el = document.getElementById(id);
    if (el) el.replaceChildren(...kids.flat().filter((k) => k !== null && k !== undefined));
  };

  const LABEL_KEYS = ['round', 'turn', 'number', 'hand'];
  const CELL_KEYS = ['points', 'levels', 'dice_left', 'strengths', 'sums', 'gems', 'scores'];
  const TOTAL_KEYS = ['totals', 'levels'];
  const SUM_KEYS = ['points', 'scores'];
  const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
  const isNum = (v) => typeof v === 'number';

  function playerMap(row, key, ids) {
    const obj = row[key];
    if (!isObj(obj)) return null;
    const out = {};
    let n = 0;
    for (const id of ids) if (isNum(obj[id])) { out[id] = obj[id]; n++; }
    return n > 0 ? out : null;
  }

  function keyLabel(L, key) { return L['k_' + key] || key.replace(/_/g, ' '); }

  function scalarText(v, names, lang) {
    if (typeof v === 'string') return names[v] !== undefined ? names[v] : v;
    if (isNum(v)) return M.fmt(lang, v, -1);
    if (v === true) return '✓';
    if (Array.isArray(v)) {
      if (!v.every((e) => typeof e === 'string')) return '';
      return v.map((e) => (names[e] !== undefined ? names[e] : e)).join(', ');
    }
    return '';
  }

  // trumpText and cardText name a trump colour and a card for people, as
  // in pages_now.go.
  M.trumpText = (L, trump) => (trump ? L['colour_' + trump] || trump : '');
  M.cardText = (L, lang, card) => {
    if (L['card_' + card]) return L['card_' + card];
    const i = (card || '').indexOf('-');
    if (i < 0) return card || '';
    const v = card.slice(i + 1);
    return M.trumpText(L, card.slice(0, i)) + ' ' + (lang === 'fa' ? v.replace(/[0-9]/g, (c) => FA[c]) : v);
  };

  // now is buildNow: the round being played, from the match's state; null
  // when there is none to show.
  M.now = (m, L, lang) => {
    const st = m.state || {};
    if (m.status === 'finished' || !(st.round >= 1) || !st.dealer) return null;
    const names = Object.fromEntries(m.players.map((p) => [p.id, p.name]));
    const v = { round: M.fmt(lang, st.round, 0), rounds: '', dealer: names[st.dealer] || '', trump: M.trumpText(L, st.trump),
      trumpCard: M.cardText(L, lang, st.trump_card || ''), seats: {} };
    const rounds = m.options && m.options.rounds;
    if (rounds > 0) v.rounds = M.fmt(lang, rounds, 0);
    for (const p of m.players) {
      const bids = st.bids || {}, won = st.tricks_won || {};
      v.seats[p.id] = { hasBid: isNum(bids[p.id]), bid: isNum(bids[p.id]) ? M.fmt(lang, bids[p.id], 0) : '',
        won: M.fmt(lang, won[p.id] || 0, 0), isDealer: p.id === st.dealer, isTurn: p.id === st.turn && st.phase !== 'awaiting_round' };
    }
    return v;
  };

  // sheet is buildSheet: the generic score sheet of a game's rounds.
  M.sheet = (rounds, players, L, lang) => {
    const rows = Array.isArray(rounds) ? rounds : [];
    const ids = players.map((p) => p.id);
    const names = Object.fromEntries(players.map((p) => [p.id, p.name]));
    const v = { labelHeader: L['#'], playerCells: false, subHeader: '', details: false, rows: [] };
    let labelKey = '';
    const first = rows.find(isObj);
    if (first) labelKey = LABEL_KEYS.find((k) => isNum(first[k])) || '';
    if (labelKey) v.labelHeader = L[labelKey];
    rows.forEach((r, i) => {
      const row = { label: M.fmt(lang, i + 1, 0), cells: [], details: '', voided: false };
      if (!isObj(r)) {
        row.details = scalarText(r, names, lang);
        v.details = v.details || row.details !== '';
        v.rows.push(row);
        return;
      }
      const used = new Set([labelKey, 'voided']);
      if (isNum(r[labelKey])) row.label = M.fmt(lang, r[labelKey], 0);
      else if (typeof r.category === 'string' && !labelKey) { row.label = L['c_' + r.category] || r.category; used.add('category'); }
      row.voided = r.voided === true;
      for (const k of CELL_KEYS) {
        const cells = playerMap(r, k, ids);
        if (!cells) continue;
        used.add(k);
        v.playerCells = true;
        const bids = playerMap(r, 'bids', ids), tricks = playerMap(r, 'tricks', ids);
        for (const id of ids) {
          const c = { main: '', sub: '', neg: false };
          if (isNum(cells[id])) { c.main = M.fmt(lang, cells[id], 0); c.neg = cells[id] < 0; }
          if (bids && tricks) {
            c.sub = M.fmt(lang, bids[id] || 0, 0) + ' / ' + M.fmt(lang, tricks[id] || 0, 0);
            v.subHeader = L.bid_won;
          }
          row.cells.push(c);
        }
        break;
      }
      const parts = [];
      for (const k of Object.keys(r).filter((k) => !used.has(k)).sort()) {
        let t = scalarText(r[k], names, lang);
        if (typeof r[k] === 'string' && k === 'trump') t = M.trumpText(L, r[k]);
        else if (typeof r[k] === 'string' && k === 'trump_card') t = M.cardText(L, lang, r[k]);
        else if (typeof r[k] === 'string' && L['v_' + k + '_' + r[k]]) t = L['v_' + k + '_' + r[k]];
        if (t !== '') parts.push(keyLabel(L, k) + ': ' + t);
      }
      row.details = parts.join(' · ');
      v.details = v.details || row.details !== '';
      v.rows.push(row);
    });
    if (v.playerCells) for (const r of v.rows) while (r.cells.length < ids.length) r.cells.push({ main: '', sub: '', neg: false });
    return v;
  };

  // runningTotals: per player, the total after each round from where the
  // game starts (0, or level 1 for levels), and whether they are levels;
  // null when the rounds do not say.
  M.runningTotals = (rounds, ids) => {
    if (!Array.isArray(rounds) || rounds.length === 0) return null;
    const levels = isObj(rounds[0]) && playerMap(rounds[0], 'levels', ids) !== null;
    const start = levels ? 1 : 0;
    const series = ids.map(() => [start]);
    const sum = ids.map(() => 0);
    for (const r of rounds) {
      if (!isObj(r)) return null;
      let m = null;
      for (const k of TOTAL_KEYS) {
        const mm = playerMap(r, k, ids);
        if (mm && Object.keys(mm).length === ids.length) { m = mm; break; }
      }
      if (!m) {
        let pts = null;
        for (const k of SUM_KEYS) if ((pts = playerMap(r, k, ids))) break;
        if (!pts) return null;
        m = {};
        ids.forEach((id, i) => { sum[i] += pts[id] || 0; m[id] = sum[i]; });
      }
      ids.forEach((id, i) => { sum[i] = m[id] || 0; series[i].push(m[id] || 0); });
    }
    return { series, levels };
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
  const newSVG = () => M.s('svg', { class: 'chart', viewBox: `0 0 ${W} ${H}`, role: 'img', dir: 'ltr', preserveAspectRatio: 'xMidYMid meet' });

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
    const svg = newSVG();
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
    const svg = newSVG();
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
      rows.forEach((r) => r.classList.remove('older'));
      if (big) for (let i = 0; i < rows.length - 1 && sheet.scrollHeight > sheet.clientHeight + 1; i++) rows[i].classList.add('older');
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
