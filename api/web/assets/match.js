// The match scoreboard: follows GET /v1/matches/{id}/stream and redraws.
// It only reads (its live stream and GET); a private league's screen sends
// the token of its link in the Authorization header, never in a URL.
'use strict';
(function () {
  const M = window.Motamed;
  const { h, fmt } = M;
  const boot = M.boot();
  const L = boot.labels, lang = boot.lang;
  let match = boot.match;
  const id = encodeURIComponent(boot.id);
  const classOf = (i) => 'c' + (i % 12);

  function render(m) {
    if (match && m.version < match.version) return; // never go back in time
    match = m;
    const next = document.getElementById('next');
    next.hidden = !m.next;
    document.getElementById('next-text').textContent = M.prose(lang, m.next);
    const status = document.getElementById('status');
    status.className = 'badge ' + m.status;
    status.textContent = m.status === 'finished' ? L.finished : L.in_progress;
    document.getElementById('version').textContent = fmt(lang, m.version, 0);

    const places = {}, winners = new Set((m.result && m.result.winners) || []);
    for (const p of (m.result && m.result.placements) || []) places[p.player_id] = p.place;
    const totals = m.scores.totals || {};
    const view = m.view || { sheet: null, now: null };
    const now = m.status === 'finished' ? null : view.now;
    document.getElementById('now').hidden = !now;
    M.replace('now', now ? M.nowParts(now, m.players, lang, L) : []);
    M.replace('players', m.players.map((p, i) => {
      const t = totals[p.id] || 0;
      return h('div', { class: `player ${classOf(i)}${winners.has(p.id) ? ' winner' : ''}`, 'data-player': p.id },
        h('span', { class: 'swatch' }), h('bdi', { class: 'name' }, p.name),
        h('span', { class: 'total num' + (t < 0 ? ' neg' : '') }, fmt(lang, t, 0)),
        now ? M.seatNow(now, p.id, lang, L) : null,
        places[p.id] ? h('span', { class: 'place' }, winners.has(p.id) ? '★ ' : '', L.place + ' ', h('span', { class: 'num' }, fmt(lang, places[p.id], 0))) : null);
    }));
    renderSheet(m, view.sheet);
    renderChart(m, view.sheet);
  }

  function renderSheet(m, sheet) {
    const sub = document.getElementById('sheet-sub');
    if (sub) sub.textContent = sheet && sheet.sub_header && sheet.sub_header.en ? `(${M.tx(sheet.sub_header, lang)})` : '';
    M.replace('sheet', M.sheetTable(sheet, m.players, lang, L, { classOf }));
    M.fit();
  }

  function renderChart(m, sheet) {
    const ids = m.players.map((p) => p.id);
    const classes = m.players.map((p, i) => classOf(i));
    const names = m.players.map((p) => p.name);
    let svg, title = L.chart;
    const series = M.viewSeries(sheet, ids);
    if (series) {
      svg = M.lineChart(series, classes, names, lang);
      if (sheet.start) title = M.tx(sheet.total_header, lang);
    } else {
      const values = ids.map((id) => (m.scores.totals || {})[id] || 0);
      svg = M.barChart(values, classes, values.map((v) => fmt(lang, v, 0)), lang);
      title = sheet ? M.tx(sheet.total_header, lang) : L.chart_totals;
    }
    document.getElementById('chart-title').textContent = title;
    M.replace('chart', svg);
  }

  // The latest ruling: the newest note on an event that still counts.
  async function showRuling(seq, note) {
    if (!note) return M.replace('ruling-body', h('p', { class: 'empty' }, L.no_ruling));
    const body = [h('p', { class: 'rule' }, h('bdi', { class: 'rule-id', dir: 'ltr' }, note.rule), ' ', h('strong', { class: 'rule-title' }, M.prose(lang, note.title || ''))),
      h('p', { class: 'msg' }, M.prose(lang, note.message))];
    M.replace('ruling-body', body);
    try {
      const r = await M.getJSON(`/v1/rules/${encodeURIComponent(note.rule)}?lang=${lang}`, lang);
      if (r.text) M.replace('ruling-body', body, h('blockquote', { class: 'rule-text' }, M.prose(lang, r.text)));
    } catch (e) { /* the rule's text is a bonus */ }
  }

  // corrections is the "corrections" template of match.html: the voided
  // events, latest first, each with the time of the event that voided it.
  function corrections(events) {
    const when = {}, names = Object.fromEntries(match.players.map((p) => [p.id, p.name]));
    for (const e of events) {
      if (e.voids) when[e.voids] = e.created_at;
      if (e.replaces) when[e.replaces] = e.created_at;
    }
    const items = events.filter((e) => e.voided).reverse().map((e) => {
      const who = e.data && names[e.data.player];
      const at = when[e.seq] ? new Date(when[e.seq]) : null;
      const hm = at ? String(at.getHours()).padStart(2, '0') + ':' + String(at.getMinutes()).padStart(2, '0') : '';
      return h('li', {}, h('span', { class: 'k' }, L.event), ' ', h('span', { class: 'num' }, fmt(lang, e.seq, 0)), M.sep(lang), L['e_' + e.type] || e.type,
        who ? [' (', h('bdi', {}, who), ')'] : null, hm ? [M.sep(lang), L.voided_at, ' ', h('span', { class: 'num' }, M.prose(lang, hm))] : null);
    });
    M.replace('corrections', items.length ? [h('h3', {}, L.corrections), h('ol', { class: 'corrections' }, items)] : []);
  }

  // grandfathered is the "grandfathered" template of match.html: the events
  // in force that today's rules refuse but their own revision accepted.
  function grandfathered(events) {
    const names = Object.fromEntries(match.players.map((p) => [p.id, p.name]));
    const items = events.filter((e) => e.grandfathered && !e.voided).map((e) => {
      const who = e.data && names[e.data.player];
      const r = e.grandfathered.rulings[0] || { rule: '', message: '' };
      return h('li', {}, h('span', { class: 'k' }, L.event), ' ', h('span', { class: 'num' }, fmt(lang, e.seq, 0)), M.sep(lang), L['e_' + e.type] || e.type,
        who ? [' (', h('bdi', {}, who), ')'] : null, M.sep(lang), h('bdi', { class: 'rule-id', dir: 'ltr' }, r.rule), ' ', M.prose(lang, r.message));
    });
    M.replace('grandfathered', items.length ? [h('h3', {}, L.grandfathered), h('ol', { class: 'grandfathered' }, items)] : []);
  }

  // The log's own records, besides the games' events.
  const LOG_RECORDS = new Set(['undo', 'void', 'redo', 'match_updated']);

  // inForce is the log's events in force in their effective order: a
  // correction stands where the event it replaced stood.
  function inForce(events) {
    const bySeq = new Map(events.map((e) => [e.seq, e]));
    const place = (e) => {
      let seq = e.seq;
      for (let x = e, hops = 0; x && x.replaces && hops < events.length; hops++) { seq = x.replaces; x = bySeq.get(x.replaces); }
      return seq;
    };
    return events.filter((e) => !e.voided && !LOG_RECORDS.has(e.type)).sort((a, b) => place(a) - place(b));
  }

  // refreshRuling reads the log again: its corrections, and its latest
  // ruling, the last note on the events in force (the server rules a
  // corrected history again). A ruling of an event recorded meanwhile is
  // newer than this answer and stays.
  let noted = 0;
  async function refreshRuling() {
    const asked = noted;
    try {
      const log = await M.getJSON(`/v1/matches/${id}/events?lang=${lang}`, lang);
      corrections(log.events);
      grandfathered(log.events);
      if (asked !== noted) return;
      const e = inForce(log.events).reverse().find((e) => e.notes && e.notes.length);
      showRuling(e && e.seq, e && e.notes[e.notes.length - 1]);
    } catch (err) { /* keep what is shown */ }
  }

  // noteEvent follows the log: an undo, a void, a redo or a replacement
  // changes what is in force before the end, so the corrections and the
  // latest ruling are read again; a new event's notes are the latest ruling.
  function noteEvent(ev) {
    if (!ev) return;
    if (LOG_RECORDS.has(ev.type) || ev.replaces) return refreshRuling();
    if (!ev.voided && ev.notes && ev.notes.length) {
      noted++;
      showRuling(ev.seq, ev.notes[ev.notes.length - 1]);
    }
  }

  // A live change says the match moved on; the view the game draws of it
  // comes with the whole match, read again (one request at a time, a change
  // meanwhile asks once more).
  let reading = null;
  async function reload() {
    if (reading) { reading.again = true; return; }
    reading = { again: false };
    try { render(await M.getJSON(`/v1/matches/${id}?lang=${lang}`, lang)); } catch (e) { /* keep what is shown */ }
    const again = reading.again;
    reading = null;
    if (again) reload();
  }
  function change(d) {
    if (d.match.version > match.version) reload();
  }

  // Resume from the version this page was rendered at: the stream sends
  // only what happened since (as `missed` events and one `snapshot`).
  function follow() {
    M.follow(`/v1/matches/${id}/stream?lang=${lang}&last_event_id=${match.version}`, L, {
      match: (d) => { noteEvent(d.event); change(d); },
      missed: (d) => noteEvent(d.event),
      snapshot: (d) => render(d.match),
    });
  }

  // A locked page (a match of a private league opened with a token in the
  // fragment) fills itself from the API first.
  async function unlock() {
    try {
      render(await M.getJSON(`/v1/matches/${id}?lang=${lang}`, lang));
      const locked = document.getElementById('locked');
      if (locked) locked.remove();
      refreshRuling();
      follow();
    } catch (e) { /* stays locked */ }
  }

  if (match) {
    render(match);
    follow();
  }
  else if (M.fragmentToken()) unlock();
  window.Motamed.current = () => match;
})();
