import { useState } from 'react';
import type { Shop } from '@/data/shop';
import type { LogRow } from '@/components/activity-log/activity-log-viewer';
import { changedPriceOperations, FLAG_MESSAGES, isFlaggableLog, readCsvOperations } from '@/domain/developer/changed-price';
import { logActivity } from '@/stores/activity-log';
import { flagChangedPrices } from '../api';
import type { Notify } from '@/components/ui/toast';

/**
 * changedPrice flagging across the current filters (document 3 §8: 'Nessuna operazione price_update con variazione
 * prezzo trovata nei filtri attuali.', 'Nessun prodotto corrispondente trovato da aggiornare.'): the changed
 * price_update operations of every csv_price_update / csv_import log the User Logs filters select (all pages),
 * looked up and flagged like a single log's.
 */
export function FlagFiltered({ shop, rows, notify }: { shop: Shop; rows: readonly LogRow[]; notify: Notify }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | undefined>();

  const flag = async () => {
    setMessage(undefined);
    const fail = (text: string) => setMessage({ kind: 'error', text });
    if (!shop.id) return fail(FLAG_MESSAGES.invalidShop);
    if (shop.userIdMissing || !shop.userId) return fail(FLAG_MESSAGES.noShop);
    const logs = rows.filter((r) => isFlaggableLog(r.action));
    const changed = logs.flatMap((r) => changedPriceOperations(readCsvOperations(r.details)));
    if (changed.length === 0) return fail(FLAG_MESSAGES.noChangedInFilters);
    setBusy(true);
    try {
      const n = await flagChangedPrices(shop.userId, changed);
      if (n === 0) return fail(FLAG_MESSAGES.noProducts);
      logActivity({ action: 'changed_price_flagged', module: 'product', subject: shop.id, details: { logIds: logs.map((l) => l.id), operations: changed.length, products: n } });
      setMessage({ kind: 'success', text: FLAG_MESSAGES.done(n) });
      notify(FLAG_MESSAGES.done(n), 'success');
    } catch (error) {
      console.error(error);
      fail(FLAG_MESSAGES.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="dev-actions">
      <button type="button" className="button" onClick={() => void flag()} disabled={busy}>
        {busy ? 'Aggiornamento…' : 'Segna prezzi variati (filtri attuali)'}
      </button>
      {message ? (
        <p role={message.kind === 'error' ? 'alert' : 'status'} className={message.kind === 'error' ? 'form-error' : 'dev-success'}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
