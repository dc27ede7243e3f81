/**
 * Firestore calls of the developer dashboard, /developer (document 3 §2.6, §4, §7). Only admins pass the rules
 * for these reads and writes. Lists are live (the spec: "live subscriptions where a screen must follow changes").
 * Every write changes only its own fields (updateDoc with stored field names), so the POS app's and the
 * technician's fields are never overwritten.
 */
import { createUserWithEmailAndPassword, sendEmailVerification } from 'firebase/auth';
import { arrayUnion, doc, getDocs, limit, orderBy, query, serverTimestamp, Timestamp, updateDoc, where, writeBatch } from 'firebase/firestore';
import { addAnnouncement } from '@/data/announcement';
import { apiCallLogsCol } from '@/data/api-call-log';
import { packsCol, savePackFieldsInBatch } from '@/data/pack';
import { setPackGrants } from '@/data/pack-grant';
import { plansCol, savePlanFields } from '@/data/plan';
import { providerQuarantineCol } from '@/data/provider-quarantine';
import { productLookupQueries, scrapDoc } from '@/data/scrap';
import { linkShopSubscription, shopDoc, shopsCol } from '@/data/shop';
import { shopSubscriptionDoc, shopSubscriptionsCol, type ShopSubscription } from '@/data/shop-subscription';
import { importTicketInBatch } from '@/data/ticket';
import { createUserProfile, usersCol } from '@/data/user';
import { packGrantDocs } from '@/domain/permissions/pack-grants';
import { TICKET_IMPORT_BATCH, type TicketDocument } from '@/domain/developer/ticket-import';
import { chunks, FLAG_BATCH, lookupValues, type CsvOperation } from '@/domain/developer/changed-price';
import { db } from '@/lib/firebase';
import { confirmedWrite } from '@/lib/firebase-errors';
import { callFunction } from '@/lib/firebase-callable';
import { withSecondaryApp } from '@/lib/firebase-secondary';

/** API log entries shown per shop (newest first). */
export const API_LOG_LIMIT = 200;

export const allShopsQuery = () => query(shopsCol());
export const proposedSubscriptionsQuery = () => query(shopSubscriptionsCol(), where('status', '==', 'proposed'));
export const techniciansQuery = () => query(usersCol(), where('level', '==', 'tech'));
export const allPlansQuery = () => query(plansCol());
export const allPacksQuery = () => query(packsCol());
/** Log where shopUserId equals the owner (document 3 §7), newest first. */
/** The latest quarantined provider callbacks shown: a support list, not an archive. */
export const QUARANTINE_LIMIT = 100;
export const providerQuarantineQuery = () => query(providerQuarantineCol(), orderBy('receivedAt', 'desc'), limit(QUARANTINE_LIMIT));

export type ReleaseAnswer = { ok: true; invoiceId: string; shopId: string } | { ok: false; message: string };

/**
 * 'Assegna al negozio': the releaseQuarantined function (functions/src/release-quarantined.ts; admins
 * only, checked on the server) places the kept supplier invoice into the shop as the webhook would. Its refusals
 * come back as Italian messages.
 */
export async function releaseQuarantined(entryId: string, shopId: string): Promise<ReleaseAnswer> {
  const answer = await callFunction<{ invoiceId: string; shopId: string }>('releaseQuarantined', { entryId, shopId });
  return answer.kind === 'ok' ? { ok: true, ...answer.value } : { ok: false, message: answer.message };
}

export const apiCallLogQuery = (shopUserId: string) =>
  query(apiCallLogsCol(), where('shopUserId', '==', shopUserId), orderBy('timestamp', 'desc'), limit(API_LOG_LIMIT));

export interface ApprovalResult {
  /** The shop's subscriptionId could not be updated: only a warning (document 3 §8). */
  shopWarning?: unknown;
}

/**
 * Approval of a proposal (document 3 §4): proposed → active; start and expiry replaced by the proposed ones when
 * present; the proposed price becomes the price when there is one; approvedAt / approvedBy. Then the shop's
 * subscriptionId and updatedAt — a failure there is a warning that does not undo the approval (§8).
 */
export async function approveProposal(proposal: ShopSubscription, shopId: string, adminUid: string | undefined): Promise<ApprovalResult> {
  const patch: Record<string, unknown> = { status: 'active', approvedAt: serverTimestamp(), updatedAt: serverTimestamp() };
  if (adminUid) {
    patch.approvedBy = adminUid;
    patch.updatedBy = adminUid;
  }
  if (proposal.proposedStartingDate) patch.startingDate = Timestamp.fromDate(proposal.proposedStartingDate);
  if (proposal.proposedExpiringDate) patch.expiringDate = Timestamp.fromDate(proposal.proposedExpiringDate);
  if (proposal.proposedPrice !== null) patch.price = proposal.proposedPrice;
  if (!proposal.shopId) patch.shopId = shopId;
  await confirmedWrite(updateDoc(shopSubscriptionDoc(proposal.id), patch));
  try {
    await confirmedWrite(linkShopSubscription(shopId, proposal.id));
    return {};
  } catch (error) {
    return { shopWarning: error };
  }
}

