/**
 * A throw-away shop account for the e2e tests that change settings: its own Auth account, User, Shop
 * and an active subscription with every pack, written straight into the emulators (rules bypassed). Tests that
 * join, leave, rename or re-number never touch the shared demo shops the other specs read.
 */
import { partitaIvaCheckDigit } from '../../src/domain/fiscal-ids/partita-iva.ts';

const PACK_IDS = [
  'pack-fatturazione', 'pack-profili-personalizzati', 'pack-aggiunta-smart', 'pack-magazzino', 'pack-xml-prodotti',
  'pack-analisi', 'pack-listini', 'pack-profili-base', 'pack-catena', 'pack-statistiche',
];
export const FIXTURE_PASSWORD = 'Prova!2026';

export type Plain = string | number | boolean | null | Date | Plain[] | { [key: string]: Plain };

function encode(value: Plain): Record<string, unknown> {
  if (value === null) return { nullValue: null };
  if (value instanceof Date) return { timestampValue: value.toISOString() };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(encode) } };
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number') return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  return { mapValue: { fields: encodeFields(value) } };
}

function encodeFields(data: Record<string, Plain>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, encode(v)]));
}

function firestoreBase(): string {
  const host = process.env.FIRESTORE_EMULATOR_HOST;
  if (!host) throw new Error('FIRESTORE_EMULATOR_HOST non impostato');
  return `http://${host}/v1/projects/${process.env.PROJECT_ID ?? 'demo-backoffice'}/databases/(default)/documents`;
}

export async function writeDocument(path: string, data: Record<string, Plain>): Promise<void> {
  const response = await fetch(`${firestoreBase()}/${path}`, {
    method: 'PATCH',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({ fields: encodeFields(data) }),
  });
  if (!response.ok) throw new Error(`Scrittura di ${path} non riuscita: ${String(response.status)} ${await response.text()}`);
}

/**
 * Many documents in one commit (at most 500, Firestore's limit per commit): the emulator matches a commit against
 * its listeners once, where separate writes cost one match each — and late in a run it holds the listeners of every
 * page the earlier tests navigated away from.
 */
export async function writeDocuments(documents: { path: string; data: Record<string, Plain> }[]): Promise<void> {
  const prefix = firestoreBase().replace(/^http:\/\/[^/]+\/v1\//, '');
  for (let start = 0; start < documents.length; start += 500) {
    const writes = documents.slice(start, start + 500).map(({ path, data }) => ({ update: { name: `${prefix}/${path}`, fields: encodeFields(data) } }));
    const response = await fetch(`${firestoreBase()}:commit`, {
      method: 'POST',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: JSON.stringify({ writes }),
    });
    if (!response.ok) throw new Error(`Scrittura di ${String(writes.length)} documenti non riuscita: ${String(response.status)} ${await response.text()}`);
  }
}

/** Deletes many documents in commits of at most 500 (rules bypassed): a spec leaves the demo data as seeded. */
export async function deleteDocuments(paths: string[]): Promise<void> {
  const prefix = firestoreBase().replace(/^http:\/\/[^/]+\/v1\//, '');
  for (let start = 0; start < paths.length; start += 500) {
    const writes = paths.slice(start, start + 500).map((path) => ({ delete: `${prefix}/${path}` }));
    const response = await fetch(`${firestoreBase()}:commit`, {
      method: 'POST',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: JSON.stringify({ writes }),
    });
    if (!response.ok) throw new Error(`Cancellazione di ${String(writes.length)} documenti non riuscita: ${String(response.status)} ${await response.text()}`);
  }
}

export async function createAuthAccount(email: string, password = FIXTURE_PASSWORD): Promise<string> {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST non impostato');
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`Creazione account ${email} non riuscita: ${await response.text()}`);
  return ((await response.json()) as { localId: string }).localId;
}

export interface FixtureShop {
  uid: string;
  email: string;
  name: string;
  /** Its P.IVA (held for it in the registry unless created with registry: false). */
  vat: string;
}

const DAY = 86_400_000;

/** A valid P.IVA of its own for each fixture shop (the registry holds a P.IVA for one shop only). */
function fixtureVat(stamp: string): string {
  const first10 = `9${stamp.slice(-9)}`;
  return `${first10}${String(partitaIvaCheckDigit(first10))}`;
}

/**
 * A shop owner with every pack, two devices (one seen 2 hours ago, one 3 days ago) and an unreadable counter; its
 * P.IVA (its own, `options.vat` or `extra.pIva`) held for it in the fiscal-identity registry, as a registration
 * would (`registry: false`: a shop that carries a P.IVA the registry gives to another shop).
 */
export async function createFixtureShop(label: string, extra: Record<string, Plain> = {}, options: { vat?: string; registry?: boolean } = {}): Promise<FixtureShop> {
  const stamp = `${String(Date.now())}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  const vat = options.vat ?? (typeof extra.pIva === 'string' ? extra.pIva : fixtureVat(stamp));
  const email = `${label}.${stamp}@prova.it`;
  const uid = await createAuthAccount(email);
  const now = Date.now();
  const name = `Negozio ${label} ${stamp.slice(-4)}`;
  await writeDocument(`User/${uid}`, { userId: uid, email, level: 'shop', name: `Titolare ${label}`, createdAt: new Date(now - 30 * DAY) });
  await writeDocument(`ShopSubscription/sub-${uid}`, {
    shopId: uid, userId: uid, plan: 'plan-premium', packs: PACK_IDS, status: 'active', price: 64,
    startingDate: new Date(now - 20 * DAY), expiringDate: new Date(now + 200 * DAY),
  });
  await writeDocument(`Shop/${uid}`, {
    userId: uid, name, city: 'Parma', province: 'PR', zipCode: '43121', address: 'Via Prova 1', phone: '0521000000', country: 'IT',
    pIva: vat, vatNumber: vat, openApi: false, subscriptionId: `sub-${uid}`, accountants: [], technicians: [], assignedTech: '',
    isChainMaster: false, shopGroup: null, shopType: 'General',
    devices: {
      'IPAD-RECENTE-0001': { deviceName: 'iPad Banco', appVersion: '3.4.1', appBuild: '341', lastVersionUpdate: new Date(now - 2 * 3600_000), isSimulator: false },
      'IPAD-VECCHIO-0002': { deviceName: 'iPad Retro', appVersion: '3.2.0', appBuild: '320', lastVersionUpdate: new Date(now - 3 * DAY), isSimulator: false },
    },
    settings: { pIva: vat, invoiceNumber: 'n/d', creditNoteNumber: 0, backofficeRoles: false, codeDdt: 11, cashmaticProtocol: 'https', cashmaticTotalMoney: 0 },
    createdAt: new Date(now - 30 * DAY),
    ...extra,
  });
  if (options.registry ?? true) await writeDocument(`FiscalId/${vat}`, { shopId: uid, createdBy: 'e2e-fixture', createdAt: new Date(now - 30 * DAY) });
  return { uid, email, name, vat };
}
