/**
 * Registers public/sw.js in production builds: with it a reload without a connection still loads
 * the app, which then shows Firestore's persistent cache. The worker caches the files the page fetches once it
 * controls the page; the ones fetched before (this first load) are sent to it here.
 */
function sendLoadedAssets(worker: ServiceWorker | null | undefined): void {
  if (!worker) return;
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => new URL(url).origin === location.origin && new URL(url).pathname.startsWith('/assets/'));
  worker.postMessage({ type: 'cache', urls });
}

/** How long after the page's load the worker is registered. */
const SETTLE_MS = 5_000;

export function registerOfflineShell(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  const start = () => {
    container
      .register('/sw.js')
      .then(() => container.ready)
      .then((registration) => sendLoadedAssets(registration.active))
      .catch(() => undefined); // no worker (private mode, blocked): the app works, only not reloaded offline
    container.addEventListener('controllerchange', () => sendLoadedAssets(container.controller));
  };
  // The worker only serves a later reload without a connection: it starts once the first screen has settled (a few
  // seconds after the page's load, then when the browser is idle), not beside the screen's first data and chunks.
  // Registered at 'load', its start-up and the copy of the loaded files cost /login ~8 Lighthouse points (README).
  const later = () => {
    setTimeout(() => {
      if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 5_000 });
      else start();
    }, SETTLE_MS);
  };
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
