/**
 * Ticket (document 1 §3, document 3 §3 and §4): support requests. Imported tickets may carry text dates.
 */
import { doc, serverTimestamp, setDoc, Timestamp, type WriteBatch } from 'firebase/firestore';
import type { TicketDocument } from '@/domain/developer/ticket-import';
import { NEW_TICKET_STATUS, type NewTicketInput } from '@/domain/tickets/tickets';
import { COLLECTIONS } from './collections';
import { makeConverter, typedCollection, typedDoc } from './converter';
import { asRecord, compact, isRecord, pick, toBool, toDate, toOptStr, toRecordList, toStr, toStringList, type RawDoc } from './normalize';

export const TICKET_STATUSES = ['in corso', 'completato', 'annullato'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const DEFAULT_TICKET_TYPE = 'assistenza base';

export interface TicketChange {
  from: string;
  to: string;
}

export interface TicketLogEntry {
  userId: string;
  userLabel?: string;
  timestamp?: Date;
  changes: { status?: TicketChange; type?: TicketChange };
  /** A reply written in the conversation (by support staff or by the shop), when the entry carries one. */
  message?: string;
}

export interface Ticket {
  id: string;
  userId: string;
  shopId?: string;
  createdAt?: Date;
  /** Macro category, lower-cased (cassa, analisi, magazzino, clienti, fatture, impostazioni, altro). */
  categorie: string;
  type: string;
  description: string;
  /** The shop has seen the latest change by support (document 1 §3: the bell counts the unread). */
  read: boolean;
  /**
   * Support has seen the shop's latest message: false once the shop opens a ticket or replies, true once support opens
   * or answers it. Missing (tickets written by support, imported ones, older ones) reads as seen.
   */
  staffRead: boolean;
  /** Missing or unknown status reads as 'in corso' (see statusRaw). */
  status: TicketStatus;
  statusRaw: string;
  /** User ids that worked on the ticket. */
  taken: string[];
  lastModified?: Date;
  logs: TicketLogEntry[];
}

export function toTicketStatus(value: unknown): TicketStatus {
  const s = toStr(value).trim().toLowerCase();
  return (TICKET_STATUSES as readonly string[]).includes(s) ? (s as TicketStatus) : 'in corso';
}

/** 'completato' is a finished state (document 1 §3); so is 'annullato'. */
export function isTicketFinished(t: Pick<Ticket, 'status'>): boolean {
  return t.status === 'completato' || t.status === 'annullato';
}

function readChange(value: unknown): TicketChange | undefined {
  if (!isRecord(value)) return undefined;
  return { from: toStr(value.from), to: toStr(value.to) };
}

function readLog(raw: RawDoc): TicketLogEntry {
  const changes = asRecord(raw.changes);
  return {
    userId: toStr(raw.userId).trim(),
    userLabel: toOptStr(raw.userLabel),
    timestamp: toDate(raw.timestamp),
    changes: compact({ status: readChange(changes.status), type: readChange(changes.type) }),
    ...(toOptStr(raw.message)?.trim() ? { message: toStr(raw.message).trim() } : {}),
  };
}

export function normalizeTicket(id: string, raw: RawDoc): Ticket {
  const statusRaw = toStr(raw.status).trim();
  return {
    id,
    userId: toStr(raw.userId).trim(),
    shopId: toOptStr(raw.shopId),
    createdAt: toDate(raw.createdAt),
    categorie: toStr(pick(raw, 'categorie', 'category', 'categoria')).trim().toLowerCase(),
    type: toOptStr(raw.type) ?? DEFAULT_TICKET_TYPE,
    description: toStr(raw.description).trim(),
    read: toBool(raw.read),
    staffRead: raw.staffRead !== false,
    status: toTicketStatus(statusRaw),
    statusRaw,
    taken: toStringList(raw.taken),
    lastModified: toDate(raw.lastModified),
    logs: toRecordList(raw.logs).map(readLog),
  };
}

export function toFirestoreTicket(t: Ticket): RawDoc {
  return compact({
    userId: t.userId,
    shopId: t.shopId,
    createdAt: t.createdAt,
    categorie: t.categorie,
    type: t.type,
    description: t.description,
    read: t.read,
    ...(t.staffRead ? {} : { staffRead: false }),
    status: t.status,
    taken: t.taken,
    lastModified: t.lastModified,
    logs: t.logs.map((l) => compact({ ...l })),
  });
}

export const ticketConverter = makeConverter('Ticket', normalizeTicket, toFirestoreTicket);
export const ticketsCol = () => typedCollection(COLLECTIONS.ticket, ticketConverter);
export const ticketDoc = (id: string) => typedDoc(COLLECTIONS.ticket, id, ticketConverter);

/**
 * A new ticket in the fields the rules let its writer create ('in corso', nobody on it yet, the server's clock).
 * `read` is true when the owner writes their own: support then has a new request to read (staffRead false).
 * Resolves with its id.
 */
export async function addTicket(input: NewTicketInput & { read: boolean }): Promise<string> {
  const ref = doc(ticketsCol()).withConverter(null);
  await setDoc(ref, {
    createdAt: serverTimestamp(),
    userId: input.shopId,
    shopId: input.shopId,
    categorie: input.categorie.trim().toLowerCase(),
    type: input.type,
    description: input.description.trim(),
    read: input.read,
    ...(input.read ? { staffRead: false } : {}),
    status: NEW_TICKET_STATUS,
    taken: [],
  });
  return ref.id;
}

/** In a batch: an imported ticket under its stable id (a repeated import rewrites it), its date as a Timestamp. */
export function importTicketInBatch(batch: WriteBatch, ticket: TicketDocument): void {
  batch.set(ticketDoc(ticket.id).withConverter(null), { ...ticket.data, createdAt: Timestamp.fromDate(ticket.data.createdAt) });
}
