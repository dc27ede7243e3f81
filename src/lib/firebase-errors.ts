/** Firebase error codes → Italian messages a shop owner understands; anything unknown keeps its own text. */
const MESSAGES: Record<string, string> = {
  'auth/invalid-credential': 'Email o password non corretti.',
  'auth/invalid-login-credentials': 'Email o password non corretti.',
  'auth/wrong-password': 'Email o password non corretti.',
  'auth/user-not-found': 'Email o password non corretti.',
  'auth/invalid-email': 'Inserisci un indirizzo email valido',
  'auth/missing-password': 'Inserisci la password.',
  'auth/user-disabled': 'Questo account è stato disattivato. Contatta il supporto.',
  'auth/too-many-requests': 'Troppi tentativi. Riprova tra qualche minuto o reimposta la password.',
  'auth/network-request-failed': 'Connessione assente o instabile. Controlla la rete e riprova.',
  'auth/email-already-in-use': 'Questa email è già registrata.',
  'auth/weak-password': 'La password è troppo debole.',
  'auth/requires-recent-login': 'Per sicurezza accedi di nuovo e riprova.',
  'permission-denied': 'Non hai i permessi per questa operazione.',
  unavailable: 'Servizio momentaneamente non raggiungibile. Controlla la connessione e riprova.',
  'deadline-exceeded': 'Il servizio non ha risposto in tempo. Riprova.',
  'write-unconfirmed': 'Il server non ha confermato il salvataggio: controlla la connessione e riprova.',
};

export function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = error.code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

export function italianError(error: unknown): string {
  const code = errorCode(error);
  if (code && MESSAGES[code]) return MESSAGES[code];
  if (error instanceof Error && error.message) return error.message;
  return 'Si è verificato un errore imprevisto. Riprova.';
}

/**
 * A read that failed (network, permission), told as such: never turned into 'not found' or a default, so nothing is
 * built on stale or made-up data. `what` names the document: 'il cliente', 'la fattura originale'.
 */
export class ReadFailedError extends Error {
  readonly code = 'read-failed';
  constructor(what: string, cause: unknown) {
    super(`Impossibile leggere ${what}: riprova. (${italianError(cause)})`, { cause });
  }
}

/** Runs a read; a failure becomes a ReadFailedError naming `what`. */
export function readOrFail<T>(what: string, read: Promise<T>): Promise<T> {
  return read.catch((error: unknown) => {
    throw error instanceof ReadFailedError ? error : new ReadFailedError(what, error);
  });
}

/** The browser says it has no network: a write now can only be kept on this device. */
export const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

function unconfirmedError(): Error {
  return Object.assign(new Error(MESSAGES['write-unconfirmed']), { code: 'write-unconfirmed' });
}

/**
 * For work that needs the server (a transaction, a sign-up, a chain change): with the browser offline it is refused
 * at once with the 'unavailable' message, before anything is started, so nothing of it can land half-way later.
 */
export function refuseIfOffline(): void {
  if (isOffline()) throw offlineError();
}

function offlineError(): Error {
  return Object.assign(new Error(MESSAGES.unavailable), { code: 'unavailable' });
}

/** How long a user's write may wait for the server's confirmation before the screen says so. */
export const WRITE_CONFIRM_MS = 20_000;

/**
 * A Firestore write resolves only when the server confirms it; offline it waits for ever (the SDK keeps it queued
 * and sends it when the network returns). The screen must not: after `ms` this rejects with 'write-unconfirmed',
 * whose message tells the user to check the connection. Writes under stable ids stay safe to repeat.
 */
export function confirmedWrite<T>(write: Promise<T>, ms = WRITE_CONFIRM_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(unconfirmedError()), ms);
    write.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * A transaction (`run` starts it: `() => runTransaction(db(), …)`) through confirmedWrite. A transaction reads on
 * the server and is never queued, so with the browser offline it is not started at all: refused at once with the
 * 'unavailable' message ('… Controlla la connessione e riprova.', as settings' joinGroup does), instead of after
 * the time limit, and nothing of it can land later. Online it is a confirmedWrite (at most `ms`, then
 * 'write-unconfirmed').
 */
export function confirmedTransaction<T>(run: () => Promise<T>, ms = WRITE_CONFIRM_MS): Promise<T> {
  if (isOffline()) return Promise.reject(offlineError());
  return confirmedWrite(run(), ms);
}
