import { useState } from 'react';
import type { Shop } from '@/data/shop';
import type { LogRow } from '@/components/activity-log/activity-log-viewer';
import { Modal } from '@/components/ui/modal';
import { changedPriceOperations, FLAG_MESSAGES, isFlaggableLog, isPriceChanged, readCsvOperations } from '@/domain/developer/changed-price';
import { formatDateTime } from '@/lib/format';
import { logActivity } from '@/stores/activity-log';
import { flagChangedPrices } from '../api';
import type { Notify } from '@/components/ui/toast';

/**
 * CSV log details (document 3 §2.6 'CSV log details' modal): the file names and every operation (action, code,
 * barcode, name, price before and after, changed or not), and the changedPrice flagging of §5 for this log.
 */
export function CsvLogModal({ shop, log, onClose, notify }: { shop: Shop; log: LogRow | undefined; onClose: () => void; notify: Notify }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | undefined>();
  const ops = log ? readCsvOperations(log.details) : [];
  const fileNames = log ? [log.details.fileNames, log.details.fileName].flat().filter((f): f is string => typeof f === 'string') : [];
  const close = () => {
    setMessage(undefined);
    onClose();
  };

  const flag = async () => {
    if (!log) return;
    setMessage(undefined);
    const fail = (text: string) => setMessage({ kind: 'error', text });
    if (!shop.id) return fail(FLAG_MESSAGES.invalidShop);
    if (shop.userIdMissing || !shop.userId) return fail(FLAG_MESSAGES.noShop);
    if (!isFlaggableLog(log.action)) return fail(FLAG_MESSAGES.invalidLog);
    if (ops.length === 0) return fail(FLAG_MESSAGES.noOperations);
    const changed = changedPriceOperations(ops);
    if (changed.length === 0) return fail(FLAG_MESSAGES.noChangedInLog);
    setBusy(true);
    try {
      const n = await flagChangedPrices(shop.userId, changed);
      if (n === 0) return fail(FLAG_MESSAGES.noProductsInLog);
      logActivity({ action: 'changed_price_flagged', module: 'product', subject: shop.id, details: { logId: log.id, operations: changed.length, products: n } });
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
    <Modal open={log !== undefined} title="Dettagli operazioni CSV" onClose={close} size="wide">
      {log ? (
        <div className="log-detail">
          <p className="muted">
            {log.timestamp ? formatDateTime(log.timestamp) : '—'} · {log.action}
            {fileNames.length > 0 ? ` · ${fileNames.join(', ')}` : ''}
            {typeof log.details.operationsTotal === 'number' ? ` · ${String(log.details.operationsTotal)} operazioni` : ''}
            {log.details.operationsCapped === true ? ' (elenco troncato)' : ''}
          </p>
          {ops.length === 0 ? (
            <p className="muted">{FLAG_MESSAGES.noOperations}</p>
          ) : (
            <div className="table-scroll">
              <table className="data-table" data-testid="csv-operations">
                <thead>
                  <tr>
                    <th scope="col">Azione</th>
                    <th scope="col">Codice</th>
                    <th scope="col">Barcode</th>
                    <th scope="col">Nome</th>
                    <th scope="col">Prezzo prima</th>
                    <th scope="col">Prezzo dopo</th>
                    <th scope="col">Variato</th>
                  </tr>
                </thead>
                <tbody>
                  {ops.map((op, i) => (
                    <tr key={`${op.code}|${op.barcode}|${String(i)}`}>
                      <td>{op.action}</td>
                      <td>{op.code || '—'}</td>
                      <td>{op.barcode || '—'}</td>
                      <td>{op.name || '—'}</td>
                      <td>{op.before || '—'}</td>
                      <td>{op.after || '—'}</td>
                      <td>{op.action === 'price_update' && isPriceChanged(op.before, op.after) ? 'Sì' : 'No'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div className="dev-actions">
            <button type="button" className="button button--primary" onClick={() => void flag()} disabled={busy}>
              {busy ? 'Aggiornamento…' : 'Segna prezzi variati'}
            </button>
          </div>
          {message ? (
            <p role={message.kind === 'error' ? 'alert' : 'status'} className={message.kind === 'error' ? 'form-error' : 'dev-success'}>
              {message.text}
            </p>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
