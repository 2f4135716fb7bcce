// The table app's service worker: the app opens with no network. It keeps
// the app's page and every asset of this version (the server writes the
// version and the list in when it serves this file as /sw.js), and the
// last answer of each read the app needs to show a match (the token's
// rights, the games, a match and its log), sent when the network is gone.
// The page is asked of the network first, so an upgrade shows at once; an
// asset is versioned in its URL, so it is taken from the cache; a new
// version's worker drops every older version's cache.
const VERSION = "";
const SHELL = [];
const CACHE = 'motamed-app-' + VERSION;
const DATA = 'motamed-data';

self.addEventListener('install', (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith('motamed-') && k !== CACHE && k !== DATA).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// Reads kept for offline: a match's body and log, the games, the token's rights.
const KEPT = [/^\/v1\/me$/, /^\/v1\/games(\/[^/]+)?$/, /^\/v1\/matches\/[^/]+$/, /^\/v1\/matches\/[^/]+\/events$/];

self.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method !== 'GET' || req.cache === 'no-store') return; // asked of the network alone
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (req.mode === 'navigate' && url.pathname === '/') {
    e.respondWith(networkFirst(req, CACHE, '/'));
  } else if (url.pathname.startsWith('/assets/') && url.searchParams.get('v') === VERSION) {
    e.respondWith(caches.open(CACHE).then((c) => c.match(req).then((hit) => hit || fetch(req).then((res) => {
      if (res.ok) c.put(req, res.clone());
      return res;
    }))));
  } else if (url.pathname.startsWith('/assets/') && !url.searchParams.has('v')) {
    // A module's imports name their files without the version (./app-api.js):
    // asked of the network, and with no network this version's copy.
    e.respondWith(fetch(req).catch((err) => caches.open(CACHE)
      .then((c) => c.match(url.pathname + '?v=' + VERSION))
      .then((hit) => hit || Promise.reject(err))));
  } else if (KEPT.some((re) => re.test(url.pathname))) {
    // The answer is in the language asked (a match's next step, its
    // notes): kept per language, so a Persian phone offline is not answered
    // in English while a Persian answer is kept.
    const lang = req.headers.get('Accept-Language');
    const key = url.pathname + url.search;
    e.respondWith(networkFirst(req, DATA, lang ? key + (url.search ? '&' : '?') + 'lang=' + encodeURIComponent(lang) : key, key));
  }
});

// networkFirst answers from the network, keeping the answer (under key and
// under any), and from the answer kept when the network does not carry the
// request: the one kept under key, else the latest under any.
async function networkFirst(req, name, key, any) {
  const c = await caches.open(name);
  try {
    const res = await fetch(req);
    if (res.ok) {
      await c.put(key, res.clone());
      if (any && any !== key) await c.put(any, res.clone());
    }
    return res;
  } catch (err) {
    const hit = (await c.match(key)) || (any && await c.match(any));
    if (hit) return hit;
    throw err;
  }
}
