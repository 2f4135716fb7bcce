// The table QR codes. The league's tables are scorer tokens labelled
// "Table 1", "Table 2"...; they are made once (here, or in the owner's
// desk of the table app) and reused: the secret of each code is kept on
// the device that made it (localStorage, beside the app's sign-in), so a
// reload or a second print shows the same codes, and a table whose code
// was made elsewhere is named with the advice to give it a new code in the
// desk. A private league's screen gets one viewer token, reused the same
// way. The codes encode the address the server was told phones reach it at
// (--public-url), or the one chosen among its own; a loopback address is
// printed only under a warning, since no phone reaches it.
'use strict';
(function () {
  const M = window.Motamed;
  const { h, fmt } = M;
  const boot = M.boot();
  const L = boot.labels, lang = boot.lang;
  const league = boot.league_id;
  const $ = (id) => document.getElementById(id);
  const SECRETS = 'motamed.tables';

  // The token is read from the fragment once and then taken out of the
  // address bar, so it is not printed in the page's header or kept in
  // history; without one, the table app's sign-in on this device is used.
  let token = M.fragmentToken();
  if (token) history.replaceState(null, '', location.pathname + location.search);
  else token = localStorage.getItem('motamed.token') || '';
  if (token) $('token-field').hidden = true;

  // The number of tables is written in the page's digits and read in
  // either (a Persian keyboard types ۶).
  const asciiDigits = (s) => String(s).replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d)));
  $('count').value = fmt(lang, asciiDigits($('count').value), -1);

  const secrets = () => { try { return JSON.parse(localStorage.getItem(SECRETS) || '{}') || {}; } catch (e) { return {}; } };
  const keep = (id, secret) => { const all = secrets(); all[id] = secret; localStorage.setItem(SECRETS, JSON.stringify(all)); };

  async function api(method, path, body) {
    const r = await fetch(path, {
      method,
      headers: { Authorization: 'Bearer ' + token, 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Language': lang },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!r.ok) {
      let msg = r.status + '';
      try { const p = await r.json(); msg = p.detail || p.title || msg; } catch (e) { /* keep the status */ }
      throw new Error(msg);
    }
    return r;
  }

  async function qr(text) {
    const r = await fetch('/v1/qr', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ text, size: 512 }) });
    if (!r.ok) throw new Error('QR ' + r.status);
    return URL.createObjectURL(await r.blob());
  }

  function card(kind, title, sub, src, link) {
    return h('figure', { class: 'code ' + kind, 'data-link': link },
      h('img', { src, alt: title, width: 256, height: 256 }),
      h('figcaption', {}, h('strong', {}, h('bdi', {}, title)), h('span', { class: 'sub' }, sub)));
  }

  // tableNumber orders "Table 10" after "Table 9".
  const tableNumber = (label) => {
    const m = /(\d+)\s*$/.exec(label.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))));
    return m ? Number(m[1]) : 1e9;
  };

  let state = null; // { league, tokens, addresses }

  function origin() {
    const sel = $('address');
    return sel.value || location.origin;
  }

  async function load() {
    const [l, toks, addrs] = await Promise.all([
      api('GET', '/v1/leagues/' + encodeURIComponent(league)).then((r) => r.json()),
      api('GET', '/v1/tokens?league=' + encodeURIComponent(league)).then((r) => r.json()),
      api('GET', '/v1/addresses').then((r) => r.json()),
    ]);
    state = { league: l, tokens: toks.tokens.filter((t) => !t.revoked), addresses: addrs.addresses };
    $('league-name').textContent = l.name;
    const sel = $('address');
    if (!sel.options.length) {
      let pick = addrs.public_url || '';
      for (const a of addrs.addresses) {
        sel.appendChild(h('option', { value: a.url }, a.url));
        if (!pick && !a.loopback) pick = a.url;
      }
      if (!addrs.addresses.length) sel.appendChild(h('option', { value: location.origin }, location.origin));
      sel.value = pick || sel.options[0].value;
      $('address-field').hidden = false;
    }
  }

  function isLoopback(u) {
    try {
      const host = new URL(u).hostname.replace(/^\[|\]$/g, '');
      return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1';
    } catch (e) { return false; }
  }

  async function draw() {
    const base = origin();
    $('loopback').hidden = !isLoopback(base);
    const tables = state.tokens.filter((t) => t.role === 'scorer').sort((a, b) => tableNumber(a.label) - tableNumber(b.label));
    const known = secrets();
    const cards = [];
    let screen = base + '/leagues/' + encodeURIComponent(league) + '?big=1' + (lang === 'fa' ? '&lang=fa' : '');
    if (state.league.visibility === 'private') {
      let v = state.tokens.find((t) => t.role === 'viewer' && t.label === L.screen && known[t.id]);
      if (!v) {
        v = await (await api('POST', '/v1/tokens', { role: 'viewer', league_id: league, label: L.screen })).json();
        keep(v.id, v.token);
        state.tokens.push(v);
      }
      screen += '#token=' + encodeURIComponent(known[v.id] || v.token);
    }
    cards.push(card('screen', L.screen, L.screen_note, await qr(screen), screen));
    const elsewhere = [];
    for (const t of tables) {
      if (!known[t.id]) { elsewhere.push(t.label); continue; }
      const link = base + '/#token=' + encodeURIComponent(known[t.id]);
      cards.push(card('table', t.label, L.table_note, await qr(link), link));
    }
    M.replace('codes', cards);
    $('elsewhere').hidden = elsewhere.length === 0;
    $('elsewhere-list').textContent = elsewhere.join(lang === 'fa' ? '، ' : ', ');
    const has = tables.length > 0;
    $('count-field').hidden = has;
    $('prefix-field').hidden = has;
    $('go').hidden = has;
    $('print').hidden = false;
  }

  // make creates the tables when the league has none yet.
  async function make() {
    const n = Math.max(1, Math.min(40, parseInt(asciiDigits($('count').value), 10) || 1));
    const prefix = $('prefix').value.trim() || L.table;
    for (let i = 1; i <= n; i++) {
      const label = prefix + ' ' + fmt(lang, i, 0);
      const t = await (await api('POST', '/v1/tokens', { role: 'scorer', league_id: league, label })).json();
      keep(t.id, t.token);
      state.tokens.push(t);
    }
  }

  async function run(e, create) {
    if (e) e.preventDefault();
    if (!token) token = $('token').value.trim();
    if (!token) return;
    const err = $('error');
    err.hidden = true;
    $('go').disabled = true;
    try {
      await load();
      $('token-field').hidden = true;
      if (create && !state.tokens.some((t) => t.role === 'scorer')) await make();
      await draw();
    } catch (ex) {
      err.textContent = L.tables_failed + ' ' + ex.message;
      err.hidden = false;
    } finally {
      $('go').disabled = false;
    }
  }

  $('make').addEventListener('submit', (e) => run(e, true));
  $('address').addEventListener('change', () => { if (state) draw(); });
  $('print').addEventListener('click', () => window.print());
  if (token) run(null, false);
})();
