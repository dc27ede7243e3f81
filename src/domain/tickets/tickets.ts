/**
 * Support tickets (document 3 §2.5, §3 Ticket, §4 Ticket, §5 New ticket, §8 Tickets, §9): the fixed lists, the
 * new-ticket check, the change rule of the actions modal, the list filters and the owner's view. Pure.
 */
export const TICKET_STATUS_OPTIONS = ['in corso', 'completato', 'annullato'] as const;
export type TicketStatusValue = (typeof TICKET_STATUS_OPTIONS)[number];
export const TICKET_TYPES = ['assistenza base', 'developer', 'tecnico'] as const;
export const DEFAULT_NEW_TICKET_TYPE = 'assistenza base';
export const TICKET_CATEGORIES = ['cassa', 'analisi', 'magazzino', 'clienti', 'fatture', 'impostazioni'] as const;
export const NEW_TICKET_STATUS: TicketStatusValue = 'in corso';
export const TICKET_PAGE_SIZE = 10;
/** The longest reply a conversation entry holds (firestore.rules checks the same). */
export const TICKET_MESSAGE_MAX = 2000;

export const TICKET_MESSAGES = {
  created: 'Ticket inserito con successo!',
  createError: (detail: string) => `Errore durante la creazione del ticket: ${detail}`,
  notFound: 'Ticket non trovato',
  statusError: (detail: string) => `Errore nel salvataggio dello stato: ${detail}`,
  saveError: (detail: string) => `Errore durante il salvataggio delle modifiche: ${detail}`,
  missing: (fields: readonly string[]) => `Compila i seguenti campi prima di inviare: ${fields.join(', ')}`,
  replySent: 'Risposta inviata.',
  replyEmpty: 'Scrivi la risposta prima di inviarla.',
  replyTooLong: `La risposta è troppo lunga: al massimo ${String(TICKET_MESSAGE_MAX)} caratteri.`,
  replyError: (detail: string) => `Errore durante l'invio della risposta: ${detail}`,
} as const;

/** Capitalised labels of the lower-case stored values. */
export function ticketLabel(value: string): string {
  return value ? value.charAt(0).toUpperCase() + value.slice(1) : '—';
}

export interface NewTicketInput {
  shopId: string;
  categorie: string;
  type: string;
  description: string;
}

/** The names of the missing fields, in the form's order (document 3 §5 'New ticket'). */
export function missingTicketFields(input: NewTicketInput): string[] {
  const missing: string[] = [];
  if (!input.shopId.trim()) missing.push('Negozio');
  if (!input.categorie.trim()) missing.push('Macro categoria');
  if (!input.type.trim()) missing.push('Tipo');
  if (!input.description.trim()) missing.push('Descrizione');
  return missing;
}

export interface TicketState {
  status: string;
  type: string;
  taken: readonly string[];
  logCount: number;
}

export interface TicketEdit {
  status: string;
  type: string;
  /** A reply to the shop, written with the change (optional: a change of status or type alone is a save too). */
  message?: string;
}

export interface TicketLogDraft {
  userId: string;
  userLabel: string;
  timestamp: Date;
  changes: { status?: { from: string; to: string }; type?: { from: string; to: string } };
  message?: string;
}

export interface TicketUpdate {
  status?: string;
  type?: string;
  taken: string[];
  read: false;
  /** Support has answered or acted: the shop's last message is seen. */
  staffRead: true;
  lastModified?: Date;
  log: TicketLogDraft;
}

/** The reply's text as stored: trimmed; undefined when there is none. */
function replyText(message: string | undefined): string | undefined {
  const text = message?.trim();
  return text ? text : undefined;
}

/** Why a reply cannot be sent (empty, too long), or undefined when it can. */
export function replyProblem(message: string): string | undefined {
  const text = message.trim();
  if (!text) return TICKET_MESSAGES.replyEmpty;
  if (text.length > TICKET_MESSAGE_MAX) return TICKET_MESSAGES.replyTooLong;
  return undefined;
}

export interface ShopReply {
  log: { userId: string; userLabel: string; timestamp: Date; message: string };
  /** Support has a message to read. */
  staffRead: false;
}

/**
 * The shop's reply in the conversation: one log entry with its text, author and time, and support's unread mark.
 * The shop's own `read` is left as it is (its own words are no news to it); status, type and taken are support's.
 */
