import { businessDay } from '../../src/domain/zreport/business-day.ts';

/**
 * Reads the emulator's documents directly (owner access, rules bypassed), so a test can compute what a screen
 * should show independently of the app's code.
 */
export type FsValue = {
  stringValue?: string;
  /** Bytes, base64-encoded. */
  bytesValue?: string;
  integerValue?: string;
  doubleValue?: number;
  booleanValue?: boolean;
  timestampValue?: string;
  nullValue?: null;
  mapValue?: { fields?: Record<string, FsValue> };
  arrayValue?: { values?: FsValue[] };
};
export type FsDoc = { id: string; fields: Record<string, FsValue> };

function base(): string {
  const host = process.env.FIRESTORE_EMULATOR_HOST;
  if (!host) throw new Error('FIRESTORE_EMULATOR_HOST non impostato');
  return `http://${host}/v1/projects/${process.env.PROJECT_ID ?? 'demo-backoffice'}/databases/(default)/documents`;
}

/** Every document of `collection` whose `field` equals `value` (a structured query: no page limit). */
export async function queryWhere(collection: string, field: string, value: string): Promise<FsDoc[]> {
  const response = await fetch(`${base()}:runQuery`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({
      structuredQuery: { from: [{ collectionId: collection }], where: { fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value: { stringValue: value } } } },
    }),
  });
  const rows = (await response.json()) as { document?: { name: string; fields?: Record<string, FsValue> } }[];
  return rows.filter((r) => r.document).map((r) => ({ id: r.document!.name.split('/').pop() ?? '', fields: r.document!.fields ?? {} }));
}

export async function getDocument(path: string): Promise<Record<string, FsValue> | undefined> {
  const response = await fetch(`${base()}/${path}`, { headers: { Authorization: 'Bearer owner' } });
  if (!response.ok) return undefined;
  return ((await response.json()) as { fields?: Record<string, FsValue> }).fields;
}

export function num(value: FsValue | undefined): number | undefined {
  if (!value) return undefined;
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.integerValue !== undefined) return Number(value.integerValue);
  if (value.stringValue !== undefined) {
    const n = Number(value.stringValue.replace(/\./g, '').replace(',', '.'));
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** The calendar day (yyyy-MM-dd) of a timestamp in Rome, where the shops are. */
export function romeDay(value: FsValue | undefined): string | undefined {
  if (!value?.timestampValue) return undefined;
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date(value.timestampValue));
}

/**
 * Calendar days from today to a subscription's expiry, both as Rome's calendar days, as the app counts them: the seed
 * sets the expiry N × 24 h after its own start, which is N - 1 calendar days away once Rome's midnight has passed
 * between the seed and the test.
 */
export async function subscriptionDaysLeft(subscriptionId: string): Promise<number> {
  const expiry = romeDay((await getDocument(`ShopSubscription/${subscriptionId}`))?.expiringDate);
  if (!expiry) throw new Error(`ShopSubscription/${subscriptionId}: expiringDate mancante`);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
  return Math.round((Date.parse(expiry) - Date.parse(today)) / 86_400_000);
}

/**
 * The business day (yyyy-MM-dd) of a timestamp: Rome's calendar day, the day before until `cutoff` minutes after
 * midnight. /zreport groups sales and closings this way; expectations must too.
 */
export function romeBusinessDay(value: FsValue | undefined, cutoff: number): string | undefined {
  if (!value?.timestampValue) return undefined;
  return businessDay(new Date(value.timestampValue), cutoff);
}

export function romeDaysAgo(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date(Date.now() - days * 86_400_000));
}

const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', useGrouping: 'always' });
/** Euro text as the app shows it, with ordinary spaces (Intl uses non-breaking ones). */
export function euroText(amount: number): string {
  return euro.format(amount).replace(/\s/g, ' ');
}

/** Writes a document with string fields straight into the emulator (rules bypassed): data a test starts from. */
export async function putDocument(path: string, fields: Record<string, string>): Promise<void> {
  await putFields(path, Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, { stringValue: v }])));
}

/** Writes a document with typed fields (numbers, timestamps, maps, lists) straight into the emulator (rules bypassed). */
export async function putFields(path: string, fields: Record<string, FsValue>): Promise<void> {
  const response = await fetch(`${base()}/${path}`, { method: 'PATCH', headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' }, body: JSON.stringify({ fields }) });
  if (!response.ok) throw new Error(`putFields ${path}: ${response.status} ${await response.text()}`);
}

/** Deletes a document (admin token, rules bypassed): a spec leaves the shared demo data as the seed made it. */
export async function deleteDocument(path: string): Promise<void> {
  const response = await fetch(`${base()}/${path}`, { method: 'DELETE', headers: { Authorization: 'Bearer owner' } });
  if (!response.ok) throw new Error(`deleteDocument ${path}: ${response.status} ${await response.text()}`);
}

export function str(value: FsValue | undefined): string | undefined {
  return value?.stringValue;
}

/**
 * The demo iPads' last heartbeat, as the POS app writes it while it runs: the seed sets 'iPad Cassa 1' 6 minutes
 * before the seed, so in a long run it would drift past the technician's 30-minute window and the specs that need
 * it online would depend on where they fall in the run. A spec that needs it calls this first.
 */
export async function markDeviceSeen(shopId: string, deviceKey: string, minutesAgo: number): Promise<void> {
  const field = `devices.\`${deviceKey}\`.lastVersionUpdate`;
  const body = { fields: { devices: { mapValue: { fields: { [deviceKey]: { mapValue: { fields: { lastVersionUpdate: { timestampValue: new Date(Date.now() - minutesAgo * 60_000).toISOString() } } } } } } } } };
  const response = await fetch(`${base()}/Shop/${shopId}?updateMask.fieldPaths=${encodeURIComponent(field)}`, {
    method: 'PATCH',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`markDeviceSeen ${shopId}/${deviceKey}: ${response.status} ${await response.text()}`);
}

/** 'iPad Cassa 1' of the demo shop (scripts/seed/people.ts). */
export const DEMO_CASH_IPAD = 'A1B2C3D4-4F1C-9A7E-2B8D5E6F7A10';
