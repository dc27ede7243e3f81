/**
 * Firestore calls of the ticket screens (document 3 §7: "Tickets: all Ticket ordered by createdAt descending";
 * "Ticket: add (createdAt, userId, categorie, type, description, read, status, taken); update (status, type,
 * taken, read, lastModified, log entry appended)"; "all Users (ticket labels)"; the shops a user owns, serves as
 * accountant, or is technician or assigned technician of).
 *
 * The ticket list downloads the tickets (they are read, filtered and paged as a whole list: a support queue, not
 * a growing ledger). Labels: an admin reads every User; assist and technicians read the User documents of the
 * levels a ticket names (shop owners, support staff) — the rules give them no other User and no Shop data.
 */
import {
  getDocs, orderBy, query, runTransaction, serverTimestamp, Timestamp, updateDoc, where, type Query,
} from 'firebase/firestore';
import { shopsCol, type Shop } from '@/data/shop';
import { addTicket, ticketDoc, ticketsCol, type Ticket } from '@/data/ticket';
import { usersCol, type User } from '@/data/user';
import { shopReply, ticketUpdate, type NewTicketInput, type TicketEdit, type TicketUpdate } from '@/domain/tickets/tickets';
import { db } from '@/lib/firebase';
import { confirmedTransaction, confirmedWrite } from '@/lib/firebase-errors';

export interface ShopOption {
  id: string;
  label: string;
}

/** Every ticket, newest first (the support queue, live). */
export function allTicketsQuery(): Query<Ticket> {
  return query(ticketsCol(), orderBy('createdAt', 'desc'));
}

/** The tickets of one shop (its owner's /my-tickets, live; the rules give an owner only these). */
export function shopTicketsQuery(shopId: string): Query<Ticket> {
  return query(ticketsCol(), where('userId', '==', shopId));
}

function shopLabel(shop: Shop): string {
  const place = [shop.city, shop.province].filter(Boolean).join(' ');
  return place ? `${shop.name || shop.id} (${place})` : shop.name || shop.id;
}

/**
 * The shops offered in a new ticket (document 3 §6): owned, accountant, technician or assigned technician. An
 * admin reads every shop. Assist users hold none of those relations: the shop accounts (User level shop, the
 * shop being keyed by its owner) are offered instead — support opens tickets for whoever calls.
 */
export async function loadTicketShops(uid: string, level: string | null): Promise<ShopOption[]> {
  const options = new Map<string, string>();
  if (level === 'admin') {
    for (const d of (await getDocs(shopsCol())).docs) options.set(d.id, shopLabel(d.data()));
  } else if (level === 'assist') {
    const owners = await getDocs(query(usersCol(), where('level', '==', 'shop')));
    for (const d of owners.docs) options.set(d.data().userId, userLabel(d.data()));
  } else {
    const queries = [
      query(shopsCol(), where('userId', '==', uid)),
      query(shopsCol(), where('accountants', 'array-contains', uid)),
      query(shopsCol(), where('technicians', 'array-contains', uid)),
      query(shopsCol(), where('assignedTech', '==', uid)),
    ];
    const answers = await Promise.allSettled(queries.map((q) => getDocs(q)));
    const failed = answers.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
    if (failed.length === answers.length) throw failed[0]?.reason;
    for (const answer of answers) if (answer.status === 'fulfilled') for (const d of answer.value.docs) options.set(d.id, shopLabel(d.data()));
  }
  return [...options].map(([id, label]) => ({ id, label })).sort((a, b) => a.label.localeCompare(b.label, 'it'));
}

export function userLabel(user: User): string {
  const name = user.displayName ?? user.name;
  return name ? `${name} · ${user.email}` : user.email || user.id;
}

/** The users a ticket names (owners, support staff), for labels. */
export async function loadTicketUsers(level: string | null): Promise<Map<string, User>> {
  const q = level === 'admin' ? usersCol() : query(usersCol(), where('level', 'in', ['shop', 'assist', 'tech', 'admin']));
  const users = new Map<string, User>();
  for (const d of (await getDocs(q)).docs) users.set(d.data().userId, d.data());
  return users;
}

/**
 * Adds a ticket: status 'in corso' (document 3 §9), taken empty. `read` is true when the owner writes their own; support
 * then has a new request to read (staffRead false).
 */
export function createTicket(input: NewTicketInput & { read: boolean }): Promise<string> {
  return confirmedWrite(addTicket(input));
}

export class TicketNotFoundError extends Error {}

/**
 * The actions modal's save, in a transaction on the stored ticket (two operators saving at once each append their
 * own log entry). Returns the update written, or undefined when nothing changed.
 */
export async function saveTicketChanges(ticketId: string, edit: TicketEdit, actor: { uid: string; label: string }): Promise<TicketUpdate | undefined> {
  // A transaction needs the server: offline it is refused at once and not started (confirmedTransaction's message)
  // instead of spinning; a server that does not answer is said after the time limit.
  return confirmedTransaction(() => runTransaction(db(), async (tx) => {
    const snapshot = await tx.get(ticketDoc(ticketId));
    const ticket = snapshot.data();
    if (!ticket) throw new TicketNotFoundError();
    const update = ticketUpdate({ status: ticket.status, type: ticket.type, taken: ticket.taken, logCount: ticket.logs.length }, edit, actor, new Date());
    if (!update) return undefined;
    const raw = (snapshot.get('logs') as unknown[] | undefined) ?? [];
    const log = { ...update.log, timestamp: Timestamp.fromDate(update.log.timestamp) };
    tx.update(ticketDoc(ticketId), {
      ...(update.status !== undefined ? { status: update.status } : {}),
      ...(update.type !== undefined ? { type: update.type } : {}),
      ...(update.lastModified ? { lastModified: serverTimestamp() } : {}),
      taken: update.taken,
      read: false,
      ...(snapshot.get('staffRead') === false ? { staffRead: true } : {}),
      logs: [...(Array.isArray(raw) ? raw : []), log],
    });
    return update;
  }));
}

/**
 * The shop's reply in the conversation (/my-tickets), in a transaction on the stored ticket like support's saves: one
 * log entry appended, support's unread mark set. Returns false when the text is empty or too long (nothing written).
 */
export async function replyToTicket(ticketId: string, message: string, actor: { uid: string; label: string }): Promise<boolean> {
  return confirmedTransaction(() => runTransaction(db(), async (tx) => {
    const snapshot = await tx.get(ticketDoc(ticketId));
    if (!snapshot.exists()) throw new TicketNotFoundError();
    const reply = shopReply(message, actor, new Date());
    if (!reply) return false;
    const raw = (snapshot.get('logs') as unknown[] | undefined) ?? [];
    tx.update(ticketDoc(ticketId), {
      staffRead: false,
      logs: [...(Array.isArray(raw) ? raw : []), { ...reply.log, timestamp: Timestamp.fromDate(reply.log.timestamp) }],
    });
    return true;
  }));
}

/** Support has opened a ticket whose last message was the shop's (the 'Risposta del negozio' mark goes). */
export async function markTicketStaffRead(ticketId: string): Promise<void> {
  await confirmedWrite(updateDoc(ticketDoc(ticketId), { staffRead: true }));
}

/** The owner has seen the latest change (the bell stops counting the ticket). */
export async function markTicketRead(ticketId: string): Promise<void> {
  await confirmedWrite(updateDoc(ticketDoc(ticketId), { read: true }));
}