export function shopReply(message: string, actor: { uid: string; label: string }, now: Date): ShopReply | undefined {
  const text = replyText(message);
  if (!text || replyProblem(text)) return undefined;
  return { log: { userId: actor.uid, userLabel: actor.label, timestamp: now, message: text }, staffRead: false };
}

/**
 * The actions modal's save (document 3 §4): nothing changed and no reply -> undefined (the modal just closes).
 * Otherwise one log entry with the changes and the reply, the acting user added to taken (once), read reset to
 * false, and lastModified only when the status becomes completato or annullato.
 */
export function ticketUpdate(current: TicketState, edit: TicketEdit, actor: { uid: string; label: string }, now: Date): TicketUpdate | undefined {
  const changes: TicketLogDraft['changes'] = {};
  if (edit.status !== current.status) changes.status = { from: current.status, to: edit.status };
  if (edit.type !== current.type) changes.type = { from: current.type, to: edit.type };
  const message = replyText(edit.message);
  if (!changes.status && !changes.type && !message) return undefined;
  const update: TicketUpdate = {
    taken: current.taken.includes(actor.uid) ? [...current.taken] : [...current.taken, actor.uid],
    read: false,
    staffRead: true,
    log: { userId: actor.uid, userLabel: actor.label, timestamp: now, changes, ...(message ? { message } : {}) },
  };
  if (changes.status) update.status = edit.status;
  if (changes.type) update.type = edit.type;
  if (changes.status && (edit.status === 'completato' || edit.status === 'annullato')) update.lastModified = now;
  return update;
}

export interface TicketRow {
  id: string;
  userId: string;
  createdAt?: Date;
  categorie: string;
  type: string;
  description: string;
  status: string;
  read: boolean;
}

export interface TicketFilters {
  status: string;
  type: string;
  categorie: string;
  shopId: string;
  text: string;
}

export const EMPTY_TICKET_FILTERS: TicketFilters = { status: '', type: '', categorie: '', shopId: '', text: '' };

/** Filters of the list; the text matches the description, the shop label and the ticket id, case-insensitive. */
export function filterTickets<T extends TicketRow>(rows: readonly T[], filters: TicketFilters, shopLabel: (userId: string) => string): T[] {
  const text = filters.text.trim().toLowerCase();
  return rows.filter(
    (t) =>
      (!filters.status || t.status === filters.status) &&
      (!filters.type || t.type === filters.type) &&
      (!filters.categorie || t.categorie === filters.categorie) &&
      (!filters.shopId || t.userId === filters.shopId) &&
      (!text || t.description.toLowerCase().includes(text) || shopLabel(t.userId).toLowerCase().includes(text) || t.id.toLowerCase().includes(text)),
  );
}

/** Newest first; tickets without a date last. */
export function sortTicketsNewestFirst<T extends { createdAt?: Date }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => (b.createdAt?.getTime() ?? -Infinity) - (a.createdAt?.getTime() ?? -Infinity));
}

/** A ticket the bell counts: unread and not finished (document 1 §4). /my-tickets marks the same ones. */
export function isUnreadOpen(t: { read: boolean; status: string }): boolean {
  return !t.read && t.status !== 'completato' && t.status !== 'annullato';
}

/**
 * The line at the top of /my-tickets: the unread tickets in progress (as the bell counts them), and — the bell
 * leaves them out — the finished ones whose closing, or last reply, the shop has not read yet.
 */
export function myTicketsUnreadText(tickets: readonly { read: boolean; status: string }[]): string {
  const open = tickets.filter(isUnreadOpen).length;
  const closed = tickets.filter((t) => !t.read && !isUnreadOpen(t)).length;
  const parts: string[] = [];
  if (open > 0) parts.push(open === 1 ? 'Hai 1 ticket non letto in lavorazione.' : `Hai ${String(open)} ticket non letti in lavorazione.`);
  if (closed > 0) parts.push(closed === 1 ? '1 ticket chiuso ha un aggiornamento da leggere.' : `${String(closed)} ticket chiusi hanno un aggiornamento da leggere.`);
  return parts.length === 0 ? 'Nessun aggiornamento da leggere.' : parts.join(' ');
}

/** Text of a log entry's changes: "Stato: in corso → completato · Tipo: …". */
export function describeChanges(changes: TicketLogDraft['changes']): string[] {
  const parts: string[] = [];
  if (changes.status) parts.push(`Stato: ${changes.status.from || '—'} → ${changes.status.to}`);
  if (changes.type) parts.push(`Tipo: ${changes.type.from || '—'} → ${changes.type.to}`);
  return parts;
}
