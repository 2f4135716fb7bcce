// Live streams (server-sent events) read with fetch, so that a token
// travels in the Authorization header and never in a URL, where proxies,
// logs and browser history would keep it (EventSource cannot send headers).
// The body is read as EventSource reads it: `event:`, `data:`, `id:` and
// `retry:` lines, an event ending at a blank line, comments ignored. A
// stream that drops is opened again with Last-Event-ID, after the delay
// the server asked for; `event: revoked` (access ended) and a refusal (a
// 4xx but 429) end it for good, as they end an EventSource.
// Plain browser JavaScript, loaded before the pages' and the app's scripts.
'use strict';
(function () {
  // MotamedStream(url, opts) opens a stream and returns { close() }.
  //   opts.token   the bearer token, or '' for none;
  //   opts.on      { eventName: fn(data, lastEventId) }, data parsed as JSON;
  //   opts.state   fn('connecting' | 'live' | 'offline' | 'closed'), optional.
  window.MotamedStream = function (url, opts) {
    const on = opts.on || {};
    const state = opts.state || (() => {});
    let lastId = '';
    let retry = 2000;
    let stopped = false;
    let ctrl = null;
    let timer = null;

    // A page left for another, or kept in the back-forward cache, lets its
    // stream go: a browser opens at most 6 connections to one server, and
    // the streams of pages no longer shown would hold them all, so the next
    // page's requests would wait for ever. Shown again, it reconnects from
    // the last event it had.
    let away = false;
    const leave = () => {
      away = true;
      if (timer) clearTimeout(timer);
      if (ctrl) ctrl.abort();
    };
    const back = () => {
      if (!away || stopped) return;
      away = false;
      connect();
    };
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', back);

    const stop = (final) => {
      stopped = true;
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', back);
      if (timer) clearTimeout(timer);
      if (ctrl) ctrl.abort();
      if (final) state('closed');
    };

    const dispatch = (name, data) => {
      const fn = on[name];
      if (!fn) return;
      let d;
      try { d = JSON.parse(data); } catch (err) { d = data; }
      try { fn(d, lastId); } catch (err) { console.error(name, err); }
    };

    // feed reads complete lines of text; it returns the unfinished rest.
    let ev = { name: '', data: [] };
    const line = (l) => {
      if (l === '') {
        if (ev.data.length) dispatch(ev.name || 'message', ev.data.join('\n'));
        const name = ev.name;
        ev = { name: '', data: [] };
        if (name === 'revoked') stop(true);
        return;
      }
      if (l.startsWith(':')) return;
      const i = l.indexOf(':');
      const field = i < 0 ? l : l.slice(0, i);
      let value = i < 0 ? '' : l.slice(i + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'event') ev.name = value;
      else if (field === 'data') ev.data.push(value);
      else if (field === 'id' && !value.includes('\0')) lastId = value;
      else if (field === 'retry' && /^\d+$/.test(value)) retry = Number(value);
    };
    const feed = (text) => {
      const lines = text.split(/\r\n|\r|\n/);
      const rest = lines.pop();
      for (const l of lines) {
        if (stopped) return '';
        line(l);
      }
      return rest;
    };

    const again = (wait) => {
      if (stopped || away) return;
      state('offline');
      timer = setTimeout(connect, wait);
    };

    async function connect() {
      if (stopped || away) return;
      state('connecting');
      ctrl = new AbortController();
      const headers = { Accept: 'text/event-stream' };
      if (opts.token) headers.Authorization = 'Bearer ' + opts.token;
      if (lastId) headers['Last-Event-ID'] = lastId;
      let r;
      try {
        r = await fetch(url, { headers, signal: ctrl.signal, cache: 'no-store' });
      } catch (err) {
        return again(retry);
      }
      if (!r.ok || !r.body) {
        if (r.status === 429 || r.status >= 500) {
          const after = Number(r.headers.get('Retry-After'));
          return again(after > 0 ? after * 1000 : retry);
        }
        return stop(true);
      }
      state('live');
      const reader = r.body.getReader();
      const dec = new TextDecoder();
      let buf = '';
      ev = { name: '', data: [] };
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done || stopped) break;
          buf = feed(buf + dec.decode(value, { stream: true }));
        }
      } catch (err) { /* dropped: opened again below */ }
      again(retry);
    }

    connect();
    return { close: () => stop(false) };
  };
})();
