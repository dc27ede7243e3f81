/**
 * Registers public/sw.js in production builds (issue 25 §4): with it a reload without a connection still loads
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
  // After the page's own load: the worker's start-up does not compete with the first paint.
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
