import { useMemo } from 'react';
import type { Shop } from '@/data/shop';
import { apiLogTone, noUserIdMessage } from '@/domain/developer/shop-list';
import { useLiveQuery } from '@/lib/firebase-hooks';
import { formatDateTime } from '@/lib/format';
import { apiCallLogQuery } from '../api';

/** API Logs (document 3 §2.6): time, function, method, path, status, success or failed, message; styled by status. */
export function ApiLogsPanel({ shop }: { shop: Shop }) {
  const q = useMemo(() => (shop.userIdMissing ? null : apiCallLogQuery(shop.userId)), [shop.userId, shop.userIdMissing]);
  const logs = useLiveQuery(q, `api-logs|${shop.userId}`);
  if (shop.userIdMissing) {
    return (
      <p className="form-error" role="alert">
        {noUserIdMessage(shop.name || shop.id)}
      </p>
    );
  }
  if (logs.status === 'loading') return <p className="muted">Caricamento logs API…</p>;
  if (logs.status === 'error') {
    return (
      <p className="form-error" role="alert">
        Errore nel caricamento dei logs API: {logs.error}
      </p>
    );
  }
  if (logs.data.length === 0) return <p className="muted">Nessun log API per questo negozio.</p>;
  return (
    <ul className="api-log" data-testid="api-logs">
      {logs.data.map((log) => {
        const tone = apiLogTone(log.status, log.success);
        return (
          <li key={log.id} className={`api-log__entry api-log__entry--${tone}`} data-tone={tone}>
            <div className="api-log__meta">
              <span>{log.timestamp ? formatDateTime(log.timestamp) : '—'}</span>
              <strong>{log.functionName || '—'}</strong>
              <span>{log.method ?? '—'}</span>
              <code>{log.path ?? '—'}</code>
              <span>Stato {log.status ?? '—'}</span>
              <span>{log.success ? 'success' : 'failed'}</span>
            </div>
            {log.message ? <p className="api-log__message">{log.message}</p> : null}
          </li>
        );
      })}
    </ul>
  );
}
