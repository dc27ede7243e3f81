/**
 * Ticket JSON import (document 3 §2.6, §5, §8, §9): reading the file, the defaults, the preview, and the
 * documents written. The fixed owner and `taken` list come from configuration (never from ids in the code).
 */
export const TICKET_IMPORT_MESSAGES = {
  readError: 'Errore nella lettura del file.',
  badFormat: 'Formato non valido: atteso array di ticket o chiave "tickets" con un array.',
  noneValid: 'Nessun ticket valido trovato nel file.',
  noneAfterValidation: 'Il file non contiene ticket validi dopo la validazione.',
  empty: 'Nessun ticket da importare.',
  failed: "Errore durante l'importazione in Firestore.",
  done: (n: number) => `Importazione completata: inseriti ${String(n)} ticket nella collezione "Ticket".`,
} as const;

export const TICKET_PREVIEW_SIZE = 50;
export const TICKET_IMPORT_BATCH = 450;

export interface FileTicket {
  createdAt: string;
  userId: string;
  description: string;
  categorie: string;
  status: string;
  type: string;
  taken: string[];
  read: boolean;
}

export interface TicketImportConfig {
  /** The owner every imported ticket gets; empty = keep the file's userId. */
  ownerId: string;
  /** The taken list every imported ticket gets; empty = keep the file's list. */
  taken: readonly string[];
}

export interface TicketDocument {
  id: string;
  data: { createdAt: Date; userId: string; categorie: string; type: string; description: string; read: false; status: 'completato'; taken: string[] };
}

const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** Reads the file's text: an array, or an object with a 'tickets' array; keeps tickets with createdAt, description, userId. */
export function parseTicketFile(text: string): { ok: true; tickets: FileTicket[] } | { ok: false; error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return { ok: false, error: TICKET_IMPORT_MESSAGES.readError };
  }
  const list = Array.isArray(parsed)
    ? (parsed as unknown[])
    : typeof parsed === 'object' && parsed !== null && Array.isArray((parsed as { tickets?: unknown }).tickets)
      ? ((parsed as { tickets: unknown[] }).tickets)
      : undefined;
  if (!list) return { ok: false, error: TICKET_IMPORT_MESSAGES.badFormat };
  const tickets: FileTicket[] = [];
  for (const item of list) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) continue;
    const t = item as Record<string, unknown>;
    if (!nonEmpty(t.createdAt) || !nonEmpty(t.description) || !nonEmpty(t.userId)) continue;
    const category = [t.categorie, t.category, t.categoria].find(nonEmpty) ?? 'Altro';
    tickets.push({
      createdAt: t.createdAt.trim(),
      userId: t.userId.trim(),
      description: t.description,
      categorie: category.trim().toLowerCase(),
      status: nonEmpty(t.status) ? t.status.trim() : 'completato',
      type: nonEmpty(t.type) ? t.type.trim() : 'assistenza base',
      taken: Array.isArray(t.taken) ? t.taken.filter(nonEmpty) : [],
      read: typeof t.read === 'boolean' ? t.read : false,
    });
  }
  if (tickets.length === 0) return { ok: false, error: TICKET_IMPORT_MESSAGES.noneValid };
  return { ok: true, tickets };
}

/** The preview (document 3 §2.6): the first 50 and how many others. */
export function ticketPreview<T>(tickets: readonly T[]): { shown: T[]; others: number } {
  return { shown: tickets.slice(0, TICKET_PREVIEW_SIZE), others: Math.max(0, tickets.length - TICKET_PREVIEW_SIZE) };
}

/** A stable id, so importing the same file twice writes the same documents (no duplicates). */
function stableId(t: FileTicket): string {
  const text = `${t.createdAt}|${t.userId}|${t.description}`;
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) >>> 0;
  }
  return `import-${h1.toString(16).padStart(8, '0')}${h2.toString(16).padStart(8, '0')}`;
}

/**
 * The documents to write: tickets without a valid date or a non-empty description are dropped; each gets status
 * completato, read false, and the configured owner and taken list.
 */
export function ticketDocuments(tickets: readonly FileTicket[], config: TicketImportConfig): { ok: true; docs: TicketDocument[] } | { ok: false; error: string } {
  if (tickets.length === 0) return { ok: false, error: TICKET_IMPORT_MESSAGES.empty };
  const docs: TicketDocument[] = [];
  for (const t of tickets) {
    const createdAt = new Date(t.createdAt);
    if (Number.isNaN(createdAt.getTime()) || t.description.trim() === '') continue;
    docs.push({
      id: stableId(t),
      data: {
        createdAt,
        userId: config.ownerId || t.userId,
        categorie: t.categorie,
        type: t.type,
        description: t.description.trim(),
        read: false,
        status: 'completato',
        taken: config.taken.length > 0 ? [...config.taken] : t.taken,
      },
    });
  }
  if (docs.length === 0) return { ok: false, error: TICKET_IMPORT_MESSAGES.noneAfterValidation };
  return { ok: true, docs };
}
