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

export const TICKET_MESSAGES = {
  created: 'Ticket inserito con successo!',
  createError: (detail: string) => `Errore durante la creazione del ticket: ${detail}`,
  notFound: 'Ticket non trovato',
  statusError: (detail: string) => `Errore nel salvataggio dello stato: ${detail}`,
  saveError: (detail: string) => `Errore durante il salvataggio delle modifiche: ${detail}`,
  missing: (fields: readonly string[]) => `Compila i seguenti campi prima di inviare: ${fields.join(', ')}`,
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
}

export interface TicketLogDraft {
  userId: string;
  userLabel: string;
  timestamp: Date;
  changes: { status?: { from: string; to: string }; type?: { from: string; to: string } };
}

export interface TicketUpdate {
  status?: string;
  type?: string;
  taken: string[];
  read: false;
  lastModified?: Date;
  log: TicketLogDraft;
}

/**
 * The actions modal's save (document 3 §4): nothing changed -> undefined (the modal just closes). Otherwise one
 * log entry with the changes, the acting user added to taken (once), read reset to false, and lastModified only
 * when the status becomes completato or annullato.
 */
export function ticketUpdate(current: TicketState, edit: TicketEdit, actor: { uid: string; label: string }, now: Date): TicketUpdate | undefined {
  const changes: TicketLogDraft['changes'] = {};
  if (edit.status !== current.status) changes.status = { from: current.status, to: edit.status };
  if (edit.type !== current.type) changes.type = { from: current.type, to: edit.type };
  if (!changes.status && !changes.type) return undefined;
  const update: TicketUpdate = {
    taken: current.taken.includes(actor.uid) ? [...current.taken] : [...current.taken, actor.uid],
    read: false,
    log: { userId: actor.uid, userLabel: actor.label, timestamp: now, changes },
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

/** Text of a log entry's changes: "Stato: in corso → completato · Tipo: …". */
export function describeChanges(changes: TicketLogDraft['changes']): string[] {
  const parts: string[] = [];
  if (changes.status) parts.push(`Stato: ${changes.status.from || '—'} → ${changes.status.to}`);
  if (changes.type) parts.push(`Tipo: ${changes.type.from || '—'} → ${changes.type.to}`);
  return parts;
}
