// The rotation screen: shows each stop (the standings, then every match
// being played) for `every` seconds, as the stop's own large-type page,
// which follows its stream. The next stop loads hidden while the current
// one shows, so only two streams are open at a time. After a full turn the
// page reloads, so the list of matches follows the league.
'use strict';
(function () {
  const M = window.Motamed;
  const boot = M.boot();
  const stops = [...document.querySelectorAll('#stops li')];
  const frames = [document.getElementById('frame-a'), document.getElementById('frame-b')];
  const hash = M.fragmentToken() ? location.hash : '';
  let at = 0, shown = 0;

  const load = (frame, i) => { frame.src = stops[i].dataset.src + hash; };
  function show(i) {
    stops.forEach((li, k) => li.classList.toggle('current', k === i));
    frames[shown].hidden = false;
    frames[1 - shown].hidden = true;
    if (stops.length > 1) load(frames[1 - shown], (i + 1) % stops.length);
  }

  function start() {
    load(frames[0], 0);
    show(0);
    if (stops.length > 1) tick();
  }

  // A private league's rotation (opened with a viewer token in the
  // fragment) learns its matches from the API.
  async function privateStops() {
    try {
      const list = await M.getJSON(`/v1/matches?league_id=${encodeURIComponent(boot.league_id)}&status=in_progress&limit=200`, boot.lang);
      const ol = document.getElementById('stops');
      for (const m of list.items || []) {
        const li = M.h('li', { 'data-src': `/matches/${encodeURIComponent(m.id)}?big=1&lang=${boot.lang}` },
          M.h('bdi', {}, (m.players || []).map((p) => p.name).join(boot.lang === 'fa' ? '، ' : ', ')));
        ol.append(li);
        stops.push(li);
      }
    } catch (e) { /* the standings alone */ }
    start();
  }

  if (boot.locked && hash) privateStops();
  else start();

  function tick() {
    setInterval(() => {
      at++;
      if (at === stops.length) {
        location.reload();
        return;
      }
      shown = 1 - shown;
      show(at);
    }, boot.every * 1000);
  }
})();
