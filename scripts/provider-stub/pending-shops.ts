// The pending-shops cloud function (doc 1 §3 'Pending shop form entry', §6, §7), played by the stub
// with the contract of functions/src/pending-shops.ts, through the same pure functions:
// - GET /pendingShops with the caller's Firebase ID token: the entries naming no technician or the token's email,
//   without titolare.pin; GET /pendingShops?entry=<pendingShopKey>: that entry with its PIN, if this technician may
//   register it (else 404). No token, or one that is not a JWT → 401. The stub reads the email from the token
//   without verifying it (the Auth emulator's tokens are unsigned) and has no User documents: every caller is a
//   technician here (the admins' 'everything' is the function's, tested in tests/integration).
// - GET /pendingShops/sheet: the Google Form sheet itself, every field, no token — what the function reads
//   (PENDING_SHOPS_SOURCE_URL in the emulator launcher).
// Fictional shops; partitaIva values are valid and most match a company of company-fixtures.ts.
import { pendingEntryForRegistration, pendingShopsForCaller, readPendingShops } from '../../src/domain/tech/pending-shops.ts';
import type { StubRequest, StubResponse } from './http.ts';

export type PendingShopEntry = {
  contatti: { emailIscrizione: string; emailTecnico: string; emailInstallatore: string };
  datiLocale: { nome: string; indirizzo: string; citta: string; provincia: string; cap: string; telefono: string };
  datiFiscaliLocale: { partitaIva: string };
  titolare: { codiceFiscale: string; nome: string; cognome: string; cellulare: string; pin: string };
  timestamp: string;
};

/** The demo technician of the seed. */
export const DEMO_TECH_EMAIL = 'tecnico@demo.it';
export const OTHER_TECH_EMAIL = 'davide.conti@assistenzapos.it';

export const PENDING_SHOPS: PendingShopEntry[] = [
  {
    contatti: { emailIscrizione: 'info@ferramentacolombo.it', emailTecnico: '', emailInstallatore: '' },
    datiLocale: { nome: 'Ferramenta Colombo', indirizzo: 'Via Padova 112', citta: 'Milano', provincia: 'MI', cap: '20127', telefono: '02 2871 4490' },
    datiFiscaliLocale: { partitaIva: '04821730159' },
    titolare: { codiceFiscale: 'CLMLCU90P30F205R', nome: 'Luca', cognome: 'Colombo', cellulare: '347 112 9081', pin: '4821' },
    timestamp: '2026-05-04T09:12:33.000Z',
  },
  {
    contatti: { emailIscrizione: 'esposito.elettronica@gmail.com', emailTecnico: DEMO_TECH_EMAIL, emailInstallatore: '' },
    datiLocale: { nome: 'Esposito Elettronica', indirizzo: 'Via Toledo 156', citta: 'Napoli', provincia: 'NA', cap: '80134', telefono: '081 552 3318' },
    datiFiscaliLocale: { partitaIva: '07352910637' },
    titolare: { codiceFiscale: 'SPSSVT71L22F839H', nome: 'Salvatore', cognome: 'Esposito', cellulare: '333 908 1147', pin: '0420' },
    timestamp: '2026-05-11T15:40:02.000Z',
  },
  {
    contatti: { emailIscrizione: 'panificioromano@libero.it', emailTecnico: DEMO_TECH_EMAIL, emailInstallatore: 'installazioni@posinstall.it' },
    datiLocale: { nome: 'Panificio Romano', indirizzo: 'Via Sparano da Bari 88', citta: 'Bari', provincia: 'BA', cap: '70121', telefono: '080 521 7764' },
    datiFiscaliLocale: { partitaIva: '08117720725' },
    titolare: { codiceFiscale: 'RMNNTN59H01A662P', nome: 'Antonio', cognome: 'Romano', cellulare: '349 661 2030', pin: '7315' },
    timestamp: '2026-05-19T08:05:47.000Z',
  },
  {
    contatti: { emailIscrizione: 'profumeria.ferrari@pec.it', emailTecnico: OTHER_TECH_EMAIL, emailInstallatore: '' },
    datiLocale: { nome: 'Profumeria Ferrari', indirizzo: "Via dell'Indipendenza 24", citta: 'Bologna', provincia: 'BO', cap: '40121', telefono: '051 223 9087' },
    datiFiscaliLocale: { partitaIva: '02684190370' },
    titolare: { codiceFiscale: 'FRRCHR83B49A944Z', nome: 'Chiara', cognome: 'Ferrari', cellulare: '340 775 1298', pin: '2468' },
    timestamp: '2026-05-27T17:22:10.000Z',
  },
  {
    contatti: { emailIscrizione: 'tabaccheria.marino@gmail.com', emailTecnico: '', emailInstallatore: 'installazioni@posinstall.it' },
    datiLocale: { nome: 'Tabaccheria Marino', indirizzo: 'Corso Vittorio Emanuele II 58', citta: 'Torino', provincia: 'TO', cap: '10121', telefono: '011 561 0042' },
    datiFiscaliLocale: { partitaIva: '11204580010' },
    titolare: { codiceFiscale: 'MRNPLA80A07L219T', nome: 'Paolo', cognome: 'Marino', cellulare: '338 420 7756', pin: '9051' },
    timestamp: '2026-06-02T11:48:29.000Z',
  },
];

/**
 * The email of a Firebase ID token (payload read, signature not checked: a stub); undefined = not a token, '' = no
 * address or one the token does not say is verified (email_verified), which the function ignores too.
 */
export function tokenEmail(authorization: string | undefined): string | undefined {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { email?: unknown; email_verified?: unknown; sub?: unknown };
    if (typeof claims.sub !== 'string' || claims.sub === '') return undefined;
    return typeof claims.email === 'string' && claims.email_verified === true ? claims.email : '';
  } catch {
    return undefined;
  }
}

/** An unsigned token as the Auth emulator issues them, for the stub's own tests. */
export function stubIdToken(email: string, uid = 'stub-tech', emailVerified = true): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: uid, user_id: uid, email, email_verified: emailVerified })}.`;
}

/** GET /pendingShops as the function answers it (see the top of this file). */
export function pendingShopsAnswer(req: StubRequest): StubResponse {
  const email = tokenEmail(req.headers.authorization);
  if (email === undefined) return { status: 401, kind: 'json', body: { error: 'unauthenticated' } };
  const entries = readPendingShops(PENDING_SHOPS) ?? [];
  const key = req.query.get('entry');
  if (key === null) return { status: 200, kind: 'json', body: pendingShopsForCaller(entries, { email, admin: false }) };
  const entry = pendingEntryForRegistration(entries, key, email);
  return entry ? { status: 200, kind: 'json', body: entry } : { status: 404, kind: 'json', body: { error: 'negozio pendente non trovato' } };
}