/** 'Salva lista tecnici': the shop's technicians, stored as plain uids (legacy object entries are rewritten). */
export async function saveTechnicianList(shopId: string, technicians: string[]): Promise<void> {
  await confirmedWrite(updateDoc(shopDoc(shopId), { technicians, updatedAt: serverTimestamp() }));
}

/** Assigning also adds the technician to the list; clearing sets assignedTech to empty (document 3 §4). */
export async function assignTechnician(shopId: string, techId: string): Promise<void> {
  const patch: Record<string, unknown> = techId ? { assignedTech: techId, technicians: arrayUnion(techId) } : { assignedTech: '' };
  await confirmedWrite(updateDoc(shopDoc(shopId), { ...patch, updatedAt: serverTimestamp() }));
}

export interface CatalogFields {
  name: string;
  price: number;
  description: string;
}

/** Plan add or update (document 3 §7): name, price, packs, description (packs under both names, see data/plan). */
export function savePlan(id: string | undefined, fields: CatalogFields & { packs: string[] }): Promise<string> {
  return confirmedWrite(savePlanFields(id, fields));
}

/**
 * Pack add or update, together with the index the rules read to enforce the packs (PackGrant: which Pack
 * ids grant Fatturazione, Catena, Statistiche), rebuilt from the whole catalogue in the same batch so a renamed or new
 * pack grants in the database exactly what it grants in the app.
 */
export async function savePack(id: string | undefined, fields: CatalogFields): Promise<string> {
  const packId = id ?? doc(packsCol()).id;
  const catalogue = (await getDocs(packsCol())).docs.map((d) => d.data()).filter((p) => p.id !== packId);
  const grants = packGrantDocs([...catalogue, { id: packId, name: fields.name }]);
  const batch = writeBatch(db());
  savePackFieldsInBatch(batch, packId, fields, id === undefined);
  setPackGrants(batch, grants);
  await confirmedWrite(batch.commit());
  return packId;
}

/** Announcement add (document 3 §7): description, expired false, createdAt, expiresAt when given. */
export function createAnnouncement(description: string, expiresAt: Date | undefined): Promise<string> {
  return confirmedWrite(addAnnouncement(description, expiresAt));
}

/** The User document of a new technician (document 3 §7): userId, email, level tech, createdAt. */
export async function createTechnicianUser(uid: string, email: string): Promise<void> {
  await confirmedWrite(createUserProfile(uid, email, 'tech'));
}

/**
 * changedPrice flagging (document 3 §5, §7, §9): the shop's products whose code, barcode or name is one of the
 * changed operations' values (Scrap where userId == shop and field in a chunk of 30), then changedPrice true in
 * batches of 450. Returns the number of products flagged.
 */
export async function flagChangedPrices(shopUserId: string, ops: readonly CsvOperation[]): Promise<number> {
  const values = lookupValues(ops);
  const ids = new Set<string>();
  // One query after the other (a CSV log may name thousands of products), not all at once as the warehouse import does.
  for (const q of productLookupQueries(shopUserId, values)) {
    const snapshot = await getDocs(q);
    for (const d of snapshot.docs) ids.add(d.id);
  }
  for (const chunk of chunks([...ids], FLAG_BATCH)) {
    const batch = writeBatch(db());
    for (const id of chunk) batch.update(scrapDoc(id), { changedPrice: true });
    await confirmedWrite(batch.commit());
  }
  return ids.size;
}

/**
 * A new technician (document 3 §5, §7): the Auth account is created on a temporary secondary app, which is signed
 * out and deleted after (so the admin stays signed in here), then the User document (level tech) is written by
 * the admin. Returns the new uid, or undefined when Auth gave none.
 * The technician is sent Firebase's verification e-mail at once: the pendingShops function trusts an address only
 * once verified, so until then the technician sees only the pending shops that name no technician. A failed send
 * does not undo the account (the address can be verified later).
 */
export async function createTechnician(email: string, password: string): Promise<string | undefined> {
  const uid = await withSecondaryApp(async ({ auth }) => {
    const { user } = await createUserWithEmailAndPassword(auth, email, password);
    auth.languageCode = 'it';
    await sendEmailVerification(user).catch((error: unknown) => console.warn('Email di verifica del tecnico non inviata', error));
    return user.uid;
  });
  if (!uid) return undefined;
  await createTechnicianUser(uid, email);
  return uid;
}

/** Ticket import (document 3 §7): batch set in batches of 450, under the documents' stable ids. */
export async function importTickets(docs: readonly TicketDocument[], onBatch?: (written: number) => void): Promise<number> {
  let written = 0;
  for (const chunk of chunks(docs, TICKET_IMPORT_BATCH)) {
    const batch = writeBatch(db());
    for (const t of chunk) importTicketInBatch(batch, t);
    await confirmedWrite(batch.commit());
    written += chunk.length;
    onBatch?.(written);
  }
  return written;
}
