/**
 * 'Bozze' grouped by buyer (document 2 §2.2 'grouped by buyer name', §4.3 merge): a group is one customer — the one
 * the draft names by id, else by name (draftBuyer) — never a bucket of drafts that name nobody. What a group
 * offers follows from what it holds: 'Unisci Fatture' only over two or more ordinary invoices (TD01) of that one
 * customer; a credit note is shown in its customer's group but never merged, and counts against the total.
 */
import { abs, add, dec, neg, toFixed, ZERO, type Decimal } from '../money/decimal';
import { draftBuyer, draftRow, isCreditNoteDraft, type CustomerDirectory, type DraftLike } from './invoice-list';

export interface DraftGroup<T> {
  /** The buyer's identity (draftBuyer's key): React key and merge check. */
  key: string;
  buyer: string;
  /** Newest first. */
  drafts: T[];
  /** Σ invoices − Σ credit notes, exact to the cent. */
  total: number;
  invoiceCount: number;
  creditNoteCount: number;
  /** The drafts 'Unisci Fatture' would merge: empty unless there are at least two (mergeableDrafts). */
  mergeable: T[];
}

/** A deferred invoice (TD24) carries its delivery notes in its XML, which a merge would drop: it is never merged. */
function isPlainInvoice(draft: Pick<DraftLike, 'method' | 'type'>): boolean {
  if (isCreditNoteDraft(draft)) return false;
  const type = (draft.type ?? '').trim().toUpperCase();
  return type === '' || type === 'TD01';
}

const time = (d: Pick<DraftLike, 'createdAt' | 'date'>) => (d.createdAt ?? d.date)?.getTime() ?? 0;

/** A draft's amount with its sign for a group's total: a credit note gives money back (whatever sign it was stored with). */
export function signedDraftTotal(draft: DraftLike): Decimal {
  const amount = dec(draftRow(draft).total ?? 0);
  return isCreditNoteDraft(draft) ? neg(abs(amount)) : amount;
}

/** The drafts' amount together, credit notes subtracted, exact to the cent. */
export function draftsTotal(drafts: readonly DraftLike[]): number {
  return Number(toFixed(drafts.reduce((s, d) => add(s, signedDraftTotal(d)), ZERO), 2));
}

/**
 * Why these drafts cannot be merged, in Italian; null when they can: at least two, all ordinary invoices (no
 * credit note, no deferred invoice), all naming the same known customer.
 */
export function mergeRefusal(drafts: readonly DraftLike[], directory?: CustomerDirectory): string | null {
  if (drafts.length < 2) return 'Servono almeno due bozze da unire.';
  if (drafts.some(isCreditNoteDraft)) return 'Una nota di credito non si unisce alle fatture.';
  if (!drafts.every(isPlainInvoice)) return 'Una fattura differita (con DDT) non si unisce ad altre bozze.';
  const keys = new Set(drafts.map((d) => draftBuyer(d, directory).key));
  const [only] = [...keys];
  if (keys.size !== 1 || only === undefined || only.startsWith('none:')) return 'Si uniscono solo bozze dello stesso cliente.';
  return null;
}

/** The drafts of one group that 'Unisci Fatture' may merge (its ordinary invoices), or none when fewer than two. */
export function mergeableDrafts<T extends DraftLike>(drafts: readonly T[], directory?: CustomerDirectory): T[] {
  const plain = drafts.filter(isPlainInvoice);
  return mergeRefusal(plain, directory) === null ? plain : [];
}

/** Drafts grouped by the buyer they name, groups with the newest draft first. */
export function groupDrafts<T extends DraftLike>(drafts: readonly T[], directory?: CustomerDirectory): DraftGroup<T>[] {
  const groups = new Map<string, { buyer: string; drafts: T[] }>();
  for (const d of drafts) {
    const buyer = draftBuyer(d, directory);
    const group = groups.get(buyer.key);
    if (group) group.drafts.push(d);
    else groups.set(buyer.key, { buyer: buyer.name, drafts: [d] });
  }
  return [...groups.entries()]
    .map(([key, g]) => {
      const ordered = [...g.drafts].sort((a, b) => time(b) - time(a));
      const credit = ordered.filter(isCreditNoteDraft).length;
      return {
        key, buyer: g.buyer, drafts: ordered, total: draftsTotal(ordered),
        invoiceCount: ordered.length - credit, creditNoteCount: credit, mergeable: mergeableDrafts(ordered, directory),
      };
    })
    .sort((a, b) => Math.max(...b.drafts.map(time)) - Math.max(...a.drafts.map(time)));
}
