/*
 * The app's files for a reload without a connection. Firestore's persistent cache keeps the data;
 * this keeps the page and its scripts, so the data can be shown at all. Registered by production builds only
 * (src/lib/offline-shell.ts). It answers nothing but same-origin GET requests for:
 * - pages (navigations): the network first, the last index.html when the network fails (a single-page app:
 *   every route is index.html);
 * - /assets/…: hashed, immutable files: the cache first, else the network (and kept).
 * Everything else (Firestore, Auth, the providers, /sw.js itself) goes to the network untouched.
 * The page sends the /assets/ files it loaded before this worker took control ({type:'cache', urls}).
 */
const SHELL = 'bo-shell-v1';
const ASSETS = 'bo-assets-v1';
const INDEX = '/index.html';
// Servers add `Vary: Origin` (module scripts send Origin, the worker's own requests do not): the files are
// immutable and named by their hash, so the URL alone decides.
const MATCH = { ignoreVary: true };

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.add(INDEX))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  const keep = [SHELL, ASSETS];
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => !keep.includes(name)).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

/** Keeps at most `max` files of older builds: the oldest entries go first. */
async function trim(cache, max) {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((key) => cache.delete(key)));
}

async function fromAssets(request) {
  const cache = await caches.open(ASSETS);
  const hit = await cache.match(request, MATCH);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function page(request) {
  const cache = await caches.open(SHELL);
  try {
    const response = await fetch(request);
    if (response.ok && (response.headers.get('content-type') ?? '').includes('text/html')) await cache.put(INDEX, response.clone());
    return response;
  } catch (error) {
    const copy = await cache.match(INDEX, MATCH);
    if (copy) return copy;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(fromAssets(request));
});

self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'cache' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((u) => typeof u === 'string' && new URL(u, self.location.origin).origin === self.location.origin && new URL(u, self.location.origin).pathname.startsWith('/assets/'));
  event.waitUntil(
    caches.open(ASSETS).then(async (cache) => {
      for (const url of urls) {
        if (!(await cache.match(url, MATCH))) await cache.add(url).catch(() => undefined);
      }
      await trim(cache, 400);
    }),
  );
});
