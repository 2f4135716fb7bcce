// The table QR codes: with an owner's (or admin's) token it creates one
// scorer token per table, labelled "Table 1", "Table 2"..., and a viewer
// token for the screen of a private league; each becomes a QR code drawn
// by the server (POST /v1/qr, the link in the body). A tablet that scans a
// table's code opens the table app signed in (/#token=...).
'use strict';
(function () {
  const M = window.Motamed;
  const { h, fmt } = M;
  const boot = M.boot();
  const L = boot.labels, lang = boot.lang;
  const league = boot.league_id;
  const $ = (id) => document.getElementById(id);

  // The token is read from the fragment once and then taken out of the
  // address bar, so it is not printed in the page's header or kept in
  // history.
  let token = M.fragmentToken();
  if (token) {
    $('token-field').hidden = true;
    history.replaceState(null, '', location.pathname + location.search);
  }

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

  async function make(e) {
    e.preventDefault();
    if (!token) token = $('token').value.trim();
    const err = $('error');
    err.hidden = true;
    const n = Math.max(1, Math.min(40, parseInt($('count').value, 10) || 1));
    const prefix = $('prefix').value.trim() || L.table;
    $('go').disabled = true;
    try {
      const l = await (await api('GET', '/v1/leagues/' + encodeURIComponent(league))).json();
      $('league-name').textContent = l.name;
      const cards = [];
      let screen = location.origin + '/leagues/' + encodeURIComponent(league) + '?big=1' + (lang === 'fa' ? '&lang=fa' : '');
      if (l.visibility === 'private') {
        const v = await (await api('POST', '/v1/tokens', { role: 'viewer', league_id: league, label: L.screen })).json();
        screen += '#token=' + encodeURIComponent(v.token);
      }
      cards.push(card('screen', L.screen, L.screen_note, await qr(screen), screen));
      for (let i = 1; i <= n; i++) {
        const label = prefix + ' ' + fmt(lang, i, 0);
        const t = await (await api('POST', '/v1/tokens', { role: 'scorer', league_id: league, label })).json();
        const link = location.origin + '/#token=' + encodeURIComponent(t.token);
        cards.push(card('table', label, L.table_note, await qr(link), link));
      }
      M.replace('codes', cards);
      $('print').hidden = false;
      $('make').querySelectorAll('input').forEach((i) => { i.disabled = true; });
    } catch (ex) {
      err.textContent = L.tables_failed + ' ' + ex.message;
      err.hidden = false;
      $('go').disabled = false;
    }
  }

  $('make').addEventListener('submit', make);
  $('print').addEventListener('click', () => window.print());
})();
