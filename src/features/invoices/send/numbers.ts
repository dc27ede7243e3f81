/**
 * Which number each draft of a batch is sent with (document 2 §5 'Invoice generation', §4.3, §4.5). Pure; run
 * inside the Firestore transaction that reads the shop's counters, so two tabs never hand out the same number:
 * - a draft whose own formatted number is not used by another sale keeps it (deferred invoices, credit notes,
 *   reissued '-R{n}' numbers, numbers fixed by an earlier failed send);
 * - a purely numeric number is formatted ({5 chars of the user id}-{year}-{n}) and moved up until free;
 * - a typed number another invoice has ('FT/007') is incremented until free ('FT/008'), without the counter;
 * - no number: the shop's counter gives the first free number. settings.invoiceNumber is the next
 *   progressive (it becomes the number used + 1); settings.creditNoteNumber is the last credit note taken (starts at
 *   0, the first is NC-1, as 'Crea Nota di Credito' takes it) and becomes the number used.
 */
import { baseInvoiceNumber, firstFreeNumber, incrementedUntilFree, formatCreditNoteNumber, formatInvoiceNumber, isPurelyNumeric, parseProgressive, resolveInvoiceNumber } from '@/domain/fatturapa/numbering';

export interface NumberingDraft {
  id: string;
  invoiceNumber?: string;
  creditNote: boolean;
  /** The year of the document date. */
  year: number;
}

/**
 * The shop's two counters, with the meaning their stored names hide (kept for the POS app, DESIGN.md):
 * settings.invoiceNumber is the NEXT invoice progressive, settings.creditNoteNumber the LAST credit note taken.
 */
export interface Counters {
  nextInvoice: number;
  lastCreditNote: number;
}

export interface NumberPlan {
  numbers: Map<string, string>;
  counters: Counters;
  /** Which counters moved (only those are written). */
  changed: { nextInvoice: boolean; lastCreditNote: boolean };
}

const exactKey = (n: string) => n.trim().toUpperCase();
const baseKey = (n: string) => baseInvoiceNumber(n).toUpperCase();

/**
 * `used`: id → number, for every numbered sale of the shop (drafts and sent invoices) and every number in the
 * payloads of its issued Invoice documents (keyed 'invoice:{uuid}'), as document 2 §7 asks.
 */
export function planNumbers(shopId: string, drafts: readonly NumberingDraft[], counters: Counters, used: ReadonlyMap<string, string>): NumberPlan {
  const batchIds = new Set(drafts.map((d) => d.id));
  const others = [...used].filter(([id]) => !batchIds.has(id)).map(([, n]) => n);
  const taken = new Set(others.map(exactKey));
  const takenBase: string[] = [...others];
  const next = { ...counters };
  const changed = { nextInvoice: false, lastCreditNote: false };
  const take = (number: string) => {
    taken.add(exactKey(number));
    takenBase.push(number);
  };
  const out = new Map<string, string>();

  for (const d of drafts) {
    const raw = (d.invoiceNumber ?? '').trim();
    let number: string | undefined;
    const isTaken = (n: string) => taken.has(exactKey(n)) || takenBase.some((t) => baseKey(t) === baseKey(n));
    if (raw !== '' && !isPurelyNumeric(raw)) number = taken.has(exactKey(raw)) ? incrementedUntilFree(raw, isTaken) : raw;
    else if (raw !== '' && isPurelyNumeric(raw)) {
      const formatted = resolveInvoiceNumber(raw, shopId, d.year);
      number = taken.has(exactKey(formatted)) || takenBase.some((t) => baseKey(t) === baseKey(formatted))
        ? firstFreeNumber(parseProgressive(raw) ?? 0, takenBase, (n) => formatInvoiceNumber(shopId, d.year, n)).number
        : formatted;
    } else if (d.creditNote) {
      const free = firstFreeNumber(next.lastCreditNote + 1, takenBase, (n) => formatCreditNoteNumber(shopId, d.year, n));
      number = free.number;
      next.lastCreditNote = free.progressive;
      changed.lastCreditNote = true;
    } else {
      const free = firstFreeNumber(next.nextInvoice, takenBase, (n) => formatInvoiceNumber(shopId, d.year, n));
      number = free.number;
      next.nextInvoice = free.progressive + 1;
      changed.nextInvoice = true;
    }
    take(number);
    out.set(d.id, number);
  }
  return { numbers: out, counters: next, changed };
}
