/**
 * What the SDI received, as the server saw it go out: the provider proxy (provider-proxy.ts) holds the exact XML it
 * forwards and the provider's answer, so it — not the browser — writes the record the books rest on.
 *
 * - SdiAttempt/{shopId}_{sha256}: written just before POST /invoices is forwarded (the XML, its SHA-256, its Numero).
 *   A send whose answer is lost (time-out, unreadable body) may still have been queued by the provider; the app then
 *   asks the provider by number (findSent), and the proxy turns the attempt into the record of the uuid it finds.
 * - SdiSubmission/{uuid}: the provider accepted this XML under this uuid, for this shop, at this time (sentAt). The
 *   rules (firestore.rules, Sale and Invoice) let a draft become 'sent' and an outgoing Invoice be created only when
 *   this record exists for the writer's shop and the payload written is byte for byte its `xml`; nothing else can
 *   make a draft look sent. No client reads or writes either collection (firestore.rules denies them).
 *
 * Both are created, never rewritten: a record that exists is left as it is (the first answer wins).
 */
import { createHash } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { invoiceNumberOfXml } from '@/domain/fatturapa/renumber';
import { SERVER_COLLECTIONS } from './collections';

export interface SdiSubmission {
  uuid: string;
  shopId: string;
  /** The XML exactly as forwarded to the provider (its UTF-8 bytes are what the provider received). */
  xml: string;
  /** SHA-256 of the XML's UTF-8 bytes, lower-case hex. */
  sha256: string;
  /** The document's Numero (DatiGeneraliDocumento), '' when unreadable. */
  number: string;
  /** UTF-8 size of the XML. */
  bytes: number;
  sentAt: Date;
  /** 'send': the provider's answer to our POST gave the uuid; 'found': findSent found it after a lost answer. */
  via: 'send' | 'found';
}

/** How long an attempt may wait for findSent (the app asks at once after a lost answer; the send lock is 2 minutes). */
const ATTEMPT_TTL_MS = 24 * 3_600_000;
/** The provider's clock and ours differ a little: a found invoice may look created slightly before our attempt. */
const CLOCK_SLACK_MS = 10 * 60_000;

export function sha256Hex(text: string): string {
  return createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex');
}

const attemptId = (shopId: string, sha: string) => `${shopId}_${sha}`;

/** Before the XML goes out: kept so a lost answer can still be recorded with the bytes that went out. */
export async function recordAttempt(db: Firestore, shopId: string, xml: string, now = new Date()): Promise<void> {
  const sha256 = sha256Hex(xml);
  await db.collection(SERVER_COLLECTIONS.sdiAttempt).doc(attemptId(shopId, sha256)).set({
    shopId, xml, sha256, number: invoiceNumberOfXml(xml) ?? '', startedAt: now, expireAt: new Date(now.getTime() + ATTEMPT_TTL_MS),
  });
}

/** Creates SdiSubmission/{uuid}; true if this call wrote it, false if it existed already. */
export async function recordSubmission(db: Firestore, input: { uuid: string; shopId: string; xml: string; via: SdiSubmission['via'] }, now = new Date()): Promise<boolean> {
  const record: SdiSubmission = {
    uuid: input.uuid, shopId: input.shopId, xml: input.xml, sha256: sha256Hex(input.xml), number: invoiceNumberOfXml(input.xml) ?? '',
    bytes: Buffer.byteLength(input.xml, 'utf8'), sentAt: now, via: input.via,
  };
  try {
    await db.collection(SERVER_COLLECTIONS.sdiSubmission).doc(input.uuid).create(record);
    return true;
  } catch (error) {
    // ALREADY_EXISTS (gRPC 6): recorded by an earlier answer (a retried callable, a findSent after the send).
    if ((error as { code?: unknown }).code === 6) return false;
    throw error;
  }
}

/** The uuid the provider's answer to POST /invoices gives (envelope data.uuid), or '' when unreadable. */
export function sentUuidOf(body: string): string {
  try {
    const json = JSON.parse(body) as { data?: { uuid?: unknown } } | null;
    const uuid = json?.data?.uuid;
    return typeof uuid === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(uuid.trim()) ? uuid.trim() : '';
  } catch {
    return '';
  }
}

/**
 * findSent answered: each invoice of the shop the provider lists under `number` (already filtered to the shop's own
 * sender) that has no record yet gets one from the shop's latest attempt with that number, if that attempt started
 * before the provider created the invoice (with some clock slack). Anything else is left unrecorded: the draft then
 * cannot be marked sent, and the app says so.
 */
export async function recordFound(db: Firestore, shopId: string, number: string, found: readonly { uuid: string; createdAt: string }[], now = new Date()): Promise<number> {
  if (number === '' || found.length === 0) return 0;
  const attempts = await db.collection(SERVER_COLLECTIONS.sdiAttempt).where('shopId', '==', shopId).where('number', '==', number).get();
  const latest = attempts.docs
    .map((d) => ({ xml: d.get('xml') as unknown, startedAt: d.get('startedAt') as { toMillis?: () => number } | undefined }))
    .filter((a): a is { xml: string; startedAt: { toMillis: () => number } } => typeof a.xml === 'string' && typeof a.startedAt?.toMillis === 'function')
    .sort((a, b) => b.startedAt.toMillis() - a.startedAt.toMillis())[0];
  if (!latest) return 0;
  let written = 0;
  for (const item of found) {
    const created = Date.parse(item.createdAt);
    if (!Number.isFinite(created) || created < latest.startedAt.toMillis() - CLOCK_SLACK_MS) continue;
    if (await recordSubmission(db, { uuid: item.uuid, shopId, xml: latest.xml, via: 'found' }, now)) written++;
  }
  return written;
}
