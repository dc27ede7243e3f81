import { useMemo, useState, type ReactNode } from 'react';
import { mergeSegments } from '@/domain/activity-log/rules';
import { isRoutineAction } from '@/domain/activity-log/actions';
import { formatCount } from '@/domain/numbers/format-count';
import { dayInput, resolvePeriod } from '@/domain/dashboard/period';
import { userLogQuery, type UserLog } from '@/data/user-log';
import { useLiveQuery } from '@/lib/firebase-hooks';
import { formatDateTime } from '@/lib/format';
import { actionLabel, moduleLabel } from './log-labels';
import { LogDetailModal } from './log-detail-modal';
import { useActorLabels } from './use-actor-labels';
import './activity-log.css';

export const NO_LOGS = 'Nessun log trovato per i filtri selezionati';

export type LogRow = UserLog & { segmentsFound?: number };

export interface ActivityLogViewerProps {
  /** The log key: a shop's id, or a technician's / admin's own uid. */
  logKey: string;
  pageSize: number;
  /**
   * 'day': one optional day (the owner's dashboard, document 1 §2). 'range': start and end dates, the end
   * inclusive to the end of the day, both defaulting to today (document 3 §5 'User-log date filter').
   */
  dateMode: 'day' | 'range';
  actions: readonly string[];
  modules: readonly string[];
  clearLabel: string;
  /** Extra buttons of a row (the developer dashboard's CSV details). */
  rowActions?: (log: LogRow) => ReactNode;
  /** Actions on every row the current filters select, all pages (the developer's changedPrice flagging). */
  filteredActions?: (rows: readonly LogRow[]) => ReactNode;
  /** The screen's own words for a failed load ('Errore nel caricamento dei user logs'); the reason follows a colon. */
  loadError?: string;
}

/**
 * The one activity-log viewer (document 1 §2 'Log Attività', document 3 §2.6 'User Logs'): date filter, action
 * and module filters applied on the page, pagination, a detail modal (before/after diff for shop_update).
 */
export function ActivityLogViewer({ logKey, pageSize, dateMode, actions, modules, clearLabel, rowActions, filteredActions, loadError }: ActivityLogViewerProps) {
  const today = dayInput(new Date());
  const initialStart = dateMode === 'range' ? today : '';
  const [start, setStart] = useState(initialStart);
  const [end, setEnd] = useState(initialStart);
  const [action, setAction] = useState('');
  const [module, setModule] = useState('');
  const [showRoutine, setShowRoutine] = useState(false);
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<LogRow | undefined>();

  const resolved = useMemo(() => {
    if (dateMode === 'day') {
      if (!start) return { period: undefined };
      const result = resolvePeriod({ mode: 'day', day: start }, new Date());
      return 'period' in result ? { period: result.period } : { period: undefined };
    }
    // An empty field reads as today (the default).
    const result = resolvePeriod({ mode: 'range', start: start || today, end: end || today }, new Date());
    return 'period' in result ? { period: result.period } : { period: undefined, error: result.error };
  }, [dateMode, start, end, today]);
  const period = resolved.period;
  const rangeError = 'error' in resolved ? resolved.error : undefined;
  const q = useMemo(() => (rangeError ? null : userLogQuery(logKey, period)), [logKey, period, rangeError]);
  const logs = useLiveQuery(q, `${logKey}|${period?.start.toISOString() ?? ''}|${period?.end.toISOString() ?? ''}`);

  const rows = useMemo<LogRow[]>(() => {
    if (logs.status !== 'ready') return [];
    // An action chosen by name is shown even when it is a routine one.
    return mergeSegments(logs.data).filter((l) => (!action || l.action === action) && (!module || l.module === module) && (showRoutine || action !== '' || !isRoutineAction(l.action)));
  }, [logs, action, module, showRoutine]);
  const routineHidden = useMemo(
    () => (logs.status !== 'ready' || showRoutine || action !== '' ? 0 : mergeSegments(logs.data).filter((l) => isRoutineAction(l.action) && (!module || l.module === module)).length),
    [logs, showRoutine, action, module],
  );
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(page, pages - 1);
  const shown = rows.slice(current * pageSize, (current + 1) * pageSize);
  const writer = useActorLabels(logKey, shown.map((l) => l.actorId));

  const filterChanged = <T,>(set: (v: T) => void) => (value: T) => {
    set(value);
    setPage(0);
  };
  const clear = () => {
    setStart(initialStart);
    setEnd(initialStart);
    setAction('');
    setModule('');
    setShowRoutine(false);
    setPage(0);
  };

  return (
    <>
      <div className="filters">
        {dateMode === 'day' ? (
          <label>
            Data
            <input type="date" value={start} onChange={(e) => filterChanged(setStart)(e.target.value)} />
          </label>
        ) : (
          <>
            <label>
              Dal
              <input type="date" value={start} onChange={(e) => filterChanged(setStart)(e.target.value)} />
            </label>
            <label>
              Al
              <input type="date" value={end} onChange={(e) => filterChanged(setEnd)(e.target.value)} />
            </label>
          </>
        )}
        <label>
          Azione
          <select value={action} onChange={(e) => filterChanged(setAction)(e.target.value)}>
            <option value="">Tutte</option>
            {actions.map((a) => (
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
            {modules.map((m) => (
              <option key={m} value={m}>
                {moduleLabel(m)}
              </option>
            ))}
          </select>
        </label>
        <label className="checkbox filters__check">
          <input type="checkbox" checked={showRoutine} onChange={(e) => filterChanged(setShowRoutine)(e.target.checked)} />
          Mostra accessi e consensi cookie
        </label>
        <button type="button" className="button" onClick={clear}>
          {clearLabel}
        </button>
      </div>
      {routineHidden > 0 ? (
        <p className="muted" data-testid="log-routine-hidden">
          {routineHidden === 1 ? '1 accesso o consenso cookie nascosto.' : `${formatCount(routineHidden)} accessi e consensi cookie nascosti.`}
        </p>
      ) : null}
      {rangeError ? (
        <p className="form-error" role="alert">
          {rangeError}
        </p>
      ) : null}
      {logs.status === 'loading' && !rangeError ? <p className="muted">Caricamento log…</p> : null}
      {logs.status === 'error' ? (
        <p className="form-error" role="alert">
          {loadError ? `${loadError}: ${logs.error}` : logs.error}
        </p>
      ) : null}
      {logs.status === 'ready' && rows.length === 0 ? <p className="log-panel__empty">{NO_LOGS}</p> : null}
      {logs.status === 'ready' && filteredActions ? filteredActions(rows) : null}
      {shown.length > 0 ? (
        <table className="data-table" data-testid="log-table">
          <thead>
            <tr>
              <th scope="col">Data</th>
              <th scope="col">Azione</th>
              <th scope="col">Modulo</th>
              <th scope="col">Dipendente</th>
              <th scope="col">Scritto da</th>
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
                <td>{writer(log.actorId)}</td>
                <td className="log-row__actions">
                  <button type="button" className="button" onClick={() => setSelected(log)} aria-label={`Dettaglio: ${actionLabel(log.action)}`}>
                    Dettaglio
                  </button>
                  {rowActions?.(log)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {rows.length > pageSize ? (
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
      <LogDetailModal entry={selected} writer={selected ? writer(selected.actorId) : undefined} onClose={() => setSelected(undefined)} />
    </>
  );
}
