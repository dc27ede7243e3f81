import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/** Shown when a route fails to render or its lazy chunk cannot be loaded (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  // The cause in the console: what support asks a user for, and what an e2e run prints beside a failed test.
  useEffect(() => {
    console.error('Errore della pagina:', error);
  }, [error]);
  // A screen's code or its stylesheet that could not be fetched (offline, or replaced by a deploy): Vite's preload
  // helper says 'Unable to preload CSS' for the stylesheet of a lazily loaded part.
  // A part that did not arrive within 120 s is a ChunkLoadError (lib/lazy-part.ts, document 3 §7).
  const chunkFailed =
    error instanceof Error && (error.name === 'ChunkLoadError' || /dynamically imported module|Importing a module script failed|Unable to preload CSS|chunk/i.test(error.message));
  return (
    <main className="center-page">
      <div className="card card--narrow" role="alert">
        <h1>Si è verificato un problema</h1>
        <p>
          {chunkFailed
            ? "Non è stato possibile caricare questa sezione: forse l'app è stata aggiornata o la connessione è assente."
            : isRouteErrorResponse(error)
              ? `${error.status} ${error.statusText}`
              : 'Questa pagina non è riuscita a caricarsi.'}
        </p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Ricarica la pagina
        </button>
      </div>
    </main>
  );
}
