import { useId, useMemo, useState } from 'react';
import { LOG_ACTIONS, LOG_MODULES } from '@/domain/activity-log/actions';
import { mergeSegments } from '@/domain/activity-log/rules';
import { resolvePeriod } from '@/domain/dashboard/period';
import type { UserLog } from '@/data/user-log';
import { useLiveQuery } from '@/lib/firebase-hooks';
import { formatDateTime } from '@/lib/format';
import { userLogQuery } from '../api';
import { actionLabel, moduleLabel } from '../log-labels';
import { LogDetailModal } from './log-detail-modal';

export const LOG_PAGE_SIZE = 15;
export const NO_LOGS = 'Nessun log trovato per i filtri selezionati';

/** 'Log Attività': collapsible; live only while expanded; keyed to the selected shop (document 1 §2, §6). */
export function ActivityLogPanel({ logKey }: { logKey: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <section className="log-panel" aria-label="Log Attività">
      <button type="button" className="button button--ghost log-panel__toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        <h2>Log Attività</h2>
        <span aria-hidden="true">{open ? '▲' : '▼'}</span>
      </button>
      {open ? (
        <div id={panelId}>
          <LogList logKey={logKey} />
        </div>
      ) : null}
    </section>
  );
}

function LogList({ logKey }: { logKey: string }) {
  const [day, setDay] = useState('');
  const [action, setAction] = useState('');
  const [module, setModule] = useState('');
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<(UserLog & { segmentsFound?: number }) | undefined>();

  const period = useMemo(() => {
    if (!day) return undefined;
    const result = resolvePeriod({ mode: 'day', day }, new Date());
    return 'period' in result ? result.period : undefined;
  }, [day]);
  const q = useMemo(() => userLogQuery(logKey, period), [logKey, period]);
  const logs = useLiveQuery(q, `${logKey}|${period?.start.toISOString() ?? ''}`);

  const rows = useMemo(() => {
    if (logs.status !== 'ready') return [];
    return mergeSegments(logs.data).filter((l) => (!action || l.action === action) && (!module || l.module === module));
  }, [logs, action, module]);
  const pages = Math.max(1, Math.ceil(rows.length / LOG_PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = rows.slice(current * LOG_PAGE_SIZE, (current + 1) * LOG_PAGE_SIZE);

  const filterChanged = <T,>(set: (v: T) => void) => (value: T) => {
    set(value);
    setPage(0);
  };
  const clear = () => {
    setDay('');
    setAction('');
    setModule('');
    setPage(0);
  };

  return (
    <>
      <div className="filters">
        <label>
          Data
          <input type="date" value={day} onChange={(e) => filterChanged(setDay)(e.target.value)} />
        </label>
        <label>
          Azione
          <select value={action} onChange={(e) => filterChanged(setAction)(e.target.value)}>
            <option value="">Tutte</option>
            {LOG_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {actionLabel(a)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Modulo
          <select value={module} onChange={(e) => filterChanged(setModule)(e.target.value)}>
            <option value="">Tutti</option>
            {LOG_MODULES.map((m) => (
              <option key={m} value={m}>
                {moduleLabel(m)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button" onClick={clear}>
          Pulisci Filtri
        </button>
      </div>
      {logs.status === 'loading' ? <p className="muted">Caricamento log…</p> : null}
      {logs.status === 'error' ? (
        <p className="form-error" role="alert">
          {logs.error}
        </p>
      ) : null}
      {logs.status === 'ready' && rows.length === 0 ? <p className="log-panel__empty">{NO_LOGS}</p> : null}
      {shown.length > 0 ? (
        <table className="data-table" data-testid="log-table">
          <thead>
            <tr>
              <th scope="col">Data</th>
              <th scope="col">Azione</th>
              <th scope="col">Modulo</th>
              <th scope="col">Dipendente</th>
              <th scope="col">
                <span className="visually-hidden">Dettaglio</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((log) => (
              <tr key={log.id}>
                <td>{log.timestamp ? formatDateTime(log.timestamp) : '—'}</td>
                <td>{actionLabel(log.action)}</td>
                <td>{moduleLabel(log.module)}</td>
                <td>{log.employee?.employeeName ?? '—'}</td>
                <td>
                  <button type="button" className="button" onClick={() => setSelected(log)} aria-label={`Dettaglio: ${actionLabel(log.action)}`}>
                    Dettaglio
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {rows.length > LOG_PAGE_SIZE ? (
        <nav className="pager" aria-label="Pagine del log">
          <button type="button" className="button" disabled={current === 0} onClick={() => setPage(current - 1)}>
            Precedente
          </button>
          <span aria-live="polite">
            Pagina {current + 1} di {pages} ({rows.length} attività)
          </span>
          <button type="button" className="button" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
            Successiva
          </button>
        </nav>
      ) : null}
      <LogDetailModal entry={selected} onClose={() => setSelected(undefined)} />
    </>
  );
}
