/**
 * Invoices the provider accepted whose Firestore record is not confirmed yet, kept in this browser's localStorage
 * (key UNRECORDED_KEY, listed in the cookie policy) through the activity log's pending store: written before the
 * record, removed once it is confirmed. Opening /invoices retries what is left, so an accepted invoice always ends
 * up among the outgoing ones, and its draft is never offered for a second send meanwhile.
 */
import { createPendingStore, type StringStorage } from '@/domain/activity-log/pending-store';
import type { SentInvoice } from './send-contract';

export const UNRECORDED_KEY = 'invoices.unrecorded';

type Stored = Omit<SentInvoice, 'date'> & { date?: string; timestamp: Date };

function storage(): StringStorage {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // Storage blocked: the record is still retried three times by the send itself.
  }
  const memory = new Map<string, string>();
  return { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v) };
}

export function unrecordedStore(store: StringStorage = storage()) {
  const pending = createPendingStore<Stored>(store, UNRECORDED_KEY);
  return {
    remember(sent: SentInvoice): void {
      pending.add([{ id: sent.uuid, entry: { ...sent, date: sent.date?.toISOString(), timestamp: new Date() } }]);
    },
    forget(uuid: string): void {
      pending.remove([uuid]);
    },
    /** The shop's accepted invoices still to record, oldest first. */
    of(shopId: string): SentInvoice[] {
      return pending
        .load()
        .map((q) => q.entry)
        .filter((e) => e.shopId === shopId)
        .map(({ timestamp: _t, date, ...rest }) => ({ ...rest, ...(date ? { date: new Date(date) } : {}) }));
    },
  };
}

export type UnrecordedStore = ReturnType<typeof unrecordedStore>;

/**
 * Records what this browser left unrecorded for the shop. Returns the numbers recorded now and the sale ids that
 * are still waiting (their drafts must not be sent again).
 */
export async function recordLeftovers(
  shopId: string,
  store: UnrecordedStore,
  recordSent: (sent: SentInvoice) => Promise<void>,
  onRecorded: (sent: SentInvoice) => void,
): Promise<{ recorded: string[]; waiting: string[] }> {
  const recorded: string[] = [];
  const waiting: string[] = [];
  for (const sent of store.of(shopId)) {
    try {
      await recordSent(sent);
      store.forget(sent.uuid);
      onRecorded(sent);
      recorded.push(sent.number);
    } catch {
      waiting.push(sent.saleId);
    }
  }
  return { recorded, waiting };
}
