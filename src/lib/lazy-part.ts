import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Parts of the app loaded on demand (screens, layouts, tabs, charts). Document 3 §7: a load that waits 120 seconds
 * fails with a chunk-load error — a network that never answers would otherwise leave the user on a spinner for
 * ever; the route's error screen (app/route-error.tsx) then says the part could not be loaded and offers a reload.
 */
export const LAZY_LOAD_TIMEOUT_MS = 120_000;

export const CHUNK_TIMEOUT_MESSAGE = 'Caricamento della sezione non riuscito: nessuna risposta in 120 secondi (chunk load timeout).';

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** `load` refused with a ChunkLoadError when it has not settled within `ms`; its own answer otherwise. */
export function withLoadTimeout<T>(load: () => Promise<T>, ms = LAZY_LOAD_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError(CHUNK_TIMEOUT_MESSAGE)), ms);
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new ChunkLoadError(String(error)));
        },
      );
    });
}

/** React.lazy with the 120-second limit (and React.lazy's own type constraint). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPart<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(withLoadTimeout(load));
}
