// The league page: follows GET /v1/leagues/{id}/stream (each `standings`
// event is the whole table) and redraws the table and the rating chart.
// It only reads (its live stream and GET); a private league's screen sends
// the token of its link in the Authorization header, never in a URL.
'use strict';
(function () {
  const M = window.Motamed;
  const { h, fmt } = M;
  const boot = M.boot();
  const L = boot.labels, lang = boot.lang;
  const id = encodeURIComponent(boot.league_id);
  const round2 = (f) => Math.round(f * 100) / 100;

  // streakText is streakText in pages_i18n.go.
  const streakText = (n) => (n > 0 ? L.streak_won.replace('{n}', fmt(lang, n, 0)) : n < 0 ? L.streak_lost.replace('{n}', fmt(lang, -n, 0)) : '');

  // A player keeps a color by the order of the player IDs, as on the server.
  function classes(rows) {
    const ids = rows.map((r) => r.player_id).sort();
    return Object.fromEntries(ids.map((pid, i) => [pid, 'c' + (i % 12)]));
  }

  function renderTable(st) {
    const rows = st.rows || [];
    document.getElementById('matches').textContent = fmt(lang, st.matches || 0, 0);
    if (!rows.length) return M.replace('standings', h('p', { class: 'empty' }, L.no_matches));
    const cls = classes(rows);
    const col = (cls, key) => h('th', { scope: 'col', class: cls }, h('span', { class: 'full' }, L[key]), h('abbr', { class: 'short', title: L[key] }, L[key + '_short']));
    const head = h('tr', {},
      h('th', { scope: 'col', class: 'num' }, L.place), h('th', { scope: 'col', class: 'name' }, L.player),
      col('num', 'points'), col('num col-played', 'played'), col('num col-wins', 'wins'), col('num col-avg', 'avg_place'),
      col('col-streak', 'streak'), col('num', 'rating'), h('th', { scope: 'col', class: 'num col-elo' }, L.elo));
    // Equal points (as shown) share a place, as pages_places.go counts.
    const places = [];
    rows.forEach((r, i) => { places.push(i > 0 && round2(r.points) === round2(rows[i - 1].points) ? places[i - 1] : i + 1); });
    const body = rows.map((r, i) => {
      const spread = fmt(lang, r.mu, 1) + ' ± ' + fmt(lang, r.sigma, 1);
      return h('tr', { 'data-player': r.player_id, class: cls[r.player_id] + (r.provisional ? ' provisional' : '') },
        h('td', { class: 'num pos' }, fmt(lang, places[i], 0)),
        h('th', { scope: 'row', class: 'name' }, h('span', { class: 'swatch' }), h('bdi', {}, r.name),
          r.provisional ? [' ', h('small', { class: 'prov' }, L.provisional)] : null),
        h('td', { class: 'num points' }, fmt(lang, round2(r.points), -1)),
        h('td', { class: 'num col-played' }, fmt(lang, r.played, 0)),
        h('td', { class: 'num col-wins' }, fmt(lang, round2(r.wins), -1)),
        h('td', { class: 'num col-avg' }, fmt(lang, r.avg_place, 2)),
        h('td', { class: 'streak col-streak' }, streakText(r.streak)),
        h('td', { class: 'num rating', title: 'μ ± σ = ' + spread }, fmt(lang, r.ordinal, 1), h('small', { class: 'spread' }, spread)),
        h('td', { class: 'num col-elo' }, fmt(lang, r.elo, 0)));
    });
    M.replace('standings', h('table', { class: 'standings' }, h('thead', {}, head), h('tbody', {}, body)));
    M.fit();
  }

  function renderChart(st, history) {
    const rows = st.rows || [];
    const cls = classes(rows);
    const series = [], xs = [], cs = [], names = [], legend = [];
    for (const r of rows) {
      const pts = history[r.player_id] || [];
      if (!pts.length) continue;
      series.push(pts.map((p) => round2(p.ordinal)));
      xs.push(pts.map((p) => p.seq));
      cs.push(cls[r.player_id]);
      names.push(r.name);
      legend.push(h('li', { class: cls[r.player_id] }, h('span', { class: 'swatch' }), h('bdi', {}, r.name)));
    }
    const svg = M.lineChart(series, cs, names, lang, xs);
    M.replace('chart', svg || h('p', { class: 'empty' }, L.no_matches));
    M.replace('legend', legend);
  }

  let latest = boot.standings;
  let fetching = null;
  async function refreshHistory() {
    // One request at a time; a change during it asks again.
    if (fetching) { fetching.again = true; return; }
    fetching = { again: false };
    try {
      const hist = await M.getJSON(`/v1/leagues/${id}/ratings/history`, lang);
      renderChart(latest, hist.players || {});
    } catch (e) { /* keep the chart shown */ }
    const again = fetching.again;
    fetching = null;
    if (again) refreshHistory();
  }

  function follow() {
    M.follow(`/v1/leagues/${id}/stream`, L, {
      standings: (st) => {
        latest = st;
        renderTable(st);
        refreshHistory();
      },
    });
  }

  // A locked page (a private league opened with its token in the fragment)
  // fills itself from the API first.
  async function unlock() {
    try {
      const l = await M.getJSON(`/v1/leagues/${id}`, lang);
      document.querySelector('.league-name').textContent = l.name;
      document.title = l.name + M.sep(lang) + L.standings;
      latest = await M.getJSON(`/v1/leagues/${id}/standings`, lang);
      renderTable(latest);
      refreshHistory();
      follow();
    } catch (e) { /* stays locked */ }
  }

  if (latest) {
    renderChart(latest, boot.history || {});
    follow();
  }
  else if (M.fragmentToken()) unlock();
})();
