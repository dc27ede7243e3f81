/**
 * Fault injection for the e2e specs. scripts/e2e.ts puts a TCP proxy between the built app and the
 * Firestore emulator and serves its switch at FAULTS_URL; the provider stub fails on demand through its control API
 * (scripts/provider-stub/README.md), whatever reaches it (the browser, or the functions' proxy).
 */
/** The shell's banner while the page cannot reach Firestore (src/app/shell/connection-banner.tsx). */
export const OFFLINE_TEXT =
  'Connessione al server assente: i dati mostrati potrebbero non essere aggiornati e i salvataggi restano in attesa finché la connessione non ritorna. Non chiudere la pagina: quello che hai scritto resta qui.';

function faultsUrl(): string {
  const url = process.env.FAULTS_URL;
  if (!url) throw new Error('FAULTS_URL non impostato: i test di guasto girano con scripts/e2e.ts');
  return url;
}

function stubUrl(): string {
  const url = process.env.STUB_URL;
  if (!url) throw new Error('STUB_URL non impostato');
  return url;
}

async function post(url: string, body?: unknown): Promise<void> {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!response.ok) throw new Error(`${url}: ${String(response.status)} ${await response.text()}`);
}

/** The app loses Firestore (every open connection reset, new ones refused) until restoreFirestore(). */
export const cutFirestore = () => post(`${faultsUrl()}/firestore/cut`);
export const restoreFirestore = () => post(`${faultsUrl()}/firestore/restore`);

/** Every request of `route` ('POST /invoices', 'GET /IT-aml/{vat}', '*') fails with `mode` until stubClear(). */
export const stubFail = (route: string, mode: string, times?: number) => post(`${stubUrl()}/__stub/fail`, { route, mode, ...(times ? { times } : {}) });

export async function stubClear(): Promise<void> {
  const response = await fetch(`${stubUrl()}/__stub/fail`, { method: 'DELETE' });
  if (!response.ok) throw new Error(`stub: ${String(response.status)}`);
}

export interface StubRequest {
  method: string;
  path: string;
  route: string | null;
  status: number | null;
  failure: string | null;
  body: string;
}

/** The stub's request log for one route, oldest first. */
export async function stubRequests(route: string): Promise<StubRequest[]> {
  const response = await fetch(`${stubUrl()}/__stub/requests?route=${encodeURIComponent(route)}`);
  return ((await response.json()) as { requests: StubRequest[] }).requests;
}

/** GET on the stub's provider API with the stub's token; the parsed JSON answer. */
export async function stubGet(path: string): Promise<unknown> {
  const response = await fetch(`${stubUrl()}${path}`, { headers: { Authorization: 'Bearer stub-token', Accept: 'application/json' } });
  return response.json();
}

function documentsUrl(): string {
  const host = process.env.FIRESTORE_EMULATOR_HOST;
  if (!host) throw new Error('FIRESTORE_EMULATOR_HOST non impostato');
  return `http://${host}/v1/projects/${process.env.PROJECT_ID ?? 'demo-backoffice'}/databases/(default)/documents`;
}

/** Copies a document (rules bypassed) under another path, without the fields in `drop` and with `strings` set. */
export async function copyDocument(from: string, to: string, change: { drop?: string[]; strings?: Record<string, string> } = {}): Promise<void> {
  const source = await fetch(`${documentsUrl()}/${from}`, { headers: { Authorization: 'Bearer owner' } });
  if (!source.ok) throw new Error(`copyDocument: ${from} ${String(source.status)}`);
  const fields = { ...((await source.json()) as { fields: Record<string, unknown> }).fields };
  for (const key of change.drop ?? []) delete fields[key];
  for (const [key, value] of Object.entries(change.strings ?? {})) fields[key] = { stringValue: value };
  const target = await fetch(`${documentsUrl()}/${to}`, {
    method: 'PATCH',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({ fields }),
  });
  if (!target.ok) throw new Error(`copyDocument: ${to} ${String(target.status)} ${await target.text()}`);
}
