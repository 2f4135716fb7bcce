// The API as the table app uses it: JSON over fetch with the device's
// token and language, and the queue of events that wait on the device
// until the server has them.

/** Problem is an answer the server refused, as RFC 9457 describes it. */
export class Problem extends Error {
  constructor(status, body) {
    super((body && (body.detail || body.title)) || 'HTTP ' + status);
    this.status = status;
    this.body = body || {};
  }
}

/** Offline is a request the network did not carry. */
export class Offline extends Error {}

// The page says on <body data-ready> whether it is at rest: "true" once no
// request is in flight and the screen shows every answer received (checked
// on a later task, after the promise chains and the screen's updates that
// follow an answer have run), "false" from the moment a request starts.
// Browser tests wait for it before they tap, so a tap never lands on a
// control that an answer still on its way is about to move or remove.
let inflight = 0;
let restTimer = 0;

function busy() {
  inflight++;
  clearTimeout(restTimer);
  if (document.body) document.body.dataset.ready = 'false';
}

/** idle marks the page ready once nothing is in flight any more. */
export function idle() {
  clearTimeout(restTimer);
  restTimer = setTimeout(() => {
    if (inflight === 0 && document.body) document.body.dataset.ready = 'true';
  }, 0);
}

export function client(getToken, getLang) {
  async function request(method, path, body, headers) {
    busy();
    try {
      return await send(method, path, body, headers);
    } finally {
      inflight--;
      if (inflight === 0) idle();
    }
  }
  async function send(method, path, body, headers) {
    const h = { Accept: 'application/json', 'Accept-Language': getLang() };
    const token = getToken();
    if (token) h.Authorization = 'Bearer ' + token;
    if (body !== undefined) h['Content-Type'] = 'application/json';
    Object.assign(h, headers || {});
    let res;
    try {
      res = await fetch(path, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (e) {
      throw new Offline(String(e));
    }
    const text = await res.text();
    let data = null;
    if (text) {
      try { data = JSON.parse(text); } catch { data = { detail: text }; }
    }
    if (!res.ok) throw new Problem(res.status, data);
    return { data, headers: res.headers, status: res.status };
  }
  return {
    get: (path) => request('GET', path).then((r) => r.data),
    post: (path, body, headers) => request('POST', path, body, headers),
    put: (path, body, headers) => request('PUT', path, body, headers),
    patch: (path, body) => request('PATCH', path, body).then((r) => r.data),
    request,
  };
}

const QUEUE_KEY = 'motamed.queue';

/** loadQueue is the events still waiting on this device. */
export function loadQueue() {
  try {
    const q = JSON.parse(localStorage.getItem(QUEUE_KEY) || '[]');
    return Array.isArray(q) ? q : [];
  } catch {
    return [];
  }
}

export function saveQueue(q) {
  localStorage.setItem(QUEUE_KEY, JSON.stringify(q));
}

/** newKey is a fresh Idempotency-Key. */
export function newKey() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}
