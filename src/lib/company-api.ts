/**
 * The one client of the Company provider (Openapi Company, GET /IT-aml/{vat}; contract in
 * shared/providers/OPENAPI-SDI.md §5). It returns what the customer form needs, or why it could not:
 * - 204 or an empty `data`: nothing found;
 * - an answer without company details or address: incomplete;
 * - any non-OK status (401, 402, 404, 406, 5xx): unavailable or VAT unknown; a 429 with a message (the proxy's
 *   per-shop limit) is an error with that message;
 * - no answer, a time-out, unreadable JSON: an error with its reason;
 * - the provider's slow path (after its own 30 s it answers 302 to /IT-check_id/{id} with state PENDING):
 *   polled every Retry-After seconds until the data arrives or the wait limit passes.
 * The transport (provider-transport.ts) is straight to the provider or through our token-keeping proxy function
 * (VITE_PROVIDER_MODE); the answers are sorted the same way either way.
 */
import { appEnv } from '@/config/env';
import { failureText, HttpFailure, isRecord, readEnvelope, wait, type HttpAnswer } from './http';
import { directTransport, proxyTransport, type ProviderTransport } from './provider-transport';

export interface CompanyData {
  ragioneSociale: string;
  partitaIva: string;
  codiceFiscale: string;
  address: string;
  cap: string;
  city: string;
  province: string;
  nation: string;
  /** The first manager who is a person (managers may be companies). */
  name: string;
  surname: string;
  /** 'YYYY-MM-DD' or ''. */
  birthday: string;
}

export type CompanyLookup =
  | { kind: 'found'; company: CompanyData }
  | { kind: 'not-found' }
  | { kind: 'incomplete' }
  | { kind: 'unavailable'; status: number; detail: string }
  | { kind: 'error'; reason: string };

export const LOOKUP_MESSAGES = {
  notFound: 'Nessun dato trovato per questa P.IVA.',
  incomplete: 'Risposta API incompleta',
  unavailable: 'API non disponibile o P.IVA non trovata',
  found: 'Dati azienda trovati!',
  updated: 'Dati aggiornati da API!',
  errorPrefix: 'Errore nella ricerca: ',
} as const;

/** The Italian message for a failed lookup (document 2 §8). */
export function lookupFailureMessage(result: Exclude<CompanyLookup, { kind: 'found' }>): string {
  switch (result.kind) {
    case 'not-found':
      return LOOKUP_MESSAGES.notFound;
    case 'incomplete':
      return LOOKUP_MESSAGES.incomplete;
    case 'unavailable':
      return LOOKUP_MESSAGES.unavailable;
    case 'error':
      return LOOKUP_MESSAGES.errorPrefix + result.reason;
  }
}

const str = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

function firstPerson(managers: unknown): Record<string, unknown> | undefined {
  const people = (Array.isArray(managers) ? managers : []).filter((m): m is Record<string, unknown> => isRecord(m) && str(m.name) !== '' && str(m.surname) !== '');
  return people.find((m) => m.isLegalRepresentative === true) ?? people[0];
}

/** The answer's `data` → the form's fields; 'empty' when nothing is there, 'incomplete' without details or address. */
export function companyFromData(data: unknown): CompanyData | 'empty' | 'incomplete' {
  if (!isRecord(data) || Object.keys(data).length === 0) return 'empty';
  const details = data.companyDetails;
  const address = data.address;
  if (!isRecord(details) || !isRecord(address) || str(details.companyName) === '') return 'incomplete';
  const person = firstPerson(data.managers);
  const province = isRecord(address.province) ? str(address.province.code) : '';
  const country = isRecord(address.country) ? str(address.country.code) : '';
  const birth = /^(\d{4}-\d{2}-\d{2})/.exec(str(person?.birthDate));
  return {
    ragioneSociale: str(details.companyName),
    partitaIva: str(details.vatCode),
    codiceFiscale: str(details.taxCode),
    address: str(address.streetName),
    cap: str(address.zipCode),
    city: str(address.town),
    province: province.toUpperCase(),
    nation: (country || 'IT').toUpperCase(),
    name: str(person?.name),
    surname: str(person?.surname),
    birthday: birth?.[1] ?? '',
  };
}

export type CompanyApiOptions = ({ baseUrl: string; token: string; fetchImpl?: typeof fetch } | { transport: ProviderTransport }) & {
  /** One request's limit; the provider answers its slow path after 30 s. */
  requestTimeoutMs?: number;
  /** How long the slow path may be polled in total. */
  maxPollMs?: number;
};

export interface LookupCallbacks {
  signal?: AbortSignal;
  /** Called each time the provider says the lookup is still running. */
  onPending?: () => void;
}

function pendingId(answer: HttpAnswer): string | undefined {
  const { data } = readEnvelope(answer.json);
  return isRecord(data) && str(data.state).toUpperCase() === 'PENDING' && str(data.id) !== '' ? str(data.id) : undefined;
}

export function createCompanyApi(options: CompanyApiOptions) {
  const transport = 'transport' in options ? options.transport : directTransport(options);
  const timeoutMs = options.requestTimeoutMs ?? 35_000;
  const maxPollMs = options.maxPollMs ?? 90_000;

  async function lookup(vat: string, callbacks: LookupCallbacks = {}): Promise<CompanyLookup> {
    const get = (path: string) => transport({ path, headers: { Accept: 'application/json' }, timeoutMs, signal: callbacks.signal });
    try {
      let answer = await get(`/IT-aml/${encodeURIComponent(vat.trim())}`);
      const started = Date.now();
      for (let id = pendingId(answer); id !== undefined; id = pendingId(answer)) {
        callbacks.onPending?.();
        if (Date.now() - started > maxPollMs) return { kind: 'error', reason: 'il registro delle imprese non ha risposto in tempo, riprova tra qualche minuto' };
        const retryAfter = Number(answer.headers.get('Retry-After'));
        await wait(Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter, 10) * 1000 : 2000, callbacks.signal);
        answer = await get(`/IT-check_id/${encodeURIComponent(id)}`);
      }
      if (answer.status === 204) return { kind: 'not-found' };
      if (!answer.ok) {
        const detail = readEnvelope(answer.json).message;
        // The proxy's per-shop limit (429 with its Italian message, provider-transport.ts): the form says so, not 'API non disponibile'.
        if (answer.status === 429 && detail !== '') return { kind: 'error', reason: detail };
        return { kind: 'unavailable', status: answer.status, detail };
      }
      const company = companyFromData(readEnvelope(answer.json).data);
      if (company === 'empty') return { kind: 'not-found' };
      if (company === 'incomplete') return { kind: 'incomplete' };
      return { kind: 'found', company };
    } catch (error) {
      if (error instanceof HttpFailure) return { kind: 'error', reason: error.message };
      return { kind: 'error', reason: failureText('network') };
    }
  }

  return { lookup };
}

export type CompanyApi = ReturnType<typeof createCompanyApi>;

/**
 * The app's client for lookups made for `shopId`: through the proxy function (VITE_PROVIDER_MODE=proxy), or straight
 * to VITE_COMPANY_API_BASE_URL with VITE_COMPANY_API_TOKEN (direct).
 */
export function companyApi(shopId: string): CompanyApi {
  const env = appEnv();
  return createCompanyApi(env.providerMode === 'proxy' ? { transport: proxyTransport('company', shopId) } : { baseUrl: env.companyApiBaseUrl, token: env.companyApiToken });
}
